"""A game total's bounds: no valid deal scores outside a preset's per-deal bounds, and the
bounds are reached (so the four-totals form refuses only totals that cannot exist), at a
table of four and with each three-player deck (its T tricks)."""

import doctest
import itertools
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import scoring.bounds
from scoring import PRESET_NAMES, get_preset, score_game, validate_deal
from scoring.bounds import deal_score_bounds, game_total_bounds
from scoring.decks import ALL_DECKS, FOUR_SEATS, get_deck
from scoring.generate import random_deal

presets = st.sampled_from(PRESET_NAMES).map(get_preset)
tables = st.sampled_from(ALL_DECKS)


@st.composite
def tricks_by_seat(draw: st.DrawFn, deck=FOUR_SEATS) -> list[int]:
    """A trick count for each seat, summing to the deck's tricks T (seats - 1 cuts of 0..T)."""
    numbers = st.integers(min_value=0, max_value=deck.tricks)
    cuts = sorted(draw(st.lists(numbers, min_size=deck.seats - 1, max_size=deck.seats - 1)))
    ends = [0, *cuts, deck.tricks]
    return [b - a for a, b in itertools.pairwise(ends)]


@st.composite
def summary_deals(draw: st.DrawFn, deck=FOUR_SEATS) -> dict:
    """A summary deal record of the deck's seats and tricks (not always valid)."""
    numbers = st.integers(min_value=0, max_value=deck.tricks)
    return {
        "trump": "S",
        "declarer": draw(st.integers(min_value=0, max_value=deck.seats - 1)),
        "winning_bid": draw(st.integers(min_value=5, max_value=deck.tricks)),
        "contracts": draw(st.lists(numbers, min_size=deck.seats, max_size=deck.seats)),
        "tricks": draw(tricks_by_seat(deck)),
    }


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(preset=presets, deck=tables, data=st.data())
def test_no_valid_summary_deal_scores_outside_the_bounds(preset, deck, data):
    result = validate_deal(data.draw(summary_deals(deck)), preset, deck)
    assume(result.valid)
    low, high = deal_score_bounds(preset, deck)
    assert all(low <= score <= high for score in result.scores)


@settings(max_examples=40, deadline=None)
@given(preset=presets, deck=tables, seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_no_random_full_game_totals_outside_the_game_bounds(preset, deck, seed):
    rng = random.Random(seed)
    revokes = 0.3 if preset.options.revoke_penalty is not None else 0.0
    deals = [
        random_deal(rng, preset, dealer=i % deck.seats, revoke_chance=revokes, deck=deck)
        for i in range(6)
    ]
    game = score_game(deals, preset, deck)
    assert game.totals is not None
    low, high = game_total_bounds(preset, len(deals), deck)
    assert all(low <= total <= high for total in game.totals)


@pytest.mark.parametrize("deck", ALL_DECKS[1:], ids=lambda deck: deck.name)
def test_whist_online_deal_bounds_at_three_are_t_made_and_t_failed_by_t(deck):
    preset = get_preset("whist-online")
    top = deck.tricks
    best = {"trump": "S", "declarer": 0, "winning_bid": top}
    made = validate_deal(best | {"contracts": [top, 1, 0], "tricks": [top, 0, 0]}, preset, deck)
    failed = validate_deal(best | {"contracts": [top, 1, 0], "tricks": [0, top, 0]}, preset, deck)
    assert made.scores[0] == deal_score_bounds(preset, deck)[1] == top * top + 10
    assert failed.scores[0] == deal_score_bounds(preset, deck)[0] == -20 * top


def test_en_wikipedias_revoke_bound_counts_one_revoke_a_trick_but_the_last():
    preset = get_preset("en-wikipedia")
    low, _high = deal_score_bounds(preset, get_deck("one-card-out"))
    assert low == -10 * 17 - 100 * 16


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
