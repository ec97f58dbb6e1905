"""RULES.md 3.1's podium rule wherever a finished season's final standings are shown: only a
player who meets the podium conditions finishes 1st-3rd, places left over are not awarded
and the next player is 4th (the archive, the season's page, the chat text, the command)."""

from __future__ import annotations

import doctest
import io
import json

import pytest
from django.core.management import call_command

import league.standings
import web.podium
from games.season_import import import_season
from league.models import Season
from league.templatetags.web_format import league_number
from publishing.actions import do_publish_season
from tests.web.conftest import FIRST_SUNDAY, round_date

pytestmark = pytest.mark.django_db

# Three rounds; only the last round's players meet the podium condition (a game in it), and
# only Ayala of them has the minimum of 2 games: she alone may finish 1st-3rd.
RULES = {
    "rounds_in_season": 3,
    "min_games": 2,
    "podium_windows": [{"last_rounds": 1, "min_games": 1}],
}
EARLY = {"Bela": 300, "Carmel": 200, "Dafna": 100, "Ayala": -50}
LATE = {"Ayala": 10, "Xen": 0, "Yoav": -5, "Zohar": -10}


def finished_season() -> Season:
    rounds = [
        {"number": n, "date": round_date(n).isoformat(), "games": [{"scores": scores}]}
        for n, scores in ((1, EARLY), (2, EARLY), (3, LATE))
    ]
    season = import_season(
        {
            "league": "Test League",
            "season": "season-9",
            "preset": "whist-online-league",
            "start": FIRST_SUNDAY.isoformat(),
            "end": round_date(3).isoformat(),
            "rules": RULES,
            "rounds": rounds,
            "games": [],
        }
    ).season
    Season.objects.filter(pk=season.pk).update(status=Season.Status.FINISHED)
    do_publish_season(season.pk)
    return season


def get(client, url, language="en"):
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language)


def test_final_standings_give_the_podium_only_to_qualified_players_next_is_4th():
    season = finished_season()
    final = season.snapshots.get().data["final_standings"]
    assert [(row["player"], row["rank"]) for row in final] == [
        ("Ayala", 1),
        ("Bela", 4),
        ("Carmel", 5),
        ("Dafna", 6),
        ("Xen", None),
        ("Yoav", None),
        ("Zohar", None),
    ]


def test_archive_says_the_places_left_over_are_not_awarded(client):
    finished_season()
    page = get(client, "/seasons/").content.decode()
    assert (
        '1st <a href="/players/ayala/">Ayala</a>, 2nd <span class="muted">not awarded</span>, '
        '3rd <span class="muted">not awarded</span>;'
    ) in page
    assert "Bela" not in page
    hebrew = get(client, "/seasons/", "he").content.decode()
    assert hebrew.count("לא הוענק") == 2


def test_final_standings_page_shows_the_places_not_awarded_and_the_next_player_4th(client):
    season = finished_season()
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    podium = page[page.index('id="podium"') : page.index("</section>", page.index('id="podium"'))]
    assert "Ayala" in podium and "Bela" not in podium
    assert "2nd: not awarded" in podium and "3rd: not awarded" in podium
    assert "שני: לא הוענק" in get(client, f"/seasons/{season.slug}/", "he").content.decode()


def test_a_leagues_podium_shows_the_season_points_its_order_stands_on(client):
    season = finished_season()
    ayala = season.snapshots.get().data["final_standings"][0]
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    assert f"Ayala</a> · {league_number(ayala['points'])}</li>" in page
    assert "Points of the final table" not in page


def test_last_rounds_chat_text_gives_the_final_standings_with_the_places_not_awarded():
    season = finished_season()
    texts = season.snapshots.get().data["messages"]
    text = texts["en"]["rounds"]["3"]["results"]
    table = text[text.index("Final standings:") :].splitlines()[1:]
    assert [line.split(" ")[:2] for line in table] == [
        ["1.", "Ayala"],
        ["2.", "not"],
        ["3.", "not"],
        ["4.", "Bela"],
        ["5.", "Carmel"],
        ["6.", "Dafna"],
        ["-.", "Xen"],
        ["-.", "Yoav"],
        ["-.", "Zohar"],
    ]
    assert table[1] == "2. not awarded"
    assert "League table:" in texts["en"]["rounds"]["2"]["results"]
    assert "לא הוענק" in texts["he"]["rounds"]["3"]["results"]


def test_standings_final_command_ranks_from_4_after_the_places_not_awarded():
    finished_season()
    out = io.StringIO()
    call_command("standings", "season-9", "--final", "--json", stdout=out)
    rows = json.loads(out.getvalue())["standings"]
    assert [(row["player"], row["rank"]) for row in rows][:4] == [
        ("Ayala", 1),
        ("Bela", 4),
        ("Carmel", 5),
        ("Dafna", 6),
    ]
    out = io.StringIO()
    call_command("standings", "season-9", "--final", stdout=out)
    lines = out.getvalue().splitlines()
    assert [line.split()[:2] for line in lines[2:6]] == [
        ["1", "Ayala"],
        ["2", "(not"],
        ["3", "(not"],
        ["4", "Bela"],
    ]


@pytest.mark.parametrize("module", [web.podium, league.standings], ids=lambda m: m.__name__)
def test_the_podium_doctests_hold(module):
    outcome = doctest.testmod(module)
    assert outcome.attempted > 0 and outcome.failed == 0
