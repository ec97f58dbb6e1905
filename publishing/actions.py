"""Write a season's snapshot: one transaction, locked per season, a no-op for unchanged inputs."""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction

from league.models import Season
from league.signals import Change, announce_season_change
from publishing.models import SeasonSnapshot, SnapshotSection
from publishing.snapshot_schema import SCHEMA, SnapshotData
from publishing.snapshot_split import split_snapshot
from publishing.snapshots import build_snapshot_data, inputs_fingerprint, latest_snapshot
from scoring.collector import collector_paused


def do_publish_season(
    season_id: int, *, force: bool = False, on_locked: Callable[[], None] | None = None
) -> SeasonSnapshot | None:
    """Publish the season's snapshot; return the new one, or None when nothing changed.

    Unchanged inputs (the fingerprint) publish nothing. `force` builds the snapshot anyway
    and stores it only if its content differs (for changes the fingerprint does not see,
    such as a renamed player). The season row is locked for the duration, so two workers
    publishing the same season one after the other store one snapshot. The summary and its
    sections are written in this one transaction: no reader sees a snapshot without them.
    A snapshot of an older schema is never "unchanged": the first publish after a schema
    change writes the current one. `on_locked` is called once the lock is held, before the
    inputs are read (the publish task clears its coalescing mark there). The cycle collector
    is paused meanwhile (`collector_paused`): the snapshot and the latest one decoded are
    hundreds of thousands of containers, none garbage, which it walked again and again.
    """
    with transaction.atomic(), collector_paused():
        season = (
            Season.objects.select_for_update(no_key=True).select_related("league").get(pk=season_id)
        )
        if on_locked is not None:
            on_locked()
        fingerprint = inputs_fingerprint(season)
        latest = SeasonSnapshot.objects.filter(season=season).order_by("-version").first()
        current = latest if latest is not None and latest.schema == SCHEMA else None
        if current is not None and current.fingerprint == fingerprint and not force:
            return None
        data = build_snapshot_data(season)
        if current is not None and _same_content(current, data):
            return None
        return store_snapshot(season, (latest.version + 1) if latest else 1, fingerprint, data)


def store_snapshot(
    season: Season, version: int, fingerprint: str, data: SnapshotData
) -> SeasonSnapshot:
    """Store `data` as `version`: its summary row and its sections (call inside a transaction,
    as `do_publish_season` does, so they are written together or not at all)."""
    parts = split_snapshot(data)
    snapshot = SeasonSnapshot.objects.create(
        season=season,
        version=version,
        schema=SCHEMA,
        fingerprint=fingerprint,
        summary=parts.summary,
    )
    # One row per INSERT: batched, PostgreSQL's bulk insert packs the JSON into one array
    # parameter whose quoting costs about 1 s for a 200-player season; row by row, 0.1 s.
    SnapshotSection.objects.bulk_create(
        (
            SnapshotSection(snapshot=snapshot, key=key, data=section)
            for key, section in parts.sections()
        ),
        batch_size=1,
    )
    announce_season_change(season.pk, Change.PUBLISHED)
    return snapshot


def _same_content(current: SeasonSnapshot, data: SnapshotData) -> bool:
    """Whether `data` says what the `current` snapshot says (its publication time aside).

    The tables are asked first, from the summary already loaded: a new result changes them,
    and then the latest snapshot's sections (megabytes of JSON) need not be read and decoded.
    """
    summary = current.typed_summary
    if (summary["standings"], summary["final_standings"]) != (
        data["standings"],
        data["final_standings"],
    ):
        return False
    return _content(current.data) == _content(data)


def _content(data: SnapshotData) -> dict[str, object]:
    return {key: value for key, value in data.items() if key != "published_at"}


def stale_season_ids() -> list[int]:
    """Seasons whose latest snapshot does not match their current inputs (or have none in
    the current schema)."""
    stale = []
    for season in Season.objects.select_related("league").order_by("pk"):
        latest = latest_snapshot(season)
        if latest is None or latest.fingerprint != inputs_fingerprint(season):
            stale.append(season.pk)
    return stale
