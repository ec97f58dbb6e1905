"""Profile: where a request for the league table page spends its time, in this process.

Builds (or reuses) the 200-player, 34-round season of bench_pages.py in its own PostgreSQL
database, then sends GETs through Django's test client (every middleware, no network) for
an anonymous visitor, a signed-in visitor and a cold render (page cache emptied before each
request), interleaved with GETs of /healthz, and prints the mean time per request of each
and its ratio to /healthz (best and median of `--repeat` rounds). With `--profile WHO` it
prints cProfile's top functions for that visitor's requests instead; with `--calls`, the
Python function calls per GET of each (steady where times are not: a busy machine).

    .venv/bin/python bench/profile_pages.py [--requests 200] [--repeat 5]
        [--profile signed-in | --calls] [--cache-url rediscache://127.0.0.1:6379/12]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.support import database_url, setup_django

SEASON = "bench-pages-200"
PAGE = f"/seasons/{SEASON}/"


def ensure_season(players: int, rounds: int) -> None:
    """Import and publish the season unless it is there already."""
    from games.season_import import import_season
    from league.models import Season
    from publishing.actions import do_publish_season
    from tests.league.factories import random_rounds_season

    if not Season.objects.filter(slug=SEASON).exists():
        import_season(random_rounds_season(players, rounds=rounds, slug=SEASON))
    do_publish_season(Season.objects.get(slug=SEASON).pk)


def visitors() -> dict[str, Callable[[], int]]:
    """One GET per call, for each kind of visitor (returns the status)."""
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client

    user, _ = get_user_model().objects.get_or_create(
        username="bench-visitor", defaults={"first_name": "Dana"}
    )
    anonymous, signed_in = Client(), Client()
    signed_in.force_login(user)

    def cold() -> int:
        cache.clear()
        return int(anonymous.get(PAGE).status_code)

    return {
        "/healthz": lambda: int(anonymous.get("/healthz").status_code),
        "anonymous": lambda: int(anonymous.get(PAGE).status_code),
        "signed-in": lambda: int(signed_in.get(PAGE).status_code),
        "cold": cold,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=34)
    parser.add_argument("--requests", type=int, default=200, help="GETs per visitor per round")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database", default="whist_speed_pages")
    parser.add_argument("--profile", choices=["anonymous", "signed-in", "cold"])
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--calls", action="store_true", help="count function calls per GET")
    parser.add_argument(
        "--cache-url",
        default="rediscache://127.0.0.1:6379/12",
        help="the cache, as in production (emptied by the cold runs); '' for a memory cache",
    )
    args = parser.parse_args()

    setup_django(database_url(args.database), ALLOWED_HOSTS="testserver", CACHE_URL=args.cache_url)
    ensure_season(args.players, args.rounds)
    calls = visitors()
    for call in calls.values():  # warm: templates loaded, page kept
        for _ in range(3):
            assert call() == 200
    if args.calls:
        # Python function calls per GET (cProfile's count): steady on a busy machine, where
        # times are not.
        print(f"{PAGE}: Python function calls per GET (cProfile)")
        for name, call in calls.items():
            count = 50 if name != "cold" else 3
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(count):
                call()
            profiler.disable()
            total = sum(entry[1] for entry in profiler.getstats())
            print(f"{name:<12} {total / count:>12,.0f}")
        return
    if args.profile:
        call = calls[args.profile]
        count = args.requests if args.profile != "cold" else max(5, args.requests // 20)
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(count):
            call()
        profiler.disable()
        print(f"{count} GETs of {PAGE}, {args.profile}")
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.top)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)
        return
    spent: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(args.repeat):
        for name, call in calls.items():
            count = args.requests if name != "cold" else max(5, args.requests // 20)
            began = time.perf_counter()
            for _ in range(count):
                call()
            spent[name].append((time.perf_counter() - began) / count * 1000)
    print(f"{PAGE}: mean ms per GET through the test client, {args.repeat} interleaved rounds")
    print(
        f"{'visitor':<12} {'best ms':>9} {'median ms':>10} {'healthz/page best':>18} {'median':>8}"
    )
    health = spent["/healthz"]
    for name, times in spent.items():
        print(
            f"{name:<12} {min(times):>9.2f} {statistics.median(times):>10.2f} "
            f"{min(health) / min(times):>18.2f} "
            f"{statistics.median(health) / statistics.median(times):>8.2f}"
        )


if __name__ == "__main__":
    main()
