"""Benchmark: full standings recompute of a 5,000-player, 500,000-game rated league in PostgreSQL.

Prints the recompute time and its ratio to a plain `SELECT player_id, SUM(score) ... GROUP BY
player_id` over the same results table (target: within 2x), timed in interleaved rounds
(sum, serial sum, standings[, previous code], sum, ...): best and median of each, and of the
per-round ratios. `--previous FILE` times another version of standings/sql.py side by side.
The data goes into its own database (DATABASE_URL's server, database `whist_bench_standings`
unless --database), built once with COPY and reused by later runs of the same size (--rebuild
to start again). Its standings index grows as inserts grow it; `--compact` first rebuilds it as
the weekly job does (and it stays so for later runs, until --rebuild).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/whist .venv/bin/python bench/bench_standings.py
    git show 60d7e76:standings/sql.py > /tmp/sql_before.py
    ... bench/bench_standings.py --repeat 9 --previous /tmp/sql_before.py
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import os
import random
import secrets
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SEASON = "bench-1200-2024"
START, END = dt.date(2024, 1, 1), dt.date(2024, 7, 1)


def point_django_at(database: str) -> str:
    """Create the bench database if needed and make Django use it; returns its URL."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        sys.exit("bench_standings needs DATABASE_URL=postgres://... (a PostgreSQL server)")
    parts = urlsplit(url)
    import psycopg

    server = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(server.replace("postgres://", "postgresql://", 1), autocommit=True) as c:
        if not c.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone():
            c.execute(f'CREATE DATABASE "{database}"')
    bench_url = urlunsplit(parts._replace(path=f"/{database}"))
    os.environ["DATABASE_URL"] = bench_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # A benchmark serves nothing: a throwaway key (production refuses to start without one).
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    import django

    django.setup()
    return bench_url


def copy_rows(model: Any, rows: Iterable[dict[str, Any]]) -> None:
    """COPY rows into `model`'s table; fields a row leaves out get the field's default."""
    from django.db import connection
    from django.db.models import JSONField
    from django.utils import timezone
    from psycopg.types.json import Jsonb

    fields = model._meta.concrete_fields
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    now = timezone.now()

    def value(field: Any, row: dict[str, Any]) -> Any:
        if field.attname in row:
            found = row[field.attname]
        elif getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            found = now
        elif field.has_default():
            found = field.get_default()
        else:
            found = None
        return Jsonb(found) if isinstance(field, JSONField) and found is not None else found

    table = connection.ops.quote_name(model._meta.db_table)
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row([value(field, row) for field in fields])


def build(players: int, games: int, seed: int) -> None:
    """Fill the bench database: a rated season, `players` players, `games` 4-player games."""
    from django.core.management import call_command
    from django.core.management.color import no_style
    from django.db import connection, transaction
    from django.utils import timezone

    from games.models import Game, GameResult
    from league.models import League, Player, Season
    from league.rules import LeagueRules

    call_command("migrate", verbosity=0, interactive=False)
    rng = random.Random(seed)
    with transaction.atomic():
        tables = ", ".join(model._meta.db_table for model in (GameResult, Game, Season, Player))
        with connection.cursor() as cursor:  # the bench's own database: start from nothing
            cursor.execute(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
        league, _ = League.objects.get_or_create(name="Bench 1200+", slug="bench-1200")
        # bulk_create: no post_save, so nothing asks to publish this huge season's snapshot
        (season,) = Season.objects.bulk_create(
            [
                Season(
                    league=league,
                    slug=SEASON,
                    name="Bench 1200+ 2024",
                    rules_preset="whist-online-1200",
                    rules=LeagueRules.from_preset("whist-online-1200").to_dict(),
                    start=START,
                    end=END,
                    status=Season.Status.FINISHED,
                )
            ]
        )
        now = timezone.now()
        copy_rows(
            Player,
            (
                {"id": i, "name": f"Player {i:05d}", "slug": f"player-{i:05d}", "created_at": now}
                for i in range(1, players + 1)
            ),
        )
        days = (END - START).days
        dates = [START + dt.timedelta(days=rng.randrange(days)) for _ in range(games)]
        dates.sort()
        copy_rows(
            Game,
            (
                {
                    "id": i,
                    "season_id": season.pk,
                    "date": d,
                    "status": "confirmed",
                    "source": "import",
                    "rated": True,
                }
                for i, d in enumerate(dates, 1)
            ),
        )
        copy_rows(GameResult, _results(rng, players, dates, season.pk))
        with connection.cursor() as cursor:
            for sql in connection.ops.sequence_reset_sql(no_style(), [Player, Game, GameResult]):
                cursor.execute(sql)
    with connection.cursor() as cursor:
        # as autovacuum would: statistics, and the visibility map for index-only scans
        cursor.execute("VACUUM ANALYZE")


def _results(
    rng: random.Random, players: int, dates: Sequence[dt.date], season_id: int
) -> Iterator[dict[str, Any]]:
    """Four results per game, with the facts every writer records (games.facts)."""
    from games.facts import seat_facts

    row_id = 0
    sample = rng.sample
    population = range(1, players + 1)
    for game, played in enumerate(dates, 1):
        scores = [rng.randint(-150, 250) for _ in range(4)]
        facts = [fact for fact in seat_facts(scores) if fact is not None]  # four seats: all
        for seat, (player, score, fact) in enumerate(
            zip(sample(population, 4), scores, facts, strict=True)
        ):
            row_id += 1
            yield {
                "id": row_id,
                "game_id": game,
                "seat": seat,
                "player_id": player,
                "score": score,
                "season_id": season_id,
                "played": played,
                "round_number": 0,
                "place": fact.place,
                "tied": fact.tied,
                "gap": fact.gap,
            }


def loaded_size() -> tuple[int, int]:
    """(players, games) already in the bench database; (0, 0) before its tables exist."""
    from django.db import DatabaseError, connection

    with connection.cursor() as cursor:
        try:
            cursor.execute(
                "SELECT (SELECT count(*) FROM league_player), (SELECT count(*) FROM games_game)"
            )
        except DatabaseError:
            return (0, 0)
        players, games = cursor.fetchone()
    return players, games


def interleaved(rounds: int, actions: dict[str, Callable[[], object]]) -> dict[str, list[float]]:
    """Seconds of each action in `rounds` rounds, the actions in turn within each round.

    On a shared, noisy machine a burst of other load then slows the runs of every action of
    a round alike, so the ratios of one round compare like with like.
    """
    timings: dict[str, list[float]] = {name: [] for name in actions}
    for _ in range(rounds):
        for name, action in actions.items():
            began = time.perf_counter()
            action()
            timings[name].append(time.perf_counter() - began)
    return timings


def best_median(values: Sequence[float], unit: str = " s", digits: int = 3) -> str:
    best, median = min(values), statistics.median(values)
    return f"best {best:.{digits}f}{unit}, median {median:.{digits}f}{unit}"


def load_previous(path: str) -> Callable[..., Any]:
    """`season_tallies` of another version of standings/sql.py (e.g. `git show REV:...`)."""
    spec = importlib.util.spec_from_file_location("previous_standings_sql", path)
    if spec is None or spec.loader is None:
        sys.exit(f"--previous {path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module.season_tallies  # type: ignore[no-any-return]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument("--games", type=int, default=500_000)
    parser.add_argument("--seed", type=int, default=20_240_101)
    parser.add_argument("--repeat", type=int, default=7, help="interleaved rounds")
    parser.add_argument("--database", default="whist_bench_standings")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument(
        "--previous",
        metavar="FILE",
        help="another standings/sql.py to time side by side (git show REV:standings/sql.py)",
    )
    parser.add_argument("--pure", action="store_true", help="also time the row-by-row Python path")
    parser.add_argument(
        "--compact",
        action="store_true",
        help="first rebuild the standings index as the weekly job does (standings.index_upkeep)",
    )
    args = parser.parse_args(argv)

    point_django_at(args.database)
    from django.conf import settings
    from django.db import connection

    from league.actions.common import season_rules
    from league.models import Season
    from standings.loader import PlayerInfo, SeasonStandings, season_standings

    if args.rebuild or loaded_size() != (args.players, args.games):
        began = time.perf_counter()
        build(args.players, args.games, args.seed)
        print(
            f"built:            {args.players} players, {args.games} games "
            f"in {time.perf_counter() - began:.1f} s"
        )
    season = Season.objects.get(slug=SEASON)
    if args.compact:
        from standings.index_upkeep import compact_standing_index

        compacted = compact_standing_index()
        if compacted is not None:
            print(
                f"compacted:        {compacted.index} {compacted.before / 2**20:.0f} MB -> "
                f"{compacted.after / 2**20:.0f} MB (the weekly rebuild)"
            )
    from standings.index_upkeep import INDEX

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_relation_size(%s::regclass), current_setting('shared_buffers')", [INDEX]
        )
        index_bytes, buffers = cursor.fetchone()
    print(
        f"index:            {INDEX} {index_bytes / 2**20:.0f} MB "
        f"(shared_buffers {buffers}; built by inserts it grows to about 143 MB, rebuilt 112 MB)"
    )

    def plain_sum(parallel: bool = True) -> list[Any]:
        with connection.cursor() as cursor:
            if not parallel:
                cursor.execute("SET max_parallel_workers_per_gather = 0")
            cursor.execute("SELECT player_id, SUM(score) FROM games_gameresult GROUP BY player_id")
            rows = cursor.fetchall()
            cursor.execute("RESET max_parallel_workers_per_gather")
            return list(rows)

    def standings_with(tallies_of: Callable[..., Any]) -> SeasonStandings:
        """What season_standings(details=False) does, with another version's tallies."""
        rules = season_rules(season)
        tallies, names = tallies_of(rules, season.pk, season.end)
        players = {pid: PlayerInfo(pid, name, slug) for pid, (name, slug) in names.items()}
        return SeasonStandings(season, rules, True, (), players, {}, tuple(tallies)).ranked(
            final=True
        )

    actions: dict[str, Callable[[], object]] = {
        "sum": plain_sum,
        "serial": lambda: plain_sum(parallel=False),
        "now": lambda: season_standings(season, final=True, details=False),
    }
    if args.previous:
        previous = load_previous(args.previous)
        actions["previous"] = lambda: standings_with(previous)
    timings = interleaved(args.repeat, actions)
    ratio = {
        name: [t / base for t, base in zip(timings[name], timings["sum"], strict=True)]
        for name in actions
    }
    print(
        f"data:             {args.players} players, {args.games} games, "
        f"{4 * args.games} results (rated league, whist-online-1200)"
    )
    print(f"rounds:           {args.repeat}, interleaved ({', '.join(actions)})")
    print(f"SQL GROUP BY sum: {best_median(timings['sum'])}")
    print(f"  same, serial:   {best_median(timings['serial'])} (no parallel workers)")

    def overall(name: str) -> str:
        """The best over the sum's best, and the median over its median."""
        best = min(timings[name]) / min(timings["sum"])
        median = statistics.median(timings[name]) / statistics.median(timings["sum"])
        return f"best/best {best:.2f}x, median/median {median:.2f}x"

    to_serial = [n / s for n, s in zip(timings["now"], timings["serial"], strict=True)]
    print(
        f"full recompute:   {best_median(timings['now'])}; "
        f"per-round ratio {best_median(ratio['now'], 'x', 2)}; {overall('now')} "
        f"(to serial sum {best_median(to_serial, 'x', 2)})"
    )
    print(
        f"                  (STANDINGS_SHARDS={settings.STANDINGS_SHARDS} ranges of players, "
        "each on its own connection in one snapshot: counts and gaps by round and bucket from "
        "the tally the triggers keep (standings.tally), the final period's games off "
        "result_played_order, and each player's dropped games off result_standing_order as "
        "his totals come out; ranking in Python)"
    )
    if args.previous:
        print(
            f"previous code:    {best_median(timings['previous'])}; "
            f"per-round ratio {best_median(ratio['previous'], 'x', 2)}; {overall('previous')} "
            f"({args.previous})"
        )
        same = _comparable(standings_with(previous)) == _comparable(
            season_standings(season, final=True, details=False)
        )
        print(f"previous agrees:  {same}")
    if args.pure:
        began = time.perf_counter()
        pure = season_standings(season, final=True)
        pure_s = time.perf_counter() - began
        print(
            f"pure Python path: {pure_s:.3f} s  ratio {pure_s / min(timings['sum']):.1f}x  "
            "(every result row through league.standings)"
        )
        fast = season_standings(season, final=True, details=False)
        print(f"paths agree:      {_comparable(pure) == _comparable(fast)}")


def _comparable(standings: Any) -> list[Any]:
    return [(r.as_json(""), sorted(r.dropped_games)) for r in standings.rows]


if __name__ == "__main__":
    main()
