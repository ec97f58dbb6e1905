"""Property tests: legal deals validate, single corruptions are caught, junk never raises,
at a table of four and at three with each deck of RULES.md 1.5 (`tables`)."""

import copy
import json
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import PRESET_NAMES, get_preset, validate_deal
from scoring.cards import CARD_CODES, CARD_INDEX
from scoring.decks import ALL_DECKS, FOUR_SEATS, THREE_PLAYER_DECKS
from scoring.generate import random_contracts, random_deal
from scoring.validate import INTERNAL_GUARD_MESSAGE

from .helpers import EN_WIKIPEDIA, WHIST_ONLINE, errors_at, play_seats, with_revoke

MODEST = settings(
    max_examples=60,
    deadline=None,
    # Some properties need a rarer shape (a second bid, a played card): filtering is intended.
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
presets = st.sampled_from(PRESET_NAMES).map(get_preset)
# The table's deck: four seats and the 52 cards, or three seats with each RULES.md 1.5 deck.
tables = st.sampled_from(ALL_DECKS)
three_player_decks = st.sampled_from(list(THREE_PLAYER_DECKS.values()))
SHORT_DECKS = [THREE_PLAYER_DECKS["no-low-cards"], THREE_PLAYER_DECKS["no-clubs"]]


def deal(seed, preset=WHIST_ONLINE, deck=FOUR_SEATS, **options):
    return random_deal(random.Random(seed), preset, deck=deck, **options)


def frisch_deal(seed, deck=FOUR_SEATS, **options):
    """An en-wikipedia deal with at least one frisch round: the first from `seed` on.

    About a quarter of random auctions are all-pass, so this takes a few tries; searching
    here instead of hypothesis.assume keeps the tests from tripping its filter health check.
    """
    while "frisch" not in (record := deal(seed, EN_WIKIPEDIA, deck, **options)):
        seed += 1
    return record


def other_seats(deck):
    return [(a, b) for a in range(deck.seats) for b in range(deck.seats) if a != b]


@MODEST
@given(seed=seeds, preset=presets, deck=tables)
def test_random_legal_deal_always_validates_and_tricks_total_the_decks_tricks(seed, preset, deck):
    result = validate_deal(deal(seed, preset, deck, with_summary=True), preset, deck)
    assert result.valid, result.errors
    assert sum(result.tricks) == deck.tricks
    assert len(result.scores) == deck.seats


@MODEST
@given(seed=seeds, preset=presets, deck=tables)
def test_random_summary_deal_always_validates(seed, preset, deck):
    result = validate_deal(deal(seed, preset, deck, summary_only=True), preset, deck)
    assert result.valid, result.errors


# RULES.md 2 written out again, apart from the presets' tables: (preset, n, t, k) -> score,
# where k is "down k" (T minus the contracts' total, T the deal's tricks) or 0 in an over game.
def rules_score(preset, n, t, k):
    d = abs(t - n)
    if n >= 1:
        if d == 0:
            return n * n + 10
        if preset == "whist-online":
            return -d * (5 if n <= 4 else 10 if n == 5 else 15 if n == 6 else 20)
        return -d * (5 if preset == "he-wikipedia" else 10)
    further = 5 if preset == "he-wikipedia" else 10
    if preset == "whist-online":
        if k == 0:
            return 5 if t == 0 else -5 + 5 * (t - 1)
        return 20 + 10 * k if t == 0 else -(20 + 10 * k) + further * (t - 1)
    if t == 0:
        return 50 if k else (10 if preset == "he-wikipedia" else 25)
    return -50 + further * (t - 1)


@MODEST
@given(seed=seeds, preset=presets, deck=tables)
def test_legal_deals_score_as_rules_md_2_says_with_down_counted_from_the_decks_tricks(
    seed, preset, deck
):
    revokes = 0.05 if preset.options.revoke_penalty is not None else 0.0
    record = deal(seed, preset, deck, revoke_chance=revokes)
    result = validate_deal(record, preset, deck)
    assert result.valid, result.errors
    total = sum(result.contracts)
    k = deck.tricks - total if total < deck.tricks else 0
    assert result.down == k and result.game == ("over" if total > deck.tricks else "under")
    penalties = result.penalties or (0,) * deck.seats
    assert result.scores == tuple(
        rules_score(preset.name, n, t, k) + p
        for n, t, p in zip(result.contracts, result.tricks, penalties, strict=True)
    )


@MODEST
@given(seed=seeds, deck=tables, data=st.data())
def test_swapping_a_card_between_hands_is_card_not_in_hand(seed, deck, data):
    record = deal(seed, deck=deck)
    a, b = data.draw(st.sampled_from(other_seats(deck)))
    last = deck.hand_size - 1
    x, y = data.draw(st.integers(0, last)), data.draw(st.integers(0, last))
    hands = record["hands"]
    hands[a][x], hands[b][y] = hands[b][y], hands[a][x]
    assert "card_not_in_hand" in {code for code, _ in errors_at(record, deck=deck)}


@MODEST
@given(seed=seeds, deck=tables, data=st.data())
def test_dealing_a_card_twice_is_duplicate_card(seed, deck, data):
    record = deal(seed, deck=deck)
    a, b = data.draw(st.integers(0, deck.seats - 1)), data.draw(st.integers(0, deck.seats - 1))
    last = deck.hand_size - 1
    x, y = data.draw(st.integers(0, last)), data.draw(st.integers(0, last))
    assume((a, x) < (b, y))
    record["hands"][b][y] = record["hands"][a][x]
    assert ("duplicate_card", f"hands[{b}][{y}]") in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables, data=st.data())
def test_dropping_a_card_from_a_hand_is_hand_size(seed, deck, data):
    record = deal(seed, deck=deck)
    seat = data.draw(st.integers(0, deck.seats - 1))
    record["hands"][seat].pop(data.draw(st.integers(0, deck.hand_size - 1)))
    assert ("hand_size", f"hands[{seat}]") in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=st.sampled_from(SHORT_DECKS), data=st.data())
def test_a_card_the_three_player_deck_does_not_hold_is_card_not_in_deck(seed, deck, data):
    """No-low-cards lacks the 2-5s, no-clubs the clubs (one-card-out holds every card: its
    set-aside card dealt to a seat is a card dealt twice or a hand of 18)."""
    outside = [code for code in CARD_CODES if not deck.holds(CARD_INDEX[code])]
    record = deal(seed, deck=deck)
    seat, k = data.draw(st.integers(0, 2)), data.draw(st.integers(0, deck.hand_size - 1))
    record["hands"][seat][k] = data.draw(st.sampled_from(outside))
    assert ("card_not_in_deck", f"hands[{seat}][{k}]") in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, data=st.data())
def test_a_club_bid_or_club_trump_without_clubs_is_card_not_in_deck(seed, data):
    deck = THREE_PLAYER_DECKS["no-clubs"]
    record = deal(seed, deck=deck, with_summary=True)
    if data.draw(st.booleans()):
        index = next(i for i, call in enumerate(record["auction"]) if call != "pass")
        level = record["auction"][index].rstrip("SHDNT")
        record["auction"][index] = f"{level}C"
        path = f"auction[{index}]"
    else:
        for field in ("auction", "hands", "play"):
            del record[field]
        record["trump"] = "C"
        path = "trump"
    assert ("card_not_in_deck", path) in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables, data=st.data())
def test_unknown_card_anywhere_is_unknown_card(seed, deck, data):
    record = deal(seed, deck=deck)
    junk = data.draw(st.text(max_size=3).filter(lambda t: t not in CARD_CODES))
    if data.draw(st.booleans()):
        s = data.draw(st.integers(0, deck.seats - 1))
        k = data.draw(st.integers(0, deck.hand_size - 1))
        record["hands"][s][k] = junk
        path = f"hands[{s}][{k}]"
    else:
        t = data.draw(st.integers(0, deck.tricks - 1))
        k = data.draw(st.integers(0, deck.seats - 1))
        record["play"][t][k] = junk
        path = f"play[{t}][{k}]"
    assert ("unknown_card", path) in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables)
def test_breaking_follow_suit_is_revoke(seed, deck):
    found = with_revoke(deal(seed, deck=deck), deck)
    assume(found is not None)
    record, path = found
    assert ("revoke", path) in errors_at(record, deck=deck)


def expected_revokes(record, preset, deck=FOUR_SEATS):
    """Paths of the cards played off the suit led by a seat still holding that suit, found
    by replaying the frisch passes and the play on plain sets of card codes (three players
    always pass to the left)."""
    held = [set(hand) for hand in record["hands"]]
    directions = preset.options.frisch_directions if deck.seats == 4 else (1,)
    for r, passes in enumerate(record.get("frisch", [])):
        step = directions[r % len(directions)]
        for seat, cards in enumerate(passes):
            held[seat] -= set(cards)
            held[(seat + step) % deck.seats] |= set(cards)
    paths = []
    for i, (trick, seats) in enumerate(
        zip(record["play"], play_seats(record, preset, deck), strict=True)
    ):
        led = trick[0][1]
        for j, (card, seat) in enumerate(zip(trick, seats, strict=True)):
            held[seat].remove(card)
            if card[1] != led and any(other[1] == led for other in held[seat]):
                paths.append(f"play[{i}][{j}]")
    return paths


@MODEST
@given(seed=seeds, after_frisch=st.booleans(), deck=tables)
def test_a_revoke_is_found_exactly_where_a_seat_discards_holding_the_suit_led(
    seed, after_frisch, deck
):
    """After the frisch passes too: the check follows who holds each card (`holder`)."""
    if after_frisch:
        record = frisch_deal(seed, deck, revoke_chance=0.2)
    else:
        record = deal(seed, EN_WIKIPEDIA, deck, revoke_chance=0.2)
    result = validate_deal(record, EN_WIKIPEDIA, deck)
    found = [w.path for w in result.warnings if w.code.value == "revoke"]
    assert found == expected_revokes(record, EN_WIKIPEDIA, deck)


@MODEST
@given(seed=seeds, deck=tables)
def test_revoke_in_en_wikipedia_keeps_the_deal_valid_with_minus_100(seed, deck):
    record = deal(seed, EN_WIKIPEDIA, deck, revoke_chance=0.1)
    result = validate_deal(record, EN_WIKIPEDIA, deck)
    assert result.valid, result.errors
    revokes = len(result.warnings)
    assert sum(result.penalties or (0,)) == -100 * revokes


@MODEST
@given(seed=seeds, deck=tables, data=st.data())
def test_changing_a_contract_to_make_the_total_the_decks_tricks_is_contracts_total_13(
    seed, deck, data
):
    record = deal(seed, deck=deck)
    result = validate_deal(record, WHIST_ONLINE, deck)
    contracts = record["contracts"]
    seat = data.draw(st.sampled_from([s for s in range(deck.seats) if s != result.declarer]))
    contracts[seat] += deck.tricks - sum(contracts)
    assume(0 <= contracts[seat] <= deck.tricks)
    last = (result.declarer + deck.seats - 1) % deck.seats
    assert ("contracts_total_13", f"contracts[{last}]") in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables)
def test_declarer_contracting_under_his_bid_is_contract_below_bid(seed, deck):
    record = deal(seed, deck=deck)
    result = validate_deal(record, WHIST_ONLINE, deck)
    record["contracts"][result.declarer] = result.winning_bid - 1
    assert ("contract_below_bid", f"contracts[{result.declarer}]") in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, preset=presets, deck=tables)
def test_bid_below_minimum_is_bid_below_minimum(seed, preset, deck):
    record = deal(seed, preset, deck)
    index = next(i for i, call in enumerate(record["auction"]) if call != "pass")
    call = record["auction"][index]
    record["auction"][index] = "4" + call.lstrip("0123456789")
    assert ("bid_below_minimum", f"auction[{index}]") in errors_at(record, preset, deck)


@MODEST
@given(seed=seeds, deck=tables)
def test_a_bid_over_the_decks_tricks_is_malformed(seed, deck):
    record = deal(seed, deck=deck)
    index = next(i for i, call in enumerate(record["auction"]) if call != "pass")
    record["auction"][index] = f"{deck.tricks + 1}NT"
    assert ("malformed", f"auction[{index}]") in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables)
def test_repeating_the_previous_bid_is_bid_not_higher(seed, deck):
    record = deal(seed, deck=deck)
    bids = [i for i, call in enumerate(record["auction"]) if call != "pass"]
    assume(len(bids) >= 2)
    record["auction"][bids[1]] = record["auction"][bids[0]]
    assert ("bid_not_higher", f"auction[{bids[1]}]") in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables)
def test_dropping_the_last_pass_is_auction_incomplete(seed, deck):
    record = deal(seed, deck=deck)
    record["auction"].pop()
    assert ("auction_incomplete", "auction") in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables, extra=st.sampled_from(["pass", "7NT", "5C"]))
def test_a_call_after_the_end_is_auction_after_end(seed, deck, extra):
    """Two passes after the last bid end the auction at three seats, three at four."""
    record = deal(seed, deck=deck)
    assert record["auction"][-deck.seats :][0] != "pass"
    record["auction"].append(extra)
    path = f"auction[{len(record['auction']) - 1}]"
    assert errors_at(record, deck=deck) == {("auction_after_end", path)}


@MODEST
@given(seed=seeds, deck=tables, field=st.sampled_from(["trump", "declarer", "winning_bid"]))
def test_summary_disagreeing_with_the_auction_is_auction_mismatch(seed, deck, field):
    record = deal(seed, deck=deck, with_summary=True)
    if field == "trump":
        record["trump"] = "NT" if record["trump"] != "NT" else "S"
    elif field == "declarer":
        record["declarer"] = (record["declarer"] + 1) % deck.seats
    else:
        top = deck.tricks
        record["winning_bid"] = top if record["winning_bid"] < top else top - 1
    assert ("auction_mismatch", field) in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables, data=st.data())
def test_moving_a_trick_in_the_summary_is_tricks_mismatch(seed, deck, data):
    record = deal(seed, deck=deck, with_summary=True)
    tricks = record["tricks"]
    giver = data.draw(st.sampled_from([s for s in range(deck.seats) if tricks[s]]))
    tricks[giver] -= 1
    tricks[(giver + data.draw(st.integers(1, deck.seats - 1))) % deck.seats] += 1
    assert errors_at(record, deck=deck) == {("tricks_mismatch", "tricks")}


@MODEST
@given(seed=seeds, deck=tables, data=st.data(), delta=st.sampled_from([-1, 1]))
def test_summary_tricks_not_totalling_the_decks_tricks_is_tricks_total(seed, deck, data, delta):
    record = deal(seed, deck=deck, summary_only=True)
    seat = data.draw(st.integers(0, deck.seats - 1))
    record["tricks"][seat] += delta
    assume(0 <= record["tricks"][seat] <= deck.tricks)
    assert errors_at(record, deck=deck) == {("tricks_total", "tricks")}


@MODEST
@given(seed=seeds, deck=tables, data=st.data(), drop_trick=st.booleans())
def test_dropping_a_trick_or_a_card_of_it_is_trick_shape(seed, deck, data, drop_trick):
    record = deal(seed, deck=deck)
    trick = data.draw(st.integers(0, deck.tricks - 1))
    if drop_trick:
        record["play"].pop(trick)
        path = "play"
    else:
        record["play"][trick].pop()
        path = f"play[{trick}]"
    assert ("trick_shape", path) in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables, data=st.data())
def test_playing_a_card_again_is_card_not_in_hand(seed, deck, data):
    record = deal(seed, deck=deck)
    seats = play_seats(record, deck=deck)
    later = data.draw(st.integers(1, deck.tricks - 1))
    position = data.draw(st.integers(0, deck.seats - 1))
    seat = seats[later][position]
    earlier = data.draw(st.integers(0, later - 1))
    record["play"][later][position] = record["play"][earlier][seats[earlier].index(seat)]
    assert ("card_not_in_hand", f"play[{later}][{position}]") in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables, data=st.data())
def test_passing_a_card_not_held_in_frisch_is_frisch_card_not_in_hand(seed, deck, data):
    record = frisch_deal(seed, deck)
    seat, k = data.draw(st.integers(0, deck.seats - 1)), data.draw(st.integers(0, 2))
    other = record["hands"][(seat + data.draw(st.integers(1, deck.seats - 1))) % deck.seats]
    passed_first_round = {c for cards in record["frisch"][0] for c in cards}
    candidates = [c for c in other if c not in passed_first_round]
    record["frisch"][0][seat][k] = data.draw(st.sampled_from(candidates))
    expected = ("frisch_card_not_in_hand", f"frisch[0][{seat}][{k}]")
    assert expected in errors_at(record, EN_WIKIPEDIA, deck)


@MODEST
@given(seed=seeds, deck=tables)
def test_frisch_in_a_preset_without_it_is_frisch_not_allowed(seed, deck):
    record = frisch_deal(seed, deck)
    assert ("frisch_not_allowed", "frisch") in errors_at(record, WHIST_ONLINE, deck)


@MODEST
@given(
    seed=seeds,
    deck=tables,
    field=st.sampled_from(["contracts", "dealer"]),
    junk=st.one_of(st.text(max_size=3), st.floats(), st.integers(18, 99), st.booleans()),
)
def test_wrong_type_or_out_of_range_value_is_malformed(seed, deck, field, junk):
    record = deal(seed, deck=deck)
    if field == "contracts":
        record["contracts"][1] = junk
        path = "contracts[1]"
    else:
        record["dealer"] = junk
        path = "dealer"
    assert ("malformed", path) in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=tables, data=st.data())
def test_a_seat_number_past_the_table_or_a_number_past_its_tricks_is_malformed(seed, deck, data):
    """Seats are 0..2 at three; contracts and tricks 0..T (12, 13 or 17)."""
    record = deal(seed, deck=deck, summary_only=True)
    field = data.draw(st.sampled_from(["dealer", "declarer", "contracts", "tricks"]))
    if field in ("dealer", "declarer"):
        record[field] = deck.seats
        path = field
    else:
        record[field][0] = deck.tricks + 1
        path = f"{field}[0]"
    assert ("malformed", path) in errors_at(record, deck=deck)


@MODEST
@given(seed=seeds, deck=three_player_decks, field=st.sampled_from(["hands", "contracts"]))
def test_a_four_seat_list_at_a_table_of_three_is_malformed(seed, deck, field):
    record = deal(seed, deck=deck)
    record[field].append(record[field][0])
    assert ("malformed", field) in errors_at(record, deck=deck)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=6), children, max_size=6)
    ),
    max_leaves=40,
)
DEAL_FIELDS = [
    "dealer",
    "hands",
    "frisch",
    "auction",
    "trump",
    "declarer",
    "winning_bid",
    "contracts",
    "play",
    "tricks",
]
deal_like = st.fixed_dictionaries({}, optional=dict.fromkeys(DEAL_FIELDS, json_values))


def assert_never_raises(record, preset, deck=FOUR_SEATS):
    result = validate_deal(record, preset, deck)
    assert all(e.message != INTERNAL_GUARD_MESSAGE for e in result.errors)
    json.dumps(result.to_json())
    return result


@settings(max_examples=200, deadline=None)
@given(record=json_values, preset=presets, deck=tables)
def test_arbitrary_json_never_makes_the_engine_raise(record, preset, deck):
    assert not assert_never_raises(record, preset, deck).valid or isinstance(record, dict)


@settings(max_examples=200, deadline=None)
@given(record=deal_like, preset=presets, deck=tables)
def test_arbitrary_deal_shaped_json_never_makes_the_engine_raise(record, preset, deck):
    assert_never_raises(record, preset, deck)


@settings(max_examples=150, deadline=None)
@given(seed=seeds, data=st.data(), preset=presets, deck=tables)
def test_junk_anywhere_inside_a_legal_record_never_makes_the_engine_raise(seed, data, preset, deck):
    record = deal(seed, preset, deck, with_summary=True)
    node, key = record, data.draw(st.sampled_from(sorted(record)))
    while isinstance(node[key], list) and node[key] and data.draw(st.booleans()):
        node, key = node[key], data.draw(st.integers(0, len(node[key]) - 1))
    node[key] = data.draw(json_values)
    result = assert_never_raises(copy.deepcopy(record), preset, deck)
    assert result.valid or result.errors


@given(seed=seeds, deck=tables, data=st.data())
def test_generated_contracts_are_whole_numbers_that_never_total_the_decks_tricks(seed, deck, data):
    """The generator's contracts (also when the declarer holds all T) stay within 0..T."""
    declarer = data.draw(st.integers(0, deck.seats - 1))
    level = data.draw(st.integers(5, deck.tricks))
    contracts = random_contracts(random.Random(seed), declarer, level, deck)
    assert len(contracts) == deck.seats
    assert all(0 <= c <= deck.tricks for c in contracts) and sum(contracts) != deck.tricks
