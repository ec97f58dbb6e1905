"""Russian is chosen by Accept-Language and by the language switch (issue 31 item 4, FORMATS.md 7):
the page is lang="ru" dir="ltr", in Russian, and the switch offers Русский on every page."""

from __future__ import annotations

import pytest
from django.conf import settings

from tests.web.test_pages import get

pytestmark = pytest.mark.django_db


def test_a_russian_browser_gets_the_pages_in_russian_left_to_right(client, make_season):
    season = make_season(players=8, rounds=3)
    for url in ("/", f"/seasons/{season.slug}/", f"/seasons/{season.slug}/rounds/1/"):
        response = get(client, url, "ru")
        page = response.content.decode()
        assert '<html lang="ru" dir="ltr">' in page, url
        assert response["Content-Language"] == "ru"
        assert "Сезоны" in page and "Рейтинги" in page, url  # the header


def test_the_league_table_reads_in_russian(client, make_season):
    season = make_season(players=8, rounds=3)
    page = get(client, f"/seasons/{season.slug}/", "ru").content.decode()
    assert "Турнирная таблица" in page
    assert "Разница" in page and "Очки" in page


def test_the_language_switch_offers_russian_and_remembers_it(client, make_season):
    season = make_season()
    page = get(client, "/").content.decode()
    assert 'href="/language/ru/?next=/"' in page and 'lang="ru"' in page and "Русский" in page
    response = client.get(f"/language/ru/?next=/seasons/{season.slug}/")
    assert response.status_code == 302 and response["Location"] == f"/seasons/{season.slug}/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ru"
    page = client.get(f"/seasons/{season.slug}/").content.decode()
    assert '<html lang="ru" dir="ltr">' in page
