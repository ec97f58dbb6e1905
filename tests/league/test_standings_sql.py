"""The in-database tallies give the same standings as the pure layer, on SQLite and PostgreSQL."""

import random

import pytest
from django.db import connection
from hypothesis import given, settings
from hypothesis import strategies as st

from league.actions.season_import import import_season
from league.loader import season_standings
from league.rules import DropSchedule
from league.standings_sql import dropped_count_sql
from tests.league.factories import random_rounds_season, scores, season_file

pytestmark = pytest.mark.django_db


def comparable(standings):
    return [
        (row.as_json(standings.players[row.player].name), sorted(row.dropped_games))
        for row in standings.rows
    ]


def assert_same_standings(season):
    for final in (False, True):
        pure = season_standings(season, final=final)
        in_database = season_standings(season, final=final, details=False)
        assert comparable(in_database) == comparable(pure)
        assert all(row.entries == () for row in in_database.rows)


def test_database_tallies_match_the_pure_layer_in_a_rounds_league():
    season = import_season(random_rounds_season(24, seed=11)).season
    assert_same_standings(season)


def test_database_tallies_match_with_ties_and_three_player_games():
    rng = random.Random(5)
    names = [f"P{i}" for i in range(9)]
    rounds = []
    for number in range(1, 35):
        order = rng.sample(names, 9)
        tables = [order[:3], order[3:6], order[6:9]]
        rounds.append(
            {
                "number": number,
                "date": f"2024-{7 + number // 9:02d}-{number % 9 + 1:02d}",
                "games": [
                    scores(*[(name, rng.choice([-20, 0, 0, 30])) for name in table])
                    for table in tables
                ],
            }
        )
    data = season_file(rules={"remainder": "three-player"}, rounds=rounds)
    assert_same_standings(import_season(data).season)


def test_database_tallies_match_in_a_rated_league():
    rng = random.Random(9)
    names = [f"R{i}" for i in range(10)]
    games = []
    for _ in range(200):
        month, day = rng.randint(1, 6), rng.randint(1, 28)
        table = rng.sample(names, 4)
        games.append(
            {
                "date": f"2024-{month:02d}-{day:02d}",
                **scores(*[(name, rng.randint(-3, 3) * 10) for name in table]),
            }
        )
    data = season_file(slug="rated", preset="whist-online-1200", games=games)
    assert_same_standings(import_season(data).season)


def test_database_tallies_of_an_empty_season():
    season = import_season(season_file()).season
    assert season_standings(season, details=False).rows == ()


@st.composite
def drop_schedules(draw):
    at = sorted(draw(st.sets(st.integers(1, 60), max_size=5)))
    then_every = draw(st.none() | st.integers(1, 9)) if at else None
    return DropSchedule(tuple(at), then_every, draw(st.none() | st.integers(0, 8)))


@settings(max_examples=40, deadline=None)
@given(drop_schedules())
def test_dropped_count_sql_agrees_with_the_drop_schedule(drops):
    expression = dropped_count_sql(drops, "games")
    with connection.cursor() as cursor:
        for games in (0, 1, 5, 9, 10, 11, 20, 29, 30, 31, 36, 37, 44, 60, 61, 99, 400):
            cursor.execute(f"SELECT {expression} FROM (SELECT %s AS games) AS n", [games])
            assert cursor.fetchone()[0] == drops.dropped_count(games), games
