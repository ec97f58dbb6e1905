"""Schemathesis fuzzes the API from its own OpenAPI schema with every check it has.

No body or address gives a 500, and the API and its schema agree: what the schema forbids is
refused, what it allows is accepted (a write may still be refused with the documented 400 when
it names a season, round or players the stored data or the rules refuse), and every answer
(status, content type, headers, body) is documented.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.config import PositiveDataAcceptanceConfig
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation import GenerationMode

load_all_checks()
ALL_CHECKS = CHECKS.get_all()


def load_schema() -> Any:
    """The API's schema, generating valid and invalid data alike; bounded so the suite stays
    quick."""
    loaded = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
    loaded.config.generation.update(
        modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], max_examples=50
    )
    return loaded


schema = load_schema()
write_schema = load_schema()
# A body of the right shape may still name a season, round, table or players that the stored
# data or the league's rules engine refuse: that is a 400 listing the reasons, as documented.
write_schema.config.checks.positive_data_acceptance = PositiveDataAcceptanceConfig(
    expected_statuses=["2xx", "400", "401", "403", "404", "409", "429"]
)

# Body fields whose schema says all the API checks of their shape.
FULLY_DESCRIBED = {"game_id", "season", "league", "round", "date", "scores", "rated", "seed"}
FULLY_DESCRIBED |= {"redraw", "publish"}


def schema_valid_fields_are_not_malformed(ctx: Any, response: Any, case: Any) -> bool | None:
    """A write refused (400) although its body fits the schema is refused for what it names
    (a season, round, players, the record's deals), never as a malformed described field."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    if response.status_code != 400:
        return None
    malformed = [
        e
        for e in response.json()["errors"]
        if e["code"] == "malformed" and re.split(r"[.\[]", e["path"])[0] in FULLY_DESCRIBED
    ]
    assert not malformed, f"schema-valid fields refused as malformed: {malformed}"
    return None


WRITE_CHECKS = [*ALL_CHECKS, schema_valid_fields_are_not_malformed]

FUZZ_SETTINGS = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)

writes = write_schema.include(method="POST")
reads = schema.include(method="GET").exclude(path="/api/schema/")


@pytest.fixture(autouse=True)
def _keep_the_test_transaction() -> Any:
    """Like Django's test client: the WSGI app must not close the test's connection."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def _negative_at(case: Any, location: ParameterLocation) -> bool:
    return case.meta is not None and bool(case.meta.is_negative_at(location))


def _token_headers(case: Any, token: Any) -> dict[str, str]:
    """The token, unless the case tests a request without the required header."""
    if _negative_at(case, ParameterLocation.HEADER):
        return {}
    return {"Authorization": f"Bearer {token.secret}"}


def _real_round(case: Any) -> None:
    """Point round actions at a real round, so bodies reach the actions instead of a 404
    (not when the case tests invalid path parameters)."""
    if _negative_at(case, ParameterLocation.PATH):
        return
    if "number" in (case.path_parameters or {}):
        case.path_parameters = {"season": "season-10", "number": 1}


def _real_season(case: Any) -> None:
    """Point a game body at a real season and round date, so the rest reaches the rules
    (not when the case tests an invalid body: that would make it valid)."""
    if not isinstance(case.body, dict) or _negative_at(case, ParameterLocation.BODY):
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
def test_write_endpoints_agree_with_the_schema(
    case: Any, organizer_token: Any, season: Any
) -> None:
    _real_round(case)
    case.call_and_validate(
        headers=_token_headers(case, organizer_token),
        checks=WRITE_CHECKS,
    )


@pytest.mark.django_db
@write_schema.include(method="POST", path="/api/v1/games/").parametrize()
@FUZZ_SETTINGS
def test_game_bodies_for_a_real_season_agree_with_the_schema(
    case: Any, platform_token: Any, season: Any
) -> None:
    _real_season(case)
    case.call_and_validate(
        headers=_token_headers(case, platform_token),
        checks=WRITE_CHECKS,
    )


@pytest.mark.django_db
@writes.parametrize()
@FUZZ_SETTINGS
def test_write_endpoints_without_a_token_agree_with_the_schema(case: Any, season: Any) -> None:
    _real_round(case)
    response = case.call_and_validate(checks=ALL_CHECKS)
    assert response.status_code in (400, 401, 404, 413, 415)


@pytest.mark.django_db
@reads.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_read_endpoints_agree_with_the_schema(case: Any, season: Any) -> None:
    case.call_and_validate(checks=ALL_CHECKS)
