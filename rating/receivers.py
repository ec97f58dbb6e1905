"""Signal receivers: a confirmed game asks for a rating update after commit."""

from __future__ import annotations

from typing import Any

from league.signals import game_confirmed


def _on_game_confirmed(sender: Any, game_id: int, **kwargs: Any) -> None:
    from rating.tasks import request_ratings

    request_ratings(game_id)


def connect() -> None:
    """Connect the receivers (called once from the app config)."""
    game_confirmed.connect(_on_game_confirmed, dispatch_uid="rating.game_confirmed")
