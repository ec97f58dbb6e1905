"""The deck a table plays with, as a value passed through the engine (RULES.md 1.5).

Four players play the 52 cards (`FOUR_SEATS`): 13 each, 13 tricks, every strain. Three
players play one of three decks, named in a three-player game record's `deck` field:

| deck | cards | each hand | tricks a deal (T) |
|---|---|---|---|
| `no-low-cards` (default) | 36: every 2, 3, 4 and 5 removed | 12 | 12 |
| `no-clubs` | 39: the clubs removed; clubs cannot be trump | 13 | 13 |
| `one-card-out` | 52, one card set aside unseen each deal | 17 | 17 |

Validation, scoring, bounds, statistics and the generator read the seats, cards, hand size,
tricks and strains from the deck instead of assuming four seats and 13 tricks.

>>> from scoring.cards import CARD_INDEX
>>> deck = get_deck("no-low-cards")
>>> deck.seats, len(deck.cards), deck.hand_size, deck.tricks
(3, 36, 12, 12)
>>> deck.holds(CARD_INDEX["2S"]), deck.holds(CARD_INDEX["6S"])
(False, True)
>>> [s.name for s in get_deck("no-clubs").strains]
['D', 'H', 'S', 'NT']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from scoring.calls import MAX_ANY_LEVEL
from scoring.cards import CARD_RANK, CARD_SUIT, Strain, Suit

_ALL_CARDS: Final = tuple(range(52))
_SEAT_WORDS: Final = {3: "three", 4: "four"}


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards a table plays with and what follows from them.

    `name` is the record's `deck` value (the four-seat deck has none in records),
    `cards` the engine's card ints in the deck (sorted), `hand_size` the cards dealt to
    each seat, `tricks` the tricks of a deal (T: the bound of bids, contracts and tricks
    taken, and the total the contracts may not make), `strains` the strains that can be
    bid (low to high), `set_aside` the cards left undealt each deal.
    """

    name: str
    seats: int
    cards: tuple[int, ...]
    hand_size: int
    tricks: int
    strains: tuple[Strain, ...]
    description: str = ""
    in_deck: tuple[bool, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.seats not in _SEAT_WORDS:
            raise ValueError("a table has 3 or 4 seats")
        if self.hand_size * self.seats > len(self.cards):
            raise ValueError("the deck cannot deal every seat its hand")
        if not 5 <= self.tricks <= MAX_ANY_LEVEL:
            raise ValueError(f"bids go up to {MAX_ANY_LEVEL} tricks at most")
        held = set(self.cards)
        object.__setattr__(self, "in_deck", tuple(card in held for card in _ALL_CARDS))

    @property
    def set_aside(self) -> int:
        """The cards of the deck left undealt each deal (1 in `one-card-out`)."""
        return len(self.cards) - self.hand_size * self.seats

    @property
    def seat_word(self) -> str:
        """The number of seats as a word, for sentences: "three" or "four"."""
        return _SEAT_WORDS[self.seats]

    def holds(self, card: int) -> bool:
        """True when the engine's card int `card` is in this deck."""
        return self.in_deck[card]

    def holds_strain(self, strain: int) -> bool:
        """True when `strain` (an int of `Strain`) can be bid with this deck."""
        return strain in self.strains

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places clockwise (to the left) of `seat` at this table."""
        return (seat + steps) % self.seats


FOUR_SEATS: Final = Deck(
    name="four-seats",
    seats=4,
    cards=_ALL_CARDS,
    hand_size=13,
    tricks=13,
    strains=tuple(Strain),
    description="Four players: the 52 cards, 13 each, 13 tricks.",
)

NO_LOW_CARDS: Final = Deck(
    name="no-low-cards",
    seats=3,
    cards=tuple(card for card in _ALL_CARDS if CARD_RANK[card] > 5),
    hand_size=12,
    tricks=12,
    strains=tuple(Strain),
    description="36 cards (every 2, 3, 4 and 5 removed), 12 each, 12 tricks.",
)

NO_CLUBS: Final = Deck(
    name="no-clubs",
    seats=3,
    cards=tuple(card for card in _ALL_CARDS if CARD_SUIT[card] != Suit.C),
    hand_size=13,
    tricks=13,
    strains=tuple(s for s in Strain if s != Strain.C),
    description="39 cards (the clubs removed, clubs cannot be trump), 13 each, 13 tricks.",
)

ONE_CARD_OUT: Final = Deck(
    name="one-card-out",
    seats=3,
    cards=_ALL_CARDS,
    hand_size=17,
    tricks=17,
    strains=tuple(Strain),
    description="52 cards, one set aside unseen each deal, 17 each, 17 tricks.",
)

THREE_PLAYER_DECKS: Final[dict[str, Deck]] = {
    deck.name: deck for deck in (NO_LOW_CARDS, NO_CLUBS, ONE_CARD_OUT)
}
THREE_PLAYER_DECK_NAMES: Final[tuple[str, ...]] = tuple(THREE_PLAYER_DECKS)
DEFAULT_THREE_PLAYER_DECK: Final = NO_LOW_CARDS.name
ALL_DECKS: Final[tuple[Deck, ...]] = (FOUR_SEATS, *THREE_PLAYER_DECKS.values())
MAX_TRICKS: Final = max(deck.tricks for deck in ALL_DECKS)
"""The most tricks of any deck (17): the bound of every table indexed by contract or tricks."""


class UnknownDeckError(KeyError):
    """No three-player deck has the name asked for."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"unknown deck {self.name!r}; choose one of {', '.join(THREE_PLAYER_DECK_NAMES)}"


def get_deck(name: str) -> Deck:
    """The three-player deck `name`; raise UnknownDeckError if there is none."""
    try:
        return THREE_PLAYER_DECKS[name]
    except (KeyError, TypeError):
        raise UnknownDeckError(str(name)) from None


def deck_for(seats: int, name: str | None = None) -> Deck:
    """The deck of a table of `seats`: the 52 cards at four, the named deck (default
    `no-low-cards`) at three; ValueError for another number of seats.

    >>> deck_for(4).tricks, deck_for(3).name, deck_for(3, "one-card-out").tricks
    (13, 'no-low-cards', 17)
    """
    if seats == 4:
        return FOUR_SEATS
    if seats == 3:
        return get_deck(name or DEFAULT_THREE_PLAYER_DECK)
    raise ValueError(f"a table has 3 or 4 seats, not {seats}")
