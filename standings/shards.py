"""Reading a large season's results on several PostgreSQL connections at once, in one snapshot.

PostgreSQL runs the standings' statement (standings.sql) on one process: its LATERAL join,
which reads each player's worst games, rules out parallel workers, while a plain `GROUP BY`
sum uses every core. Here the season's players are cut into ranges of player ids, and each
range's work runs on its own connection: the caller's, and one more connection per further
range, each in a thread of its own. Every connection reads the same snapshot (a read-only
REPEATABLE READ transaction whose snapshot the caller's connection exports and the others
import), so the ranges together are exactly what one connection would have read at that
moment.

Only where that is sound and worth it: on PostgreSQL, when the caller is in autocommit and
not inside a transaction (another connection could not see what it has not committed), and
when the planner expects at least `STANDINGS_SHARDED_FROM` results in the season. Otherwise
the work runs once, on the caller's connection, over every player. A ranking draw, which
reads the ranking inside its own transaction, reads it on its connection alone.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.conf import settings
from django.db import connection, transaction

from games.models import GameResult

T = TypeVar("T")

_SNAPSHOT_ID = re.compile(r"[0-9A-F]+-[0-9A-F]+-[0-9]+")


@dataclass(frozen=True)
class Players:
    """A range of player ids, both ends included; None on a side: no bound there."""

    first: int | None = None
    last: int | None = None

    def where(self, alias: str) -> tuple[str, list[Any]]:
        """SQL conditions on table `alias`'s player_id (starting with AND), and parameters."""
        sql, params = "", []
        if self.first is not None:
            sql += f" AND {alias}.player_id >= %s"
            params.append(self.first)
        if self.last is not None:
            sql += f" AND {alias}.player_id <= %s"
            params.append(self.last)
        return sql, params


EVERYONE = Players()


def split(lowest: int, highest: int, parts: int) -> list[Players]:
    """`parts` ranges covering every player id, cut evenly between `lowest` and `highest`.

    The first range has no lower bound and the last no upper bound, so a player whose
    results arrived after `lowest` and `highest` were read is still in a range.

    >>> split(1, 100, 2)
    [Players(first=None, last=50), Players(first=51, last=None)]
    """
    span = highest - lowest + 1
    parts = max(1, min(parts, span))
    cuts = [lowest + span * index // parts for index in range(1, parts)]
    firsts: list[int | None] = [None, *cuts]
    lasts: list[int | None] = [cut - 1 for cut in cuts] + [None]
    return [Players(first, last) for first, last in zip(firsts, lasts, strict=True)]


def over_players(season_id: int, work: Callable[[Players], T]) -> list[T]:
    """`work` done for every player of the season: once for EVERYONE, or once per range of
    players, each range on its own connection, all in one snapshot (the module's docstring).

    The results are in the order of the ranges. An error in any range is raised once every
    range has stopped.
    """
    ranges = _ranges(season_id)
    if len(ranges) == 1:
        return [work(EVERYONE)]
    others = [_Helper(work, players) for players in ranges[1:]]  # each connects meanwhile
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                cursor.execute("SELECT pg_export_snapshot()")
                snapshot = str((cursor.fetchone() or ("",))[0])
            for helper in others:
                helper.begin(snapshot)
            try:
                first = work(ranges[0])
            finally:  # while this transaction is open, its snapshot can be imported
                for helper in others:
                    helper.join()
    finally:
        for helper in others:  # one never begun (an error came first) stops unread
            helper.begin(None)
            helper.join()
    return [first, *(helper.result() for helper in others)]


def _ranges(season_id: int) -> list[Players]:
    shards = int(settings.STANDINGS_SHARDS)
    if connection.vendor != "postgresql" or shards < 2:
        return [EVERYONE]
    if connection.in_atomic_block or not connection.get_autocommit():
        return [EVERYONE]  # what the caller has not committed, no other connection sees
    table = connection.ops.quote_name(GameResult._meta.db_table)
    with connection.cursor() as cursor:
        # the planner's estimate, from the table's statistics: no rows are read
        cursor.execute(
            f"EXPLAIN (FORMAT JSON) SELECT 1 FROM {table} WHERE season_id = %s", [season_id]
        )
        (plan,) = cursor.fetchone() or ("[]",)
        expected = _planned_rows(plan)
        if expected < int(settings.STANDINGS_SHARDED_FROM):
            return [EVERYONE]
        # two look-ups at the ends of the season's range of result_standing_order
        cursor.execute(
            f"SELECT MIN(player_id), MAX(player_id) FROM {table} WHERE season_id = %s",
            [season_id],
        )
        lowest, highest = cursor.fetchone() or (None, None)
    if lowest is None or highest is None:
        return [EVERYONE]
    return split(int(lowest), int(highest), shards)


def _planned_rows(plan: Any) -> int:
    """The rows EXPLAIN (FORMAT JSON) expects (its JSON text or the parsed list)."""
    found = json.loads(plan) if isinstance(plan, str | bytes) else plan
    return int(found[0]["Plan"]["Plan Rows"])


class _Helper:
    """One range's work on a connection of its own, in a thread, in the caller's snapshot.

    The thread connects at once and then waits for the snapshot (`begin`), so connecting
    overlaps the caller's own first queries.
    """

    def __init__(self, work: Callable[[Players], Any], players: Players):
        self._work, self._players = work, players
        self._snapshot: str | None = None
        self._begun = threading.Event()
        self._value: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="standings-shard", daemon=True)
        self._thread.start()

    def begin(self, snapshot: str | None) -> None:
        """Read in `snapshot` (None: stop without reading); only the first call counts."""
        if self._begun.is_set():
            return
        if snapshot is not None and not _SNAPSHOT_ID.fullmatch(snapshot):
            self._error = ValueError(f"not a snapshot id: {snapshot!r}")
            snapshot = None
        self._snapshot = snapshot
        self._begun.set()

    def _run(self) -> None:
        try:  # on this thread's own connection, opened here
            connection.ensure_connection()
            self._begun.wait()
            if self._snapshot is None:
                return
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                # a utility statement takes no parameters; the id was checked to be one
                cursor.execute(f"SET TRANSACTION SNAPSHOT '{self._snapshot}'")
                self._value = self._work(self._players)
        except BaseException as error:  # handed to the caller's thread by result()
            self._error = error
        finally:
            connection.close()

    def join(self) -> None:
        self._thread.join()

    def result(self) -> Any:
        if self._error is not None:
            raise self._error
        return self._value
