"""Write a season's snapshot: one transaction, locked per season, a no-op for unchanged inputs."""

from __future__ import annotations

from django.db import transaction

from league.models import Season
from publishing.models import SeasonSnapshot
from publishing.snapshots import build_snapshot_data, inputs_fingerprint, latest_snapshot


def do_publish_season(season_id: int) -> SeasonSnapshot | None:
    """Publish the season's snapshot; return the new one, or None when nothing changed.

    The season row is locked for the duration, so two workers publishing the same season
    one after the other store one snapshot: the second sees the same fingerprint.
    """
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season_id)
        fingerprint = inputs_fingerprint(season)
        latest = latest_snapshot(season)
        if latest is not None and latest.fingerprint == fingerprint:
            return None
        return SeasonSnapshot.objects.create(
            season=season,
            version=(latest.version + 1) if latest else 1,
            fingerprint=fingerprint,
            data=build_snapshot_data(season),
        )


def stale_season_ids() -> list[int]:
    """Seasons whose latest snapshot does not match their current inputs (or have none)."""
    stale = []
    for season in Season.objects.select_related("league").order_by("pk"):
        latest = latest_snapshot(season)
        if latest is None or latest.fingerprint != inputs_fingerprint(season):
            stale.append(season.pk)
    return stale
