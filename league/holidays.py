"""The holiday evenings a league does not play on (issue 31): which evening a holiday of the
league's list begins on, or lies inside, in the Israeli calendar.

The days come from hdate (py-libhdate, the Hebrew calendar Home Assistant's Jewish calendar
uses), in its Israel mode: it gives the festivals and also Yom HaShoah, Yom HaZikaron and
Tisha B'Av with the Israeli rules that move them off Shabbat, which the `holidays` package's
Israel calendar lacks or gives only as optional days. A Jewish day begins at nightfall, so
a holiday's first day begins on the evening before it (its eve) and an evening between two
of its days (the two days of Rosh Hashana) lies inside it; the evening its last day ends is
an ordinary evening.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from hdate import HDateInfo


@dataclass(frozen=True)
class Holiday:
    """A holiday a league may skip: its name, and hdate's names of its days."""

    name: Promise
    days: frozenset[str]


HOLIDAYS: Final[Mapping[str, Holiday]] = {
    "rosh_hashana": Holiday(
        gettext_lazy("Rosh Hashana"), frozenset({"rosh_hashana_i", "rosh_hashana_ii"})
    ),
    "yom_kippur": Holiday(gettext_lazy("Yom Kippur"), frozenset({"yom_kippur"})),
    "sukkot": Holiday(gettext_lazy("Sukkot"), frozenset({"sukkot"})),
    "simchat_torah": Holiday(
        gettext_lazy("Simchat Torah"), frozenset({"shmini_atzeret", "simchat_torah"})
    ),
    "pesach": Holiday(gettext_lazy("Pesach (Seder night)"), frozenset({"pesach"})),
    "pesach_vii": Holiday(gettext_lazy("the seventh day of Pesach"), frozenset({"pesach_vii"})),
    "shavuot": Holiday(gettext_lazy("Shavuot"), frozenset({"shavuot"})),
    "yom_hashoah": Holiday(gettext_lazy("Yom HaShoah"), frozenset({"yom_hashoah"})),
    "yom_hazikaron": Holiday(gettext_lazy("Yom HaZikaron"), frozenset({"yom_hazikaron"})),
    "tisha_bav": Holiday(gettext_lazy("Tisha B'Av"), frozenset({"tisha_bav"})),
}
# The festivals' eves and the evenings Israeli law closes places of entertainment.
DEFAULT_SKIPPED: Final = tuple(HOLIDAYS)


def default_skipped_holidays() -> list[str]:
    """A new league's list (the model field's default)."""
    return list(DEFAULT_SKIPPED)


@dataclass(frozen=True)
class HolidayEvening:
    """An evening on which a holiday of the list begins (`eve`) or that lies inside it."""

    date: dt.date
    holiday: str  # a key of HOLIDAYS
    eve: bool

    @property
    def name(self) -> str:
        """How the page names it, e.g. "Eve of Yom Kippur"."""
        holiday = str(HOLIDAYS[self.holiday].name)
        if self.eve:
            return _("Eve of %(holiday)s") % {"holiday": holiday}
        return _("%(holiday)s (its second evening)") % {"holiday": holiday}


def holiday_evenings(
    first: dt.date, last: dt.date, kinds: Collection[str]
) -> dict[dt.date, HolidayEvening]:
    """The evenings from `first` to `last` (inclusive) on which a holiday of `kinds` (keys
    of HOLIDAYS; unknown keys are ignored) begins or that lie inside one."""
    return {evening.date: evening for evening in skipped_evenings(_days(first, last), kinds, ())}


def evening_holiday(evening: dt.date, kinds: Collection[str]) -> HolidayEvening | None:
    """The holiday of `kinds` that begins on `evening` or that it lies inside, if any."""
    wanted = _wanted(kinds)
    tomorrow = _holiday_of(evening + dt.timedelta(days=1), wanted)
    if tomorrow is None:
        return None
    return HolidayEvening(evening, tomorrow, eve=_holiday_of(evening, wanted) != tomorrow)


def skipped_evenings(
    days: Iterable[dt.date], kinds: Collection[str], played: Collection[dt.date]
) -> list[HolidayEvening]:
    """The holiday evenings of `kinds` among `days` (e.g. a season's round weekdays) that
    are not `played` (the dates of its rounds): what the rules page lists as skipped."""
    found = (evening_holiday(day, kinds) for day in days if day not in played)
    return [evening for evening in found if evening is not None]


def _wanted(kinds: Collection[str]) -> dict[str, str]:
    """hdate's day names of the holidays of `kinds`, each with its key."""
    return {day: key for key in kinds if key in HOLIDAYS for day in HOLIDAYS[key].days}


def _holiday_of(day: dt.date, wanted: Mapping[str, str]) -> str | None:
    return next((wanted[name] for name in _day_names(day) if name in wanted), None)


@functools.lru_cache(maxsize=4096)
def _day_names(day: dt.date) -> tuple[str, ...]:
    """hdate's names of the holidays on `day` in Israel (kept: about 2 ms a day to work out,
    and the wizard asks for the same months again with every change)."""
    return tuple(holiday.name for holiday in HDateInfo(day, diaspora=False).holidays)


def _days(first: dt.date, last: dt.date) -> Iterator[dt.date]:
    day = first
    while day <= last:
        yield day
        day += dt.timedelta(days=1)
