"""Taps a deal on the phone sheet at a table of three (issue 30 item 4), by the count the
browser test checks (bench/sheet_taps.py): two taps give all three players' tricks (the
last took the rest of T), so a deal at three takes at most what the same kind of deal
takes at four."""

from __future__ import annotations

import pytest

from bench.sheet_taps import deal_taps
from scoring import get_preset
from scoring.decks import THREE_PLAYER_DECKS
from scoring.generate import random_deals
from scoring.players import model_deals

PRESET = get_preset("whist-online")


def test_a_deal_at_three_takes_the_bid_two_tricks_the_missed_contracts_and_maybe_the_declarer():
    deal = {"winning_bid": 5, "contracts": [5, 4, 2], "tricks": [6, 4, 2]}
    assert deal_taps(deal) == 1 + 2 + 1  # one missed, the declarer told by the contracts
    deal = {"winning_bid": 5, "contracts": [5, 6, 2], "tricks": [5, 5, 2]}
    assert deal_taps(deal) == 1 + 2 + 1 + 1  # two at the bid: the declarer is tapped
    four = {"winning_bid": 5, "contracts": [5, 4, 2, 1], "tricks": [6, 4, 2, 1]}
    assert deal_taps(four) == 1 + 3 + 1


@pytest.mark.parametrize("deck", list(THREE_PLAYER_DECKS.values()), ids=lambda d: d.name)
@pytest.mark.parametrize("make", [random_deals, model_deals], ids=["random", "played"])
def test_taps_a_deal_at_three_are_at_most_the_four_player_figure(deck, make):
    four = make(3, 300, PRESET, summary_only=True)
    three = make(3, 300, PRESET, summary_only=True, deck=deck)
    at_four = sum(deal_taps(d) for d in four) / len(four)
    at_three = sum(deal_taps(d) for d in three) / len(three)
    assert at_three <= at_four, (deck.name, at_three, at_four)
