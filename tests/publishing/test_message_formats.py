"""The chat texts read dates, start times and counts in the text's language, and offer the
results text only once every drawn table's result is in."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format, time_format

from core.errors import ActionError
from league.actions.registration import register_player
from publishing.messages import in_direction, results_text, round_when, season_messages
from publishing.snapshots import build_snapshot_data
from tests.publishing import factories as f
from tests.roundsupport import make_organizer, make_players, make_round, make_season

pytestmark = pytest.mark.django_db

WEDNESDAY = dt.date(2026, 12, 2)


@pytest.fixture
def data():
    season = f.season()
    round_ = f.round_(season, 1, WEDNESDAY, status="finished", draw_method="random", draw_seed=7)
    f.register(round_, ["Dana", "Eli", "Noa", "Omer"])
    f.table_game(season, round_, 1, {"Dana": 120, "Eli": 80, "Noa": 80, "Omer": -10})
    return build_snapshot_data(season)


def test_heading_has_the_local_date_and_start_time_in_english(data):
    with translation.override("en"):
        assert round_when(data, data["rounds"][0]) == "Wednesday 2 Dec 2026, 20:30"
    text = data["messages"]["en"]["rounds"]["1"]["draw"]
    assert "(Wednesday 2 Dec 2026, 20:30)" in text and "2026-12-02" not in text


def test_heading_has_the_local_date_and_start_time_in_hebrew(data):
    text = data["messages"]["he"]["rounds"]["1"]["draw"]
    assert "2.12.2026" in text and "20:30" in text and "2026-12-02" not in text


def test_game_counts_are_singular_and_plural(data):
    text = data["messages"]["en"]["rounds"]["1"]["results"]
    assert "1 game" in text and "1 games" not in text


def test_results_text_waits_for_every_drawn_table(data):
    round_ = dict(data["rounds"][0])
    round_["draw"] = {**round_["draw"], "tables": [*round_["draw"]["tables"], {"table": 2}]}
    with translation.override("en"):
        assert results_text(data, round_) is None
        assert results_text(data, data["rounds"][0]) is not None


@pytest.mark.parametrize(
    ("language", "date", "time"),
    [("en", "2 Dec 2026", "20:30"), ("he", "2.12.2026", "20:30")],
)
def test_one_date_format_and_the_24_hour_clock_per_language(language, date, time):
    with translation.override(language):
        assert date_format(WEDNESDAY, "DATE_FORMAT") == date
        assert date_format(WEDNESDAY, "SHORT_DATE_FORMAT") == date
        assert time_format(dt.time(20, 30), "TIME_FORMAT") == time
        assert "p.m." not in time_format(dt.time(23, 30), "TIME_FORMAT")


def test_season_messages_are_made_in_each_language(data):
    assert (
        season_messages(data, "he")["rounds"]["1"]["draw"]
        != season_messages(data, "en")["rounds"]["1"]["draw"]
    )


@pytest.mark.parametrize(
    ("language", "shown"), [("en", "5 Jan 2020, 20:00"), ("he", "5.1.2020, 20:00")]
)
def test_the_deadline_refusal_reads_the_date_in_the_language(language, shown):
    round_ = make_round(make_season(), date=dt.date(2020, 1, 5))
    (player,) = make_players(1, with_users=True)
    with translation.override(language), pytest.raises(ActionError) as refused:
        register_player(round_, player, actor=player.user)
    assert shown in refused.value.message


def test_csv_import_counts_read_singular_and_plural(client):
    client.force_login(make_organizer(make_season()))
    data = {"confirm": "1", "name": ["Dana"], "choice-0": "new"}
    body = client.post(reverse("import_players"), data, follow=True).content.decode()
    assert "1 player created, 0 already existed." in body
    upload = SimpleUploadedFile("p.csv", b"name\nDana\n")
    body = client.post(reverse("import_players"), {"file": upload}, follow=True).content.decode()
    assert "0 players created, 1 already existed." in body


@pytest.mark.parametrize(("language", "date"), [("en", "Sunday 4 Jan 2099"), ("he", "4.1.2099")])
def test_public_pages_read_one_date_format_and_the_24_hour_clock(client, language, date):
    season = make_season()
    round_ = make_round(season, date=dt.date(2099, 1, 4))
    for url in (
        reverse("web:home"),
        reverse("web:round", args=[season.slug, round_.number]),
        reverse("web:rules", args=[season.slug]),
    ):
        body = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert "p.m." not in body and "a.m." not in body, url
        assert "01/04/2099" not in body and "Jan. 4" not in body, url
    body = client.get(
        reverse("web:round", args=[season.slug, round_.number]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert date in body and "20:30" in body


def test_hebrew_chat_texts_read_right_to_left_line_by_line():
    """Each line of a Hebrew text starts with a right-to-left mark (a line may open with a
    Latin name); English texts are left as they are."""
    assert in_direction("Whist League\nTable 1: Dana", rtl=True) == (
        "\u200fWhist League\n\u200fTable 1: Dana"
    )
    assert in_direction("Whist League\nTable 1: Dana", rtl=False) == "Whist League\nTable 1: Dana"
    assert in_direction(None, rtl=True) is None
