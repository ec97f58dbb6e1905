"""One path writes games: `games.record.record_game` (and `record_games` for many at once)."""

from __future__ import annotations

import pytest

import api.actions
import games.actions
import games.season_import
from games.models import Game, GameResult
from games.record import record_game, record_games
from tests.roundsupport import make_players, make_round, make_season, seat_table

pytestmark = pytest.mark.django_db


def _seating(table, scores):
    seats = table.seats.order_by("seat")
    return [(s.seat, s.player_id, score) for s, score in zip(seats, scores, strict=True)]


def _game(table, **fields):
    round_ = table.round
    return Game(table=table, season_id=round_.season_id, round=round_, date=round_.date,
                status=Game.Status.CONFIRMED, source=Game.Source.ENTRY, **fields)  # fmt: skip


def test_a_tables_game_is_written_with_its_results_and_replaced_in_place():
    table = seat_table(make_round(make_season()), make_players(4))
    first = record_game(_game(table), _seating(table, [10, 20, 30, 40]))
    Game.objects.filter(pk=first.pk).update(rated=False)
    second = record_game(_game(table), _seating(table, [40, 30, 20, 10]))
    assert second.pk == first.pk and not Game.objects.get(pk=first.pk).rated
    assert list(GameResult.objects.filter(game=first).order_by("seat").values_list("score")) == [
        (40,), (30,), (20,), (10,)
    ]  # fmt: skip


def test_new_games_are_written_in_two_inserts(django_assert_num_queries):
    season = make_season()
    players = make_players(4)
    seating = [(seat, p.pk, 10 * seat) for seat, p in enumerate(players)]
    new = [(Game(season=season, date=season.start, status=Game.Status.CONFIRMED,
                 source=Game.Source.IMPORT), seating) for _ in range(3)]  # fmt: skip
    with django_assert_num_queries(2):
        games = record_games(new)
    assert GameResult.objects.filter(game__in=games).count() == 12


def test_every_writer_writes_games_through_record_game():
    assert games.actions.record_game is record_game
    assert api.actions.record_game is record_game
    assert games.season_import.record_games is record_games
