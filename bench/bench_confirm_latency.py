"""Benchmark: time from a confirmed result to the new snapshot visible on the public page.

Runs a real Celery worker on Redis (a private db, default redis://127.0.0.1:6379/13, also the
shared page cache as in production; `--cache local` keeps each process's own memory cache)
and gunicorn (2 workers, DEBUG off) on its own PostgreSQL database `whist_bench_latency`.
For each of `--confirmations` drawn tables, one player enters the scores and another
confirms them through the results actions; the clock starts when the confirmation has
committed and stops when the round's public page shows that table's scores. Confirmations
are made one after another, so each is published by its own run.

    .venv/bin/python bench/bench_confirm_latency.py [--confirmations 100]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.support import (
    database_url,
    percentile,
    scratch,
    server_env,
    setup_django,
    start_gunicorn,
    start_worker,
)

SEASON = "bench-latency"
TABLES_PER_ROUND = 10
POLL_SECONDS = 0.02
TIMEOUT_SECONDS = 60


def build(confirmations: int) -> list[tuple[int, int, Any, Any]]:
    """A season with enough drawn rounds; returns (round number, table id, entering user,
    confirming user) for each table to confirm."""
    from publishing.actions import do_publish_season
    from tests.roundsupport import make_players, make_round, make_season, seat_table

    season = make_season(slug=SEASON, rules={"deals_per_game": 28})
    players = make_players(TABLES_PER_ROUND * 4, prefix="Lat", with_users=True)
    work: list[tuple[int, int, Any, Any]] = []
    for number in range(1, (confirmations - 1) // TABLES_PER_ROUND + 2):
        round_ = make_round(season, number=number)
        for index in range(TABLES_PER_ROUND):
            if len(work) == confirmations:
                break
            members = players[index * 4 : index * 4 + 4]
            table = seat_table(round_, members, number=index + 1)
            work.append((number, table.pk, members[0].user, members[1].user))
    do_publish_season(season.pk)
    return work


def shows(base: str, round_number: int, marker: str) -> bool:
    with urllib.request.urlopen(f"{base}/seasons/{SEASON}/rounds/{round_number}/") as response:
        return marker in response.read().decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--confirmations", type=int, default=100)
    parser.add_argument("--database", default="whist_bench_latency")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/13")
    parser.add_argument(
        "--cache",
        default="shared",
        choices=["shared", "local"],
        help="shared: CACHE_URL on the same Redis (production); local: per-process memory",
    )
    args = parser.parse_args()
    cache_env = {"CACHE_URL": args.redis} if args.cache == "shared" else {}

    url = database_url(args.database, fresh=True)
    setup_django(url, CELERY_BROKER_URL=args.redis, **cache_env)
    import redis

    from games.actions import confirm_result, submit_result
    from league.models import Table

    redis.Redis.from_url(args.redis).flushdb()
    work = build(args.confirmations)
    latencies: list[float] = []
    with scratch() as logs:
        env = server_env(url, CELERY_BROKER_URL=args.redis, **cache_env)
        worker = start_worker(env, logs)
        gunicorn, base = start_gunicorn(env, logs)
        try:
            for index, (round_number, table_id, enters, confirms) in enumerate(work):
                # A score unique to this table, found on the round page once published.
                scores = [1000 + index, -500 - index, -250, -250]
                marker = f'<td class="num">{scores[0]}</td>'
                table = Table.objects.get(pk=table_id)
                submit_result(table, actor=enters, scores=scores)
                confirm_result(table, 1, actor=confirms)
                began = time.perf_counter()
                while not shows(base, round_number, marker):
                    if time.perf_counter() - began > TIMEOUT_SECONDS:
                        sys.exit(f"table {table_id} was not published within {TIMEOUT_SECONDS}s")
                    time.sleep(POLL_SECONDS)
                latencies.append(time.perf_counter() - began)
                if (index + 1) % 10 == 0:
                    print(f"{index + 1} confirmations, last {latencies[-1]:.2f} s", flush=True)
        finally:
            gunicorn.stop()
            worker.stop()
    print(
        f"\nconfirmation -> visible on the public round page, {len(latencies)} confirmations "
        f"({args.cache} page cache):"
    )
    print(
        f"median {statistics.median(latencies):.2f} s, p95 {percentile(latencies, 0.95):.2f} s, "
        f"min {min(latencies):.2f} s, max {max(latencies):.2f} s"
    )


if __name__ == "__main__":
    main()
