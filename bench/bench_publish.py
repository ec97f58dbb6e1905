"""Benchmark: publishing one season as the worker does after a confirmed result (issue 28).

On an existing database (`--database`, default issue 28's `whist_bench_after`: the
200-player, 35-round `bench-pages-200`), the season's publish (`do_publish_season`: the
lock, the fingerprint, `build_snapshot_data`, the comparison with the latest snapshot and
the store, after one game of the last round is scored again) is timed `--repeat` times,
each in a transaction rolled back, so the database is left as it was; beside it the build alone and
its two biggest parts, the table after every round (`_progression`) and the messaging texts
(`season_messages`). `--dump FILE` writes the snapshot's JSON (its `published_at` blanked),
to compare two versions byte for byte.

`--previous DIR` runs another checkout's code (e.g. `git archive COMMIT | tar -x -C DIR`)
side by side: `--rounds` child processes each, alternating, and says whether the two
snapshots are byte-identical:

    .venv/bin/python bench/bench_publish.py [--repeat 5] [--dump /tmp/after.json]
    .venv/bin/python bench/bench_publish.py --previous /tmp/publish-base --rounds 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import support

FIGURES = ("publish", "build", "progression", "messages")


def timed(repeat: int, action: Callable[[], object]) -> list[list[float]]:
    """[wall, CPU] seconds of each of `repeat` runs: this process's CPU time is steadier on
    a busy machine; the wall time also holds PostgreSQL's share."""
    spent = []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        action()
        spent.append([time.perf_counter() - wall, time.process_time() - cpu])
    return spent


def snapshot_json(data: Any) -> str:
    """The snapshot as JSON bytes compare it: every key in its order, `published_at` blank."""
    return json.dumps({**data, "published_at": ""}, ensure_ascii=False)


def measure(
    database: str, slug: str, repeat: int, dump: str | None
) -> dict[str, list[list[float]]]:
    """Set Django up on `database` with the code of `support.ROOT` and time the figures."""
    support.setup_django(support.database_url(database))
    from django.conf import settings
    from django.db import transaction

    from games.models import Game, GameResult
    from league.models import Season
    from publishing import actions, messages, snapshots
    from standings.loader import season_standings

    season = Season.objects.select_related("league").get(slug=slug)
    data = snapshots.build_snapshot_data(season)  # warm: translations, first queries
    if dump:
        Path(dump).write_text(snapshot_json(data), encoding="utf-8")

    def publish() -> None:
        with transaction.atomic():
            # as after a confirmed result: a game of the last round scored again (10 points
            # moved between two seats), so the tables differ from the latest snapshot's and
            # the new one is stored; all rolled back below
            first, second = GameResult.objects.filter(
                game__season=season, game__status=Game.Status.CONFIRMED
            ).order_by("-game__round__number", "game_id", "seat")[:2]
            GameResult.objects.filter(pk=first.pk).update(score=first.score + 10)
            GameResult.objects.filter(pk=second.pk).update(score=second.score - 10)
            assert actions.do_publish_season(season.pk, force=True) is not None
            transaction.set_rollback(True)

    def build() -> None:
        with transaction.atomic():
            snapshots.build_snapshot_data(season)
            transaction.set_rollback(True)

    table = season_standings(season)
    players = snapshots._load_rows(season, table).players
    standings = list(table.rows)

    def progression() -> None:
        snapshots._progression(table.rules, season, standings, players)

    def texts() -> None:
        for code, _name in settings.LANGUAGES:
            messages.season_messages(data, code)

    return {
        "publish": timed(repeat, publish),
        "build": timed(repeat, build),
        "progression": timed(repeat, progression),
        "messages": timed(repeat, texts),
    }


def report(label: str, figures: dict[str, list[list[float]]]) -> None:
    for what in FIGURES:
        wall = [run[0] for run in figures[what]]
        cpu = [run[1] for run in figures[what]]
        print(
            f"{label:<10} {what:<12} wall median {statistics.median(wall):6.3f} s"
            f" best {min(wall):6.3f} s   CPU median {statistics.median(cpu):6.3f} s"
            f" best {min(cpu):6.3f} s   ({len(wall)} runs)"
        )


def child(root: Path, args: argparse.Namespace, dump: Path) -> dict[str, list[list[float]]]:
    """One run in a fresh process with the code in `root`."""
    argv = [
        support.PYTHON, str(Path(__file__).resolve()), "--code", str(root),
        "--database", args.database,
        "--season", args.season, "--repeat", str(args.repeat), "--dump", str(dump), "--json",
    ]  # fmt: skip
    # run in `root`: Celery puts the working directory first on sys.path
    done = subprocess.run(argv, check=True, capture_output=True, text=True, cwd=root)
    figures: dict[str, list[list[float]]] = json.loads(done.stdout.splitlines()[-1])
    return figures


def side_by_side(args: argparse.Namespace) -> None:
    previous = Path(args.previous).resolve()
    runs: dict[str, dict[str, list[list[float]]]] = {
        "previous": {what: [] for what in FIGURES},
        "this": {what: [] for what in FIGURES},
    }
    with tempfile.TemporaryDirectory() as folder:
        dumps = {"previous": Path(folder, "previous.json"), "this": Path(folder, "this.json")}
        for _ in range(args.rounds):
            for label, root in (("previous", previous), ("this", support.ROOT)):
                for what, spent in child(root, args, dumps[label]).items():
                    runs[label][what].extend(spent)
        same = dumps["previous"].read_bytes() == dumps["this"].read_bytes()
        size = dumps["this"].stat().st_size
    for label in ("previous", "this"):
        report(label, runs[label])
    for what in FIGURES:
        ratios = [
            statistics.median(run[i] for run in runs["previous"][what])
            / statistics.median(run[i] for run in runs["this"][what])
            for i in (0, 1)
        ]
        print(f"{what:<12} {ratios[0]:5.1f}x faster in wall time, {ratios[1]:5.1f}x in CPU time")
    print(f"snapshot JSON ({size / 1e6:.1f} MB): {'byte-identical' if same else 'DIFFERENT'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="whist_bench_after")
    parser.add_argument("--season", default="bench-pages-200")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--dump", help="write the snapshot's JSON (published_at blank) here")
    parser.add_argument("--previous", help="another checkout's root, timed side by side")
    parser.add_argument("--rounds", type=int, default=3, help="child runs each (--previous)")
    parser.add_argument("--code", help=argparse.SUPPRESS)  # a child: the checkout to run
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.previous:
        side_by_side(args)
        return
    if args.code:
        support.ROOT = Path(args.code).resolve()
    figures = measure(args.database, args.season, args.repeat, args.dump)
    if args.json:
        print(json.dumps(figures))
    else:
        report("publish", figures)


if __name__ == "__main__":
    main()
