"""Head-to-head of two players (FORMATS.md 7 `/players/A/vs/B/`) from the games they shared, pure.

Decisions:
- A shared game is a confirmed game of 3 or 4 players where both sat at the same table.
- A placed ahead of B when A's game score is higher (a better place); equal scores are a tie.
- Points are each game's league placement points under its season's rules (tied players
  share the places they cover, `league.standings.placement_points`); a game outside any
  season has no league points and adds none. Gaps are from the table average, as in the
  standings. Both are summed over the shared games, exactly.
- Meetings are listed newest first (date, then game, high to low).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Generic, Literal, TypeVar

from league.standings import TABLE_SIZES, Exact, gaps_from_average, placement_points, places

P = TypeVar("P", bound=Hashable)

Outcome = Literal["a", "b", "tied"]
LAST_MEETINGS = 10


@dataclass(frozen=True)
class SharedGame(Generic[P]):
    """A game both players played: where and when, every seat's (player, score), and the
    placement values of its season's rules (None outside a season)."""

    game: int
    date: dt.date
    seats: Sequence[tuple[P, int]]
    placement_values: Sequence[int] | None = None
    season: str | None = None
    round: int | None = None
    table: int | None = None


@dataclass(frozen=True)
class Side:
    """One player's line in one shared game."""

    score: int
    place: int
    points: Exact | None
    gap: Exact


@dataclass(frozen=True)
class Meeting:
    """One shared game from A's side: both lines and who placed better."""

    game: int
    date: dt.date
    season: str | None
    round: int | None
    table: int | None
    a: Side
    b: Side

    @property
    def outcome(self) -> Outcome:
        if self.a.score == self.b.score:
            return "tied"
        return "a" if self.a.score > self.b.score else "b"

    @property
    def sides(self) -> tuple[tuple[Side, bool], tuple[Side, bool]]:
        """A's and B's lines, each with whether it placed better than the other."""
        return (self.a, self.outcome == "a"), (self.b, self.outcome == "b")

    def swapped(self) -> Meeting:
        return replace(self, a=self.b, b=self.a)


@dataclass(frozen=True)
class HeadToHead(Generic[P]):
    """What A and B's shared games say: who placed better how often, points and gaps."""

    a: P
    b: P
    meetings: tuple[Meeting, ...]  # newest first

    @property
    def games(self) -> int:
        return len(self.meetings)

    def _count(self, outcome: Outcome) -> int:
        return sum(1 for m in self.meetings if m.outcome == outcome)

    @property
    def a_ahead(self) -> int:
        return self._count("a")

    @property
    def b_ahead(self) -> int:
        return self._count("b")

    @property
    def tied(self) -> int:
        return self._count("tied")

    @property
    def a_points(self) -> Exact:
        return sum((m.a.points for m in self.meetings if m.a.points is not None), start=0)

    @property
    def b_points(self) -> Exact:
        return sum((m.b.points for m in self.meetings if m.b.points is not None), start=0)

    @property
    def a_gap(self) -> Exact:
        return sum((m.a.gap for m in self.meetings), start=0)

    @property
    def b_gap(self) -> Exact:
        return sum((m.b.gap for m in self.meetings), start=0)

    def last(self, n: int = LAST_MEETINGS) -> tuple[Meeting, ...]:
        """The `n` most recent meetings."""
        return self.meetings[:n]

    def swapped(self) -> HeadToHead[P]:
        """The same games seen from B's side."""
        return HeadToHead(self.b, self.a, tuple(m.swapped() for m in self.meetings))


def _side(game: SharedGame[P], seat: int) -> Side:
    scores = [score for _, score in game.seats]
    place, _tied = places(scores)[seat]
    points = (
        placement_points(scores, game.placement_values)[seat]
        if game.placement_values is not None
        else None
    )
    return Side(scores[seat], place, points, gaps_from_average(scores)[seat])


def head_to_head(a: P, b: P, games: Iterable[SharedGame[P]]) -> HeadToHead[P]:
    """A and B's head-to-head over `games` (games without both of them, or not of 3 or 4
    players, are left out).

    >>> day = dt.date(2026, 1, 4)
    >>> h = head_to_head("A", "B", [SharedGame(1, day, [("A", 90), ("B", 30), ("C", 0),
    ...     ("D", -120)], (7, 3, 1, 0))])
    >>> (h.games, h.a_ahead, h.b_ahead, h.tied, h.a_points, h.b_points, h.a_gap, h.b_gap)
    (1, 1, 0, 0, 7, 3, 90, 30)
    """
    if a == b:
        raise ValueError("a head-to-head needs two different players")
    meetings = []
    for game in games:
        players = [player for player, _ in game.seats]
        if a not in players or b not in players or len(players) not in TABLE_SIZES:
            continue
        meetings.append(
            Meeting(
                game.game,
                game.date,
                game.season,
                game.round,
                game.table,
                _side(game, players.index(a)),
                _side(game, players.index(b)),
            )
        )
    meetings.sort(key=lambda m: (m.date, m.game), reverse=True)
    return HeadToHead(a, b, tuple(meetings))
