"""A request in a method the address does not take answers 405 with a sentence in the page's
language, naming the method refused and those the address takes (config.method_refusal)."""

from __future__ import annotations

import pytest
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
