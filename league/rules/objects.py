"""The words the rules are written in (kinds of league, weekdays, remainder policies) and the
small immutable objects a league's rules hold (drops, podium windows, the final period, the
draw, the round day, a tournament's final table)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

LeagueKind = Literal["rounds", "rated", "tournament"]
RemainderPolicy = Literal["reserve", "three-player"]
DrawMethod = Literal["random", "ranking", "standing", "final"]

KINDS: tuple[str, ...] = ("rounds", "rated", "tournament")
REMAINDER_POLICIES: tuple[str, ...] = ("reserve", "three-player")
WEEKDAYS: tuple[str, ...] = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
FINAL_TABLE_SIZE = 4


@dataclass(frozen=True)
class DropSchedule:
    """When worst games are dropped: after each count in `at`, then every `then_every` games."""

    at: tuple[int, ...]
    then_every: int | None = None
    max: int | None = None

    def dropped_count(self, games: int) -> int:
        """How many of a player's games are dropped once he has played `games` games."""
        count = sum(1 for threshold in self.at if games >= threshold)
        if self.then_every and self.at and games > self.at[-1]:
            count += (games - self.at[-1]) // self.then_every
        if self.max is not None:
            count = min(count, self.max)
        return min(count, games)


@dataclass(frozen=True)
class PodiumWindow:
    """To finish 1st-3rd a player needs `min_games` games in the season's last `last_rounds`."""

    last_rounds: int
    min_games: int


@dataclass(frozen=True)
class FinalPeriod:
    """To be ranked a player needs `min_games` games in the last `months` months of the season.

    Decision (RULES.md 3.2): the period runs from the season's end date minus `months`
    calendar months up to the day before the end date, both included (01.07 end: 01.06 to
    30.06, i.e. all of June; 15.07 end: 15.06 to 14.07). A game on the end date counts for
    the season, not for the period.
    """

    months: int
    min_games: int

    def starts_on(self, season_end: dt.date) -> dt.date:
        """The first day of the final period of a season ending on `season_end`."""
        month_index = season_end.year * 12 + season_end.month - 1 - self.months
        year, month = divmod(month_index, 12)
        month += 1
        day = min(season_end.day, _days_in_month(year, month))
        return dt.date(year, month, day)

    def ends_on(self, season_end: dt.date) -> dt.date:
        """The last day of the final period of a season ending on `season_end`: the day
        before it.

        >>> FinalPeriod(months=1, min_games=5).ends_on(dt.date(2024, 7, 1))
        datetime.date(2024, 6, 30)
        """
        return season_end - dt.timedelta(days=1)


@dataclass(frozen=True)
class DrawSchedule:
    """Which draw a round gets: random on `random_weekdays` until `ranking_from_round`."""

    random_weekdays: tuple[str, ...]
    ranking_from_round: int | None = None

    def method_for(self, round_number: int, date: dt.date) -> DrawMethod:
        """The draw method of round `round_number` played on `date`."""
        if self.ranking_from_round is not None and round_number >= self.ranking_from_round:
            return "ranking"
        if WEEKDAYS[date.weekday()] in self.random_weekdays:
            return "random"
        return "ranking"


@dataclass(frozen=True)
class RoundSchedule:
    """The weekdays rounds are played on and the times of a round day, in league time."""

    weekdays: tuple[str, ...]
    registration_deadline: dt.time
    draw_publish: dt.time
    play_start: dt.time
    results_publish: dt.time


@dataclass(frozen=True)
class FinalTable:
    """A tournament's final table (RULES.md 3.4): the top 4 after the last stage play one more
    game; its placements decide places 1-4, and it earns its own `placement_points`."""

    placement_points: tuple[int, ...]


def _days_in_month(year: int, month: int) -> int:
    following = dt.date(year + month // 12, month % 12 + 1, 1)
    return (following - dt.timedelta(days=1)).day
