"""What is still possible in a scheduled-rounds season (RULES.md 3.1, FORMATS.md 5), pure.

For each player: `max_points`, the league points (drops applied) he finishes with by winning
every remaining round alone, and `race`: a final place 1-3 (a shared 3rd included)
`clinched`, `open` or `out`, judged over every way the remaining rounds can go. The
decision's ways: each player may play any of the remaining rounds he has not played yet
and take any place in each at a table of 4 (or 3, when the rules seat three-player
tables), with any score the preset's bounds allow; tables and draws are ignored. So the
players' futures are independent, and the method is:

- A future game is one seat of a table whose other seats nobody counts (`FutureGame`: its
  scores, the player's first). Of all the games a player can have, the best is the one
  with the most league points and then the largest gap, the worst the fewest points and
  then the lowest gap (`extreme_games`). Counted points and gap are the best sum over the
  games the drops keep, so a game better on (points, gap) never lowers them: among the
  futures with `m` more games, the best plays `m` best games and the worst `m` worst
  games. Which rounds they fill does not change the totals, and the latest rounds meet
  every podium window and the minimum best, so `m` best (worst) games in the latest `m`
  free rounds are the best (worst) future with `m` games. Every `m` is tried: a new game
  can raise the count of drops, so neither extreme need be at the most games.
- A player finishes 1-3 when he meets the conditions (eligible, podium windows) and fewer
  than three other players who meet them rank strictly above him (the season's ranking
  key: points, gap, games; `league.standings.rank_tallies`).
- `out`: no future meets his conditions, or at least three others already meet theirs
  (so they meet them in every future) and rank above his best even at their worst.
- `clinched`: at his worst among the futures that meet his conditions ("he plays the
  games the conditions ask"), fewer than three others can rank above him at their best
  with their conditions met (each alone can, so together they can).
- `open` otherwise, with two completions that show it (`Outlook.podium`, his best and
  everyone else's friendliest: the others who do not meet the conditions yet play no
  more, those who do their worst; `Outlook.no_podium`: his worst with the conditions met
  and three of those who can pass him at their best). The property tests replay both
  through the real standings.

A finished season has no remaining rounds: every player is clinched or out.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from league.game_check import table_deck
from league.rules import LeagueRules
from league.standings import (
    PODIUM_PLACES,
    Exact,
    GameEntry,
    PlayerTally,
    RunningTally,
    game_entries,
    is_podium_eligible,
    places,
    ranking_key,
)
from scoring import get_preset
from scoring.bounds import game_total_bounds

Race = Literal["clinched", "open", "out"]
Key = tuple[Exact, Exact, int]  # league.standings.ranking_key: smaller ranks higher


class RemainingRound(NamedTuple):
    """A round of the season not finished yet: its number and date (None: not known)."""

    number: int
    date: dt.date | None


@dataclass(frozen=True)
class FutureGame:
    """One future game of a player's: the round, its date, and the table's scores with his
    first (the other seats are nobody the season counts: tables are ignored)."""

    round: int
    date: dt.date | None
    scores: tuple[int, ...]

    def entry(self, rules: LeagueRules, player: Any) -> GameEntry:
        """The player's standings entry for this game, by the real standings' arithmetic."""
        seats = [(player, self.scores[0])]
        seats += [(("seat", i), score) for i, score in enumerate(self.scores[1:], 1)]
        return game_entries(
            rules, ("future", player, self.round), seats, round_number=self.round, date=self.date
        )[0]


Completion = Mapping[Any, tuple[FutureGame, ...]]
"""A way the remaining rounds go: each player's future games (players not named play none)."""


def completion_entries(rules: LeagueRules, completion: Completion) -> list[GameEntry]:
    """Every future game's standings entry, to add to the season's entries."""
    return [game.entry(rules, player) for player, games in completion.items() for game in games]


@dataclass(frozen=True)
class Outlook:
    """What is still possible for one player, with the two completions of an `open` race."""

    player: Any
    max_points: Exact
    race: Race
    podium: Completion | None = None  # a completion where he finishes 1-3
    no_podium: Completion | None = None  # one where he does not


def score_bounds(rules: LeagueRules) -> dict[int, tuple[int, int]]:
    """The game scores a table of each size the season seats can give (the preset's bounds):
    4 always, 3 when the rules seat three-player tables."""
    preset = get_preset(rules.scoring_preset)
    sizes = (3, 4) if rules.remainder == "three-player" else (4,)
    return {
        size: game_total_bounds(preset, rules.deals_per_game, table_deck(rules, size))
        for size in sizes
    }


def extreme_games(
    rules: LeagueRules, bounds: Mapping[int, tuple[int, int]]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The scores of the best and the worst game a player can have (his score first): over
    every table size, place and number sharing it, the extreme scores for it (the others
    just above, tied or at the far bound), compared on (league points, gap)."""
    possible = [
        scores
        for size, (low, high) in bounds.items()
        for place in range(1, size + 1)
        for tied in range(1, size - place + 2)
        for best in (True, False)
        # bounds too narrow for the place: the table is not what it was built for
        if places(scores := _table(size, place, tied, low, high, best))[0] == (place, tied)
        and all(low <= score <= high for score in scores)
    ]
    valued = sorted(possible, key=lambda scores: _value(rules, scores))
    if not valued:
        raise ValueError("the preset's bounds allow no game")
    return valued[-1], valued[0]


def _table(size: int, place: int, tied: int, low: int, high: int, best: bool) -> tuple[int, ...]:
    """A table of `size` where the first seat takes `place` shared by `tied`, with his gap
    as high (`best`) or as low as the bounds allow: his gap grows with his own score as
    often as players finish below him and falls with the others' scores."""
    above, below = place - 1, size - place - tied + 1
    if best:
        own = high - (1 if above else 0)
        return (own, *[own + 1] * above, *[own] * (tied - 1), *[low] * below)
    own = low + (1 if below else 0)
    return (own, *[high] * above, *[own] * (tied - 1), *[own - 1] * below)


def _value(rules: LeagueRules, scores: tuple[int, ...]) -> tuple[Exact, Exact]:
    entry = FutureGame(0, None, scores).entry(rules, "me")
    return entry.points, entry.gap


@dataclass
class _Futures:
    """One player's extremes: his free rounds latest first, and for each count `m` of
    future games (in the latest `m` of them) his ranking key at best and at worst."""

    player: Any
    free: list[RemainingRound]
    best: list[Key]
    worst: list[Key]
    best_points: Exact  # every free round won alone
    first_qualified: int | None  # the fewest future games that meet his conditions

    def best_qualified(self) -> tuple[int, Key] | None:
        if self.first_qualified is None:
            return None
        return _extreme(self.best, self.first_qualified, min)

    def worst_qualified(self) -> tuple[int, Key] | None:
        if self.first_qualified is None:
            return None
        return _extreme(self.worst, self.first_qualified, max)

    def games(self, count: int, scores: tuple[int, ...]) -> tuple[FutureGame, ...]:
        return tuple(FutureGame(r.number, r.date, scores) for r in self.free[:count])


def _extreme(keys: Sequence[Key], start: int, pick: Any) -> tuple[int, Key]:
    count = pick(range(start, len(keys)), key=lambda m: keys[m])
    return count, keys[count]


def season_race(
    rules: LeagueRules,
    tallies: Iterable[PlayerTally],
    remaining: Sequence[RemainingRound],
    *,
    season_end: dt.date | None = None,
    bounds: Mapping[int, tuple[int, int]] | None = None,
) -> dict[Any, Outlook]:
    """Every player's outlook (see the module's method). `tallies` carry their entries (the
    standings read with details); `remaining` are the rounds not finished; `bounds` the game
    scores each table size allows (default: the preset's, `score_bounds`)."""
    best_game, worst_game = extreme_games(rules, bounds or score_bounds(rules))
    futures = [
        _futures(rules, tally, remaining, best_game, worst_game, season_end) for tally in tallies
    ]
    # the keys others may end with: at their best once qualified, at their worst when
    # qualified already (they stay so); sorted, to count those above a key by bisection
    reachable = sorted(
        (best[1], i) for i, f in enumerate(futures) if (best := f.best_qualified()) is not None
    )
    unavoidable = sorted((max(f.worst), i) for i, f in enumerate(futures) if f.first_qualified == 0)
    outlooks = {}
    for i, future in enumerate(futures):
        outlooks[future.player] = _outlook(
            i, futures, reachable, unavoidable, best_game, worst_game
        )
    return outlooks


def _outlook(
    i: int,
    futures: Sequence[_Futures],
    reachable: Sequence[tuple[Key, int]],
    unavoidable: Sequence[tuple[Key, int]],
    best_game: tuple[int, ...],
    worst_game: tuple[int, ...],
) -> Outlook:
    future = futures[i]
    best, worst = future.best_qualified(), future.worst_qualified()
    if best is None or worst is None:
        return Outlook(future.player, future.best_points, "out")
    above_best = [j for _, j in unavoidable[: bisect_left(unavoidable, (best[1], -1))] if j != i]
    if len(above_best) >= PODIUM_PLACES:
        return Outlook(future.player, future.best_points, "out")
    above_worst = [j for _, j in reachable[: bisect_left(reachable, (worst[1], -1))] if j != i]
    if len(above_worst) < PODIUM_PLACES:
        return Outlook(future.player, future.best_points, "clinched")
    podium = {future.player: future.games(best[0], best_game)}
    for _, j in unavoidable:  # the others qualified already, at their worst
        if j != i:
            count, _ = _extreme(futures[j].worst, 0, max)
            podium[futures[j].player] = futures[j].games(count, worst_game)
    no_podium = {future.player: future.games(worst[0], worst_game)}
    for j in above_worst[:PODIUM_PLACES]:
        count, _ = futures[j].best_qualified() or (0, None)
        no_podium[futures[j].player] = futures[j].games(count, best_game)
    return Outlook(future.player, future.best_points, "open", podium, no_podium)


def _futures(
    rules: LeagueRules,
    tally: PlayerTally,
    remaining: Sequence[RemainingRound],
    best_game: tuple[int, ...],
    worst_game: tuple[int, ...],
    season_end: dt.date | None,
) -> _Futures:
    played = {entry.round for entry in tally.entries}
    free = sorted(
        (r for r in remaining if r.number not in played), key=lambda r: r.number, reverse=True
    )
    best: list[Key] = []
    worst: list[Key] = []
    first_qualified = None
    best_points: Exact = tally.points
    for scores, keys in ((best_game, best), (worst_game, worst)):
        running = RunningTally(rules, tally.player, season_end=season_end)
        for entry in tally.entries:
            running.add(entry)
        for m in range(len(free) + 1):
            if m:
                running.add(FutureGame(free[m - 1].number, free[m - 1].date, scores).entry(
                    rules, tally.player))  # fmt: skip
            now = running.tally()
            keys.append(ranking_key(now))
            if first_qualified is None and is_podium_eligible(rules, now):
                first_qualified = m
        if keys is best:
            best_points = now.points  # every free round won alone
    return _Futures(tally.player, free, best, worst, best_points, first_qualified)
