"""The `publish` command: publishes named seasons once, refuses unknown ones clearly."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from publishing.models import SeasonSnapshot
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("publish", *args, stdout=out)
    return out.getvalue()


def test_publish_command_publishes_then_reports_unchanged():
    season = f.season()
    assert run(season.slug) == f"{season.slug}: version 1\n"
    assert run(season.slug) == f"{season.slug}: unchanged\n"
    assert SeasonSnapshot.objects.count() == 1


def test_publish_command_names_an_unknown_season():
    with pytest.raises(CommandError, match="Unknown season\\(s\\): nope"):
        run("nope")


def test_publish_command_can_sync_the_beat_schedule():
    f.season()
    assert "Beat schedule:" in run("--sync-schedules")


def test_publish_command_reports_a_season_with_broken_rules():
    from league.models import Season

    season = f.season()
    Season.objects.filter(pk=season.pk).update(rules={"placement_points": "six"})
    with pytest.raises(CommandError, match=r"season-10: .*placement_points"):
        run(season.slug)


def test_publish_command_with_no_season_named_also_publishes_the_rating_list():
    season = f.season()
    assert run() == f"{season.slug}: version 1\nrating list: version 1\n"
    assert run() == f"{season.slug}: unchanged\nrating list: unchanged\n"
