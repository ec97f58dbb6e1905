"""Fixtures that run a real Celery worker against the real Redis and the PostgreSQL test DB."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection
from kombu import pools as kombu_pools

from config.celery import app

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("WHIST_TEST_REDIS_URL", "redis://127.0.0.1:6379/11")
DEAD_BROKER_URL = "redis://127.0.0.1:1/11"  # nothing listens there: "Redis is down"


def _redis_up() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


@pytest.fixture
def services(transactional_db: None) -> None:
    """Skip unless the database is PostgreSQL and Redis answers (what CI provides)."""
    if connection.vendor != "postgresql":
        pytest.skip("the worker integration tests need PostgreSQL (DATABASE_URL)")
    if not _redis_up():
        pytest.skip(f"Redis is not reachable at {REDIS_URL}")


def _reset_connections() -> None:
    """Drop the app's cached broker connections so the next send uses the current URL."""
    kombu_pools.reset()  # kombu caches producer pools per connection, process-wide
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    app.amqp._producer_pool = None


def _use_broker(url: str) -> None:
    app.conf.broker_url = url
    app.conf.task_always_eager = False
    _reset_connections()


@pytest.fixture
def broker(services: None) -> Iterator[Callable[[str], None]]:
    """Point this process's Celery app at the private Redis db (and back afterwards)."""
    redis.Redis.from_url(REDIS_URL).flushdb()
    saved = (app.conf.broker_url, app.conf.task_always_eager)
    _use_broker(REDIS_URL)
    yield _use_broker
    app.conf.broker_url, app.conf.task_always_eager = saved
    _reset_connections()
    redis.Redis.from_url(REDIS_URL).flushdb()


class Worker:
    """A `celery worker` subprocess (solo pool: killing it kills the running task)."""

    READY = "ready."

    def command(self) -> list[str]:
        return [
            "worker",
            "--pool=solo",
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            f"--hostname=whist-itest-{self.name}-{os.getpid()}@%h",
            *(["-Q", self.queues] if self.queues else []),
        ]

    def __init__(
        self, log: Path, env: dict[str, str] | None = None, queues: str = "", name: str = "w"
    ) -> None:
        """Start it; `env` adds to (or overrides) its environment, e.g. an SMTP server;
        `queues` (comma-separated) is its -Q (default: every queue the app declares)."""
        self.queues, self.name = queues, name
        db = settings.DATABASES["default"]
        login = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
        env = {
            **os.environ,
            "DATABASE_URL": (
                f"postgres://{login}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
            ),
            "CELERY_BROKER_URL": REDIS_URL,
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
            **(env or {}),
        }
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", *self.command()],
            cwd=ROOT,
            env=env,
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while self.READY not in log.read_text(errors="replace"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the worker did not start:\n{log.read_text()}")
            time.sleep(0.2)

    def kill(self) -> None:
        """SIGKILL: no warm shutdown, whatever it was doing is cut off."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


class Beat(Worker):
    """A `celery beat` subprocess with the database scheduler (django-celery-beat rows)."""

    READY = "beat: Starting..."

    def command(self) -> list[str]:
        return ["beat", "--loglevel=INFO", "--max-interval=2"]


@pytest.fixture
def start_beat(broker: Callable[[str], None], tmp_path: Path) -> Iterator[Callable[[], Beat]]:
    """Start a beat process; it is stopped at the end of the test."""
    started: list[Beat] = []

    def start() -> Beat:
        beat = Beat(tmp_path / "beat.log")
        started.append(beat)
        return beat

    yield start
    for beat in started:
        beat.stop()


@pytest.fixture
def start_worker(broker: Callable[[str], None], tmp_path: Path) -> Iterator[Callable[..., Worker]]:
    """Start workers on demand (`start(env, queues)`: with these environment variables
    besides, on these queues); every one started is stopped at the end of the test."""
    started: list[Worker] = []

    def start(env: dict[str, str] | None = None, queues: str = "") -> Worker:
        number = len(started)
        worker = Worker(tmp_path / f"worker-{number}.log", env, queues, name=str(number))
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


def wait_for(check: Callable[[], object], timeout: float = 60.0, what: str = "it") -> object:
    """Poll `check` until it returns something truthy; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"timed out waiting for {what}")
