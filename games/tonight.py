"""Which of a player's tables is tonight's: the one he opens at the table, put first on /me/."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from league.actions.common import league_zone
from league.models import Seat

# A round played in the evening is still "tonight" until the small hours (results by 00:00).
NIGHT_ENDS = dt.time(6, 0)


def tonight_seats(seats: Sequence[Seat], now: dt.datetime) -> list[Seat]:
    """The seats of rounds dated today, or yesterday before `NIGHT_ENDS`, on the clock of each
    round's league (`now` is aware: the server's UTC day is not the club's after 22:00).

    `seats` come with `table__round__season__league` loaded (no query here).
    """
    return [
        s
        for s in seats
        if _is_tonight(s.table.round.date, now, s.table.round.season.league.timezone)
    ]


def _is_tonight(date: dt.date, now: dt.datetime, zone: str) -> bool:
    local = now.astimezone(league_zone(zone))
    today = local.date()
    evening = today - dt.timedelta(days=1) if local.time() < NIGHT_ENDS else today
    return evening <= date <= today
