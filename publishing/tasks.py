"""Celery tasks of publishing: the coalesced season publish and the periodic catch-up sweep."""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from collections.abc import Iterator
from typing import Any

from celery import shared_task
from django.db import InterfaceError, OperationalError, transaction

from core.errors import ActionError
from games.season_status import advance_season_status
from league.models import Season
from league.signals import announce_season_change
from publishing import coalesce, rounds
from publishing.actions import do_publish_season, stale_season_ids
from publishing.beat import sync_schedules

logger = logging.getLogger(__name__)

# Leading edge, then trailing edge: the first change in a quiet season is published at
# once; changes made while a publish runs (or waits for the season's lock) are folded into
# the one publish already waiting, which starts when the running one ends. So a burst costs
# at most one running and one waiting publish per season, and a lone change is visible as
# soon as the worker has published it (no debounce window).


def pending_name(season_id: int) -> str:
    """The coalescing flag of a season's publish."""
    return f"publish:{season_id}"


def request_publish(season_id: int, *, force: bool = False) -> None:
    """Ask for a publish of the season once the current transaction commits.

    Never raises: when the broker is unreachable the request is dropped and logged, and the
    periodic sweep publishes the season once it runs again (the results are already stored).
    A `force`d publish (see `do_publish_season`) is rare and sent without coalescing.
    """
    if force:
        transaction.on_commit(lambda: _send_forced(season_id))
    else:
        transaction.on_commit(lambda: send_publish(season_id))


def _send_forced(season_id: int) -> None:
    try:
        publish_season.apply_async((season_id,), {"force": True})
    except Exception:
        logger.warning("could not send the forced publish of season %s", season_id, exc_info=True)


def send_publish(season_id: int) -> bool:
    """Send one publish task unless one is already waiting for this season; never raises."""
    try:
        if not coalesce.claim(pending_name(season_id)):
            return False
        publish_season.apply_async((season_id,))
    except Exception:  # the broker is down: the sweep catches up, the caller must not fail
        logger.warning(
            "could not send the publish of season %s; the sweep will", season_id, exc_info=True
        )
        coalesce.release(pending_name(season_id))
        return False
    return True


@shared_task(
    bind=True,
    name="publishing.publish_season",
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=1,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=12,
    acks_late=True,
)
def publish_season(self: Any, season_id: int, force: bool = False) -> int | None:
    """Publish the season's snapshot; returns the new version, or None when unchanged.

    The waiting mark is released once this run holds the season's lock, just before it
    reads the inputs: requests made while an earlier publish still runs find the mark set
    and are folded into this run; requests made after the release send the next one.
    """

    def release_waiting_mark() -> None:
        if not force:
            coalesce.release(pending_name(season_id))

    try:
        snapshot = do_publish_season(season_id, force=force, on_locked=release_waiting_mark)
    except Season.DoesNotExist:
        return None
    return None if snapshot is None else snapshot.version


@shared_task(
    name="publishing.run_round_schedule",
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=1,
    max_retries=5,
    acks_late=True,
)
def run_round_schedule(season_id: int) -> list[tuple[int, str]]:
    """Beat's crontab entry point: run the season's round steps that are due now."""
    try:
        return rounds.run_round_schedule(season_id)
    except Season.DoesNotExist:
        return []


@shared_task(
    name="publishing.sweep",
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=1,
    max_retries=5,
)
def sweep() -> list[int]:
    """Beat's periodic entry point: `run_sweep` now."""
    return run_sweep()


def run_sweep(now: dt.datetime | None = None) -> list[int]:
    """Catch up on anything a lost message missed: keep the beat rows in step with the
    seasons, run the round steps due at `now` (default: now), and publish every season
    with stale inputs; returns the seasons published.

    Celery beat runs it every minute; without a broker `manage.py run_schedule` does.
    It first moves each season's status on (`advance_season_status`, e.g. a rated
    season whose end date has passed is finished).
    One broken season (e.g. rules made invalid by hand) is logged and skipped, so it never
    holds up the others; database errors propagate so the sweep is retried.
    """
    for season in Season.objects.exclude(status=Season.Status.FINISHED).select_related("league"):
        with transaction.atomic():
            if advance_season_status(season):
                announce_season_change(season.pk)
    sync_schedules()
    for season_id in Season.objects.exclude(status=Season.Status.FINISHED).values_list(
        "pk", flat=True
    ):
        with _skipping_broken(season_id, "round schedule"):
            rounds.run_round_schedule(season_id, now)
    published = []
    for season_id in stale_season_ids():
        with _skipping_broken(season_id, "publish"):
            if do_publish_season(season_id) is not None:
                published.append(season_id)
    return published


@contextlib.contextmanager
def _skipping_broken(season_id: int, what: str) -> Iterator[None]:
    try:
        yield
    except (OperationalError, InterfaceError):
        raise
    except (Season.DoesNotExist, ActionError) as error:
        logger.warning("sweep: %s of season %s skipped: %s", what, season_id, error)
