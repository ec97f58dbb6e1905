"""Seating a tournament stage by the standing without repeat meetings (RULES.md 3.4), pure.

Stage k > 1 seats players by the tournament standing after stage k-1, table 1 holding the
top, and avoids seating two players together who already shared a table, as long as an
arrangement without such a repeat exists. The exact procedure (stated on the rules page too):

1. The table sizes are those of seating the players in standing order (4 a table; the
   remainder rule decides the last tables' sizes and the reserves, who are the lowest).
2. Tables are filled in order, table 1 first. The best-placed unseated player opens the next
   table; its other seats go to the players below him in standing order, trying groups in
   order (the nearest players first: the group whose standing positions come first when
   compared one by one), and taking the first group in which nobody has shared a table with
   anybody else at it, provided the players still unseated can be seated the same way.
   When nothing needs to move, this is exactly the standing order, 4 to a table.
3. When no arrangement avoids every repeat, the one with the fewest repeated pairs is
   taken, the first of them in the same order. Each of the two searches (no repeat at all;
   then the fewest) tries at most `SEARCH_STEPS` groups and keeps the best arrangement found
   by then, so the draw always ends quickly, and the same way every time.

So the players moved are as few and as low in the standing as possible: the top of the
standing keeps its places first. With 16 players after one stage this seats the four table
winners together, then the seconds, the thirds and the fourths.

Tabbycat's power pairing swaps a conflicting team with a neighbour of the next bracket; the
search above reaches the same kind of result but checks that a swap-free arrangement truly
does not exist before it allows a repeat.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Hashable, Iterator, Sequence
from itertools import combinations
from typing import Any, TypeVar

P = TypeVar("P", bound=Hashable)

SEARCH_STEPS = 200_000
"""Groups tried per number of allowed repeats before the search allows one more."""


def pairs_met(tables: Collection[Sequence[P]]) -> frozenset[frozenset[P]]:
    """Every pair of players who shared one of `tables` (the earlier stages' tables).

    >>> sorted(sorted(p) for p in pairs_met([("a", "b", "c")]))
    [['a', 'b'], ['a', 'c'], ['b', 'c']]
    """
    return frozenset(frozenset(pair) for table in tables for pair in combinations(table, 2))


def repeats(table: Sequence[P], met: Collection[frozenset[P]]) -> int:
    """How many pairs at `table` already shared a table (`met`)."""
    return sum(1 for pair in combinations(table, 2) if frozenset(pair) in met)


def seat_avoiding_repeats(
    order: Sequence[P], sizes: Sequence[int], met: Collection[frozenset[P]]
) -> tuple[tuple[P, ...], ...]:
    """Seat `order` (best first) at tables of `sizes` (table 1 first) by the module's procedure.

    Each table lists its players in standing order. `sum(sizes)` must be `len(order)`.

    >>> seat_avoiding_repeats("abcdefgh", (4, 4), pairs_met(["ab", "cd", "ef", "gh"]))
    (('a', 'c', 'e', 'g'), ('b', 'd', 'f', 'h'))
    """
    if sum(sizes) != len(order):
        raise ValueError(f"{len(order)} players for tables of {sum(sizes)} seats")
    search = _Search(order, sizes, met)
    return tuple(tuple(order[i] for i in table) for table in search.run())


Arrangement = tuple[tuple[int, ...], ...]


class _Search:
    """The module's procedure over standing positions 0..n-1 (who met whom as bit masks).

    A depth-first search that tries tables' groups in order finds the first arrangement
    (in that order) whose repeats stay within a limit. First with no repeat at all, pruned
    hard (every player left must still have enough players he has not met); when that
    fails, a branch and bound from the plain standing order: each arrangement found with
    fewer repeats than the best so far becomes the best, so the first one found with the
    fewest repeats is the one kept. Both searches stop after SEARCH_STEPS groups tried,
    keeping the best found by then.
    """

    def __init__(
        self, order: Sequence[Hashable], sizes: Sequence[int], met: Collection[frozenset[Any]]
    ) -> None:
        position = {player: index for index, player in enumerate(order)}
        self.sizes = list(sizes)
        self.met = [0] * len(order)
        for pair in met:
            if len(pair) != 2 or not all(player in position for player in pair):
                continue  # a pair with someone not in this draw
            first, second = (position[player] for player in pair)
            self.met[first] |= 1 << second
            self.met[second] |= 1 << first
        self.steps = 0
        self.limit = 0
        self.best: Arrangement | None = None
        self.best_cost = 0

    def run(self) -> Arrangement:
        naive: list[tuple[int, ...]] = []
        position = 0
        for size in self.sizes:
            naive.append(tuple(range(position, position + size)))
            position += size
        most = sum(self._cost(table) for table in naive)
        self.best, self.best_cost = tuple(naive), most
        if most == 0:
            return self.best
        for limit in (0, most - 1):  # no repeat at all; then the fewest repeats
            self.limit, self.steps = limit, 0
            with contextlib.suppress(_Done):
                self._fill(0, list(range(sum(self.sizes))), 0, [])
            if self.best_cost == 0:
                break
        return self.best

    def _cost(self, table: Sequence[int]) -> int:
        seated = 0
        cost = 0
        for index in table:
            cost += (self.met[index] & seated).bit_count()
            seated |= 1 << index
        return cost

    def _fill(
        self, table: int, unseated: list[int], used: int, chosen: list[tuple[int, ...]]
    ) -> None:
        if table == len(self.sizes):
            self.best, self.best_cost = tuple(chosen), used
            if used == 0:
                raise _Done
            self.limit = used - 1  # from now on only fewer repeats are better
            return
        opener, rest = unseated[0], unseated[1:]
        for group, cost in self._groups(opener, rest, self.sizes[table] - 1, used):
            taken = set(group)
            left = [i for i in rest if i not in taken]
            if cost == self.limit and not self._still_possible(left, table + 1):
                continue
            chosen.append(group)
            self._fill(table + 1, left, cost, chosen)
            chosen.pop()

    def _groups(
        self, opener: int, rest: list[int], more: int, used: int
    ) -> Iterator[tuple[tuple[int, ...], int]]:
        """The groups of `opener` and `more` of `rest`, in order, within the limit."""

        def extend(
            start: int, group: tuple[int, ...], seated: int, cost: int
        ) -> Iterator[tuple[tuple[int, ...], int]]:
            if len(group) == more + 1:
                yield group, cost
                return
            for at in range(start, len(rest) - (more + 1 - len(group)) + 1):
                player = rest[at]
                added = cost + (self.met[player] & seated).bit_count()
                if added > self.limit:
                    continue
                self.steps += 1
                if self.steps > SEARCH_STEPS:
                    raise _Done
                yield from extend(at + 1, (*group, player), seated | 1 << player, added)

        yield from extend(0, (opener,), 1 << opener, used)

    def _still_possible(self, left: list[int], table: int) -> bool:
        """With no repeat allowed any more: every player left has enough players left whom
        he has not met to fill a table."""
        if table >= len(self.sizes):
            return True
        need = min(self.sizes[table:]) - 1
        mask = 0
        for index in left:
            mask |= 1 << index
        return all(((mask & ~self.met[i]).bit_count() - 1) >= need for i in left)


class _Done(Exception):
    """The search found an arrangement with no repeat, or took SEARCH_STEPS steps."""
