"""The check of a tournament stage's draw that its draw-check page shows (FORMATS.md 7).

A stage after the first is drawn by a search (league.tournament_draw) that is too slow to
run for a page request and is not in the browser. So the organizer's actions make its
check and keep it with the draw record (`DrawRecord.server_check`), and the page only reads
it:

- `seed`: whether the draw is what the recipe gives from the record's list and earlier
  tables. The draw redoes its search once, when it is made; the record never changes.
- `standing`: whether that list is still the standing after the stages before and who met
  whom in them now. It is checked again whenever the season's results change (a corrected
  result of an earlier stage), without the search: the list is all the search rests on.
- `seats`: whether the seats now are the draw with its recorded changes, checked again
  after every swap and reserve brought in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from league.draw_check import ChangeStep, RecordedDraw, Tables, apply_changes, ranking_used
from league.models import DrawChange, DrawRecord

SEED = "seed"
STANDING = "standing"
SEATS = "seats"

Verdict = Literal["matches", "mismatch", "not_redone", "standing_changed", "seats_changed"]


def recorded_draw(record: DrawRecord) -> RecordedDraw:
    """The record as plain data for league.draw_check."""
    return RecordedDraw(
        method=record.method,
        recipe=record.recipe,
        remainder=record.remainder,
        seed=record.seed,
        starting_list=record.starting_list,
        tables=tuple(tuple(table) for table in record.tables),
        reserves=tuple(record.reserves),
    )


def change_steps(changes: Sequence[DrawChange]) -> list[ChangeStep]:
    """The recorded changes as plain steps, in the order they were made."""
    return [ChangeStep(c.kind, (c.players[0], c.players[1])) for c in changes]


def seats_follow(
    record: DrawRecord,
    changes: Sequence[DrawChange],
    tables_now: Tables,
    reserves_now: Sequence[str],
) -> bool:
    """Whether the seats now (`tables_now` by seat, `reserves_now` in any order) are the
    recorded draw with its `changes` applied."""
    tables, reserves = apply_changes(
        tuple(tuple(table) for table in record.tables), record.reserves, change_steps(changes)
    )
    return tables_now == tables and sorted(reserves_now) == sorted(reserves)


def rests_on(starting_list: Sequence[dict[str, Any]]) -> tuple[Any, ...]:
    """What a standing draw is made from, out of its starting list: the players, the
    ranking's order and who met whom (points and gaps shown beside it do not seat anyone)."""
    record = RecordedDraw("standing", "", "", None, starting_list, (), ())
    return (
        sorted(entry["player"] for entry in starting_list),
        ranking_used(record),
        sorted((entry["player"], sorted(entry.get("met", ()))) for entry in starting_list),
    )


def verdict(check: Mapping[str, Any]) -> Verdict:
    """What the page says of a kept check: a value not known (null or missing) claims
    nothing; a draw that cannot be redone says so first."""
    seed = check.get(SEED)
    if seed is False:
        return "mismatch"
    if seed is None:
        return "not_redone"
    if check.get(STANDING) is False:
        return "standing_changed"
    if check.get(SEATS) is False:
        return "seats_changed"
    return "matches"
