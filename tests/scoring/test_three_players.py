"""Three players at a table (RULES.md 1.5): the worked examples, deck by deck and preset by
preset, and four-seat behaviour left as it was."""

import random

import pytest

from scoring import PRESET_NAMES, get_preset, validate_deal
from scoring.decks import THREE_PLAYER_DECKS, get_deck
from scoring.generate import random_deal

from .helpers import EN_WIKIPEDIA, HE_WIKIPEDIA, WHIST_ONLINE, errors_at, summary_deal

NO_LOW_CARDS = get_deck("no-low-cards")
NO_CLUBS = get_deck("no-clubs")
ONE_CARD_OUT = get_deck("one-card-out")
THREE_DECKS = list(THREE_PLAYER_DECKS.values())


def three(contracts, tricks, **summary):
    return summary_deal(contracts, tricks, **summary)


def scores(record, preset=WHIST_ONLINE, deck=NO_LOW_CARDS):
    result = validate_deal(record, preset, deck)
    assert result.valid, result.errors
    return result.scores


# --- scoring: RULES.md 2 with k = T minus the contracts' total ----------------------------


def test_contract_3_made_is_19_with_every_deck_and_preset():
    for deck in THREE_DECKS:
        for name in PRESET_NAMES:
            record = three([5, 3, 0], [5, 3, deck.tricks - 8])
            assert scores(record, get_preset(name), deck)[1] == 19


def test_whist_online_contract_6_taking_4_is_minus_30_at_three():
    record = three([6, 2, 0], [4, 2, 6], winning_bid=6)
    assert scores(record)[0] == -30


def test_whist_online_zero_made_in_down_2_is_40_counted_from_12_tricks():
    # 6 + 4 + 0 = 10 contracted of 12 tricks: down 2.
    result = validate_deal(three([6, 4, 0], [6, 6, 0], winning_bid=6), WHIST_ONLINE, NO_LOW_CARDS)
    assert (result.game, result.down) == ("under", 2)
    assert result.scores[2] == 40


def test_whist_online_zero_in_down_1_with_2_tricks_is_minus_20_with_17_tricks():
    # 10 + 6 + 0 = 16 contracted of 17 tricks: down 1.
    record = three([10, 6, 0], [10, 5, 2], winning_bid=10)
    result = validate_deal(record, WHIST_ONLINE, ONE_CARD_OUT)
    assert (result.game, result.down) == ("under", 1)
    assert result.scores[2] == -20


def test_he_wikipedia_contract_4_taking_6_is_minus_10_and_zero_taking_3_is_minus_40():
    record = three([5, 4, 0], [4, 6, 3], winning_bid=5)
    assert scores(record, HE_WIKIPEDIA, NO_CLUBS)[1:] == (-10, -40)


def test_an_over_game_at_three_is_a_total_over_the_decks_tricks():
    # 8 + 5 + 0 = 13 > 12: over; the zero made scores whist-online's +5, en-wikipedia's +25.
    record = three([8, 5, 0], [8, 4, 0], winning_bid=8)
    result = validate_deal(record, WHIST_ONLINE, NO_LOW_CARDS)
    assert (result.game, result.down) == ("over", 0)
    assert result.scores[2] == 5
    assert scores(record, EN_WIKIPEDIA)[2] == 25


def test_the_same_total_is_under_with_17_tricks():
    record = three([8, 5, 0], [8, 5, 4], winning_bid=8)
    result = validate_deal(record, WHIST_ONLINE, ONE_CARD_OUT)
    assert (result.game, result.down) == ("under", 4)


def test_a_contract_of_17_made_scores_17_squared_plus_10():
    record = three([17, 1, 0], [17, 0, 0], winning_bid=17)
    assert scores(record, WHIST_ONLINE, ONE_CARD_OUT)[0] == 299


# --- validation --------------------------------------------------------------------------


@pytest.mark.parametrize("deck", THREE_DECKS, ids=lambda deck: deck.name)
def test_three_contracts_totalling_the_decks_tricks_are_refused_at_the_last_bidder(deck):
    record = three([5, deck.tricks - 5, 0], [5, deck.tricks - 5, 0], declarer=1)
    # Declarer 1 bids first, then 2, then 0: seat 0 is the last to bid.
    assert errors_at(record, deck=deck) == {("contracts_total_13", "contracts[0]")}


@pytest.mark.parametrize("deck", THREE_DECKS, ids=lambda deck: deck.name)
def test_tricks_must_total_the_decks_tricks(deck):
    record = three([5, 3, 0], [5, 3, deck.tricks - 7])
    assert errors_at(record, deck=deck) == {("tricks_total", "tricks")}


def test_two_passes_after_a_bid_end_the_auction_at_three():
    record = {"dealer": 2, "auction": ["6S", "pass", "pass"], "contracts": [6, 3, 0]}
    record["tricks"] = [6, 3, 3]
    result = validate_deal(record, WHIST_ONLINE, NO_LOW_CARDS)
    assert result.valid and result.declarer == 0 and result.winning_bid == 6


def test_a_third_pass_after_a_bid_is_a_call_after_the_end_at_three():
    record = {"auction": ["6S", "pass", "pass", "pass"], "contracts": [0, 6, 3]}
    record["tricks"] = [3, 6, 3]
    assert errors_at(record, deck=NO_LOW_CARDS) == {("auction_after_end", "auction[3]")}


def test_all_three_passing_has_no_trump():
    record = {"auction": ["pass"] * 3, "contracts": [6, 3, 0], "tricks": [6, 3, 3]}
    assert ("auction_incomplete", "auction") in errors_at(record, deck=NO_LOW_CARDS)


def test_bids_go_up_to_the_decks_tricks():
    assert errors_at(three([12, 0, 1], [12, 0, 0], winning_bid=12), deck=NO_LOW_CARDS) == set()
    over = three([12, 0, 1], [12, 0, 0], winning_bid=13)
    assert ("malformed", "winning_bid") in errors_at(over, deck=NO_LOW_CARDS)
    auction = {"auction": ["pass", "13NT", "pass", "pass"], "contracts": [0, 12, 1]}
    auction["tricks"] = [0, 12, 0]
    assert ("malformed", "auction[1]") in errors_at(auction, deck=NO_LOW_CARDS)
    # "13NT" is seat 2's call (seat 1 speaks first): at 17 tricks, "17NT" is a bid.
    auction |= {"contracts": [1, 0, 17], "tricks": [0, 0, 17]}
    auction["auction"][1] = "17NT"
    assert errors_at(auction, deck=ONE_CARD_OUT) == set()


def test_a_club_bid_or_a_club_trump_is_not_in_the_no_clubs_deck():
    assert errors_at(three([5, 3, 0], [5, 3, 5], trump="C"), deck=NO_CLUBS) == {
        ("card_not_in_deck", "trump")
    }
    record = {"auction": ["5C", "pass", "pass"], "contracts": [0, 5, 3], "tricks": [5, 5, 3]}
    assert ("card_not_in_deck", "auction[0]") in errors_at(record, deck=NO_CLUBS)
    assert errors_at(three([5, 3, 0], [5, 3, 4], trump="C"), deck=NO_LOW_CARDS) == set()


def test_a_low_card_is_not_in_the_no_low_cards_deck():
    record = random_deal(random.Random(7), WHIST_ONLINE, deck=NO_LOW_CARDS)
    record["hands"][1][0] = "2C"
    errors = errors_at(record, deck=NO_LOW_CARDS)
    assert ("card_not_in_deck", "hands[1][0]") in errors


def test_a_low_card_played_or_passed_in_a_frisch_is_not_in_the_no_low_cards_deck():
    record = random_deal(random.Random(7), WHIST_ONLINE, deck=NO_LOW_CARDS)
    record["play"][3][1] = "5D"
    assert ("card_not_in_deck", "play[3][1]") in errors_at(record, deck=NO_LOW_CARDS)
    seed = 0
    while "frisch" not in (
        frisch := random_deal(random.Random(seed), EN_WIKIPEDIA, deck=NO_LOW_CARDS)
    ):
        seed += 1
    frisch["frisch"][0][2][1] = "3H"
    assert ("card_not_in_deck", "frisch[0][2][1]") in errors_at(frisch, EN_WIKIPEDIA, NO_LOW_CARDS)


def test_a_hand_has_the_decks_hand_size():
    record = random_deal(random.Random(8), WHIST_ONLINE, deck=ONE_CARD_OUT)
    assert [len(hand) for hand in record["hands"]] == [17, 17, 17]
    record["hands"][2].pop()
    assert ("hand_size", "hands[2]") in errors_at(record, deck=ONE_CARD_OUT)


def test_a_play_of_three_card_tricks_is_one_trick_for_each_card_of_a_hand():
    for deck in THREE_DECKS:
        record = random_deal(random.Random(9), WHIST_ONLINE, deck=deck)
        assert len(record["play"]) == deck.tricks
        assert {len(trick) for trick in record["play"]} == {3}
        assert validate_deal(record, WHIST_ONLINE, deck).valid


def test_a_frisch_of_three_passes_3_cards_to_the_left_every_round():
    """The "left, across, right" option has no "across" at three and does not apply."""
    rotating = EN_WIKIPEDIA.with_options(frisch_directions=(1, 2, 3))
    seed = 0
    while "frisch" not in (record := random_deal(random.Random(seed), EN_WIKIPEDIA, deck=NO_CLUBS)):
        seed += 1
    assert all(len(passes) == 3 for passes in record["frisch"])
    assert validate_deal(record, rotating, NO_CLUBS).valid


def test_a_seat_3_is_malformed_at_three():
    record = three([5, 3, 0], [5, 3, 4], declarer=3)
    assert ("malformed", "declarer") in errors_at(record, deck=NO_LOW_CARDS)


# --- four seats stay as they were -------------------------------------------------------


def test_four_seat_messages_are_unchanged():
    result = validate_deal(summary_deal([4, 5, 0, 4], [4, 5, 0, 4], declarer=1), WHIST_ONLINE)
    assert [e.message for e in result.errors] == [
        "The four contracts total exactly 13; the last player to bid must make the total over "
        "or under 13."
    ]
    result = validate_deal({"contracts": [1, 2, 3]}, WHIST_ONLINE)
    assert "contracts must be a list of 4 whole numbers 0..13, not a list of 3." in [
        e.message for e in result.errors
    ]


def test_a_three_seat_record_at_a_table_of_four_is_malformed():
    assert ("malformed", "contracts") in errors_at(three([5, 3, 0], [5, 3, 5]))
