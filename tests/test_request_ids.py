"""Every log line names the request it was logged for, and so do the tasks that request
queued (config/request_ids.py, request_id_middleware.py, task_request_ids.py)."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from celery import shared_task, signals
from django.conf import settings
from django.test import Client
from gunicorn.glogging import SafeAtoms

from config import request_ids

logger = logging.getLogger("tests.request_ids")


@shared_task(name="tests.log_a_line")
def log_a_line() -> None:
    logger.warning("a line from the task")


@pytest.fixture
def all_logs(caplog):
    caplog.set_level(logging.INFO)
    return caplog


def _task_records(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.getMessage() == "a line from the task"]


@pytest.mark.django_db
def test_a_log_line_of_a_request_carries_time_level_logger_and_the_request_id(all_logs):
    response = Client().get("/no-such-page/")
    request_id = response["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)
    (record,) = [r for r in all_logs.records if r.name == "django.request"]
    assert record.request_id == request_id
    line = logging.Formatter(settings.LOG_FORMAT).format(record)
    assert re.fullmatch(
        rf"\d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d,\d{{3}} WARNING django.request \[{request_id}\] "
        r"Not Found: /no-such-page/",
        line,
    ), line


@pytest.mark.django_db
def test_each_request_gets_its_own_id():
    client = Client()
    assert client.get("/healthz")["X-Request-ID"] != client.get("/healthz")["X-Request-ID"]


@pytest.mark.django_db
def test_a_visitors_request_id_is_not_taken_without_the_proxy():
    response = Client().get("/healthz", HTTP_X_REQUEST_ID="chosen-by-the-visitor")
    assert response["X-Request-ID"] != "chosen-by-the-visitor"


@pytest.mark.django_db
def test_the_proxys_request_id_is_taken_behind_the_proxy(settings):
    settings.BEHIND_PROXY = True
    response = Client().get("/healthz", HTTP_X_REQUEST_ID="5f0c1d2e3a4b5c6d7e8f90a1b2c3d4e5")
    assert response["X-Request-ID"] == "5f0c1d2e3a4b5c6d7e8f90a1b2c3d4e5"


@pytest.mark.django_db
def test_a_malformed_proxy_request_id_is_replaced(settings):
    settings.BEHIND_PROXY = True
    response = Client().get("/healthz", HTTP_X_REQUEST_ID="two words")
    assert re.fullmatch(r"[0-9a-f]{32}", response["X-Request-ID"])


def test_a_line_outside_any_request_has_no_id(all_logs):
    logger.warning("outside")
    assert all_logs.records[-1].request_id == request_ids.NONE


def test_a_task_queued_by_a_request_logs_the_request_id(all_logs):
    headers: dict[str, object] = {}
    with request_ids.bound("rid-of-the-request"):
        # What Celery does as it publishes the task's message.
        signals.before_task_publish.send(sender=log_a_line.name, headers=headers, body=())
    assert headers == {"request_id": "rid-of-the-request"}
    log_a_line.apply(headers=headers)  # as a worker runs it: outside the request
    (record,) = _task_records(all_logs)
    assert record.request_id == "rid-of-the-request"
    assert request_ids.current() is None, "the worker's context is given back after the task"


def test_an_eager_task_runs_under_the_request_id(all_logs):
    with request_ids.bound("rid-eager"):
        log_a_line.delay()
    (record,) = _task_records(all_logs)
    assert record.request_id == "rid-eager"


def test_a_task_sent_outside_a_request_carries_no_id():
    headers: dict[str, object] = {}
    signals.before_task_publish.send(sender=log_a_line.name, headers=headers, body=())
    assert headers == {}


def test_gunicorns_access_line_ends_with_the_request_id():
    namespace: dict[str, object] = {}
    exec(Path("config/gunicorn.conf.py").read_text(), namespace)
    line = str(namespace["access_log_format"]) % SafeAtoms({"{x-request-id}o": "5f0c1d2e"})
    assert line.endswith(" 5f0c1d2e")
