"""Admin for the outbox: each e-mail's row, its state, tries and last error (read-only: the
outbox writes them, and a row kept is what stops a second sending)."""

from __future__ import annotations

from django.contrib import admin

from core.read_only_admin import ReadOnlyAdmin
from mail.models import Outbound


@admin.register(Outbound)
class OutboundAdmin(ReadOnlyAdmin[Outbound]):
    deletable = False
    list_display = ("created_at", "kind", "address", "language", "status", "attempts", "sent_at")
    list_filter = ("status", "kind", "language")
    search_fields = ("address", "key", "subject")
    date_hierarchy = "created_at"
    exclude = ("html",)
