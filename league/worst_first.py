"""The order a player's games are dropped in, worst first, declared once (RULES.md 3.1).

A dropped game is one of the player's worst: fewest league points, then the lowest gap, then
the earliest played. `WORST_FIRST` lists those terms; from it come the Python sort key of the
pure standings (`league.standings.worst_first`), the ORDER BY of the SQL standings
(`standings.sql`) and the fields of the `result_standing_order` index on GameResult
(`games.models`), so changing the order here changes all three (and needs a migration of
the index).

Each term names the standings entry's attribute (`league.standings.GameEntry`) and the
GameResult field that stores the same fact. League points are not stored on a result: they
follow from its place and the players sharing it (`LEVEL_FIELDS`), which the SQL reads as
one equality per level of points, so the index holds them before the ordered terms.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any


@dataclass(frozen=True)
class Term:
    """One term of a sort: the entry attribute, its GameResult field, and its direction."""

    entry: str
    field: str
    descending: bool = False
    missing: Any = None  # what the Python key uses for an entry's None (the SQL stores it so)


POINTS = Term(entry="points", field="points")  # not stored: levels of (place, tied)
PLAYED_ORDER: tuple[Term, ...] = (
    Term(entry="date", field="played", missing=dt.date.min),
    Term(entry="round", field="round_number", missing=0),
    Term(entry="game", field="game"),
)
WORST_FIRST: tuple[Term, ...] = (POINTS, Term(entry="gap", field="gap"), *PLAYED_ORDER)

# What a result's league points follow from: its place and how many players share it.
LEVEL_FIELDS: tuple[str, ...] = ("place", "tied")
# Within a level of points, the terms the SQL orders a player's results by.
ORDERED_IN_LEVEL: tuple[Term, ...] = WORST_FIRST[1:]


def index_fields(ordered_in_level: Sequence[Term] = ORDERED_IN_LEVEL) -> list[str]:
    """The fields of the index a player's results of a season are read worst first off."""
    ordered = [f"-{t.field}" if t.descending else t.field for t in ordered_in_level]
    return ["season", "player", *LEVEL_FIELDS, *ordered]


def order_by_sql(
    alias: str,
    column: Callable[[str], str],
    ordered_in_level: Sequence[Term] = ORDERED_IN_LEVEL,
) -> str:
    """The SQL ORDER BY terms of a level's results of table `alias`, worst first.

    `column` gives a GameResult field's database column.
    """
    return ", ".join(
        f"{alias}.{column(t.field)}{' DESC' if t.descending else ''}" for t in ordered_in_level
    )


class _Reversed:
    """A value that sorts in the opposite order (a descending term of a Python key)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Reversed) and self.value == other.value

    def __lt__(self, other: _Reversed) -> bool:
        return bool(other.value < self.value)

    def __hash__(self) -> int:
        return hash(self.value)


def sort_key(terms: Sequence[Term]) -> Callable[[Any], tuple[Any, ...]]:
    """A Python sort key over an object's attributes in the order of `terms`."""
    names = [t.entry for t in terms]
    read = attrgetter(*names) if len(names) > 1 else lambda entry: (getattr(entry, names[0]),)
    # only the terms with a stand-in for None or a direction need more than reading
    adjust = tuple(
        (i, t.missing, t.descending)
        for i, t in enumerate(terms)
        if t.missing is not None or t.descending
    )

    def key(entry: Any) -> tuple[Any, ...]:
        if not adjust:
            return tuple(read(entry))
        values = list(read(entry))
        for i, missing, descending in adjust:
            if values[i] is None:
                values[i] = missing
            if descending:
                values[i] = _Reversed(values[i])
        return tuple(values)

    return key
