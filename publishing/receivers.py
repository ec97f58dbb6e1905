"""Receivers: the domain's announcement of a season's change asks for a publish after commit."""

from __future__ import annotations

from typing import Any

from league.signals import Change, season_changed
from publishing.beat import sync_schedules
from publishing.tasks import request_publish


def _on_season_changed(
    sender: Any, season_id: int | None = None, change: Change = Change.SHOWN, **kwargs: Any
) -> None:
    # No season: the pages across seasons only (a rating list, a player's history). A
    # published snapshot is announced by publishing itself: nothing more to publish.
    if season_id is None or change == Change.PUBLISHED:
        return
    # A renamed player: names are not in the inputs fingerprint, so only a forced publish
    # (and not the sweep) notices.
    request_publish(season_id, force=change == Change.NAMES)


def connect() -> None:
    """Connect the receivers (called once from the app config)."""
    season_changed.connect(_on_season_changed, dispatch_uid="publishing.season_changed")


def sync_beat_after_migrate(sender: Any, **kwargs: Any) -> None:
    """Register the sweeps and season schedules with beat once the tables exist."""
    sync_schedules()
