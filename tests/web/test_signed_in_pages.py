"""Signed-in visitors of a public page (issue 28 item 1): `private, no-cache`, their own
header, CSRF token and messages rendered for them, the page's heavy part from the template
fragment cache, keyed by its version, its language and what the viewer may see."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import INFO
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse

from league.actions.rounds import create_round
from web import views

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def get(client, url, language="en", **headers):  # type: ignore[no-untyped-def]
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)


def without_token(html: str) -> str:
    return TOKEN.sub('name="csrfmiddlewaretoken" value=""', html)


@pytest.fixture
def renders(monkeypatch):  # type: ignore[no-untyped-def]
    """The seasons whose league table fragment was rendered (its snapshot read)."""
    rendered: list[str] = []
    real = views.season_parts

    def counted(request, season):  # type: ignore[no-untyped-def]
        rendered.append(season.slug)
        return real(request, season)

    monkeypatch.setattr(views, "season_parts", counted)
    return rendered


def test_a_signed_in_page_is_private_and_never_answered_304(client, make_season, django_user_model):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    public = get(Client(), url)
    client.force_login(django_user_model.objects.create_user(username="dana"))
    response = get(client, url, HTTP_IF_NONE_MATCH=public["ETag"])
    assert response.status_code == 200  # the anonymous page's ETag is not his page's
    assert response["Cache-Control"] == "private, no-cache"
    assert not response.has_header("ETag")
    assert "Log out" in response.content.decode()


def test_the_heavy_part_comes_from_the_fragment_cache_with_a_fresh_token_each_time(
    client, make_season, django_user_model, renders
):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    client.force_login(django_user_model.objects.create_user(username="dana"))
    first, second = get(client, url).content.decode(), get(client, url).content.decode()
    assert renders == [season.slug]  # the second visit read no snapshot
    assert without_token(first) == without_token(second)
    assert TOKEN.search(first)[1] != TOKEN.search(second)[1]  # type: ignore[index]


def test_the_fragment_follows_the_seasons_version(client, make_season, django_user_model, renders):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    client.force_login(django_user_model.objects.create_user(username="dana"))
    get(client, url)
    create_round(season, 7, season.end)
    page = get(client, url).content.decode()
    assert renders == [season.slug, season.slug] and "/rounds/7/" in page


def test_an_organizers_fragment_is_never_a_players(make_season, django_user_model, renders):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    player, organizer = Client(), Client()
    player.force_login(django_user_model.objects.create_user(username="dana"))
    organizer.force_login(django_user_model.objects.create_user(username="boss", is_staff=True))
    get(player, url)
    get(organizer, url)
    get(player, url)
    get(organizer, url)
    assert renders == [season.slug, season.slug]  # one fragment each, each kept
    assert player.get(url).wsgi_request.page_fragments != (  # type: ignore[attr-defined]
        organizer.get(url).wsgi_request.page_fragments  # type: ignore[attr-defined]
    )


def test_a_fragment_is_never_given_in_another_language(client, make_season, renders):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    english = get(client, url).content.decode()
    hebrew = get(client, url, language="he").content.decode()
    assert renders == [season.slug, season.slug]
    assert "League table" in english and "טבלת הליגה" in hebrew and "League table" not in hebrew


def test_the_pages_token_signs_the_visitor_out(make_season, django_user_model):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    client = Client(enforce_csrf_checks=True)
    client.force_login(django_user_model.objects.create_user(username="dana"))
    get(client, url)
    page = get(client, url)
    token = TOKEN.search(page.content.decode())[1]  # type: ignore[index]
    answer = client.post(reverse("logout"), {"csrfmiddlewaretoken": token})
    assert answer.status_code == 302
    assert "_auth_user_id" not in client.session


def test_each_kind_of_visitor_gets_his_own_navigation(make_season, django_user_model):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    member, staff = Client(), Client()
    member.force_login(django_user_model.objects.create_user(username="dana"))
    staff.force_login(django_user_model.objects.create_user(username="boss", is_staff=True))
    for _ in range(2):  # rendered, then from the fragment cache
        member_page = get(member, url).content.decode()
        staff_page = get(staff, url).content.decode()
        assert reverse("manage:index") in staff_page
        assert reverse("manage:index") not in member_page
        assert "Log out" in member_page and "Log out" in staff_page
    # an organizer known from the sign-in (accounts.signin puts it in the session)
    session = member.session
    session["organizes"] = True
    session.save()
    assert reverse("manage:index") in get(member, url).content.decode()


def test_flash_messages_are_shown_once(client, make_season, django_user_model):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    client.force_login(django_user_model.objects.create_user(username="dana"))
    get(client, url)
    carrier = HttpResponse()
    CookieStorage(RequestFactory().get(url))._store([Message(INFO, "Saved, thanks")], carrier)
    client.cookies["messages"] = carrier.cookies["messages"].value
    assert "Saved, thanks" in get(client, url).content.decode()
    assert "Saved, thanks" not in get(client, url).content.decode()  # shown once


def test_pages_render_with_every_fragment_lost(client, make_season, django_user_model):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    client.force_login(django_user_model.objects.create_user(username="dana"))
    kept = without_token(get(client, url).content.decode())
    cache.clear()  # a restarted cache
    assert without_token(get(client, url).content.decode()) == kept
