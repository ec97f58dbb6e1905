"""When a round happens in its league's time zone: registration deadline and play start."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from league.actions.common import registration_deadline
from league.models import Round
from league.rules import LeagueRules


@dataclass(frozen=True)
class RoundTimes:
    """The moments of a round day that players need to know, as aware datetimes."""

    deadline: dt.datetime
    draw_publish: dt.datetime
    play_start: dt.datetime
    results_publish: dt.datetime


def league_zone(name: str) -> ZoneInfo:
    """The league's time zone, Asia/Jerusalem when the stored name is unknown."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("Asia/Jerusalem")


def round_times(round_: Round, rules: LeagueRules, zone_name: str) -> RoundTimes:
    """The round's registration deadline (league.actions) and the times of its day.

    `round_.season.league` must be loaded (the deadline helper reads the league's zone).
    """
    zone = league_zone(zone_name)
    schedule = rules.schedule

    def at(time: dt.time) -> dt.datetime:
        return dt.datetime.combine(round_.date, time, tzinfo=zone)

    results = at(schedule.results_publish)
    if schedule.results_publish < schedule.play_start:
        results += dt.timedelta(days=1)
    return RoundTimes(
        deadline=registration_deadline(round_, rules),
        draw_publish=at(schedule.draw_publish),
        play_start=at(schedule.play_start),
        results_publish=results,
    )
