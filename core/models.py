"""The organizers' audit log entry: one organizer action, written by `core.audit.record_audit`."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    """One organizer action (registration, draw, swap, result edit, claim decision)."""

    league = models.ForeignKey(
        "league.League",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="audit_entries",
        verbose_name=_("league"),
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="audit_entries",
        verbose_name=_("by"),
    )
    action = models.CharField(_("action"), max_length=40)
    summary = models.CharField(_("summary"), max_length=300)
    details = models.JSONField(_("details"), default=dict, blank=True)
    created_at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")
        # Stored as the accounts app's model, as before it moved down to core: the same table,
        # migrations, content type, permissions and admin address; no data moves.
        app_label = "accounts"

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action}: {self.summary}"
