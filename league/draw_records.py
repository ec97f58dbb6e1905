"""Read a round's draw records: the history, and the check of the standing draw against its
recipe, seed and recorded changes (league.draw_check) and against the seats as they are."""

from __future__ import annotations

from dataclasses import dataclass

from league.actions.draws import load_draw
from league.draw_check import ChangeStep, RecordedDraw, apply_changes, matches_seed
from league.models import DrawChange, DrawRecord, Round


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


def change_steps(changes: list[DrawChange]) -> list[ChangeStep]:
    """The recorded changes as plain steps, in the order they were made."""
    return [ChangeStep(c.kind, (c.players[0], c.players[1])) for c in changes]


def draw_history(round_: Round) -> list[DrawRecord]:
    """Every draw of the round, first first, each with its changes (two queries)."""
    return list(
        DrawRecord.objects.filter(round=round_)
        .select_related("drawn_by")
        .prefetch_related("changes")
        .order_by("number")
    )


@dataclass(frozen=True)
class DrawAudit:
    """The standing draw of a round checked: against its seed, and the seats now against
    the draw with its changes applied."""

    record: DrawRecord
    changes: list[DrawChange]
    matches_seed: bool | None  # None: the recipe cannot be redone (e.g. imported draw)
    matches_seats: bool

    @property
    def ok(self) -> bool:
        return self.matches_seed is not False and self.matches_seats


def audit_draw(round_: Round) -> DrawAudit | None:
    """The check of the round's standing draw, or None when the round has no record."""
    record = next((r for r in draw_history(round_) if not r.superseded), None)
    if record is None:
        return None
    changes = list(record.changes.all())
    tables, reserves = apply_changes(
        tuple(tuple(t) for t in record.tables), record.reserves, change_steps(changes)
    )
    now = load_draw(round_)
    seated_now = tuple(tuple(p.name for p in table) for table in now.tables)
    return DrawAudit(
        record=record,
        changes=changes,
        matches_seed=matches_seed(recorded_draw(record)),
        matches_seats=seated_now == tables
        and sorted(p.name for p in now.reserves) == sorted(reserves),
    )
