"""When a round happens in its league's time zone, for the pages (as the scheduler sees it)."""

from __future__ import annotations

from league.actions.common import league_zone, registration_deadline
from league.models import Round
from league.rules import LeagueRules
from publishing import schedule
from publishing.schedule import RoundTimes

__all__ = ["RoundTimes", "round_times"]


def round_times(round_: Round, rules: LeagueRules, zone_name: str) -> RoundTimes:
    """The round's registration deadline (league.actions) and the times of its day.

    `round_.season.league` must be loaded (the deadline helper reads the league's zone).
    """
    return schedule.round_times(
        round_.date,
        rules.schedule,
        league_zone(zone_name),
        deadline=registration_deadline(round_, rules),
    )
