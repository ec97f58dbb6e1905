"""A round day's moments in the league's time zone and which scheduled steps are due (pure).

Decisions: registration closes and the round is drawn at the deadline; the draw is published
at `draw_publish`; the results and the table at `results_publish` (the next day when that
time is before play starts, e.g. 00:00). A step only runs within `CATCH_UP` of its time, so
a scheduler that was down for days, or an imported past season, does not replay old rounds.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum
from zoneinfo import ZoneInfo

from league.rules.objects import RoundSchedule

CATCH_UP = dt.timedelta(hours=12)


class Step(StrEnum):
    """A scheduled step of a round."""

    CLOSE = "close"
    DRAW = "draw"
    PUBLISH_DRAW = "publish_draw"
    PUBLISH_RESULTS = "publish_results"


@dataclass(frozen=True)
class RoundTimes:
    """When each step of one round happens (aware datetimes)."""

    deadline: dt.datetime
    draw_publish: dt.datetime
    play_start: dt.datetime
    results_publish: dt.datetime


@dataclass(frozen=True)
class RoundState:
    """What has happened to a round so far."""

    open: bool
    drawn: bool
    draw_published: bool
    results_published: bool
    registered: int
    results: int


def round_times(
    date: dt.date, schedule: RoundSchedule, zone: ZoneInfo, deadline: dt.datetime | None = None
) -> RoundTimes:
    """The round's moments on `date` in `zone` (a round's own deadline replaces the league's)."""

    def at(time: dt.time, day: dt.date = date) -> dt.datetime:
        return dt.datetime.combine(day, time, tzinfo=zone)

    results_day = (
        date + dt.timedelta(days=1) if schedule.results_publish < schedule.play_start else date
    )
    return RoundTimes(
        deadline=deadline or at(schedule.registration_deadline),
        draw_publish=at(schedule.draw_publish),
        play_start=at(schedule.play_start),
        results_publish=at(schedule.results_publish, results_day),
    )


def due_steps(times: RoundTimes, state: RoundState, now: dt.datetime) -> list[Step]:
    """The steps to run now, in order (each is idempotent, so re-running is safe)."""

    def due(moment: dt.datetime) -> bool:
        return moment <= now <= moment + CATCH_UP

    steps = []
    if due(times.deadline) and not state.drawn and not state.results:
        if state.open:
            steps.append(Step.CLOSE)
        if state.registered:
            steps.append(Step.DRAW)
    drawn = state.drawn or Step.DRAW in steps
    if due(times.draw_publish) and drawn and not state.draw_published:
        steps.append(Step.PUBLISH_DRAW)
    if due(times.results_publish) and state.results and not state.results_published:
        steps.append(Step.PUBLISH_RESULTS)
    return steps
