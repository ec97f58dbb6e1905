"""Load: 200 players submitting and confirming results for 50 tables at once, over HTTP.

Builds its own PostgreSQL database (`whist_bench_load`): one season, 200 players with
accounts, `--rounds` drawn rounds of 50 tables (a new random seating each round). Starts
gunicorn (2 workers, DEBUG off) on a free loopback port and a Celery worker on a private
Redis db, then runs 200 client threads, one per player, each with its own session. Round
after round every player opens his table's page and, as the page allows, enters the four
scores (sometimes a correction of a pending result), confirms a result someone else entered,
or waits, until his table's result is confirmed. New rounds start until `--seconds` have
passed; the round in play is then finished (bounded by `--grace` seconds).

Two paces (`--pace`): `flat-out` (the default) sends the next request as soon as the last
one is answered (a player with nothing to do waits 0.05-0.3 s), so the 200 clients are a
closed loop that keeps the server saturated and measures its throughput: each request waits
behind the others' (latency = 200 / requests per second). `phone` paces each player as a
person with a phone: the tables finish their last deal over `--spread` seconds (10 s), a
player reads his table's page before he acts (1-3 s), typing four scores takes 8-20 s,
reading a result before confirming it 2-6 s, a player who waits for the others looks
again every 3-8 s, and at each table one player enters the scores (the others confirm or
wait). Both start every round at once for all 200 players.

Every answer is checked (no 5xx, no connection error) and every accepted submission and
confirmation is recorded by the client. Then the database must match: each played table
has exactly one confirmed version and one game whose scores are that version's, each table's
versions are exactly the accepted submissions (none lost, none duplicated), and exactly one
confirmation was accepted per table.

    .venv/bin/python bench/load_results.py [--seconds 60] [--players 200]
        [--pace phone] [--worker-class gthread --threads 4]
        [--cache-url rediscache://127.0.0.1:6379/8] [--profile]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.support import (
    database_url,
    percentile,
    scratch,
    server_env,
    setup_django,
    signed_in_session,
    start_gunicorn,
    start_worker,
)

SEASON = "bench-load"
REQUEST_TIMEOUT = 60
CURRENT_STATUS = re.compile(r'class="status status-(\w+)"')
CONFIRM_VERSION = re.compile(r'/confirm/"[^>]*>.*?name="version" value="(\d+)"', re.DOTALL)
CAN_ENTER = 'name="mode" value="scores"'
MESSAGE = re.compile(r'<li class="(success|error|info|warning)">')


@dataclass(frozen=True)
class Pace:
    """How long a player takes between requests, in seconds (ranges drawn uniformly)."""

    arrive: tuple[float, float] = (0.0, 0.0)  # after the round starts, before his first look
    read: tuple[float, float] = (0.0, 0.0)  # reading his table's page before acting
    type_scores: tuple[float, float] = (0.0, 0.0)  # entering the four scores
    check_result: tuple[float, float] = (0.0, 0.0)  # reading a result before confirming it
    look_again: tuple[float, float] = (0.05, 0.3)  # waiting for the others
    after_acting: tuple[float, float] = (0.0, 0.0)  # the answer to his form is on screen
    one_scorer: bool = False  # the table agrees who enters its scores; the others wait


def phone_pace(spread: float) -> Pace:
    """A person with a phone (see the module's docstring)."""
    return Pace(
        arrive=(0.0, spread),
        read=(1.0, 3.0),
        type_scores=(8.0, 20.0),
        check_result=(2.0, 6.0),
        look_again=(3.0, 8.0),
        after_acting=(3.0, 8.0),
        one_scorer=True,
    )


def flat_out(spread: float) -> Pace:
    """No person's time: the next request as soon as the last one is answered."""
    return Pace()


PACES: dict[str, Callable[[float], Pace]] = {"flat-out": flat_out, "phone": phone_pace}


@dataclass
class Ledger:
    """What the clients saw, shared by all threads (under `lock`)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    submitted: dict[int, list[tuple[str, tuple[int, ...]]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    confirmed: Counter[int] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    statuses: Counter[int] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    # (seconds, "METHOD path", seconds since the run began) of every answer, for the slowest
    timeline: list[tuple[float, str, float]] = field(default_factory=list)
    played: set[int] = field(default_factory=set)
    retry_answer: str = ""
    # A form that redirected (so it was handled) to a page that then failed: the client
    # cannot know whether it was saved; the check accepts either.
    unsure_submissions: dict[int, list[tuple[str, tuple[int, ...]]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    unsure_confirmations: Counter[int] = field(default_factory=Counter)


def build(players: int, rounds: int) -> tuple[list[dict[str, str]], list[list[int]]]:
    """The season and its drawn rounds; returns each player's user/session and, per round,
    the table id of each player (by player index)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import transaction
    from django.utils import timezone

    from games.models import Game
    from league.models import Player, Registration, Round, Season, Seat, Table
    from tests.roundsupport import make_season

    user_model = get_user_model()
    with transaction.atomic():
        Season.objects.filter(slug=SEASON).delete()
        Game.objects.filter(season__isnull=True).delete()
        Player.objects.filter(slug__startswith="load-").delete()
        user_model.objects.filter(username__startswith="load-").delete()
        season = make_season(slug=SEASON, rules={"deals_per_game": 1})
        password = make_password(None)  # nobody logs in with a password: sessions are made here
        users = user_model.objects.bulk_create(
            user_model(username=f"load-{i:03d}", password=password) for i in range(players)
        )
        people = Player.objects.bulk_create(
            Player(name=f"Load {i:03d}", slug=f"load-{i:03d}", user=user)
            for i, user in enumerate(users)
        )
        rng = random.Random(8)
        table_of: list[list[int]] = []
        for number in range(1, rounds + 1):
            round_ = Round.objects.create(
                season=season,
                number=number,
                date=season.start,
                status=Round.Status.DRAWN,
                draw_method=Round.DrawMethod.RANDOM,
                draw_published_at=timezone.now(),  # results wait for the published draw
            )
            Registration.objects.bulk_create(Registration(round=round_, player=p) for p in people)
            order = list(range(players))
            rng.shuffle(order)
            tables = Table.objects.bulk_create(
                Table(round=round_, number=n + 1) for n in range(players // 4)
            )
            seats = []
            mine = [0] * players
            for index, player in enumerate(order[: len(tables) * 4]):
                table = tables[index // 4]
                seats.append(Seat(table=table, round=round_, seat=index % 4, player=people[player]))
                mine[player] = table.pk
            Seat.objects.bulk_create(seats)
            table_of.append(mine)
    # The configured engine (cached_db): its rows are what the servers read on a cache miss.
    clients = [{"username": user.username, "session": signed_in_session(user)} for user in users]
    return clients, table_of


class Player(threading.Thread):
    """One player's browser: a session, his tables round after round."""

    def __init__(self, index: int, base: str, me: dict[str, str], run: Run) -> None:
        super().__init__(daemon=True, name=f"player-{index}")
        self.index, self.base, self.me, self.run_state = index, base, me, run
        self.rng = random.Random(index)
        self.http = requests.Session()
        self.http.cookies.set("sessionid", str(me["session"]))
        self.http.headers["Accept-Language"] = "en"

    def request(self, method: str, path: str, **kwargs: Any) -> requests.Response | None:
        ledger = self.run_state.ledger
        began = time.perf_counter()
        try:
            response = self.http.request(
                method, self.base + path, timeout=REQUEST_TIMEOUT, **kwargs
            )
        except requests.RequestException as error:
            with ledger.lock:
                ledger.failures.append(f"{method} {path}: {error!r}")
            return None
        with ledger.lock:
            spent = time.perf_counter() - began
            ledger.latencies.append(spent)
            ledger.timeline.append((spent, f"{method} {path}", began - self.run_state.began))
            ledger.statuses[response.status_code] += 1
            retryable = response.status_code == 503 and response.headers.get("Retry-After")
            if retryable and self.run_state.retryable_ok:
                ledger.retry_answer = ledger.retry_answer or response.text
            elif response.status_code >= 500:
                ledger.failures.append(f"{method} {path}: {response.status_code}")
        return response

    def post(self, path: str, data: dict[str, str]) -> str | None:
        """POST a form and follow the redirect; the flashed message's level, or None."""
        token = self.http.cookies.get("csrftoken") or ""
        response = self.request("POST", path, data={**data, "csrfmiddlewaretoken": token})
        if response is not None and response.history and response.status_code == 503:
            return "unknown"  # handled, then the page it led to met the outage
        if response is None or response.status_code != 200:
            return None
        found = MESSAGE.search(response.text)
        return found.group(1) if found else None

    def pause(self, span: tuple[float, float]) -> None:
        """Take a person's time (never past the hard stop)."""
        low, high = span
        if high > 0:
            left = self.run_state.hard_stop - time.monotonic()
            time.sleep(max(0.0, min(self.rng.uniform(low, high), left)))

    def play(self, table_id: int, scorer: bool) -> None:
        """Act on the table until its result is confirmed (or the hard stop); with a pace
        of one scorer per table, only the `scorer` enters scores."""
        ledger = self.run_state.ledger
        pace = self.run_state.pace
        enters = scorer or not pace.one_scorer
        page = f"/tables/{table_id}/"
        self.pause(pace.arrive)
        while time.monotonic() < self.run_state.hard_stop:
            response = self.request("GET", page)
            if response is None or response.status_code != 200:
                time.sleep(0.2)
                continue
            html = response.text
            status = CURRENT_STATUS.search(html)
            if status and status.group(1) == "confirmed":
                return
            confirm = CONFIRM_VERSION.search(html)
            if confirm and self.rng.random() < 0.85:
                self.pause(pace.read)
                self.pause(pace.check_result)
                outcome = self.post(f"/tables/{table_id}/confirm/", {"version": confirm.group(1)})
                with ledger.lock:
                    if outcome == "success":
                        ledger.confirmed[table_id] += 1
                    elif outcome == "unknown":
                        ledger.unsure_confirmations[table_id] += 1
                    else:
                        ledger.refused[f"confirm {outcome}"] += 1
            elif enters and CAN_ENTER in html and (status is None or self.rng.random() < 0.15):
                low, high = self.run_state.score_range
                scores = tuple(self.rng.randint(low, high) for _ in range(4))
                self.pause(pace.read)
                self.pause(pace.type_scores)
                form = {"mode": "scores", **{f"score-{i}": str(s) for i, s in enumerate(scores)}}
                outcome = self.post(f"/tables/{table_id}/submit/", form)
                with ledger.lock:
                    ledger.played.add(table_id)
                    if outcome == "success":
                        ledger.submitted[table_id].append((str(self.me["username"]), scores))
                    elif outcome == "unknown":
                        ledger.unsure_submissions[table_id].append(
                            (str(self.me["username"]), scores)
                        )
                    else:
                        ledger.refused[f"submit {outcome}"] += 1
            else:
                self.pause(pace.look_again)
                continue
            self.pause(pace.after_acting)

    def run(self) -> None:
        state = self.run_state
        for number, tables in enumerate(state.table_of, 1):
            if number > state.rounds_started:
                return
            mine = tables[self.index]
            self.play(mine, scorer=tables.index(mine) == self.index)
            try:
                state.barrier.wait(timeout=max(1.0, state.hard_stop - time.monotonic()))
            except threading.BrokenBarrierError:
                return


@dataclass
class Run:
    """Shared state of one load run."""

    table_of: list[list[int]]
    barrier: threading.Barrier
    stop_starting: float
    hard_stop: float
    ledger: Ledger = field(default_factory=Ledger)
    rounds_started: int = 1
    retryable_ok: bool = False  # a 503 with Retry-After is expected (fault runs)
    began: float = field(default_factory=time.perf_counter)
    pace: Pace = field(default_factory=Pace)
    score_range: tuple[int, int] = (-200, 300)  # game totals the players enter

    def round_finished(self) -> None:
        """Barrier action (one thread, all others waiting): start the next round while
        there is time; after `stop_starting` the round just finished was the last."""
        if time.monotonic() < self.stop_starting:
            self.rounds_started += 1


def verify(run: Run) -> list[str]:
    """Compare the database with what the clients were told; returns the problems."""
    from games.models import Game, GameResult, ResultVersion

    ledger = run.ledger
    problems = list(ledger.failures)
    played = sorted(ledger.played)
    versions: dict[int, list[ResultVersion]] = defaultdict(list)
    for version in ResultVersion.objects.filter(table_id__in=played).select_related("entered_by"):
        versions[version.table_id].append(version)
    games = Counter(Game.objects.filter(table_id__in=played).values_list("table_id", flat=True))
    results: dict[int, dict[int, int]] = defaultdict(dict)
    for table_id, seat, score in GameResult.objects.filter(game__table_id__in=played).values_list(
        "game__table_id", "seat", "score"
    ):
        results[table_id][seat] = score
    for table_id in played:
        stored = sorted(versions[table_id], key=lambda v: v.number)
        confirmed = [v for v in stored if v.status == ResultVersion.Status.CONFIRMED]
        if len(confirmed) != 1:
            problems.append(f"table {table_id}: {len(confirmed)} confirmed versions")
        if games[table_id] != 1:
            problems.append(f"table {table_id}: {games[table_id]} games")
        if confirmed and [results[table_id].get(s) for s in range(4)] != list(confirmed[0].scores):
            problems.append(f"table {table_id}: game scores differ from the confirmed version")
        if [v.number for v in stored] != list(range(1, len(stored) + 1)):
            problems.append(f"table {table_id}: version numbers {[v.number for v in stored]}")
        accepted = Counter(ledger.submitted[table_id])
        in_db = Counter(
            (v.entered_by.username if v.entered_by else "", tuple(v.scores)) for v in stored
        )
        unsure = Counter(ledger.unsure_submissions[table_id])
        # every accepted submission stored once; anything else stored was an unsure one
        if accepted - in_db or (in_db - accepted) - unsure:
            problems.append(
                f"table {table_id}: accepted submissions {dict(accepted)} (unsure "
                f"{dict(unsure)}) != stored {dict(in_db)}"
            )
        confirmations = ledger.confirmed[table_id]
        if confirmations > 1 or (confirmations == 0 and not ledger.unsure_confirmations[table_id]):
            problems.append(f"table {table_id}: {confirmations} accepted confirmations")
    return problems


def possible_totals() -> tuple[int, int]:
    """The game totals the season's rules allow (scoring.bounds): what the players enter, so
    that a refusal in the run is a race between players, not an impossible total."""
    from league.actions.common import season_rules
    from league.models import Season
    from scoring import get_preset
    from scoring.bounds import game_total_bounds

    rules = season_rules(Season.objects.get(slug=SEASON))
    return game_total_bounds(get_preset(rules.scoring_preset), rules.deals_per_game)


def run_players(
    base: str,
    clients: list[dict[str, str]],
    table_of: list[list[int]],
    seconds: float,
    grace: float,
    *,
    retryable_ok: bool = False,
    pace: Pace | None = None,
) -> tuple[Run, float, int]:
    """Run one client thread per player; returns the run, its duration and how many
    players were still busy at the hard stop."""
    began = time.monotonic()
    run = Run(
        table_of=table_of,
        barrier=threading.Barrier(len(clients), action=lambda: run.round_finished()),
        stop_starting=began + seconds,
        hard_stop=began + seconds + grace,
        retryable_ok=retryable_ok,
        pace=pace or Pace(),
        score_range=possible_totals(),
    )
    players = [Player(i, base, me, run) for i, me in enumerate(clients)]
    for player in players:
        player.start()
    for player in players:
        player.join(max(0.1, run.hard_stop + 5 - time.monotonic()))
    return run, time.monotonic() - began, sum(player.is_alive() for player in players)


def summarize(run: Run, elapsed: float, stuck: int) -> list[str]:
    """Print the run's figures and the database check; returns the problems found."""
    ledger = run.ledger
    problems = verify(run)
    if stuck:
        problems.append(f"{stuck} players did not finish before the hard stop")
    requests_made = sum(ledger.statuses.values())
    print(f"\n{len(run.table_of[0])} players, {elapsed:.1f} s, {len(ledger.played)} tables played "
          f"in {min(run.rounds_started, len(run.table_of))} rounds")  # fmt: skip
    print(f"requests: {requests_made} ({requests_made / elapsed:.1f}/s), status codes "
          f"{dict(sorted(ledger.statuses.items()))}, p50 {percentile(ledger.latencies, .5):.3f} s, "
          f"p99 {percentile(ledger.latencies, .99):.3f} s")  # fmt: skip
    print(f"accepted: {sum(len(v) for v in ledger.submitted.values())} submissions, "
          f"{sum(ledger.confirmed.values())} confirmations; refused (with a message): "
          f"{dict(ledger.refused)}")  # fmt: skip
    slowest = sorted(ledger.timeline, reverse=True)[:8]
    print("slowest: " + "; ".join(f"{what} {spent:.2f} s at {at:.1f} s"
                                  for spent, what, at in slowest))  # fmt: skip
    unsure = sum(len(v) for v in ledger.unsure_submissions.values())
    if unsure or ledger.unsure_confirmations:
        print(f"handled, then the next page met the outage: {unsure} submissions, "
              f"{sum(ledger.unsure_confirmations.values())} confirmations")  # fmt: skip
    server_errors = sum(n for code, n in ledger.statuses.items() if code >= 500)
    retryable = ledger.statuses.get(503, 0) if run.retryable_ok else 0
    broken = sum("Error" in f for f in ledger.failures)
    print(f"5xx answers: {server_errors} ({retryable} of them 503 + Retry-After, expected in "
          f"this run); connection errors: {broken}")  # fmt: skip
    if problems:
        print(f"\nFAILED: {len(problems)} problems")
        for problem in problems[:40]:
            print(" -", problem)
    return problems


def print_profile(logs: Path) -> None:
    """The workers' profiles together: the functions with the most time of their own, and
    the project's own functions by time including what they call."""
    import pstats

    files = sorted(str(p) for p in logs.glob("worker-*.prof"))
    if not files:
        print("no worker profile was written")
        return
    stats = pstats.Stats(*files)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(r"/(web|games|league|core|config|accounts)/", 25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--grace", type=float, default=90, help="to finish the round in play")
    parser.add_argument("--rounds", type=int, default=30, help="rounds prepared (an upper bound)")
    parser.add_argument("--database", default="whist_bench_load")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/14")
    parser.add_argument(
        "--cache-url",
        default="",
        help="the servers' cache (rediscache://..., as in production: sessions come from it); "
        "default: each process's memory",
    )
    parser.add_argument(
        "--pace", choices=sorted(PACES), default="flat-out", help="see the module's docstring"
    )
    parser.add_argument(
        "--spread", type=float, default=10, help="phone pace: seconds over which tables finish"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", default="sync", help="gunicorn's: sync or gthread")
    parser.add_argument("--threads", type=int, default=1, help="per worker (gthread)")
    parser.add_argument(
        "--keep-alive", type=int, default=None, help="gunicorn's keep-alive seconds (0: none)"
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="profile the gunicorn workers with cProfile and print where their time went",
    )
    args = parser.parse_args()
    if args.players % 4:
        sys.exit("--players must be a multiple of 4")

    url = database_url(args.database)
    setup_django(url, **({"CACHE_URL": args.cache_url} if args.cache_url else {}))
    import redis

    redis.Redis.from_url(args.redis).flushdb()
    clients, table_of = build(args.players, args.rounds)
    print(f"built {SEASON}: {args.players} players, {args.rounds} drawn rounds of "
          f"{args.players // 4} tables")  # fmt: skip
    if args.cache_url:
        cache_db = redis.Redis.from_url(args.cache_url.replace("rediscache://", "redis://"))
        cache_db.flushdb()
    served = (
        f"gunicorn {args.workers} workers, {args.worker_class}"
        + (f" x {args.threads} threads" if args.worker_class == "gthread" else "")
        + (f", keep-alive {args.keep_alive} s" if args.keep_alive is not None else "")
        + f", cache {args.cache_url or 'per process'}, pace {args.pace}"
    )
    print(served)
    with scratch() as logs:
        extra_env = {"CACHE_URL": args.cache_url} if args.cache_url else {}
        env = server_env(url, CELERY_BROKER_URL=args.redis, **extra_env)
        worker = start_worker(env, logs)
        gunicorn_env = {**env, "PROFILE_DIR": str(logs)}
        gunicorn, base = start_gunicorn(
            gunicorn_env,
            logs,
            workers=args.workers,
            extra=[
                "--worker-class",
                args.worker_class,
                "--threads",
                str(args.threads),
                *(["--keep-alive", str(args.keep_alive)] if args.keep_alive is not None else []),
            ],
            config="bench/gunicorn_profile.py" if args.profile else "config/gunicorn.conf.py",
        )
        try:
            pace = PACES[args.pace](args.spread)
            run, elapsed, stuck = run_players(
                base, clients, table_of, args.seconds, args.grace, pace=pace
            )
        finally:
            gunicorn.stop()
            worker.stop()
        if args.profile:
            print_profile(logs)
    print(served)
    if summarize(run, elapsed, stuck):
        sys.exit(1)
    print("OK: no 5xx, no lost or duplicated result, every played table has exactly one "
          "confirmed result and one game with its scores")  # fmt: skip


if __name__ == "__main__":
    main()
