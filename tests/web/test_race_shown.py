"""What is still possible on the pages (RULES.md 3.1): the league table's marker, the
sentence of the player page and /me/ (web/_race.html), and the rules page's method, in
English, Hebrew and Russian."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from league.rules import LeagueRules
from publishing.snapshot_schema import BriefRow, StandingsRow
from web.my_place import my_place
from web.rules_text import describe_rules
from web.tables import table_rows

pytestmark = pytest.mark.django_db  # the player cell reverses a URL; no query


def row(slug: str, race: str | None, max_points: float | None) -> StandingsRow:
    data = BriefRow(
        rank=1, player=slug.title(), points=12.0, gap=3.5, games=4, counted=4, dropped=0,
        eligible=True, podium_eligible=True, player_slug=slug,
    )  # fmt: skip
    return {
        **data,  # type: ignore[typeddict-item]  # the row's own fields follow
        "player_id": 1,
        "markers": [],
        "counted_game_ids": [],
        "dropped_game_ids": [],
        "max_points": max_points,
        "race": race,
    }


def test_the_league_table_marks_a_clinched_place_and_one_out_of_reach_not_an_open_race():
    cells = {
        r["player_slug"]: str(r["player_cell"])
        for r in table_rows(
            [row("ido", "clinched", 40.0), row("gil", "open", 30.0), row("avi", "out", 12.0)], {}
        )
    }
    assert "1-3 clinched" in cells["ido"] and "badge-good" in cells["ido"]
    assert "badge" not in cells["gil"]
    assert "1-3 out of reach" in cells["avi"]


def test_a_row_without_the_race_has_no_race_marker():
    assert "badge" not in str(table_rows([row("ido", None, None)], {})[0]["player_cell"])


def test_my_place_carries_the_race_and_max_points_of_my_row():
    place = my_place([row("ido", "open", 54.5)], "ido")
    assert place is not None and (place.race, place.max_points) == ("open", 54.5)


@pytest.mark.parametrize(
    ("language", "clinched", "open_", "out"),
    [
        ("en", "is clinched", "would bring", "out of reach"),
        ("he", "מובטח", "עדיין פתוח", "מחוץ להישג יד"),
        ("ru", "обеспечено", "ещё возможно", "недостижимо"),
    ],
)
def test_the_sentence_says_clinched_open_with_max_points_or_out(language, clinched, open_, out):
    with translation.override(language):
        said = {
            race: render_to_string("web/_race.html", {"race": race, "max_points": 54.0})
            for race in ("clinched", "open", "out")
        }
        nothing = render_to_string("web/_race.html", {"race": None, "max_points": None})
    assert clinched in said["clinched"]
    assert open_ in said["open"] and ">54<" in said["open"]
    assert out in said["out"]
    assert nothing.strip() == ""


@pytest.mark.parametrize("language", ["en", "he", "ru"])
def test_the_rules_page_explains_the_method_for_a_scheduled_rounds_league_only(language):
    with translation.override(language):
        league = [
            item.title for item in describe_rules(LeagueRules.from_preset("whist-online-league"))
        ]
        rated = [
            item.title for item in describe_rules(LeagueRules.from_preset("whist-online-1200"))
        ]
        title = str(translation.gettext("What is still possible"))
    assert title in league and title not in rated
    if language != "en":
        assert title != "What is still possible"
