"""How the messages fire: beat's minute sweep (a row of its own, the default time limits),
the season's sweep after its announcement (on commit), a tournament's stages named as stages,
and a season with broken rules skipped."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django_celery_beat.models import PeriodicTask

from config.celery import app
from draws.actions import do_draw_round, publish_draw
from league.models import Registration, Season
from league.signals import Change, season_changed
from mail.kinds import Kind
from mail.recipients import set_language
from notices import receivers, tasks
from notices.sweep import sweep, sweep_season
from publishing import rounds as publishing_rounds
from publishing.actions import do_publish_season
from publishing.beat import sync_schedules
from publishing.rounds import do_publish_results
from tests.notices.support import rows
from tests.tournamentsupport import play, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def stage_one():
    _season, rounds = tournament(8)
    stage = rounds[0]
    seated = Registration.objects.filter(round=stage).select_related("player").first().player
    seated.user = get_user_model().objects.create_user("gil", "gil@example.org", "pw")
    seated.save()
    do_draw_round(stage, seed=7)
    return stage


def test_beat_runs_the_notices_sweep_every_minute():
    sync_schedules()
    task = PeriodicTask.objects.get(name="whist:notices sweep")
    assert task.task == "notices.sweep" and task.interval.every == 60


def test_the_sweeps_tasks_keep_the_default_time_limits():
    app.loader.import_default_modules()
    for name in ("notices.sweep", "notices.sweep_season"):
        task = app.tasks[name]
        assert (task.soft_time_limit, task.time_limit) == (120, 150), name


def test_an_announcement_sweeps_the_season_after_commit(
    stage_one, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        publish_draw(stage_one)
        assert not rows()  # nothing before the commit
    assert [row.kind for row in rows()] == [Kind.TABLE_DRAWN]


def test_the_rating_jobs_announcement_asks_for_no_sweep(
    stage_one, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        receivers._on_season_changed(None, season_id=stage_one.season_id, change=Change.RATING)
    assert callbacks == []
    with django_capture_on_commit_callbacks() as callbacks:
        receivers._on_season_changed(None, season_id=stage_one.season_id, change=Change.SHOWN)
    assert len(callbacks) == 1


def test_the_receiver_is_connected_once():
    receivers.connect()
    receivers.connect()  # dispatch_uid: still one
    keys = [entry[0][0] for entry in season_changed.receivers]
    assert keys.count("notices.season_changed") == 1


@pytest.mark.parametrize(
    ("language", "draw", "results"),
    [
        ("en", "Stage 1 draw", "Stage 1 results"),
        ("he", "הגרלת השולחנות של שלב 1", "תוצאות שלב 1"),
    ],
)
def test_a_tournaments_letters_name_the_stage(stage_one, language, draw, results):
    gil = get_user_model().objects.get(username="gil")
    set_language(gil, language)
    publish_draw(stage_one)
    assert sweep_season(stage_one.season_id) == 1
    assert rows(Kind.TABLE_DRAWN)[0].subject.endswith(f": {draw}")
    play(stage_one)
    do_publish_results(stage_one)
    do_publish_season(stage_one.season_id)
    assert sweep_season(stage_one.season_id) == 1
    assert rows(Kind.RESULTS)[0].subject.endswith(f": {results}")


def test_a_season_with_broken_rules_is_skipped(stage_one, caplog):
    publish_draw(stage_one)
    Season.objects.filter(pk=stage_one.season_id).update(rules={"deals_per_game": -3})
    assert sweep() == 0
    assert "skipped" in caplog.text


def test_the_round_schedule_mails_nothing_itself():
    assert not hasattr(publishing_rounds, "notify_round")


def test_a_burst_of_announcements_sends_one_waiting_sweep(monkeypatch):
    waiting: set[str] = set()
    sent: list[tuple[int, ...]] = []

    def claim(name: str) -> bool:
        if name in waiting:
            return False
        waiting.add(name)
        return True

    monkeypatch.setattr(tasks.coalesce, "claim", claim)
    monkeypatch.setattr(tasks.coalesce, "release", waiting.discard)
    monkeypatch.setattr(tasks.sweep_season, "apply_async", sent.append)
    assert [tasks.send_sweep(7) for _ in range(5)] == [True, False, False, False, False]
    assert sent == [(7,)] and waiting == {"notices:7"}


def test_a_broker_down_drops_the_request_and_frees_the_mark(monkeypatch, caplog):
    released: list[str] = []
    monkeypatch.setattr(tasks.coalesce, "claim", lambda name: True)
    monkeypatch.setattr(tasks.coalesce, "release", released.append)

    def down(*args: object, **kwargs: object) -> None:
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.sweep_season, "apply_async", down)
    assert tasks.send_sweep(7) is False
    assert released == ["notices:7"]
    assert "could not send the notices sweep of season 7" in caplog.text


def queries_of_a_second_sweep(players: int) -> int:
    season, rounds = tournament(players, slug=f"evening-{players}")
    stage = rounds[0]
    for registration in Registration.objects.filter(round=stage).select_related("player"):
        name = registration.player.slug
        user = get_user_model().objects.create_user(name, f"{name}@example.org", "pw")
        registration.player.user = user
        registration.player.save(update_fields=["user"])
    do_draw_round(stage, seed=7)
    publish_draw(stage)
    assert sweep_season(season.pk) == players
    with CaptureQueriesContext(connection) as queries:
        assert sweep_season(season.pk) == 0
    return len(queries)


def test_a_sweep_with_nothing_new_costs_the_same_for_a_larger_round():
    assert queries_of_a_second_sweep(8) == queries_of_a_second_sweep(16) <= 8
