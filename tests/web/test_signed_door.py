"""Signed-in visitors' public pages at the door (web.signed_door): the shared page in his
kind's layout with his own token, only after the checks Django's middleware makes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import update_last_login
from django.contrib.sessions.backends.cached_db import KEY_PREFIX
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from config.sessions import DOOR_PASS_PREFIX
from web import signed_door

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SIGNED_IN = "Log out"


def warm(client: Client, url: str) -> str:
    """The visits that keep the page, its layout and the answer at the door."""
    for _ in range(3):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    return page.content.decode()


def token_of(html: str) -> str:
    found = TOKEN.search(html)
    assert found is not None, "no CSRF token in the page"
    return found[1]


def signed_in_client(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


@dataclass
class Phone:
    """Dana's phone, signed in, after the visits that keep the season page at the door."""

    client: Client
    url: str
    user: Any
    page: str

    def get(self) -> str:
        return self.client.get(self.url).content.decode()

    @property
    def session_key(self) -> str:
        return self.client.cookies["sessionid"].value

    def goes_the_normal_way(self, no_view) -> None:  # type: ignore[no-untyped-def]
        """His next visit reaches the view (the door did not answer it)."""
        no_view()
        with pytest.raises(AssertionError, match="past the door"):
            self.client.get(self.url)


@pytest.fixture
def phone(make_season, django_user_model) -> Phone:  # type: ignore[no-untyped-def]
    season = make_season()
    url = f"/seasons/{season.slug}/"
    user = django_user_model.objects.create_user(username="dana", password="first-pass-1")
    client = signed_in_client(user)
    return Phone(client, url, user, warm(client, url))


def test_a_signed_in_visitor_is_answered_at_the_door_with_his_own_token(
    make_season, django_user_model, no_view, django_assert_num_queries
):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    client = signed_in_client(django_user_model.objects.create_user(username="dana"))
    framed = warm(client, url)
    no_view()
    with django_assert_num_queries(0):
        door = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert token_of(door) != token_of(framed)
    assert door.replace(token_of(door), "") == framed.replace(token_of(framed), "")
    assert SIGNED_IN in door
    # the token is his: it signs him out
    answer = client.post(reverse("logout"), {"csrfmiddlewaretoken": token_of(door)})
    assert answer.status_code == 302


def test_another_visitor_of_the_same_kind_gets_his_own_token(make_season, django_user_model):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    dana = signed_in_client(django_user_model.objects.create_user(username="dana"))
    eli = signed_in_client(django_user_model.objects.create_user(username="eli"))
    warm(dana, url)
    warm(eli, url)
    page = eli.get(url).content.decode()
    answer = eli.post(reverse("logout"), {"csrfmiddlewaretoken": token_of(page)})
    assert answer.status_code == 302
    assert "csrftoken" in eli.cookies and eli.cookies["csrftoken"] != dana.cookies["csrftoken"]


def test_an_organizer_gets_the_organizers_layout_and_a_member_does_not(
    make_season, django_user_model
):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    member = signed_in_client(django_user_model.objects.create_user(username="dana"))
    staff = signed_in_client(django_user_model.objects.create_user(username="boss", is_staff=True))
    organizer = signed_in_client(django_user_model.objects.create_user(username="org"))
    session = organizer.session
    session["organizes"] = True
    session.save()
    for client in (member, staff, organizer):
        warm(client, url)
    manage = reverse("manage:index")
    assert manage not in member.get(url).content.decode()
    assert manage in staff.get(url).content.decode()
    assert manage in organizer.get(url).content.decode()
    assert manage not in member.get(url).content.decode()


def test_a_password_change_signs_his_other_sessions_out_of_the_door(phone):
    assert SIGNED_IN in phone.page
    phone.user.set_password("second-pass-2")
    phone.user.save()
    assert SIGNED_IN not in phone.get()


def test_a_deactivated_user_is_not_served_at_the_door(phone):
    assert SIGNED_IN in phone.page
    phone.user.is_active = False
    phone.user.save()
    assert SIGNED_IN not in phone.get()


def test_signing_out_ends_the_door_pages(phone):
    phone.client.post(reverse("logout"), {"csrfmiddlewaretoken": token_of(phone.page)})
    assert SIGNED_IN not in phone.get()


def test_waiting_flash_messages_pass_the_door(phone, no_view):
    session = phone.client.session
    session["_messages"] = "[]"  # what the messages' session storage leaves
    session.save()
    phone.goes_the_normal_way(no_view)


def test_a_visitor_without_a_csrf_cookie_passes_the_door_and_gets_one(phone):
    del phone.client.cookies["csrftoken"]
    response = phone.client.get(phone.url)
    assert "csrftoken" in response.cookies
    assert SIGNED_IN in response.content.decode()


def test_a_session_without_a_pass_is_checked_the_normal_way_and_gets_one(
    phone, django_assert_max_num_queries, no_view
):
    cache.delete_many([KEY_PREFIX + phone.session_key, DOOR_PASS_PREFIX + phone.session_key])
    with django_assert_max_num_queries(3):  # the session row and the user
        page = phone.get()
    assert SIGNED_IN in page
    assert isinstance(cache.get(DOOR_PASS_PREFIX + phone.session_key), signed_door.Pass)
    no_view()
    assert SIGNED_IN in phone.get()


def test_a_pass_whose_session_is_gone_from_the_cache_is_not_honoured(phone, no_view):
    # as a sign-out elsewhere that raced the request that left the pass
    cache.delete(KEY_PREFIX + phone.session_key)
    phone.goes_the_normal_way(no_view)


def test_a_pass_for_another_hash_of_the_password_is_not_honoured(phone, no_view):
    key = DOOR_PASS_PREFIX + phone.session_key
    held = cache.get(key)
    assert isinstance(held, signed_door.Pass)
    cache.set(key, signed_door.Pass(held.users, held.user_id, "another-hash", held.staff))
    phone.goes_the_normal_way(no_view)


def test_any_change_to_a_user_makes_every_pass_worthless(phone, django_user_model, no_view):
    other = django_user_model.objects.create_user(username="eli")
    other.first_name = "Eli"
    other.save()
    phone.goes_the_normal_way(no_view)


def test_a_sign_in_elsewhere_leaves_the_passes_alone(make_season, django_user_model, no_view):
    season = make_season()
    url = f"/seasons/{season.slug}/"
    other = django_user_model.objects.create_user(username="eli")
    phone = signed_in_client(django_user_model.objects.create_user(username="dana"))
    warm(phone, url)
    signed_in_client(other)  # a sign-in saves his last_login
    update_last_login(None, other)
    no_view()
    assert SIGNED_IN in phone.get(url).content.decode()


def test_a_session_that_changed_since_its_pass_goes_the_normal_way(phone, no_view):
    session = phone.client.session
    session["organizes"] = True
    session.save()
    phone.goes_the_normal_way(no_view)


def test_the_door_passes_signed_in_visitors_on_while_the_cache_is_down(phone, cache_down):
    cache_down()
    response = phone.client.get(phone.url)
    assert response.status_code == 200
    assert SIGNED_IN in response.content.decode()
