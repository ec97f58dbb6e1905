"""Organizer tokens register players and draw rounds; platform tokens and others may not."""

from __future__ import annotations

from typing import Any

import pytest

from api.models import ApiToken
from api.tokens import create_token
from league.models import DrawRecord, Registration, Round, Seat
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

REGISTER = "/api/v1/seasons/season-10/rounds/1/registrations/"
DRAW = "/api/v1/seasons/season-10/rounds/1/draw/"


def names(count: int, prefix: str = "P") -> dict[str, Any]:
    return {"players": [{"name": f"{prefix}{i}"} for i in range(count)]}


def codes(response: Any) -> list[str]:
    return [e["code"] for e in response.json()["errors"]]


def test_organizer_token_registers_players_creating_new_ones(organizer_client, season):
    response = organizer_client.post(REGISTER, names(5), format="json")
    assert response.status_code == 200, response.json()
    assert [p["name"] for p in response.json()["registered"]] == [f"P{i}" for i in range(5)]
    assert Registration.objects.filter(round__number=1).count() == 5


def test_registering_again_keeps_one_registration(organizer_client, season):
    organizer_client.post(REGISTER, names(4), format="json")
    organizer_client.post(REGISTER, names(6), format="json")
    assert Registration.objects.filter(round__number=1).count() == 6


def test_registration_by_platform_id(organizer_client, season):
    first = {"players": [{"id": "u1", "name": "Dana"}]}
    assert organizer_client.post(REGISTER, first, format="json").status_code == 200
    second = {"players": [{"id": "u1"}]}
    path = "/api/v1/seasons/season-10/rounds/2/registrations/"
    response = organizer_client.post(path, second, format="json")
    assert [p["name"] for p in response.json()["registered"]] == ["Dana"]


def test_platform_token_may_not_register(platform, season):
    response = platform.post(REGISTER, names(2), format="json")
    assert response.status_code == 403
    assert codes(response) == ["permission_denied"]
    assert not Registration.objects.exists()


def test_anonymous_may_not_register(anon, season):
    assert anon.post(REGISTER, names(2), format="json").status_code == 401


def test_organizer_token_of_another_league_is_403(organizer, rated_season, season):
    other = create_token(
        user=organizer,
        league=rated_season.league,
        platform="whist-online",
        name="other",
        scope=ApiToken.Scope.ORGANIZER,
    )
    response = client_for(other).post(REGISTER, names(2), format="json")
    assert response.status_code == 403
    assert not Registration.objects.exists()


def test_organizer_token_stops_working_when_its_creator_stops_organizing(
    organizer, organizer_client, league
):
    league.organizers.remove(organizer)
    assert organizer_client.post(REGISTER, names(2), format="json").status_code == 403


def test_registering_for_a_drawn_round_is_409_and_writes_nothing(organizer_client, season):
    organizer_client.post(REGISTER, names(4), format="json")
    organizer_client.post(DRAW, {"seed": 3}, format="json")
    response = organizer_client.post(REGISTER, names(1, "Late"), format="json")
    assert response.status_code == 409
    assert codes(response) == ["round_drawn"]
    assert not Registration.objects.filter(player__name="Late0").exists()
    from league.models import Player

    assert not Player.objects.filter(name="Late0").exists()


def test_registration_body_errors_are_400(organizer_client, season):
    response = organizer_client.post(REGISTER, {"players": []}, format="json")
    assert response.status_code == 400
    assert codes(response) == ["malformed"]


def test_unknown_round_is_404(organizer_client, season):
    response = organizer_client.post("/api/v1/seasons/season-10/rounds/77/draw/", {}, format="json")
    assert response.status_code == 404


def test_organizer_token_draws_a_round_with_a_published_seed(organizer_client, season):
    organizer_client.post(REGISTER, names(9), format="json")
    response = organizer_client.post(DRAW, {"seed": 42}, format="json")
    assert response.status_code == 201, response.json()
    draw = response.json()["draw"]
    assert draw["method"] == "random"  # round 1 is on a Sunday
    assert draw["seed"] == 42
    assert [len(t["players"]) for t in draw["tables"]] == [4, 4]
    assert len(draw["reserves"]) == 1
    assert Seat.objects.filter(round__number=1).count() == 8
    assert Round.objects.get(season=season, number=1).status == "drawn"


def test_draw_is_public_when_published_with_it(organizer_client, anon, season):
    organizer_client.post(REGISTER, names(4), format="json")
    organizer_client.post(DRAW, {"seed": 8}, format="json")
    assert anon.get("/api/v1/seasons/season-10/rounds/1/").json()["draw"] is None
    organizer_client.post(DRAW, {"publish": True}, format="json")
    public = anon.get("/api/v1/seasons/season-10/rounds/1/").json()["draw"]
    assert public["seed"] == 8
    assert public["published_at"] is not None


def test_drawing_again_answers_the_same_draw_with_200(organizer_client, season):
    organizer_client.post(REGISTER, names(8), format="json")
    first = organizer_client.post(DRAW, {"seed": 1}, format="json")
    again = organizer_client.post(DRAW, {"seed": 2}, format="json")
    assert again.status_code == 200
    assert again.json()["draw"]["tables"] == first.json()["draw"]["tables"]


def test_same_seed_same_registrations_same_draw(organizer_client, season):
    organizer_client.post(REGISTER, names(8), format="json")
    first = organizer_client.post(DRAW, {"seed": 99}, format="json").json()["draw"]
    redrawn = organizer_client.post(
        DRAW, {"seed": 99, "redraw": True, "reason": "a late arrival"}, format="json"
    )
    assert redrawn.status_code == 201
    assert redrawn.json()["draw"]["tables"] == first["tables"]


def test_redraw_after_results_is_409(organizer_client, platform, season):
    organizer_client.post(REGISTER, names(4), format="json")
    drawn = organizer_client.post(DRAW, {"seed": 1, "publish": True}, format="json")
    table = drawn.json()["draw"]["tables"][0]
    game = {
        "game_id": "t1",
        "season": "season-10",
        "date": "2024-06-30",
        "players": [{"name": p["name"]} for p in table["players"]],
        "scores": [10, 20, 30, 40],
    }
    assert platform.post("/api/v1/games/", game, format="json").status_code == 201
    response = organizer_client.post(DRAW, {"redraw": True}, format="json")
    assert response.status_code == 409
    assert codes(response) == ["has_results"]


def test_platform_token_may_not_draw(platform, season):
    assert platform.post(DRAW, {}, format="json").status_code == 403


@pytest.mark.parametrize("payload", [{"seed": -1}, {"seed": "x"}, {"redraw": "maybe"}])
def test_bad_draw_body_is_400(organizer_client, season, payload):
    assert organizer_client.post(DRAW, payload, format="json").status_code == 400


def test_redraw_without_a_reason_is_refused_and_keeps_the_draw(organizer_client, season):
    organizer_client.post(REGISTER, names(8), format="json")
    first = organizer_client.post(DRAW, {"seed": 1}, format="json").json()["draw"]
    refused = organizer_client.post(DRAW, {"seed": 2, "redraw": True}, format="json")
    assert refused.status_code == 400
    assert codes(refused) == ["reason_missing"]
    assert "reason" in refused.content.decode()
    again = organizer_client.post(DRAW, {}, format="json").json()["draw"]
    assert again["tables"] == first["tables"]


def test_redraw_with_a_reason_is_recorded(organizer_client, season):
    organizer_client.post(REGISTER, names(8), format="json")
    organizer_client.post(DRAW, {"seed": 1}, format="json")
    redrawn = organizer_client.post(
        DRAW, {"seed": 2, "redraw": True, "reason": "a player was missing"}, format="json"
    )
    assert redrawn.status_code == 201
    records = list(DrawRecord.objects.order_by("number").values_list("superseded", "reason"))
    assert records == [(True, ""), (False, "a player was missing")]
