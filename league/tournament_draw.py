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
3. When no arrangement avoids every repeat, the same search allows one repeated pair, then
   two, and so on: the fewest repeats, placed as above. A search that takes more than
   `SEARCH_STEPS` steps for a number of repeats gives up on it and allows one more (so the
   draw always ends, and ends the same way every time).

So the players moved are as few and as low in the standing as possible: the top of the
standing keeps its places first. With 16 players after one stage this seats the four table
winners together, then the seconds, the thirds and the fourths.

Tabbycat's power pairing swaps a conflicting team with a neighbour of the next bracket; the
search above reaches the same kind of result but checks that a swap-free arrangement truly
does not exist before it allows a repeat.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from itertools import combinations
from typing import Generic, TypeVar

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
    met_set = frozenset(met)
    naive: list[tuple[P, ...]] = []
    position = 0
    for size in sizes:
        naive.append(tuple(order[position : position + size]))
        position += size
    most = sum(repeats(table, met_set) for table in naive)
    for allowed in range(most):
        found = _Search(order, sizes, met_set, allowed).run()
        if found is not None:
            return found
    return tuple(naive)


class _Search(Generic[P]):
    """A depth-first search for the first arrangement with at most `allowed` repeats."""

    def __init__(
        self,
        order: Sequence[P],
        sizes: Sequence[int],
        met: frozenset[frozenset[P]],
        allowed: int,
    ) -> None:
        self.order = list(order)
        self.sizes = list(sizes)
        self.met = met
        self.allowed = allowed
        self.steps = 0

    def run(self) -> tuple[tuple[P, ...], ...] | None:
        try:
            return self._fill(0, list(range(len(self.order))), 0)
        except _OutOfSteps:
            return None

    def _fill(self, table: int, unseated: list[int], used: int) -> tuple[tuple[P, ...], ...] | None:
        if table == len(self.sizes):
            return ()
        opener, rest = unseated[0], unseated[1:]
        for others in combinations(rest, self.sizes[table] - 1):
            self.steps += 1
            if self.steps > SEARCH_STEPS:
                raise _OutOfSteps
            group = (opener, *others)
            cost = used + repeats([self.order[i] for i in group], self.met)
            if cost > self.allowed:
                continue
            taken = set(others)
            tail = self._fill(table + 1, [i for i in rest if i not in taken], cost)
            if tail is not None:
                return (tuple(self.order[i] for i in group), *tail)
        return None


class _OutOfSteps(Exception):
    """The search took more than SEARCH_STEPS steps."""
