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


@pytest.mark.parametrize(
    ("language", "one", "four"),
    [
        ("en", "at least 1 game in the last 2 rounds.", "at least 4 games in the last 8 rounds."),
        ("he", "לפחות משחק 1 ב-2 המחזורים האחרונים", "לפחות 4 משחקים ב-8 המחזורים האחרונים"),
    ],
)
def test_the_podium_conditions_say_one_game_in_the_singular(language, one, four):
    from league.rules import LeagueRules
    from league.rules.readings import podium_windows

    rules = LeagueRules.from_preset("whist-online-league")
    with translation.override(language):
        sentences = " ".join(podium_windows(rules, None))
    assert one in sentences and four in sentences
