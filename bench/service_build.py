"""One checkout's database for bench_service.py: a 200-player league on a round evening.

Run by bench_service.py, once per checkout (`--code DIR`): it imports the project from DIR,
so each version migrates and fills its own PostgreSQL database with its own code. The season
(`bench-pages-200`, bench_pages.py's: 200 players, 34 played rounds) gets tonight's round
drawn and published (every player seated, 50 tables), an account for every player and a
signed-in session for each; the season is published again. The last line printed is the
plan, JSON: the addresses, every player's cookie, the tables to confirm, the scores the
season's rules allow, the secret key the sessions were made with and the time zone.

    .venv/bin/python bench/service_build.py --code /tmp/before --database whist_bench_before
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from pathlib import Path
from typing import Any

SEASON_END = dt.date(2099, 12, 31)


def seat_tonight(season: Any, players: list[Any]) -> list[list[int]]:
    """Tonight's round after the season's last one: every player at a table of 4 in order
    (the draw published); returns each table's id and its players' indexes."""
    from django.utils import timezone

    from league.models import Registration, Round, Seat, Table

    last = season.rounds.order_by("-number").first()
    round_ = Round.objects.create(
        season=season,
        number=last.number + 1,
        date=timezone.localdate(),
        status=Round.Status.DRAWN,
        draw_method=Round.DrawMethod.RANDOM,
        draw_published_at=timezone.now(),
    )
    Registration.objects.bulk_create(Registration(round=round_, player=p) for p in players)
    tables = Table.objects.bulk_create(
        Table(round=round_, number=n + 1) for n in range(len(players) // 4)
    )
    Seat.objects.bulk_create(
        Seat(table=tables[i // 4], round=round_, seat=i % 4, player=player)
        for i, player in enumerate(players[: len(tables) * 4])
    )
    return [[table.pk, *range(n * 4, n * 4 + 4)] for n, table in enumerate(tables)]


def signed_in_cookies(players: list[Any]) -> list[str]:
    """An account for every player and the cookies of his browser, signed in (a session in
    the configured store, the CSRF cookie its first page set)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from bench.support import browser_cookies
    from league.models import Player

    password = make_password(None)
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"bench-{p.slug}", password=password) for p in players
    )
    for player, user in zip(players, users, strict=True):
        player.user = user
    Player.objects.bulk_update(players, ["user"])
    return [browser_cookies(user) for user in users]


def build(players: int, rounds: int) -> dict[str, Any]:
    """The season (bench_pages.py's), tonight's round, the accounts; returns the plan."""
    from bench.bench_pages import SEASON, build_season
    from league.actions.common import season_rules
    from league.models import Player, Season
    from publishing.actions import do_publish_season
    from scoring import get_preset
    from scoring.bounds import game_total_bounds

    build_season(players, rounds)
    season = Season.objects.get(slug=SEASON)
    Season.objects.filter(pk=season.pk).update(end=SEASON_END)
    season.refresh_from_db()
    people = list(Player.objects.filter(slug__startswith="player-").order_by("slug"))
    tables = seat_tonight(season, people)
    cookies = signed_in_cookies(people)
    do_publish_season(season.pk)
    rules = season_rules(season)
    tonight = rounds + 1
    return {
        "round_page": f"/seasons/{SEASON}/rounds/{tonight}/",
        "table_page": f"/seasons/{SEASON}/",
        "cookies": cookies,
        "tables": tables,
        "score_bounds": game_total_bounds(get_preset(rules.scoring_preset), rules.deals_per_game),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, required=True, help="the checkout to run")
    parser.add_argument("--database", required=True)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=34)
    args = parser.parse_args()
    sys.path.insert(0, str(args.code.resolve()))
    from bench.support import SECRET_KEY, database_url, setup_django

    setup_django(database_url(args.database, fresh=True))
    plan = build(args.players, args.rounds)
    from django.conf import settings

    # The servers need this process's key: the sessions' auth hashes were signed with it.
    # The worker's log lines are in the settings' time zone.
    print(json.dumps({**plan, "secret_key": SECRET_KEY, "time_zone": settings.TIME_ZONE}))


if __name__ == "__main__":
    main()
