"""Signal receivers: a confirmed game asks for a rating update after commit."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import pre_delete

from games.models import Game
from league.signals import Change, game_confirmed, season_results_changed
from rating.actions import forget_history_from
from rating.tasks import request_ratings, send_ratings


def _on_game_confirmed(sender: Any, game_id: int, **kwargs: Any) -> None:
    request_ratings(game_id)


def _on_season_results_changed(
    sender: Any, season_id: int, change: Change = Change.RESULTS, **kwargs: Any
) -> None:
    # An import or an organizer's edit brings rated games that no confirmation announced.
    # The rating job itself announces the rated seasons it changed: no need to answer it.
    if change != Change.RATING:
        request_ratings()


def _on_game_deleted(sender: Any, instance: Game, **kwargs: Any) -> None:
    # Later games were rated from ratings that included this one: drop their history too,
    # in the deleting transaction, so the next update replays them (they are unrated now).
    forget_history_from(instance.date, instance.pk)
    transaction.on_commit(lambda: _request())


def _request() -> None:
    send_ratings()


def connect() -> None:
    """Connect the receivers (called once from the app config)."""
    game_confirmed.connect(_on_game_confirmed, dispatch_uid="rating.game_confirmed")
    season_results_changed.connect(
        _on_season_results_changed, dispatch_uid="rating.season_results_changed"
    )
    pre_delete.connect(_on_game_deleted, sender=Game, dispatch_uid="rating.game_deleted")
