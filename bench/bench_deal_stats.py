"""Benchmark: the deal statistics a publish adds, for a season whose every game has records.

A scheduled season (`--players` at tables of four in each of 34 rounds, 28 deals a game,
summary records as players enter them, or `--full` records with hands and play as a
platform sends them) is imported into its own PostgreSQL database; then the snapshot is
built with no kept figures (the first publish after the upgrade: every game scored) and
with every game's figures kept (every later publish), beside the build of the same season
without records.

    .venv/bin/python bench/bench_deal_stats.py [--players 200] [--full] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_snapshot import report, timed
from bench.support import database_url, setup_django


def with_records(season: dict[str, Any], *, full: bool, seed: int = 1) -> dict[str, Any]:
    """The season file with a 28-deal record in place of each game's scores."""
    from scoring import get_preset, validate_deal
    from scoring.generate import random_deals

    preset = get_preset("whist-online")
    rng = random.Random(seed)
    for round_ in season["rounds"]:
        for game in round_["games"]:
            deals = random_deals(rng.randrange(2**32), 28, preset, with_summary=True)
            if not full:
                deals = [_summary(deal, validate_deal(deal, preset)) for deal in deals]
            game["record"] = {"players": list(game.pop("scores")), "deals": deals}
    return season


def _summary(deal: dict[str, Any], result: Any) -> dict[str, Any]:
    return {
        "dealer": deal.get("dealer", 0),
        "trump": result.trump.name,
        "declarer": result.declarer,
        "winning_bid": result.winning_bid,
        "contracts": list(result.contracts),
        "tricks": list(result.tricks),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="records with hands and play")
    parser.add_argument("--database", default="whist_stats_bench")
    args = parser.parse_args()

    setup_django(database_url(args.database, fresh=True))
    from games.season_import import import_season
    from publishing.models import GameDealStats
    from publishing.snapshots import build_snapshot_data
    from tests.league.factories import random_rounds_season

    with mock.patch("publishing.tasks.request_publish"):
        plain = import_season(random_rounds_season(args.players, seed=1, slug="plain")).season
        file = with_records(random_rounds_season(args.players, seed=1), full=args.full)
        file["rules"] = {"deals_per_game": 28}
        season = import_season(file).season
    kind = "full (hands and play)" if args.full else "summary"
    print(f"{args.players} players, 34 rounds, {season.games.count()} games, {kind} records")
    report(
        "snapshot built, no records (the same season)",
        timed(args.repeat, lambda: build_snapshot_data(plain)),
    )

    def cold() -> None:
        GameDealStats.objects.all().delete()
        build_snapshot_data(season)

    report("snapshot built, records, no kept figures", timed(args.repeat, cold))
    report(
        "snapshot built, records, figures kept",
        timed(args.repeat, lambda: build_snapshot_data(season)),
    )


if __name__ == "__main__":
    main()
