"""The in-database tallies give the same standings as the pure layer, on SQLite and PostgreSQL."""

import gc
import random

import pytest
from django.db import connection, transaction
from hypothesis import given, settings
from hypothesis import strategies as st

from games.models import Game
from games.season_import import import_season
from league.rules import DropSchedule
from standings.loader import season_standings
from standings.sql import dropped_count_sql
from tests.league.factories import random_rounds_season, scores, season_file
from tests.league.podium_rule import assert_podium_rule

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
def mixed_seasons(draw):
    """A short season with 3- and 4-player tables, many tied scores and a random drop rule."""
    names = [f"M{i}" for i in range(draw(st.integers(6, 11)))]
    score = st.sampled_from([-40, -10, 0, 0, 10, 25, 25, 60])
    rounds = []
    for number in range(1, draw(st.integers(1, 14)) + 1):
        order = draw(st.permutations(names))
        sizes = draw(st.lists(st.sampled_from([3, 4]), min_size=1, max_size=3))
        tables, start = [], 0
        for size in sizes:
            if start + size <= len(order):
                tables.append(order[start : start + size])
                start += size
        rounds.append(
            {
                "number": number,
                "date": f"2024-{7 + number // 9:02d}-{number % 9 + 1:02d}",
                "games": [scores(*[(name, draw(score)) for name in table]) for table in tables],
            }
        )
    at = sorted(draw(st.sets(st.integers(1, 12), max_size=3)))
    drops = {
        "at": at,
        "then_every": draw(st.none() | st.integers(1, 4)) if at else None,
        "max": draw(st.none() | st.integers(0, 6)),
    }
    disputed = draw(st.sets(st.integers(0, 40), max_size=3))
    # small values, often equal: places and shared places worth the same points drop together
    placement = sorted(draw(st.lists(st.integers(0, 4), min_size=4, max_size=4)), reverse=True)
    return rounds, drops, disputed, placement


EXAMPLES = iter(range(10**6))


@settings(max_examples=40, deadline=None)
@given(mixed_seasons())
def test_database_tallies_match_the_pure_layer_for_any_mixed_season(example):
    rounds, drops, disputed, placement = example
    data = season_file(
        slug=f"mixed-{next(EXAMPLES)}",
        rules={"remainder": "three-player", "drops": drops, "placement_points": placement},
        rounds=rounds,
    )
    season = import_season(data).season
    games = list(Game.objects.filter(season=season).order_by("id").values_list("id", flat=True))
    waiting = [games[i] for i in disputed if i < len(games)]
    Game.objects.filter(pk__in=waiting).update(status=Game.Status.DISPUTED)
    assert_same_standings(season)


@st.composite
def podium_league_seasons(draw):
    """A short rounds league with regulars (every round), latecomers (only the last rounds:
    the podium windows met, the minimum not) and leavers (only rounds before the windows),
    so that any number of players, none to all, meets the podium conditions."""
    rounds = draw(st.integers(3, 8))
    last = draw(st.integers(1, rounds - 1))
    rules = {
        "rounds_in_season": rounds,
        "min_games": last + 1,
        "podium_windows": [
            {"last_rounds": last, "min_games": draw(st.integers(1, last))},
            {"last_rounds": draw(st.integers(1, last)), "min_games": 1},
        ],
        "remainder": "three-player",
    }
    kinds = {
        "regular": ((1, rounds), st.integers(0, 4)),
        "latecomer": ((rounds - last + 1, rounds), st.integers(0, 4)),
        "leaver": ((1, rounds - last), st.integers(3, 6)),
    }
    plays = {}
    for kind, (span, count) in kinds.items():
        for i in range(draw(count)):
            plays[f"{kind}-{i}"] = span
    score = st.sampled_from([-30, 0, 0, 20, 20, 55])
    file_rounds = []
    for number in range(1, rounds + 1):
        here = [
            n for n in draw(st.permutations(sorted(plays))) if plays[n][0] <= number <= plays[n][1]
        ]
        tables = [here[start : start + 4] for start in range(0, len(here), 4)]
        games = [scores(*[(name, draw(score)) for name in t]) for t in tables if len(t) >= 3]
        date = f"2024-07-{number + 1:02d}"
        file_rounds.append({"number": number, "date": date, "games": games})
    return rules, file_rounds


@settings(max_examples=30, deadline=None)
@given(podium_league_seasons())
def test_podium_rule_holds_in_the_database_standings_as_in_the_pure_ones(example):
    rules, rounds = example
    data = season_file(slug=f"podium-{next(EXAMPLES)}", rules=rules, rounds=rounds)
    season = import_season(data).season
    assert_same_standings(season)
    for details in (True, False):
        assert_podium_rule(season_standings(season, final=True, details=details).rows)


@pytest.mark.parametrize(("four_player_gap_lower", "dropped_round"), [(False, 2), (True, 1)])
def test_a_level_of_equal_points_drops_its_lowest_gap_across_table_sizes(
    four_player_gap_lower, dropped_round
):
    # 3rd of 4 and last of 3 are both worth 1 point: the lower gap is the worst game.
    third_of_four = (-40 if four_player_gap_lower else 10, 50, 30, -100)
    tables = [("ABCD", third_of_four), ("ABC", (0, 20, 40)), ("ABC", (100, 0, -10))]
    rounds = [
        {"number": n, "date": f"2024-07-0{n}", "games": [scores(*zip(who, points, strict=True))]}
        for n, (who, points) in enumerate(tables, 1)
    ]
    data = season_file(
        rules={"remainder": "three-player", "drops": {"at": [3], "then_every": None, "max": 1}},
        rounds=rounds,
    )
    season = import_season(data).season
    assert_same_standings(season)
    row = next(
        row
        for row in season_standings(season, details=False).rows
        if season_standings(season).players[row.player].name == "A"
    )
    assert row.dropped_games == (Game.objects.get(season=season, round__number=dropped_round).pk,)


def test_places_worth_the_same_points_drop_by_gap_whatever_their_place():
    # placement 3-1-1-0: 2nd alone, 3rd alone and a shared 2nd are all worth 1 point
    tables = [
        ("ABCD", (40, 30, -20, -50)),  # A 1st
        ("ABCD", (30, 40, -20, -50)),  # A 2nd, gap 30 - 0 = 30
        ("ABCD", (-20, 40, 30, -50)),  # A 3rd, gap -20 - 0 = -20
        ("ABCD", (30, 30, 0, -60)),  # A shares 1st with B: (3 + 1) / 2 = 2
        ("ABCD", (10, 40, 10, -60)),  # A shares 2nd with C: (1 + 1) / 2 = 1, gap 10 - 0 = 10
    ]
    rounds = [
        {"number": n, "date": f"2024-07-0{n}", "games": [scores(*zip(who, points, strict=True))]}
        for n, (who, points) in enumerate(tables, 1)
    ]
    data = season_file(
        rules={"placement_points": [3, 1, 1, 0], "drops": {"at": [5, 6], "then_every": None}},
        rounds=rounds,
    )
    season = import_season(data).season
    assert_same_standings(season)
    standings = season_standings(season, details=False)
    row = next(r for r in standings.rows if standings.players[r.player].name == "A")
    assert row.dropped_games == (Game.objects.get(season=season, round__number=3).pk,)
    assert row.points == 3 + 1 + 2 + 1  # the 3rd place (1 point, gap -20) dropped


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="planner settings exist on PostgreSQL only"
)
def test_the_planner_settings_are_put_back_for_the_rest_of_the_transaction():
    season = import_season(random_rounds_season(12, seed=3)).season
    settings_now = "SELECT current_setting('enable_seqscan'), current_setting('enable_hashagg')"
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_hashagg = off")  # a caller's own setting stays too
        season_standings(season, final=True, details=False)
        cursor.execute(settings_now)
        assert cursor.fetchone() == ("on", "off")


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the drop count is read in SQL on PostgreSQL only"
)
@settings(max_examples=200, deadline=None)
@given(
    at=st.lists(st.integers(1, 40), max_size=4, unique=True).map(sorted),
    then_every=st.none() | st.integers(1, 8),
    most=st.none() | st.integers(0, 12),
    games=st.integers(0, 200),
)
def test_the_sql_drop_count_is_the_drop_schedules(at, then_every, most, games):
    drops = DropSchedule(at=tuple(at), then_every=then_every, max=most)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {dropped_count_sql(drops, 'g.games')} FROM (SELECT %s::bigint AS games) g",
            [games],
        )
        assert cursor.fetchone()[0] == drops.dropped_count(games)


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_pause_leaves_the_collector_as_it_was(enabled):
    season = import_season(random_rounds_season(12, seed=4)).season
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        season_standings(season, details=False)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


# dates on both sides of the final period's edges (the month before the 1 July end)
RATED_DATES = ["2024-02-10", "2024-05-31", "2024-06-01", "2024-06-15", "2024-07-01"]


@st.composite
def rated_seasons(draw):
    """A short rated season: dated 3- and 4-player games, many on the final period's edges,
    tied scores, a random drop rule, and some games disputed."""
    names = [f"D{i}" for i in range(draw(st.integers(4, 7)))]
    score = st.sampled_from([-30, -10, 0, 0, 20, 20, 45])
    games = []
    for _ in range(draw(st.integers(1, 40))):
        table = draw(st.permutations(names))[: draw(st.sampled_from([3, 4]))]
        games.append(
            {
                "date": draw(st.sampled_from(RATED_DATES)),
                **scores(*[(name, draw(score)) for name in table]),
            }
        )
    at = sorted(draw(st.sets(st.integers(1, 8), max_size=3)))
    drops = {
        "at": at,
        "then_every": draw(st.none() | st.integers(1, 3)) if at else None,
        "max": draw(st.none() | st.integers(0, 5)),
    }
    disputed = draw(st.sets(st.integers(0, 40), max_size=3))
    # minimums small enough that the final period decides who is ranked
    minimums = {
        "min_games": draw(st.integers(0, 4)),
        "final_period": {"months": 1, "min_games": draw(st.integers(1, 5))},
    }
    return games, drops, disputed, minimums


@settings(max_examples=30, deadline=None)
@given(rated_seasons())
def test_database_tallies_match_the_pure_layer_for_any_rated_season(example):
    games, drops, disputed, minimums = example
    data = season_file(
        slug=f"rated-{next(EXAMPLES)}",
        preset="whist-online-1200",
        rules={"remainder": "three-player", "drops": drops, **minimums},
        games=games,
    )
    season = import_season(data).season
    ids = list(Game.objects.filter(season=season).order_by("id").values_list("id", flat=True))
    waiting = [ids[i] for i in disputed if i < len(ids)]
    Game.objects.filter(pk__in=waiting).update(status=Game.Status.DISPUTED)
    assert_same_standings(season)
