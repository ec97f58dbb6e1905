"""Texts that work when pasted: the draw text's links are absolute and ASCII (SITE_URL) and
open the round's page, it says where the league plays, and names of the other direction
keep their place."""

from __future__ import annotations

import datetime as dt
import doctest
import re
from urllib.parse import urlsplit

import pytest
from django.urls import resolve
from django.utils import timezone, translation

from core import bidi
from league.models import DrawRecord, Player
from league.templatetags import web_format
from publishing.actions import do_publish_season
from publishing.messages import isolated_name
from publishing.snapshots import build_snapshot_data, inputs_fingerprint
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

SITE = "https://whist.example.org"
SUNDAY = dt.date(2026, 9, 6)
LINK = re.compile(r"https?://\S+")
FSI, PDI = "\u2068", "\u2069"


@pytest.fixture
def hebrew_season(settings):
    settings.SITE_URL = SITE
    season = f.season(slug="ליגת-חורף-2027")
    for name in ("דנה", "עידו"):
        Player.objects.create(name=name, slug=name)
    round_ = f.round_(season, 1, SUNDAY, status="finished", draw_method="random", draw_seed=42)
    f.register(round_, ["דנה", "עידו", "Noa", "Omer"])
    f.table_game(season, round_, 1, {"דנה": 120, "עידו": 80, "Noa": 80, "Omer": -10})
    DrawRecord.objects.create(
        round=round_, number=1, method="random", recipe="sha256-v1", seed=42,
        drawn_at=timezone.now(),
    )  # fmt: skip
    return season


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_pasted_draw_texts_link_is_absolute_ascii_and_opens_the_round_page(
    hebrew_season, client, language
):
    do_publish_season(hebrew_season.pk)
    text = hebrew_season.snapshots.get().data["messages"][language]["rounds"]["1"]["draw"]
    links = LINK.findall(text)
    assert len(links) == 2 and all(link.isascii() for link in links), links
    assert all(link.startswith(SITE + "/") for link in links)
    round_link, check_link = links
    assert resolve(urlsplit(round_link).path).url_name == "round"
    assert resolve(urlsplit(check_link).path).url_name == "draw_check"
    page = client.get(urlsplit(round_link).path)  # as the chat app opens it
    assert page.status_code == 200
    assert "עידו" in page.content.decode()
    last_lines = text.splitlines()[-2:]  # each link ends its line
    assert all(line.endswith(link) for line, link in zip(last_lines, links, strict=True))


def test_the_draw_text_says_where_the_league_plays_and_when_to_join(hebrew_season):
    league = hebrew_season.league
    league.play_link, league.join_time = "https://meet.example.org/whist", dt.time(20, 25)
    league.save()
    texts = build_snapshot_data(hebrew_season)["messages"]
    english, hebrew = texts["en"]["rounds"]["1"]["draw"], texts["he"]["rounds"]["1"]["draw"]
    assert "Where we play (join at 20:25): https://meet.example.org/whist" in english
    assert "איפה משחקים (מצטרפים ב-20:25): https://meet.example.org/whist" in hebrew
    league.play_link = ""
    league.save()
    english = build_snapshot_data(hebrew_season)["messages"]["en"]["rounds"]["1"]["draw"]
    assert "Join at 20:25." in english and "meet.example.org" not in english


def test_a_draw_text_without_where_we_play_has_no_such_line(hebrew_season):
    english = build_snapshot_data(hebrew_season)["messages"]["en"]["rounds"]["1"]["draw"]
    assert "Where we play" not in english and "Join at" not in english


def test_where_we_play_changes_the_snapshots_inputs(hebrew_season):
    before = inputs_fingerprint(hebrew_season)
    hebrew_season.league.play_link = "https://meet.example.org/whist"
    hebrew_season.league.save()
    assert inputs_fingerprint(hebrew_season) != before


def test_hebrew_names_in_an_english_text_keep_their_place(hebrew_season):
    texts = build_snapshot_data(hebrew_season)["messages"]
    english = texts["en"]["rounds"]["1"]["draw"]
    assert english.splitlines()[0].startswith(f"Whist Online League, {FSI}ליגת")
    assert f"Table 1: {FSI}דנה{PDI}, {FSI}עידו{PDI}, Noa, Omer" in english
    hebrew = texts["he"]["rounds"]["1"]["draw"]
    assert f"{FSI}Noa{PDI}, {FSI}Omer{PDI}" in hebrew and f"{FSI}דנה" not in hebrew
    results = texts["en"]["rounds"]["1"]["results"]
    assert f"{FSI}דנה{PDI} 120 (6)" in results


def test_a_name_is_isolated_only_against_the_texts_direction():
    with translation.override("en"):
        assert isolated_name("Dana") == "Dana"
        assert isolated_name("דנה") == f"{FSI}דנה{PDI}"
    with translation.override("he"):
        assert isolated_name("דנה") == "דנה"
        assert isolated_name("Dana 2") == f"{FSI}Dana 2{PDI}"


@pytest.mark.parametrize("module", [bidi, web_format])
def test_the_isolates_doctests_hold(module):
    outcome = doctest.testmod(module)
    assert outcome.attempted >= 1 and outcome.failed == 0
