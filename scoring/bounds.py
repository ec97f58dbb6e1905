"""The scores a preset makes possible: one deal's best and worst score for a player, and
the range a game total of so many deals must fall in.

A player's deal score depends only on his contract `n`, the tricks he took `t` and the
game's `down` (RULES.md 2). Valid deals allow every `n` and `t` in 0..13 in an over game
(the other seats' contracts can always push the sum over 13); an under game "down k" has
contracts summing to 13 - k, and the declarer's contract is at least the minimum bid, so
k <= 13 - minimum bid and the player's own contract is at most 13 - k. A preset with a
revoke penalty adds it once per revoke, and a player revokes at most 12 times a deal (in
the last trick he holds one card). The bounds are the extremes over that set.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scoring.presets import Preset

TRICKS: Final = 13
# The last trick cannot be a revoke: a player then holds one card and plays it.
MAX_REVOKES_PER_DEAL: Final = TRICKS - 1


def _possible_scores(preset: Preset) -> list[int]:
    """Every score one player can make in one valid deal (penalties aside)."""
    most_down = TRICKS - preset.options.minimum_bid
    return [
        preset.deal_score(contract, taken, down)
        for down in range(most_down + 1)
        for contract in range(TRICKS + 1 if down == 0 else TRICKS - down + 1)
        for taken in range(TRICKS + 1)
    ]


def deal_score_bounds(preset: Preset) -> tuple[int, int]:
    """The worst and best score one player can make in one valid deal under `preset`.

    >>> from scoring import get_preset
    >>> deal_score_bounds(get_preset("whist-online"))  # 13 failed by 13; 13 made
    (-260, 179)
    >>> deal_score_bounds(get_preset("he-wikipedia"))
    (-65, 179)
    >>> deal_score_bounds(get_preset("en-wikipedia"))  # 12 revokes of -100 on top
    (-1330, 179)
    """
    scores = _possible_scores(preset)
    low, high = min(scores), max(scores)
    penalty = preset.options.revoke_penalty
    if penalty is not None:
        low += MAX_REVOKES_PER_DEAL * min(penalty, 0)
        high += MAX_REVOKES_PER_DEAL * max(penalty, 0)
    return low, high


def game_total_bounds(preset: Preset, deals: int) -> tuple[int, int]:
    """The lowest and highest game score a player can have after `deals` valid deals.

    >>> from scoring import get_preset
    >>> game_total_bounds(get_preset("whist-online"), 28)
    (-7280, 5012)
    >>> game_total_bounds(get_preset("whist-online"), 0)
    (0, 0)
    """
    low, high = deal_score_bounds(preset)
    return low * deals, high * deals


def seats_out_of_bounds(scores: Sequence[int], bounds: tuple[int, int]) -> list[int]:
    """The seats (0-based) whose game score falls outside `bounds`.

    >>> seats_out_of_bounds([100000, 0, 0, -8000], (-7280, 5012))
    [0, 3]
    """
    low, high = bounds
    return [seat for seat, score in enumerate(scores) if not low <= score <= high]
