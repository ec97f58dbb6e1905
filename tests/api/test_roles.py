"""Every endpoint against every role: anonymous, revoked, platform, organizer, other league."""

from __future__ import annotations

from typing import Any

import pytest

from api.models import ApiToken
from api.tokens import create_token, revoke_token
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

READS = [
    "/api/v1/leagues/",
    "/api/v1/leagues/whist-online-league/",
    "/api/v1/seasons/",
    "/api/v1/seasons/season-10/",
    "/api/v1/seasons/season-10/rounds/",
    "/api/v1/seasons/season-10/rounds/1/",
    "/api/v1/seasons/season-10/standings/",
    "/api/v1/players/",
    "/api/v1/games/",
]
GAME = {
    "game_id": "roles-1",
    "season": "season-10",
    "date": "2024-06-30",
    "players": [{"name": n} for n in ("Dana", "Eli", "Noa", "Omer")],
    "scores": [120, 80, 45, -10],
}
WRITES = [
    ("/api/v1/games/", GAME),
    ("/api/v1/seasons/season-10/rounds/1/registrations/", {"players": [{"name": "Tal"}]}),
    ("/api/v1/seasons/season-10/rounds/2/draw/", {"seed": 1}),
]
ROLES = ["anonymous", "revoked", "platform", "organizer", "other-league organizer"]
# What each role gets from each write endpoint, in WRITES order.
EXPECTED_WRITES = {
    "anonymous": [401, 401, 401],
    "revoked": [401, 401, 401],
    "platform": [201, 403, 403],
    "organizer": [201, 200, 201],
    "other-league organizer": [403, 403, 403],
}


@pytest.fixture
def role_client(request: Any, organizer: Any, season: Any, rated_season: Any) -> Any:
    role = request.param
    if role == "anonymous":
        return client_for(None)
    league = rated_season.league if role == "other-league organizer" else season.league
    scope = ApiToken.Scope.PLATFORM if role in ("platform", "revoked") else ApiToken.Scope.ORGANIZER
    issued = create_token(user=organizer, league=league, platform="p", name=role, scope=scope)
    if role == "revoked":
        revoke_token(user=organizer, token=issued.token)
    return client_for(issued)


def _registered_round_two(season: Any) -> None:
    from league.actions.players import get_or_create_players
    from league.actions.registration import register_players
    from league.models import Round

    round_ = Round.objects.get(season=season, number=2)
    register_players(round_, list(get_or_create_players(["A", "B", "C", "D"]).values()))


@pytest.mark.parametrize("role_client", ["anonymous", "platform", "organizer"], indirect=True)
@pytest.mark.parametrize("address", READS)
def test_every_read_endpoint_answers_every_valid_role(role_client, address):
    assert role_client.get(address).status_code == 200


@pytest.mark.parametrize("role_client", ["revoked"], indirect=True)
@pytest.mark.parametrize("address", READS)
def test_a_revoked_token_is_refused_even_for_reads(role_client, address):
    assert role_client.get(address).status_code == 401


@pytest.mark.parametrize("role_client", ROLES, indirect=True)
def test_every_write_endpoint_answers_each_role_as_expected(role_client, request, season):
    _registered_round_two(season)
    role = request.node.callspec.params["role_client"]
    statuses = [role_client.post(path, body, format="json").status_code for path, body in WRITES]
    assert statuses == EXPECTED_WRITES[role]
