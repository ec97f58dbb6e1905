"""Signal receivers: changed results, rules or rounds ask for a publish after commit."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save

from games.models import GameResult
from league.models import Player, Registration, Round, Season, Seat
from league.signals import season_results_changed
from publishing.beat import sync_schedules
from publishing.tasks import request_publish


def _on_season_results_changed(sender: Any, season_id: int | None, **kwargs: Any) -> None:
    # A rated game from play or the API has no season until the rating job assigns it.
    if season_id is None:
        return
    request_publish(season_id)


def _on_season_saved(sender: Any, instance: Season, raw: bool = False, **kwargs: Any) -> None:
    # Rules, dates or status edited (admin, organizer pages): the standings may change.
    if not raw:
        _on_season_results_changed(sender, instance.pk)


def _on_round_saved(sender: Any, instance: Round, raw: bool = False, **kwargs: Any) -> None:
    # Registration closed, draw made or published, results published.
    if not raw:
        _on_season_results_changed(sender, instance.season_id)


def _on_player_saved(sender: Any, instance: Player, raw: bool = False, **kwargs: Any) -> None:
    # A renamed player: every season that names him republishes (names are not in the
    # inputs fingerprint, so the sweep would not notice).
    if raw or kwargs.get("created"):
        return
    for season_id in seasons_naming(instance.pk):
        request_publish(season_id, force=True)


def seasons_naming(player_id: int) -> set[int]:
    """The seasons whose snapshot names the player (results, registrations or seats)."""
    return (
        set(
            GameResult.objects.filter(player_id=player_id, game__season__isnull=False)
            .values_list("game__season_id", flat=True)
            .distinct()
        )
        | set(
            Registration.objects.filter(player_id=player_id)
            .values_list("round__season_id", flat=True)
            .distinct()
        )
        | set(
            Seat.objects.filter(player_id=player_id)
            .values_list("round__season_id", flat=True)
            .distinct()
        )
    )


def connect() -> None:
    """Connect the receivers (called once from the app config)."""
    season_results_changed.connect(
        _on_season_results_changed, dispatch_uid="publishing.season_results_changed"
    )
    post_save.connect(_on_season_saved, sender=Season, dispatch_uid="publishing.season_saved")
    post_save.connect(_on_round_saved, sender=Round, dispatch_uid="publishing.round_saved")
    post_save.connect(_on_player_saved, sender=Player, dispatch_uid="publishing.player_saved")


def sync_beat_after_migrate(sender: Any, **kwargs: Any) -> None:
    """Register the sweeps and season schedules with beat once the tables exist."""
    sync_schedules()
