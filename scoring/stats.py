"""Deal statistics: what a player's scored deals say about his play (pure, no Django).

A game's figures are one `DealStats` per seat (`game_stats`); a season's are the sum of its
games' (`DealStats.__add__`), so the figures of any set of games are the sum of theirs.
A contract is made when the player takes exactly its number of tricks (RULES.md 2); "up"
and "down" are the over and under games of RULES.md 1.3.

Three-player games (RULES.md 1.5) have figures of their own, kept apart from four-player
ones: `DealStats(players=3)` counts contract sizes up to 17 (the most tricks of any deck),
its row is longer (`THREE_ROW_LENGTH`), and adding it to four-player figures is refused.

>>> from scoring import get_preset, validate_deal
>>> deal = validate_deal({"trump": "H", "declarer": 1, "winning_bid": 6,
...                       "contracts": [3, 6, 0, 2], "tricks": [3, 4, 0, 6]},
...                      get_preset("whist-online"))
>>> seats = game_stats([deal])
>>> seats[2].zero_down_made, seats[1].declarer_made, seats[1].declarer_deals
(1, 0, 1)
>>> total = seats[0] + seats[1] + seats[2] + seats[3]
>>> total.deals, total.made, total.score
(4, 2, 9)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from scoring.validate import DealResult

MAX_CONTRACT: Final = 13
_SIZES: Final = MAX_CONTRACT + 1
# At three players contracts go up to T, the deck's tricks: 17 at most (`one-card-out`).
THREE_MAX_CONTRACT: Final = 17
# The most contract, by the number of players at the table.
_MOST_BY_PLAYERS: Final = {4: MAX_CONTRACT, 3: THREE_MAX_CONTRACT}

# Contract sizes shown together: zero on its own, then pairs, then 7 and more (rare).
SIZE_GROUPS: Final[tuple[tuple[int, int], ...]] = ((0, 0), (1, 2), (3, 4), (5, 6), (7, 13))


def size_groups(players: int = 4) -> tuple[tuple[int, int], ...]:
    """`SIZE_GROUPS` at a table of `players`: the last group ("7+") reaches 17 at three."""
    most = _MOST_BY_PLAYERS[players]
    return (*SIZE_GROUPS[:-1], (SIZE_GROUPS[-1][0], most))


def _sizes() -> tuple[int, ...]:
    return ()  # filled in by DealStats.__post_init__, one count per contract 0..most


@dataclass(frozen=True, slots=True)
class DealStats:
    """A player's counters over some deals; `a + b` is their figures over both sets.

    `players` is the table's (4, or 3 for three-player games, whose sizes go up to 17);
    the two kinds are never added together.
    """

    games: int = 0
    deals: int = 0
    made: int = 0  # contracts made (tricks taken == contract), zero contracts included
    score: int = 0  # sum of his deal scores (penalties included): his game scores' sum
    declarer_deals: int = 0
    declarer_made: int = 0
    zero_up_made: int = 0
    zero_up_failed: int = 0
    zero_down_made: int = 0
    zero_down_failed: int = 0
    size_deals: tuple[int, ...] = field(default_factory=_sizes)  # by contract 0..13 (17)
    size_made: tuple[int, ...] = field(default_factory=_sizes)
    players: int = 4

    def __post_init__(self) -> None:
        if self.players not in _MOST_BY_PLAYERS:
            raise ValueError("deal statistics are of a table of 3 or 4 players")
        sizes = _MOST_BY_PLAYERS[self.players] + 1
        for name in ("size_deals", "size_made"):
            counts = getattr(self, name)
            if not counts:
                object.__setattr__(self, name, (0,) * sizes)
            elif len(counts) != sizes:
                raise ValueError(f"{name} has a count for each contract 0..{sizes - 1}")

    def __add__(self, other: DealStats) -> DealStats:
        if not isinstance(other, DealStats):
            return NotImplemented
        if other.players != self.players:
            raise ValueError("three-player figures are kept apart from four-player ones")
        return DealStats(
            games=self.games + other.games,
            deals=self.deals + other.deals,
            made=self.made + other.made,
            score=self.score + other.score,
            declarer_deals=self.declarer_deals + other.declarer_deals,
            declarer_made=self.declarer_made + other.declarer_made,
            zero_up_made=self.zero_up_made + other.zero_up_made,
            zero_up_failed=self.zero_up_failed + other.zero_up_failed,
            zero_down_made=self.zero_down_made + other.zero_down_made,
            zero_down_failed=self.zero_down_failed + other.zero_down_failed,
            size_deals=_sum(self.size_deals, other.size_deals),
            size_made=_sum(self.size_made, other.size_made),
            players=self.players,
        )

    def to_row(self) -> tuple[int, ...]:
        """Every counter in one row of `ROW_LENGTH` whole numbers, in the order of the
        fields (the sizes' 14 each): compact to store, and summed as plain numbers
        (`sum_rows`). `from_row` reads it back. A three-player row has the sizes' 18 each
        (`THREE_ROW_LENGTH`), so it is never summed with a four-player one.

        >>> DealStats.from_row(DealStats(deals=2, made=1).to_row()) == DealStats(deals=2, made=1)
        True
        >>> len(DealStats(players=3).to_row()), DealStats.from_row((0,) * 46).players
        (46, 3)
        """
        return (
            self.games,
            self.deals,
            self.made,
            self.score,
            self.declarer_deals,
            self.declarer_made,
            self.zero_up_made,
            self.zero_up_failed,
            self.zero_down_made,
            self.zero_down_failed,
            *self.size_deals,
            *self.size_made,
        )

    @classmethod
    def from_row(cls, row: object) -> DealStats:
        """The counters `to_row` wrote (four players' or three's, by its length); ValueError
        when `row` is not such a row."""
        if (
            not isinstance(row, list | tuple)
            or len(row) not in _PLAYERS_BY_ROW_LENGTH
            or not all(type(n) is int for n in row)
        ):
            raise ValueError(
                f"a row of deal statistics is {ROW_LENGTH} whole numbers "
                f"({THREE_ROW_LENGTH} for three players)"
            )
        numbers: tuple[int, ...] = tuple(row)
        n, sizes = numbers, numbers[_COUNTER_COUNT:]
        half = len(sizes) // 2
        return cls(
            n[0],
            n[1],
            n[2],
            n[3],
            n[4],
            n[5],
            n[6],
            n[7],
            n[8],
            n[9],
            size_deals=sizes[:half],
            size_made=sizes[half:],
            players=_PLAYERS_BY_ROW_LENGTH[len(row)],
        )

    @property
    def zeros_made(self) -> int:
        """Zero contracts made, up and down games together."""
        return self.zero_up_made + self.zero_down_made

    @property
    def made_share(self) -> Fraction | None:
        """Contracts made out of all his contracts, or None without a deal."""
        return Fraction(self.made, self.deals) if self.deals else None

    @property
    def declarer_share(self) -> Fraction | None:
        """Contracts made as declarer out of his deals as declarer, or None."""
        return Fraction(self.declarer_made, self.declarer_deals) if self.declarer_deals else None

    @property
    def average_score(self) -> Fraction | None:
        """His average score per deal, or None without a deal."""
        return Fraction(self.score, self.deals) if self.deals else None

    def by_size(self) -> list[tuple[str, int, int]]:
        """(label, made, deals) for each group of `SIZE_GROUPS`: "0", "1-2", ..., "7+".

        >>> DealStats(size_deals=(3, 1, 1) + (0,) * 11, size_made=(2, 1) + (0,) * 12).by_size()[:2]
        [('0', 2, 3), ('1-2', 1, 2)]
        """
        groups = []
        most = _MOST_BY_PLAYERS[self.players]
        for low, high in size_groups(self.players):
            label = str(low) if low == high else f"{low}+" if high == most else f"{low}-{high}"
            span = slice(low, high + 1)
            groups.append((label, sum(self.size_made[span]), sum(self.size_deals[span])))
        return groups


_COUNTER_COUNT: Final = 10
ROW_LENGTH: Final = _COUNTER_COUNT + 2 * _SIZES
THREE_ROW_LENGTH: Final = _COUNTER_COUNT + 2 * (THREE_MAX_CONTRACT + 1)
_PLAYERS_BY_ROW_LENGTH: Final = {ROW_LENGTH: 4, THREE_ROW_LENGTH: 3}


def sum_rows(rows: Iterable[Sequence[int]], players: int = 4) -> tuple[int, ...]:
    """The sum of `to_row` rows of a table of `players`, number by number (the row of the
    empty figures for none); rows of the other kind are refused (ValueError).

    >>> DealStats.from_row(sum_rows([DealStats(deals=1).to_row()] * 3)).deals
    3
    """
    total = [0] * (ROW_LENGTH if players == 4 else THREE_ROW_LENGTH)
    for row in rows:
        total = [a + b for a, b in zip(total, row, strict=True)]
    return tuple(total)


def _sum(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def seat_stats(deal: DealResult, seat: int) -> DealStats:
    """One seat's counters for one valid scored deal (`validate_deal`'s answer)."""
    if not deal.valid or deal.contracts is None or deal.tricks is None or deal.scores is None:
        raise ValueError("deal statistics need a valid scored deal")
    contract, made = deal.contracts[seat], deal.tricks[seat] == deal.contracts[seat]
    up = deal.game == "over"
    zero = contract == 0
    declarer = deal.declarer == seat
    players = len(deal.contracts)
    size_deals = [0] * (_MOST_BY_PLAYERS[players] + 1)
    size_made = [0] * (_MOST_BY_PLAYERS[players] + 1)
    size_deals[contract] = 1
    size_made[contract] = int(made)
    return DealStats(
        games=0,
        deals=1,
        made=int(made),
        score=deal.scores[seat],
        declarer_deals=int(declarer),
        declarer_made=int(declarer and made),
        zero_up_made=int(zero and up and made),
        zero_up_failed=int(zero and up and not made),
        zero_down_made=int(zero and not up and made),
        zero_down_failed=int(zero and not up and not made),
        size_deals=tuple(size_deals),
        size_made=tuple(size_made),
        players=players,
    )


def game_stats(deals: Sequence[DealResult], players: int | None = None) -> tuple[DealStats, ...]:
    """Each seat's counters over a game's scored deals, by seat; a game counts once.

    The sum of `seat_stats` over the deals (counted here in plain integers: a season
    publishes thousands of games). A game with no deals or with an invalid deal says
    nothing (empty figures, one per seat of `players`, else four): its scores would not be
    the engine's. The table's size is that of the deals' contracts (three-player figures
    for deals of three seats).
    """
    if not deals or not all(deal.valid for deal in deals):
        seats = players or 4
        return (DealStats(players=seats),) * seats
    first = deals[0].contracts
    seats = len(first) if first is not None else players or 4
    sizes = _MOST_BY_PLAYERS[seats] + 1
    counts = [[0] * 8 for _seat in range(seats)]  # made, score, declarer, declarer made, zeros
    size_deals = [[0] * sizes for _seat in range(seats)]
    size_made = [[0] * sizes for _seat in range(seats)]
    for deal in deals:
        assert deal.contracts is not None and deal.tricks is not None and deal.scores is not None
        up = deal.game == "over"
        for seat in range(seats):
            contract = deal.contracts[seat]
            made = deal.tricks[seat] == contract
            mine = counts[seat]
            mine[0] += made
            mine[1] += deal.scores[seat]
            if deal.declarer == seat:
                mine[2] += 1
                mine[3] += made
            if contract == 0:
                mine[4 + 2 * (not up) + (not made)] += 1
            size_deals[seat][contract] += 1
            size_made[seat][contract] += made
    return tuple(
        DealStats(
            games=1,
            deals=len(deals),
            made=made,
            score=score,
            declarer_deals=declarer,
            declarer_made=declarer_made,
            zero_up_made=up_made,
            zero_up_failed=up_failed,
            zero_down_made=down_made,
            zero_down_failed=down_failed,
            size_deals=tuple(size_deals[seat]),
            size_made=tuple(size_made[seat]),
            players=seats,
        )
        for seat, (
            made,
            score,
            declarer,
            declarer_made,
            up_made,
            up_failed,
            down_made,
            down_failed,
        ) in enumerate(counts)
    )


def total_stats(parts: Sequence[DealStats], players: int = 4) -> DealStats:
    """The sum of `parts`, figures of tables of `players` (the empty figures for none)."""
    total = DealStats(players=players)
    for part in parts:
        total = total + part
    return total


# --- the season's leaders -------------------------------------------------------------------

LEADER_CATEGORIES: Final = ("zeros_made", "declarer", "made", "average")
LEADERS_SHOWN: Final = 3


@dataclass(frozen=True, slots=True)
class Leader:
    """A player among a category's leaders: his shared rank and his figure."""

    rank: int
    key: str
    value: Fraction
    count: int  # what the figure is out of: his deals (declarer deals for "declarer")


@dataclass(frozen=True, slots=True)
class Leaders:
    """The season's leaders by category, and the fewest deals a player needs to be ranked
    by a share or an average (so two lucky deals do not top the list)."""

    minimum_deals: int
    by_category: dict[str, list[Leader]]


def minimum_deals(stats: Mapping[str, DealStats]) -> int:
    """Half the deals of the player with most (rounded up), at least 1.

    >>> minimum_deals({"a": DealStats(deals=56), "b": DealStats(deals=3)})
    28
    """
    most = max((s.deals for s in stats.values()), default=0)
    return max(1, -(-most // 2))


def _figure(stats: DealStats, category: str) -> tuple[Fraction | None, int]:
    if category == "zeros_made":
        return (Fraction(stats.zeros_made) if stats.zeros_made else None), stats.deals
    if category == "declarer":
        return stats.declarer_share, stats.declarer_deals
    if category == "made":
        return stats.made_share, stats.deals
    return stats.average_score, stats.deals


def season_leaders(stats: Mapping[str, DealStats], *, shown: int = LEADERS_SHOWN) -> Leaders:
    """The top `shown` players of each category (more when tied at the last place shown).

    "zeros_made" counts zero contracts made (no minimum); the shares and the average rank
    only players with at least `minimum_deals` deals. Equal figures share the better rank;
    ties are listed by key.

    >>> leaders = season_leaders({"a": DealStats(deals=4, made=3, zero_up_made=2),
    ...                           "b": DealStats(deals=4, made=1, zero_down_made=1)})
    >>> [(x.rank, x.key, x.value) for x in leaders.by_category["zeros_made"]]
    [(1, 'a', Fraction(2, 1)), (2, 'b', Fraction(1, 1))]
    """
    least = minimum_deals(stats)
    by_category: dict[str, list[Leader]] = {}
    for category in LEADER_CATEGORIES:
        ranked: list[tuple[Fraction, str, int]] = []
        for key, figures in stats.items():
            value, count = _figure(figures, category)
            if value is None or (category != "zeros_made" and figures.deals < least):
                continue
            ranked.append((value, key, count))
        ranked.sort(key=lambda item: (-item[0], item[1]))
        leaders: list[Leader] = []
        for value, key, count in ranked:
            rank = 1 + sum(1 for other, _k, _c in ranked if other > value)
            if rank > shown:
                break
            leaders.append(Leader(rank, key, value, count))
        by_category[category] = leaders
    return Leaders(least, by_category)
