"""/readyz with a real worker and a real beat on Redis and PostgreSQL: ready while both
run, not ready once the worker has stopped."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from config.readiness import BEAT_SWEEP
from publishing.beat import sync_schedules
from tests.integration.conftest import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.postgres]
BEAT = f"BeatLastRun(task='{BEAT_SWEEP}')"


def readyz() -> tuple[int, dict[str, str]]:
    response = Client().get("/readyz", HTTP_ACCEPT="application/json")
    return response.status_code, response.json()


def test_readyz_is_200_with_a_live_worker_and_beat_and_503_once_the_worker_stops(
    start_worker, start_beat, settings
):
    sync_schedules()
    # Beat last sent the sweep long ago: not ready until the beat started below sends it.
    long_ago = timezone.now() - dt.timedelta(seconds=settings.READYZ_BEAT_MAX_AGE + 60)
    PeriodicTask.objects.filter(name=BEAT_SWEEP).update(last_run_at=long_ago)
    worker = start_worker()
    status, results = readyz()
    assert status == 503
    assert results[BEAT].startswith("Unavailable: Beat last sent the sweep")
    assert results["Worker()"] == "OK"

    start_beat()  # the overdue sweep goes at once, and beat writes its time back
    wait_for(
        lambda: PeriodicTask.objects.filter(name=BEAT_SWEEP, last_run_at__gt=long_ago).exists(),
        timeout=30,
        what="beat to send the sweep and write its last run",
    )
    status, results = readyz()
    assert (status, results) == (200, {"Database(alias='default')": "OK",
                                       "Cache(alias='default')": "OK", "Broker()": "OK",
                                       "Worker()": "OK", BEAT: "OK"})  # fmt: skip

    worker.stop()
    status, results = readyz()
    assert status == 503
    assert results["Worker()"] == "Unavailable: Celery workers unavailable"
    assert {name for name, result in results.items() if result != "OK"} == {"Worker()"}


def test_readyz_names_a_queue_no_worker_takes(start_worker, settings):
    """The deploy kit's two workers (deploy/): the pages' worker alone leaves the e-mails'
    queue with nobody, and /readyz says so; with the background worker too, it is ready."""
    start_worker(queues=settings.CELERY_TASK_DEFAULT_QUEUE)
    status, results = readyz()
    assert status == 503
    assert results["Worker()"] == (
        f"Unavailable: No worker for Celery task queue {settings.BACKGROUND_QUEUE}"
    )
    start_worker(queues=settings.BACKGROUND_QUEUE)
    status, results = readyz()
    assert results["Worker()"] == "OK"
