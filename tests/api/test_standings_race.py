"""The API's standings say what is still possible as `standings --json` does (FORMATS.md 5,
RULES.md 3.1): from the snapshot, which computes it when the season is published."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from games.season_import import import_season
from league.models import Season
from publishing.actions import do_publish_season as publish_season
from publishing.snapshots import latest_snapshot
from tests.league.factories import random_rounds_season, scores, season_file

pytestmark = pytest.mark.django_db


def command_rows(slug: str) -> dict[str, tuple[float | None, str | None]]:
    out = io.StringIO()
    call_command("standings", slug, "--json", stdout=out)
    rows = json.loads(out.getvalue())["standings"]
    return {row["player"]: (row["max_points"], row["race"]) for row in rows}


def test_published_standings_carry_max_points_and_race_as_the_command_does(anon):
    import_season(random_rounds_season(12, rounds=30, seed=8))
    season = Season.objects.get(slug="season-10")
    publish_season(season.pk)
    rows = anon.get("/api/v1/seasons/season-10/standings/").json()["standings"]
    assert {r["player"]: (r["max_points"], r["race"]) for r in rows} == command_rows("season-10")
    snapshot = latest_snapshot(season)
    assert snapshot is not None
    assert all(
        row["race"] in ("clinched", "open", "out") for row in snapshot.typed_summary["standings"]
    )
    final = anon.get("/api/v1/seasons/season-10/standings/?final=true").json()["standings"]
    assert not any("race" in row for row in final)


def test_published_rated_standings_have_null_max_points_and_race(anon):
    games = [{"date": "2024-03-05", **scores(("A", 1), ("B", 2), ("C", 3), ("D", 4))}]
    season = import_season(
        season_file(slug="rated-2024", preset="whist-online-1200", games=games)
    ).season
    publish_season(season.pk)
    rows = anon.get("/api/v1/seasons/rated-2024/standings/").json()["standings"]
    assert [(r["max_points"], r["race"]) for r in rows] == [(None, None)] * 4
