"""The tasks' two queues (config/settings.py): what pages wait for on the default queue,
what may wait on "background", so a draw's letters never hold up a publish."""

from __future__ import annotations

import pytest
from django.conf import settings

from config.celery import app

PAGES = settings.CELERY_TASK_DEFAULT_QUEUE
BACKGROUND = settings.BACKGROUND_QUEUE


def queue_of(name: str) -> str:
    """The queue a task named `name` is sent to, as the app routes it."""
    return app.amqp.router.route({}, name)["queue"].name


def our_tasks() -> list[str]:
    app.loader.import_default_modules()
    return sorted(name for name in app.tasks if not name.startswith("celery."))


def test_every_task_goes_to_a_declared_queue():
    declared = {queue.name for queue in settings.CELERY_TASK_QUEUES}
    assert declared == {PAGES, BACKGROUND}
    assert our_tasks(), "no task registered"
    for name in our_tasks():
        assert queue_of(name) in declared, name


@pytest.mark.parametrize(
    "name",
    ["publishing.publish_season", "publishing.run_round_schedule", "publishing.sweep"],
)
def test_what_pages_wait_for_goes_to_the_default_queue(name):
    assert name in our_tasks()
    assert queue_of(name) == PAGES


@pytest.mark.parametrize(
    "name",
    [
        "mail.send",
        "mail.sweep",
        "notices.sweep",
        "notices.sweep_season",
        "rating.apply_ratings",
        "standings.check_tally",
        "standings.compact_index",
    ],
)
def test_what_may_wait_goes_to_the_background_queue(name):
    assert name in our_tasks()
    assert queue_of(name) == BACKGROUND


def test_a_worker_started_without_a_queue_takes_both():
    # celery worker with no -Q consumes every queue the app declares (app.amqp.queues).
    assert {PAGES, BACKGROUND} <= set(app.amqp.queues)
