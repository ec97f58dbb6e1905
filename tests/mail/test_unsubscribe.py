"""The unsubscribe link (RFC 8058): its page's GET changes nothing (a mail scanner opens
links) and shows one button; a POST, the button's or a mail app's one-click POST without a
CSRF token, unsubscribes and answers 200; a forged, expired or meaningless token answers a
page that says so (400), never a 500."""

from __future__ import annotations

import re

import pytest
from django.core import signing
from django.test import Client
from django.urls import reverse

from mail.kinds import Kind
from mail.recipients import unsubscribed_kinds
from mail.tokens import SALT, unsubscribe_token
from tests.mail.support import reader

pytestmark = pytest.mark.django_db

ONE_CLICK = "List-Unsubscribe=One-Click"


def _url(token: str) -> str:
    return reverse("mail_unsubscribe", args=[token])


def _main(response) -> str:  # type: ignore[no-untyped-def]
    return response.content.decode().split('<main id="main">', 1)[1].split("</main>", 1)[0]


def test_the_pages_get_changes_nothing_and_shows_one_button(client):
    user = reader()
    response = client.get(_url(unsubscribe_token(user.pk, Kind.RESULTS)))
    assert response.status_code == 200
    main = _main(response)
    assert len(re.findall(r"<button\b", main)) == 1 and 'method="post"' in main
    assert "A round&#x27;s results" in main
    assert unsubscribed_kinds(user) == frozenset()


def test_the_one_click_post_unsubscribes_without_a_csrf_token():
    user = reader()
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        _url(unsubscribe_token(user.pk, Kind.REMINDER)),
        ONE_CLICK,
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    assert unsubscribed_kinds(user) == {Kind.REMINDER}


def test_the_pages_button_unsubscribes_once_whatever_the_repeats(client):
    user = reader()
    url = _url(unsubscribe_token(user.pk, Kind.DISPUTE))
    for _ in range(2):
        response = client.post(url)
        assert response.status_code == 200
    assert unsubscribed_kinds(user) == {Kind.DISPUTE}
    assert "Unsubscribed" in _main(response)


@pytest.mark.parametrize(
    "token",
    [
        "nonsense",
        signing.dumps({"u": 1, "k": "results"}, salt="another purpose"),
        signing.dumps({"u": 1, "k": "invitation"}, salt=SALT),  # cannot be unsubscribed
        signing.dumps({"u": 1, "k": "no-such-kind"}, salt=SALT),
        signing.dumps([1, "results"], salt=SALT),
    ],
)
def test_a_bad_token_answers_a_clear_page_not_a_500(client, token):
    for method in (client.get, client.post):
        response = method(_url(token))
        assert response.status_code == 400
        assert "This unsubscribe link does not work" in _main(response)


def test_an_expired_token_answers_a_clear_page(client, monkeypatch):
    user = reader()
    token = unsubscribe_token(user.pk, Kind.RESULTS)
    monkeypatch.setattr("mail.tokens.MAX_AGE", -1)
    response = client.post(_url(token))
    assert response.status_code == 400
    assert unsubscribed_kinds(user) == frozenset()


def test_a_token_of_a_deleted_account_answers_a_clear_page(client):
    user = reader()
    token = unsubscribe_token(user.pk, Kind.RESULTS)
    user.delete()
    assert client.post(_url(token)).status_code == 400


@pytest.mark.parametrize(
    ("language", "words"),
    [("he", "הסרה מרשימת התפוצה"), ("en", "Unsubscribe"), ("ru", "Отписаться")],
)
def test_the_page_speaks_the_visitors_language(client, language, words):
    user = reader()
    response = client.get(
        _url(unsubscribe_token(user.pk, Kind.RESULTS)), HTTP_ACCEPT_LANGUAGE=language
    )
    assert f'lang="{language}"' in response.content.decode()
    assert words in _main(response)
