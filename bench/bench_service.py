"""Issue 28's targets, before and after side by side in one run: the app as a service behind nginx.

For each checkout (`--before DIR`, `--after DIR`) on its own PostgreSQL database and Redis db
(broker and cache): the 200-player league on a round evening (service_build.py, run with that
checkout's code), a Celery worker (prefork, 2 children), gunicorn (2 workers, DEBUG off) and
nginx in front (`plain`: `proxy_pass` only, as a club would put in front of today's code;
`deploy`: the checkout's deploy/nginx/whist.conf, its values filled for the run, and the app
told BEHIND_PROXY=1). Both stacks run at once and every measurement alternates between them
(the order flips each repeat; confirmations alternate one by one):

1. the 20:15 rush through nginx: `--anonymous` visitors and `--signed-in` players arriving
   evenly over `--arrival` seconds, each opening tonight's round page then the league table
   (HTML only): p99 (target <= 300 ms) and errors (target 0); then the same visitors on
   nginx's static copy (below), what this client and machine take whatever the app does;
2. the anonymous league table through nginx vs a static file of the same bytes (what the
   proxy sent, gzip asked) on a private nginx: wrk req/s ratio (target >= 0.8);
3. the signed-in league table vs /healthz, both on gunicorn directly, wrk with a player's
   cookies: req/s ratio (target >= 0.3) and the page's p99 (target <= 50 ms);
4. a confirmed result visible through the proxy (visible.py): p95 over `--confirmations`
   (target <= 1.5 s), each split by the worker's log into waiting for the worker, the
   publish, and the page after the publish ended (the app's and the proxy's caches).

wrk runs with `--connections` connections on `--threads` threads asking for gzip. The load
average is read before each measurement; the figures end in one table.

    .venv/bin/python bench/bench_service.py --before /tmp/before [--after /tmp/after]
        [--after-proxy deploy] [--repeat 2] [--confirmations 20] [--keep]

Before vs before (`--after /tmp/before --after-proxy plain`) checks the machinery itself.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import statistics
import subprocess
import sys
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_pages import Load, ensure_wrk, run_wrk
from bench.nginx_servers import deploy_proxy, plain_proxy, start_nginx, static_file
from bench.rush import Rush, run_rush
from bench.support import (
    PYTHON,
    ROOT,
    Process,
    database_url,
    free_port,
    percentile,
    scratch,
    server_env,
    start_gunicorn,
    start_worker,
)
from bench.visible import Shown, confirm_and_wait

GZIP = "gzip, deflate, br"  # what bench_pages.run_wrk asks for, as browsers do
WORKER_CHILDREN = 2
# The worker's line for a finished publish, in both checkouts' log formats.
PUBLISHED = re.compile(
    r"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}).*?"
    r"Task publishing\.publish_season\[[^\]]*\] succeeded in ([\d.]+)s"
)


@dataclass
class Stack:
    """One checkout running: its plan, gunicorn's and nginx's addresses, its figures."""

    label: str
    plan: dict[str, Any]
    direct: str
    proxied: str
    worker_log: Path
    static: str = ""
    rushes: list[Rush] = field(default_factory=list)
    floors: list[Rush] = field(default_factory=list)
    loads: dict[str, list[Load]] = field(default_factory=dict)
    shown: list[Shown] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    load_averages: list[float] = field(default_factory=list)

    def note_load(self) -> None:
        self.load_averages.append(os.getloadavg()[0])

    def median(self, series: str) -> Load:
        runs = sorted(self.loads[series], key=lambda load: load.requests_per_second)
        return runs[len(runs) // 2]


def build(code: Path, database: str, env: dict[str, str]) -> dict[str, Any]:
    """The checkout's database filled by its own code (service_build.py); returns the plan."""
    argv = [PYTHON, str(ROOT / "bench" / "service_build.py"), "--code", str(code)]
    done = subprocess.run(
        [*argv, "--database", database], env=env, cwd=code, capture_output=True, text=True
    )
    if done.returncode:
        sys.exit(f"building {database} failed:\n{done.stderr[-3000:]}")
    plan: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return plan


def proxy_config(kind: str, code: Path, port: int, upstream: str, folder: Path) -> str:
    """The server blocks of the proxy in front of `upstream`: plain, or the checkout's own."""
    if kind == "plain":
        return plain_proxy(port, upstream)
    return deploy_proxy(code, port, upstream, folder)


@contextmanager
def running(
    label: str, code: Path, proxy: str, redis_db: int, extra: dict[str, str], logs: Path
) -> Iterator[Stack]:
    """The checkout's stack, built and started; stopped afterwards."""
    import redis

    broker = f"redis://127.0.0.1:6379/{redis_db}"
    redis.Redis.from_url(broker).flushdb()
    url = database_url(f"whist_bench_{label}")
    # deploy/nginx/whist.conf passes the visitor's address for the app to trust.
    behind = {"BEHIND_PROXY": "1"} if proxy == "deploy" else {}
    env = server_env(url, CELERY_BROKER_URL=broker, **behind, **extra)
    print(f"{label}: building whist_bench_{label} with {code}'s code", flush=True)
    plan = build(code, f"whist_bench_{label}", env)
    env["SECRET_KEY"] = plan["secret_key"]
    folder = logs / label
    folder.mkdir()
    processes: list[Process] = []
    try:
        # Prefork with a child per core, Celery's default: a rating run does not hold up
        # the next publish.
        worker = start_worker(env, folder, pool="prefork", concurrency=WORKER_CHILDREN, root=code)
        processes.append(worker)
        gunicorn, direct = start_gunicorn(env, folder, workers=2, root=code)
        processes.append(gunicorn)
        port = free_port()
        servers = proxy_config(proxy, code, port, direct, folder / "nginx")
        processes.append(start_nginx("nginx", servers, port, folder / "nginx", folder))
        yield Stack(label, plan, direct, f"http://127.0.0.1:{port}", worker.log)
    finally:
        for process in reversed(processes):
            process.stop()


def wire_copy(stack: Stack, folder: Path, logs: Path) -> Process:
    """A private nginx serving, as a static file, the bytes the proxy sends an anonymous
    visitor for the league table (gzip asked); sets `stack.static`."""
    asking = urllib.request.Request(
        stack.proxied + stack.plan["table_page"], headers={"Accept-Encoding": GZIP}
    )
    with urllib.request.urlopen(asking, timeout=30) as response:
        body = response.read()
        encoding = response.headers.get("Content-Encoding") or ""
    folder.mkdir()
    copy = folder / "table.html"
    copy.write_bytes(body)
    port = free_port()
    print(
        f"{stack.label}: the league table on the wire, {len(body):,} bytes ({encoding or 'plain'})"
    )
    process = start_nginx("static", static_file(port, copy, encoding), port, folder, logs)
    stack.static = f"http://127.0.0.1:{port}"
    return process


def measure_rush(stack: Stack, args: argparse.Namespace) -> None:
    plan = stack.plan
    stack.note_load()
    rush = run_rush(
        stack.proxied,
        [plan["round_page"], plan["table_page"]],
        args.anonymous,
        plan["cookies"][: args.signed_in],
        args.arrival,
    )
    stack.rushes.append(rush)
    stack.note_load()
    # The same visitors on nginx's static copy: what this client and machine take anyway.
    floor = run_rush(stack.static, ["/", "/"], args.anonymous + args.signed_in, [], args.arrival)
    stack.floors.append(floor)
    print(
        f"{stack.label}: rush p99 {rush.p99_ms():.0f} ms (anonymous "
        f"{rush.p99_ms(rush.anonymous):.0f}, signed in {rush.p99_ms(rush.signed_in):.0f}), "
        f"{len(rush.errors)} errors, "
        f"{len(rush.every)} answers, {rush.late_starts} late starts; on the static copy "
        f"p99 {floor.p99_ms():.0f} ms, {len(floor.errors)} errors",
        flush=True,
    )


def measure_wrk(stack: Stack, args: argparse.Namespace, wrk: str) -> None:
    """Measurements 2 and 3, each pair alternating."""
    page = stack.plan["table_page"]
    cookie = stack.plan["cookies"][0]
    series = {
        "proxied page": (stack.proxied, page, ""),
        "static copy": (stack.static, "/", ""),
        "signed-in page": (stack.direct, page, cookie),
        "healthz": (stack.direct, "/healthz", cookie),
    }
    for name, (base, path, cookies) in series.items():
        stack.note_load()
        load = run_wrk(
            wrk, base, path, args.duration, args.connections, cookies, True, args.threads
        )
        stack.loads.setdefault(name, []).append(load)
        bad = load.non_2xx + load.errors
        print(
            f"{stack.label}: {name:<15} {load.requests_per_second:>8.1f} req/s, "
            f"p99 {load.p99_ms:.1f} ms, {bad} bad",
            flush=True,
        )


def measure_visible(stack: Stack, index: int) -> None:
    """One confirmation at tonight's table `index`, timed to the page through the proxy."""
    table_id, *seats = stack.plan["tables"][index]
    cookies = [stack.plan["cookies"][seat] for seat in seats[:2]]
    low, high = stack.plan["score_bounds"]
    scores = [min(high, 700 + index), max(low, -300 - index), 50, -150]
    stack.note_load()
    try:
        shown = confirm_and_wait(stack.proxied, stack.plan["round_page"], table_id, cookies, scores)
    except RuntimeError as error:
        stack.failures.append(str(error))
        print(f"{stack.label}: {error}", flush=True)
        return
    stack.shown.append(shown)


def publishes(log: Path, zone: str) -> list[tuple[float, float]]:
    """The (start, end) epochs of every publish the worker logged (its lines carry the
    time in the settings' zone, to the millisecond)."""
    found = []
    for line in log.read_text(errors="replace").splitlines():
        if match := PUBLISHED.search(line):
            end = dt.datetime.strptime(match.group(1), "%Y-%m-%d %H:%M:%S,%f")
            stamp = end.replace(tzinfo=ZoneInfo(zone)).timestamp()
            found.append((stamp - float(match.group(2)), stamp))
    return sorted(found)


def where_the_time_went(stack: Stack) -> str:
    """The median of each part of confirmed -> visible, from the worker's log: waiting for
    the worker, the publish itself, and the page after the publish ended (the caches)."""
    done = publishes(stack.worker_log, stack.plan["time_zone"])
    parts: list[tuple[float, float, float]] = []
    for shown in stack.shown:
        # The publish the confirmation asked for: the first to start after its commit.
        after = [(start, end) for start, end in done if start > shown.confirmed_at - 0.2]
        if after:
            start, end = after[0]
            seen = shown.confirmed_at + shown.seconds
            parts.append((start - shown.confirmed_at, end - start, seen - end))
    if not parts:
        return "no publish found in the worker's log"
    wait, publish, page = (statistics.median(part) for part in zip(*parts, strict=True))
    longest = max(publish for _, publish, _ in parts)
    return (
        f"{wait:.2f} / {publish:.2f} (max {longest:.2f}) / {page:.2f} "
        f"({len(parts)} of {len(stack.shown)} matched)"
    )


def alternate(stacks: list[Stack], turn: int, measure: Callable[[Stack], None]) -> None:
    """`measure` on every stack, the order flipped on odd turns."""
    for stack in stacks if turn % 2 == 0 else stacks[::-1]:
        measure(stack)


def ratio(stack: Stack, page: str, baseline: str) -> str:
    """Median req/s of `page` over the median of `baseline`, with both figures."""
    if not stack.loads.get(page) or not stack.loads.get(baseline):
        return "not run"
    top, bottom = stack.median(page), stack.median(baseline)
    return (
        f"{top.requests_per_second / bottom.requests_per_second:.2f} "
        f"({top.requests_per_second:.0f} / {bottom.requests_per_second:.0f} req/s)"
    )


def figures(stack: Stack) -> dict[str, str]:
    """The targets' figures of one stack, as printed in the table."""
    rush_p99 = [rush.p99_ms() for rush in stack.rushes]
    errors = sum(len(rush.errors) for rush in stack.rushes)
    answers = sum(len(rush.every) + len(rush.errors) for rush in stack.rushes)
    visible = [shown.seconds for shown in stack.shown]
    floors = [rush.p99_ms() for rush in stack.floors]
    signed = stack.loads.get("signed-in page")
    return {
        "rush p99 (ms)": (
            f"{statistics.median(rush_p99):.0f} (runs {', '.join(f'{p:.0f}' for p in rush_p99)})"
            if rush_p99
            else "not run"
        ),
        "rush errors": f"{errors} of {answers}",
        "rush p99 on nginx's static copy (ms)": (
            f"{statistics.median(floors):.0f}" if floors else "not run"
        ),
        "anonymous table / static file": ratio(stack, "proxied page", "static copy"),
        "signed-in table / healthz": ratio(stack, "signed-in page", "healthz"),
        "signed-in table p99 (ms)": (
            f"{stack.median('signed-in page').p99_ms:.1f}" if signed else "not run"
        ),
        "confirmed -> visible p95 (s)": (
            f"{percentile(visible, 0.95):.2f} (median {statistics.median(visible):.2f}, "
            f"{len(visible)} shown, {len(stack.failures)} failed)"
            if visible
            else f"none shown ({len(stack.failures)} failed)"
        ),
        "worker wait / publish / page after (s)": (
            where_the_time_went(stack) if stack.shown else "not run"
        ),
        "load average (1 min)": (
            f"{min(stack.load_averages):.1f}-{max(stack.load_averages):.1f}"
            if stack.load_averages
            else ""
        ),
    }


TARGETS = {
    "rush p99 (ms)": "<= 300",
    "rush errors": "0",
    "rush p99 on nginx's static copy (ms)": "",
    "anonymous table / static file": ">= 0.8",
    "signed-in table / healthz": ">= 0.3",
    "signed-in table p99 (ms)": "<= 50",
    "confirmed -> visible p95 (s)": "<= 1.5",
    "worker wait / publish / page after (s)": "",
    "load average (1 min)": "",
}


def print_table(stacks: list[Stack]) -> None:
    columns = [figures(stack) for stack in stacks]
    print(f"\n| what | target | {' | '.join(stack.label for stack in stacks)} |")
    print(f"|---|---|{'---|' * len(stacks)}")
    for what, target in TARGETS.items():
        print(f"| {what} | {target} | {' | '.join(column[what] for column in columns)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="today's code, a checkout")
    parser.add_argument("--after", type=Path, help="the new code, a checkout")
    parser.add_argument("--before-proxy", default="plain", choices=["plain", "deploy"])
    parser.add_argument("--after-proxy", default="deploy", choices=["plain", "deploy"])
    parser.add_argument(
        "--after-env", action="append", default=[], help="KEY=VALUE for the after servers"
    )
    parser.add_argument("--anonymous", type=int, default=400)
    parser.add_argument("--signed-in", type=int, default=100)
    parser.add_argument("--arrival", type=float, default=10, help="seconds they arrive over")
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--confirmations", type=int, default=20)
    parser.add_argument("--keep", action="store_true", help="keep the logs' folder")
    args = parser.parse_args()

    wrk = ensure_wrk()
    cache = "rediscache://127.0.0.1:6379/{}"
    checkouts: list[tuple[str, Path, str, int, dict[str, str]]] = [
        ("before", args.before, args.before_proxy, 8, {})
    ]
    if args.after:
        after_env = dict(item.split("=", 1) for item in args.after_env)
        checkouts.append(("after", args.after, args.after_proxy, 9, after_env))
    with scratch(keep=args.keep) as logs, ExitStack() as started:
        logs.chmod(0o755)  # nginx's workers read the static copy below it
        stacks = []
        for label, code, proxy, db, extra in checkouts:
            env = {"CACHE_URL": cache.format(db), **extra}
            stacks.append(started.enter_context(running(label, code, proxy, db, env, logs)))
        for stack in stacks:
            folder = logs / stack.label
            started.callback(wire_copy(stack, folder / "static", folder).stop)
        for turn in range(args.repeat):
            alternate(stacks, turn, partial(measure_rush, args=args))
            alternate(stacks, turn, partial(measure_wrk, args=args, wrk=wrk))
        for index in range(args.confirmations):
            alternate(stacks, index, partial(measure_visible, index=index))
        for stack in stacks:
            for rush in stack.rushes:
                for error in sorted(set(rush.errors))[:5]:
                    print(f"{stack.label}: rush error {error}")
        print_table(stacks)  # reads the workers' logs, which the scratch folder holds


if __name__ == "__main__":
    main()
