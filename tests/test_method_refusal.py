"""A request in a method the address does not take answers 405 with a sentence in the page's
language, naming the method refused and those the address takes (config.method_refusal)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db

SENTENCE = "This address does not answer a %(method)s request. It answers: %(allowed)s."


@pytest.mark.parametrize("language", ["en", "he", "ru"])
def test_a_refused_method_is_answered_with_a_sentence_in_the_page_language(language):
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get("/accounts/logout/")  # POST only
    assert response.status_code == 405
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    with translation.override(language):
        allowed = response["Allow"]
        expected = translation.gettext(SENTENCE) % {"method": "GET", "allowed": allowed}
    assert "POST" in allowed
    assert response.content.decode() == expected


def test_a_read_only_address_refuses_a_post_with_a_sentence():
    response = Client(HTTP_ACCEPT_LANGUAGE="en").post("/seasons/any-season/live/")
    assert response.status_code == 405
    assert response.content.decode() == (
        "This address does not answer a POST request. It answers: GET, HEAD."
    )


def test_an_api_refusal_keeps_its_own_json():
    response = Client().delete("/api/v1/seasons/")
    assert response.status_code == 405
    assert response["Content-Type"].startswith("application/json")
    assert "errors" in response.json() or "detail" in response.json()


def test_the_refusals_content_length_is_its_sentences():
    response = Client(HTTP_ACCEPT_LANGUAGE="he").get("/accounts/logout/")
    assert int(response["Content-Length"]) == len(response.content) > 0


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_browser_reopening_a_forms_address_gets_a_page_to_the_one_it_belongs_to(language):
    """A phone restoring a tab, or an address from the history, opens a form's POST
    address (here a table's dispute form): a page of the site's, in its language, with a
    button to the page the form is on."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(User.objects.create_user("reloader", password="pw-secret-123"))
    response = client.get("/tables/45/dispute/", HTTP_ACCEPT="text/html,*/*;q=0.8")
    assert response.status_code == 405
    assert response["Content-Type"] == "text/html; charset=utf-8"
    assert int(response["Content-Length"]) == len(response.content)
    page = response.content.decode()
    assert f'<html lang="{language}"' in page
    assert '<a class="button" href="/tables/45/">' in page
    with translation.override(language):
        assert translation.gettext("Open the page it belongs to") in page
        expected = translation.gettext(SENTENCE) % {"method": "GET", "allowed": response["Allow"]}
    assert expected in page


def test_a_forms_address_with_no_page_above_it_offers_the_leagues():
    response = Client().get("/accounts/logout/", HTTP_ACCEPT="text/html")
    page = response.content.decode()
    assert response.status_code == 405
    assert 'class="button"' not in page
    assert '<a href="/">Back to the leagues</a>' in page
