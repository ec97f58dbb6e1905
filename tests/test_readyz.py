"""/readyz (config/readiness.py): 200 when every check passes, 503 naming the one that failed;
/healthz stays liveness only.

The checks run in threads of their own (django-health-check), so what they read must be
committed (transactional tests) and a database that is down is one that refuses every new
connection. The broker checks use a Celery app of their own: the tests only point the app's
configuration at a broker and never touch its pools. A real worker answering is
tests/integration/test_readyz.py."""

from __future__ import annotations

import datetime as dt
import logging
import os

import pytest
import redis
from django.db import OperationalError, connections
from django.test import Client
from django.utils import timezone
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from config.celery import app
from config.readiness import BEAT_SWEEP
from publishing.beat import SWEEPS

pytestmark = pytest.mark.django_db
# The Redis db of these tests (nothing else of theirs listens on it: no worker answers).
LIVE_REDIS = os.environ.get("WHIST_TEST_REDIS_URL", "redis://127.0.0.1:6379/11")
DEAD_REDIS = "redis://127.0.0.1:1/11"  # nothing listens on port 1
BEAT = f"BeatLastRun(task='{BEAT_SWEEP}')"


def readyz() -> tuple[int, dict[str, str]]:
    response = Client().get("/readyz", HTTP_ACCEPT="application/json")
    return response.status_code, response.json()


def failed(results: dict[str, str]) -> set[str]:
    return {name.split("(")[0] for name, result in results.items() if result != "OK"}


def checks(results: dict[str, str]) -> set[str]:
    return {name.split("(")[0] for name in results}


@pytest.fixture
def with_broker(monkeypatch):  # type: ignore[no-untyped-def]
    """Tasks go to a broker at `url` (not run in the request): every check is made. Only the
    app's configuration changes (and is put back); its connection pools are never touched."""

    def use(url: str) -> None:
        monkeypatch.setitem(app.conf, "broker_url", url)
        monkeypatch.setitem(app.conf, "task_always_eager", False)

    return use


@pytest.fixture
def live_redis():  # type: ignore[no-untyped-def]
    try:
        redis.Redis.from_url(LIVE_REDIS, socket_connect_timeout=1).ping()
    except redis.RedisError:
        pytest.skip(f"no Redis at {LIVE_REDIS}")
    return LIVE_REDIS


@pytest.fixture
def beat_ran():  # type: ignore[no-untyped-def]
    """Beat sent the sweep `ago` ago (as its database scheduler writes it back)."""

    def ran(ago: dt.timedelta) -> None:
        every, _ = IntervalSchedule.objects.get_or_create(every=60, period="seconds")
        PeriodicTask.objects.update_or_create(
            name=BEAT_SWEEP,
            defaults={"task": "publishing.sweep", "interval": every,
                      "last_run_at": timezone.now() - ago},
        )  # fmt: skip

    return ran


@pytest.fixture
def database_refuses_connections(monkeypatch):  # type: ignore[no-untyped-def]
    """Every new database connection fails as a server that is down fails it (on the
    backend's class: the checks' threads make their own connections). The test's own
    connection, already open, goes on."""

    def refused(self, conn_params):  # type: ignore[no-untyped-def]
        raise OperationalError("connection refused")

    wrapper = type(connections["default"])
    monkeypatch.setattr(wrapper, "get_new_connection", refused)


def test_readyz_watches_the_sweep_beat_sends_every_minute():
    # config names it without importing publishing (no package loop); the two stay the same
    assert SWEEPS[BEAT_SWEEP] == ("publishing.sweep", 60)


def test_readyz_without_a_broker_checks_the_database_and_the_cache():
    status, results = readyz()
    assert status == 200
    assert failed(results) == set()
    assert checks(results) == {"Database", "Cache"}


def test_readyz_answers_503_when_the_database_is_down(database_refuses_connections):
    status, results = readyz()
    assert (status, failed(results)) == (503, {"Database"})
    assert "OperationalError" not in str(results)


def test_readyz_answers_503_when_the_cache_is_down(shared_cache_down):
    status, results = readyz()
    assert (status, failed(results)) == (503, {"Cache"})


@pytest.mark.django_db(transaction=True)
def test_readyz_answers_503_when_the_broker_is_down(with_broker, beat_ran):
    with_broker(DEAD_REDIS)
    beat_ran(dt.timedelta(minutes=1))
    status, results = readyz()
    assert status == 503
    assert failed(results) == {"Broker", "Worker"}
    assert results["Worker()"] == "Unavailable: The broker does not answer"


@pytest.mark.django_db(transaction=True)
def test_readyz_answers_503_when_no_worker_answers(with_broker, live_redis, beat_ran):
    with_broker(live_redis)
    beat_ran(dt.timedelta(minutes=1))
    status, results = readyz()
    assert status == 503
    assert checks(results) == {"Database", "Cache", "Broker", "Worker", "BeatLastRun"}
    assert failed(results) == {"Worker"}
    assert results["Worker()"] == "Unavailable: Celery workers unavailable"


@pytest.mark.django_db(transaction=True)
def test_readyz_answers_503_when_beat_has_not_sent_the_sweep_lately(
    with_broker, live_redis, beat_ran, settings
):
    with_broker(live_redis)
    beat_ran(dt.timedelta(seconds=settings.READYZ_BEAT_MAX_AGE + 60))
    status, results = readyz()
    assert status == 503
    assert "BeatLastRun" in failed(results)
    beat = results[BEAT]
    assert beat.startswith("Unavailable: Beat last sent the sweep ")


@pytest.mark.django_db(transaction=True)
def test_readyz_answers_503_when_beat_never_sent_the_sweep(with_broker, live_redis):
    with_broker(live_redis)
    status, results = readyz()
    assert status == 503
    assert results[BEAT] == "Unavailable: Beat has not sent the sweep yet"


@pytest.mark.django_db(transaction=True)
def test_beat_check_passes_when_the_sweep_was_sent_within_the_max_age(
    with_broker, live_redis, beat_ran, settings
):
    with_broker(live_redis)
    beat_ran(dt.timedelta(seconds=settings.READYZ_BEAT_MAX_AGE - 60))
    status, results = readyz()
    assert status == 503  # no worker answers on this Redis
    assert failed(results) == {"Worker"}


@pytest.mark.django_db(transaction=True)
def test_readyz_checks_leave_the_apps_own_connections_alone(with_broker):
    """After /readyz on a broker that is down, the app still sends through its own pool."""
    with app.producer_or_acquire() as before:
        pool_connection = before.connection
    with_broker(DEAD_REDIS)
    readyz()
    with app.producer_or_acquire() as after:
        assert after.connection is pool_connection


def test_a_failed_check_is_a_warning_and_not_an_error_line_per_probe(shared_cache_down, caplog):
    with caplog.at_level(logging.WARNING):
        status, _ = readyz()
    assert status == 503
    assert [(r.name, r.levelname) for r in caplog.records if r.name == "health_check"] == [
        ("health_check", "WARNING")
    ]
    assert [r for r in caplog.records if r.name == "django.request"] == []


def test_readyz_lists_every_check_as_plain_text_for_a_browser_too():
    for accept in ("text/plain", "text/html,application/xhtml+xml,*/*;q=0.8"):
        answer = Client().get("/readyz", HTTP_ACCEPT=accept)
        assert answer.status_code == 200
        assert answer["Content-Type"] == "text/plain; charset=utf-8"
        assert answer.content.decode().splitlines() == ["Database(alias='default'): OK",
                                                        "Cache(alias='default'): OK"]  # fmt: skip


def test_readyz_lists_the_failed_check_in_plain_text(shared_cache_down):
    answer = Client().get("/readyz", HTTP_ACCEPT="text/html")
    assert answer.status_code == 503
    assert "Cache(alias='default'): Unavailable: " in answer.content.decode()


def test_readyz_is_never_kept_by_a_cache():
    response = Client().get("/readyz", HTTP_ACCEPT="application/json")
    assert "no-cache" in response["Cache-Control"] and "max-age=0" in response["Cache-Control"]


def test_healthz_stays_liveness_only(database_refuses_connections):
    assert Client().get("/healthz").status_code == 200
