"""Deals played by the model of players (`scoring.players`): legal under every preset, the
full record and its summary agree, and the players mostly make their contracts."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.sheet_taps import missed
from scoring import PRESET_NAMES, get_preset, validate_deal
from scoring.decks import THREE_PLAYER_DECKS
from scoring.generate import random_deals
from scoring.players import hand_worth, model_contracts, model_deal, model_deals

seeds = st.integers(min_value=0, max_value=2**32 - 1)
presets = st.sampled_from(PRESET_NAMES).map(get_preset)
MODEST = settings(max_examples=60, deadline=None)


def misses(deals):
    return sum(missed(deal) for deal in deals)


@MODEST
@given(seed=seeds, preset=presets, dealer=st.integers(0, 3))
def test_a_deal_played_by_the_model_validates_and_its_summary_agrees(seed, preset, dealer):
    full = validate_deal(model_deal(random.Random(seed), preset, dealer=dealer), preset)
    summary = model_deal(random.Random(seed), preset, dealer=dealer, summary_only=True)
    assert full.valid, full.errors
    assert validate_deal(summary, preset).valid
    assert list(full.tricks) == summary["tricks"]
    assert list(full.contracts) == summary["contracts"]
    assert full.declarer == summary["declarer"]


@MODEST
@given(seed=seeds)
def test_the_model_contracts_never_total_13_and_the_declarer_holds_his_bid(seed):
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[13 * s : 13 * s + 13] for s in range(4)]
    declarer, trump, level = rng.randrange(4), rng.randrange(5), rng.randint(5, 13)
    contracts = model_contracts(hands, declarer, trump, level)
    assert sum(contracts) != 13
    assert contracts[declarer] >= level
    assert all(0 <= c <= 13 for c in contracts)


@MODEST
@given(seed=seeds, preset=presets, deck=st.sampled_from(list(THREE_PLAYER_DECKS.values())))
def test_a_three_player_deal_played_by_the_model_validates_with_its_deck(seed, preset, deck):
    record = model_deal(random.Random(seed), preset, dealer=seed % 3, deck=deck)
    result = validate_deal(record, preset, deck)
    assert result.valid, result.errors
    assert len(record["play"]) == deck.tricks and sum(result.tricks) == deck.tricks
    assert deck.holds_strain(result.trump) and sum(result.contracts) != deck.tricks


def test_hand_worth_counts_aces_and_long_trumps():
    aces = [12, 25, 38, 51]  # the four aces
    assert hand_worth(aces, 4) == 4
    spades = list(range(39, 52))  # all thirteen spades
    assert hand_worth(spades, 3) > hand_worth(spades, 0)


def test_players_of_the_model_miss_about_half_as_often_as_random_ones():
    model = model_deals(7, 400, summary_only=True)
    random_play = random_deals(7, 400, summary_only=True)
    assert misses(model) < 0.6 * misses(random_play)
    # somebody misses in every deal: four contracts never total 13
    assert all(missed(deal) for deal in model)
