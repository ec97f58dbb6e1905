"""Issue 32 item 1: 500 open live pages behind nginx, the app's cost and the update's delay.

The 200-player league on a round evening (service_build.py), the deploy kit's two Celery
workers (the pages' queue, and the background one at Nice 5; prefork, 2 children each),
gunicorn (2 workers, DEBUG off) and nginx in front on the shipped deploy/nginx/whist.conf.
`--public` open pages (half tonight's round page, half the league table, anonymous) and
`--signed-in` open /me/ pages (each with a player's cookies) are simulated by threads that
poll as static/web/live.js does: the season's live address (/seasons/S/live/) every
`--every` seconds, each from its own phase, with If-None-Match and no cookies; when its
counter moved, the page itself (through nginx, with X-Live-Counters; /me/ with the
player's cookies), taken only when it was rendered at that counter or later (a public
page's data-versions; /me/ is not versioned), else asked again a second later.

1. Nothing changing for `--window` seconds: the CPU the app spends (utime + stime of
   gunicorn's master and workers, from /proc), as a fraction of one core (target <= 0.1),
   with nginx's and the clients' figures beside it.
2. A change: a result confirmed at one of tonight's tables, entered first (as the players'
   browsers post them) and confirmed once the entry's publish has reached every page (a
   table confirms minutes after the entry, not at once): the seconds from the confirming
   answer until every open page holds the season's last counter (the publish the
   confirmation asks for moves it once more), the round pages also showing the table's
   scores (target <= 5 s), the app's CPU meanwhile, and where the time went (the
   worker's publish, then the pages' own part).
3. The same at another table, entered and confirmed at once: two publishes in a row.

    .venv/bin/python bench/bench_live.py [--public 400] [--signed-in 100] [--every 2]
        [--window 30] [--keep]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_service import publishes
from bench.nginx_servers import deploy_proxy, start_nginx
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
from bench.visible import confirm_and_wait

DATABASE = "whist_bench_live"
REDIS_DB = 13
TICKS = os.sysconf("SC_CLK_TCK")
VERSIONS = re.compile(r'<script src="[^"]*live[^"]*\.js"[^>]*data-versions="([^"]*)"')
LANGUAGE = "he"
EVERY = 2.0  # seconds between polls: league.live_script.POLL_MS, what live.js is told
STALE_RETRY = 1.0  # seconds: live.js asks again this soon after an older copy of the page


def cpu_seconds(pids: list[int]) -> float:
    """utime + stime of `pids` (those still running), in seconds."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / TICKS


def family(pid: int) -> list[int]:
    """`pid` and its children (gunicorn's master and workers; nginx's master and workers)."""
    found = [pid]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


@dataclass
class Page:
    """One open page: what it shows, the counter it holds and when it took each counter."""

    path: str
    cookie: str = ""
    known: int | None = None
    etag: str = ""
    seen: int | None = None  # the counter of the live answer the "browser" holds
    stale: int = 0
    taken: list[tuple[float, int]] = field(default_factory=list)
    polls: int = 0
    not_modified: int = 0
    fetched: int = 0
    errors: int = 0
    last_body: str = ""


class Client:
    """The pages of one thread, each on a keep-alive connection to nginx."""

    def __init__(self, host: str, port: int, live: str, every: float) -> None:
        self.host, self.port, self.live, self.every = host, port, live, every
        self.stop = threading.Event()

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=30)

    def get(
        self, connection: http.client.HTTPConnection, path: str, headers: dict[str, str]
    ) -> tuple[int, dict[str, str], bytes]:
        for attempt in (1, 2):  # a keep-alive connection nginx closed meanwhile
            try:
                connection.request("GET", path, headers={"Accept-Language": LANGUAGE, **headers})
                response = connection.getresponse()
                return response.status, dict(response.getheaders()), response.read()
            except (http.client.HTTPException, OSError):
                connection.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def run(self, page: Page) -> None:
        """Poll as live.js does until stopped."""
        live = self.connection()
        own = self.connection()
        self.stop.wait(random.uniform(0, self.every))  # each page opened at its own time
        while not self.stop.is_set():
            taken = True
            try:
                taken = self.poll(page, live, own)
            except (http.client.HTTPException, OSError):
                page.errors += 1
            self.stop.wait(self.every if taken else min(self.every, STALE_RETRY))
        live.close()
        own.close()

    def poll(
        self, page: Page, live: http.client.HTTPConnection, own: http.client.HTTPConnection
    ) -> bool:
        """One poll; False when the page fetched was an older copy (asked again soon)."""
        page.polls += 1
        headers = {"If-None-Match": page.etag} if page.etag else {}
        status, answer_headers, body = self.get(live, self.live, headers)
        if status == 304:  # the browser's cache answers with the body it holds
            page.not_modified += 1
        elif status == 200:
            page.etag = answer_headers.get("ETag", "")
            page.seen = int(json.loads(body)["version"])
        else:
            page.errors += 1
            return True
        seen = page.seen
        if seen is None:
            return True
        if page.known is None:
            page.known = seen
            page.taken.append((time.time(), seen))
            return True
        if seen <= page.known:
            return True
        cookie = {"Cookie": page.cookie} if page.cookie else {}
        status, _headers, body = self.get(own, page.path, {**cookie, "X-Live-Counters": str(seen)})
        page.fetched += 1
        if status != 200:
            page.errors += 1
            return True
        text = body.decode("utf-8", errors="replace")
        rendered = VERSIONS.search(text)
        counter = rendered.group(1).split()[0] if rendered else "-"
        if counter.isdigit() and int(counter) < seen:
            page.stale += 1
            return False  # a copy older than the counter: asked again soon
        page.known = seen
        page.taken.append((time.time(), seen))
        page.last_body = text
        return True


def app_requests(gunicorn: Process, path: str) -> int:
    """How many requests for `path` gunicorn's access log holds."""
    log = gunicorn.log.parent / "gunicorn-access.log"
    if not log.exists():
        return 0
    return sum(1 for line in log.read_text(errors="replace").splitlines() if path in line)


def live_counter(base: str, live: str) -> int:
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.request("GET", live)
    return int(json.loads(connection.getresponse().read())["version"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--public", type=int, default=400)
    parser.add_argument("--signed-in", type=int, default=100)
    parser.add_argument("--every", type=float, default=EVERY, help="seconds between polls")
    parser.add_argument("--window", type=float, default=30, help="seconds of nothing changing")
    parser.add_argument("--settle", type=float, default=30, help="seconds to wait for all")
    parser.add_argument("--keep", action="store_true", help="keep the logs folder")
    args = parser.parse_args()
    import redis

    broker = f"redis://127.0.0.1:6379/{REDIS_DB}"
    redis.Redis.from_url(broker).flushdb()
    env = server_env(database_url(DATABASE), CELERY_BROKER_URL=broker, BEHIND_PROXY="1")
    print(f"building {DATABASE} (200 players)", flush=True)
    building = [PYTHON, str(ROOT / "bench" / "service_build.py"), "--code", str(ROOT)]
    done = subprocess.run(
        [*building, "--database", DATABASE], env=env, cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode:
        sys.exit(f"building {DATABASE} failed:\n{done.stderr[-3000:]}")
    plan: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    env["SECRET_KEY"] = plan["secret_key"]
    season = plan["table_page"].strip("/").split("/")[1]
    live = f"/seasons/{season}/live/"
    processes: list[Process] = []
    with scratch(keep=args.keep) as logs:
        env["GUNICORN_ACCESS_LOG"] = str(logs / "gunicorn-access.log")
        try:
            # The deploy kit's two workers: the pages' queue, and the background one at a
            # lower CPU priority (whist-worker-background.service's Nice=5).
            processes.append(
                start_worker(env, logs, pool="prefork", concurrency=2, queues="celery")
            )
            processes.append(
                start_worker(
                    env,
                    logs,
                    "background",
                    pool="prefork",
                    concurrency=2,
                    queues="background",
                    nice=5,
                )
            )
            gunicorn, direct = start_gunicorn(env, logs, workers=2)
            processes.append(gunicorn)
            port = free_port()
            servers = deploy_proxy(ROOT, port, direct, logs / "nginx")
            nginx = start_nginx("nginx", servers, port, logs / "nginx", logs)
            processes.append(nginx)
            stack = Stack(args, plan, live, direct, f"http://127.0.0.1:{port}", gunicorn, nginx)
            stack.run(processes[0])
        finally:
            for process in reversed(processes):
                process.stop()


def split(confirmed_at: float, last: float | None, published: list[tuple[float, float]]) -> str:
    """Confirmed -> all pages updated, split at the end of the last publish before the last
    page's update: the worker's part and the pages' own (the live poll, the proxy, the app)."""
    ends = [end for _start, end in published if confirmed_at - 0.2 < end <= (last or 0)]
    if last is None or not ends:
        return "no publish found between the confirmation and the last page's update"
    return (
        f"split: the publish ended {ends[-1] - confirmed_at:.2f} s after the confirming "
        f"answer, the last page {last - ends[-1]:.2f} s after the publish (the pages' own part)"
    )


def last_publishes(published: list[tuple[float, float]], since: float) -> str:
    """The publishes since `since`: when each began (the epoch's last digits) and how long."""
    return ", ".join(
        f"{start % 1000:.1f}: {end - start:.2f} s" for start, end in published if end >= since
    )


@dataclass
class Stack:
    """The running stack and its open pages: measurements 1 and 2."""

    args: argparse.Namespace
    plan: dict[str, Any]
    live: str
    direct: str
    proxied: str
    gunicorn: Process
    nginx: Process
    pages: list[Page] = field(default_factory=list)

    def run(self, worker: Process) -> None:
        args, plan = self.args, self.plan
        host, port = self.proxied.removeprefix("http://").split(":")
        client = Client(host, int(port), self.live, args.every)
        # The players of tonight's first two tables enter and confirm; others watch /me/.
        busy = {seat for table in plan["tables"][:2] for seat in table[1:3]}
        watchers = [c for i, c in enumerate(plan["cookies"]) if i not in busy]
        self.pages = [
            Page(plan["round_page"] if i % 2 == 0 else plan["table_page"])
            for i in range(args.public)
        ] + [Page("/me/", cookie=watchers[i % len(watchers)]) for i in range(args.signed_in)]
        threads = [threading.Thread(target=client.run, args=(p,), daemon=True) for p in self.pages]
        for thread in threads:
            thread.start()
        print(
            f"{len(self.pages)} open pages polling {self.live} every {args.every} s "
            f"(load average {os.getloadavg()[0]:.1f})",
            flush=True,
        )
        time.sleep(args.every + 3)  # every page has polled once
        self.idle()
        low, high = plan["score_bounds"]
        results = []
        for number, (what, settled) in enumerate(
            (
                ("a result confirmed (its entry's publish shown everywhere first)", True),
                ("a result entered and confirmed at once, two publishes in a row", False),
            )
        ):
            scores = [min(high, 777 - 222 * number), max(low, -333), 50, -150]
            results.append(self.change(worker, what, plan["tables"][number], scores, settled))
        client.stop.set()
        for thread in threads:
            thread.join(5)
        print(json.dumps({
            "idle_app_core": round(self.idle_figures["app"], 4),
            "idle_nginx_core": round(self.idle_figures["nginx"], 4),
            "polls_per_second": round(self.idle_figures["polls"]),
            "confirmed_all_updated_s": results[0],
            "entered_and_confirmed_all_updated_s": results[1],
        }))  # fmt: skip

    def idle(self) -> None:
        """1. Nothing changing: the app's CPU, nginx's and the clients' beside it."""
        app, proxy = family(self.gunicorn.popen.pid), family(self.nginx.popen.pid)
        groups = (("app", app), ("nginx", proxy), ("clients", [os.getpid()]))
        before = {name: cpu_seconds(pids) for name, pids in groups}
        polls_before = sum(page.polls for page in self.pages)
        app_before = app_requests(self.gunicorn, self.live)
        began = time.monotonic()
        time.sleep(self.args.window)
        spent = time.monotonic() - began
        idle = {name: (cpu_seconds(pids) - before[name]) / spent for name, pids in groups}
        polls = sum(page.polls for page in self.pages) - polls_before
        reached = app_requests(self.gunicorn, self.live) - app_before
        self.idle_figures = {**idle, "polls": polls / spent}
        print(
            f"nothing changing, {spent:.0f} s: the app {idle['app']:.3f} of a core "
            "(target <= 0.1), "
            f"nginx {idle['nginx']:.3f}, the clients {idle['clients']:.3f}; "
            f"{polls / spent:.0f} polls/s through nginx, "
            f"{reached / spent:.2f}/s of them reached the app",
            flush=True,
        )

    def caught_up(self) -> int:
        """Wait (up to --settle) until every open page holds the season's counter and the
        counter stayed still for two polls; returns it."""
        deadline = time.monotonic() + self.args.settle
        final, still_since = live_counter(self.direct, self.live), time.monotonic()
        while time.monotonic() < deadline:
            now = live_counter(self.direct, self.live)
            if now != final:
                final, still_since = now, time.monotonic()
            held = all(page.known is not None and page.known >= final for page in self.pages)
            if held and time.monotonic() - still_since > 2 * self.args.every:
                break
            time.sleep(0.1)
        return final

    def change(
        self, worker: Process, what: str, table: list[int], scores: list[int], settled: bool
    ) -> float | None:
        """2. One change at `table` (after the entry's publish has reached every page when
        `settled`): the seconds from the confirming answer until every page holds the last
        counter, by kind of page, and where the time went."""
        table_id, *seats = table
        app = family(self.gunicorn.popen.pid)
        cpu_before = cpu_seconds(app)
        shown = confirm_and_wait(
            self.proxied,
            self.plan["round_page"],
            table_id,
            [self.plan["cookies"][s] for s in seats[:2]],
            scores,
            between=self.caught_up if settled else None,
        )
        confirmed_at = shown.confirmed_at
        final = self.caught_up()
        after = (cpu_seconds(app) - cpu_before) / (time.time() - confirmed_at)
        delays: list[float] = []
        by_kind: dict[str, list[float]] = {"public": [], "/me/": []}
        missing = 0
        for page in self.pages:
            at = next((when for when, counter in page.taken if counter >= final), None)
            if at is None:
                missing += 1
            else:
                delays.append(at - confirmed_at)
                by_kind["/me/" if page.cookie else "public"].append(at - confirmed_at)
        marker = f'<td class="num">{scores[0]}</td>'
        round_pages = [page for page in self.pages if page.path == self.plan["round_page"]]
        shows = sum(1 for page in round_pages if marker in page.last_body)
        errors = sum(page.errors for page in self.pages)
        print(
            f"{what}: all {len(self.pages)} pages updated "
            + (f"{max(delays):.2f} s (target <= 5 s)" if not missing else f"{missing} never did")
            + (
                f"; median {statistics.median(delays):.2f} s, p95 {percentile(delays, 0.95):.2f} s"
                if delays
                else ""
            )
            + f"; {shows} of {len(round_pages)} round pages show the scores; the app "
            f"{after:.3f} of a core meanwhile; {errors} client errors; the season's counter "
            f"{final}; load average {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        print(
            "  the last page of each kind: "
            + ", ".join(f"{kind} {max(found):.2f} s" for kind, found in by_kind.items() if found)
            + "; pages fetched again for being older than the counter: "
            f"{sum(page.stale for page in self.pages)}"
        )
        last = (confirmed_at + max(delays)) if delays and not missing else None
        published = publishes(worker.log, self.plan["time_zone"])
        print(
            f"  the publishes (start, seconds): {last_publishes(published, confirmed_at - 5)}; "
            f"the confirming answer at {confirmed_at % 1000:.1f}"
        )
        print("  " + split(confirmed_at, last, published), flush=True)
        return round(max(delays), 2) if delays and not missing else None


if __name__ == "__main__":
    main()
