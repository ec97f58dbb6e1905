"""Build and publish the rating list (FORMATS.md 7 `/ratings/`) after the ratings run.

The list and each player's biggest moves are built from the stored rating history in a
constant number of queries (the pure part is `rating.rating_list`) and stored as a
`RatingSnapshot` with its `RatingSection`s (`publishing.models`, their shape
`publishing.rating_schema`) in one transaction; pages read the latest one
(`publishing.rating_snapshots`) and never recompute the list on a request.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.db import connection, transaction
from django.db.models import Count
from django.utils import timezone

from games.models import Game, GameResult
from league.models import Player
from league.signals import Change, announce_season_change
from publishing.models import RatingSection, RatingSnapshot
from publishing.rating_schema import (
    RATING_SCHEMA,
    PlayerRatingSection,
    RatingListData,
    RatingListRow,
    RatingMove,
    rating_key,
)
from publishing.rating_snapshots import latest_rating_snapshot
from rating.elo import K_FACTOR, START_RATING
from rating.models import RatingChange
from rating.rated_league import rated_seasons
from rating.rating_list import CHANGE_DAYS, Step, biggest_moves, rating_list, thresholds_of

# Any fixed number: the key of the PostgreSQL advisory lock that serialises publishing it.
RATING_LIST_LOCK_KEY = 0x5261_7469_6E67
KEPT_VERSIONS = 2


def _one_decimal(value: float) -> float:
    return round(value, 1)


def build_rating_list(today: dt.date) -> tuple[RatingListData, dict[str, PlayerRatingSection]]:
    """The rating list as of `today` and each player's section, by section key: his biggest
    moves and the opponents he shared a confirmed game with (5 queries and the rated
    seasons' rules)."""
    histories: dict[int, list[Step]] = defaultdict(list)
    for player, played_on, game, before, after in RatingChange.objects.order_by(
        "player_id", "played_on", "game_id"
    ).values_list("player_id", "played_on", "game_id", "before", "after"):
        histories[player].append(Step(played_on, game, before, after))
    met = _opponents()
    players = {
        p["id"]: p
        for p in Player.objects.filter(pk__in={*histories, *met}).values("id", "name", "slug")
    }
    thresholds = thresholds_of(threshold for _season, threshold in rated_seasons())
    names = {pk: str(p["name"]) for pk, p in players.items()}
    slugs = {pk: str(p["slug"]) for pk, p in players.items()}
    rows: list[RatingListRow] = [
        {
            "rank": row.rank,
            "player": names[row.player],
            "player_slug": slugs[row.player],
            "rating": _one_decimal(row.rating),
            "games": row.games,
            "change": _one_decimal(row.change),
            "reached": [day.isoformat() if day else None for day in row.reached],
        }
        for row in rating_list(histories, thresholds, today, names)
    ]
    moves = {player: biggest_moves(history) for player, history in histories.items()}
    wheres = _where_played({s.game for gains, losses in moves.values() for s in (*gains, *losses)})
    sections: dict[str, PlayerRatingSection] = {}
    for player in sorted({*histories, *met}):
        gains, losses = moves.get(player, ([], []))
        sections[rating_key(slugs[player])] = {
            "gains": [_move(step, wheres[step.game]) for step in gains],
            "losses": [_move(step, wheres[step.game]) for step in losses],
            "opponents": [
                {"player": names[other], "player_slug": slugs[other], "games": games}
                for other, games in sorted(
                    met.get(player, {}).items(), key=lambda item: (-item[1], names[item[0]])
                )
            ],
        }
    data: RatingListData = {
        "schema": RATING_SCHEMA,
        "published_at": timezone.now().astimezone(dt.UTC).isoformat(),
        "as_of": today.isoformat(),
        "thresholds": thresholds,
        "formula": {"k": K_FACTOR, "start": START_RATING, "days": CHANGE_DAYS},
        "rows": rows,
    }
    return data, sections


_Where = tuple[str | None, str | None, int | None, int | None]


def _opponents() -> dict[int, dict[int, int]]:
    """For each player, everyone he shared a confirmed game with and in how many games
    (1 query: each result paired with the results of its game)."""
    met: dict[int, dict[int, int]] = defaultdict(dict)
    for player, other, games in (
        GameResult.objects.filter(game__status=Game.Status.CONFIRMED)
        .values_list("player_id", "game__results__player_id")
        .annotate(games=Count("game_id"))
        .order_by()
    ):
        if other != player:
            met[player][other] = games
    return met


def _where_played(game_ids: set[int]) -> dict[int, _Where]:
    """Each game's season (slug, name), round and table number (1 query)."""
    return {
        game: (slug, name, number, table)
        for game, slug, name, number, table in Game.objects.filter(pk__in=game_ids).values_list(
            "id", "season__slug", "season__name", "round__number", "table__number"
        )
    }


def _move(step: Step, where: _Where) -> RatingMove:
    slug, name, number, table = where
    return {
        "game_id": step.game,
        "date": step.date.isoformat(),
        "season": slug,
        "season_name": name or slug,
        "round": number,
        "table": table,
        "before": _one_decimal(step.before),
        "after": _one_decimal(step.after),
        "change": _one_decimal(step.delta),
    }


def _lock() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RATING_LIST_LOCK_KEY])


def do_publish_ratings(today: dt.date | None = None) -> RatingSnapshot | None:
    """Publish the rating list as of `today` (the local date); return the new snapshot, or
    None when the list and every section are as published. One transaction; only the
    latest `KEPT_VERSIONS` versions are kept."""
    today = today or timezone.localdate()
    with transaction.atomic():
        _lock()
        data, sections = build_rating_list(today)
        latest = latest_rating_snapshot()
        if latest is not None and _same(latest, data, sections):
            return None
        version = latest.version + 1 if latest else 1
        snapshot = RatingSnapshot.objects.create(
            version=version, schema=RATING_SCHEMA, summary=data
        )
        RatingSection.objects.bulk_create(
            (
                RatingSection(snapshot=snapshot, key=key, data=section)
                for key, section in sections.items()
            ),
            batch_size=500,
        )
        RatingSnapshot.objects.filter(version__lte=version - KEPT_VERSIONS).delete()
        announce_season_change(None, Change.PUBLISHED)  # the rating list and the players' pages
        return snapshot


def _same(
    latest: RatingSnapshot, data: RatingListData, sections: dict[str, PlayerRatingSection]
) -> bool:
    def content(summary: RatingListData) -> dict[str, object]:
        return {key: value for key, value in summary.items() if key != "published_at"}

    if content(latest.typed_summary) != content(data):
        return False
    stored = dict(latest.sections.values_list("key", "data"))
    return stored == sections
