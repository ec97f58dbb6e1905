"""The 404 page says what is missing in the reader's language, never the name of Django's
internal exception (config.views.page_not_found)."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "sentence"),
    [("en", "There is no page at this address."), ("he", "אין דף בכתובת הזו.")],
)
@pytest.mark.parametrize("path", ["/no-such-page/", "/tables/not-a-number/", "/links/"])
def test_the_404_page_never_names_resolver404(client, path, language, sentence):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    body = response.content.decode()
    assert "Resolver404" not in body and "tried" not in body
    assert sentence in body


def test_the_404_page_keeps_the_sentence_of_our_own_404(client):
    response = client.get("/seasons/no-such-season/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert "There is no season called “no-such-season”." in response.content.decode()
