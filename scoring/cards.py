"""Cards, suits, strains and seats of Israeli Whist, with the card codes of FORMATS.md."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final


class Suit(IntEnum):
    """A card suit; the values follow the bidding order (clubs lowest)."""

    C = 0
    D = 1
    H = 2
    S = 3

    def __str__(self) -> str:
        return self.name


class Strain(IntEnum):
    """A trump strain for bidding, low to high: C < D < H < S < NT."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    def __str__(self) -> str:
        return self.name


Seat = int
"""A seat number 0..3, clockwise; the player "left of" seat s is seat s + 1."""

SEATS: Final = range(4)
RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "CDHS"

# A card is an int 0..51 inside the engine: suit * 13 + rank index (2 -> 0, A -> 12).
CARD_CODES: Final[tuple[str, ...]] = tuple(r + s for s in SUIT_CHARS for r in RANK_CHARS)
CARD_INDEX: Final[dict[str, int]] = {code: i for i, code in enumerate(CARD_CODES)}
CARD_SUIT: Final[tuple[int, ...]] = tuple(i // 13 for i in range(52))
CARD_RANK: Final[tuple[int, ...]] = tuple(i % 13 + 2 for i in range(52))
STRAIN_BY_NAME: Final[dict[str, Strain]] = {s.name: s for s in Strain}


def next_seat(seat: Seat, steps: int = 1) -> Seat:
    """Return the seat `steps` places clockwise (to the left) of `seat`."""
    return (seat + steps) % 4


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card; `str(card)` is its code, e.g. "AS", "TD", "2C"."""

    suit: Suit
    rank: int

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= 14:
            raise ValueError(f"rank must be 2..14, not {self.rank}")

    @property
    def index(self) -> int:
        """The engine's integer for this card (0..51)."""
        return int(self.suit) * 13 + self.rank - 2

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the engine integer `index`."""
        return cls(Suit(CARD_SUIT[index]), CARD_RANK[index])

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a card code like "AS" or "TD"; raise ValueError for anything else."""
        index = parse_card(code)
        if index is None:
            raise ValueError(f"{code!r} is not a card code (rank AKQJT98765432, then suit SHDC)")
        return cls.from_index(index)

    def __str__(self) -> str:
        return CARD_CODES[self.index]


def parse_card(code: object) -> int | None:
    """The engine integer of a card code, or None when `code` is not one."""
    return CARD_INDEX.get(code) if type(code) is str else None
