"""League standings as pure functions: placement points, gaps, dropped games, ranking (RULES.md 3).

Decisions implemented here (RULES.md 3.1/3.2 and FORMATS.md 5):

- Players tied on game score share the placement points of the places they cover equally;
  a 3-player game uses the first three placement values and the average of its 3 scores.
- At any moment a player with n games has `rules.drops.dropped_count(n)` games dropped, and
  they are his worst games: fewest league points, then lowest gap, then the earliest played
  (declared once in `league.worst_first`, with the SQL order and the index).
  A dropped game removes both its points and its gap from the totals.
- Ranking: points, then gap, then more games (all high to low); a full tie shares the rank.
- Eligible (ranked at the season's end): at least `min_games` games and, when the rules have
  a final period, at least its minimum of games in it. Podium eligible: eligible and every
  podium window (last N rounds, at least M games) met. Both are "so far" during a season.
- Final standings: eligible players first, places 1-3 going to the best podium-eligible
  players and the others keeping their order after them, from place 4; ineligible players
  last, unranked. A player without the podium conditions never finishes 1st-3rd: when fewer
  than three players meet them, the places left over are not awarded (`podium_places`)
  and the next player is 4th.

All arithmetic is exact, so ties are real ties: values are `Exact`, a whole number when the
share or gap divides evenly and a fractions.Fraction otherwise (Fractions are slow; most
values are whole).
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import takewhile
from typing import Any, NamedTuple, TypeAlias

from league.rules import LeagueRules
from league.worst_first import PLAYED_ORDER, WORST_FIRST, sort_key

Exact: TypeAlias = int | Fraction
_EXACT = (int, Fraction)  # the types of an Exact, for isinstance

# Every placement share (1 to 4 players sharing places) and every gap from the average of 3
# or 4 scores is a whole number of twelfths, so sums of them are too.
TWELFTHS = 12
"""An exact rational value: league points or a gap."""
TABLE_SIZES = (3, 4)  # the standings count only games of 3 or 4 players
PODIUM_PLACES = 3  # places 1-3: only players who meet the podium conditions finish there


class GameEntry(NamedTuple):
    """One player's result in one game, as the standings see it."""

    player: Any
    game: Any
    round: int | None
    date: dt.date | None
    score: int
    points: Exact
    gap: Exact


@dataclass(frozen=True)
class PlayerTally:
    """A player's season so far: totals over counted games and what the conditions need."""

    player: Any
    games: int
    points: Exact
    gap: Exact
    dropped_games: tuple[Any, ...]
    podium_window_games: tuple[int, ...]
    final_period_games: int | None
    entries: tuple[GameEntry, ...] = ()

    @property
    def dropped(self) -> int:
        return len(self.dropped_games)

    @property
    def counted(self) -> int:
        return self.games - self.dropped


@dataclass(frozen=True)
class FinalPlace:
    """A player's result at a tournament's final table (RULES.md 3.4): the place it decided,
    the final table's points for that place, and his score in its game."""

    place: int
    points: int
    score: int


@dataclass(frozen=True)
class StandingRow:
    """A line of the league table (FORMATS.md 5), with the player's games behind it."""

    rank: int | None
    player: Any
    points: Exact
    gap: Exact
    games: int
    counted: int
    dropped: int
    dropped_games: tuple[Any, ...]
    eligible: bool
    podium_eligible: bool
    entries: tuple[GameEntry, ...]
    final_place: FinalPlace | None = None

    @classmethod
    def from_tally(
        cls, tally: PlayerTally, rank: int | None, *, eligible: bool, podium_eligible: bool
    ) -> StandingRow:
        """The row of `tally`'s player at `rank` (None: unranked)."""
        return cls(
            rank=rank,
            player=tally.player,
            points=tally.points,
            gap=tally.gap,
            games=tally.games,
            counted=tally.counted,
            dropped=tally.dropped,
            dropped_games=tally.dropped_games,
            eligible=eligible,
            podium_eligible=podium_eligible,
            entries=tally.entries,
        )

    def as_json(self, name: str) -> dict[str, Any]:
        """The row as FORMATS.md 5 prints it, for the player called `name` (a tournament's
        final table adds its place, points and score)."""
        data: dict[str, Any] = {
            "rank": self.rank,
            "player": name,
            "points": float(self.points),
            "gap": rounded_gap(self.gap),
            "games": self.games,
            "counted": self.counted,
            "dropped": self.dropped,
            "eligible": self.eligible,
            "podium_eligible": self.podium_eligible,
        }
        if self.final_place is not None:
            data["final_table"] = {
                "place": self.final_place.place,
                "points": self.final_place.points,
                "score": self.final_place.score,
            }
        return data


def rounded_gap(gap: Exact) -> float:
    """A gap as the tables print it (FORMATS.md 5: rounded to 2 decimals), the same float as
    `float(round(Fraction(gap), 2))` (half to even) without its Fractions: a snapshot prints
    thousands of gaps.

    >>> rounded_gap(Fraction(-245, 4)), rounded_gap(Fraction(1, 8)), rounded_gap(3)
    (-61.25, 0.12, 3.0)
    """
    if isinstance(gap, int):
        return float(gap)
    hundredths, remainder = divmod(gap.numerator * 100, gap.denominator)
    if 2 * remainder > gap.denominator or (2 * remainder == gap.denominator and hundredths % 2):
        hundredths += 1
    return hundredths / 100


# --- one game ---------------------------------------------------------------------------


def places(scores: Sequence[int]) -> list[tuple[int, int]]:
    """Each seat's place by score (1 = best) and how many players share that place.

    >>> places([120, 80, 80, -10])
    [(1, 1), (2, 2), (2, 2), (4, 1)]
    """
    return [
        (
            1 + sum(1 for other in scores if other > score),
            sum(1 for other in scores if other == score),
        )
        for score in scores
    ]


def place_share(values: Sequence[int], place: int, tied: int) -> Exact:
    """Points of each of `tied` players sharing `place`: the places they cover, shared equally.

    >>> str(place_share((6, 3, 1, 0), 2, 2))
    '2'
    """
    return _exact(sum(values[place - 1 : place - 1 + tied]), tied)


def placement_points(scores: Sequence[int], values: Sequence[int]) -> list[Exact]:
    """League points per seat: places by score, tied players sharing the places they cover.

    >>> [str(p) for p in placement_points([120, 80, 80, -10], (6, 3, 1, 0))]
    ['6', '2', '2', '0']
    """
    if len(values) < len(scores):
        raise ValueError(f"{len(scores)} scores but only {len(values)} placement values")
    return [place_share(values, place, tied) for place, tied in places(scores)]


def gaps_from_average(scores: Sequence[int]) -> list[Exact]:
    """Each score minus the table's average score.

    >>> [str(g) for g in gaps_from_average([120, 80, 45, 0])]
    ['235/4', '75/4', '-65/4', '-245/4']
    """
    total, count = sum(scores), len(scores)
    return [_exact(count * score - total, count) for score in scores]


def _exact(numerator: int, denominator: int) -> Exact:
    """numerator / denominator exactly: a whole number when it divides, else a Fraction."""
    whole, remainder = divmod(numerator, denominator)
    return whole if remainder == 0 else Fraction(numerator, denominator)


def game_entries(
    rules: LeagueRules,
    game: Hashable,
    results: Sequence[tuple[Any, int]],
    *,
    round_number: int | None = None,
    date: dt.date | None = None,
) -> list[GameEntry]:
    """The standings entries of one game from its (player, score) pairs (3 or 4 players)."""
    if len(results) not in TABLE_SIZES:
        raise ValueError(f"a league game has 3 or 4 players, not {len(results)}")
    scores = [score for _, score in results]
    points = placement_points(scores, rules.placement_values(len(scores)))
    gaps = gaps_from_average(scores)
    return [
        GameEntry(player, game, round_number, date, score, p, g)
        for (player, score), p, g in zip(results, points, gaps, strict=True)
    ]


# --- one player -------------------------------------------------------------------------


played_order = sort_key(PLAYED_ORDER)
"""Sort key putting a player's games in the order they were played."""

worst_first = sort_key(WORST_FIRST)
"""Sort key putting the game to drop first (league.worst_first: fewest points, lowest gap,
earliest played)."""


def tally_player(
    rules: LeagueRules,
    player: Any,
    entries: Iterable[GameEntry],
    *,
    season_end: dt.date | None = None,
) -> PlayerTally:
    """A player's totals with his worst games dropped and the counts the conditions need."""
    games = sorted(entries, key=played_order)
    dropped = sorted(games, key=worst_first)[: rules.drops.dropped_count(len(games))]
    dropped_keys = {entry.game for entry in dropped}
    counted = [entry for entry in games if entry.game not in dropped_keys]
    return PlayerTally(
        player=player,
        games=len(games),
        points=sum(entry.points for entry in counted),
        gap=sum(entry.gap for entry in counted),
        dropped_games=tuple(entry.game for entry in games if entry.game in dropped_keys),
        podium_window_games=tuple(
            sum(1 for entry in games if _in_last_rounds(rules, entry, window.last_rounds))
            for window in rules.podium_windows
        ),
        final_period_games=_final_period_games(rules, games, season_end),
        entries=tuple(games),
    )


def _in_last_rounds(rules: LeagueRules, entry: GameEntry, last_rounds: int) -> bool:
    assert rules.rounds_in_season is not None  # validated with the podium windows
    return entry.round is not None and entry.round > rules.rounds_in_season - last_rounds


def _final_period_games(
    rules: LeagueRules, games: Sequence[GameEntry], season_end: dt.date | None
) -> int | None:
    period = _final_period(rules, season_end)
    if period is None:
        return None
    return sum(1 for e in games if _in_final_period(period, e))


def _final_period(rules: LeagueRules, season_end: dt.date | None) -> tuple[dt.date, dt.date] | None:
    """The first and last day of the rules' final period (None: the rules have none)."""
    if rules.final_period is None:
        return None
    if season_end is None:
        raise ValueError("the rules have a final period: the season's end date is needed")
    return rules.final_period.starts_on(season_end), rules.final_period.ends_on(season_end)


def _in_final_period(period: tuple[dt.date, dt.date], entry: GameEntry) -> bool:
    return entry.date is not None and period[0] <= entry.date <= period[1]


class RunningTally:
    """A player's tally kept as his games come in: after any `add`s, `tally()` is
    `tally_player`'s over the games added so far (the table after every round of a
    snapshot). His games are kept in played order and worst first, each inserted where it
    sorts (bisect), with their totals and the counts the conditions need, so a tally costs
    only its dropped games: the worst `rules.drops.dropped_count(n)` of the list worst first.

    Points and gaps are kept in twelfths (`in_twelfths`: whole numbers for every real game),
    the worst-first order too, so they add and compare as integers, not Fractions.
    """

    __slots__ = (
        "_games", "_gap", "_period", "_period_games", "_played", "_points", "_rules",
        "_windows", "_worst", "player",
    )  # fmt: skip

    def __init__(
        self, rules: LeagueRules, player: Any, *, season_end: dt.date | None = None
    ) -> None:
        self.player = player
        self._rules = rules
        self._period = _final_period(rules, season_end)
        self._played: list[tuple[Any, ...]] = []  # each game's played_order key, in order
        self._games: list[GameEntry] = []  # his games in played order
        # each game's worst-first key in twelfths, its played order, points and gap
        self._worst: list[tuple[tuple[Any, ...], tuple[Any, ...], Exact, Exact, GameEntry]] = []
        self._points: Exact = 0  # in twelfths, over all his games
        self._gap: Exact = 0
        self._windows = [0] * len(rules.podium_windows)
        self._period_games = 0

    def add(self, entry: GameEntry) -> None:
        """Count one more game of the player's."""
        played = played_order(entry)
        at = bisect_right(self._played, played)
        self._played.insert(at, played)
        self._games.insert(at, entry)
        points, gap = _twelfths(entry.points), _twelfths(entry.gap)
        # the same order: every exact value of the key times 12, the others as they are
        key = tuple([_twelfths(v) if isinstance(v, _EXACT) else v for v in worst_first(entry)])
        # worst-first keys end with the played order, so no two of a player's games tie
        worst = (key, played, points, gap, entry)
        self._worst.insert(bisect_right(self._worst, worst), worst)
        self._points += points
        self._gap += gap
        for i, window in enumerate(self._rules.podium_windows):
            if _in_last_rounds(self._rules, entry, window.last_rounds):
                self._windows[i] += 1
        if self._period is not None and _in_final_period(self._period, entry):
            self._period_games += 1

    def tally(self) -> PlayerTally:
        """The player's tally over the games added so far, as `tally_player` makes it."""
        games = len(self._games)
        dropped = self._worst[: self._rules.drops.dropped_count(games)]
        points, gap = self._points, self._gap
        for _key, _played, dropped_points, dropped_gap, _entry in dropped:
            points -= dropped_points
            gap -= dropped_gap
        if len(dropped) > 1:
            dropped.sort(key=lambda item: item[1])  # the dropped games in played order
        return PlayerTally(
            player=self.player,
            games=games,
            points=from_twelfths(points),
            gap=from_twelfths(gap),
            dropped_games=tuple(item[4].game for item in dropped),
            podium_window_games=tuple(self._windows),
            final_period_games=None if self._period is None else self._period_games,
            entries=tuple(self._games),
        )


def is_eligible(rules: LeagueRules, tally: PlayerTally) -> bool:
    """Whether the player meets the minimums to be ranked (so far, during a season)."""
    if tally.games < rules.min_games:
        return False
    if rules.final_period is None:
        return True
    return (tally.final_period_games or 0) >= rules.final_period.min_games


def is_podium_eligible(rules: LeagueRules, tally: PlayerTally) -> bool:
    """Whether the player may finish 1st-3rd: eligible and every podium window met."""
    return is_eligible(rules, tally) and _podium_windows_met(rules, tally)


def _podium_windows_met(rules: LeagueRules, tally: PlayerTally) -> bool:
    return not rules.podium_windows or all(
        played >= window.min_games
        for played, window in zip(tally.podium_window_games, rules.podium_windows, strict=True)
    )


# --- the table --------------------------------------------------------------------------


def compute_standings(
    rules: LeagueRules,
    entries: Iterable[GameEntry],
    *,
    final: bool = False,
    season_end: dt.date | None = None,
    tiebreak: Callable[[Any], Any] | None = None,
) -> list[StandingRow]:
    """The league table from every player's game entries (see the module's decisions)."""
    tallies = tally_players(rules, entries, season_end=season_end)
    return rank_tallies(rules, tallies, final=final, tiebreak=tiebreak)


def tally_players(
    rules: LeagueRules, entries: Iterable[GameEntry], *, season_end: dt.date | None = None
) -> list[PlayerTally]:
    """Every player's tally from the game entries (ranked by `rank_tallies`, in either mode)."""
    by_player: dict[Any, list[GameEntry]] = defaultdict(list)
    for entry in entries:
        by_player[entry.player].append(entry)
    return [
        tally_player(rules, player, games, season_end=season_end)
        for player, games in by_player.items()
    ]


def ranking_key(tally: PlayerTally) -> tuple[Exact, Exact, int]:
    """What the ranking compares, best first when sorted: points, gap, games, all descending.

    Points and gaps are compared in twelfths, whole numbers for every real tally (shares of
    1 to 4 places and averages of 3 or 4 scores), so thousands of players sort as integers.
    """
    return key_in_twelfths(_twelfths(tally.points), _twelfths(tally.gap), tally.games)


def key_in_twelfths(points: Exact, gap: Exact, games: int) -> tuple[Exact, Exact, int]:
    """`ranking_key` of a tally with these totals, its points and gap in twelfths (the race
    of `league.race` sums them so)."""
    return (-points, -gap, -games)


def in_twelfths(value: Exact) -> int:
    """`value` as a whole number of twelfths, as every share and gap of a counted game is.

    >>> in_twelfths(Fraction(-245, 4))
    -735
    """
    twelfths = _twelfths(value)
    if not isinstance(twelfths, int):
        raise ValueError(f"{value} is not a whole number of twelfths")
    return twelfths


def _twelfths(value: Exact) -> Exact:
    if isinstance(value, int):
        return value * TWELFTHS
    whole, remainder = divmod(TWELFTHS, value.denominator)
    return value.numerator * whole if remainder == 0 else value * TWELFTHS


def from_twelfths(twelfths: Exact) -> Exact:
    """The value of a number of twelfths (`in_twelfths` undone), exactly.

    >>> from_twelfths(-735), from_twelfths(24)
    (Fraction(-245, 4), 2)
    """
    if isinstance(twelfths, int):
        return _exact(twelfths, TWELFTHS)
    return twelfths / TWELFTHS


def rank_tallies(
    rules: LeagueRules,
    tallies: Iterable[PlayerTally],
    *,
    final: bool = False,
    tiebreak: Callable[[Any], Any] | None = None,
) -> list[StandingRow]:
    """Order and rank the players: in-season everyone, or the final standings.

    `tiebreak` orders fully tied players (who share a rank) for display; default the player.
    """
    display = tiebreak or (lambda player: player)
    # each tally's ranking key and conditions worked out once: thousands of players
    ordered = sorted(
        (_judge(rules, t) for t in tallies),
        key=lambda judged: (judged.key, display(judged.tally.player)),
    )
    if not final:
        return _rows([ordered], ranked=True)
    eligible = [j for j in ordered if j.eligible]
    contenders = [j for j in eligible if j.podium_eligible]
    # ranks never fall along the order: the podium ends at the first rank past 3
    ranked = zip(contenders, _ranks(contenders), strict=True)
    podium = [j for j, _ in takewhile(lambda pair: pair[1] <= PODIUM_PLACES, ranked)]
    on_podium = {id(j) for j in podium}
    rest = [j for j in eligible if id(j) not in on_podium]
    unranked = [j for j in ordered if not j.eligible]
    # places 1-3 left over (fewer contenders) are not awarded: the rest start at 4 at least
    after_podium = max(len(podium), PODIUM_PLACES) + 1
    return (
        _rows([podium], ranked=True)
        + _rows([rest], ranked=True, start=after_podium)
        + _rows([unranked], ranked=False)
    )


class PodiumPlaces(NamedTuple):
    """Places 1-3 of final standings: how many players (the leading rows) finished there,
    and the places left over, not awarded."""

    awarded: int
    not_awarded: list[int]


def podium_places(ranks: Iterable[int | None]) -> PodiumPlaces:
    """The podium of final standings with these ranks, in table order (RULES.md 3.1: when
    fewer than three players met the podium conditions the places left over stay empty;
    places shared by a tie are awarded).

    >>> podium_places([1, 4, 5, None])
    PodiumPlaces(awarded=1, not_awarded=[2, 3])
    >>> podium_places([1, 1, 4])
    PodiumPlaces(awarded=2, not_awarded=[3])
    >>> podium_places([1, 2, 3, 3, 5])
    PodiumPlaces(awarded=4, not_awarded=[])
    """
    awarded = sum(1 for rank in ranks if rank is not None and rank <= PODIUM_PLACES)
    return PodiumPlaces(awarded, list(range(awarded + 1, PODIUM_PLACES + 1)))


@dataclass(slots=True)
class _Judged:
    """A tally with its ranking key and whether it meets the conditions, each worked out once."""

    tally: PlayerTally
    key: tuple[Exact, Exact, int]
    eligible: bool
    podium_eligible: bool


def _judge(rules: LeagueRules, tally: PlayerTally) -> _Judged:
    eligible = is_eligible(rules, tally)
    podium = eligible and _podium_windows_met(rules, tally)
    return _Judged(tally, ranking_key(tally), eligible, podium)


def _ranks(ordered: Sequence[_Judged], start: int = 1) -> Iterator[int]:
    """Competition ranks (1, 1, 3, ...) of an ordered group: equal only for a full tie."""
    previous, rank = None, start
    for position, judged in enumerate(ordered):
        if judged.key != previous:
            rank, previous = start + position, judged.key
        yield rank


def _rows(
    groups: Sequence[Sequence[_Judged]], *, ranked: bool, start: int = 1
) -> list[StandingRow]:
    """The rows of each ordered group in turn, ranked from `start` on (or unranked)."""
    rows: list[StandingRow] = []
    for group in groups:
        ranks: Sequence[int | None] = (
            list(_ranks(group, start=start + len(rows))) if ranked else [None] * len(group)
        )
        rows.extend(
            StandingRow.from_tally(
                j.tally, rank, eligible=j.eligible, podium_eligible=j.podium_eligible
            )
            for j, rank in zip(group, ranks, strict=True)
        )
    return rows
