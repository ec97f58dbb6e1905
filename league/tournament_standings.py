"""A tournament's standing (RULES.md 3.4) as pure functions over the stages' game entries.

- Order: total placement points, then total gap from the table average (both high to low),
  then head-to-head among the players still tied: each counts the games in which he placed
  ahead of another of them at a table they shared (over every pair of the tied players),
  more first. Players still equal share the rank (shown by name).
- The final table (rule `final_table`): once its game is played, its placements decide
  places 1-4, a tie in that game broken by the standing before it; it earns its own points
  (`final_table.placement_points`) by the places so decided. Places 5 and below keep the
  standing after the last stage. Its game adds nothing to the stages' totals.
- A tournament has no minimum and no podium conditions, so every player is ranked.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from league.rules import FINAL_TABLE_SIZE, LeagueRules
from league.standings import (
    Exact,
    FinalPlace,
    PlayerTally,
    StandingRow,
    rank_tallies,
    ranking_key,
)


def head_to_head(tied: Sequence[PlayerTally]) -> dict[Any, int]:
    """For each of the `tied` players, the games he placed ahead of another of them in games
    they shared (a pair at one table counts once for the one ahead; equal scores count for
    neither).

    >>> from league.standings import GameEntry
    >>> a = PlayerTally("A", 1, 3, 0, (), (), None, (GameEntry("A", 1, 1, None, 80, 3, 30),))
    >>> b = PlayerTally("B", 1, 1, 0, (), (), None, (GameEntry("B", 1, 1, None, 40, 1, -10),))
    >>> head_to_head([a, b])
    {'A': 1, 'B': 0}
    """
    scores: dict[Any, dict[Any, int]] = defaultdict(dict)
    for tally in tied:
        for entry in tally.entries:
            scores[entry.game][tally.player] = entry.score
    ahead = {tally.player: 0 for tally in tied}
    for at_table in scores.values():
        for first, second in combinations(at_table, 2):
            if at_table[first] > at_table[second]:
                ahead[first] += 1
            elif at_table[second] > at_table[first]:
                ahead[second] += 1
    return ahead


def order_standing(
    tallies: Iterable[PlayerTally], display: Callable[[Any], Any]
) -> list[tuple[PlayerTally, int]]:
    """The tallies in standing order with their ranks (equal only when still fully tied)."""
    by_key: dict[tuple[Exact, Exact], list[PlayerTally]] = defaultdict(list)
    for tally in tallies:
        points, gap, _games = ranking_key(tally)  # every player plays every stage
        by_key[(points, gap)].append(tally)
    ordered: list[tuple[PlayerTally, int]] = []
    for key in sorted(by_key):
        group = by_key[key]
        ahead = head_to_head(group) if len(group) > 1 else {group[0].player: 0}
        group.sort(key=lambda t: (-ahead[t.player], display(t.player)))
        start = len(ordered) + 1
        rank = start
        for position, tally in enumerate(group):
            if position and ahead[tally.player] != ahead[group[position - 1].player]:
                rank = start + position
            ordered.append((tally, rank))
    return ordered


def final_places(
    rules: LeagueRules, results: Sequence[tuple[Any, int]], standing: Sequence[Any]
) -> dict[Any, FinalPlace]:
    """The final table's places from its (player, score) pairs: by score, a tie broken by
    the `standing` before it (players best first); points by place from the rules.

    >>> from league.rules import LeagueRules
    >>> rules = LeagueRules.from_preset("evening-tournament")
    >>> places = final_places(rules, [("A", 10), ("B", 40), ("E", 40), ("G", 90)], "EAGB")
    >>> [(p, places[p].place, places[p].points) for p in "GEBA"]
    [('G', 1, 6), ('E', 2, 3), ('B', 3, 1), ('A', 4, 0)]
    """
    assert rules.final_table is not None
    position = {player: index for index, player in enumerate(standing)}
    ordered = sorted(results, key=lambda pair: (-pair[1], position.get(pair[0], len(position))))
    return {
        player: FinalPlace(place, rules.final_table.placement_points[place - 1], score)
        for place, (player, score) in enumerate(ordered, 1)
    }


def tournament_rows(
    rules: LeagueRules,
    tallies: Iterable[PlayerTally],
    *,
    final: bool = False,
    final_table: Sequence[tuple[Any, int]] = (),
    tiebreak: Callable[[Any], Any] | None = None,
) -> list[StandingRow]:
    """The tournament standing (see the module's rules): after the stages, or `final`, where
    a played final table (`final_table`: its (player, score) pairs) decides places 1-4."""
    display = tiebreak or (lambda player: player)
    ordered = order_standing(tallies, display)
    # A tournament has no minimum and no podium conditions: every player is eligible.
    rows = [
        StandingRow.from_tally(tally, rank, eligible=True, podium_eligible=True)
        for tally, rank in ordered
    ]
    if not (final and rules.final_table is not None and len(final_table) == FINAL_TABLE_SIZE):
        return rows
    places = final_places(rules, final_table, [row.player for row in rows])
    top = sorted(
        (row for row in rows if row.player in places), key=lambda r: places[r.player].place
    )
    rest = [row for row in rows if row.player not in places]
    decided = [
        replace(row, rank=places[row.player].place, final_place=places[row.player]) for row in top
    ]
    return decided + [replace(row, rank=max(row.rank or 0, len(decided) + 1)) for row in rest]


def season_rows(
    rules: LeagueRules,
    tallies: Iterable[PlayerTally],
    *,
    final: bool = False,
    final_table: Sequence[tuple[Any, int]] = (),
    tiebreak: Callable[[Any], Any] | None = None,
) -> list[StandingRow]:
    """A season's table by its kind: a tournament's standing, else the league's ranking."""
    if rules.is_tournament:
        return tournament_rows(
            rules, tallies, final=final, final_table=final_table, tiebreak=tiebreak
        )
    return rank_tallies(rules, tallies, final=final, tiebreak=tiebreak)
