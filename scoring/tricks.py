"""Who wins a trick: the highest trump, else the highest card of the suit led (none in NT)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scoring.cards import CARD_SUIT

# TRICK_KEYS[trump * 4 + led][card]: the larger key wins; a trump beats the suit led,
# which beats a discard (key 0). Trump 4 (NT) matches no suit.
TRICK_KEYS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        200 + card % 13
        if CARD_SUIT[card] == trump
        else (100 + card % 13 if CARD_SUIT[card] == led else 0)
        for card in range(52)
    )
    for trump in range(5)
    for led in range(4)
)


def trick_winner(cards: Sequence[int], leader: int, trump: int) -> int:
    """The seat winning a trick of card ints played in order from `leader` (trump 4 is NT);
    a trick has a card from each seat, so its length is the table's number of seats."""
    keys = TRICK_KEYS[trump * 4 + CARD_SUIT[cards[0]]]
    best = max(range(len(cards)), key=lambda j: keys[cards[j]])
    return (leader + best) % len(cards)
