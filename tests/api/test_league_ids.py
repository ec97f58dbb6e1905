"""Platform player ids and game ids belong to the token's league (issue 12 item 2).

Two leagues whose tokens name the same platform each have their own ids; a known id sent with
another player's name is refused, never silently read as the stored player.
"""

from __future__ import annotations

from typing import Any

import pytest

from api.models import GameSubmission, PlatformPlayer
from games.models import Game
from league.models import Player, Round
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

SUBMIT = "/api/v1/games/"
LEAGUE_A = ["Dana", "Eli", "Noa", "Omer"]
LEAGUE_B = ["Mallory", "Trudy", "Victor", "Walter"]


def league_a_game(game_id: str = "g-1", names: list[str] = LEAGUE_A) -> dict[str, Any]:
    """A game of season-10 (league A) naming its players with ids u17, u18, u19, u20."""
    return {
        "game_id": game_id,
        "season": "season-10",
        "date": "2024-06-30",
        "players": [{"id": f"u{17 + seat}", "name": name} for seat, name in enumerate(names)],
        "scores": [120, 80, 45, -10],
    }


def league_b_game(game_id: str = "g-1", names: list[str] = LEAGUE_B) -> dict[str, Any]:
    """A rated game of rated-2024 (league B, same platform) with the same ids u17..u20."""
    return {**league_a_game(game_id, names), "season": "rated-2024", "date": "2024-03-05"}


def seat_names(response: Any) -> list[str]:
    return [r["player"]["name"] for r in response.json()["results"]]


@pytest.fixture
def league_b(rated_token: Any) -> Any:
    return client_for(rated_token)


def test_another_leagues_player_id_does_not_decide_who_plays_here(platform, league_b, season):
    first = league_b.post(SUBMIT, league_b_game(), format="json")
    assert first.status_code == 201, first.json()

    response = platform.post(SUBMIT, league_a_game(), format="json")

    assert response.status_code == 201, response.json()
    assert seat_names(response) == LEAGUE_A
    by_league = {
        (p.league.slug, p.external_id): p.player.name for p in PlatformPlayer.objects.all()
    }
    assert by_league[(season.league.slug, "u17")] == "Dana"
    assert PlatformPlayer.objects.filter(external_id="u17").count() == 2


def test_this_leagues_player_id_does_not_decide_who_plays_in_another(
    platform, league_b, rated_season
):
    assert platform.post(SUBMIT, league_a_game(), format="json").status_code == 201

    response = league_b.post(SUBMIT, league_b_game(), format="json")

    assert response.status_code == 201, response.json()
    assert seat_names(response) == LEAGUE_B
    alone = {**league_b_game("g-2"), "players": [{"id": f"u{17 + s}"} for s in range(4)]}
    again = league_b.post(SUBMIT, alone, format="json")
    assert again.status_code == 201, again.json()
    assert seat_names(again) == LEAGUE_B


def test_another_leagues_game_id_does_not_block_or_replay_a_game_here(platform, league_b, season):
    assert league_b.post(SUBMIT, league_b_game("shared-7"), format="json").status_code == 201

    response = platform.post(SUBMIT, league_a_game("shared-7"), format="json")

    assert response.status_code == 201, response.json()
    assert response["Idempotent-Replayed"] == "false"
    assert seat_names(response) == LEAGUE_A
    assert GameSubmission.objects.filter(external_id="shared-7").count() == 2


def test_this_leagues_game_id_does_not_block_or_replay_a_game_in_another(
    platform, league_b, season, rated_season
):
    assert platform.post(SUBMIT, league_a_game("shared-7"), format="json").status_code == 201

    response = league_b.post(SUBMIT, league_b_game("shared-7"), format="json")

    assert response.status_code == 201, response.json()
    assert response["Idempotent-Replayed"] == "false"
    assert Game.objects.count() == 2
    replay = league_b.post(SUBMIT, league_b_game("shared-7"), format="json")
    assert (replay.status_code, replay["Idempotent-Replayed"]) == (201, "true")
    assert replay.json()["id"] == response.json()["id"]


def test_a_known_id_with_another_name_is_400_player_name_mismatch(platform, season):
    assert platform.post(SUBMIT, league_a_game(), format="json").status_code == 201
    games, players = Game.objects.count(), Player.objects.count()

    renamed = league_a_game("g-2", ["Mallory", *LEAGUE_A[1:]])
    response = platform.post(SUBMIT, {**renamed, "date": "2024-07-03"}, format="json")

    assert response.status_code == 400
    [problem] = response.json()["errors"]
    assert (problem["code"], problem["path"]) == ("player_name_mismatch", "players[0].name")
    assert all(word in problem["message"] for word in ("u17", "Dana", "Mallory"))
    assert (Game.objects.count(), Player.objects.count()) == (games, players)


def test_a_known_id_with_its_name_in_other_spacing_is_the_same_player(platform, season):
    assert platform.post(SUBMIT, league_a_game(), format="json").status_code == 201
    spaced = league_a_game("g-2", ["  Dana ", *LEAGUE_A[1:]])

    response = platform.post(SUBMIT, {**spaced, "date": "2024-07-03"}, format="json")

    assert response.status_code == 201, response.json()
    assert seat_names(response) == LEAGUE_A


def test_organizer_registration_refuses_a_known_id_with_another_name(organizer_client, season):
    path = "/api/v1/seasons/season-10/rounds/1/registrations/"
    first = organizer_client.post(path, {"players": [{"id": "u17", "name": "Dana"}]}, format="json")
    assert first.status_code == 200, first.json()

    response = organizer_client.post(
        path, {"players": [{"id": "u17", "name": "Mallory"}]}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "player_name_mismatch"
    assert not Player.objects.filter(name="Mallory").exists()
    assert Round.objects.get(season=season, number=1).registrations.count() == 1
