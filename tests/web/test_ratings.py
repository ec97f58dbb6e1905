"""The rating list (/ratings/), head-to-head (/players/A/vs/B/) and the player and round
pages' links to them (issue 18), checked against small hand-worked seasons."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re

import openpyxl
import pytest

from games.models import Game
from league.models import Season
from league.signals import announce_results
from publishing.actions import do_publish_season
from publishing.models import RatingSnapshot
from rating.actions import do_apply_ratings
from rating.list_publishing import do_publish_ratings
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

SEP_6 = dt.date(2026, 9, 6)


def get(client, url, language="en", **params):  # type: ignore[no-untyped-def]
    return client.get(url, params, HTTP_ACCEPT_LANGUAGE=language)


def text(html: str) -> str:
    """The page's text with tags removed and spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def rate_and_publish(today: dt.date) -> None:
    do_apply_ratings()
    do_publish_ratings(today)


@pytest.fixture
def season() -> Season:
    """Three rounds of a 6-3-1-0 league (every table's average is 0, so gaps are scores):

    R1 table 1: Ada 100, Ben 50, Cal 0, Dov -150 -> Ada ahead of Ben (6 and 3 points)
    R2 table 1: Ada 20, Ben 20, Cal 10, Eve -50  -> tied; they share places 1-2: 4.5 each
    R3 table 2: Ben 200, Cal 100, Ada -100, Fay -200 -> Ben ahead (6 points, Ada 1)
    R3 table 1: Dov, Eve, Gil, Hod: a game still waiting for confirmation.
    Ada vs Ben: 3 games, 1 ahead each, 1 tied; points 11.5 and 13.5; gaps +20 and +270.
    """
    season = f.season()
    rounds = [
        f.round_(season, n, SEP_6 + dt.timedelta(days=3 * (n - 1)), status="finished")
        for n in (1, 2, 3)
    ]
    f.table_game(season, rounds[0], 1, {"Ada": 100, "Ben": 50, "Cal": 0, "Dov": -150})
    f.table_game(season, rounds[1], 1, {"Ada": 20, "Ben": 20, "Cal": 10, "Eve": -50})
    f.table_game(season, rounds[2], 2, {"Ben": 200, "Cal": 100, "Ada": -100, "Fay": -200})
    waiting = f.table_game(season, rounds[2], 1, {"Dov": 1, "Eve": 2, "Gil": 3, "Hod": 4})
    Game.objects.filter(pk=waiting.pk).update(status=Game.Status.PENDING)
    do_publish_season(season.pk)
    return season


@pytest.fixture
def one_round() -> Season:
    """One game, everybody at 1000 (RULES.md 3.3, K = 32, K/(N-1) = 32/3): the winner wins
    3 duels where 1.5 were expected: +16; the second 2 - 1.5: +5.33; the third -5.33; the
    last -16. So Ada 1016.0, Ben 1005.3, Cal 994.7, Dov 984.0."""
    season = f.season()
    round_ = f.round_(season, 1, SEP_6, status="finished")
    f.table_game(season, round_, 1, {"Ada": 120, "Ben": 80, "Cal": 45, "Dov": -10})
    do_publish_season(season.pk)
    return season


# --- the rating list ------------------------------------------------------------------------


def test_rating_list_shows_every_rated_player_by_rating(client, one_round):
    rate_and_publish(dt.date(2026, 9, 20))
    page = text(get(client, "/ratings/").content.decode())
    assert (
        "1 Ada 1016.0 1 +16.0 \u2013 2 Ben 1005.3 1 +5.3 \u2013 3 Cal 994.7 1 -5.3 \u2013 "
        "4 Dov 984.0 1 -16.0 \u2013" in page
    )
    assert "1200+" in page  # no rated league: the default threshold


def test_rating_list_change_covers_the_last_30_days(client, one_round):
    """On Oct 25 the window starts after Sep 25: Sep 6 is out, so the first four change by
    0; a game on Oct 20 of four new players at 1000 gives its winner +16."""
    f.game(None, {"Eve": 9, "Fay": 5, "Gil": 1, "Hod": 0}, date=dt.date(2026, 10, 20))
    rate_and_publish(dt.date(2026, 10, 25))
    page = text(get(client, "/ratings/").content.decode())
    assert "Ada 1016.0 1 0.0" in page
    assert "Eve 1016.0 1 +16.0" in page
    assert "As of 25 Oct" in page


def test_rating_list_dates_each_rated_league_threshold(client, one_round):
    """A rated league with threshold 1010: Ada (1016) reached it on Sep 6, nobody else."""
    rated = f.season("open-play", rules_preset="whist-online-1200")
    Season.objects.filter(pk=rated.pk).update(rules={"rating_threshold": 1010})
    rate_and_publish(dt.date(2026, 9, 20))
    response = get(client, "/ratings/", _export="csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Rank", "Player", "Rating", "Games", "30 days", "1010+"]
    assert rows[1] == ["1", "Ada", "1016.0", "1", "16.0", "2026-09-06"]
    assert rows[2] == ["2", "Ben", "1005.3", "1", "5.3", ""]
    # sorted by that date, players who never reached it last
    page = get(client, "/ratings/", sort="reached_0").content.decode()
    assert page.index(">Ada<") < page.index(">Ben<")
    page = get(client, "/ratings/", sort="-reached_0").content.decode()
    assert page.index(">Ada<") > page.index(">Ben<")


def test_rating_list_sorts_by_any_column(client, one_round):
    rate_and_publish(dt.date(2026, 9, 20))
    page = get(client, "/ratings/", sort="change").content.decode()
    assert page.index(">Dov<") < page.index(">Cal<") < page.index(">Ben<") < page.index(">Ada<")
    page = get(client, "/ratings/", sort="player").content.decode()
    assert page.index(">Ada<") < page.index(">Ben<")


def test_rating_list_exports_a_right_to_left_sheet_in_hebrew(client, one_round):
    rate_and_publish(dt.date(2026, 9, 20))
    response = get(client, "/ratings/", language="he", _export="xlsx")
    assert response["Content-Disposition"].endswith('filename="ratings.xlsx"')
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet.sheet_view.rightToLeft
    assert [cell.value for cell in sheet[2]][:4] == [1, "Ada", 1016.0, 1]


def test_rating_list_states_the_formula_and_links_each_history(client, one_round):
    rate_and_publish(dt.date(2026, 9, 20))
    page = get(client, "/ratings/").content.decode()
    assert "every pair of players (i, j) is a duel" in page
    assert "K = 32" in page and "400" in page
    assert '<a href="/players/ada/">Ada</a>' in page


def test_rating_list_in_hebrew_is_right_to_left_with_isolated_signs(client, one_round):
    rate_and_publish(dt.date(2026, 9, 20))
    page = get(client, "/ratings/", language="he").content.decode()
    assert '<html lang="he" dir="rtl">' in page
    assert "<h1>דירוג</h1>" in page and "איך מחושב הדירוג" in page
    assert '<bdi dir="ltr" class="number">-16.0</bdi>' in page
    assert 'בעמודה <bdi dir="ltr">1200+</bdi> התאריך' in page


def test_rating_list_before_the_first_publish_says_so(client):
    assert "has not been published yet" in get(client, "/ratings/").content.decode()


def test_every_page_links_to_the_rating_list(client, one_round):
    assert 'href="/ratings/"' in get(client, "/").content.decode()


def test_an_unchanged_rating_list_is_not_published_again(one_round):
    do_apply_ratings()
    first = do_publish_ratings(dt.date(2026, 9, 20))
    assert first is not None and first.version == 1
    assert do_publish_ratings(dt.date(2026, 9, 20)) is None
    # A new day moves the 30-day window (the sweep publishes it): a new version.
    second = do_publish_ratings(dt.date(2026, 10, 20))
    assert second is not None and second.version == 2
    f.game(None, {"Ada": 1, "Ben": 2, "Cal": 3, "Dov": 4}, date=dt.date(2026, 10, 20))
    rate_and_publish(dt.date(2026, 10, 20))
    # only the last two versions are kept
    assert list(RatingSnapshot.objects.values_list("version", flat=True)) == [3, 2]


# --- the player page ------------------------------------------------------------------------


def test_player_page_lists_the_games_that_moved_the_rating_most(client, one_round):
    rate_and_publish(dt.date(2026, 9, 20))
    page = text(get(client, "/players/ada/").content.decode())
    assert "Games that moved the rating most" in page
    assert "Largest gains" in page and "Round 1 · table 1 +16.0 1016.0" in page
    dov = text(get(client, "/players/dov/").content.decode())
    assert "Round 1 · table 1 -16.0 984.0" in dov


def test_player_page_links_each_opponent_to_their_head_to_head(client, season):
    rate_and_publish(dt.date(2026, 9, 20))
    page = get(client, "/players/ada/").content.decode()
    assert '<a href="/players/ada/vs/ben/">vs <bdi>Ben</bdi></a>' in page
    assert "(3 games)" in page  # Ada and Ben shared three confirmed games
    assert "/players/ada/vs/gil/" not in page  # never at Ada's table


# --- head-to-head ---------------------------------------------------------------------------


def test_head_to_head_counts_and_sums_the_shared_games(client, season):
    page = text(get(client, "/players/ada/vs/ben/").content.decode())
    assert "3 games at the same table" in page
    assert "Ada Ben Placed better 1 1 Points 11.5 13.5 Gap +20.00 +270.00" in page
    assert "1 game tied on score." in page


def test_head_to_head_lists_the_last_meetings_newest_first(client, season):
    page = text(get(client, "/players/ada/vs/ben/").content.decode())
    assert page.index("Round 3 · table 2") < page.index("Round 2 · table 1")
    assert "Round 3 · table 2 3 -100 1 200" in page  # place, then score


def test_head_to_head_seen_from_the_other_side(client, season):
    page = text(get(client, "/players/ben/vs/ada/").content.decode())
    assert "Ben Ada Placed better 1 1 Points 13.5 11.5 Gap +270.00 +20.00" in page


def test_head_to_head_leaves_out_unconfirmed_games(client, season):
    page = text(get(client, "/players/dov/vs/eve/").content.decode())
    assert "have not played a confirmed game at the same table" in page


def test_head_to_head_in_hebrew(client, season):
    page = get(client, "/players/ada/vs/ben/", language="he").content.decode()
    assert '<html lang="he" dir="rtl">' in page
    assert "<h1><bdi>Ada</bdi> מול <bdi>Ben</bdi></h1>" in page and "3 משחקים באותו שולחן" in page
    assert '<bdi dir="ltr" class="number">+270.00</bdi>' in page


def test_head_to_head_of_a_player_with_himself_is_a_clear_404(client, season):
    response = get(client, "/players/ada/vs/ada/")
    assert response.status_code == 404
    assert "needs two different players" in response.content.decode()


def test_head_to_head_with_an_unknown_player_is_a_clear_404(client, season):
    response = get(client, "/players/ada/vs/nobody/")
    assert response.status_code == 404
    assert "There is no player “nobody”" in response.content.decode()


def test_head_to_head_finds_players_by_name_too(client, season):
    assert get(client, "/players/Ada/vs/Ben/").status_code == 200


# --- the round page -------------------------------------------------------------------------


def test_round_page_links_each_pair_at_a_table_to_their_head_to_head(client, season):
    page = get(client, f"/seasons/{season.slug}/rounds/3/").content.decode()
    assert '<a href="/players/ben/vs/cal/"><bdi>Ben</bdi> vs <bdi>Cal</bdi></a>' in page
    assert page.count("/vs/") == 12  # two tables of 4: 6 pairs each
    assert "Head-to-head at this table" in page


def test_head_to_head_answers_not_modified_until_a_change_is_announced(
    client, season, django_assert_num_queries
):
    url = "/players/ada/vs/ben/"
    first = get(client, url)
    assert "3 games at the same table" in first.content.decode()
    with django_assert_num_queries(1):  # the site's version
        unchanged = client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=first["ETag"])
    assert unchanged.status_code == 304
    game = f.game(season, {"Ada": 5, "Ben": 0, "Cal": 1, "Dov": 2}, date=dt.date(2026, 9, 20))
    announce_results(game.season_id)  # as every writer of a result does after it
    changed = client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert "4 games at the same table" in changed.content.decode()


def test_a_player_with_only_unrated_games_still_lists_his_opponents(client, one_round):
    f.game(None, {"Ada": 3, "Uri": 2, "Vic": 1, "Wes": 0}, date=SEP_6, rated=False)
    rate_and_publish(dt.date(2026, 9, 20))
    page = get(client, "/players/uri/").content.decode()
    assert "Games that moved the rating most" not in page  # no rated game
    assert '<a href="/players/uri/vs/ada/">vs <bdi>Ada</bdi></a>' in page
    assert "Uri" not in text(get(client, "/ratings/").content.decode())
