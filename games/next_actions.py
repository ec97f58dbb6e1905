"""What a player's own page (/me/) puts first: the results waiting for his confirmation,
tonight's table, then his other drawn tables not yet played, from rows already loaded (no
query here; the rules of who may confirm are games.permissions')."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.models import ResultVersion
from games.permissions import TableState, can_confirm
from games.tonight import tonight_seats
from league.models import Seat


@dataclass(frozen=True)
class MyTable:
    """One of my seats with its table's current result version (None before any)."""

    seat: Seat
    current: ResultVersion | None

    @property
    def played(self) -> bool:
        """Its result is confirmed (or the table was marked as not played)."""
        confirmed = (
            self.current is not None and self.current.status == ResultVersion.Status.CONFIRMED
        )
        return confirmed or self.seat.table.not_played


@dataclass(frozen=True)
class NextActions:
    """My tables in the order /me/ shows them."""

    waiting: list[MyTable]  # a result another player entered, mine to confirm
    tonight: list[MyTable]  # tonight's tables not already waiting for me
    to_play: list[MyTable]  # my other drawn tables without a confirmed result, soonest first


def next_actions(
    seats: Sequence[Seat],
    current: Mapping[int, ResultVersion],
    *,
    user_id: int | None,
    player_id: int,
    now: dt.datetime,
) -> NextActions:
    """Sort my seats (with `table__round` loaded; drawn rounds whose draw is published) by
    what I do next; `current` holds their tables' current versions by table id."""
    tables = [MyTable(seat, current.get(seat.table_id)) for seat in seats]
    waiting = [t for t in tables if _mine_to_confirm(t, user_id, player_id)]
    waiting_ids = {t.seat.table_id for t in waiting}
    tonight_ids = {s.table_id for s in tonight_seats(seats, now)}
    tonight = [t for t in tables if t.seat.table_id in tonight_ids - waiting_ids]
    to_play = sorted(
        (t for t in tables if not t.played and t.seat.table_id not in waiting_ids | tonight_ids),
        key=lambda t: (t.seat.table.round.date, t.seat.table.round.number),
    )
    return NextActions(waiting, tonight, to_play)


def _mine_to_confirm(table: MyTable, user_id: int | None, player_id: int) -> bool:
    current = table.current
    if current is None or current.status != ResultVersion.Status.PENDING:
        return False
    round_ = table.seat.table.round
    state = TableState(
        organizer=False,
        seated=True,
        user_id=user_id,
        player_id=player_id,
        round_number=round_.number,
        round_status=round_.status,
        current=current,
        draw_public=round_.draw_is_public,
        not_played=table.seat.table.not_played,
    )
    return can_confirm(state)
