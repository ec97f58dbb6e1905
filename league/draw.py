"""Pure table-draw strategies (RULES.md 3.1, 3.4): players in, tables and reserves out, no ORM.

Two layers, as in Tabbycat: this module works on plain player keys and returns plain data;
the `draws` package reads a round's entrants (their names) and writes the rows.

Every strategy puts all players in one order and seats them 4 to a table in that order,
table 1 first; the `remainder` option decides what happens to the 1-3 players left over.

Anything random follows the `recipe` option, so the same seed over the same players gives
the same draw:

- `sha256-v1` (every new draw): the players are ordered by the SHA-256 hex digest of
  `f"{seed}:{player}"` (UTF-8), ascending, ties by the player; the app passes player names,
  so anyone can redo it with any SHA-256 tool (the draw-check page does it in the browser).
- `legacy` (draws made before it): `random.Random(seed).shuffle` of the players given in a
  canonical order (sorted by name).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from league.rules import FINAL_TABLE_SIZE, REMAINDER_POLICIES
from league.tournament_draw import seat_avoiding_repeats
from scoring.problems import ProblemError

P = TypeVar("P", bound=Hashable)

TABLE_SIZE = 4
SMALL_TABLE_SIZE = 3

DEFAULT_OPTIONS: dict[str, Any] = {
    # "reserve": players left after the last full table wait as reserves;
    # "three-player": the last one to three tables seat 3 players each.
    "remainder": "reserve",
    # how a seed orders players: "sha256-v1" or "legacy" (see the module docstring)
    "recipe": "sha256-v1",
}
SHA256_RECIPE = "sha256-v1"
LEGACY_RECIPE = "legacy"
RECIPES: tuple[str, ...] = (SHA256_RECIPE, LEGACY_RECIPE)
# A draw made outside the app (imported): kept as seated, never redone.
UNRECORDED_RECIPE = "unrecorded"


class DrawCode(StrEnum):
    """Why a draw cannot be made as asked."""

    INVALID = "invalid_draw"


class DrawError(ProblemError[DrawCode], ValueError):
    """A draw that cannot be made as asked (unknown strategy or option, duplicate player)."""

    def __init__(self, message: str) -> None:
        super().__init__(DrawCode.INVALID, "", message)


@dataclass(frozen=True)
class Draw(Generic[P]):
    """A draw: `tables` in table order, each listing players by seat; `reserves` in order."""

    method: str
    seed: int | None
    tables: tuple[tuple[P, ...], ...]
    reserves: tuple[P, ...]
    recipe: str = SHA256_RECIPE


def seat_in_order(
    order: Sequence[P], remainder: str
) -> tuple[tuple[tuple[P, ...], ...], tuple[P, ...]]:
    """Cut one ordering of players into tables of 4 (or 3 at the end) and reserves.

    With `three-player`, n = 4a + 3k players fill a tables of 4 and k of 3 (k = 0..3); when
    there are too few players for that (1, 2 or 5), the leftover players are reserves.
    """
    if remainder not in REMAINDER_POLICIES:
        known = ", ".join(REMAINDER_POLICIES)
        raise DrawError(f"unknown remainder policy {remainder!r} (known: {known})")
    n = len(order)
    leftover = n % TABLE_SIZE
    small_tables = 0
    if remainder == "three-player" and leftover:
        small_tables = TABLE_SIZE - leftover
        if small_tables * SMALL_TABLE_SIZE > n:
            small_tables = 0
    full_tables = (n - small_tables * SMALL_TABLE_SIZE) // TABLE_SIZE
    tables: list[tuple[P, ...]] = []
    position = 0
    for size in [TABLE_SIZE] * full_tables + [SMALL_TABLE_SIZE] * small_tables:
        tables.append(tuple(order[position : position + size]))
        position += size
    return tuple(tables), tuple(order[position:])


def seed_key(seed: int | None, player: Hashable) -> str:
    """The `sha256-v1` sort key of one player: SHA-256 of "seed:player" (UTF-8), in hex."""
    return hashlib.sha256(f"{seed}:{player}".encode()).hexdigest()


def sha256_order(players: Iterable[P], seed: int | None) -> list[P]:
    """The `sha256-v1` order: by `seed_key` ascending, ties (never seen) by the player."""
    return sorted(players, key=lambda player: (seed_key(seed, player), str(player)))


class DrawGenerator(Generic[P]):
    """Base strategy: subclasses order the players; seating and remainder are shared."""

    name: ClassVar[str]
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = DEFAULT_OPTIONS

    def __init__(
        self,
        players: Sequence[P],
        *,
        seed: int | None = None,
        ranking: Sequence[P] = (),
        **options: Any,
    ) -> None:
        unknown = set(options) - set(self.DEFAULT_OPTIONS)
        if unknown:
            raise DrawError(f"unknown draw option(s): {', '.join(sorted(unknown))}")
        if len(set(players)) != len(players):
            raise DrawError("a player is listed twice")
        self.players = list(players)
        self.seed = seed
        self.ranking = list(ranking)
        self.options = {**self.DEFAULT_OPTIONS, **options}
        if self.options["recipe"] not in RECIPES:
            raise DrawError(
                f"unknown draw recipe {self.options['recipe']!r} (known: {', '.join(RECIPES)})"
            )

    def seeded_order(self, players: Sequence[P], rng: random.Random) -> list[P]:
        """`players` put in the seed's order by the recipe (see the module docstring)."""
        if self.options["recipe"] == SHA256_RECIPE:
            return sha256_order(players, self.seed)
        order = list(players)
        rng.shuffle(order)
        return order

    def order(self, rng: random.Random) -> list[P]:
        """All players in seating order."""
        raise NotImplementedError

    def seed_used(self) -> int | None:
        """The seed to publish with the draw (None when nothing random happened)."""
        return self.seed

    def generate(self) -> Draw[P]:
        """Make the draw."""
        rng = random.Random(self.seed)
        tables, reserves = seat_in_order(self.order(rng), self.options["remainder"])
        return Draw(self.name, self.seed_used(), tables, reserves, self.options["recipe"])


class RandomDraw(DrawGenerator[P]):
    """Sunday rounds: the players in the seed's order (legacy: given in canonical order)."""

    name = "random"

    def order(self, rng: random.Random) -> list[P]:
        return self.seeded_order(self.players, rng)


class RankingDraw(DrawGenerator[P]):
    """Wednesday and late rounds: ranked players in standings order, then the unranked.

    Decision (RULES.md 3.1): players with no counted game yet come after all ranked
    players, in the seed's order by the recipe; with fewer than two of them nothing is
    random and the published seed is None.
    """

    name = "ranking"

    def _unranked(self) -> list[P]:
        ranked = set(self.ranking)
        return [p for p in self.players if p not in ranked]

    def order(self, rng: random.Random) -> list[P]:
        registered = set(self.players)
        ranked = [p for p in self.ranking if p in registered]
        return ranked + self.seeded_order(self._unranked(), rng)

    def seed_used(self) -> int | None:
        return self.seed if len(self._unranked()) > 1 else None


class StandingDraw(RankingDraw[P]):
    """A tournament's stage after the first (RULES.md 3.4): the standing, then players with
    no game yet (a latecomer) by name, seated without repeat meetings where possible
    (`league.tournament_draw`). Nothing is random: the seed is None (FORMATS.md 6). Option
    `met`: the pairs of players who shared a table in an earlier stage."""

    name = "standing"
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = {**DEFAULT_OPTIONS, "met": frozenset()}

    def order(self, rng: random.Random) -> list[P]:
        registered = set(self.players)
        ranked = [p for p in self.ranking if p in registered]
        return ranked + sorted(self._unranked(), key=str)

    def seed_used(self) -> int | None:
        return None

    def generate(self) -> Draw[P]:
        rng = random.Random(self.seed)
        order = self.order(rng)
        tables, reserves = seat_in_order(order, self.options["remainder"])
        seated = order[: len(order) - len(reserves)]
        tables = seat_avoiding_repeats(
            seated, [len(table) for table in tables], self.options["met"]
        )
        return Draw(self.name, self.seed_used(), tables, reserves, self.options["recipe"])


class FinalTableDraw(DrawGenerator[P]):
    """A tournament's final table (RULES.md 3.4): the top 4 of the standing, in its order;
    nothing is random and nobody else is seated or a reserve."""

    name = "final"

    def generate(self) -> Draw[P]:
        registered = set(self.players)
        top = [p for p in self.ranking if p in registered][:FINAL_TABLE_SIZE]
        if len(top) < FINAL_TABLE_SIZE:
            raise DrawError(
                f"the final table needs the top {FINAL_TABLE_SIZE} of the standing; "
                f"only {len(top)} have played"
            )
        return Draw(self.name, None, (tuple(top),), (), self.options["recipe"])


STRATEGIES: Mapping[str, type[DrawGenerator[Any]]] = {
    cls.name: cls for cls in (RandomDraw, RankingDraw, StandingDraw, FinalTableDraw)
}


def make_draw(
    method: str,
    players: Sequence[P],
    *,
    seed: int | None = None,
    ranking: Sequence[P] = (),
    **options: Any,
) -> Draw[P]:
    """Draw `players` with the strategy named `method` (see STRATEGIES)."""
    try:
        strategy = STRATEGIES[method]
    except KeyError:
        known = ", ".join(sorted(STRATEGIES))
        raise DrawError(f"unknown draw method {method!r} (known: {known})") from None
    return strategy(players, seed=seed, ranking=ranking, **options).generate()
