"""Kept public pages are answered at the door (web.page_door): the same bytes and headers
the whole stack gave, for anonymous visitors only, never stale, never a secret."""

from __future__ import annotations

import gzip
import time

import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client, RequestFactory

from core.kept_bytes import KeptBytes
from league.models import Round
from web import page_cache, page_door

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def headers_of(response: HttpResponse) -> dict[str, str]:
    return {name: value for name, value in response.items() if name != "Date"}


def test_a_kept_page_is_answered_at_the_door_with_the_same_bytes_and_headers(
    client, make_season, no_view, django_assert_num_queries
):
    season = make_season(players=12, rounds=3)
    first = client.get(f"/seasons/{season.slug}/")
    no_view()
    with django_assert_num_queries(0):
        again = client.get(f"/seasons/{season.slug}/")
    assert again.status_code == 200
    assert again.content == first.content
    assert headers_of(again) | {"Content-Length": ""} == headers_of(first) | {"Content-Length": ""}
    assert again["Content-Length"] == str(len(first.content))
    assert "Content-Security-Policy" in again and "X-Frame-Options" in again


def test_a_change_to_the_data_moves_the_door_on(client, make_season):
    season = make_season(players=8, rounds=2)
    assert "Round 3" not in client.get(f"/seasons/{season.slug}/").content.decode()
    Round.objects.create(season=season, number=3, date="2099-07-14")
    assert "Round 3" in client.get(f"/seasons/{season.slug}/").content.decode()


def test_each_language_and_encoding_has_its_own_answer(client, make_season, no_view):
    season = make_season(players=8, rounds=2)
    address = f"/seasons/{season.slug}/"
    english = client.get(address, HTTP_ACCEPT_LANGUAGE="en")
    hebrew = client.get(address, HTTP_ACCEPT_LANGUAGE="he")
    zipped = client.get(address, HTTP_ACCEPT_LANGUAGE="he", **GZIP)
    no_view()
    assert client.get(address, HTTP_ACCEPT_LANGUAGE="en").content == english.content
    assert client.get(address, HTTP_ACCEPT_LANGUAGE="he").content == hebrew.content
    again = client.get(address, HTTP_ACCEPT_LANGUAGE="he", **GZIP)
    assert again["Content-Encoding"] == "gzip"
    assert gzip.decompress(again.content) == hebrew.content == gzip.decompress(zipped.content)
    assert english.content != hebrew.content
    assert english["Content-Language"] == "en" and hebrew["Content-Language"] == "he"


def test_a_signed_in_visitor_passes_the_door(client, make_season, django_user_model):
    season = make_season(players=8, rounds=2)
    client.get(f"/seasons/{season.slug}/")  # kept for anonymous visitors
    user = django_user_model.objects.create_user("visitor", password="secret-enough-1")
    client.force_login(user)
    response = client.get(f"/seasons/{season.slug}/")
    assert response.status_code == 200
    assert "csrfmiddlewaretoken" in response.content.decode()  # his own sign-out form
    assert "Content-Encoding" not in response


def test_the_door_answers_not_modified_to_a_visitor_holding_the_page(client, make_season, no_view):
    season = make_season(players=8, rounds=2)
    first = client.get(f"/seasons/{season.slug}/")
    no_view()
    again = client.get(f"/seasons/{season.slug}/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]


def test_the_doors_not_modified_carries_the_headers_of_the_normal_paths(
    make_season, settings, no_view
):
    season = make_season(players=8, rounds=2)
    settings.SECURE_HSTS_SECONDS = 3600
    client = Client()
    url = f"/seasons/{season.slug}/"
    first = client.get(url, secure=True)
    cache.clear()  # nothing kept: the next answer comes from the view, through the stack
    before = client.get(url, secure=True, HTTP_IF_NONE_MATCH=first["ETag"])
    client.get(url, secure=True)  # kept at the door
    no_view()
    door = client.get(url, secure=True, HTTP_IF_NONE_MATCH=first["ETag"])
    assert door.status_code == before.status_code == 304
    for name in (
        "Strict-Transport-Security",
        "Content-Security-Policy",
        "X-Frame-Options",
        "X-Content-Type-Options",
        "Cache-Control",
        "Content-Language",
    ):
        assert door[name] == before[name], name
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in door["Vary"].split(",")}
    assert "Content-Type" not in door


def test_a_kept_answer_lives_only_as_long_as_the_page_cache_would_keep_its_data():
    now = time.time()
    assert page_cache.PAGE_TTL - 1 <= page_door.lifetime(now) <= page_cache.PAGE_TTL
    assert page_door.lifetime(now - 25) <= page_cache.PAGE_TTL - 25
    assert page_door.lifetime(now - 600) == 1


def test_addresses_that_are_not_public_pages_cost_no_cache_round_trip(client, monkeypatch):
    def refused(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the door asked the cache")

    monkeypatch.setattr(page_door, "read", refused)
    assert client.get("/healthz").status_code == 200
    assert client.get("/api/v1/seasons/").status_code in (200, 401, 403, 404)
    assert client.get("/no-such-page/").status_code == 404


def test_a_refused_host_is_refused_as_before(client, make_season):
    season = make_season(players=8, rounds=2)
    client.get(f"/seasons/{season.slug}/")
    assert client.get(f"/seasons/{season.slug}/", HTTP_HOST="evil.example").status_code == 400


def test_an_insecure_request_is_redirected_as_before(make_season, settings):
    season = make_season(players=8, rounds=2)
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 3600
    client = Client()  # its middleware reads the settings above
    secure = client.get(f"/seasons/{season.slug}/", secure=True)
    assert secure.status_code == 200 and "Strict-Transport-Security" in secure
    response = client.get(f"/seasons/{season.slug}/")
    assert response.status_code == 301
    assert response["Location"].startswith("https://")
    again = client.get(f"/seasons/{season.slug}/", secure=True)
    assert again.content == secure.content and "Strict-Transport-Security" in again


def test_a_plain_http_answer_is_never_given_to_a_secure_request(make_season, settings):
    season = make_season(players=8, rounds=2)
    settings.SECURE_HSTS_SECONDS = 3600
    client = Client()
    assert "Strict-Transport-Security" not in client.get(f"/seasons/{season.slug}/")
    assert "Strict-Transport-Security" in client.get(f"/seasons/{season.slug}/", secure=True)


def test_pages_pass_the_door_while_the_cache_is_down(client, make_season, cache_down):
    season = make_season(players=8, rounds=2)
    client.get(f"/seasons/{season.slug}/")
    cache_down()
    response = client.get(f"/seasons/{season.slug}/")
    assert response.status_code == 200
    assert season.slug in response.content.decode()


def test_another_process_serves_the_kept_bytes_from_the_shared_cache(client, make_season, no_view):
    season = make_season(players=8, rounds=2)
    first = client.get(f"/seasons/{season.slug}/")
    page_door.bodies.clear()  # as a process that never rendered it
    no_view()
    assert client.get(f"/seasons/{season.slug}/").content == first.content


def test_bytes_whose_hash_does_not_match_are_never_served(client, make_season):
    season = make_season(players=8, rounds=2)
    first = client.get(f"/seasons/{season.slug}/")
    page_door.bodies.clear()
    for key in list(cache._cache):  # type: ignore[attr-defined]  # the tests' LocMemCache
        if page_door.BODY_PREFIX in key:
            cache.set(key.split(":", 2)[-1], b"tampered", timeout=60)
    again = client.get(f"/seasons/{season.slug}/")
    assert again.content == first.content


def test_only_shared_answers_without_cookies_tokens_or_nonces_are_kept():
    factory = RequestFactory()
    key = f"{page_door.ENTRY_PREFIX}en:id:x"

    def shared_request():  # type: ignore[no-untyped-def]
        request = factory.get("/seasons/x/")
        page_door.mark_shared(request, time.time())
        return request

    def page() -> HttpResponse:
        response = HttpResponse("<html></html>")
        response["Content-Language"] = "en"
        response["Vary"] = "Accept-Language, Cookie, Accept-Encoding"
        return response

    assert page_door.keepable(shared_request(), page(), key)
    assert not page_door.keepable(factory.get("/seasons/x/"), page(), key)  # not marked
    assert not page_door.keepable(shared_request(), page(), f"{page_door.ENTRY_PREFIX}he:id:x")
    with_cookie = page()
    with_cookie.set_cookie("csrftoken", "x")
    assert not page_door.keepable(shared_request(), with_cookie, key)
    token = shared_request()
    token.META["CSRF_COOKIE_NEEDS_UPDATE"] = True
    assert not page_door.keepable(token, page(), key)
    nonce = shared_request()
    nonce._csp_nonce = "abc"
    assert not page_door.keepable(nonce, page(), key)
    by_agent = page()
    by_agent["Vary"] = "User-Agent"
    assert not page_door.keepable(shared_request(), by_agent, key)
    missing = page()
    missing.status_code = 404
    assert not page_door.keepable(shared_request(), missing, key)


def test_a_process_keeps_bodies_within_its_byte_limit():
    assert isinstance(page_door.bodies, KeptBytes)
    assert page_door.bodies.limit == page_door.PROCESS_BYTES


def test_the_generation_a_page_was_read_at_is_the_one_it_is_kept_at(client, make_season):
    season = make_season(players=8, rounds=2)
    client.get(f"/seasons/{season.slug}/")
    key = next(k for k in cache._cache if page_door.ENTRY_PREFIX in k)  # type: ignore[attr-defined]
    entry = cache.get(key.split(":", 2)[-1])
    assert isinstance(entry, page_door.Entry)
    assert entry.generation == page_cache.generation()
