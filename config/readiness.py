"""`/readyz`: whether this server can do its work now (django-health-check), 503 if not.

The database and the cache always; with a broker (the Celery app's task_always_eager off)
also the broker, a live worker and beat, known alive by the last run of its every-minute
sweep (django-celery-beat's `PeriodicTask.last_run_at`, which beat writes back every few
minutes). Without a broker there is no worker and no beat: tasks run in the request and
`run_schedule` sweeps. `/healthz` (config.views) stays liveness only.

Every answer lists each check with `OK` or what failed: JSON for `Accept: application/json`
(or `?format=json`), else plain text (a browser's too). The library runs the checks at once,
the synchronous ones in threads: each check that opens a database connection closes it
again, and the broker checks use connections of their own (a Celery app of their own,
closed after the check), never the pools the app sends its tasks through.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
from collections.abc import Iterator
from typing import Any

from celery import Celery
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django_celery_beat.models import PeriodicTask
from health_check.base import HealthCheck
from health_check.checks import Cache, Database
from health_check.contrib.celery import Ping
from health_check.exceptions import ServiceUnavailable
from health_check.views import HealthCheckView
from kombu.exceptions import OperationalError as KombuOperationalError
from kombu.pools import ProducerPool

from config.celery import app

# The sweep beat sends every minute, by its name in publishing.beat.SWEEPS (named here, not
# imported: config imports no app package; tests/test_readyz.py holds the two the same).
BEAT_SWEEP = "whist:publish sweep"
SECONDS = dt.timedelta(seconds=1)


@contextlib.contextmanager
def probe_app() -> Iterator[Celery]:
    """A Celery app configured like the app, on the broker the app sends to now, with
    connection and producer pools of its own that are closed afterwards: a check neither
    takes nor closes a connection the app's tasks use, and leaves none open."""
    probe = Celery("whist-readyz", set_as_current=False)
    probe.config_from_object("django.conf:settings", namespace="CELERY")
    probe.conf.broker_url = app.conf.broker_url
    # One attempt to connect, within a second: a broker that is down fails the check at once.
    probe.conf.broker_connection_timeout = 1
    probe.conf.broker_transport_options = {**app.conf.broker_transport_options, "max_retries": 0}
    connections = probe.connection_for_write().Pool(limit=2)
    producers = ProducerPool(connections, limit=2)  # type: ignore[no-untyped-call]  # kombu is untyped
    probe._pool = connections
    probe.amqp._producer_pool = producers
    try:
        yield probe
    finally:
        producers.force_close_all()  # type: ignore[no-untyped-call]  # kombu is untyped
        connections.force_close_all()
        probe.close()


@dataclasses.dataclass
class Broker(HealthCheck):  # type: ignore[misc]  # django-health-check ships no types
    """The Celery broker accepts a connection (one attempt, no retries)."""

    timeout: dt.timedelta = dataclasses.field(default=2 * SECONDS, repr=False)

    def run(self) -> None:
        try:
            with app.connection_for_write() as broker:
                broker.ensure_connection(max_retries=0, timeout=self.timeout.total_seconds())
        except (OSError, KombuOperationalError) as error:
            raise ServiceUnavailable("The broker does not answer") from error


@dataclasses.dataclass
class Worker(HealthCheck):  # type: ignore[misc]  # django-health-check ships no types
    """A worker answers `ping` and consumes every queue: django-health-check's Celery Ping,
    on a Celery app of its own (probe_app)."""

    ping_timeout: dt.timedelta = dataclasses.field(default=1 * SECONDS, repr=False)
    # ping waits its whole timeout for every worker, then asks them for their queues.
    timeout: dt.timedelta = dataclasses.field(default=3 * SECONDS, repr=False)

    def run(self) -> None:
        with probe_app() as probe:
            try:
                Ping(app=probe, timeout=self.ping_timeout).run()
            except KombuOperationalError as error:
                raise ServiceUnavailable("The broker does not answer") from error


@dataclasses.dataclass
class BeatLastRun(HealthCheck):  # type: ignore[misc]  # django-health-check ships no types
    """Beat sent its every-minute sweep within settings.READYZ_BEAT_MAX_AGE seconds."""

    task: str = BEAT_SWEEP

    def run(self) -> None:
        # The check runs in a thread of its own: its connection is closed again.
        with connection.temporary_connection():
            last_run = (
                PeriodicTask.objects.filter(name=self.task, enabled=True)
                .values_list("last_run_at", flat=True)
                .first()
            )
        if last_run is None:
            raise ServiceUnavailable("Beat has not sent the sweep yet")
        age = timezone.now() - last_run
        if age > settings.READYZ_BEAT_MAX_AGE * SECONDS:
            raise ServiceUnavailable(f"Beat last sent the sweep {int(age.total_seconds())} s ago")


def readiness_checks() -> Iterator[HealthCheck]:
    """The checks, as the Celery app is configured now."""
    yield Database()
    yield Cache()
    if not app.conf.task_always_eager:
        yield Broker()
        yield Worker()
        yield BeatLastRun()


class ReadinessView(HealthCheckView):  # type: ignore[misc]  # django-health-check ships no types
    """django-health-check's view with our checks, answering 503 when one fails."""

    def get_checks(self) -> Iterator[HealthCheck]:
        return readiness_checks()

    def render_to_response(self, context: dict[str, Any], **kwargs: Any) -> HttpResponse:
        """A browser gets the plain-text list too: this is an operator's address, and the
        library's page is in English only, with an inline style the CSP refuses."""
        return self.render_to_response_text(kwargs.get("status", 200))  # type: ignore[no-any-return]  # the library is untyped

    async def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response: HttpResponse = await super().get(request, *args, **kwargs)
        if response.status_code == 500:  # the library's answer when a check failed
            response.status_code = 503
            # The failed checks are logged as warnings (the `health_check` logger): no error
            # line from Django as well for every probe while a service is down, nor an error
            # report for each (config.error_reports).
            response._has_been_logged = True  # type: ignore[attr-defined]  # Django's log_response mark
        return response
