"""Who belongs to a rated open-play season and which games count for it (RULES.md 3.2), pure.

Decisions:
- A player is a member from the first moment on or after the season's start at which his
  rating is at least the threshold: at the start itself when the rating he carries into
  the season is already there, else right after the game that takes him there (a game dated
  after the season's end does not). Once reached, membership stays.
- A game counts when it is a 4-player rated game dated within the season and all four
  players were members before it was played (played order: date, then game id), so the
  game that takes a player to the threshold is not yet one of his league games.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

P = TypeVar("P", bound=Hashable)

# A membership that began at the season's start sorts before every game of that day.
AT_START = 0


@dataclass(frozen=True)
class Membership:
    """A player's admission: after game `game` (None: from the start) on `date`."""

    date: dt.date
    game: int | None
    rating: float

    def before(self, date: dt.date, game: int) -> bool:
        """Whether the player was already a member when game `game` on `date` was played."""
        return (self.date, self.game or AT_START) < (date, game)


def membership(
    threshold: float,
    start: dt.date,
    end: dt.date,
    rating_at_start: float,
    crossings: Iterable[tuple[dt.date, int, float]],
) -> Membership | None:
    """A player's membership from his rating carried into the season and his rating changes
    in played order (date, game, rating after) within the season; None if never reached."""
    if rating_at_start >= threshold:
        return Membership(start, None, rating_at_start)
    for date, game, after in crossings:
        if start <= date <= end and after >= threshold:
            return Membership(date, game, after)
    return None


def counted_games(
    members: Mapping[P, Membership],
    games: Iterable[tuple[int, dt.date, Sequence[P]]],
    start: dt.date,
    end: dt.date,
) -> list[int]:
    """The games (id, date, players) that count: 4 members, all admitted before the game."""
    return [
        game
        for game, date, players in games
        if start <= date <= end
        and len(players) == 4
        and all(p in members and members[p].before(date, game) for p in players)
    ]
