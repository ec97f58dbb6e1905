"""The schedule runs without Celery: the sweep `manage.py run_schedule` repeats in the quick
start closes and draws at the deadline and publishes the draw at its time."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command

from config.celery import app
from league.models import Round
from publishing.tasks import run_sweep
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

ZONE = ZoneInfo("Asia/Jerusalem")
SUNDAY = dt.date(2026, 11, 29)


def at(hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(SUNDAY, dt.time(hour, minute), tzinfo=ZONE)


@pytest.fixture
def open_round() -> Round:
    season = f.season(start=SUNDAY, end=dt.date(2027, 3, 28))
    round_ = f.round_(season, 1, SUNDAY)
    f.register(round_, ["Dana", "Eli", "Noa", "Omer", "Tal"])
    return round_


def test_sweep_before_the_deadline_leaves_the_round_open(open_round):
    run_sweep(at(19, 59))
    open_round.refresh_from_db()
    assert open_round.status == Round.Status.OPEN


def test_sweep_after_the_deadline_closes_and_draws_then_publishes_at_the_draw_time(open_round):
    run_sweep(at(20, 1))
    open_round.refresh_from_db()
    assert open_round.status == Round.Status.DRAWN
    assert open_round.tables.count() == 1 and open_round.draw_published_at is None

    run_sweep(at(20, 16))
    open_round.refresh_from_db()
    assert open_round.draw_published_at is not None


def test_run_schedule_once_sweeps_and_exits(open_round, monkeypatch):
    seen: list[object] = []
    monkeypatch.setattr(
        "publishing.management.commands.run_schedule.run_sweep", lambda: seen.append(1) or []
    )
    call_command("run_schedule", "--once")
    assert seen == [1]


def test_run_schedule_runs_beats_other_minute_sweeps_by_name(open_round, monkeypatch):
    seen: list[str] = []
    monkeypatch.setattr(
        "publishing.management.commands.run_schedule.run_sweep",
        lambda: seen.append("publishing") or [],
    )
    app.loader.import_default_modules()
    monkeypatch.setattr(app.tasks["notices.sweep"], "run", lambda: seen.append("notices") or 0)
    call_command("run_schedule", "--once")
    assert seen == ["publishing", "notices"]
