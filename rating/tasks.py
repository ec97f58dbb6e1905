"""Celery tasks of the rating: bring the history up to date, then the rated seasons."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError, transaction

from league.signals import Change, announce_results
from publishing import coalesce
from rating.actions import do_apply_ratings
from rating.list_publishing import do_publish_ratings
from rating.rated_league import do_sync_rated_season, rated_seasons

logger = logging.getLogger(__name__)


PENDING = "ratings"
# A rating update waits this long after the first request, so a burst of confirmed rated
# games is rated by one run (the league pages do not wait for it: a season's own results
# are published by publishing.tasks at once).
DEBOUNCE_SECONDS = 3.0


def request_ratings(game_id: int | None = None) -> None:
    """Ask for a rating update once the current transaction commits; never raises.

    Requests coalesce into one waiting task: the update finds every new or changed game
    itself (`rating.actions.stale_point`), so a skipped request loses nothing.
    """
    transaction.on_commit(lambda: send_ratings(game_id))


def send_ratings(game_id: int | None = None) -> bool:
    """Send one rating update unless one is already waiting; never raises."""
    try:
        if not coalesce.claim(PENDING):
            return False
        apply_ratings.apply_async((game_id,), countdown=DEBOUNCE_SECONDS)
    except Exception:  # the broker is down: the periodic sweep catches up
        logger.warning("could not send the rating update for game %s; the sweep will", game_id)
        coalesce.release(PENDING)
        return False
    return True


def update_ratings(game_id: int | None = None, *, full: bool = False) -> dict[str, object]:
    """Apply pending ratings, sync every rated season, announce the seasons that changed and
    publish the rating list (a no-op when it is unchanged; the periodic sweep also moves its
    30-day changes on to a new day)."""
    applied = do_apply_ratings(game_id, full=full)
    changed = []
    for season, threshold in rated_seasons():
        if do_sync_rated_season(season, threshold):
            changed.append(season.pk)
    for season_id in changed:
        announce_results(season_id, change=Change.RATING)
    published = do_publish_ratings()
    return {
        "games": applied,
        "seasons": changed,
        "rating_list": published.version if published else None,
    }


@shared_task(
    name="rating.apply_ratings",
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=1,
    retry_backoff_max=60,
    max_retries=12,
    acks_late=True,
)
def apply_ratings(game_id: int | None = None) -> dict[str, object]:
    """Bring ratings and rated seasons up to date (idempotent: a repeat changes nothing)."""
    coalesce.release(PENDING)
    return update_ratings(game_id)
