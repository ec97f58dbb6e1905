"""The API draws and reads a tournament's stages like rounds (RULES.md 3.4, FORMATS.md 6)."""

from __future__ import annotations

from itertools import combinations

import pytest

from tests.tournamentsupport import FINAL_SCORES, play, tournament

pytestmark = pytest.mark.django_db


def _pairs(tables):
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def _names(tables):
    return [[seat["name"] for seat in table["players"]] for table in tables]


def test_organizer_token_draws_stages_by_the_standing_and_the_final_table(
    organizer_client, anon, season
):
    evening, rounds = tournament(16)
    assert evening.league_id == season.league_id
    base = f"/api/v1/seasons/{evening.slug}/rounds"
    first = organizer_client.post(f"{base}/1/draw/", {"seed": 5}, format="json")
    assert first.status_code == 201, first.json()
    assert first.json()["draw"]["method"] == "random"
    play(rounds[0])
    stage_1 = anon.get(f"{base}/1/").json()["draw"]["tables"]
    for number in (2, 3, 4):
        response = organizer_client.post(f"{base}/{number}/draw/", {"publish": True}, format="json")
        assert response.status_code == 201, response.json()
        public = anon.get(f"{base}/{number}/").json()["draw"]
        assert public["method"] == "standing"
        assert public["seed"] is None
        if number == 2:
            assert not _pairs(_names(stage_1)) & _pairs(_names(public["tables"]))
        rounds[number - 1].refresh_from_db()
        play(rounds[number - 1])
    final = organizer_client.post(f"{base}/5/draw/", {"publish": True}, format="json")
    assert final.status_code == 201, final.json()
    assert anon.get(f"{base}/5/").json()["draw"]["method"] == "final"
    rounds[4].refresh_from_db()
    play(rounds[4], FINAL_SCORES)


def test_a_stage_cannot_be_drawn_before_the_stage_before_it_is_finished(organizer_client, season):
    evening, _rounds = tournament(8)
    base = f"/api/v1/seasons/{evening.slug}/rounds"
    organizer_client.post(f"{base}/1/draw/", {"seed": 5}, format="json")
    refused = organizer_client.post(f"{base}/2/draw/", {}, format="json")
    assert refused.status_code in (400, 409)
    assert "finish stage 1 first" in refused.json()["errors"][0]["message"]
