"""Keeping the index the standings read compact: rebuilt once a week, without blocking anyone.

Results arrive in the order games are played, but `result_standing_order` is ordered by
season and player, so each new result lands somewhere in the middle of the index and its
pages split: grown by inserts, the bench's 2,000,000 results fill 143 MB of index, built in
one go 112 MB. The standings read each player's worst games off it (standings.sql) and the
pages that splitting left half empty are read and cached for nothing. `REINDEX ...
CONCURRENTLY` builds it again beside the old one while reads and writes go on, then swaps
them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.db.backends.utils import CursorWrapper

from games.models import GameResult

INDEX = "result_standing_order"


@dataclass(frozen=True)
class Compacted:
    """The index's size before and after it was rebuilt, in bytes."""

    index: str
    before: int
    after: int


def compact_standing_index() -> Compacted | None:
    """Rebuild `result_standing_order` concurrently (PostgreSQL; None on other databases).

    A rebuild that failed half-way (a worker killed, the server restarted) leaves an invalid
    copy beside the index, which is dropped first. Must run in autocommit: PostgreSQL
    refuses a concurrent rebuild inside a transaction.
    """
    if connection.vendor != "postgresql":
        return None
    if connection.in_atomic_block:
        raise RuntimeError("the standings index is rebuilt concurrently, outside a transaction")
    table = GameResult._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT c.relname FROM pg_index i
            JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = %s::regclass AND NOT i.indisvalid AND c.relname LIKE %s
            """,
            [table, f"{INDEX}_ccnew%"],
        )
        for (leftover,) in cursor.fetchall():
            dropped = connection.ops.quote_name(leftover)
            cursor.execute(f"DROP INDEX CONCURRENTLY IF EXISTS {dropped}")
        before = _size(cursor)
        cursor.execute(f"REINDEX INDEX CONCURRENTLY {connection.ops.quote_name(INDEX)}")
        return Compacted(INDEX, before, _size(cursor))


def _size(cursor: CursorWrapper) -> int:
    cursor.execute("SELECT pg_relation_size(%s::regclass)", [INDEX])
    (size,) = cursor.fetchone() or (0,)
    return int(size)
