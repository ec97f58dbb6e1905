"""Signal receivers: a changed season or confirmed game asks for a publish after commit."""

from __future__ import annotations

from typing import Any

from league.signals import season_results_changed


def _on_season_results_changed(sender: Any, season_id: int, **kwargs: Any) -> None:
    from publishing.tasks import request_publish

    request_publish(season_id)


def connect() -> None:
    """Connect the receivers (called once from the app config)."""
    season_results_changed.connect(
        _on_season_results_changed, dispatch_uid="publishing.season_results_changed"
    )


def sync_beat_after_migrate(sender: Any, **kwargs: Any) -> None:
    """Register the sweeps and season schedules with beat once the tables exist."""
    from publishing.beat import sync_schedules

    sync_schedules()
