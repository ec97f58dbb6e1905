"""Fault runs: PostgreSQL restarted under load, Redis stopped and started, a worker killed
mid-publish. Each prints what clients saw and what the database holds afterwards.

Every server a scenario breaks is its own: a private PostgreSQL cluster (initdb in a
temporary folder, a free loopback port) and a private redis-server, so nothing else on the
machine is disturbed. The shared PostgreSQL server only holds the worker scenario's database.

    .venv/bin/python bench/faults.py postgres   # players keep playing while PostgreSQL restarts
    .venv/bin/python bench/faults.py redis      # confirmations while Redis is down; catch-up
    .venv/bin/python bench/faults.py worker     # SIGKILL a worker in the middle of a publish
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.support import (
    Process,
    database_url,
    free_port,
    scratch,
    server_env,
    setup_django,
    spawn,
    start_gunicorn,
    start_worker,
    wait_until,
)

PG_BIN = Path("/usr/lib/postgresql") / (
    sorted(os.listdir("/usr/lib/postgresql"))[-1] if Path("/usr/lib/postgresql").exists() else "?"
)


class PrivatePostgres:
    """A throwaway PostgreSQL cluster on a free loopback port, run as the postgres user."""

    def __init__(self, folder: Path) -> None:
        self.data = folder / "pgdata"
        self.port = free_port()
        folder.chmod(0o755)
        self.data.mkdir()
        shutil.chown(self.data, "postgres", "postgres")
        self._as_postgres([str(PG_BIN / "bin/initdb"), "-D", str(self.data), "-A", "trust",
                           "-U", "postgres", "--no-sync"])  # fmt: skip
        self.start()

    def _as_postgres(self, argv: list[str]) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *argv], check=True,
                       capture_output=True)  # fmt: skip

    def pg_ctl(self, *argv: str) -> None:
        options = f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._as_postgres([str(PG_BIN / "bin/pg_ctl"), "-D", str(self.data), "-w", "-o",
                           options, "-l", str(self.data / "log"), *argv])  # fmt: skip

    def start(self) -> None:
        self.pg_ctl("start")

    def stop(self) -> None:
        self.pg_ctl("stop", "-m", "fast")

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/whist_fault"


class PrivateRedis:
    """A redis-server on a free loopback port that the scenario may stop and start again."""

    def __init__(self, logs: Path) -> None:
        self.port, self.logs = free_port(), logs
        self.process: Process | None = None
        self.start()

    def start(self) -> None:
        argv = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no"]  # fmt: skip
        self.process = spawn("redis", argv, dict(os.environ), self.logs)
        wait_until(self.answers, 10, "redis-server to start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop()

    def answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_connect_timeout=0.5).ping())
        except redis.RedisError:
            return False

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


def start_beat(env: dict[str, str], logs: Path) -> Process:
    """Celery beat (database scheduler): the publish sweep every minute."""
    argv = [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
            "--schedule", str(logs / "beat-schedule")]  # fmt: skip
    return spawn("beat", argv, env, logs)


@contextlib.contextmanager
def services(
    env: dict[str, str], logs: Path, *, beat: bool = False, pool: str = "solo"
) -> Iterator[tuple[str, list[Process]]]:
    """A worker (and beat) and gunicorn for the scenario; yields gunicorn's base URL and the
    list of workers (a scenario may add a restarted one)."""
    workers = [start_worker(env, logs, pool=pool)]
    beat_process = start_beat(env, logs) if beat else None
    gunicorn, base = start_gunicorn(env, logs)
    try:
        yield base, workers
    finally:
        gunicorn.stop()
        if beat_process is not None:
            beat_process.stop()
        for worker in workers:
            worker.stop()


def postgres_restart(args: argparse.Namespace) -> bool:
    """Players play while PostgreSQL stops for `--outage` seconds and starts again."""
    from bench.load_results import build, run_players, summarize

    with scratch(keep=args.keep) as folder:
        cluster = PrivatePostgres(folder)
        try:
            setup_django(_create(cluster))
            clients, table_of = build(args.players, 10)
            env = server_env(cluster.url, CELERY_BROKER_URL=args.redis)
            with services(env, folder) as (base, _workers):
                outage: dict[str, float] = {}

                def restart() -> None:
                    time.sleep(args.seconds / 3)
                    outage["stopped"] = time.monotonic()
                    cluster.stop()
                    time.sleep(args.outage)
                    cluster.start()
                    outage["started"] = time.monotonic()

                fault = threading.Thread(target=restart)
                fault.start()
                run, elapsed, stuck = run_players(
                    base, clients, table_of, args.seconds, 90, retryable_ok=True
                )
                fault.join()
            from django.db import connection

            connection.close()  # this script's own connection did not survive the restart
            down = outage["started"] - outage["stopped"]
            print(f"\nPostgreSQL stopped for {down:.1f} s during the run (pg_ctl stop -m fast)")
            retried = run.ledger.statuses.get(503, 0)
            print(f"answers during the outage: {retried} x 503 with Retry-After")
            if run.ledger.retry_answer:
                body = " ".join(run.ledger.retry_answer.split())
                start = body.find("<main")
                print(f"what a player saw: {body[start : start + 300]}")
            return not summarize(run, elapsed, stuck)
        finally:
            cluster.stop()


def _create(cluster: PrivatePostgres) -> str:
    """Create the scenario's database in the private cluster; returns its URL."""
    import psycopg

    server = f"postgresql://postgres@127.0.0.1:{cluster.port}/postgres"
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute('CREATE DATABASE "whist_fault"')
    return cluster.url


def redis_outage(args: argparse.Namespace) -> bool:
    """Confirmations while Redis is down succeed; publishing catches up once it is back."""
    import requests

    from bench.load_results import build

    url = database_url("whist_fault_redis", fresh=True)
    with scratch(keep=args.keep) as folder:
        broker = PrivateRedis(folder)
        cache = {"CACHE_URL": broker.url.replace("/0", "/1")} if args.shared_cache else {}
        setup_django(url, CELERY_BROKER_URL=broker.url, **cache)
        from league.models import Season
        from publishing.models import SeasonSnapshot
        from publishing.snapshots import inputs_fingerprint, latest_snapshot

        clients, table_of = build(8, 4)
        season = Season.objects.get(slug="bench-load")
        env = server_env(url, CELERY_BROKER_URL=broker.url, **cache)
        try:
            with services(env, folder, beat=True, pool=args.pool) as (base, workers):
                sessions = []
                for me in clients:
                    http = requests.Session()
                    http.cookies.set("sessionid", str(me["session"]), domain="127.0.0.1")
                    sessions.append(http)

                def play(round_index: int) -> list[tuple[int, float]]:
                    """Both tables of a round: seat 0 enters, seat 1 confirms; (status, s)."""
                    answers = []
                    tables = sorted(set(table_of[round_index]))
                    for table_id in tables:
                        seats = [i for i, t in enumerate(table_of[round_index]) if t == table_id]
                        for who, path, form in (
                            (seats[0], "submit", {"mode": "scores", "score-0": "10",
                                                  "score-1": "5", "score-2": "-5",
                                                  "score-3": "-10"}),
                            (seats[1], "confirm", {"version": "1"}),
                        ):  # fmt: skip
                            http = sessions[who]
                            http.get(f"{base}/tables/{table_id}/", timeout=30)
                            token = http.cookies.get("csrftoken", "")
                            began = time.monotonic()
                            response = http.post(
                                f"{base}/tables/{table_id}/{path}/",
                                {**form, "csrfmiddlewaretoken": token},
                                timeout=30,
                            )
                            ok = 'class="success"' in response.text
                            answers.append((response.status_code if ok else -1,
                                            time.monotonic() - began))  # fmt: skip
                    return answers

                def caught_up() -> bool:
                    # The first result moves the season to "running": its row changes too.
                    season.refresh_from_db()
                    latest = latest_snapshot(season)
                    return latest is not None and latest.fingerprint == inputs_fingerprint(season)

                print(f"round 1 with Redis up: {play(0)}")
                wait_until(caught_up, 30, "the first publish")
                versions = SeasonSnapshot.objects.filter(season=season).count()
                if args.idle:  # every task received so far has finished
                    log = workers[0].log
                    wait_until(
                        lambda: (
                            log.read_text().count(" received")
                            == log.read_text().count(" succeeded in ")
                        ),
                        30,
                        "the worker to be idle",
                    )
                broker.stop()
                print("Redis stopped")
                during = play(1) + play(2)
                accepted = sum(1 for status, _ in during if status == 200)
                slowest = max(seconds for _, seconds in during)
                print(f"while Redis was down: {accepted}/{len(during)} submissions and "
                      f"confirmations accepted, slowest answer {slowest:.2f} s")  # fmt: skip
                stale = not caught_up()
                time.sleep(2)
                broker.start()
                back = time.monotonic()
                crashed = workers[0].popen.poll() is not None
                print(f"Redis started again; the worker {'EXITED' if crashed else 'survived'}")
                if crashed:
                    print(f"  worker log: {workers[0].tail(3)}")
                    print("  starting a new worker, as a supervisor (systemd Restart=) would")
                    workers.append(start_worker(env, folder, name="restarted", pool=args.pool))
                print("waiting for the sweep to publish")
                wait_until(caught_up, 150, "publishing to catch up")
                catch_up = time.monotonic() - back
                after = SeasonSnapshot.objects.filter(season=season).count()
            print(f"snapshot stale while Redis was down: {stale}; caught up {catch_up:.1f} s "
                  f"after Redis came back ({after - versions} new snapshot(s))")  # fmt: skip
            return accepted == len(during) and stale and not crashed
        finally:
            broker.stop()


def worker_killed(args: argparse.Namespace) -> bool:
    """SIGKILL the worker while it publishes; nothing half-written, the next worker (with
    beat's sweep) publishes the season."""
    import redis

    from bench.bench_pages import SEASON, build_season

    url = database_url("whist_fault_worker")
    setup_django(url, CELERY_BROKER_URL=args.redis)
    from league.models import Season
    from publishing.models import SeasonSnapshot
    from publishing.snapshots import inputs_fingerprint, latest_snapshot
    from publishing.tasks import publish_season

    redis.Redis.from_url(args.redis).flushdb()
    build_season(200, 34)
    season = Season.objects.get(slug=SEASON)
    SeasonSnapshot.objects.filter(season=season).delete()
    env = server_env(url, CELERY_BROKER_URL=args.redis)
    with scratch(keep=args.keep) as folder:
        worker = start_worker(env, folder, name="doomed")
        publish_season.apply_async((season.pk,))
        wait_until(lambda: "received" in worker.log.read_text(), 30, "the publish to start")
        time.sleep(args.kill_after)
        worker.stop(signal.SIGKILL)
        killed_during = "succeeded" not in worker.log.read_text()
        half_written = SeasonSnapshot.objects.filter(season=season).count()
        print(f"worker killed {args.kill_after:.2f} s into the publish (still running: "
              f"{killed_during}); snapshots stored: {half_written}")  # fmt: skip
        began = time.monotonic()
        with services(env, folder, beat=True):
            wait_until(
                lambda: (
                    (s := latest_snapshot(season)) is not None
                    and s.fingerprint == inputs_fingerprint(season)
                ),
                150,
                "the next worker to publish",
            )
        print(
            f"the next worker (beat's sweep) published it {time.monotonic() - began:.1f} s "
            f"after the kill; snapshots: {SeasonSnapshot.objects.filter(season=season).count()}"
        )
    return killed_during and half_written == 0


SCENARIOS = {"postgres": postgres_restart, "redis": redis_outage, "worker": worker_killed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", choices=sorted(SCENARIOS))
    parser.add_argument("--players", type=int, default=40, help="postgres: client players")
    parser.add_argument("--seconds", type=float, default=30, help="postgres: run length")
    parser.add_argument("--outage", type=float, default=5, help="postgres: seconds down")
    parser.add_argument("--kill-after", type=float, default=0.3, help="worker: seconds")
    parser.add_argument("--pool", default="prefork", help="redis: the worker's pool")
    parser.add_argument(
        "--idle", action="store_true", help="redis: stop it only once the worker is idle"
    )
    parser.add_argument(
        "--shared-cache", action="store_true", help="redis: CACHE_URL on the same Redis too"
    )
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/14")
    parser.add_argument("--keep", action="store_true", help="keep the logs folder")
    args = parser.parse_args()
    ok = SCENARIOS[args.scenario](args)
    print("OK" if ok else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
