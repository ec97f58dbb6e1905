"""Cards, strains and calls: codes, order and parsing (RULES.md 1, FORMATS.md)."""

import pytest

from scoring import Call, Card, Strain, Suit, parse_call, parse_card
from scoring.cards import CARD_CODES, next_seat


def test_card_codes_are_rank_then_suit():
    assert str(Card(Suit.S, 14)) == "AS"
    assert str(Card(Suit.D, 10)) == "TD"
    assert str(Card(Suit.C, 2)) == "2C"


def test_deck_has_52_distinct_codes():
    assert len(set(CARD_CODES)) == 52


def test_every_card_code_round_trips():
    for code in CARD_CODES:
        assert str(Card.parse(code)) == code


@pytest.mark.parametrize("junk", ["10S", "as", "AX", "1S", "", "ASS", 5, None, ["AS"]])
def test_unknown_card_code_is_not_parsed(junk):
    assert parse_card(junk) is None


def test_card_parse_rejects_unknown_code_with_value_error():
    with pytest.raises(ValueError, match="not a card code"):
        Card.parse("ZZ")


def test_strain_order_is_nt_spades_hearts_diamonds_clubs():
    assert Strain.NT > Strain.S > Strain.H > Strain.D > Strain.C


def test_seats_go_clockwise_and_wrap():
    assert [next_seat(s) for s in range(4)] == [1, 2, 3, 0]
    assert next_seat(1, 2) == 3


def test_call_str_is_the_players_notation():
    assert str(Call(5, Strain.H)) == "5H"
    assert str(Call(7, Strain.NT)) == "7NT"
    assert str(Call.pass_()) == "pass"


def test_higher_bid_has_higher_value():
    assert Call.parse("6H").value > Call.parse("5S").value
    assert Call.parse("5S").value > Call.parse("5D").value
    assert Call.parse("5NT").value > Call.parse("5S").value
    assert Call.parse("pass").value < Call.parse("1C").value


@pytest.mark.parametrize("junk", ["PASS", "5h", "14S", "0H", "5", "NT", 5, None])
def test_junk_call_is_not_parsed(junk):
    assert parse_call(junk) is None
