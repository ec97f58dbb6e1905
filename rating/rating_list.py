"""The public rating list (FORMATS.md 7 `/ratings/`) from the stored rating history, pure.

Decisions:
- A rated player is one with at least one rated game; the list is by rating, high to low,
  then by name; equal ratings (to the published 0.1) share a rank.
- The change over the last `days` days (30) on the day `today` is the rating now minus the
  rating after the last game played on or before `today - days` (START_RATING when there is
  none): games played in the `days` days up to and including `today` make the change.
- A threshold's date is the date of the first game after which the rating was at or above
  it (None if never). A rating that falls back below keeps the date: reaching it is for
  good (RULES.md 3.2).
- The games that moved a rating most: the `n` largest gains and the `n` largest losses,
  each largest first (ties: the earlier game first); a change of exactly 0 is neither.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rating.elo import START_RATING

P = TypeVar("P", bound=Hashable)

CHANGE_DAYS = 30
DEFAULT_THRESHOLD = 1200
MOVES_SHOWN = 5
PUBLISHED_PLACES = 1  # ratings are published (and ranked) to one decimal


@dataclass(frozen=True, order=True)
class Step:
    """One rated game of a player: when, which game, his rating before and after."""

    date: dt.date
    game: int
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class RatingRow(Generic[P]):
    """A line of the rating list."""

    rank: int
    player: P
    rating: float
    games: int
    change: float  # over the last CHANGE_DAYS days
    reached: tuple[dt.date | None, ...]  # first date at or above each threshold, in order


def rating_on(history: Sequence[Step], day: dt.date) -> float:
    """The rating after the last game played on or before `day` (history in played order).

    >>> rating_on([Step(dt.date(2026, 1, 4), 1, 1000.0, 1016.0)], dt.date(2026, 1, 3))
    1000.0
    >>> rating_on([Step(dt.date(2026, 1, 4), 1, 1000.0, 1016.0)], dt.date(2026, 1, 4))
    1016.0
    """
    rating = START_RATING
    for step in history:
        if step.date > day:
            break
        rating = step.after
    return rating


def first_reached(history: Sequence[Step], threshold: float) -> dt.date | None:
    """The date of the first game after which the rating was at least `threshold`.

    >>> first_reached([Step(dt.date(2026, 1, 4), 1, 1190.0, 1204.0)], 1200)
    datetime.date(2026, 1, 4)
    """
    return next((step.date for step in history if step.after >= threshold), None)


def rating_list(
    histories: Mapping[P, Sequence[Step]],
    thresholds: Sequence[int],
    today: dt.date,
    names: Mapping[P, str],
    days: int = CHANGE_DAYS,
) -> list[RatingRow[P]]:
    """Every player with a rated game, by rating (high to low, then name), ranked.

    `histories` hold each player's games in played order (date, then game).
    """
    cutoff = today - dt.timedelta(days=days)
    unranked = [
        (
            player,
            history[-1].after,
            len(history),
            history[-1].after - rating_on(history, cutoff),
            tuple(first_reached(history, threshold) for threshold in thresholds),
        )
        for player, history in histories.items()
        if history
    ]
    unranked.sort(key=lambda row: (-round(row[1], PUBLISHED_PLACES), names[row[0]], str(row[0])))
    rows: list[RatingRow[P]] = []
    for index, (player, rating, games, change, reached) in enumerate(unranked):
        shared = rows and round(rows[-1].rating, PUBLISHED_PLACES) == round(
            rating, PUBLISHED_PLACES
        )
        rank = rows[-1].rank if shared else index + 1
        rows.append(RatingRow(rank, player, rating, games, change, reached))
    return rows


def biggest_moves(history: Iterable[Step], n: int = MOVES_SHOWN) -> tuple[list[Step], list[Step]]:
    """The `n` largest gains and the `n` largest losses, largest first (earlier on ties).

    >>> day = dt.date(2026, 1, 4)
    >>> gains, losses = biggest_moves([Step(day, 1, 1000, 1016), Step(day, 2, 1016, 1008)], 1)
    >>> [s.game for s in gains], [s.game for s in losses]
    ([1], [2])
    """
    steps = list(history)
    gains = sorted((s for s in steps if s.delta > 0), key=lambda s: (-s.delta, s.date, s.game))
    losses = sorted((s for s in steps if s.delta < 0), key=lambda s: (s.delta, s.date, s.game))
    return gains[:n], losses[:n]


def thresholds_of(rated_league_thresholds: Iterable[int]) -> list[int]:
    """The thresholds the list shows: each rated league's, once, low to high (1200 when
    there is no rated league).

    >>> thresholds_of([])
    [1200]
    >>> thresholds_of([1300, 1200, 1300])
    [1200, 1300]
    """
    return sorted(set(rated_league_thresholds)) or [DEFAULT_THRESHOLD]
