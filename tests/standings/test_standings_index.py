"""The weekly rebuild of the index the standings read: concurrent, and clean after a failed one."""

import pytest
from django.db import connection

from games.season_import import import_season
from standings.index_upkeep import INDEX, compact_standing_index
from standings.loader import season_standings
from standings.tasks import compact_index
from tests.league.factories import random_rounds_season
from tests.standings.test_standings_sql import comparable

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="REINDEX CONCURRENTLY is PostgreSQL's"
)


def index_names():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
            " WHERE c.relname LIKE %s ORDER BY c.relname",
            [f"{INDEX}%"],
        )
        return cursor.fetchall()


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_the_standings_index_is_rebuilt_and_the_standings_stay_the_same():
    season = import_season(random_rounds_season(24, seed=31)).season
    before = comparable(season_standings(season, final=True, details=False))
    compacted = compact_standing_index()
    assert compacted is not None and compacted.index == INDEX
    assert compacted.before > 0 and compacted.after > 0
    assert index_names() == [(INDEX, True)]
    assert comparable(season_standings(season, final=True, details=False)) == before


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_rebuild_that_failed_half_way_leaves_nothing_behind_the_next():
    with connection.cursor() as cursor:  # what an interrupted REINDEX CONCURRENTLY leaves
        cursor.execute(f"CREATE INDEX {INDEX}_ccnew ON games_gameresult (season_id, player_id)")
        cursor.execute(
            "UPDATE pg_index SET indisvalid = false WHERE indexrelid = %s::regclass",
            [f"{INDEX}_ccnew"],
        )
    assert compact_standing_index() is not None
    assert index_names() == [(INDEX, True)]


@on_postgresql
@pytest.mark.django_db
def test_the_rebuild_refuses_to_run_inside_a_transaction():
    with pytest.raises(RuntimeError, match="outside a transaction"):
        compact_standing_index()


@pytest.mark.skipif(connection.vendor == "postgresql", reason="SQLite has nothing to rebuild")
@pytest.mark.django_db
def test_on_sqlite_the_weekly_task_has_nothing_to_rebuild():
    assert compact_index.name == "standings.compact_index"
    assert compact_index.delay().get() is None
