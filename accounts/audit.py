"""The organizers' audit log: one call records who did what, for which league, and when."""

from __future__ import annotations

from typing import Any

from accounts.models import AuditEntry


def record_audit(
    actor: Any, league_id: int | None, action: str, summary: str, **details: Any
) -> AuditEntry:
    """Store one audit entry (call inside the action's transaction so both commit together)."""
    user = actor if getattr(actor, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        league_id=league_id, actor=user, action=action, summary=summary[:300], details=details
    )
