"""A new season's calendar of round dates (pure): the season's weekdays from its start,
with holidays skipped and single rounds moved by the organizer."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable, Collection, Sequence

from league.holidays import HolidayEvening, evening_holiday
from league.rules import WEEKDAYS

MAX_SPAN_DAYS = 3 * 366  # a calendar never looks further than this for its dates
# The last date a calendar can start from or move a round to: it still looks MAX_SPAN_DAYS
# on from there, and a round's results may be published the day after it.
LATEST_DATE = dt.date.max - dt.timedelta(days=MAX_SPAN_DAYS + 1)


def can_extend(day: dt.date) -> bool:
    """Whether a calendar can start on `day` or have a round on it (not after LATEST_DATE)."""
    return day <= LATEST_DATE


def generate_dates(
    start: dt.date,
    weekdays: Collection[str],
    count: int,
    skipped: Collection[dt.date] = (),
    after: Sequence[dt.date] = (),
) -> list[dt.date]:
    """`after` followed by the next dates on `weekdays`, from `start` (or the day after the
    last of `after`), not in `skipped`, until there are `count` dates (fewer when no date
    is found within MAX_SPAN_DAYS, e.g. with no weekday). `start` and `after` must pass
    `can_extend`."""
    dates = list(after[:count])
    day = dates[-1] + dt.timedelta(days=1) if dates else start
    last = start + dt.timedelta(days=MAX_SPAN_DAYS)
    taken = set(dates)
    while len(dates) < count and day <= last:
        if WEEKDAYS[day.weekday()] in weekdays and day not in skipped and day not in taken:
            dates.append(day)
        day += dt.timedelta(days=1)
    return dates


def without_holidays(
    generate: Callable[[set[dt.date]], list[dt.date]],
    skipped: set[dt.date],
    kinds: Collection[str],
    kept: Collection[dt.date] = (),
) -> tuple[list[dt.date], dict[dt.date, HolidayEvening]]:
    """The dates `generate(skipped)` gives once every evening of theirs on which a holiday
    of `kinds` begins (league.holidays) is skipped too, but for the `kept` ones; and the
    holiday evenings skipped."""
    holidays: dict[dt.date, HolidayEvening] = {}
    while True:
        dates = generate(skipped | set(holidays))
        found = {
            date: holiday
            for date in dates
            if date not in kept and (holiday := evening_holiday(date, kinds)) is not None
        }
        if not found:
            return dates, holidays
        holidays |= found


def tournament_dates(start: dt.date, count: int, after: Sequence[dt.date] = ()) -> list[dt.date]:
    """A tournament's calendar: `after` (the dates the organizer set), the other stages and
    the final table on the day of the last of them (or on `start`): one evening by default."""
    dates = list(after[:count])
    day = dates[-1] if dates else start
    return dates + [day] * (count - len(dates))


def out_of_order(dates: Sequence[dt.date], *, same_day: bool = False) -> list[int]:
    """The round numbers (1-based) whose date is not after the previous round's (before it,
    when rounds may share a day, as a tournament's stages do)."""
    return [
        number
        for number, (before, date) in enumerate(itertools.pairwise(dates), 2)
        if date < before or (date == before and not same_day)
    ]
