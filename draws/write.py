"""Store a draw (the draw's last step): its tables and seats with its record, in the
transaction of the action that holds the round locked (draws.actions). Also the other writes
of a drawn round: a stage's carried-over registrations, a swap or reserve brought in with
its change, and the record of a draw made outside the app."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.utils import timezone

from draws.entrants import STANDING, Entrants
from draws.stored import load_draw
from league.draw import UNRECORDED_RECIPE, Draw
from league.draw_check import matches_seed
from league.models import DrawChange, DrawRecord, Player, Registration, Round, Seat, Table
from league.stage_check import SEATS, SEED, recorded_draw
from league.stage_check import STANDING as STANDING_CHECK


@dataclass(frozen=True)
class Drawing:
    """Who made a draw, when and why, and how its round's draw is shown after it."""

    remainder: str
    drawn_at: dt.datetime
    drawn_by: User | None
    reason: str
    published: bool  # a redraw of a published draw is published at once


def carry_over_players(round_: Round) -> None:
    """Everyone plays every stage of a tournament: a stage after the first takes the players
    seated in the stage before it and its reserves (however that stage was drawn: here, by
    hand or imported, which records no registrations), and the latecomers the organizer
    registered for this stage. Each is registered for this stage, so its reserves show."""
    before = {"round__season_id": round_.season_id, "round__number": round_.number - 1}
    carried = set(Seat.objects.filter(**before).values_list("player_id", flat=True)) | set(
        Registration.objects.filter(**before).values_list("player_id", flat=True)
    )
    carried -= set(Registration.objects.filter(round=round_).values_list("player_id", flat=True))
    Registration.objects.bulk_create(
        Registration(round=round_, player_id=player_id) for player_id in sorted(carried)
    )


def remove_tables(round_: Round) -> None:
    """Take away the round's tables and seats (before it is drawn again)."""
    Table.objects.filter(round=round_).delete()


def write_draw(round_: Round, entrants: Entrants, draw: Draw[str], drawing: Drawing) -> None:
    """Seat `draw` of `entrants` at the round's new tables, keep it as the round's standing
    record (superseding any earlier one) and mark the round drawn."""
    _write_seats(round_, entrants, draw)
    _write_record(round_, entrants, draw, drawing)
    round_.status = Round.Status.DRAWN
    round_.draw_method = entrants.method
    round_.draw_seed = draw.seed
    round_.drawn_at = drawing.drawn_at
    round_.draw_published_at = drawing.drawn_at if drawing.published else None
    round_.save(
        update_fields=["status", "draw_method", "draw_seed", "drawn_at", "draw_published_at"]
    )


def _write_seats(round_: Round, entrants: Entrants, draw: Draw[str]) -> None:
    player_ids = entrants.player_ids()
    tables = Table.objects.bulk_create(
        [Table(round=round_, number=i) for i in range(1, len(draw.tables) + 1)]
    )
    Seat.objects.bulk_create(
        Seat(table=table, round=round_, seat=seat, player_id=player_ids[name])
        for table, members in zip(tables, draw.tables, strict=True)
        for seat, name in enumerate(members)
    )


def _write_record(round_: Round, entrants: Entrants, draw: Draw[str], drawing: Drawing) -> None:
    # A redraw supersedes the standing record; so does a draw of a round whose status
    # was set back by hand in the admin (its old record must not block the new one).
    DrawRecord.objects.filter(round=round_, superseded=False).update(superseded=True)
    record = DrawRecord(
        round=round_,
        number=DrawRecord.objects.filter(round=round_).count() + 1,
        method=entrants.method,
        recipe=draw.recipe,
        remainder=drawing.remainder,
        seed=draw.seed,
        starting_list=entrants.starting_list(),
        tables=[list(table) for table in draw.tables],
        reserves=list(draw.reserves),
        drawn_at=drawing.drawn_at,
        drawn_by=drawing.drawn_by,
        reason=drawing.reason,
    )
    if entrants.method == STANDING:  # its page cannot redo the search: it reads this check
        record.server_check = {
            SEED: matches_seed(recorded_draw(record)),
            STANDING_CHECK: True,
            SEATS: True,
        }
    record.save()


def record_as_seated(round_: Round) -> DrawRecord:
    """A record of a draw made outside the app (no recipe known) from its current seats,
    so later changes are recorded against it."""
    draw = load_draw(round_)
    names = [p.name for table in draw.tables for p in table] + draw.reserve_names()
    return DrawRecord.objects.create(
        round=round_,
        number=DrawRecord.objects.filter(round=round_).count() + 1,
        method=round_.draw_method,
        recipe=UNRECORDED_RECIPE,
        seed=round_.draw_seed,
        starting_list=[{"player": name} for name in sorted(names)],
        tables=[list(table) for table in draw.table_names()],
        reserves=draw.reserve_names(),
        drawn_at=round_.drawn_at or timezone.now(),
    )


def exchange_seats(
    round_: Round, seats: dict[int, Seat], first: Player, second: Player
) -> tuple[str, list[Player]]:
    """Swap two seated players (both in `seats`), or seat the reserve in the seated one's
    place; returns the change's kind and its players ([first, second]; [reserve, replaced])."""
    if len(seats) == 2:
        a, b = seats[first.pk], seats[second.pk]
        # The unique (round, player) constraint forbids a direct exchange: park one first.
        a_table, a_seat = a.table_id, a.seat
        a.delete()
        Seat.objects.filter(pk=b.pk).update(table_id=a_table, seat=a_seat)
        Seat.objects.create(table_id=b.table_id, round=round_, seat=b.seat, player=first)
        return DrawChange.Kind.SWAP, [first, second]
    seated, reserve = (first, second) if first.pk in seats else (second, first)
    Seat.objects.filter(pk=seats[seated.pk].pk).update(player=reserve)
    return DrawChange.Kind.RESERVE_IN, [reserve, seated]
