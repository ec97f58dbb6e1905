"""The sending task retries a mail server's errors with exponential back-off and jitter, a
bounded number of times, within the default time limits; the beat sweep queues again what
was left queued, and only that."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from config.celery import app
from mail.delivery import MAX_RETRIES
from mail.kinds import Kind
from mail.models import Outbound
from mail.outbox import enqueue
from mail.tasks import GRACE, STALE, send_outbound, sweep_outbox
from publishing.beat import SWEEPS, sync_schedules
from tests.mail.support import letter, reader

pytestmark = pytest.mark.django_db


def test_the_send_task_retries_mail_server_errors_with_backoff_and_jitter():
    assert send_outbound.name == "mail.send"
    assert send_outbound.autoretry_for == (OSError,)  # smtplib.SMTPException is one
    assert send_outbound.retry_backoff is True and send_outbound.retry_jitter is True
    assert send_outbound.max_retries == MAX_RETRIES == 8


def test_the_mail_tasks_keep_the_default_time_limits():
    for name in ("mail.send", "mail.sweep"):
        task = app.tasks[name]
        assert (task.soft_time_limit, task.time_limit) in ((None, None), (120, 150)), name
    assert app.conf.task_soft_time_limit == 120


def test_the_mail_sweep_is_in_the_beat_schedule():
    assert SWEEPS["whist:mail sweep"] == ("mail.sweep", 300)
    sync_schedules()
    assert PeriodicTask.objects.get(name="whist:mail sweep").task == "mail.sweep"


def _left_queued(user, key: str, *, age: dt.timedelta, tried: dt.timedelta | None = None) -> None:
    assert enqueue(user, Kind.DISPUTE, key, letter)
    now = timezone.now()
    Outbound.objects.filter(key=key).update(
        created_at=now - age, tried_at=None if tried is None else now - tried
    )


def test_the_sweep_sends_messages_left_queued_and_only_those(django_capture_on_commit_callbacks):
    user = reader()
    with django_capture_on_commit_callbacks(execute=False):  # the queued task is lost
        _left_queued(user, "lost", age=GRACE * 2)
        _left_queued(user, "new", age=dt.timedelta(0))
        _left_queued(user, "retrying", age=STALE * 2, tried=dt.timedelta(seconds=30))
        _left_queued(user, "stale", age=STALE * 3, tried=STALE * 2)
    assert sweep_outbox.apply().get() == 2
    sent = set(Outbound.objects.filter(status=Outbound.Status.SENT).values_list("key", flat=True))
    assert sent == {"lost", "stale"}
    assert len(mail.outbox) == 2
    assert sweep_outbox.apply().get() == 0  # sent ones are never queued again


def test_a_hanging_mail_server_fails_the_try_before_the_tasks_time_limit(settings):
    assert 0 < settings.EMAIL_TIMEOUT < app.conf.task_soft_time_limit
