"""score_deals for three-player records (FORMATS.md 1-3): each deck field for field, the
record's `deck`, `--deck`, and four-player output left as it was."""

import io
import json

import pytest
from django.core.management import call_command

from scoring import get_preset, score_game
from scoring.decks import THREE_PLAYER_DECK_NAMES, get_deck
from scoring.generate import random_game

from .helpers import summary_deal
from .test_cli import VALID, run, write

# 6 + 3 + 0 = 9 contracted: down 3 of 12 tricks (no-low-cards), 4 of 13, 8 of 17.
THREE = summary_deal([6, 3, 0], [6, 3, 3], trump="S", declarer=0, winning_bid=6)


def three_deal(deck_name):
    tricks = get_deck(deck_name).tricks
    return summary_deal([6, 3, 0], [6, 3, tricks - 9], trump="S", declarer=0, winning_bid=6)


@pytest.mark.parametrize(
    ("deck", "down", "zero_score"),
    [
        ("no-low-cards", 3, -(20 + 30) + 10 * 2),
        ("no-clubs", 4, -60 + 30),
        ("one-card-out", 8, -100 + 70),
    ],
)
def test_a_three_player_deal_scores_field_for_field_with_each_deck(
    tmp_path, deck, down, zero_score
):
    record = three_deal(deck)
    code, out, err = run([write(tmp_path, record), "--deck", deck])
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "valid": True,
        "deals": [
            {
                "valid": True,
                "scores": [46, 19, zero_score],
                "tricks": record["tricks"],
                "trump": "S",
                "declarer": 0,
                "game": "under",
                "down": down,
                "errors": [],
            }
        ],
        "deck": deck,
    }


def test_deals_of_three_seats_are_read_with_no_low_cards_by_default(tmp_path):
    code, out, _ = run([write(tmp_path, [THREE, THREE])])
    result = json.loads(out)
    assert code == 0 and result["deck"] == "no-low-cards"
    assert result["deals"][0]["down"] == 3
    assert result["totals"] == [92, 38, -60]
    assert result["placements"] == [1, 2, 3]


def test_a_game_of_three_uses_the_deck_it_names(tmp_path):
    game = {
        "players": ["Dana", "Eli", "Noa"],
        "deck": "no-clubs",
        "deals": [three_deal("no-clubs")],
    }
    code, out, _ = run([write(tmp_path, game)])
    result = json.loads(out)
    assert code == 0 and result["deck"] == "no-clubs" and result["deals"][0]["down"] == 4


def test_the_deck_option_overrides_the_games_deck_as_the_preset_option_does(tmp_path):
    game = {
        "players": ["Dana", "Eli", "Noa"],
        "deck": "no-clubs",
        "deals": [three_deal("no-clubs")],
    }
    code, out, _ = run([write(tmp_path, game), "--deck", "no-low-cards"])
    result = json.loads(out)
    assert code == 1 and result["deck"] == "no-low-cards"
    assert [e["code"] for e in result["deals"][0]["errors"]] == ["tricks_total"]


@pytest.mark.parametrize("deck", THREE_PLAYER_DECK_NAMES)
def test_a_random_game_of_three_scores_as_the_engine_does(tmp_path, deck):
    preset = get_preset("en-wikipedia")
    game = random_game(4, preset, deals=6, deck=get_deck(deck), revoke_chance=0.05)
    assert game["deck"] == deck and len(game["players"]) == 3
    code, out, _ = run([write(tmp_path, game)])
    result = json.loads(out)
    expected = score_game(game["deals"], preset, get_deck(deck))
    assert code == 0 and result["totals"] == list(expected.totals)
    assert len(result["placements"]) == 3


def test_a_club_trump_without_clubs_is_card_not_in_deck_and_exits_1(tmp_path):
    record = three_deal("no-clubs") | {"trump": "C"}
    code, out, _ = run([write(tmp_path, record), "--deck", "no-clubs"])
    [error] = json.loads(out)["deals"][0]["errors"]
    assert code == 1 and (error["code"], error["path"]) == ("card_not_in_deck", "trump")


def test_an_unknown_deck_exits_2_naming_the_decks(tmp_path):
    code, out, err = run([write(tmp_path, THREE), "--deck", "no-aces"])
    assert (code, out) == (2, "")
    assert "no-low-cards, no-clubs, one-card-out" in err and len(err.splitlines()) == 1


def test_a_game_of_four_naming_a_deck_is_not_a_game_record(tmp_path):
    game = random_game(3, deals=1) | {"deck": "no-clubs"}
    code, out, err = run([write(tmp_path, game)])
    assert (code, out) == (2, "") and "no deck" in err


def test_the_deck_option_on_a_game_of_four_exits_2(tmp_path):
    code, out, err = run([write(tmp_path, random_game(3, deals=1)), "--deck", "no-clubs"])
    assert (code, out) == (2, "") and "three players" in err


def test_four_player_output_names_no_deck(tmp_path):
    _code, out, _ = run([write(tmp_path, [VALID])])
    assert "deck" not in json.loads(out)


def test_call_command_takes_the_deck_option(tmp_path):
    out = io.StringIO()
    call_command(
        "score_deals", write(tmp_path, three_deal("one-card-out")), deck="one-card-out", stdout=out
    )
    result = json.loads(out.getvalue())
    assert result["deck"] == "one-card-out" and result["deals"][0]["down"] == 8
