"""Decks as values (RULES.md 1.5): their cards, hand size, tricks a deal and strains; the
calls up to T; a trick of three cards."""

import doctest

import pytest

import scoring.decks
from scoring import Call, Strain
from scoring.calls import CALL_VALUE, CALLS_UP_TO
from scoring.cards import CARD_CODES, CARD_INDEX
from scoring.decks import (
    ALL_DECKS,
    DEFAULT_THREE_PLAYER_DECK,
    FOUR_SEATS,
    THREE_PLAYER_DECK_NAMES,
    Deck,
    UnknownDeckError,
    deck_for,
    get_deck,
)
from scoring.tricks import trick_winner


def cards_of(deck):
    return {CARD_CODES[card] for card in deck.cards}


def test_four_seats_deal_the_52_cards_13_each_in_13_tricks_with_every_strain():
    assert (FOUR_SEATS.seats, len(FOUR_SEATS.cards), FOUR_SEATS.hand_size) == (4, 52, 13)
    assert FOUR_SEATS.tricks == 13 and FOUR_SEATS.set_aside == 0
    assert FOUR_SEATS.strains == (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)


def test_the_three_decks_are_named_as_rules_md_1_5_names_them_no_low_cards_first():
    assert THREE_PLAYER_DECK_NAMES == ("no-low-cards", "no-clubs", "one-card-out")
    assert DEFAULT_THREE_PLAYER_DECK == "no-low-cards"


def test_no_low_cards_is_36_cards_without_2_to_5_12_each_12_tricks():
    deck = get_deck("no-low-cards")
    assert (deck.seats, len(deck.cards), deck.hand_size, deck.tricks) == (3, 36, 12, 12)
    assert not any(code[0] in "2345" for code in cards_of(deck))
    assert deck.set_aside == 0 and deck.strains == tuple(Strain)


def test_no_clubs_is_39_cards_13_each_13_tricks_and_clubs_cannot_be_trump():
    deck = get_deck("no-clubs")
    assert (deck.seats, len(deck.cards), deck.hand_size, deck.tricks) == (3, 39, 13, 13)
    assert not any(code.endswith("C") for code in cards_of(deck))
    assert Strain.C not in deck.strains and not deck.holds_strain(Strain.C)
    assert deck.strains == (Strain.D, Strain.H, Strain.S, Strain.NT)


def test_one_card_out_is_the_52_cards_17_each_17_tricks_one_set_aside():
    deck = get_deck("one-card-out")
    assert (deck.seats, len(deck.cards), deck.hand_size, deck.tricks) == (3, 52, 17, 17)
    assert deck.set_aside == 1


@pytest.mark.parametrize("deck", ALL_DECKS, ids=lambda deck: deck.name)
def test_every_deck_holds_exactly_its_cards(deck):
    assert [deck.holds(card) for card in range(52)] == [card in deck.cards for card in range(52)]
    assert deck.hand_size * deck.seats + deck.set_aside == len(deck.cards)


def test_a_deck_is_a_value_equal_by_its_fields():
    assert get_deck("no-clubs") == get_deck("no-clubs") != get_deck("no-low-cards")
    assert hash(get_deck("no-clubs")) == hash(get_deck("no-clubs"))


def test_a_deck_that_cannot_deal_its_hands_is_refused():
    with pytest.raises(ValueError, match="cannot deal"):
        Deck("too-small", 3, tuple(range(30)), 12, 12, tuple(Strain))
    with pytest.raises(ValueError, match="3 or 4 seats"):
        Deck("two", 2, tuple(range(52)), 13, 13, tuple(Strain))


def test_an_unknown_deck_name_is_refused_naming_the_decks():
    with pytest.raises(UnknownDeckError, match="no-low-cards, no-clubs, one-card-out"):
        get_deck("no-aces")


def test_deck_for_a_table_is_the_52_cards_at_four_and_the_named_or_default_deck_at_three():
    assert deck_for(4) is FOUR_SEATS
    assert deck_for(3) == get_deck("no-low-cards")
    assert deck_for(3, "no-clubs") == get_deck("no-clubs")
    with pytest.raises(ValueError):
        deck_for(5)


def test_seats_go_clockwise_and_wrap_at_the_tables_size():
    three = get_deck("no-low-cards")
    assert [three.next_seat(s) for s in range(3)] == [1, 2, 0]
    assert [FOUR_SEATS.next_seat(s) for s in range(4)] == [1, 2, 3, 0]


def test_bids_go_up_to_the_decks_tricks_and_four_seats_keep_13():
    assert "17NT" in CALLS_UP_TO[17] and "18C" not in CALLS_UP_TO[17]
    assert "12NT" in CALLS_UP_TO[12] and "13S" not in CALLS_UP_TO[12]
    assert CALLS_UP_TO[13] is CALL_VALUE and "14S" not in CALL_VALUE
    assert str(Call(17, Strain.NT)) == "17NT"


def test_a_trick_of_three_cards_is_won_by_the_seat_of_the_highest_card():
    cards = [CARD_INDEX[c] for c in ("KS", "AS", "2H")]
    assert trick_winner(cards, leader=2, trump=int(Strain.D)) == 0  # 2 -> 0 -> 1: AS at seat 0
    assert trick_winner(cards, leader=2, trump=int(Strain.H)) == 1  # the 2 of trumps, seat 1


def test_decks_docstring_examples_run():
    outcome = doctest.testmod(scoring.decks)
    assert outcome.attempted > 0 and outcome.failed == 0
