"""Benchmark: a season's published snapshot built in the worker, and its standings both ways.

A full scheduled season (`--players` at tables of four in each of 34 rounds) is imported
into its own PostgreSQL database `whist_bench_snapshot`; then the snapshot the worker
publishes (`build_snapshot_data`: both tables, every round's results and table after it, the
race chart, the messaging texts) is built `--repeat` times, and the season's standings are
computed through the pure layer (with each game's points, for player pages) and inside the
database (standings.sql).

    .venv/bin/python bench/bench_snapshot.py [--players 400] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
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
    args = parser.parse_args()

    setup_django(database_url("whist_bench_snapshot", fresh=True))
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


if __name__ == "__main__":
    main()
