"""A large season's standings read in ranges of players on several connections, in one snapshot."""

import doctest
import threading

import pytest
from django.db import connection, transaction
from hypothesis import given
from hypothesis import strategies as st

from games.models import GameResult
from games.season_import import import_season
from standings import shards
from standings.loader import season_standings
from tests.league.factories import random_rounds_season
from tests.standings.test_standings_sql import comparable

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="several connections in one snapshot: PostgreSQL"
)
# the ranges are read on other connections, which see only what is committed
committed = pytest.mark.django_db(transaction=True)


def in_ranges(lowest, highest, parts):
    ranges = shards.split(lowest, highest, parts)
    return ranges, [
        [r for r in ranges if (r.first is None or r.first <= i) and (r.last is None or i <= r.last)]
        for i in range(lowest - 3, highest + 4)
    ]


@given(st.integers(1, 10_000), st.integers(0, 300), st.integers(1, 6))
def test_the_ranges_hold_every_player_id_once_and_split_evenly(lowest, width, parts):
    ranges, holding = in_ranges(lowest, lowest + width, parts)
    assert all(len(found) == 1 for found in holding)  # ids outside the ends too
    assert ranges[0].first is None and ranges[-1].last is None
    inner = [(r.first or lowest, r.last or lowest + width) for r in ranges]
    sizes = [last - first + 1 for first, last in inner]
    assert len(ranges) == min(parts, width + 1)
    assert max(sizes) - min(sizes) <= 1


def test_the_shards_doctests_hold():
    outcome = doctest.testmod(shards)
    assert outcome.attempted >= 1 and outcome.failed == 0


@pytest.fixture
def sharded(settings):
    """Every season counts as large: its standings are read in two ranges."""
    settings.STANDINGS_SHARDS = 2
    settings.STANDINGS_SHARDED_FROM = 0


@pytest.mark.django_db
def test_inside_a_transaction_the_players_are_read_on_the_callers_connection_alone(sharded):
    season = import_season(random_rounds_season(8, seed=21)).season
    seen = []
    parts = shards.over_players(season.pk, lambda players: seen.append(players) or len(seen))
    assert parts == [1] and seen == [shards.EVERYONE]


@on_postgresql
@committed
def test_a_large_season_is_read_in_ranges_on_two_connections(sharded):
    season = import_season(random_rounds_season(24, seed=22)).season

    def backend(players):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            return players, cursor.fetchone()[0]

    parts = shards.over_players(season.pk, backend)
    assert len(parts) == 2
    assert parts[0][0].first is None and parts[1][0].last is None
    assert parts[0][1] != parts[1][1]  # two connections
    in_ranges = season_standings(season, final=True, details=False)
    assert comparable(in_ranges) == comparable(season_standings(season, final=True))


@on_postgresql
@committed
def test_a_caller_out_of_autocommit_has_the_players_read_on_its_connection_alone(sharded):
    season = import_season(random_rounds_season(8, seed=26)).season
    connection.set_autocommit(False)
    try:
        assert shards.over_players(season.pk, lambda players: players) == [shards.EVERYONE]
    finally:
        connection.rollback()
        connection.set_autocommit(True)


@on_postgresql
@committed
def test_a_season_below_the_threshold_is_read_in_one_range(settings):
    settings.STANDINGS_SHARDED_FROM = 10_000
    season = import_season(random_rounds_season(8, seed=23)).season
    assert shards.over_players(season.pk, lambda players: players) == [shards.EVERYONE]


@on_postgresql
@committed
def test_a_result_committed_while_the_ranges_are_read_is_seen_by_none(sharded):
    season = import_season(random_rounds_season(12, seed=24)).season
    before = GameResult.objects.filter(season=season).count()
    written = threading.Event()

    def write_elsewhere():
        try:  # another connection moves a result out of the season, and commits
            first = GameResult.objects.filter(season=season).order_by("pk").first()
            GameResult.objects.filter(pk=first.pk).update(season=None)
        finally:
            connection.close()

    def count(players):
        if players.first is None:  # the caller's range writes, the other waits for it
            writer = threading.Thread(target=write_elsewhere)
            writer.start()
            writer.join()
            written.set()
        else:
            assert written.wait(30)
        return GameResult.objects.filter(season=season).count()

    assert shards.over_players(season.pk, count) == [before, before]
    assert GameResult.objects.filter(season=season).count() == before - 1


@on_postgresql
@committed
def test_an_error_in_another_range_is_raised_in_the_caller_once_every_range_stopped(sharded):
    season = import_season(random_rounds_season(8, seed=25)).season
    finished = []

    def work(players):
        if players.first is not None:
            raise ValueError("the second range failed")
        finished.append(players)
        return players

    with pytest.raises(ValueError, match="the second range failed"):
        shards.over_players(season.pk, work)
    assert finished == [shards.Players(None, finished[0].last)]
    assert not connection.in_atomic_block  # the snapshot's transaction is over
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
