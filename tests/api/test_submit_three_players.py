"""POST /api/v1/games/ for a table of three (issue 30 item 3, FORMATS.md 2-3): a game of three
is accepted at a three-player table with the season's `three_player_deck`; a game of three
at a table of four, or of four at a table of three, is `seat_count`; a game of three naming
another deck than the season's is `deck_mismatch`."""

from __future__ import annotations

from typing import Any

import pytest

from draws.actions import do_draw_round, publish_draw
from games.models import Game, ResultVersion
from games.season_import import import_season
from league.actions.registration import register_players
from league.models import Player, Round, Season
from scoring import get_deck, get_preset, score_game
from scoring.generate import random_game
from tests.api.conftest import rounds_season_file

pytestmark = pytest.mark.django_db

SUBMIT = "/api/v1/games/"
DECK = "no-clubs"


@pytest.fixture
def season(organizer: Any) -> Season:
    """season-10 with tables of three playing the no-clubs deck."""
    rules = {"remainder": "three-player", "three_player_deck": DECK}
    imported = import_season(rounds_season_file(rules=rules)).season
    imported.league.organizers.add(organizer)
    return imported


def tables_of_seven(season: Season) -> tuple[list[str], list[str]]:
    """Round 1 drawn for 7 players: the names by seat at its table of four and of three."""
    round_ = Round.objects.get(season=season, number=1)
    register_players(round_, [Player.objects.create(name=f"P{i}", slug=f"p{i}") for i in range(7)])
    do_draw_round(round_, seed=11)
    publish_draw(round_)
    tables = [[s.player.name for s in t.seats.order_by("seat")] for t in round_.tables.all()]
    four = next(t for t in tables if len(t) == 4)
    three = next(t for t in tables if len(t) == 3)
    return four, three


def game_of(names: list[str], deck: str | None = DECK, seed: int = 3) -> dict[str, Any]:
    options: dict[str, Any] = {"deck": get_deck(deck or DECK)} if len(names) == 3 else {}
    record = random_game(
        seed, get_preset("whist-online"), deals=28, players=names, summary_only=True, **options
    )
    if deck is None:
        record.pop("deck", None)
    return record


def body(names: list[str], **changes: Any) -> dict[str, Any]:
    return {
        "game_id": "g-1",
        "season": "season-10",
        "date": "2024-06-30",
        "players": [{"name": n} for n in names],
        **changes,
    }


def errors(response: Any) -> list[tuple[str, str]]:
    return [(e["code"], e["path"]) for e in response.json()["errors"]]


@pytest.mark.parametrize("names_deck", [True, False])
def test_seat_count_a_three_player_record_is_accepted_at_a_three_player_table(
    platform, season, names_deck
):
    _four, three = tables_of_seven(season)
    record = game_of(three, DECK if names_deck else None)
    response = platform.post(SUBMIT, body(three, record=record), format="json")
    assert response.status_code == 201, response.json()
    expected = score_game(record["deals"], get_preset("whist-online"), get_deck(DECK)).totals
    assert [r["score"] for r in response.json()["results"]] == list(expected)
    game = Game.objects.get()
    assert game.deals == record["deals"] and game.table.seats.count() == 3
    assert ResultVersion.objects.get().scores == list(expected)


def test_seat_count_three_scores_are_accepted_at_a_three_player_table(platform, season):
    _four, three = tables_of_seven(season)
    response = platform.post(SUBMIT, body(three, scores=[30, 20, -10]), format="json")
    assert response.status_code == 201, response.json()
    assert ResultVersion.objects.get().scores == [30, 20, -10]


def test_seat_count_three_players_of_a_table_of_four_are_refused(platform, season):
    four, _three = tables_of_seven(season)
    names = four[:3]
    response = platform.post(SUBMIT, body(names, record=game_of(names)), format="json")
    assert response.status_code == 400
    assert errors(response) == [("seat_count", "players")]
    assert "4 players" in response.json()["errors"][0]["message"]
    assert not Game.objects.exists()


def test_seat_count_four_players_for_a_table_of_three_are_refused(platform, season):
    _four, three = tables_of_seven(season)
    Player.objects.create(name="Late", slug="late")
    names = [*three, "Late"]
    response = platform.post(SUBMIT, body(names, scores=[40, 30, 20, 10]), format="json")
    assert response.status_code == 400
    assert errors(response) == [("seat_count", "players")]
    assert not Game.objects.exists()


def test_seat_count_a_record_of_three_for_four_listed_players_is_refused(platform, season):
    four, _three = tables_of_seven(season)
    response = platform.post(SUBMIT, body(four, record=game_of(four[:3])), format="json")
    assert response.status_code == 400
    assert errors(response) == [("seat_count", "record.players")]


def test_seat_count_a_game_of_three_in_a_league_without_tables_of_three(platform, organizer):
    imported = import_season(rounds_season_file(slug="season-11")).season
    assert imported.rules["remainder"] == "reserve"
    names = ["Dana", "Eli", "Noa"]
    submission = body(names, season="season-11", scores=[30, 20, -10])
    response = platform.post(SUBMIT, submission, format="json")
    assert response.status_code == 400
    assert errors(response) == [("seat_count", "players")]


def test_deck_mismatch_a_record_naming_another_deck_is_refused(platform, season):
    _four, three = tables_of_seven(season)
    record = game_of(three, "one-card-out")
    response = platform.post(SUBMIT, body(three, record=record), format="json")
    assert response.status_code == 400
    assert errors(response) == [("deck_mismatch", "record.deck")]
    assert DECK in response.json()["errors"][0]["message"]
    assert not Game.objects.exists()


def test_seat_count_four_player_submissions_are_answered_as_before(platform, season):
    four, _three = tables_of_seven(season)
    response = platform.post(SUBMIT, body(four, scores=[40, 30, 20, 10]), format="json")
    assert response.status_code == 201, response.json()
