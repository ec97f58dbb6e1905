"""Beat's rows: sweeps and per-season crontabs in the league zone, next runs across DST."""

from __future__ import annotations

import datetime as dt

import pytest
from django_celery_beat.models import PeriodicTask

from publishing.beat import next_run, sync_schedules
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db
UTC = dt.UTC


def test_sync_creates_the_sweeps_and_three_steps_per_running_season():
    season = f.season()
    sync_schedules()
    names = set(PeriodicTask.objects.values_list("name", flat=True))
    assert {"whist:publish sweep", "whist:rating sweep"} <= names
    steps = PeriodicTask.objects.filter(name__startswith=f"whist:{season.slug}:")
    assert steps.count() == 3
    close = steps.get(name__endswith="close and draw")
    assert (close.crontab.hour, close.crontab.minute, close.crontab.day_of_week) == (
        "20",
        "0",
        "0,3",
    )
    assert str(close.crontab.timezone) == "Asia/Jerusalem"
    assert sync_schedules() == 0  # idempotent


@pytest.mark.parametrize(
    ("name", "task", "at"),
    [
        ("whist:standings tally", "standings.check_tally", ("4", "30", "1")),  # Monday 04:30
        ("whist:standings index", "standings.compact_index", ("5", "0", "1")),  # Monday 05:00
    ],
)
def test_sync_schedules_the_weekly_standings_upkeep(name, task, at):
    sync_schedules()
    upkeep = PeriodicTask.objects.get(name=name)
    assert upkeep.task == task
    crontab = upkeep.crontab
    assert (crontab.hour, crontab.minute, crontab.day_of_week) == at
    assert str(crontab.timezone) == "Asia/Jerusalem"


def test_finished_seasons_lose_their_schedule():
    season = f.season()
    sync_schedules()
    season.status = season.Status.FINISHED
    season.save()
    sync_schedules()
    assert not PeriodicTask.objects.filter(name__startswith=f"whist:{season.slug}:").exists()


@pytest.mark.parametrize(
    ("last_run", "expected"),
    [
        # Autumn: Wednesday 21.10.2026 20:00 IDT (17:00 UTC) -> Sunday 25.10 20:00 IST.
        (
            dt.datetime(2026, 10, 21, 17, 0, tzinfo=UTC),
            dt.datetime(2026, 10, 25, 18, 0, tzinfo=UTC),
        ),
        # Spring: Wednesday 25.3.2026 20:00 IST (18:00 UTC) -> Sunday 29.3 20:00 IDT.
        (dt.datetime(2026, 3, 25, 18, 0, tzinfo=UTC), dt.datetime(2026, 3, 29, 17, 0, tzinfo=UTC)),
        # Within one offset: Sunday 29.11.2026 20:00 IST -> Wednesday 2.12 20:00 IST.
        (dt.datetime(2026, 11, 29, 18, 0, tzinfo=UTC), dt.datetime(2026, 12, 2, 18, 0, tzinfo=UTC)),
    ],
)
def test_registration_closes_at_20_00_league_time_across_daylight_saving(last_run, expected):
    season = f.season()
    sync_schedules()
    task = PeriodicTask.objects.get(name=f"whist:{season.slug}: close and draw")
    assert next_run(task, last_run + dt.timedelta(seconds=1)) == expected


def test_results_at_midnight_run_on_the_next_weekday():
    season = f.season()
    season.rules = {"schedule": {"results_publish": "00:00"}}
    season.save()
    sync_schedules()
    task = PeriodicTask.objects.get(name=f"whist:{season.slug}: publish results")
    assert task.crontab.day_of_week == "1,4"
