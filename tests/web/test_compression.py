"""Smaller pages: public pages gzipped for anonymous visitors only (BREACH), hashed static
files cached for a year."""

from __future__ import annotations

import gzip

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.templatetags.static import static
from django.test import RequestFactory
from whitenoise.middleware import WhiteNoiseMiddleware

from league.actions.rounds import create_round

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def test_a_public_page_is_gzipped_for_an_anonymous_visitor(client, make_season):
    season = make_season("season-10", players=40, rounds=6)
    plain = client.get(f"/seasons/{season.slug}/")
    response = client.get(f"/seasons/{season.slug}/", **GZIP)
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    assert gzip.decompress(response.content) == plain.content
    assert len(response.content) < len(plain.content) / 4


def test_the_browsers_gzipped_copy_is_revalidated_by_its_weak_etag(client, make_season):
    season = make_season("season-10", players=40, rounds=6)
    plain = client.get(f"/seasons/{season.slug}/")
    first = client.get(f"/seasons/{season.slug}/", **GZIP)
    assert first["ETag"] == f"W/{plain['ETag']}"  # GZipMiddleware weakens it
    assert first["Content-Length"] == str(len(first.content))
    unchanged = client.get(f"/seasons/{season.slug}/", HTTP_IF_NONE_MATCH=first["ETag"], **GZIP)
    assert unchanged.status_code == 304


def test_a_changed_page_is_compressed_afresh(client, make_season):
    season = make_season("season-10", players=40, rounds=6)
    before = client.get(f"/seasons/{season.slug}/", **GZIP)
    create_round(season, 7, season.end)
    after = client.get(f"/seasons/{season.slug}/", HTTP_IF_NONE_MATCH=before["ETag"], **GZIP)
    assert after.status_code == 200
    assert b"/rounds/7/" in gzip.decompress(after.content)
    assert after["ETag"] != before["ETag"]


def test_a_signed_in_visitor_gets_the_page_uncompressed(client, make_season):
    season = make_season("season-10")
    user = get_user_model().objects.create_user("dana", password="pw-secret-123")
    client.force_login(user)
    response = client.get(f"/seasons/{season.slug}/", **GZIP)
    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")


def test_a_page_with_a_csrf_token_is_never_compressed(client, db):
    response = client.get("/accounts/login/", **GZIP)
    assert response.status_code == 200
    assert b"csrfmiddlewaretoken" in response.content
    assert not response.has_header("Content-Encoding")


def test_hashed_static_files_are_cached_for_a_year(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    settings.WHITENOISE_USE_FINDERS = False
    call_command("collectstatic", interactive=False, verbosity=0)
    url = static("web/site.css")
    assert url != f"{settings.STATIC_URL}web/site.css"  # the name carries the content hash
    middleware = WhiteNoiseMiddleware(lambda request: None)
    response = middleware(RequestFactory().get(f"/{url.lstrip('/')}"))
    assert response.status_code == 200
    cache_control = response["Cache-Control"]
    assert "immutable" in cache_control
    assert int(cache_control.split("max-age=")[1].split(",")[0]) >= 31_536_000
