"""What the organizer's round desk shows about a drawn round: each table with its result
state (disputed first, with the reason) and the players grouped by table for swaps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.models import ResultVersion
from league.models import Player, Table

MISSING = "missing"
NOT_PLAYED = "not_played"
# The desk's order: what needs the organizer first.
STATE_ORDER = {
    ResultVersion.Status.DISPUTED: 0,
    MISSING: 1,
    ResultVersion.Status.PENDING: 2,
    ResultVersion.Status.CONFIRMED: 3,
    NOT_PLAYED: 4,
}


@dataclass(frozen=True)
class DeskTable:
    """A drawn table, its players by seat, its current result version and its state."""

    table: Table
    players: Sequence[Player]
    result: ResultVersion | None
    dispute: Any

    @property
    def state(self) -> str:
        """missing, pending, confirmed, disputed or not_played."""
        if self.table.not_played:
            return NOT_PLAYED
        return MISSING if self.result is None else str(self.result.status)


def desk_tables(
    tables: Sequence[Table],
    seated: Sequence[Sequence[Player]],
    current: Mapping[int, ResultVersion],
    disputes: Mapping[int, Any],
) -> list[DeskTable]:
    """The round's tables with their states, disputed first, then missing, pending and
    confirmed results, by table number within each."""
    rows = [
        DeskTable(table, players, current.get(table.pk), disputes.get(table.pk))
        for table, players in zip(tables, seated, strict=False)
    ]
    return sorted(rows, key=lambda row: (STATE_ORDER.get(row.state, 1), row.table.number))


def all_confirmed(rows: Sequence[DeskTable]) -> bool:
    """True when every table's result is confirmed or the table is marked as not played
    (the round can be finished and its results text offered)."""
    done = (ResultVersion.Status.CONFIRMED, NOT_PLAYED)
    return bool(rows) and all(row.state in done for row in rows)


def swap_groups(
    tables: Sequence[Table], seated: Sequence[Sequence[Player]], reserves: Sequence[Player]
) -> list[tuple[str, Sequence[Player]]]:
    """The swap choices: one group per table (table 1 first), then the reserves."""
    groups: list[tuple[str, Sequence[Player]]] = [
        (_("Table %(number)s") % {"number": table.number}, players)
        for table, players in zip(tables, seated, strict=False)
    ]
    if reserves:
        groups.append((_("Reserves"), reserves))
    return groups
