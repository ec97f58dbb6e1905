"""Admin for player claims (read-only: decided on the claims page) and the (read-only)
organizers' audit log, scoped as its page."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.models import PlayerClaim
from core.audit import audit_entries_for
from core.models import AuditEntry
from core.read_only_admin import ReadOnlyAdmin


@admin.register(PlayerClaim)
class PlayerClaimAdmin(ReadOnlyAdmin[PlayerClaim]):
    """Claims are read here and decided on the claims page (accounts.actions.decide_claim),
    which links the player to the account and writes the audit entry: a status changed here
    linked nobody and left the player unclaimable. A stray claim may be deleted."""

    list_display = ("user", "player", "status", "created_at", "decided_by", "decided_at")
    list_filter = ("status",)
    search_fields = ("user__username", "player__name")
    raw_id_fields = ("user", "player", "decided_by")


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin[AuditEntry]):
    list_display = ("created_at", "actor", "league", "action", "summary")
    list_filter = ("action", "league")
    search_fields = ("summary", "actor__username")
    date_hierarchy = "created_at"

    def get_queryset(self, request: HttpRequest) -> QuerySet[AuditEntry]:
        return audit_entries_for(request.user)

    deletable = False
