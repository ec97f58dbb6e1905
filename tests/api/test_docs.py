"""The OpenAPI schema and its docs pages, served from our own static files (no CDN)."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_openapi_schema_lists_every_endpoint(anon):
    response = anon.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in [
        "/api/v1/leagues/",
        "/api/v1/seasons/{slug}/",
        "/api/v1/seasons/{season}/rounds/{number}/",
        "/api/v1/seasons/{season}/standings/",
        "/api/v1/seasons/{season}/rounds/{number}/registrations/",
        "/api/v1/seasons/{season}/rounds/{number}/draw/",
        "/api/v1/players/",
        "/api/v1/games/",
        "/api/v1/games/{id}/",
    ]:
        assert path in paths
    submit = paths["/api/v1/games/"]["post"]
    assert {"201", "400", "401", "403", "409", "413", "429"} <= set(submit["responses"])
    assert response.json()["components"]["securitySchemes"]["platformToken"]["scheme"] == "bearer"


@pytest.mark.parametrize(
    ("address", "asset"),
    [
        ("/api/docs/", "drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"),
        ("/api/redoc/", "drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"),
    ],
)
def test_docs_pages_load_their_assets_from_our_static_files(anon, address, asset):
    response = anon.get(address)
    assert response.status_code == 200
    page = response.content.decode()
    assert f"/static/{asset}" in page
    assert "cdn.jsdelivr.net" not in page
    assert finders.find(asset) is not None


def test_browsable_api_renders_html(anon, season):
    response = anon.get("/api/v1/seasons/", HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    assert b"season-10" in response.content
