"""The multiplayer Elo skill rating of RULES.md 3.3 as pure functions (no ORM).

At a table of N players every pair (i, j) is a duel: the actual result S_ij is 1 when i
placed better (a higher game score), 0.5 when tied, 0 when worse; the expected result is
E_ij = 1 / (1 + 10 ** ((R_j - R_i) / 400)); then R_i += K / (N - 1) * sum_j (S_ij - E_ij),
with K = 32 and every player starting at 1000. All terms use the ratings before the game.
Games are applied in the order they were played (date, then entry order), so replaying all
games from the start gives exactly the numbers of the updates made one game at a time.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

K_FACTOR = 32.0
START_RATING = 1000.0

P = TypeVar("P", bound=Hashable)
G = TypeVar("G", bound=Hashable)


def expected_result(rating: float, opponent: float) -> float:
    """E_ij: the share of a duel a player rated `rating` is expected to win."""
    return float(1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0)))


def actual_result(score: int, opponent_score: int) -> float:
    """S_ij: 1 for the better game score (better place), 0.5 for a tie, 0 for the worse."""
    if score > opponent_score:
        return 1.0
    if score == opponent_score:
        return 0.5
    return 0.0


def game_changes(
    ratings: Sequence[float], scores: Sequence[int], k: float = K_FACTOR
) -> list[float]:
    """Each seat's rating change from one game, given the ratings before it and the scores."""
    if len(ratings) != len(scores):
        raise ValueError(f"{len(ratings)} ratings but {len(scores)} scores")
    if len(scores) < 2:
        raise ValueError("a rated game needs at least 2 players")
    factor = k / (len(scores) - 1)
    return [
        factor
        * sum(
            actual_result(scores[i], scores[j]) - expected_result(ratings[i], ratings[j])
            for j in range(len(scores))
            if j != i
        )
        for i in range(len(scores))
    ]


@dataclass(frozen=True)
class RatingChange(Generic[P, G]):
    """One player's rating before and after one game."""

    game: G
    player: P
    before: float
    after: float
    score: int


def replay(
    games: Iterable[tuple[G, Sequence[tuple[P, int]]]],
    ratings: Mapping[P, float] | None = None,
    k: float = K_FACTOR,
) -> Iterator[RatingChange[P, G]]:
    """Apply games (in played order, each as (player, score) pairs) from `ratings` onwards.

    Players missing from `ratings` start at START_RATING. Yields every change in order.
    """
    current: dict[P, float] = dict(ratings or {})
    for game, results in games:
        before = [current.get(player, START_RATING) for player, _ in results]
        deltas = game_changes(before, [score for _, score in results], k)
        for (player, score), old, delta in zip(results, before, deltas, strict=True):
            current[player] = old + delta
            yield RatingChange(game, player, old, old + delta, score)
