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
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from league.game_check import table_deck
from league.rules import LeagueRules
from league.standings import (
    PODIUM_PLACES,
    Exact,
    GameEntry,
    PlayerTally,
    from_twelfths,
    game_entries,
    in_twelfths,
    is_podium_eligible,
    key_in_twelfths,
    places,
    tally_player,
)
from scoring import get_preset
from scoring.bounds import game_total_bounds

Race = Literal["clinched", "open", "out"]
Key = tuple[Exact, Exact, int]  # league.standings.ranking_key: smaller ranks higher


class RemainingRound(NamedTuple):
    """A round of the season not finished yet: its number and date (None: not known)."""

    number: int
    date: dt.date | None


class Start(NamedTuple):
    """A player's season so far as the race reads it: his games and the counts the
    conditions need (each podium window's games, the final period's)."""

    player: Any
    entries: tuple[GameEntry, ...]
    window_games: tuple[int, ...]
    period_games: int | None

    @classmethod
    def of(cls, tally: PlayerTally) -> Start:
        """The start of a tally read with its entries."""
        return cls(tally.player, tally.entries, tally.podium_window_games, tally.final_period_games)

    def before(self, rules: LeagueRules, round_number: int, season_end: dt.date | None) -> Start:
        """His season without the games of round `round_number` and later (the race before
        that round's results): each taken out with what it added to the counts, its own
        one-game tally's (no totals summed again: the race sums the games itself)."""
        kept = tuple(e for e in self.entries if e.round is None or e.round < round_number)
        windows, period = list(self.window_games), self.period_games
        for entry in self.entries:
            if entry.round is not None and entry.round >= round_number:
                one = tally_player(rules, self.player, [entry], season_end=season_end)
                windows = [w - a for w, a in zip(windows, one.podium_window_games, strict=True)]
                if period is not None:
                    period -= one.final_period_games or 0
        return Start(self.player, kept, tuple(windows), period)


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
class _Plan:
    """A completion not written out yet (an open race's witness, built when asked for):
    each named player's count of future games, in his latest free rounds, and their scores.
    The others who play at their worst are one list shared by every open race."""

    own: tuple[PlayerFutures, int, tuple[int, ...]]
    others: Sequence[tuple[PlayerFutures, int, tuple[int, ...]]]

    def completion(self) -> Completion:
        mine, count, scores = self.own
        moves = {f.player: f.games(c, s) for f, c, s in self.others if f is not mine}
        moves[mine.player] = mine.games(count, scores)
        return moves


@dataclass(frozen=True)
class Outlook:
    """What is still possible for one player, with the two completions of an `open` race."""

    player: Any
    max_points: Exact
    race: Race
    _plans: tuple[_Plan, _Plan] | None = field(default=None, repr=False, compare=False)

    @property
    def podium(self) -> Completion | None:
        """A completion where he finishes 1-3 (an open race only)."""
        return None if self._plans is None else self._plans[0].completion()

    @property
    def no_podium(self) -> Completion | None:
        """A completion where he does not finish 1-3 (an open race only)."""
        return None if self._plans is None else self._plans[1].completion()

    def as_json(self) -> dict[str, Any]:
        """The row's fields of FORMATS.md 5 (`race_json(None)` where none is given)."""
        return {"max_points": float(self.max_points), "race": self.race}


def race_json(outlook: Outlook | None) -> dict[str, Any]:
    """A standings row's `max_points` and `race`: null when nothing is given (rated open
    play, tournaments)."""
    return {"max_points": None, "race": None} if outlook is None else outlook.as_json()


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
class PlayerFutures:
    """One player's extremes: his free rounds latest first, and for each count `m` of
    future games (in the latest `m` of them) his ranking key at best and at worst, with the
    counts (and keys) of his best and worst futures."""

    player: Any
    free: list[RemainingRound]
    best: list[Key]
    worst: list[Key]
    best_points: Exact  # every free round won alone
    first_qualified: int | None  # the fewest future games that meet his conditions

    def __post_init__(self) -> None:
        start = self.first_qualified or 0
        self.can_qualify = self.first_qualified is not None
        self.qualified = self.first_qualified == 0  # already, so in every future
        self.best_qualified = _extreme(self.best, start, min)
        self.worst_qualified = _extreme(self.worst, start, max)
        self.worst_ever = _extreme(self.worst, 0, max)

    def games(self, count: int, scores: tuple[int, ...]) -> tuple[FutureGame, ...]:
        return tuple(FutureGame(r.number, r.date, scores) for r in self.free[:count])


def _extreme(keys: Sequence[Key], start: int, pick: Any) -> tuple[int, Key]:
    count = pick(range(start, len(keys)), key=lambda m: keys[m])
    return count, keys[count]


def season_race(
    rules: LeagueRules,
    tallies: Iterable[PlayerTally | Start],
    remaining: Sequence[RemainingRound],
    *,
    season_end: dt.date | None = None,
    bounds: Mapping[int, tuple[int, int]] | None = None,
) -> dict[Any, Outlook]:
    """Every player's outlook (see the module's method). `tallies` carry their entries (the
    standings read with details), or are `Start`s; `remaining` are the rounds not finished;
    `bounds` the game scores each table size allows (default: the preset's, `score_bounds`)."""
    best_game, worst_game = extreme_games(rules, bounds or score_bounds(rules))
    extremes = (
        FutureGame(0, None, best_game).entry(rules, None),
        FutureGame(0, None, worst_game).entry(rules, None),
    )
    windows = round_windows(rules, remaining, season_end)
    futures = [player_futures(rules, tally, remaining, extremes, windows) for tally in tallies]
    # the keys others may end with: at their best once qualified, at their worst when
    # qualified already (they stay so); sorted, to count those above a key by bisection
    reachable = sorted((f.best_qualified[1], i) for i, f in enumerate(futures) if f.can_qualify)
    unavoidable = sorted((f.worst_ever[1], i) for i, f in enumerate(futures) if f.qualified)
    at_worst = [(futures[j], futures[j].worst_ever[0], worst_game) for _, j in unavoidable]
    return {
        future.player: _outlook(i, futures, reachable, unavoidable, at_worst, best_game, worst_game)
        for i, future in enumerate(futures)
    }


def _above(ranked: Sequence[tuple[Key, int]], key: Key, own: Key | None) -> int:
    """How many of `ranked` (keys sorted, with the player's own `own` among them or None)
    but him rank strictly above `key`."""
    count = bisect_left(ranked, (key, -1))
    return count - 1 if own is not None and own < key else count


def _outlook(
    i: int,
    futures: Sequence[PlayerFutures],
    reachable: Sequence[tuple[Key, int]],
    unavoidable: Sequence[tuple[Key, int]],
    at_worst: Sequence[tuple[PlayerFutures, int, tuple[int, ...]]],
    best_game: tuple[int, ...],
    worst_game: tuple[int, ...],
) -> Outlook:
    future = futures[i]
    if not future.can_qualify:
        return Outlook(future.player, future.best_points, "out")
    best, worst = future.best_qualified, future.worst_qualified
    own_worst = future.worst_ever[1] if future.qualified else None
    if _above(unavoidable, best[1], own_worst) >= PODIUM_PLACES:
        return Outlook(future.player, future.best_points, "out")
    if _above(reachable, worst[1], best[1]) < PODIUM_PLACES:
        return Outlook(future.player, future.best_points, "clinched")
    # open: his best and the others qualified already at their worst; his worst
    # (conditions met) and three who can pass it at their best
    podium = _Plan((future, best[0], best_game), at_worst)
    passing = [
        (futures[j], futures[j].best_qualified[0], best_game)
        for _, j in reachable[: PODIUM_PLACES + 1]
        if j != i
    ][:PODIUM_PLACES]
    no_podium = _Plan((future, worst[0], worst_game), passing)
    return Outlook(future.player, future.best_points, "open", (podium, no_podium))


def round_windows(
    rules: LeagueRules, remaining: Sequence[RemainingRound], season_end: dt.date | None
) -> dict[int, tuple[tuple[int, ...], int | None]]:
    """For each remaining round, what a game in it adds to the counts the conditions need
    (each podium window's, the final period's), as the real tally counts them."""
    added = {}
    for r in remaining:
        game = FutureGame(r.number, r.date, (0, 0, 0)).entry(rules, None)
        probe = tally_player(rules, None, [game], season_end=season_end)
        added[r.number] = (probe.podium_window_games, probe.final_period_games)
    return added


def player_futures(
    rules: LeagueRules,
    tally: PlayerTally | Start,
    remaining: Sequence[RemainingRound],
    extremes: tuple[GameEntry, GameEntry],
    windows: Mapping[int, tuple[tuple[int, ...], int | None]],
) -> PlayerFutures:
    """A player's best and worst futures with 0, 1, ... more games (`PlayerFutures`), from
    the best and the worst game's entries (`extremes`) and what a game in each remaining
    round adds to the conditions' counts (`round_windows`).

    The totals are the real tally's: his games' points and gaps in twelfths, the worst
    first (the order `league.worst_first` drops them in: fewest points, then lowest gap;
    the played order among equal games changes no sum), `rules.drops.dropped_count` of them
    dropped. m copies of a game X sort into that list after the games below X, so the
    dropped ones are a prefix of the merged list and every total is a difference of prefix
    sums (the property tests check them against `tally_player` for every m).
    """
    start = tally if isinstance(tally, Start) else Start.of(tally)
    played = {entry.round for entry in start.entries}
    free = sorted(
        (r for r in remaining if r.number not in played), key=lambda r: r.number, reverse=True
    )
    values = sorted((in_twelfths(e.points), in_twelfths(e.gap)) for e in start.entries)
    points, gaps = [0], [0]
    for p, g in values:
        points.append(points[-1] + p)
        gaps.append(gaps[-1] + g)
    best, worst = (
        _keys(rules, values, points, gaps, (in_twelfths(e.points), in_twelfths(e.gap)), len(free))
        for e in extremes
    )
    first_qualified = None
    counts, period = list(start.window_games), start.period_games
    for m in range(len(free) + 1):
        if m:
            added, added_period = windows[free[m - 1].number]
            counts = [c + a for c, a in zip(counts, added, strict=True)]
            if period is not None:
                period += added_period or 0
        probe = PlayerTally(start.player, len(start.entries) + m, 0, 0, (), tuple(counts), period)
        if is_podium_eligible(rules, probe):  # so with more games too
            first_qualified = m
            break
    best_points = from_twelfths(-best[-1][0])  # every free round won alone
    return PlayerFutures(start.player, free, best, worst, best_points, first_qualified)


def _keys(
    rules: LeagueRules,
    values: Sequence[tuple[int, int]],
    points: Sequence[int],
    gaps: Sequence[int],
    game: tuple[int, int],
    free: int,
) -> list[Key]:
    """The ranking keys of the games `values` (sorted worst first, in twelfths, with prefix
    sums `points` and `gaps`) and 0, 1, ... `free` more copies of `game`."""
    n, (game_points, game_gap) = len(values), game
    below = bisect_left(values, game)  # the games that sort before it
    keys = []
    for m in range(free + 1):
        drop = rules.drops.dropped_count(n + m)
        if drop <= below:  # the dropped: a prefix of the list merged with m copies
            dropped_points, dropped_gap = points[drop], gaps[drop]
        elif drop <= below + m:
            extra = drop - below
            dropped_points = points[below] + extra * game_points
            dropped_gap = gaps[below] + extra * game_gap
        else:
            dropped_points = points[drop - m] + m * game_points
            dropped_gap = gaps[drop - m] + m * game_gap
        keys.append(
            key_in_twelfths(
                points[n] + m * game_points - dropped_points,
                gaps[n] + m * game_gap - dropped_gap,
                n + m,
            )
        )
    return keys


def race_changes(
    before: Mapping[Any, Outlook], now: Mapping[Any, Outlook]
) -> tuple[list[Any], list[Any]]:
    """The players who clinched a place 1-3 and those who fell out of reach between two
    outlooks of a season (a round's results: the race before them and now); players new
    to the season since `before` are left out."""
    changed = [p for p, o in now.items() if p in before and before[p].race != o.race]
    return (
        [p for p in changed if now[p].race == "clinched"],
        [p for p in changed if now[p].race == "out"],
    )
