"""The API refuses what its OpenAPI schema forbids and the schema documents what the API
answers (issue 12 item 12); tests/api/test_fuzz.py runs schemathesis with every check."""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest

from api.fields import is_slug
from games.models import Game
from league.models import League

pytestmark = pytest.mark.django_db

SUBMIT = "/api/v1/games/"


def game_body(**changes: Any) -> dict[str, Any]:
    return {
        "game_id": "g-1",
        "season": "season-10",
        "date": "2024-06-30",
        "players": [{"name": n} for n in ("Dana", "Eli", "Noa", "Omer")],
        "scores": [120, 80, 45, -10],
        **changes,
    }


def only_error(response: Any) -> tuple[str, str]:
    [problem] = response.json()["errors"]
    return problem["code"], problem["path"]


@pytest.fixture
def schema(anon: Any) -> dict[str, Any]:
    response = anon.get("/api/schema/?format=json")
    assert response.status_code == 200
    return dict(response.json())


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("offset=null", "offset"),
        ("offset=-1", "offset"),
        ("offset=1.5", "offset"),
        ("limit=true", "limit"),
        ("limit=0", "limit"),
        ("limit=", "limit"),
        ("league=", "league"),
    ],
)
def test_a_query_parameter_the_schema_forbids_is_400_naming_it(anon, season, query, parameter):
    response = anon.get(f"/api/v1/seasons/?{query}")

    assert response.status_code == 400
    assert only_error(response) == ("malformed", parameter)


def test_limit_and_offset_within_the_schema_page_as_before(anon, season):
    assert anon.get("/api/v1/seasons/?limit=1&offset=0").json()["count"] == 1
    assert len(anon.get("/api/v1/players/?limit=100000").json()["results"]) == 0


@pytest.mark.parametrize("value", ["-3510", "1", "yes", "TRUE", ""])
def test_standings_final_must_be_true_or_false(anon, season, value):
    response = anon.get(f"/api/v1/seasons/season-10/standings/?final={value}")

    assert response.status_code == 400
    assert only_error(response) == ("malformed", "final")


def test_standings_final_true_and_false_are_accepted(anon, season):
    for value, final in (("true", True), ("false", False)):
        response = anon.get(f"/api/v1/seasons/season-10/standings/?final={value}")
        assert (response.status_code, response.json()["final"]) == (200, final)


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"scores": [-60.0, 80, 45, -10]}, "scores[0]"),
        ({"scores": ["120", 80, 45, -10]}, "scores[0]"),
        ({"scores": [True, 80, 45, -10]}, "scores[0]"),
        ({"rated": "yes"}, "rated"),
        ({"rated": 1}, "rated"),
        ({"round": 1.0}, "round"),
        ({"game_id": 123}, "game_id"),
        ({"season": 10}, "season"),
        ({"season": "season 10"}, "season"),
        ({"season": "season-10\n"}, "season"),
        ({"game_id": "\u2003 "}, "game_id"),
        (
            {"players": [{"name": 5}, {"name": "Eli"}, {"name": "Noa"}, {"name": "Omer"}]},
            "players[0].name",
        ),
    ],
)
def test_a_body_field_of_the_wrong_json_type_is_400_naming_it(platform, season, changes, path):
    response = platform.post(SUBMIT, game_body(**changes), format="json")

    assert response.status_code == 400
    assert only_error(response) == ("malformed", path)
    assert not Game.objects.exists()


@pytest.mark.parametrize("changes", [{"seed": 4.0}, {"seed": "4"}, {"publish": "true"}])
def test_a_draw_body_of_the_wrong_json_type_is_400(organizer_client, season, changes):
    response = organizer_client.post(
        "/api/v1/seasons/season-10/rounds/1/draw/", changes, format="json"
    )

    assert response.status_code == 400
    assert only_error(response)[1] == next(iter(changes))


def test_unicode_slugs_are_slugs_for_the_api_and_for_the_schema(anon, season, schema):
    League.objects.create(name="ליגת הווינט", slug="ליגת-הווינט")
    pattern = schema["components"]["schemas"]["League"]["properties"]["slug"]["pattern"]
    slug_schema = jsonschema_rs.validator_for({"type": "string", "pattern": pattern})

    for slug in ("ליגת-הווינט", "whist_online-2", "ñandú", "лига"):
        assert is_slug(slug) and slug_schema.is_valid(slug), slug
    for not_slug in ("a b", "semi;colon", "a\n", ""):
        assert not is_slug(not_slug) and not slug_schema.is_valid(not_slug), repr(not_slug)
    assert anon.get("/api/v1/seasons/", {"league": "ליגת-הווינט"}).status_code == 200
    leagues = anon.get("/api/v1/leagues/").json()["results"]
    assert all(slug_schema.is_valid(league["slug"]) for league in leagues)


def test_every_api_operation_documents_its_error_answers(schema):
    for path, operations in schema["paths"].items():
        if not path.startswith("/api/v1/"):
            continue
        for method, operation in operations.items():
            documented = set(operation["responses"])
            expected = {"400", "401", "404", "413", "429"}
            if method == "post":
                expected |= {"403", "409", "415"}
            assert expected <= documented, (method, path, expected - documented)
            error = operation["responses"]["400"]["content"]["application/json"]["schema"]
            assert error == {"$ref": "#/components/schemas/ErrorList"}


def test_an_unknown_address_with_a_newline_is_a_json_404(anon):
    response = anon.get("/api/v1/seasons/a%0Ab/rounds/true/")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert only_error(response) == ("not_found", "")


def _accepts_null(field_schema: dict[str, Any], schema: dict[str, Any]) -> bool:
    """True if an OpenAPI 3.0 property schema allows `null` (`nullable`, or no type at all)."""
    whole = {**field_schema, "components": schema["components"]}
    return bool(field_schema.get("nullable")) or jsonschema_rs.validator_for(whole).is_valid(None)


@pytest.mark.parametrize("field", ["season", "record", "league", "round", "scores", "players"])
def test_a_field_the_api_refuses_as_null_is_not_nullable_in_the_schema(
    platform, season, schema, field
):
    properties = schema["components"]["schemas"]["GameSubmission"]["properties"]
    body = game_body(**{field: None})
    if field == "record":
        body.pop("scores")

    response = platform.post(SUBMIT, body, format="json")

    assert response.status_code == 400
    assert only_error(response) == ("malformed", field)
    assert not _accepts_null(properties[field], schema), properties[field]


def test_the_schema_says_a_game_record_is_a_json_object(platform, season, schema):
    record = schema["components"]["schemas"]["GameSubmission"]["properties"]["record"]
    body = game_body(record=[1, 2])
    body.pop("scores")

    response = platform.post(SUBMIT, body, format="json")

    assert record["type"] == "object"
    assert response.status_code == 400
    assert only_error(response) == ("malformed", "record")
