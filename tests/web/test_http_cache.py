"""HTTP caching of the public pages, the web's way (issue 28 item 1, web.http_cache): a
visitor without a session gets `public, max-age=0, s-maxage=N, stale-while-revalidate=M`
and the page's version as its ETag; an If-None-Match that holds it is answered 304 before
anything is rendered, in one query."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.test.signals import template_rendered

from league.actions.registration import register_player
from league.models import Player, Round
from tests.roundsupport import FAR_SUNDAY
from web import views
from web.http_cache import PUBLIC_ANSWER, PublicPageMiddleware

pytestmark = pytest.mark.django_db

PUBLIC_PAGES = {
    "home": lambda season, player: "/",
    "archive": lambda season, player: "/seasons/",
    "season": lambda season, player: f"/seasons/{season.slug}/",
    "season-sorted": lambda season, player: f"/seasons/{season.slug}/?sort=-gap",
    "rules": lambda season, player: f"/seasons/{season.slug}/rules/",
    "round": lambda season, player: f"/seasons/{season.slug}/rounds/2/",
    "player": lambda season, player: f"/players/{player.slug}/",
    "ratings": lambda season, player: "/ratings/",
    "head-to-head": lambda season, player: f"/players/{player.slug}/vs/player-001/",
}


def get(client, url, language="en", **headers):  # type: ignore[no-untyped-def]
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)


@pytest.fixture
def site(make_season):  # type: ignore[no-untyped-def]
    season = make_season()
    return season, Player.objects.order_by("name").first()


@pytest.fixture
def rendered():  # type: ignore[no-untyped-def]
    """The templates rendered from here on."""
    names: list[str] = []

    def seen(sender, template, **kwargs):  # type: ignore[no-untyped-def]
        names.append(template.name)

    template_rendered.connect(seen)
    yield names
    template_rendered.disconnect(seen)


@pytest.mark.parametrize("page", list(PUBLIC_PAGES))
def test_a_public_page_may_be_kept_by_a_shared_cache_and_is_revalidated(client, site, page):
    response = get(client, PUBLIC_PAGES[page](*site))
    assert response.status_code == 200
    assert response["Cache-Control"] == ("public, max-age=0, s-maxage=1, stale-while-revalidate=30")
    assert response["ETag"].startswith('"') and response["ETag"].endswith('"')
    vary = {part.strip().lower() for part in response["Vary"].split(",")}
    assert "accept-language" in vary  # the language is taken from it
    assert "cookie" not in vary  # the proxy's key holds the language, not the whole cookie
    assert not response.cookies


@pytest.mark.parametrize("page", list(PUBLIC_PAGES))
def test_a_held_version_is_answered_304_in_one_query_without_rendering(
    client, site, page, django_assert_num_queries, rendered, monkeypatch
):
    url = PUBLIC_PAGES[page](*site)
    first = get(client, url)
    monkeypatch.setattr(views, "render", None)  # the views render nothing: never called
    rendered.clear()
    with django_assert_num_queries(1):  # the page's version
        again = get(client, url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert rendered == []
    assert again["ETag"] == first["ETag"]
    assert again["Cache-Control"] == first["Cache-Control"]
    assert again["X-Content-Type-Options"] == "nosniff"  # it passed the security middleware


def test_head_is_answered_like_get(client, site):
    url = PUBLIC_PAGES["season"](*site)
    first = client.head(url)
    assert first.status_code == 200 and first["ETag"]
    assert client.head(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_another_language_is_another_etag(client, site):
    url = PUBLIC_PAGES["season"](*site)
    english, hebrew = get(client, url), get(client, url, language="he")
    assert english["ETag"] != hebrew["ETag"]
    assert get(client, url, language="he", HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200


def test_the_shared_caches_lifetimes_are_settings(client, site, settings):
    settings.PUBLIC_PAGE_S_MAXAGE, settings.PUBLIC_PAGE_STALE = 5, 60
    response = get(client, PUBLIC_PAGES["season"](*site))
    assert response["Cache-Control"] == "public, max-age=0, s-maxage=5, stale-while-revalidate=60"


def test_a_new_build_is_a_new_etag(client, site, settings):
    url = PUBLIC_PAGES["season"](*site)
    before = get(client, url)
    settings.BUILD_ID = "next-release"
    assert get(client, url, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 200


def test_a_missing_page_is_not_kept_as_public(client, site):
    response = get(client, "/seasons/no-such-season/")
    assert response.status_code == 404
    assert "public" not in response.get("Cache-Control", "")
    assert not response.has_header("ETag")


def test_a_registration_and_a_result_reach_a_phone_holding_the_round_page(client, site):
    season, _player = site
    round_ = Round.objects.create(season=season, number=4, date=FAR_SUNDAY)
    url = f"/seasons/{season.slug}/rounds/4/"
    before = get(client, url)
    assert "Nobody has registered yet." in before.content.decode()
    register_player(round_, Player.objects.order_by("name").first())  # type: ignore[arg-type]
    after = get(client, url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and "1 player registered" in after.content.decode()


def test_a_signed_in_visitors_page_is_private(client, site, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="dana"))
    response = get(client, PUBLIC_PAGES["season"](*site))
    assert response["Cache-Control"] == "private, no-cache"
    assert "Cookie" in response["Vary"]  # his session's page


def test_a_visitor_with_flash_messages_waiting_gets_a_private_page(site):
    client = Client()
    client.cookies["messages"] = "anything"
    response = get(client, PUBLIC_PAGES["home"](*site))
    assert response["Cache-Control"] == "private, no-cache"


def test_a_public_answer_that_took_a_cookie_or_a_token_turns_private():
    def answer_with(cookie: bool):  # type: ignore[no-untyped-def]
        def view(request):  # type: ignore[no-untyped-def]
            response = HttpResponse("page")
            response["Cache-Control"] = "public, max-age=0, s-maxage=10"
            response["ETag"] = '"v1"'
            response["Vary"] = "Accept-Language, Cookie"
            setattr(response, PUBLIC_ANSWER, True)
            if cookie:
                response.set_cookie("csrftoken", "x")
            return response

        return PublicPageMiddleware(view)(RequestFactory().get("/"))

    kept = answer_with(cookie=False)
    assert kept["Vary"] == "Accept-Language" and kept["ETag"] == '"v1"'
    own = answer_with(cookie=True)
    assert own["Cache-Control"] == "private, no-cache" and not own.has_header("ETag")
