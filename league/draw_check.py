"""Check a recorded draw against its recipe and seed, then replay its later changes (pure).

A draw record (league.models.DrawRecord) keeps what the recipe started from and what it
gave; this module redoes the draw from that data with `league.draw.make_draw` and applies
the organizer's recorded swaps and reserves brought in, so the command line, the pages and
the tests all check a draw the same way. The browser does the same in
static/web/draw-check.js for the sha256-v1 recipe.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from league.draw import RECIPES, make_draw
from league.tournament_draw import pairs_met

Tables = tuple[tuple[str, ...], ...]
SWAP = "swap"
RESERVE_IN = "reserve_in"


@dataclass(frozen=True)
class ChangeStep:
    """One recorded change: a swap of `players[0]` and `players[1]`, or a reserve
    (`players[0]`) taking the seat of `players[1]`, who becomes a reserve."""

    kind: str
    players: tuple[str, str]


@dataclass(frozen=True)
class RecordedDraw:
    """What a draw record holds, as plain data."""

    method: str
    recipe: str
    remainder: str
    seed: int | None
    starting_list: Sequence[dict[str, Any]]
    tables: Tables
    reserves: tuple[str, ...]


def ranking_used(record: RecordedDraw) -> list[str] | None:
    """The ranked players in the order the ranking draw used, or None when not recorded."""
    if not any("rank" in entry for entry in record.starting_list):
        return None
    return [e["player"] for e in record.starting_list if e.get("rank") is not None]


def redo(record: RecordedDraw) -> tuple[Tables, tuple[str, ...]] | None:
    """The draw the recipe gives from the record's list and seed, or None when the record
    cannot be redone (an imported draw with no recorded method, or a ranking not kept)."""
    if record.recipe not in RECIPES or record.method not in ("random", "ranking", "standing"):
        return None
    ranking: list[str] = []
    options: dict[str, Any] = {}
    if record.method == "standing":  # a tournament stage: who had met is kept with the draw
        options["met"] = pairs_met(
            [(e["player"], other) for e in record.starting_list for other in e.get("met", ())]
        )
    if record.method in ("ranking", "standing"):
        used = ranking_used(record)
        if used is None:
            return None
        ranking = used
    players = [entry["player"] for entry in record.starting_list]
    draw = make_draw(
        record.method,
        players,
        seed=record.seed,
        ranking=ranking,
        remainder=record.remainder,
        recipe=record.recipe,
        **options,
    )
    return draw.tables, draw.reserves


def matches_seed(record: RecordedDraw) -> bool | None:
    """Whether the recorded draw is what its recipe and seed give (None: cannot be redone)."""
    again = redo(record)
    if again is None:
        return None
    return again == (record.tables, record.reserves)


def apply_changes(
    tables: Tables, reserves: Sequence[str], changes: Iterable[ChangeStep]
) -> tuple[Tables, tuple[str, ...]]:
    """The tables and reserves after `changes`, in order (a player replaced by a reserve
    becomes a reserve in the reserve's place)."""
    seats = [list(table) for table in tables]
    waiting = list(reserves)

    def place(name: str) -> tuple[list[str], int] | None:
        for table in seats:
            if name in table:
                return table, table.index(name)
        if name in waiting:
            return waiting, waiting.index(name)
        return None

    for change in changes:
        first, second = (place(name) for name in change.players)
        if first is None or second is None:
            continue
        (a_list, a_index), (b_list, b_index) = first, second
        a_list[a_index], b_list[b_index] = b_list[b_index], a_list[a_index]
    return tuple(tuple(table) for table in seats), tuple(waiting)
