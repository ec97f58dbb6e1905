"""Games: totals, placements with ties (FORMATS.md 3) and the game record (FORMATS.md 2)."""

import pytest

from scoring import parse_game_record, placements, score_game
from scoring.decks import get_deck
from scoring.game import deals_seats, table_problems
from scoring.generate import random_deals, random_game

from .helpers import EN_WIKIPEDIA, WHIST_ONLINE, summary_deal


def test_placements_rank_highest_score_first():
    assert placements([19, -30, 50, 11]) == [2, 4, 1, 3]


def test_players_tied_share_the_better_place():
    assert placements([100, 100, 50, 10]) == [1, 1, 3, 4]


def test_tie_for_second_shares_place_2_and_next_is_4():
    assert placements([90, 50, 50, 10]) == [1, 2, 2, 4]


def test_all_tied_are_all_first():
    assert placements([0, 0, 0, 0]) == [1, 1, 1, 1]


def test_game_score_is_the_sum_of_deal_scores():
    deals = [
        summary_deal([3, 6, 0, 1], [3, 4, 0, 6], declarer=1),
        summary_deal([5, 4, 0, 5], [5, 2, 0, 6]),
    ]
    result = score_game(deals, WHIST_ONLINE)
    assert result.valid
    expected = [a + b for a, b in zip(result.deals[0].scores, result.deals[1].scores, strict=True)]
    assert list(result.totals) == expected
    assert list(result.placements) == placements(expected)


def test_game_with_an_invalid_deal_is_invalid_and_has_no_totals():
    deals = [summary_deal([5, 4, 0, 5], [5, 2, 0, 6]), summary_deal([5, 4, 0, 4], [5, 4, 0, 4])]
    result = score_game(deals, WHIST_ONLINE)
    assert not result.valid
    assert result.deals[0].valid and not result.deals[1].valid
    assert result.totals is None and result.placements is None
    assert result.to_json()["valid"] is False


def test_random_24_deal_game_is_valid_with_dealer_rotating():
    record = random_game(11, EN_WIKIPEDIA)
    assert [d["dealer"] for d in record["deals"][:5]] == [0, 1, 2, 3, 0]
    result = score_game(record["deals"], EN_WIKIPEDIA)
    assert result.valid
    assert len(result.deals) == 24


def test_game_record_is_parsed():
    record, errors = parse_game_record(random_game(12, WHIST_ONLINE, deals=2))
    assert errors == []
    assert record.players == ("Dana", "Eli", "Noa", "Omer")
    assert record.preset == "whist-online"
    assert len(record.deals) == 2


@pytest.mark.parametrize(
    ("game", "path"),
    [
        ([], ""),
        ({"players": ["A", "B"], "deals": []}, "players"),
        ({"players": ["A", "B", "C", 4], "deals": []}, "players"),
        ({"players": ["A", "B", "C", "D", "E"], "deals": []}, "players"),
        ({"players": ["A", "B", "C"], "deck": "no-aces", "deals": []}, "deck"),
        ({"players": ["A", "B", "C", "D"], "deck": "no-clubs", "deals": []}, "deck"),
        ({"preset": "chess", "deals": []}, "preset"),
        ({"players": ["A", "B", "C", "D"]}, "deals"),
        ({"deals": {"0": {}}}, "deals"),
    ],
)
def test_bad_game_record_returns_errors_instead_of_raising(game, path):
    record, errors = parse_game_record(game)
    assert record is None
    assert path in [e.path for e in errors]
    assert all(e.code.value == "malformed" for e in errors)


def test_a_game_record_of_three_players_names_its_deck_or_takes_the_default():
    record, errors = parse_game_record({"players": ["A", "B", "C"], "deals": []})
    assert errors == [] and record.seats == 3 and record.deck is None
    assert record.table_deck().name == "no-low-cards"
    assert record.table_deck("one-card-out").name == "one-card-out"
    named, _errors = parse_game_record({"deck": "no-clubs", "deals": []})
    assert named.seats == 3 and named.table_deck().name == "no-clubs"
    four, _errors = parse_game_record(random_game(12, WHIST_ONLINE, deals=1))
    assert four.seats == 4 and four.table_deck().seats == 4


def test_a_game_record_without_players_has_the_seats_of_its_deals():
    three = {"deals": [{"contracts": [5, 3, 0], "tricks": [5, 3, 4]}]}
    record, _errors = parse_game_record(three)
    assert record.seats == 3
    assert deals_seats([{"hands": [[], [], []]}]) == 3
    assert deals_seats([{"contracts": "junk"}, {"tricks": [1, 2, 3, 7]}]) == 4


@pytest.mark.parametrize(
    ("players", "deck", "table_seats", "expected"),
    [
        (["A", "B", "C"], None, 3, []),
        (["A", "B", "C"], "no-low-cards", 3, []),
        (["A", "B", "C"], "no-clubs", 3, [("deck_mismatch", "deck")]),
        (["A", "B", "C"], None, 4, [("seat_count", "players")]),
        (["A", "B", "C", "D"], None, 3, [("seat_count", "players")]),
        (["A", "B", "C", "D"], None, 4, []),
    ],
)
def test_a_game_at_a_table_must_have_its_seats_and_its_leagues_deck(
    players, deck, table_seats, expected
):
    game = {"players": players, "deals": []} | ({"deck": deck} if deck else {})
    record, _errors = parse_game_record(game)
    problems = table_problems(record, table_seats, "no-low-cards")
    assert [(p.code.value, p.path) for p in problems] == expected


def test_a_three_player_game_scores_three_totals_and_placements():
    deck = get_deck("no-low-cards")
    game = score_game(random_deals(3, 4, deck=deck), WHIST_ONLINE, deck)
    assert game.valid and len(game.totals) == 3 and len(game.placements) == 3


def test_random_deals_are_reproducible_from_the_seed():
    assert random_deals(5, 3) == random_deals(5, 3)
    assert random_deals(5, 3) != random_deals(6, 3)


def test_docstring_examples_run():
    import doctest

    import scoring.game
    import scoring.validate

    for module in (scoring.game, scoring.validate):
        outcome = doctest.testmod(module)
        assert outcome.attempted > 0 and outcome.failed == 0
