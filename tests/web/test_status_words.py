"""A status word agrees with its noun in Hebrew (issue 27 item 10): a finished round (מחזור,
masculine) "הסתיים", a finished season (עונה, feminine) "הסתיימה"."""

import re

import pytest
from django.utils import translation

from league.models import Round, Season

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A Hebrew request leaves Hebrew active in this thread; later tests expect English."""
    yield
    translation.activate("en")


def status_of(html: str, before: str) -> str:
    """The text of the <dd> that follows the <dt> reading `before`."""
    match = re.search(rf"<dt>{before}</dt><dd>([^<]*)</dd>", html)
    assert match, f"no {before!r} row"
    return match.group(1)


def test_a_finished_round_is_masculine_and_a_finished_season_feminine_in_hebrew(
    client, make_season
):
    season = make_season(status=Season.Status.FINISHED)
    assert season.status == Season.Status.FINISHED
    assert Round.objects.filter(season=season, status=Round.Status.FINISHED).exists()
    round_page = client.get("/seasons/season-10/rounds/1/", HTTP_ACCEPT_LANGUAGE="he")
    assert status_of(round_page.content.decode(), "מצב") == "הסתיים"
    season_page = client.get("/seasons/season-10/", HTTP_ACCEPT_LANGUAGE="he")
    assert "· הסתיימה" in season_page.content.decode()


def test_status_words_stay_finished_in_english(client, make_season):
    make_season(status=Season.Status.FINISHED)
    round_page = client.get("/seasons/season-10/rounds/1/", HTTP_ACCEPT_LANGUAGE="en")
    assert status_of(round_page.content.decode(), "Status") == "finished"
    season_page = client.get("/seasons/season-10/", HTTP_ACCEPT_LANGUAGE="en")
    assert "· finished" in season_page.content.decode()


def test_status_labels_carry_their_nouns_context():
    with translation.override("he"):
        assert str(Round.Status.FINISHED.label) == "הסתיים"
        assert str(Season.Status.FINISHED.label) == "הסתיימה"
