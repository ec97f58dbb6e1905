"""Receivers: the domain's announcement of a season's change asks, after commit, for the
season's notices sweep (a draw or results published, a result entered, ...)."""

from __future__ import annotations

from typing import Any

from league.signals import Change, season_changed
from notices.tasks import request_sweep


def _on_season_changed(
    sender: Any, season_id: int | None = None, change: Change = Change.SHOWN, **kwargs: Any
) -> None:
    # The rating job's own changes tell no player anything; a published snapshot may (a
    # round's results letters wait for the snapshot that shows them).
    if season_id is None or change == Change.RATING:
        return
    request_sweep(season_id)


def connect() -> None:
    """Connect the receivers (called once from the app config)."""
    season_changed.connect(_on_season_changed, dispatch_uid="notices.season_changed")
