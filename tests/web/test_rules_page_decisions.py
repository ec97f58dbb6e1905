"""The rules page states RULES.md's podium (3.1) and final-period (3.2) decisions, in English
and in Hebrew."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation
from django.utils.formats import date_format

from games.season_import import import_season
from tests.league.factories import season_file

pytestmark = pytest.mark.django_db


def rules_page(client, slug, language):
    response = client.get(f"/seasons/{slug}/rules/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("language", "decision"),
    [
        ("en", "the places left over are not awarded and the next player is 4th"),
        ("he", "המקומות שנותרו לא מוענקים והשחקן הבא הוא רביעי"),
    ],
)
def test_rules_page_says_places_left_over_are_not_awarded(client, language, decision):
    import_season(season_file())
    assert decision in rules_page(client, "season-10", language)


@pytest.mark.parametrize(
    ("language", "decision", "this_season"),
    [
        (
            "en",
            "a game on the end date counts for the season, not for the last month",
            "In this season: {first} to {last}.",
        ),
        ("he", "משחק בתאריך הסיום נספר לעונה, לא לחודש האחרון", "בעונה הזאת: {first} עד {last}."),
    ],
)
def test_rules_page_says_the_final_month_ends_the_day_before_the_end_date(
    client, language, decision, this_season
):
    import_season(season_file(slug="rated", preset="whist-online-1200"))  # ends 1 July 2024
    page = rules_page(client, "rated", language)
    assert decision in page
    with translation.override(language):
        first, last = date_format(dt.date(2024, 6, 1)), date_format(dt.date(2024, 6, 30))
    assert this_season.format(first=first, last=last) in page
