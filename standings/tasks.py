"""The standings' Celery tasks, weekly upkeep (beat, Monday): the tally checked against the
results at 04:30, the index they read rebuilt at 05:00."""

from __future__ import annotations

import logging
from dataclasses import asdict
from typing import Any

from celery import shared_task

from standings.index_upkeep import compact_standing_index
from standings.tally import repair

logger = logging.getLogger(__name__)


@shared_task(name="standings.check_tally", acks_late=True)
def check_tally() -> dict[str, Any] | None:
    """Compare the results' tally with a count of the results and repair it if they differ
    (standings.tally.repair); what was found (None: not PostgreSQL)."""
    found = repair()
    return None if found is None else asdict(found)


@shared_task(name="standings.compact_index", acks_late=True)
def compact_index() -> dict[str, Any] | None:
    """Rebuild `result_standing_order` concurrently; its sizes before and after (None: not
    PostgreSQL). A failed run leaves the old index in use and is tried again next week."""
    compacted = compact_standing_index()
    if compacted is None:
        return None
    logger.info(
        "standings index %s rebuilt: %d -> %d bytes",
        compacted.index,
        compacted.before,
        compacted.after,
    )
    return asdict(compacted)
