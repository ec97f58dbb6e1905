"""Celery tasks of notices: beat's minute sweep and a season's sweep after its announcement."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError, transaction

from notices import sweep as sweeps
from publishing import coalesce

logger = logging.getLogger(__name__)


@shared_task(
    name="notices.sweep",
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=1,
    max_retries=5,
)
def sweep() -> int:
    """Beat's every-minute entry point: enqueue every message due now."""
    return sweeps.sweep()


@shared_task(
    name="notices.sweep_season",
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=1,
    max_retries=5,
    acks_late=True,
)
def sweep_season(season_id: int) -> int:
    """Enqueue the season's messages due now (after an announcement of its change). The
    waiting mark is released first: an announcement made while this runs sends the next."""
    coalesce.release(pending_name(season_id))
    return sweeps.sweep_season(season_id)


def pending_name(season_id: int) -> str:
    """The coalescing flag of a season's notices sweep."""
    return f"notices:{season_id}"


def request_sweep(season_id: int) -> None:
    """Ask for the season's sweep once the current transaction commits, unless one is
    already waiting; never raises (a lost request is the minute sweep's to catch up)."""
    transaction.on_commit(lambda: send_sweep(season_id))


def send_sweep(season_id: int) -> bool:
    """Send one sweep task unless one is already waiting for this season; never raises."""
    try:
        if not coalesce.claim(pending_name(season_id)):
            return False
        sweep_season.apply_async((season_id,))
    except Exception:  # the broker is down: the minute sweep catches up
        logger.warning("could not send the notices sweep of season %s", season_id, exc_info=True)
        coalesce.release(pending_name(season_id))
        return False
    return True
