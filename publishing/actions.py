"""Write a season's snapshot: one transaction, locked per season, a no-op for unchanged inputs."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from league.models import Season
from publishing.models import SeasonSnapshot
from publishing.snapshots import build_snapshot_data, inputs_fingerprint, latest_snapshot


def do_publish_season(season_id: int, *, force: bool = False) -> SeasonSnapshot | None:
    """Publish the season's snapshot; return the new one, or None when nothing changed.

    Unchanged inputs (the fingerprint) publish nothing. `force` builds the snapshot anyway
    and stores it only if its content differs (for changes the fingerprint does not see,
    such as a renamed player). The season row is locked for the duration, so two workers
    publishing the same season one after the other store one snapshot.
    """
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season_id)
        fingerprint = inputs_fingerprint(season)
        latest = latest_snapshot(season)
        if latest is not None and latest.fingerprint == fingerprint and not force:
            return None
        data = build_snapshot_data(season)
        if latest is not None and _content(latest.data) == _content(data):
            return None
        return SeasonSnapshot.objects.create(
            season=season,
            version=(latest.version + 1) if latest else 1,
            fingerprint=fingerprint,
            data=data,
        )


def _content(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "published_at"}


def stale_season_ids() -> list[int]:
    """Seasons whose latest snapshot does not match their current inputs (or have none)."""
    stale = []
    for season in Season.objects.select_related("league").order_by("pk"):
        latest = latest_snapshot(season)
        if latest is None or latest.fingerprint != inputs_fingerprint(season):
            stale.append(season.pk)
    return stale
