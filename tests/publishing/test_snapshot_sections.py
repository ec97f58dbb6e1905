"""The snapshot stored by section (schema 2): the split loses nothing, the summary and its
sections are written together or not at all, and snapshots of the older schema are read by
no page and republished."""

from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest
from django.db import DatabaseError

from publishing.actions import do_publish_season, stale_season_ids
from publishing.models import SeasonSnapshot, SnapshotSection
from publishing.snapshot_schema import GAMES_KEY, SCHEMA, player_key, round_key
from publishing.snapshot_split import join_snapshot, parts_from_sections, split_snapshot
from publishing.snapshots import build_snapshot_data, latest_snapshot
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

SUNDAY = dt.date(2026, 9, 6)


@pytest.fixture
def rounds_season():
    season = f.season()
    first = f.round_(season, 1, SUNDAY, status="finished", draw_method="random", draw_seed=42)
    f.register(first, ["Dana", "Eli", "Noa", "Omer", "Tal"])
    f.table_game(season, first, 1, {"Dana": 120, "Eli": 80, "Noa": 80, "Omer": -10})
    second = f.round_(season, 2, SUNDAY + dt.timedelta(days=3), status="finished")
    f.table_game(season, second, 1, {"Eli": 50, "Dana": 40, "Noa": 30, "Omer": 20})
    return season


@pytest.fixture
def rated_season():
    season = f.season(slug="1200-2026", rules_preset="whist-online-1200", end=dt.date(2026, 12, 1))
    f.game(season, {"Dana": 50, "Eli": 40, "Noa": 30, "Omer": 20}, date=dt.date(2026, 1, 5))
    f.game(season, {"Dana": 10, "Eli": 40, "Noa": 30, "Omer": 20}, date=dt.date(2026, 2, 5))
    return season


@pytest.mark.parametrize("which", ["rounds_season", "rated_season"])
def test_joining_the_split_snapshot_gives_it_back_whole(which, request):
    data = build_snapshot_data(request.getfixturevalue(which))
    parts = split_snapshot(data)
    assert join_snapshot(parts) == data
    stored = dict(parts.sections())
    assert join_snapshot(parts_from_sections(parts.summary, stored)) == data


def test_a_published_snapshot_reads_back_whole_from_its_summary_and_sections(rounds_season):
    snapshot = do_publish_season(rounds_season.pk)
    fresh = SeasonSnapshot.objects.get(pk=snapshot.pk)
    built = build_snapshot_data(rounds_season)
    assert {**fresh.data, "published_at": ""} == {**built, "published_at": ""}
    keys = set(fresh.sections.values_list("key", flat=True))
    slugs = {"dana", "eli", "noa", "omer"}
    assert keys == {round_key(1), round_key(2), GAMES_KEY} | {player_key(s) for s in slugs}


def test_the_summary_holds_no_round_details(rounds_season):
    summary = do_publish_season(rounds_season.pk).summary
    assert set(summary["rounds"][0]) == {
        "number", "date", "status", "registration_deadline", "draw", "results_published_at"
    }  # fmt: skip
    assert "tables" not in summary["rounds"][0]["draw"]
    assert "positions" not in summary["race"]
    assert summary["latest_texts"]["number"] == 2


def test_a_failure_writing_the_sections_stores_no_snapshot(rounds_season):
    with (
        mock.patch.object(
            SnapshotSection.objects, "bulk_create", side_effect=DatabaseError("disk full")
        ),
        pytest.raises(DatabaseError),
    ):
        do_publish_season(rounds_season.pk)
    assert not SeasonSnapshot.objects.exists()
    assert latest_snapshot(rounds_season) is None


def test_every_readable_snapshot_has_all_its_sections(rounds_season):
    do_publish_season(rounds_season.pk)
    f.table_game(
        rounds_season,
        rounds_season.rounds.get(number=2),
        2,
        {"Tal": 5, "Uri": 1, "Gil": 0, "Avi": -6},
    )
    do_publish_season(rounds_season.pk)
    for snapshot in SeasonSnapshot.objects.filter(season=rounds_season):
        keys = set(snapshot.sections.values_list("key", flat=True))
        summary = snapshot.typed_summary
        assert {round_key(r["number"]) for r in summary["rounds"]} <= keys
        assert {player_key(r["player_slug"]) for r in summary["standings"]} <= keys


def test_a_snapshot_of_the_older_schema_is_read_by_no_page_and_republished(rounds_season, client):
    whole = build_snapshot_data(rounds_season)
    SeasonSnapshot.objects.create(
        season=rounds_season, version=1, schema=1, fingerprint="old", summary=whole
    )
    assert latest_snapshot(rounds_season) is None
    assert rounds_season.pk in stale_season_ids()
    snapshot = do_publish_season(rounds_season.pk)
    assert (snapshot.version, snapshot.schema) == (2, SCHEMA)
    assert latest_snapshot(rounds_season) == snapshot
    assert rounds_season.pk not in stale_season_ids()
    page = client.get(f"/seasons/{rounds_season.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Dana" in page.content.decode()
