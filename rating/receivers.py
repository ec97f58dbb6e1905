"""Signal receivers: a confirmed game asks for a rating update after commit."""

from __future__ import annotations

from typing import Any

from league.signals import Change, game_confirmed, season_results_changed
from rating.tasks import request_ratings


def _on_game_confirmed(sender: Any, game_id: int, **kwargs: Any) -> None:
    request_ratings(game_id)


def _on_season_results_changed(
    sender: Any, season_id: int, change: Change = Change.RESULTS, **kwargs: Any
) -> None:
    # An import or an organizer's edit brings rated games that no confirmation announced.
    # The rating job itself announces the rated seasons it changed: no need to answer it.
    if change != Change.RATING:
        request_ratings()


def connect() -> None:
    """Connect the receivers (called once from the app config)."""
    game_confirmed.connect(_on_game_confirmed, dispatch_uid="rating.game_confirmed")
    season_results_changed.connect(
        _on_season_results_changed, dispatch_uid="rating.season_results_changed"
    )
