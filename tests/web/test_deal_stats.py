"""Deal statistics on the player and season pages: a small season worked out by hand.

Two games of three deals have deal records (the hand-worked deals of
tests/scoring/test_stats.py, seated differently), a third has only its scores and adds
nothing. Per seat of those three deals (whist-online):

    seat  made  score  declarer  zeros                 sizes made/bid
    0     2/3   -16    1/1       down: 0 made 1 failed   0: 0/1, 3: 1/1, 5: 1/1
    1     2/3   -14    0/1       up: 1 made              0: 1/1, 1: 1/1, 6: 0/1
    2     3/3   125    1/1       down: 1 made            0: 1/1, 4: 1/1, 7: 1/1
    3     0/3   -70    0/0       down: 1 failed          0: 0/1, 2: 0/1, 5: 0/1

Game 1 seats Dana, Eli, Noa, Omer; game 2 seats Omer, Dana, Eli, Noa. So over 6 deals:
Dana (seats 0+1) made 4 (66.7%), declarer 1/2, average -30/6 = -5.00;
Eli (1+2) made 5 (83.3%), zeros made 2, average 111/6 = +18.50;
Noa (2+3) made 3 (50%), declarer 1/1, average 55/6 = +9.17;
Omer (3+0) made 2 (33.3%), declarer 1/1, average -86/6 = -14.33.
"""

from __future__ import annotations

import pytest

from games.season_import import import_season
from league.models import Player, Season
from publishing.actions import do_publish_season
from publishing.models import SeasonSnapshot
from publishing.snapshot_schema import player_key
from tests.scoring.test_stats import HAND_WORKED

from .test_query_counts import PAGES

pytestmark = pytest.mark.django_db

FOUR = ["Dana", "Eli", "Noa", "Omer"]


def _record(players: list[str]) -> dict[str, object]:
    return {"players": players, "preset": "whist-online", "deals": HAND_WORKED}


def import_hand_worked_season() -> Season:
    """Import and publish the season of this module's docstring."""
    data = {
        "league": "Test League",
        "season": "season-10",
        "preset": "whist-online-league",
        "start": "2024-06-30",
        "end": "2024-10-27",
        "rules": {"deals_per_game": 3},
        "rounds": [
            {"number": 1, "date": "2024-06-30", "games": [{"record": _record(FOUR)}]},
            {
                "number": 2,
                "date": "2024-07-03",
                "games": [{"record": _record(["Omer", "Dana", "Eli", "Noa"])}],
            },
            {
                "number": 3,
                "date": "2024-07-07",
                "games": [{"scores": {"Dana": 40, "Eli": 30, "Noa": 20, "Omer": -10}}],
            },
        ],
        "games": [],
    }
    imported = import_season(data).season
    do_publish_season(imported.pk)
    return imported


@pytest.fixture
def season() -> Season:
    return import_hand_worked_season()


def test_player_figures_are_published_in_his_section(season):
    snapshot = SeasonSnapshot.objects.get(season=season)
    dana = snapshot.sections.get(key=player_key("dana")).data["deal_stats"]
    assert dana == {
        "games": 2,
        "deals": 6,
        "made": 4,
        "made_percent": 66.7,
        "by_size": [
            {"size": "0", "made": 1, "deals": 2, "percent": 50.0},
            {"size": "1-2", "made": 1, "deals": 1, "percent": 100.0},
            {"size": "3-4", "made": 1, "deals": 1, "percent": 100.0},
            {"size": "5-6", "made": 1, "deals": 2, "percent": 50.0},
            {"size": "7+", "made": 0, "deals": 0, "percent": None},
        ],
        "zero_up_made": 1,
        "zero_up_failed": 0,
        "zero_down_made": 0,
        "zero_down_failed": 1,
        "declarer_deals": 2,
        "declarer_made": 1,
        "declarer_percent": 50.0,
        "average_score": -5.0,
    }
    omer = snapshot.sections.get(key=player_key("omer")).data["deal_stats"]
    assert (omer["made"], omer["declarer_percent"], omer["average_score"]) == (2, 100.0, -14.33)
    assert omer["zero_down_failed"] == 2


def test_season_leaders_are_published_in_the_summary(season):
    leaders = SeasonSnapshot.objects.get(season=season).summary["deal_leaders"]
    assert (leaders["games"], leaders["minimum_deals"]) == (2, 3)

    def pick(category: str) -> list[tuple[object, ...]]:
        return [(x["rank"], x["player"], x["value"], x["count"]) for x in leaders[category]]

    assert pick("zeros_made") == [(1, "Eli", 2.0, 6), (2, "Dana", 1.0, 6), (2, "Noa", 1.0, 6)]
    assert pick("declarer") == [
        (1, "Noa", 100.0, 1),
        (1, "Omer", 100.0, 1),
        (3, "Dana", 50.0, 2),
        (3, "Eli", 50.0, 2),
    ]
    assert pick("made") == [(1, "Eli", 83.3, 6), (2, "Dana", 66.7, 6), (3, "Noa", 50.0, 6)]
    assert pick("average") == [(1, "Eli", 18.5, 6), (2, "Noa", 9.17, 6), (3, "Dana", -5.0, 6)]


def test_a_season_without_deal_records_has_no_leaders(make_season):
    season = make_season("season-9", players=8, rounds=2)
    snapshot = SeasonSnapshot.objects.get(season=season)
    assert snapshot.summary["deal_leaders"] is None
    assert snapshot.data["deal_stats"] == {}


def _bdi(text: str) -> str:
    return f'<bdi dir="ltr" class="number">{text}</bdi>'


def test_player_page_shows_his_figures_in_english(client, season):
    html = client.get("/players/dana/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Deal statistics" in html
    assert "From 2 games entered deal by deal (6 deals)." in html
    assert f"4 of 6 · {_bdi('66.7%')}" in html
    assert f"1 of 2 · {_bdi('50%')}" in html
    assert "1 made, 0 failed" in html and "0 made, 1 failed" in html
    assert _bdi("-5.00") in html
    assert 'aria-label="Contracts made by contract size"' in html
    assert "50% (1/2)" in html and "100% (1/1)" in html


def test_player_page_shows_his_figures_in_hebrew(client, season):
    response = client.get("/players/eli/", HTTP_ACCEPT_LANGUAGE="he")
    html = response.content.decode()
    assert 'dir="rtl"' in html
    assert "סטטיסטיקת סיבובים" in html
    assert "מתוך 2 משחקים שהוזנו סיבוב אחר סיבוב (6 סיבובים)." in html
    assert f"5 מתוך 6 · {_bdi('83.3%')}" in html
    assert "0 באפ" in html and "0 בדאון" in html
    assert _bdi("+18.50") in html


def test_season_page_shows_the_leaders_in_english(client, season):
    html = client.get("/seasons/season-10/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Deal statistics leaders" in html
    assert "From 2 games entered deal by deal." in html
    assert "at least 3 deals" in html
    assert "Most zeros made" in html and "Best declarer" in html
    assert f"<bdi>Eli</bdi></a> ·\n      {_bdi('2')}" in html
    assert f"<bdi>Noa</bdi></a> ·\n      {_bdi('+9.17')}" in html
    assert f'{_bdi("83.3%")} <span class="muted">(6 deals)</span>' in html


def test_season_page_shows_the_leaders_in_hebrew(client, season):
    html = client.get("/seasons/season-10/", HTTP_ACCEPT_LANGUAGE="he").content.decode()
    assert "המובילים בסטטיסטיקת הסיבובים" in html
    assert "הכי הרבה 0 שהצליחו" in html and "המכריז הטוב ביותר" in html
    assert "לפחות 3 סיבובים" in html
    assert _bdi("+18.50") in html


def _recorded_season(players: int) -> Season:
    """`players` (a multiple of 4) at tables of four in two rounds, every game recorded."""
    names = [f"Player {i:03d}" for i in range(players)]
    rounds = [
        {
            "number": number,
            "date": date,
            "games": [{"record": _record(names[i : i + 4])} for i in range(0, players, 4)],
        }
        for number, date in ((1, "2024-06-30"), (2, "2024-07-03"))
    ]
    data = {
        "league": "Test League",
        "season": f"season-{players}",
        "preset": "whist-online-league",
        "start": "2024-06-30",
        "end": "2024-10-27",
        "rules": {"deals_per_game": 3},
        "rounds": rounds,
        "games": [],
    }
    imported = import_season(data).season
    do_publish_season(imported.pk)
    return imported


@pytest.mark.parametrize("players", [8, 40])
@pytest.mark.parametrize("page", ["season", "player"])
def test_query_pins_do_not_grow_with_recorded_players(
    client, django_assert_num_queries, players, page
):
    season = _recorded_season(players)
    player = Player.objects.get(name="Player 000")
    url, queries = PAGES[page]
    with django_assert_num_queries(queries):
        response = client.get(url(season, player), HTTP_ACCEPT_LANGUAGE="he")
    assert response.status_code == 200
    assert ("deal-leaders" if page == "season" else "deal-stats") in response.content.decode()


@pytest.mark.parametrize("page", ["season", "player"])
def test_pages_with_deal_statistics_keep_their_query_pins(
    client, django_assert_num_queries, season, page
):
    url, queries = PAGES[page]
    dana = Player.objects.get(slug="dana")
    with django_assert_num_queries(queries):
        response = client.get(url(season, dana))
    assert response.status_code == 200
