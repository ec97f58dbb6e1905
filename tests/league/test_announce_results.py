"""One way to announce changed results: `league.signals.announce_results`, after commit."""

from __future__ import annotations

from typing import Any

import pytest

import api.actions
import desk.admin
import games.actions
import games.admin
import games.season_import
from league.signals import announce_results, game_confirmed, season_results_changed


def _listen() -> tuple[list[int], list[int], Any, Any]:
    seasons: list[int] = []
    games_: list[int] = []

    def on_season(sender: Any, season_id: int, **kwargs: Any) -> None:
        seasons.append(season_id)

    def on_game(sender: Any, game_id: int, **kwargs: Any) -> None:
        games_.append(game_id)

    return seasons, games_, on_season, on_game


@pytest.mark.django_db
def test_results_are_announced_only_after_commit(django_capture_on_commit_callbacks):
    seasons, games_, on_season, on_game = _listen()
    season_results_changed.connect(on_season, weak=False)
    game_confirmed.connect(on_game, weak=False)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            announce_results(7, 11)
            assert (seasons, games_) == ([], [])
        assert (seasons, games_) == ([7], [11])
        with django_capture_on_commit_callbacks(execute=True):
            announce_results(None, 12)  # a rated game without a season yet
            announce_results(8)  # an edit: no game to rate
        assert (seasons, games_) == ([7, 8], [11, 12])
    finally:
        season_results_changed.disconnect(on_season)
        game_confirmed.disconnect(on_game)


def test_every_writer_announces_through_announce_results():
    for module in (games.actions, api.actions, games.season_import, games.admin, desk.admin):
        assert module.announce_results is announce_results
