"""Which of a player's tables is tonight's: the one he opens at the table, put first on /me/."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from league.models import Seat

# A round played in the evening is still "tonight" until the small hours (results by 00:00).
NIGHT_ENDS = dt.time(6, 0)


def tonight_seats(seats: Sequence[Seat], now: dt.datetime) -> list[Seat]:
    """The seats of rounds dated today, or yesterday before `NIGHT_ENDS` (`now` local).

    `seats` come with `table__round` loaded (no query here).
    """
    today = now.date()
    evening = today - dt.timedelta(days=1) if now.time() < NIGHT_ENDS else today
    return [s for s in seats if evening <= s.table.round.date <= today]
