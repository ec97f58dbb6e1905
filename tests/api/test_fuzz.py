"""Schemathesis fuzzes the API from its own OpenAPI schema: no body or address gives a 500."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
# Valid and invalid bodies alike; bounded so the suite stays quick.
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], max_examples=50
)

FUZZ_SETTINGS = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)

writes = schema.include(method="POST")
reads = schema.include(method="GET").exclude(path="/api/schema/")


@pytest.fixture(autouse=True)
def _keep_the_test_transaction() -> Any:
    """Like Django's test client: the WSGI app must not close the test's connection."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def _real_round(case: Any) -> None:
    """Point round actions at a real round, so bodies reach the actions instead of a 404."""
    if "number" in (case.path_parameters or {}):
        case.path_parameters = {"season": "season-10", "number": 1}


def _real_season(case: Any) -> None:
    """Point a game body at a real season and round date, so the rest reaches the rules."""
    if not isinstance(case.body, dict):
        return
    case.body.pop("league", None)
    case.body["season"] = "season-10"
    case.body["date"] = "2024-06-30"
    if "scores" not in case.body and "record" not in case.body:
        case.body["scores"] = [1, 2, 3, 4]
    players = case.body.get("players")
    if isinstance(players, list):
        for seat, player in enumerate(players):
            if isinstance(player, dict) and not player.get("id") and not player.get("name"):
                player["name"] = f"Fuzz {seat}"


@pytest.mark.django_db
@writes.parametrize()
@FUZZ_SETTINGS
def test_write_endpoints_never_answer_500(case: Any, organizer_token: Any, season: Any) -> None:
    _real_round(case)
    case.call_and_validate(
        headers={"Authorization": f"Bearer {organizer_token.secret}"},
        checks=[not_a_server_error],
    )


@pytest.mark.django_db
@schema.include(method="POST", path="/api/v1/games/").parametrize()
@FUZZ_SETTINGS
def test_game_bodies_for_a_real_season_never_answer_500(
    case: Any, platform_token: Any, season: Any
) -> None:
    _real_season(case)
    case.call_and_validate(
        headers={"Authorization": f"Bearer {platform_token.secret}"},
        checks=[not_a_server_error],
    )


@pytest.mark.django_db
@writes.parametrize()
@FUZZ_SETTINGS
def test_write_endpoints_without_a_token_never_answer_500(case: Any, season: Any) -> None:
    _real_round(case)
    response = case.call_and_validate(checks=[not_a_server_error])
    assert response.status_code in (400, 401, 404, 413, 415)


@pytest.mark.django_db
@reads.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_read_endpoints_never_answer_500(case: Any, season: Any) -> None:
    case.call_and_validate(checks=[not_a_server_error])
