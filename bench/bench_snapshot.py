"""Benchmark: a season's published snapshot built in the worker, and its standings both ways.

A full scheduled season (`--players` at tables of four in each of 34 rounds) is imported
into its own PostgreSQL database `whist_bench_snapshot`; then the snapshot the worker
publishes (`build_snapshot_data`: both tables, every round's results and table after it, the
race chart, the messaging texts) is built `--repeat` times, and the season's standings are
computed through the pure layer (with each game's points, for player pages) and inside the
database (standings.sql). Then the snapshot is published (stored by section) and a
cold render's decode is timed: what the season page, a round page and a player page load
and decode from it (the summary, round 17's section, one player's section), beside the whole
snapshot every page decoded before the split (schema 1).

    .venv/bin/python bench/bench_snapshot.py [--players 400] [--repeat 3] [--database NAME]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.support import database_url, setup_django


def timed(repeat: int, action: Callable[[], object]) -> list[float]:
    spent = []
    for _ in range(repeat):
        began = time.perf_counter()
        action()
        spent.append(time.perf_counter() - began)
    return spent


def report(what: str, spent: list[float]) -> None:
    print(f"{what:<52} median {statistics.median(spent):7.3f} s   best {min(spent):7.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database", default="whist_bench_snapshot")
    args = parser.parse_args()

    setup_django(database_url(args.database, fresh=True))
    from games.season_import import import_season
    from publishing.snapshots import build_snapshot_data
    from standings.loader import season_standings
    from tests.league.factories import random_rounds_season

    with mock.patch("publishing.tasks.request_publish"):  # the worker's job is timed below
        season = import_season(random_rounds_season(args.players, seed=1)).season
    games = season.games.count()
    print(f"season: {args.players} players, 34 rounds, {games} games")
    data = build_snapshot_data(season)
    size = len(json.dumps(data, default=str).encode())
    print(f"snapshot size: {size / 1e6:.1f} MB of JSON")
    report(
        "snapshot built (build_snapshot_data)",
        timed(args.repeat, lambda: build_snapshot_data(season)),
    )
    report(
        "standings, pure layer (with each game's points)",
        timed(args.repeat, lambda: season_standings(season)),
    )
    report(
        "standings inside the database (standings_sql)",
        timed(args.repeat, lambda: season_standings(season, details=False)),
    )
    cold_decode(season, args.repeat)


def cold_decode(season: Any, repeat: int) -> None:
    """Publish the snapshot, then time what each page's cold render loads and decodes."""
    from django.db import connection, transaction

    from publishing.actions import do_publish_season, store_snapshot
    from publishing.models import SeasonSnapshot
    from publishing.published import player_sections, published, published_round

    snapshot = do_publish_season(season.pk, force=True)
    assert snapshot is not None
    data = snapshot.data
    versions = iter(range(snapshot.version + 1, snapshot.version + 1 + repeat))

    def store() -> None:
        with transaction.atomic():
            store_snapshot(season, next(versions), snapshot.fingerprint, data)

    report("snapshot stored (summary + sections, one transaction)", timed(repeat, store))
    player = snapshot.typed_summary["standings"][0]["player_slug"]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT octet_length(summary::text) FROM publishing_seasonsnapshot WHERE id = %s",
            [snapshot.pk],
        )
        summary_size = cursor.fetchone()[0]
        cursor.execute(
            "SELECT key, octet_length(data::text) FROM publishing_snapshotsection"
            " WHERE snapshot_id = %s",
            [snapshot.pk],
        )
        sizes = dict(cursor.fetchall())
    whole = summary_size + sum(sizes.values())
    print(
        f"stored: summary {summary_size / 1e3:.0f} KB, round:17 {sizes['round:17'] / 1e3:.0f} KB,"
        f" player:{player} {sizes[f'player:{player}'] / 1e3:.0f} KB; all {whole / 1e6:.1f} MB"
    )
    report("cold decode: season page (summary)", timed(repeat, lambda: published(season)))
    report(
        "cold decode: round page (round 17's section)",
        timed(repeat, lambda: published_round(season, 17)),
    )
    report(
        "cold decode: player page (his section)",
        timed(repeat, lambda: player_sections([season], player)),
    )
    report(
        "the whole snapshot, as every page decoded it before",
        timed(repeat, lambda: SeasonSnapshot.objects.get(pk=snapshot.pk).data),
    )


if __name__ == "__main__":
    main()
