"""Benchmark: the public league table page against /healthz, side by side, on gunicorn.

Builds a season of 200 players and 34 rounds in its own PostgreSQL database (`whist_bench`
on DATABASE_URL's server), publishes its snapshot, starts gunicorn with 2 workers on a free
loopback port with DEBUG off, and loads both addresses with wrk (Debian's `wrk`, installed
when missing) in alternating runs. Prints requests per second and p99 latency of each and
the ratio table page / trivial view (targets: 0.8 anonymous, 0.6 signed in).

    .venv/bin/python bench/bench_pages.py [--duration 10] [--connections 8] [--repeat 3]
        [--cache-url rediscache://127.0.0.1:6379/12]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.support import (
    browser_cookies,
    database_url,
    scratch,
    server_env,
    setup_django,
    start_gunicorn,
)

SEASON = "bench-pages-200"


def build_season(players: int, rounds: int) -> int:
    """Import the season (replacing an earlier one) and publish its snapshot; returns rows."""
    from games.season_import import import_season
    from league.models import Season
    from publishing.actions import do_publish_season
    from publishing.snapshots import latest_snapshot
    from tests.league.factories import random_rounds_season

    import_season(random_rounds_season(players, rounds=rounds, slug=SEASON))
    season = Season.objects.get(slug=SEASON)
    do_publish_season(season.pk)
    snapshot = latest_snapshot(season)
    assert snapshot is not None, "the season was not published"
    return len(snapshot.typed_summary["standings"])


def signed_in_cookie() -> str:
    """The cookies of a signed-in visitor's browser: the session (a user made here, a
    session in the configured store: its database row is what the servers read on a cache
    miss) and the CSRF cookie."""
    from django.contrib.auth import get_user_model

    user, _ = get_user_model().objects.get_or_create(username="bench-visitor")
    return browser_cookies(user)


def ensure_wrk() -> str:
    """The wrk binary, installed from Debian's packages when missing."""
    found = shutil.which("wrk")
    if found:
        return found
    print("installing wrk (apt-get install wrk)")
    subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True)
    return shutil.which("wrk") or sys.exit("wrk is not available")


@dataclass
class Load:
    """One wrk run's figures."""

    path: str
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    requests: int
    non_2xx: int
    errors: int


_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()  # type: ignore[union-attr]
    return float(number) * _UNITS[unit]


def run_wrk(
    wrk: str,
    base: str,
    path: str,
    seconds: int,
    connections: int,
    cookie: str = "",
    gzip: bool = False,
    threads: int = 1,
) -> Load:
    """Load `path` for `seconds` with `connections` connections on `threads` threads
    (asking for gzip as browsers do when `gzip`; wrk itself does not)."""
    argv = [wrk, f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s"]
    argv.append("--latency")
    if cookie:
        argv += ["-H", f"Cookie: {cookie}"]
    if gzip:
        argv += ["-H", "Accept-Encoding: gzip, deflate, br"]
    out = subprocess.run([*argv, base + path], check=True, capture_output=True, text=True).stdout
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)\s*$", out, re.MULTILINE))
    requests = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    return Load(
        path=path,
        requests_per_second=float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        p50_ms=_ms(latency["50"]),
        p99_ms=_ms(latency["99"]),
        requests=requests,
        non_2xx=int(non_2xx.group(1)) if non_2xx else 0,
        errors=sum(int(n) for n in errors.groups()) if errors else 0,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=34)
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3, help="alternating runs per address")
    parser.add_argument("--database", default="whist_bench")
    parser.add_argument(
        "--cache-url",
        default="",
        help="the servers' cache, e.g. rediscache://127.0.0.1:6379/12 as in production "
        "(then sessions come from it too); default: each process's memory",
    )
    parser.add_argument(
        "--conn-max-age",
        type=int,
        default=None,
        help="seconds the server keeps database connections (DATABASE_URL ?conn_max_age=); "
        "default: the settings' (60 s)",
    )
    args = parser.parse_args()

    wrk = ensure_wrk()
    url = database_url(args.database)
    setup_django(url, **({"CACHE_URL": args.cache_url} if args.cache_url else {}))
    rows = build_season(args.players, args.rounds)
    cookie = signed_in_cookie()
    page = f"/seasons/{SEASON}/"
    print(f"season {SEASON}: {rows} players, {args.rounds} rounds, snapshot published")

    with scratch() as logs:
        served = f"{url}?conn_max_age={args.conn_max_age}" if args.conn_max_age is not None else url
        extra = {"CACHE_URL": args.cache_url} if args.cache_url else {}
        gunicorn, base = start_gunicorn(server_env(served, **extra), logs, workers=2)
        try:
            for path in ("/healthz", page):  # both must answer 200 before timing
                began = time.perf_counter()
                with urllib.request.urlopen(base + path, timeout=10) as response:
                    size = len(response.read())
                spent = (time.perf_counter() - began) * 1000
                print(f"GET {path}: {response.status}, {size:,} bytes, first (cold) {spent:.0f} ms")
            # What a browser gets on the wire (it asks for gzip).
            asking = urllib.request.Request(base + page, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(asking, timeout=10) as response:
                wire = len(response.read())
                encoding = response.headers.get("Content-Encoding") or "not compressed"
            print(f"GET {page} asking for gzip: {wire:,} bytes on the wire ({encoding})")
            run_wrk(wrk, base, page, 2, args.connections)  # warm both workers
            # A signed-in visitor's session: not the stored bytes of the anonymous page, the
            # page's shared content in his own layout.
            # Browsers ask for gzip: the anonymous page then goes compressed.
            series = {"/healthz": ("/healthz", "", False), page: (page, "", False),
                      f"{page} (gzip)": (page, "", True),
                      f"{page} (logged in)": (page, cookie, True)}  # fmt: skip
            results: dict[str, list[Load]] = {label: [] for label in series}
            for _ in range(args.repeat):
                for label, (path, cookie, gzip) in series.items():
                    seconds = args.duration if not cookie else max(3, args.duration // 2)
                    results[label].append(
                        run_wrk(wrk, base, path, seconds, args.connections, cookie, gzip)
                    )
        finally:
            gunicorn.stop()

    print(
        f"\ngunicorn 2 workers (conn_max_age={args.conn_max_age}), wrk 1 thread "
        f"{args.connections} connections, {args.repeat} x {args.duration}s alternating runs"
    )
    print(f"{'address':<42} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'requests':>9} {'bad':>5}")
    best: dict[str, Load] = {}
    for path, loads in results.items():
        for load in loads:
            bad = load.non_2xx + load.errors
            print(
                f"{path:<42} {load.requests_per_second:>9.1f} {load.p50_ms:>8.2f} "
                f"{load.p99_ms:>8.2f} {load.requests:>9} {bad:>5}"
            )
        best[path] = sorted(loads, key=lambda x: x.requests_per_second)[len(loads) // 2]
    ratio = best[page].requests_per_second / best["/healthz"].requests_per_second
    print(
        f"\nmedian run: table page {best[page].requests_per_second:.1f} req/s "
        f"(p99 {best[page].p99_ms:.1f} ms), /healthz {best['/healthz'].requests_per_second:.1f} "
        f"req/s (p99 {best['/healthz'].p99_ms:.1f} ms)"
    )
    print(
        f"ratio table page / trivial view: {ratio:.2f} (target >= 0.8: "
        f"{'met' if ratio >= 0.8 else 'NOT met'})"
    )
    zipped = best[f"{page} (gzip)"]
    print(
        f"the table page asked for gzip as browsers do: {zipped.requests_per_second:.1f} "
        f"req/s, p99 {zipped.p99_ms:.1f} ms, ratio "
        f"{zipped.requests_per_second / best['/healthz'].requests_per_second:.3f}"
    )
    uncached = best[f"{page} (logged in)"]
    print(
        f"a logged-in visitor (session cookie): {uncached.requests_per_second:.1f} "
        f"req/s, p99 {uncached.p99_ms:.1f} ms, ratio "
        f"{uncached.requests_per_second / best['/healthz'].requests_per_second:.3f}"
    )


if __name__ == "__main__":
    main()
