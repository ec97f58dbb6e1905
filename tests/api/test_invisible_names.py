"""The API's player names (issue 26 item 10): direction marks at the ends are dropped, any
other invisible format character is refused at its path, and names are matched after NFKC
and case folding (a known platform id sent with its player's name written another way)."""

from __future__ import annotations

from typing import Any

import pytest

from api.models import PlatformPlayer
from games.models import GameResult
from league.models import Player, Registration
from scoring import get_preset
from scoring.generate import random_game

pytestmark = pytest.mark.django_db

SUBMIT = "/api/v1/games/"
REGISTER = "/api/v1/seasons/season-10/rounds/1/registrations/"
NAMES = ["Dana", "Eli", "Noa", "Omer"]


def game(players: list[dict[str, str]], game_id: str = "g-1") -> dict[str, Any]:
    return {
        "game_id": game_id,
        "season": "season-10",
        "date": "2024-06-30",
        "players": players,
        "scores": [120, 80, 45, -10],
    }


def named(*names: str) -> list[dict[str, str]]:
    return [{"name": name} for name in names]


def only_error(response: Any) -> dict[str, str]:
    [problem] = response.json()["errors"]
    return dict(problem)


def test_a_game_name_with_an_invisible_character_is_refused_at_its_path(platform, season):
    response = platform.post(SUBMIT, game(named("Dana", "E\u200dli", "Noa", "Omer")), format="json")

    assert response.status_code == 400
    problem = only_error(response)
    assert (problem["code"], problem["path"]) == ("malformed", "players[1].name")
    assert "“E[U+200D]li” holds an invisible character" in problem["message"]
    assert not Player.objects.exists()


def test_a_record_name_with_an_invisible_character_is_refused_at_its_path(platform, season):
    players = ("Dana", "Eli", "No\u00ada", "Omer")
    record = random_game(1, get_preset("whist-online"), deals=28, players=players)
    body = {k: v for k, v in game([]).items() if k not in ("players", "scores")}

    response = platform.post(SUBMIT, {**body, "record": record}, format="json")

    assert response.status_code == 400
    problem = only_error(response)
    assert (problem["code"], problem["path"]) == ("malformed", "record.players[2]")
    assert "U+00AD SOFT HYPHEN" in problem["message"]


def test_a_game_name_loses_the_direction_marks_at_its_ends(platform, season):
    response = platform.post(
        SUBMIT, game(named("\u200fDana\u200f", "Eli", "Noa", "Omer")), format="json"
    )

    assert response.status_code == 201, response.json()
    assert sorted(Player.objects.values_list("name", flat=True)) == NAMES


def test_a_name_written_another_way_is_the_known_player(platform, season):
    platform.post(SUBMIT, game(named(*NAMES)), format="json")

    response = platform.post(
        SUBMIT, game(named("DANA", "\uff25\uff4c\uff49", "noa", "Omer"), "g-2"), format="json"
    )

    assert response.status_code == 201, response.json()
    assert Player.objects.count() == 4
    assert GameResult.objects.filter(player__name="Dana").count() == 2


def test_a_known_id_with_its_players_name_written_another_way_is_no_mismatch(platform, season):
    first = [{"id": f"p{i}", "name": name} for i, name in enumerate(NAMES)]
    platform.post(SUBMIT, game(first), format="json")
    again = [{"id": "p0", "name": "DANA"}, *first[1:]]

    response = platform.post(SUBMIT, game(again, "g-2"), format="json")

    assert response.status_code == 201, response.json()
    assert PlatformPlayer.objects.get(external_id="p0").player.name == "Dana"


def test_registration_names_are_cleaned_and_refused_like_game_names(organizer_client, season):
    refused = organizer_client.post(
        REGISTER, {"players": named("Noa", "Da\u2066na")}, format="json"
    )
    registered = organizer_client.post(
        REGISTER, {"players": named("\u2067דנה\u2069", "Noa")}, format="json"
    )

    assert refused.status_code == 400
    assert only_error(refused)["path"] == "players[1].name"
    assert registered.status_code == 200, registered.json()
    assert sorted(Registration.objects.values_list("player__name", flat=True)) == ["Noa", "דנה"]
