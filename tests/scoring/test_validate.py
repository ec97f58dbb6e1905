"""Deal validation, one test per rule of RULES.md 1 and per error code of FORMATS.md 3."""

import copy
import json

import pytest

from scoring import ErrorCode, validate_deal
from scoring.cards import CARD_INDEX, CARD_SUIT
from scoring.tricks import trick_winner
from scoring.validate import INTERNAL_GUARD_MESSAGE

from .helpers import (
    EN_WIKIPEDIA,
    HE_WIKIPEDIA,
    WHIST_ONLINE,
    codes,
    errors_at,
    legal_deal,
    play_seats,
    revoke_record,
    summary_deal,
    with_revoke,
)

FORMATS_CODES = {
    "malformed",
    "unknown_card",
    "duplicate_card",
    "hand_size",
    "card_not_in_deck",
    "deck_mismatch",
    "seat_count",
    "frisch_not_allowed",
    "frisch_card_not_in_hand",
    "bid_below_minimum",
    "bid_not_higher",
    "auction_incomplete",
    "auction_after_end",
    "auction_mismatch",
    "contract_below_bid",
    "contracts_total_13",
    "tricks_total",
    "trick_shape",
    "wrong_leader",
    "card_not_in_hand",
    "revoke",
    "tricks_mismatch",
}


def first_frisch_deal(rounds=1):
    """The first seeded en-wikipedia deal with exactly `rounds` frisch rounds."""
    for seed in range(2000):
        record = legal_deal(seed, EN_WIKIPEDIA)
        if len(record.get("frisch", ())) == rounds:
            return record
    raise AssertionError("no seed gives that many frisch rounds")


def revoked_deal(seed_from=0):
    for seed in range(seed_from, seed_from + 200):
        found = with_revoke(legal_deal(seed))
        if found:
            return found
    raise AssertionError("no revoke could be made")


# --- the record as a whole -------------------------------------------------------------


def test_error_codes_are_exactly_the_formats_table():
    assert {code.value for code in ErrorCode} == FORMATS_CODES


def test_legal_full_deal_is_valid_and_scored():
    result = validate_deal(legal_deal(1), WHIST_ONLINE)
    assert result.valid, result.errors
    assert result.errors == []
    assert result.scores is not None and len(result.scores) == 4
    assert sum(result.tricks) == 13


def test_summary_deal_is_valid_and_scored():
    result = validate_deal(summary_deal([3, 6, 0, 1], [3, 4, 0, 6], declarer=1), WHIST_ONLINE)
    assert result.valid
    assert result.scores == (19, -30, 50, -25)
    assert (result.game, result.down) == ("under", 3)


@pytest.mark.parametrize("record", [None, 5, "deal", [], [1, 2], True, 2.5])
def test_deal_record_that_is_not_an_object_is_malformed(record):
    result = validate_deal(record, WHIST_ONLINE)
    assert not result.valid
    assert [(e.code.value, e.path) for e in result.errors] == [("malformed", "")]


def test_every_violation_is_reported_not_only_the_first():
    record = summary_deal([3, 4, 0, 6], [3, 4, 0, 5], trump="X", declarer=9)
    record["dealer"] = "north"
    found = errors_at(record)
    assert ("malformed", "dealer") in found
    assert ("malformed", "trump") in found
    assert ("malformed", "declarer") in found
    assert ("contracts_total_13", "contracts") in found
    assert ("tricks_total", "tricks") in found


def test_invalid_deal_json_has_no_scores_and_lists_errors():
    out = validate_deal(summary_deal([5, 4, 0, 4], [5, 4, 0, 4]), WHIST_ONLINE).to_json()
    assert out["valid"] is False
    assert "scores" not in out
    assert out["errors"] == [
        {
            "code": "contracts_total_13",
            "path": "contracts[3]",
            "message": out["errors"][0]["message"],
        }
    ]
    assert out["errors"][0]["message"].endswith(".")


def test_valid_deal_json_has_the_formats_fields():
    out = validate_deal(
        summary_deal([3, 6, 0, 1], [3, 4, 0, 6], declarer=1), WHIST_ONLINE
    ).to_json()
    assert out == {
        "valid": True,
        "scores": [19, -30, 50, -25],
        "tricks": [3, 4, 0, 6],
        "trump": "H",
        "declarer": 1,
        "game": "under",
        "down": 3,
        "errors": [],
    }
    json.dumps(out)


# --- malformed -------------------------------------------------------------------------


def test_missing_contracts_is_malformed():
    record = summary_deal([3, 4, 0, 5], [3, 4, 0, 6])
    del record["contracts"]
    assert ("malformed", "contracts") in errors_at(record)


@pytest.mark.parametrize("bad", [14, -1, "3", 2.0, True, None, [3]])
def test_contract_out_of_range_or_wrong_type_is_malformed(bad):
    record = summary_deal([3, 4, 0, 5], [3, 4, 0, 6])
    record["contracts"][2] = bad
    assert errors_at(record) == {("malformed", "contracts[2]")}


def test_contracts_not_four_numbers_is_malformed():
    assert ("malformed", "contracts") in errors_at(summary_deal([3, 4, 0], [3, 4, 0, 6]))


@pytest.mark.parametrize("bad", [4, -1, "0", 1.0])
def test_dealer_not_a_seat_is_malformed(bad):
    record = summary_deal([5, 4, 0, 5], [5, 2, 0, 6])
    record["dealer"] = bad
    assert errors_at(record) == {("malformed", "dealer")}


@pytest.mark.parametrize("bad", ["X", "h", "N", 3, ""])
def test_unknown_strain_is_malformed(bad):
    assert errors_at(summary_deal([5, 4, 0, 5], [5, 2, 0, 6], trump=bad)) == {
        ("malformed", "trump")
    }


@pytest.mark.parametrize("bad", [4, -1, "1"])
def test_unknown_declarer_seat_is_malformed(bad):
    assert ("malformed", "declarer") in errors_at(
        summary_deal([5, 4, 0, 5], [5, 2, 0, 6], declarer=bad)
    )


@pytest.mark.parametrize("field", ["trump", "declarer", "winning_bid"])
def test_summary_field_is_required_without_auction(field):
    record = summary_deal([5, 4, 0, 5], [5, 2, 0, 6])
    del record[field]
    assert ("malformed", field) in errors_at(record)


def test_tricks_are_required_without_play():
    record = summary_deal([5, 4, 0, 5], [5, 2, 0, 6])
    del record["tricks"]
    assert errors_at(record) == {("malformed", "tricks")}


def test_play_needs_hands():
    record = legal_deal(2)
    del record["hands"]
    assert ("malformed", "play") in errors_at(record)


def test_null_optional_fields_count_as_absent():
    record = summary_deal([5, 4, 0, 5], [5, 2, 0, 6])
    record.update(hands=None, frisch=None, auction=None, play=None, dealer=None)
    assert validate_deal(record, WHIST_ONLINE).valid


def test_unknown_extra_fields_are_ignored():
    record = summary_deal([5, 4, 0, 5], [5, 2, 0, 6])
    record["comment"] = {"anything": [1, 2]}
    assert validate_deal(record, WHIST_ONLINE).valid


# --- deck and hands (RULES.md 1.1) -----------------------------------------------------


def test_unknown_card_code_is_rejected():
    record = legal_deal(3)
    record["hands"][1][4] = "1X"
    assert ("unknown_card", "hands[1][4]") in errors_at(record)


def test_ten_written_as_10_is_an_unknown_card():
    record = legal_deal(3)
    record["hands"][0][0] = "10S"
    assert ("unknown_card", "hands[0][0]") in errors_at(record)


def test_card_that_is_not_a_string_is_malformed():
    record = legal_deal(3)
    record["hands"][2][0] = 14
    assert ("malformed", "hands[2][0]") in errors_at(record)


def test_card_dealt_twice_is_rejected():
    record = legal_deal(4)
    record["hands"][3][5] = record["hands"][0][2]
    assert ("duplicate_card", "hands[3][5]") in errors_at(record)


def test_hand_that_is_not_13_cards_is_rejected():
    record = legal_deal(5)
    moved = record["hands"][0].pop()
    record["hands"][1].append(moved)
    found = errors_at(record)
    assert ("hand_size", "hands[0]") in found
    assert ("hand_size", "hands[1]") in found


def test_hands_not_four_lists_is_malformed():
    record = legal_deal(5)
    record["hands"] = record["hands"][:3]
    assert ("malformed", "hands") in errors_at(record)


# --- frisch (RULES.md 1.2) -------------------------------------------------------------


def test_legal_frisch_deal_is_valid_in_en_wikipedia():
    assert validate_deal(first_frisch_deal(2), EN_WIKIPEDIA).valid


def test_frisch_in_whist_online_is_not_allowed():
    assert ("frisch_not_allowed", "frisch") in errors_at(first_frisch_deal(), WHIST_ONLINE)


def test_frisch_in_he_wikipedia_is_not_allowed():
    assert ("frisch_not_allowed", "frisch") in errors_at(first_frisch_deal(), HE_WIKIPEDIA)


def test_more_than_3_frisch_rounds_is_not_allowed():
    record = first_frisch_deal(3)
    record["frisch"].append(copy.deepcopy(record["frisch"][0]))
    assert ("frisch_not_allowed", "frisch[3]") in errors_at(record, EN_WIKIPEDIA)


def test_no_frisch_rule_option_forbids_frisch():
    no_frisch = EN_WIKIPEDIA.with_options(frisch_rounds=0)
    assert "frisch_not_allowed" in codes(first_frisch_deal(), no_frisch)


def test_frisch_passing_a_card_not_held_is_rejected():
    record = first_frisch_deal()
    record["frisch"][0][2][1] = record["hands"][3][0]
    assert ("frisch_card_not_in_hand", "frisch[0][2][1]") in errors_at(record, EN_WIKIPEDIA)


def test_frisch_cards_go_to_the_left():
    # The play is only consistent when seat s's passed cards reached seat s + 1.
    record = first_frisch_deal()
    assert validate_deal(record, EN_WIKIPEDIA).valid
    right = EN_WIKIPEDIA.with_options(frisch_directions=(3,))
    assert "card_not_in_hand" in codes(record, right)


def test_frisch_round_must_be_four_lists_of_three_cards():
    record = first_frisch_deal()
    record["frisch"][0][1] = record["frisch"][0][1][:2]
    assert ("malformed", "frisch[0][1]") in errors_at(record, EN_WIKIPEDIA)


def test_minimum_bid_rises_by_one_per_frisch_round():
    record = first_frisch_deal(2)
    record["auction"] = ["6S", "pass", "pass", "pass"]
    assert ("bid_below_minimum", "auction[0]") in errors_at(record, EN_WIKIPEDIA)
    record["auction"] = ["7S", "pass", "pass", "pass"]
    assert "bid_below_minimum" not in codes(record, EN_WIKIPEDIA)


def test_frisch_without_raising_keeps_minimum_5():
    record = first_frisch_deal(2)
    record["auction"] = ["5S", "pass", "pass", "pass"]
    flat = EN_WIKIPEDIA.with_options(frisch_raises_minimum=False)
    assert "bid_below_minimum" not in codes(record, flat)


# --- trump auction (RULES.md 1.2) ------------------------------------------------------


def summary_with_auction(auction, dealer=0, contracts=(6, 3, 2, 0)):
    return {
        "dealer": dealer,
        "auction": auction,
        "contracts": list(contracts),
        "tricks": [6, 3, 2, 2],
    }


def test_auction_winner_is_declarer_and_strain_is_trump():
    result = validate_deal(
        summary_with_auction(["pass", "6S", "pass", "pass", "pass"]), WHIST_ONLINE
    )
    assert (result.declarer, result.trump.name, result.winning_bid) == (2, "S", 6)


def test_auction_starts_left_of_dealer():
    result = validate_deal(
        summary_with_auction(["5H", "pass", "pass", "pass"], dealer=2, contracts=(0, 0, 0, 5)),
        WHIST_ONLINE,
    )
    assert result.declarer == 3


def test_bid_below_minimum_is_rejected():
    assert ("bid_below_minimum", "auction[0]") in errors_at(
        summary_with_auction(["4H", "pass", "pass", "pass"], dealer=3)
    )


def test_winning_bid_below_minimum_is_rejected():
    assert ("bid_below_minimum", "winning_bid") in errors_at(
        summary_deal([4, 4, 0, 6], [4, 3, 0, 6], winning_bid=4)
    )


def test_minimum_bid_is_a_rule_option():
    six = WHIST_ONLINE.with_options(minimum_bid=6)
    record = summary_with_auction(["5H", "pass", "pass", "pass"], dealer=3)
    assert "bid_below_minimum" in codes(record, six)
    assert "bid_below_minimum" not in codes(record, WHIST_ONLINE)


def test_bid_not_higher_is_rejected():
    record = summary_with_auction(["5S", "5H", "pass", "pass", "pass"], dealer=2)
    assert ("bid_not_higher", "auction[1]") in errors_at(record)


def test_equal_bid_is_not_higher():
    record = summary_with_auction(["5S", "5S", "pass", "pass", "pass"], dealer=2)
    assert ("bid_not_higher", "auction[1]") in errors_at(record)


@pytest.mark.parametrize(("low", "high"), [("5D", "5S"), ("5S", "6H"), ("5S", "5NT"), ("6C", "6D")])
def test_higher_bid_is_more_tricks_or_same_tricks_in_higher_strain(low, high):
    record = summary_with_auction(
        [low, high, "pass", "pass", "pass"], dealer=3, contracts=(0, 6, 2, 0)
    )
    assert validate_deal(record, WHIST_ONLINE).valid


def test_passing_does_not_bar_a_later_bid():
    record = summary_with_auction(
        ["pass", "5H", "pass", "pass", "6C", "pass", "pass", "pass"],
        dealer=3,
        contracts=(6, 3, 2, 0),
    )
    result = validate_deal(record, WHIST_ONLINE)
    assert result.valid, result.errors
    assert (result.declarer, result.trump.name) == (0, "C")


def test_auction_without_three_final_passes_is_incomplete():
    assert ("auction_incomplete", "auction") in errors_at(
        summary_with_auction(["6S", "pass", "pass"], dealer=3)
    )


def test_all_pass_auction_is_incomplete():
    assert ("auction_incomplete", "auction") in errors_at(
        summary_with_auction(["pass", "pass", "pass", "pass"])
    )


def test_empty_auction_is_incomplete():
    assert ("auction_incomplete", "auction") in errors_at(summary_with_auction([]))


def test_call_after_auction_end_is_rejected():
    record = summary_with_auction(["6S", "pass", "pass", "pass", "pass"], dealer=3)
    assert errors_at(record) == {("auction_after_end", "auction[4]")}


def test_junk_call_is_malformed():
    record = summary_with_auction(["6S", "pass", "PASS!", "pass", "pass"], dealer=3)
    assert ("malformed", "auction[2]") in errors_at(record)


@pytest.mark.parametrize(("field", "value"), [("trump", "H"), ("declarer", 1), ("winning_bid", 7)])
def test_summary_disagreeing_with_auction_is_a_mismatch(field, value):
    record = summary_with_auction(["6S", "pass", "pass", "pass"], dealer=3)
    record[field] = value
    assert ("auction_mismatch", field) in errors_at(record)


def test_summary_agreeing_with_auction_is_valid():
    record = summary_with_auction(["6S", "pass", "pass", "pass"], dealer=3)
    record.update(trump="S", declarer=0, winning_bid=6)
    assert validate_deal(record, WHIST_ONLINE).valid


# --- contracts (RULES.md 1.3) ----------------------------------------------------------


def test_declarer_contract_below_winning_bid_is_rejected():
    record = summary_deal([5, 4, 0, 6], [5, 2, 0, 6], declarer=0, winning_bid=6)
    assert ("contract_below_bid", "contracts[0]") in errors_at(record)


def test_declarer_contract_equal_to_winning_bid_is_valid():
    assert validate_deal(
        summary_deal([6, 4, 0, 6], [6, 1, 0, 6], winning_bid=6), WHIST_ONLINE
    ).valid


def test_contracts_total_13_is_rejected():
    record = summary_deal([4, 5, 0, 4], [4, 5, 0, 4], declarer=1)
    assert errors_at(record) == {("contracts_total_13", "contracts[0]")}


def test_contracts_over_13_is_an_over_game():
    result = validate_deal(summary_deal([5, 4, 0, 5], [5, 2, 0, 6]), WHIST_ONLINE)
    assert (result.game, result.down) == ("over", 0)


def test_contracts_under_13_is_an_under_game_with_down():
    result = validate_deal(summary_deal([5, 4, 0, 2], [5, 2, 0, 6]), WHIST_ONLINE)
    assert (result.game, result.down) == ("under", 2)


# --- tricks and play (RULES.md 1.4) ----------------------------------------------------


def test_tricks_not_totalling_13_is_rejected():
    assert ("tricks_total", "tricks") in errors_at(summary_deal([5, 4, 0, 5], [5, 2, 0, 5]))


def test_tricks_are_counted_from_the_play():
    record = legal_deal(6, with_summary=True)
    given = record.pop("tricks")
    assert validate_deal(record, WHIST_ONLINE).tricks == tuple(given)


def test_tricks_disagreeing_with_play_is_a_mismatch():
    record = legal_deal(6, with_summary=True)
    tricks = record["tricks"]
    giver = next(s for s in range(4) if tricks[s])
    tricks[giver] -= 1
    tricks[(giver + 1) % 4] += 1
    assert errors_at(record) == {("tricks_mismatch", "tricks")}


def test_play_not_13_tricks_is_trick_shape():
    record = legal_deal(7)
    record["play"].pop()
    assert ("trick_shape", "play") in errors_at(record)


def test_trick_not_4_cards_is_trick_shape():
    record = legal_deal(7)
    record["play"][5].pop()
    assert ("trick_shape", "play[5]") in errors_at(record)


def test_unknown_card_in_play_is_rejected():
    record = legal_deal(7)
    record["play"][2][3] = "QQ"
    assert ("unknown_card", "play[2][3]") in errors_at(record)


def test_card_not_in_hand_is_rejected():
    record = legal_deal(8)
    hands = record["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    assert "card_not_in_hand" in codes(record)


def test_card_played_twice_is_card_not_in_hand():
    record = legal_deal(8)
    seats = play_seats(record)
    seat = seats[12][0]
    earlier = next(t for t in range(12) if seats[t].count(seat))
    record["play"][12][0] = record["play"][earlier][seats[earlier].index(seat)]
    assert ("card_not_in_hand", "play[12][0]") in errors_at(record)


def test_declarer_leads_the_first_trick():
    record = legal_deal(9)
    result = validate_deal(record, WHIST_ONLINE)
    holder = next(s for s in range(4) if record["play"][0][0] in record["hands"][s])
    assert holder == result.declarer


def test_wrong_leader_code_is_reserved_as_play_lists_cards_from_the_leader():
    # A trick lists its cards from its leader, so a trick "led by the wrong seat" shows as
    # cards the implied seats do not hold: card_not_in_hand. wrong_leader stays reserved.
    record = legal_deal(9)
    record["play"][0] = record["play"][0][1:] + record["play"][0][:1]
    found = codes(record)
    assert "card_not_in_hand" in found
    assert ErrorCode.WRONG_LEADER.value == "wrong_leader"
    assert "wrong_leader" not in found


def test_revoke_is_rejected_in_whist_online():
    record, path = revoked_deal()
    assert ("revoke", path) in errors_at(record, WHIST_ONLINE)


def test_revoke_is_rejected_in_he_wikipedia():
    record, path = revoked_deal()
    assert ("revoke", path) in errors_at(record, HE_WIKIPEDIA)


def test_revoke_scores_minus_100_in_en_wikipedia():
    _, result = revoke_record()
    assert result.valid
    assert result.errors == []
    offenders = [w for w in result.warnings if w.code is ErrorCode.REVOKE]
    assert offenders
    expected = [0, 0, 0, 0]
    for warning in offenders:
        seat = int(warning.message.split()[1])
        expected[seat] -= 100
    assert list(result.penalties) == expected
    clean = [
        EN_WIKIPEDIA.deal_score(result.contracts[s], result.tricks[s], result.down)
        for s in range(4)
    ]
    assert list(result.scores) == [clean[s] + expected[s] for s in range(4)]
    assert result.to_json()["penalties"] == expected


def test_revoke_penalty_rule_option_accepts_revokes_in_whist_online():
    record, _ = revoke_record()
    lenient = WHIST_ONLINE.with_options(revoke_penalty=-50)
    result = validate_deal(record, lenient)
    assert result.valid
    assert min(result.penalties) <= -50


def test_highest_card_of_suit_led_wins_the_trick():
    cards = [CARD_INDEX[c] for c in ("5H", "KH", "AD", "9H")]
    assert trick_winner(cards, leader=0, trump=int(CARD_SUIT[CARD_INDEX["2S"]])) == 1


def test_trump_beats_the_suit_led():
    cards = [CARD_INDEX[c] for c in ("AH", "2S", "KH", "QH")]
    assert trick_winner(cards, leader=2, trump=3) == 3


def test_highest_trump_wins():
    cards = [CARD_INDEX[c] for c in ("AH", "2S", "9S", "QH")]
    assert trick_winner(cards, leader=0, trump=3) == 2


def test_nobody_can_trump_in_nt():
    cards = [CARD_INDEX[c] for c in ("4H", "AS", "AC", "3H")]
    assert trick_winner(cards, leader=1, trump=4) == 1


def test_engine_never_uses_its_internal_guard_on_these_records():
    for record in (legal_deal(10), {"hands": [[{}]] * 4, "play": [[[]]], "contracts": {}}):
        for error in validate_deal(record, WHIST_ONLINE).errors:
            assert error.message != INTERNAL_GUARD_MESSAGE


class _Hostile:
    """A Python object whose hash fails: not JSON, but validate_deal must still not raise."""

    def __hash__(self):
        raise RuntimeError("no hash for you")


def test_engine_never_raises_even_for_hostile_python_objects():
    record = legal_deal(10)
    record["hands"][0][0] = _Hostile()
    result = validate_deal(record, WHIST_ONLINE)
    assert not result.valid
    assert [e.code.value for e in result.errors] == ["malformed"]
