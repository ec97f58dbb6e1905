"""Safe retries: one game per (platform, game id); the same content answers the same, else 409."""

from __future__ import annotations

import json

import pytest

from api.models import GameSubmission
from api.tokens import create_token
from games.models import Game, GameResult
from tests.api.conftest import client_for
from tests.api.test_submit_game import SUBMIT, body, record

pytestmark = pytest.mark.django_db


def test_same_game_id_twice_stores_one_game_and_answers_the_same(platform, season):
    first = platform.post(SUBMIT, body(), format="json")
    second = platform.post(SUBMIT, body(), format="json")
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    assert first.headers["Idempotent-Replayed"] == "false"
    assert second.headers["Idempotent-Replayed"] == "true"
    assert Game.objects.count() == 1
    assert GameResult.objects.count() == 4


def test_resent_record_game_is_one_game(platform, season):
    payload = body(scores=None, record=record(seed=9))
    answers = [platform.post(SUBMIT, payload, format="json") for _ in range(3)]
    assert {a.status_code for a in answers} == {201}
    assert len({json.dumps(a.json(), sort_keys=True) for a in answers}) == 1
    assert Game.objects.count() == 1


def test_key_order_and_whitespace_do_not_change_the_content(platform, season):
    payload = body()
    platform.post(SUBMIT, payload, format="json")
    reordered = json.dumps(dict(reversed(list(payload.items()))), indent=4).encode()
    response = platform.generic("POST", SUBMIT, reordered, content_type="application/json")
    assert response.status_code == 201
    assert response.headers["Idempotent-Replayed"] == "true"


@pytest.mark.parametrize(
    "changes",
    [
        {"scores": [121, 80, 45, -10]},
        {"date": "2024-07-03"},
        {"players": [{"name": n} for n in ["Eli", "Dana", "Noa", "Omer"]]},
        {"rated": False},
    ],
)
def test_same_game_id_with_different_content_is_409(platform, season, changes):
    original = platform.post(SUBMIT, body(), format="json").json()
    response = platform.post(SUBMIT, body(**changes), format="json")
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "conflict"
    assert response.json()["errors"][0]["path"] == "game_id"
    assert Game.objects.count() == 1
    stored = platform.get(f"/api/v1/games/{original['id']}/").json()
    assert [r["score"] for r in stored["results"]] == [120, 80, 45, -10]


def test_the_original_still_replays_after_a_conflict(platform, season):
    first = platform.post(SUBMIT, body(), format="json")
    platform.post(SUBMIT, body(scores=[1, 2, 3, 4]), format="json")
    assert platform.post(SUBMIT, body(), format="json").json() == first.json()


def test_invalid_submission_stores_nothing_so_a_corrected_one_is_accepted(platform, season):
    bad = platform.post(SUBMIT, body(round=9), format="json")
    assert bad.status_code == 400
    assert not GameSubmission.objects.exists()
    assert platform.post(SUBMIT, body(), format="json").status_code == 201


def test_game_ids_are_per_platform(platform, season, organizer, league):
    other = create_token(user=organizer, league=league, platform="other-site", name="other")
    platform.post(SUBMIT, body(), format="json")
    response = client_for(other).post(SUBMIT, body(date="2024-07-03"), format="json")
    assert response.status_code == 201
    assert response.headers["Idempotent-Replayed"] == "false"
    assert Game.objects.count() == 2


def test_a_new_token_of_the_same_platform_replays_the_same_game(
    platform, season, organizer, league
):
    first = platform.post(SUBMIT, body(), format="json")
    rotated = create_token(user=organizer, league=league, platform="whist-online", name="new")
    again = client_for(rotated).post(SUBMIT, body(), format="json")
    assert again.json() == first.json()
    assert Game.objects.count() == 1
