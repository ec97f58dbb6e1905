"""A game total's bounds: no valid deal scores outside a preset's per-deal bounds, and the
bounds are reached (so the four-totals form refuses only totals that cannot exist)."""

import doctest
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import scoring.bounds
from scoring import PRESET_NAMES, get_preset, score_game, validate_deal
from scoring.bounds import deal_score_bounds, game_total_bounds
from scoring.generate import random_deal

presets = st.sampled_from(PRESET_NAMES).map(get_preset)
seats = st.integers(min_value=0, max_value=3)
numbers = st.integers(min_value=0, max_value=13)


@st.composite
def tricks_by_seat(draw: st.DrawFn) -> list[int]:
    """Four trick counts summing to 13 (three cuts of 0..13)."""
    cuts = sorted(draw(st.lists(numbers, min_size=3, max_size=3)))
    return [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    preset=presets,
    declarer=seats,
    bid=st.integers(min_value=5, max_value=13),
    contracts=st.lists(numbers, min_size=4, max_size=4),
    tricks=tricks_by_seat(),
)
def test_no_valid_summary_deal_scores_outside_the_bounds(preset, declarer, bid, contracts, tricks):
    deal = {
        "trump": "S",
        "declarer": declarer,
        "winning_bid": bid,
        "contracts": contracts,
        "tricks": tricks,
    }
    result = validate_deal(deal, preset)
    assume(result.valid)
    low, high = deal_score_bounds(preset)
    assert all(low <= score <= high for score in result.scores)


@settings(max_examples=40, deadline=None)
@given(preset=presets, seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_no_random_full_game_totals_outside_the_game_bounds(preset, seed):
    rng = random.Random(seed)
    revokes = 0.3 if preset.options.revoke_penalty is not None else 0.0
    deals = [random_deal(rng, preset, dealer=i % 4, revoke_chance=revokes) for i in range(6)]
    game = score_game(deals, preset)
    assert game.totals is not None
    low, high = game_total_bounds(preset, len(deals))
    assert all(low <= total <= high for total in game.totals)


def test_whist_online_deal_bounds_are_reached():
    preset = get_preset("whist-online")
    best = {"trump": "S", "declarer": 0, "winning_bid": 13}
    made = validate_deal(best | {"contracts": [13, 1, 0, 0], "tricks": [13, 0, 0, 0]}, preset)
    failed = validate_deal(best | {"contracts": [13, 1, 0, 0], "tricks": [0, 13, 0, 0]}, preset)
    assert made.scores[0] == deal_score_bounds(preset)[1] == 179
    assert failed.scores[0] == deal_score_bounds(preset)[0] == -260


def test_game_bounds_scale_with_the_deals_per_game():
    preset = get_preset("whist-online")
    assert game_total_bounds(preset, 28) == (-260 * 28, 179 * 28)
    assert game_total_bounds(preset, 24) == (-260 * 24, 179 * 24)


def test_bounds_docstring_examples_run():
    outcome = doctest.testmod(scoring.bounds)
    assert outcome.attempted > 0 and outcome.failed == 0
