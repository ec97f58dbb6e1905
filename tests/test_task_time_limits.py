"""Every Celery task has time limits; the tasks that read whole seasons have long ones
(settings.CELERY_TASK_*TIME_LIMIT, CELERY_TASK_ANNOTATIONS)."""

from __future__ import annotations

import pytest
from django.conf import settings

from config.celery import app


@pytest.fixture(autouse=True)
def _every_task_registered() -> None:
    """The worker imports every app's tasks module; the test process has not yet."""
    app.loader.import_default_modules()


def test_the_default_time_limits_are_on_the_apps_conf():
    assert app.conf.task_soft_time_limit == settings.CELERY_TASK_SOFT_TIME_LIMIT == 120
    assert app.conf.task_time_limit == settings.CELERY_TASK_TIME_LIMIT == 150


def test_long_tasks_have_the_long_limits():
    for name in settings.CELERY_LONG_TASKS:
        task = app.tasks[name]
        assert (task.soft_time_limit, task.time_limit) == (900, 960), name


def test_the_round_schedule_keeps_the_default_limits():
    task = app.tasks["publishing.run_round_schedule"]
    assert (task.soft_time_limit, task.time_limit) == (120, 150)


def test_every_soft_limit_comes_before_its_hard_limit():
    assert app.conf.task_soft_time_limit < app.conf.task_time_limit
    for name in settings.CELERY_LONG_TASKS:
        assert app.tasks[name].soft_time_limit < app.tasks[name].time_limit
