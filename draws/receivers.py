"""The draws' receivers: a tournament stage's kept draw check follows the season's results
(draws.stage_checks)."""

from __future__ import annotations

import logging
from typing import Any

from core.errors import ActionError
from draws.stage_checks import refresh_stage_checks
from league.signals import season_results_changed

logger = logging.getLogger(__name__)


def _on_season_results_changed(sender: Any, season_id: int | None, **kwargs: Any) -> None:
    if season_id is None:
        return
    try:
        refresh_stage_checks(season_id)
    except ActionError as error:  # the season's stored rules are invalid: the results stand
        logger.warning("season %s: stage draw checks not refreshed: %s", season_id, error)


def connect() -> None:
    """Connect the receivers (called once from the app config)."""
    season_results_changed.connect(_on_season_results_changed, dispatch_uid="draws.stage_checks")
