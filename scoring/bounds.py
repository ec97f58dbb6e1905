"""The scores a preset makes possible: one deal's best and worst score for a player, and
the range a game total of so many deals must fall in.

A player's deal score depends only on his contract `n`, the tricks he took `t` and the
game's `down` (RULES.md 2). With T the deal's tricks (13 at four players; 12, 13 or 17 at
three, by the deck: RULES.md 1.5), valid deals allow every `n` and `t` in 0..T in an over
game (the other seats' contracts can always push the sum over T); an under game "down k"
has contracts summing to T - k, and the declarer's contract is at least the minimum bid, so
k <= T - minimum bid and the player's own contract is at most T - k. A preset with a
revoke penalty adds it once per revoke, and a player revokes at most T - 1 times a deal (in
the last trick he holds one card). The bounds are the extremes over that set.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scoring.decks import FOUR_SEATS, Deck
from scoring.presets import Preset

TRICKS: Final = FOUR_SEATS.tricks
# The last trick cannot be a revoke: a player then holds one card and plays it.
MAX_REVOKES_PER_DEAL: Final = TRICKS - 1


def _possible_scores(preset: Preset, tricks: int) -> list[int]:
    """Every score one player can make in one valid deal of `tricks` (penalties aside)."""
    most_down = tricks - preset.options.minimum_bid
    return [
        preset.deal_score(contract, taken, down)
        for down in range(most_down + 1)
        for contract in range(tricks + 1 if down == 0 else tricks - down + 1)
        for taken in range(tricks + 1)
    ]


def deal_score_bounds(preset: Preset, deck: Deck = FOUR_SEATS) -> tuple[int, int]:
    """The worst and best score one player can make in one valid deal under `preset`, at a
    table with `deck` (four seats by default).

    >>> from scoring import get_preset
    >>> deal_score_bounds(get_preset("whist-online"))  # 13 failed by 13; 13 made
    (-260, 179)
    >>> deal_score_bounds(get_preset("he-wikipedia"))
    (-65, 179)
    >>> deal_score_bounds(get_preset("en-wikipedia"))  # 12 revokes of -100 on top
    (-1330, 179)
    >>> from scoring.decks import get_deck
    >>> deal_score_bounds(get_preset("whist-online"), get_deck("no-low-cards"))  # 12 by 12
    (-240, 154)
    >>> deal_score_bounds(get_preset("whist-online"), get_deck("one-card-out"))  # 17 by 17
    (-340, 299)
    """
    tricks = deck.tricks
    scores = _possible_scores(preset, tricks)
    low, high = min(scores), max(scores)
    penalty = preset.options.revoke_penalty
    if penalty is not None:
        most_revokes = tricks - 1
        low += most_revokes * min(penalty, 0)
        high += most_revokes * max(penalty, 0)
    return low, high


def game_total_bounds(preset: Preset, deals: int, deck: Deck = FOUR_SEATS) -> tuple[int, int]:
    """The lowest and highest game score a player can have after `deals` valid deals at a
    table with `deck` (four seats by default).

    >>> from scoring import get_preset
    >>> from scoring.decks import get_deck
    >>> game_total_bounds(get_preset("whist-online"), 28)
    (-7280, 5012)
    >>> game_total_bounds(get_preset("whist-online"), 0)
    (0, 0)
    >>> game_total_bounds(get_preset("whist-online"), 28, get_deck("no-clubs"))
    (-7280, 5012)
    """
    low, high = deal_score_bounds(preset, deck)
    return low * deals, high * deals


def seats_out_of_bounds(scores: Sequence[int], bounds: tuple[int, int]) -> list[int]:
    """The seats (0-based) whose game score falls outside `bounds`.

    >>> seats_out_of_bounds([100000, 0, 0, -8000], (-7280, 5012))
    [0, 3]
    """
    low, high = bounds
    return [seat for seat, score in enumerate(scores) if not low <= score <= high]
