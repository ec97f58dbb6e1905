"""A round's draw as stored: its seats and reserves (`load_draw`), its records (`draw_history`,
`current_record`) and the check of the standing record against its recipe, seed and changes
and against the seats as they are (`audit_draw`, league.draw_check)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from league.draw_check import matches_seed
from league.models import DrawChange, DrawRecord, Player, Registration, Round, Seat
from league.stage_check import recorded_draw, seats_follow

DRAWN_STATUSES = (Round.Status.DRAWN, Round.Status.IN_PLAY, Round.Status.FINISHED)


@dataclass(frozen=True)
class DrawView:
    """A round's draw as stored: what the `draw` command prints (FORMATS.md 6)."""

    round: int
    method: str
    seed: int | None
    tables: list[list[Player]]
    reserves: list[Player]

    def as_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "method": self.method,
            "seed": self.seed,
            "tables": [[p.name for p in table] for table in self.tables],
            "reserves": [p.name for p in self.reserves],
        }

    def table_names(self) -> tuple[tuple[str, ...], ...]:
        """The tables by seat, as names."""
        return tuple(tuple(p.name for p in table) for table in self.tables)

    def reserve_names(self) -> list[str]:
        return [p.name for p in self.reserves]


def load_draw(round_: Round) -> DrawView:
    """The stored draw of a round (tables by number, players by seat; reserves in
    registration order) in two queries."""
    seats = (
        Seat.objects.filter(round=round_)
        .select_related("player", "table")
        .order_by("table__number", "seat")
    )
    tables: dict[int, list[Player]] = {}
    for seat in seats:
        tables.setdefault(seat.table.number, []).append(seat.player)
    reserves = [r.player for r in reserve_registrations(round_).select_related("player")]
    # A round with tables but no draw on record (imported) says so: never a guess.
    return DrawView(
        round=round_.number,
        method=round_.draw_method or Round.DrawMethod.NOT_RECORDED,
        seed=round_.draw_seed,
        tables=list(tables.values()),
        reserves=reserves,
    )


def reserve_registrations(round_: Round) -> QuerySet[Registration]:
    """The round's reserves: its registrations with no seat, in registration order."""
    return (
        Registration.objects.filter(round=round_)
        .exclude(Exists(Seat.objects.filter(round=round_, player=OuterRef("player"))))
        .order_by("created_at", "id")
    )


def round_has_results(round_: Round) -> bool:
    """True when any table of the round has a stored game or a result entered."""
    return (
        round_.games.exists()  # reverse relations: the games layer is above the league
        or round_.tables.filter(result_versions__isnull=False).exists()
    )


def current_record(round_: Round) -> DrawRecord | None:
    """The draw record that stands for the round (None for a round never drawn here)."""
    return DrawRecord.objects.filter(round=round_, superseded=False).first()


def draw_history(round_: Round) -> list[DrawRecord]:
    """Every draw of the round, first first, each with its changes (two queries)."""
    return list(
        DrawRecord.objects.filter(round=round_)
        .select_related("drawn_by")
        .prefetch_related("changes")
        .order_by("number")
    )


def seats_now_follow(round_: Round, record: DrawRecord) -> bool:
    """Whether the round's seats now are its draw `record` with its changes (two queries)."""
    now = load_draw(round_)
    return seats_follow(record, list(record.changes.all()), now.table_names(), now.reserve_names())


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
        matches_seats=seats_follow(record, changes, now.table_names(), now.reserve_names()),
    )
