"""The organizers' audit log: one call records who did what, for which league, and when;
one query says which entries a user may read."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from core.acting import acting_user
from core.actor import Actor
from core.models import AuditEntry


def record_audit(
    actor: Actor, league_id: int | None, action: str, summary: str, **details: Any
) -> AuditEntry:
    """Store one audit entry (call inside the action's transaction so both commit together)."""
    return AuditEntry.objects.create(
        league_id=league_id,
        actor=acting_user(actor),
        action=action,
        summary=summary[:300],
        details=details,
    )


def audit_entries_for(user: Any) -> QuerySet[AuditEntry]:
    """The entries `user` may read: those of the leagues he organizes and his own entries that
    belong to no league; a superuser reads every entry."""
    entries = AuditEntry.objects.all()
    if getattr(user, "is_superuser", False):
        return entries
    return entries.filter(Q(league__organizers=user) | Q(league__isnull=True, actor=user))
