"""Benchmark: the draw of 2,000 registered players, in the pure layer and through the action.

Pure layer (league.draw.make_draw on player ids): random and by ranking. Through the
database (do_draw_round in its own PostgreSQL database `whist_bench_draw`): a Sunday round
(random) and a Wednesday round (by the current ranking, which reads the season's
standings), each drawn again `--repeat` times.
The publish a draw asks for goes to a broker (as in production, where a worker runs it), so
the figures are the action's own work.

    .venv/bin/python bench/bench_draw.py [--players 2000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.support import database_url, setup_django

SEASON = "bench-draw"
HISTORY_ROUNDS = 4


def _draw(do_draw_round: Callable[..., object], round_: object, run: int) -> object:
    """Run `run` of the draw of `round_`: its own seed, a redraw (with its reason) after the
    first."""
    again = run > 0
    return do_draw_round(
        round_, seed=run + 1, redraw=again, reason="bench: the next run" if again else ""
    )


def timings(repeat: int, action: Callable[[int], object]) -> list[float]:
    """Seconds of each of `repeat` runs of `action(run_number)`."""
    spent = []
    for run in range(repeat):
        began = time.perf_counter()
        action(run)
        spent.append(time.perf_counter() - began)
    return spent


def report(what: str, spent: list[float]) -> None:
    print(
        f"{what:<58} median {statistics.median(spent) * 1000:9.1f} ms   "
        f"best {min(spent) * 1000:9.1f} ms"
    )


def pure(players: int, repeat: int) -> None:
    from league.draw import make_draw

    ids = list(range(1, players + 1))
    rng = random.Random(7)
    ranking = rng.sample(ids, players * 3 // 4)
    report(
        f"pure random draw, {players} players",
        timings(repeat, lambda run: make_draw("random", ids, seed=run)),
    )
    report(
        f"pure ranking draw, {players} players ({len(ranking)} ranked)",
        timings(repeat, lambda run: make_draw("ranking", ids, seed=run, ranking=ranking)),
    )


def through_database(players: int, repeat: int) -> None:
    from draws.actions import do_draw_round
    from games.season_import import import_season
    from league.models import Player, Registration, Round, Season, Seat
    from tests.league.factories import random_rounds_season, round_dates

    began = time.perf_counter()
    import_season(random_rounds_season(players, rounds=HISTORY_ROUNDS, slug=SEASON))
    season = Season.objects.get(slug=SEASON)
    print(
        f"built {SEASON}: {players} players, {HISTORY_ROUNDS} rounds of results "
        f"in {time.perf_counter() - began:.1f} s"
    )
    everyone = list(Player.objects.filter(name__startswith="Player ").order_by("pk"))
    dates = round_dates()
    for number in (HISTORY_ROUNDS + 1, HISTORY_ROUNDS + 2):  # a Sunday, then a Wednesday
        round_ = Round.objects.create(season=season, number=number, date=dates[number - 1])
        Registration.objects.bulk_create(Registration(round=round_, player=p) for p in everyone)
        method = "random" if round_.date.weekday() == 6 else "by ranking"
        spent = timings(repeat, partial(_draw, do_draw_round, round_))
        tables = Seat.objects.filter(round=round_).values("table").distinct().count()
        report(f"do_draw_round {method} (round {number}), {tables} tables", spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database", default="whist_bench_draw")
    parser.add_argument(
        "--redis",
        default="redis://127.0.0.1:6379/15",
        help="broker the draw's publish request goes to (as in production, where a worker "
        "publishes; nothing consumes it here and the db is flushed at the end)",
    )
    args = parser.parse_args()
    setup_django(database_url(args.database), CELERY_BROKER_URL=args.redis)
    import redis

    try:
        pure(args.players, args.repeat)
        through_database(args.players, args.repeat)
    finally:
        redis.Redis.from_url(args.redis).flushdb()


if __name__ == "__main__":
    main()
