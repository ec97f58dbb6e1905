"""The rating formula of RULES.md 3.3 with hand-computed cases."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rating.elo import (
    START_RATING,
    actual_result,
    expected_result,
    game_changes,
    replay,
)


def test_equal_ratings_expect_half_a_duel():
    assert expected_result(1000, 1000) == 0.5


def test_expected_result_of_200_points_stronger_player():
    # 1 / (1 + 10 ** (-200 / 400)) = 1 / (1 + 0.316228) = 0.759747
    assert expected_result(1200, 1000) == pytest.approx(0.759747, abs=1e-6)
    assert expected_result(1000, 1200) == pytest.approx(0.240253, abs=1e-6)


def test_actual_result_is_one_half_or_zero_by_score():
    assert (actual_result(120, 80), actual_result(80, 80), actual_result(-10, 80)) == (
        1.0,
        0.5,
        0.0,
    )


def test_four_equal_players_gain_16_and_a_third_of_16():
    # K/(N-1) = 32/3; the winner: 3 duels won, 1.5 expected: +16; second +5.33, ...
    changes = game_changes([1000, 1000, 1000, 1000], [120, 80, 45, -10])
    assert changes == pytest.approx([16.0, 16 / 3, -16 / 3, -16.0])


def test_players_tied_on_score_share_the_duel():
    # Tied winners: 0.5 + 1 + 1 - 1.5 = 1 duel above expectation: +32/3 each.
    changes = game_changes([1000, 1000, 1000, 1000], [100, 100, 50, 0])
    assert changes == pytest.approx([32 / 3, 32 / 3, -16 / 3, -16.0])


def test_strong_player_finishing_last_loses_more():
    # R = 1200 vs three at 1000, finishing last: 32/3 * -3 * 0.759747 = -24.3119.
    changes = game_changes([1200, 1000, 1000, 1000], [-20, 90, 60, 30])
    assert changes == pytest.approx([-24.3119, 18.7706, 8.1040, -2.5627], abs=1e-3)


def test_three_player_table_uses_k_over_two():
    assert game_changes([1000, 1000, 1000], [50, 20, 10]) == pytest.approx([16.0, 0.0, -16.0])


def test_replay_starts_new_players_at_1000_and_chains_games():
    changes = list(
        replay(
            [
                ("g1", [("a", 3), ("b", 2), ("c", 1), ("d", 0)]),
                ("g2", [("a", 0), ("b", 1), ("c", 2), ("e", 3)]),
            ]
        )
    )
    first = {c.player: c for c in changes if c.game == "g1"}
    second = {c.player: c for c in changes if c.game == "g2"}
    assert first["a"].before == START_RATING and first["a"].after == pytest.approx(1016)
    assert second["a"].before == pytest.approx(1016)
    assert second["e"].before == START_RATING


ratings = st.lists(st.floats(600, 2000), min_size=4, max_size=4)
scores = st.lists(st.integers(-300, 300), min_size=4, max_size=4)


@given(ratings, scores)
def test_rating_changes_of_a_game_sum_to_zero(before, game_scores):
    assert sum(game_changes(before, game_scores)) == pytest.approx(0.0, abs=1e-9)


@given(ratings, scores)
def test_better_score_never_gains_less_at_equal_ratings(before, game_scores):
    changes = game_changes([1000.0] * 4, game_scores)
    for i in range(4):
        for j in range(4):
            if game_scores[i] > game_scores[j]:
                assert changes[i] > changes[j]
