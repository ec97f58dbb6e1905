"""The results' tally: each player's results of a season counted by round and bucket, kept by
PostgreSQL as results are written (PostgreSQL only).

`standings_result_tally` holds, per (season, player, round number, place, players sharing
the place), how many results of 3- and 4-player games there are and their gaps summed
(twelfths). Statement-level triggers on the results table, installed by this app's first
migration, add every statement's inserted rows and take away its deleted ones (an update:
both), in the writer's own transaction, so the tally always equals a count of the results
as committed, whoever writes them (the result pages, imports, the admin, a season's deletion,
a TRUNCATE). The standings read it instead of every result row (standings.sql): some 30,000
rows for the bench's 2,000,000 results. It counts the results of every game whatever its
status; the standings take away those of the games not confirmed.

`drift` compares it with a count of the results, `recount` makes it that count again and
`repair` does both and publishes the seasons concerned (the weekly `standings.check_tally`
task and the `check_tally --repair` command).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import connection, transaction

from games.models import GameResult
from league.models import Season
from league.signals import announce_results

logger = logging.getLogger(__name__)

TALLY = "standings_result_tally"
KEY = "season_id, player_id, round_number, place, tied"


def _counted() -> str:
    """SQL: the results counted by the tally's key, as the triggers count them."""
    table = connection.ops.quote_name(GameResult._meta.db_table)
    return f"""
        SELECT {KEY}, COUNT(*) AS games, SUM(gap) AS gap FROM {table}
        WHERE season_id IS NOT NULL AND place IS NOT NULL
        GROUP BY {KEY}
    """


@dataclass(frozen=True)
class Drift:
    """Keys of the tally whose games or gap differ from a count of the results."""

    keys: int
    seasons: tuple[int, ...]


def drift() -> Drift | None:
    """How the tally differs from a count of the results now (None on other databases)."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            SELECT COALESCE(c.season_id, t.season_id)
            FROM ({_counted()}) c
            FULL JOIN {TALLY} t USING ({KEY})
            WHERE c.games IS DISTINCT FROM t.games OR c.gap IS DISTINCT FROM t.gap
            """
        )
        seasons = [season for (season,) in cursor.fetchall()]
    return Drift(len(seasons), tuple(sorted(set(seasons))))


def recount() -> None:
    """Make the tally a count of the results again (PostgreSQL; nothing elsewhere).

    In one transaction that locks the results against writers meanwhile, so nothing written
    while it counts is lost.
    """
    if connection.vendor != "postgresql":
        return
    table = connection.ops.quote_name(GameResult._meta.db_table)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"LOCK TABLE {table} IN SHARE MODE")
        cursor.execute(f"DELETE FROM {TALLY}")
        cursor.execute(f"INSERT INTO {TALLY} ({KEY}, games, gap) {_counted()}")


def repair() -> Drift | None:
    """If the tally differs from a count of the results, which only a write made behind the
    triggers' back can cause, log it, count it again and publish the seasons it touched
    again. What was found (None: not PostgreSQL)."""
    found = drift()
    if found is None or not found.keys:
        return found
    logger.error(
        "standings tally differed from the results at %d keys (seasons %s): counted again",
        found.keys,
        ", ".join(map(str, found.seasons)),
    )
    recount()
    for season_id in Season.objects.filter(pk__in=found.seasons).values_list("pk", flat=True):
        announce_results(season_id)
    return found
