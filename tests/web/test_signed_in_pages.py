"""Signed-in visitors of a public page get its kept content inside the kept layout of their
kind of visitor (web.views.render_framed), with their own CSRF token: no template rendered."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import INFO
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse

from web import page_cache

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def get(client, url):  # type: ignore[no-untyped-def]
    return client.get(url, HTTP_ACCEPT_LANGUAGE="en")


def without_token(html: str) -> str:
    return TOKEN.sub('name="csrfmiddlewaretoken" value=""', html)


def test_a_signed_in_visitor_gets_the_same_page_as_a_fresh_render_with_his_own_token(
    client, make_season, django_user_model, django_assert_num_queries
):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    client.force_login(django_user_model.objects.create_user(username="dana"))
    fresh = get(client, url).content.decode()  # rendered: the content kept
    get(client, url)  # the layout rendered around it and kept
    framed = get(client, url)
    again = get(client, url)
    assert without_token(framed.content.decode()) == without_token(fresh)
    assert [t.name for t in framed.templates] == []  # nothing rendered: all kept
    pages = (fresh, framed.content.decode(), again.content.decode())
    tokens = {TOKEN.search(page)[1] for page in pages}  # type: ignore[index]
    assert len(tokens) == 3  # masked afresh for every response, as Django does
    with django_assert_num_queries(0):  # at the door: his session and its pass are cached
        assert get(client, url).status_code == 200


def test_the_framed_pages_token_signs_the_visitor_out(make_season, django_user_model):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    client = Client(enforce_csrf_checks=True)
    client.force_login(django_user_model.objects.create_user(username="dana"))
    get(client, url)
    framed = get(client, url)
    assert "csrftoken" in framed.cookies or "csrftoken" in client.cookies
    token = TOKEN.search(framed.content.decode())[1]  # type: ignore[index]
    answer = client.post(reverse("logout"), {"csrfmiddlewaretoken": token})
    assert answer.status_code == 302
    assert "_auth_user_id" not in client.session


def test_each_kind_of_visitor_gets_his_own_navigation(client, make_season, django_user_model):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    member, staff = Client(), Client()
    member.force_login(django_user_model.objects.create_user(username="dana"))
    staff.force_login(django_user_model.objects.create_user(username="boss", is_staff=True))
    for _ in range(2):  # rendered, then framed
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


def test_flash_messages_are_shown_in_a_freshly_rendered_layout(
    client, make_season, django_user_model
):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    client.force_login(django_user_model.objects.create_user(username="dana"))
    get(client, url)
    get(client, url)  # the layout is kept
    carrier = HttpResponse()
    CookieStorage(RequestFactory().get(url))._store([Message(INFO, "Saved, thanks")], carrier)
    client.cookies["messages"] = carrier.cookies["messages"].value
    assert "Saved, thanks" in get(client, url).content.decode()
    assert "Saved, thanks" not in get(client, url).content.decode()  # shown once


def test_a_page_that_used_the_csp_nonce_is_never_kept(rf, make_season):
    season = make_season()
    request = rf.get(f"/seasons/{season.slug}/")
    request._csp_nonce = "abc"  # type: ignore[attr-defined]
    response = HttpResponse(
        '<html><title>t</title><main id="main">m</main></html>', content_type="text/html"
    )
    found = page_cache.lookup(request, frames=False)
    page_cache.keep(found, request, response, anonymous=True, known=None)
    assert page_cache.lookup(request, frames=False).page is None
    del request._csp_nonce  # type: ignore[attr-defined]
    page_cache.keep(found, request, response, anonymous=True, known=None)
    assert page_cache.lookup(request, frames=False).page is not None


def test_one_cache_round_trip_finds_the_page_and_the_layouts(
    client, make_season, django_user_model, monkeypatch
):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    client.force_login(django_user_model.objects.create_user(username="dana"))
    get(client, url)
    get(client, url)
    asked: list[object] = []
    for name in ("get", "get_many"):
        real = getattr(page_cache.cache, name)
        monkeypatch.setattr(
            page_cache.cache,
            name,
            lambda *a, _real=real, _name=name, **k: asked.append(_name) or _real(*a, **k),
        )
    assert get(client, url).status_code == 200
    assert asked.count("get_many") == 1
