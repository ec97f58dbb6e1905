"""Read the games two players shared (2 queries, whatever their number) for the pure
head-to-head of `league.head_to_head`."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from core.errors import ActionError
from games.models import Game, GameResult
from league.actions.common import season_rules
from league.head_to_head import HeadToHead, SharedGame, head_to_head
from league.models import Player, Season


@dataclass(frozen=True)
class PlayersHeadToHead:
    """A and B's head-to-head with the seasons its games belong to (by slug)."""

    summary: HeadToHead[int]
    seasons: dict[str, Season]


def shared_games(a: int, b: int) -> tuple[list[SharedGame[int]], dict[str, Season]]:
    """The confirmed games players `a` and `b` played at the same table, with every seat,
    and their seasons (2 queries: the results of the shared games, found through the
    (player) and (game, player) indexes, then their seasons)."""
    of_b = GameResult.objects.filter(player_id=b).values("game_id")
    shared = GameResult.objects.filter(player_id=a, game_id__in=of_b).values("game_id")
    seats: dict[int, list[tuple[int, int]]] = defaultdict(list)
    where: dict[int, tuple[dt.date, int | None, int | None, int | None]] = {}
    for game, player, score, date, season_id, round_number, table_number in (
        GameResult.objects.filter(game_id__in=shared, game__status=Game.Status.CONFIRMED)
        .order_by("game_id", "seat")
        .values_list(
            "game_id",
            "player_id",
            "score",
            "game__date",
            "game__season_id",
            "game__round__number",
            "game__table__number",
        )
    ):
        seats[game].append((player, score))
        where[game] = (date, season_id, round_number, table_number)
    season_ids = {info[1] for info in where.values() if info[1] is not None}
    seasons = {s.pk: s for s in Season.objects.filter(pk__in=season_ids)} if season_ids else {}
    values: dict[int, tuple[int, ...] | None] = {}
    for pk, one in seasons.items():
        try:
            values[pk] = season_rules(one).placement_points
        except ActionError:  # broken rules: that season's games show no league points
            values[pk] = None
    games = []
    for game, (date, sid, number, table) in where.items():
        in_season = seasons.get(sid) if sid is not None else None
        games.append(
            SharedGame(
                game=game,
                date=date,
                seats=seats[game],
                placement_values=values.get(in_season.pk) if in_season else None,
                season=in_season.slug if in_season else None,
                round=number,
                table=table,
            )
        )
    return games, {one.slug: one for one in seasons.values()}


def players_head_to_head(a: Player, b: Player) -> PlayersHeadToHead:
    """A and B's head-to-head from the database (2 queries)."""
    games, seasons = shared_games(a.pk, b.pk)
    return PlayersHeadToHead(head_to_head(a.pk, b.pk, games), seasons)
