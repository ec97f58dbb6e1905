"""Per-player standings tallies read inside the database, for very large seasons.

The same rules as `league.standings` (which stays the reference and does the ranking), read
off the facts every result row records about its game (games.facts: place, players sharing
it, gap in twelfths, and the game's date and round number), so no query compares the seats
of a game:

1. One aggregate counts each player's results by *bucket* (place, players sharing it) with
   their gaps and the games the eligibility conditions count. The rules give each bucket its
   placement points (the same at 3- and 4-player tables, which use the first three values),
   so totals follow without reading rows again.
2. The drop schedule says how many games each player drops. Walking the buckets from the
   fewest points up shows which buckets drop whole and how many of the next one drop.
3. One query reads exactly those worst games: on PostgreSQL, each player's first n rows of a
   bucket straight off the `result_standing_order` index (a LATERAL join with LIMIT); on
   SQLite with a window function. Their gaps and ids come back summed and listed per player.

Works on PostgreSQL and SQLite.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db import connection

from games.facts import GAP_UNIT
from games.models import Game, GameResult
from league.models import Player
from league.rules import LeagueRules
from league.standings import PlayerTally

Bucket = tuple[int, int]  # (place, players sharing the place)


def worst_first(alias: str) -> str:
    """ORDER BY terms putting a level's worst game first, as `league.standings.worst_first`."""
    return ", ".join(f"{alias}.{column}" for column in ("gap", "played", "round_number", "game_id"))


@dataclass(frozen=True)
class Level:
    """Buckets worth the same placement points: their games drop together, worst gap first."""

    points: int  # twelfths
    buckets: tuple[Bucket, ...]


def levels(rules: LeagueRules) -> list[Level]:
    """Every bucket of 3- and 4-player games grouped by placement points, fewest first."""
    values = rules.placement_values(4)
    by_points: dict[int, list[Bucket]] = defaultdict(list)
    for place in range(1, 5):
        for tied in range(1, 6 - place):
            by_points[sum(values[place - 1 : place - 1 + tied]) * GAP_UNIT // tied].append(
                (place, tied)
            )
    return [Level(points, tuple(by_points[points])) for points in sorted(by_points)]


@dataclass
class _Player:
    windows: list[int]  # games in each podium window, then in the final period
    games: int = 0
    points: int = 0  # twelfths
    gap: int = 0  # twelfths
    by_bucket: dict[Bucket, int] = field(default_factory=dict)


def season_tallies(
    rules: LeagueRules, season_id: int, season_end: dt.date | None
) -> tuple[list[PlayerTally], dict[int, tuple[str, str]]]:
    """Every player's tally of the season, and each player's (name, slug), in four queries.

    Tallies carry no entries; dropped games are listed by game id, ascending.
    """
    scope = _Scope(season_id, _uncounted_games(season_id))
    players = _bucket_totals(rules, scope, season_end)
    ladder = levels(rules)
    level_of = {bucket: index for index, level in enumerate(ladder) for bucket in level.buckets}
    requests: list[dict[str, int]] = []
    dropped_points: dict[int, int] = {}
    for player_id, player in players.items():
        remaining = rules.drops.dropped_count(player.games)
        lost = 0
        for index, level in enumerate(ladder):
            if remaining == 0:
                break
            count = sum(player.by_bucket.get(bucket, 0) for bucket in level.buckets)
            take = min(count, remaining)
            if take:
                requests.append({"player": player_id, "level": index, "n": take})
                lost += take * level.points
                remaining -= take
        dropped_points[player_id] = lost
    dropped = _dropped_games(ladder, level_of, scope, requests)
    names = _names(scope)
    windows = len(rules.podium_windows)
    tallies = []
    for player_id, player in players.items():
        lost_gap, games = dropped.get(player_id, (0, ()))
        tallies.append(
            PlayerTally(
                player=player_id,
                games=player.games,
                points=Fraction(player.points - dropped_points[player_id], GAP_UNIT),
                gap=Fraction(player.gap - lost_gap, GAP_UNIT),
                dropped_games=games,
                podium_window_games=tuple(player.windows[:windows]),
                final_period_games=player.windows[windows] if rules.final_period else None,
            )
        )
    return tallies, names


@dataclass(frozen=True)
class _Scope:
    """Which result rows count: the season's, less those of games not confirmed."""

    season_id: int
    uncounted: tuple[int, ...]

    def where(self, alias: str) -> tuple[str, list[Any]]:
        sql = f"{alias}.season_id = %s AND {alias}.place IS NOT NULL"
        if self.uncounted:
            sql += f" AND {alias}.game_id NOT IN ({', '.join(map(str, self.uncounted))})"
        return sql, [self.season_id]


def _uncounted_games(season_id: int) -> tuple[int, ...]:
    waiting = [status for status in Game.Status if status != Game.Status.CONFIRMED]
    return tuple(
        Game.objects.filter(season_id=season_id, status__in=waiting)
        .order_by("id")
        .values_list("id", flat=True)
    )


def _bucket_totals(
    rules: LeagueRules, scope: _Scope, season_end: dt.date | None
) -> dict[int, _Player]:
    """Per player: games, points, gap and the counts per bucket and per condition window."""
    windows: list[str] = []
    params: list[Any] = []
    for window in rules.podium_windows:
        first = int(rules.rounds_in_season or 0) - int(window.last_rounds)
        windows.append(f"round_number > 0 AND round_number > {first}")
    if rules.final_period is not None:
        if season_end is None:
            raise ValueError("the rules have a final period: the season's end date is needed")
        windows.append("played BETWEEN %s AND %s")
        params += [rules.final_period.starts_on(season_end), season_end]
    counts = "".join(f", SUM(CASE WHEN {w} THEN 1 ELSE 0 END)" for w in windows)
    where, where_params = scope.where("r")
    sql = f"""
        SELECT r.player_id, r.place, r.tied, COUNT(*), SUM(r.gap){counts}
        FROM {_table(GameResult)} r
        WHERE {where}
        GROUP BY r.player_id, r.place, r.tied
    """
    points = {b: level.points for level in levels(rules) for b in level.buckets}
    players: dict[int, _Player] = defaultdict(lambda: _Player([0] * len(windows)))
    with connection.cursor() as cursor:
        cursor.execute(sql, params + where_params)
        for player_id, place, tied, games, gap, *in_windows in cursor.fetchall():
            player = players[player_id]
            bucket = (place, tied)
            player.games += games
            player.points += games * points[bucket]
            player.gap += int(gap)
            player.by_bucket[bucket] = games
            for index, count in enumerate(in_windows):
                player.windows[index] += int(count)
    return dict(players)


def _dropped_games(
    ladder: Sequence[Level],
    level_of: dict[Bucket, int],
    scope: _Scope,
    requests: list[dict[str, int]],
) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Per player with drops: (sum of the dropped games' gaps in twelfths, their game ids)."""
    if not requests:
        return {}
    if connection.vendor == "postgresql":
        sql, params = _worst_games_lateral(ladder, {r["level"] for r in requests}, scope)
    else:
        sql, params = _worst_games_window(level_of, scope)
    gaps: dict[int, int] = defaultdict(int)
    games: dict[int, list[int]] = defaultdict(list)
    with connection.cursor() as cursor:
        cursor.execute(sql, [json.dumps(requests), *params])
        for player_id, gap, game_ids in cursor.fetchall():  # a row per player and level
            gaps[player_id] += int(gap)
            games[player_id] += game_ids if isinstance(game_ids, list) else _ids(game_ids)
    return {player: (gaps[player], tuple(sorted(games[player]))) for player in gaps}


REQUESTS = {
    # the drop requests, [{"player": id, "level": index, "n": games to drop}, ...] as JSON
    "postgresql": (
        "SELECT * FROM jsonb_to_recordset(CAST(%s AS jsonb)) "
        "AS r(player bigint, level integer, n integer)"
    ),
    "sqlite": (
        "SELECT json_extract(value, '$.player') AS player, "
        "json_extract(value, '$.level') AS level, json_extract(value, '$.n') AS n "
        "FROM json_each(%s)"
    ),
}


def _worst_games_lateral(
    ladder: Sequence[Level], wanted: Iterable[int], scope: _Scope
) -> tuple[str, list[Any]]:
    """PostgreSQL: each request's n worst rows read in index order (LATERAL ... LIMIT n),
    summed inside the LATERAL: (player, gaps, game ids) per request."""
    where, where_params = scope.where("e")
    parts: list[str] = []
    params: list[Any] = []

    def rows_of(bucket: Bucket) -> str:
        place, tied = bucket
        params.extend(where_params)
        return f"""(
            SELECT e.game_id, e.gap, e.played, e.round_number
            FROM {_table(GameResult)} e
            WHERE {where} AND e.player_id = req.player AND e.place = {place} AND e.tied = {tied}
            ORDER BY {worst_first("e")}
            LIMIT req.n
        )"""

    for index in sorted(wanted):
        buckets = ladder[index].buckets
        worst = rows_of(buckets[0])
        if len(buckets) > 1:  # each bucket's n worst; of those, the n worst of the level
            union = " UNION ALL ".join(rows_of(bucket) for bucket in buckets)
            worst = f"(SELECT * FROM ({union}) u ORDER BY {worst_first('u')} LIMIT req.n)"
        parts.append(
            f"""SELECT req.player, x.gap, x.games FROM req CROSS JOIN LATERAL (
                    SELECT SUM(w.gap) AS gap, {_listed("w.game_id")} AS games FROM {worst} w
                ) x WHERE req.level = {index}"""
        )
    return f"WITH req AS ({REQUESTS['postgresql']}) {' UNION ALL '.join(parts)}", params


def _worst_games_window(level_of: dict[Bucket, int], scope: _Scope) -> tuple[str, list[Any]]:
    """SQLite: the requested levels' rows numbered worst first per player; the first n,
    summed: (player, gaps, game ids) per request."""
    where, where_params = scope.where("e")
    level = " ".join(
        f"WHEN e.place = {place} AND e.tied = {tied} THEN {index}"
        for (place, tied), index in level_of.items()
    )
    sql = f"""
        SELECT player, SUM(gap), {_listed("game_id")} FROM (
            SELECT req.player, req.level, req.n, e.game_id, e.gap,
                   ROW_NUMBER() OVER (
                       PARTITION BY req.player, req.level ORDER BY {worst_first("e")}
                   ) AS worst
            FROM ({REQUESTS["sqlite"]}) req
            JOIN {_table(GameResult)} e ON e.player_id = req.player
            WHERE {where} AND (CASE {level} END) = req.level
        ) numbered
        WHERE worst <= n
        GROUP BY player, level
    """
    return sql, where_params


def _names(scope: _Scope) -> dict[int, tuple[str, str]]:
    """(name, slug) of every player with a result in the season (an index probe each)."""
    sql = f"""
        SELECT p.id, p.name, p.slug FROM {_table(Player)} p
        WHERE EXISTS (SELECT 1 FROM {_table(GameResult)} r
                      WHERE r.season_id = %s AND r.player_id = p.id)
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, [scope.season_id])
        return {pk: (name, slug) for pk, name, slug in cursor.fetchall()}


def _table(model: Any) -> str:
    return str(connection.ops.quote_name(model._meta.db_table))


def _listed(column: str) -> str:
    """SQL listing `column` of a group's rows: an array (PostgreSQL) or comma-separated."""
    if connection.vendor == "postgresql":
        return f"ARRAY_AGG({column} ORDER BY {column})"
    return f"GROUP_CONCAT({column}, ',')"


def _ids(listed: str) -> list[int]:
    return [int(game_id) for game_id in listed.split(",")]
