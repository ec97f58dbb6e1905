"""Read a round's draw records: the history, and the check of the standing draw against its
recipe, seed and recorded changes (league.draw_check) and against the seats as they are."""

from __future__ import annotations

from dataclasses import dataclass

from league.actions.draws import load_draw
from league.draw_check import matches_seed
from league.models import DrawChange, DrawRecord, Round
from league.stage_check import recorded_draw, seats_follow


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
    now = load_draw(round_)
    return DrawAudit(
        record=record,
        changes=changes,
        matches_seed=matches_seed(recorded_draw(record)),
        matches_seats=seats_follow(
            record,
            changes,
            tuple(tuple(p.name for p in table) for table in now.tables),
            [p.name for p in now.reserves],
        ),
    )
