"""A cold render decodes only the part of the snapshot its page shows (issue 16 item 3):
the season page the summary (and the last round's section: its results), a round page its
round's section, a player page his section."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Player

pytestmark = pytest.mark.django_db

SECTIONS = "publishing_snapshotsection"
SUMMARY = '"publishing_seasonsnapshot"."summary"'


def snapshot_reads(url: str, client) -> tuple[list[str], list[str]]:  # type: ignore[no-untyped-def]
    """The queries of a cold render of `url` reading sections, and those reading a summary."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    sqls = [query["sql"] for query in captured.captured_queries]
    return [s for s in sqls if SECTIONS in s], [s for s in sqls if SUMMARY in s]


def test_the_season_page_decodes_only_the_summary_and_the_last_rounds_section(client, make_season):
    season = make_season(players=8, rounds=3)
    sections, summaries = snapshot_reads(f"/seasons/{season.slug}/", client)
    assert len(sections) == 1 and "round:3" in sections[0]  # its results, at a glance
    assert len(summaries) == 1


def test_a_round_page_decodes_only_its_rounds_section(client, make_season):
    season = make_season(players=8, rounds=3)
    sections, summaries = snapshot_reads(f"/seasons/{season.slug}/rounds/2/", client)
    assert len(sections) == 1 and "round:2" in sections[0]
    assert summaries == []


def test_a_player_page_decodes_only_his_sections(client, make_season):
    make_season(players=8, rounds=3)
    make_season("season-9", players=8, rounds=2)
    player = Player.objects.order_by("name").first()
    sections, summaries = snapshot_reads(f"/players/{player.slug}/", client)
    assert len(sections) == 1 and f"player:{player.slug}" in sections[0]
    assert summaries == []


def test_the_season_page_lists_dropped_games_from_the_summary(client, make_season):
    season = make_season(players=4, rounds=12)
    row = season.snapshots.get().data["standings"][0]
    assert row["dropped"] == 1  # drops start after 10 games
    response = client.get(f"/seasons/{season.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    dropped = row["dropped_game_ids"][0]
    game = next(
        g
        for r in season.snapshots.get().data["rounds"]
        for g in r["results"]
        if g["game_id"] == dropped
    )
    assert f"Round {game['round']}: " in response.content.decode()
