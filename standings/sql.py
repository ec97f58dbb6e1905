"""Per-player standings tallies read inside the database, for very large seasons.

The same rules as `league.standings` (which stays the reference and does the ranking), read
off the facts every result row records about its game (games.facts: place, players sharing
it, gap in twelfths, and the game's date and round number), so no query compares the seats
of a game. Per range of players (`standings.shards`: all of them, or on PostgreSQL a large
season's players in ranges read at once on several connections), the same queries whatever
the season's size:

1. The season's games not confirmed (usually none), which do not count.
2. One statement. Its aggregate folds each player's results counted by round and *bucket*
   (place, players sharing it) by *level*: the buckets worth the same placement points (the
   same at 3- and 4-player tables, which use the first three values). On PostgreSQL those
   counts are the tally the database keeps as results are written (standings.tally: some
   30,000 rows for the bench's 2,000,000 results), less the results of the games not
   confirmed; elsewhere they are counted from the results. It gives games, points, gap, the
   games the podium windows count and the games at each level; a final period's games are
   counted off the `result_played_order` index; the names are joined last. The drop
   schedule then says how many games each player drops, and walking the levels from the
   fewest points up, how many from each level.
3. Exactly those worst games: on PostgreSQL in the same statement, as each player's totals
   come out, his first n rows of a level read off the `result_standing_order` index (a
   LATERAL join with LIMIT n); on SQLite in a second query with a window function. Their
   points and gaps come back summed and their ids listed (packed as bytes on PostgreSQL).
   On PostgreSQL the statement runs between two more queries that set two planner settings
   and put them back (`_planned`).

Points and gaps are whole numbers of twelfths throughout, so every tie is a real tie.
"""

from __future__ import annotations

import datetime as dt
import json
import struct
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db import connection, transaction

from games.models import Game, GameResult
from league.models import Player
from league.rules import DropSchedule, LeagueRules
from league.standings import TWELFTHS, PlayerTally, in_twelfths, place_share
from league.worst_first import POINTS, order_by_sql
from standings.shards import EVERYONE, Players, over_players
from standings.tally import TALLY

Bucket = tuple[int, int]  # (place, players sharing the place)


def _column(field: str) -> str:
    """The database column of a GameResult field that worst_first orders by."""
    found = GameResult._meta.get_field(field)
    return str(found.column)  # type: ignore[union-attr]  # worst_first names concrete fields


def worst_first_sql(alias: str) -> str:
    """ORDER BY terms putting a level's worst game first (league.worst_first)."""
    return order_by_sql(alias, _column)


@dataclass(frozen=True)
class Level:
    """Buckets worth the same placement points: their games drop together, worst gap first."""

    points: int  # twelfths
    buckets: tuple[Bucket, ...]


def levels(rules: LeagueRules) -> list[Level]:
    """Every bucket of 3- and 4-player games grouped by placement points, worst first."""
    values = rules.placement_values(4)
    by_points: dict[int, list[Bucket]] = defaultdict(list)
    for place in range(1, 5):
        for tied in range(1, 6 - place):
            by_points[in_twelfths(place_share(values, place, tied))].append((place, tied))
    ordered = sorted(by_points, reverse=POINTS.descending)
    return [Level(points, tuple(by_points[points])) for points in ordered]


@dataclass(frozen=True, slots=True)
class _Dropped:
    """A player's dropped games: their placement points and gaps summed (twelfths), and ids."""

    points: int = 0
    gap: int = 0
    games: tuple[int, ...] = ()


NOTHING_DROPPED = _Dropped()


@dataclass(slots=True)
class _Player:
    name: str
    slug: str
    games: int
    points: int  # twelfths
    gap: int  # twelfths
    windows: tuple[int, ...]  # games in each podium window, then in the final period
    by_level: tuple[int, ...]  # games at each level of the ladder
    dropped: _Dropped  # on PostgreSQL read with the totals; on SQLite filled in after


def season_tallies(
    rules: LeagueRules, season_id: int, season_end: dt.date | None
) -> tuple[list[PlayerTally], dict[int, tuple[str, str]]]:
    """Every player's tally of the season, and each player's (name, slug), in the module's
    queries per range of players (`standings.shards`: one range, or on PostgreSQL a large
    season's players cut into ranges read at once on several connections in one snapshot).

    Tallies carry no entries, and list their dropped games in no particular order.
    """
    ladder = levels(rules)
    parts = over_players(
        season_id, lambda players: _tallies_of(rules, ladder, season_id, players, season_end)
    )
    tallies = [tally for part, _ in parts for tally in part]
    names = {player_id: name for _, part in parts for player_id, name in part.items()}
    return tallies, names


def _tallies_of(
    rules: LeagueRules,
    ladder: Sequence[Level],
    season_id: int,
    players: Players,
    season_end: dt.date | None,
) -> tuple[list[PlayerTally], dict[int, tuple[str, str]]]:
    """The tallies and (name, slug) of the season's `players` (the module's queries)."""
    scope = _Scope(season_id, _uncounted_games(season_id), players)
    totals = _player_totals(rules, ladder, scope, season_end)
    if connection.vendor != "postgresql":  # PostgreSQL read them with the totals
        _read_dropped_games(rules, ladder, scope, totals)
    podium = len(rules.podium_windows)
    tallies = [
        PlayerTally(
            player=player_id,
            games=player.games,
            points=Fraction(player.points - player.dropped.points, TWELFTHS),
            gap=Fraction(player.gap - player.dropped.gap, TWELFTHS),
            dropped_games=player.dropped.games,
            podium_window_games=player.windows[:podium],
            final_period_games=player.windows[podium] if rules.final_period else None,
        )
        for player_id, player in totals.items()
    ]
    return tallies, {player_id: (p.name, p.slug) for player_id, p in totals.items()}


@dataclass(frozen=True)
class _Scope:
    """Which result rows count: the season's, less those of games not confirmed, of the
    `players` read (all of them, or a range of them: standings.shards)."""

    season_id: int
    uncounted: tuple[int, ...]
    players: Players = EVERYONE

    def where(self, alias: str) -> tuple[str, list[Any]]:
        """Conditions on results table `alias`: the rows that count."""
        return self._rows(alias, results=True, games="NOT IN" if self.uncounted else "")

    def waiting(self, alias: str) -> tuple[str, list[Any]]:
        """Conditions on results table `alias`: the rows of the games not counted."""
        return self._rows(alias, results=True, games="IN")

    def kept(self, alias: str) -> tuple[str, list[Any]]:
        """Conditions on the tally `alias` (standings.tally): the season's, in the range."""
        return self._rows(alias, results=False, games="")

    def _rows(self, alias: str, *, results: bool, games: str) -> tuple[str, list[Any]]:
        """The season's rows of table `alias` in the range of players: of a results table
        (`results`) only those of 3- and 4-player games; with `games` ("IN" or "NOT IN"),
        only the rows of the games not counted, or none of them."""
        sql = f"{alias}.season_id = %s"
        if results:
            sql += f" AND {alias}.place IS NOT NULL"
        if games:
            listed = ", ".join(str(int(game)) for game in self.uncounted)
            sql += f" AND {alias}.game_id {games} ({listed})"
        in_range, params = self.players.where(alias)
        return sql + in_range, [self.season_id, *params]


def _uncounted_games(season_id: int) -> tuple[int, ...]:
    waiting = [status for status in Game.Status if status != Game.Status.CONFIRMED]
    return tuple(
        Game.objects.filter(season_id=season_id, status__in=waiting)
        .order_by("id")
        .values_list("id", flat=True)
    )


def _player_totals(
    rules: LeagueRules, ladder: Sequence[Level], scope: _Scope, season_end: dt.date | None
) -> dict[int, _Player]:
    """Per player: name, games, points, gap, the games per condition window and level, and
    on PostgreSQL the dropped games.

    One aggregate folds each player's counts by bucket and round (`_buckets`: on PostgreSQL
    the kept tally, elsewhere counted from the results) by the rules' levels and podium
    windows; the games of a final period are counted off the `result_played_order` index,
    and only then are the names joined. On PostgreSQL, as each player's totals come out,
    his worst games are read off the `result_standing_order` index (`_worst_games_lateral`).
    """
    buckets, params = _buckets(scope)
    windows = [
        f"SUM(CASE WHEN b.round_number > 0 AND b.round_number > "
        f"{int(rules.rounds_in_season or 0) - int(window.last_rounds)} THEN b.games ELSE 0 END)"
        for window in rules.podium_windows
    ]
    final_join = ""
    if rules.final_period is not None:
        if season_end is None:
            raise ValueError("the rules have a final period: the season's end date is needed")
        where, where_params = scope.where("r")
        final_join = f"""
            LEFT JOIN (
                SELECT r.player_id, COUNT(*) AS games FROM {_table(GameResult)} r
                WHERE {where} AND r.played BETWEEN %s AND %s
                GROUP BY r.player_id
            ) fp ON fp.player_id = f.player_id
        """
        period = rules.final_period
        params += [*where_params, period.starts_on(season_end), period.ends_on(season_end)]
    folded = "".join(f", {_whole(window)} AS w{i}" for i, window in enumerate(windows))
    window_columns = "".join(f", f.w{i}" for i in range(len(windows)))
    if final_join:
        window_columns += ", COALESCE(fp.games, 0)"
    points = " ".join(
        f"WHEN {_in_level(level, 'b')} THEN {level.points}" for level in ladder if level.points
    )
    counts = [f"SUM(CASE WHEN {_in_level(level, 'b')} THEN b.games ELSE 0 END)" for level in ladder]
    by_level = "".join(f", {_whole(count)} AS l{i}" for i, count in enumerate(counts))
    level_columns = "".join(f", f.l{i}" for i in range(len(ladder)))
    dropped_columns, worst = "", ""
    if connection.vendor == "postgresql":
        dropped_columns = ", d.points, d.gap, d.games"
        lateral, lateral_params = _worst_games_lateral(rules, ladder, scope)
        worst = f"CROSS JOIN LATERAL ({lateral}) d"
        params += lateral_params
    sql = f"""
        SELECT f.player_id, p.name, p.slug, f.games, f.points, f.gap{window_columns}
               {level_columns}{dropped_columns}
        FROM (
            SELECT b.player_id, {_whole("SUM(b.games)")} AS games,
                   {_whole(f"SUM(b.games * CASE {points} ELSE 0 END)" if points else "0")}
                       AS points,
                   {_whole("SUM(b.gap)")} AS gap{folded}{by_level}
            FROM ({buckets}) b
            GROUP BY b.player_id
            HAVING SUM(b.games) > 0
        ) f
        {final_join}
        {worst}
        JOIN {_table(Player)} p ON p.id = f.player_id
    """
    split = 6 + len(rules.podium_windows) + (1 if final_join else 0)
    levels_end = split + len(ladder)
    with _planned(), connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return {
        row[0]: _Player(
            name=row[1],
            slug=row[2],
            games=row[3],
            points=row[4],
            gap=row[5],
            windows=tuple(row[6:split]),
            by_level=tuple(row[split:levels_end]),
            dropped=_dropped(*row[levels_end:]) if dropped_columns else NOTHING_DROPPED,
        )
        for row in rows
    }


def _buckets(scope: _Scope) -> tuple[str, list[Any]]:
    """SQL of the counted results' counts and gaps by (player, round number, place, tied):
    columns player_id, round_number, place, tied, games, gap; several rows of one key may
    come (they add up).

    On PostgreSQL, the tally the database keeps (standings.tally), less the results of the
    season's games not confirmed; elsewhere counted from the results.
    """
    keys = "r.player_id, r.round_number, r.place, r.tied"
    if connection.vendor != "postgresql":
        where, params = scope.where("r")
        sql = f"""
            SELECT {keys}, COUNT(*) AS games, SUM(r.gap) AS gap FROM {_table(GameResult)} r
            WHERE {where} GROUP BY {keys}
        """
        return sql, params
    kept, params = scope.kept("t")
    sql = f"""
        SELECT t.player_id, t.round_number, t.place, t.tied, t.games, t.gap
        FROM {TALLY} t WHERE {kept}
    """
    if scope.uncounted:
        waiting, waiting_params = scope.waiting("r")
        sql += f"""
            UNION ALL
            SELECT {keys}, -COUNT(*), -SUM(r.gap) FROM {_table(GameResult)} r
            WHERE {waiting} GROUP BY {keys}
        """
        params += waiting_params
    return sql, params


def _dropped(points: int | None, gap: int | None, games: bytes | None) -> _Dropped:
    """A player's dropped games as the lateral read them (all None: none dropped)."""
    if games is None:
        return NOTHING_DROPPED
    return _Dropped(int(points or 0), int(gap or 0), _ids(games))


# PostgreSQL's planner reads a final period's results (a sixth of the bench's season) in a
# sequential scan of the whole table rather than off `result_played_order`, and would read
# the tally the same way; JIT spends longer compiling the statement than it then runs.
# Measured with bench/bench_standings.py (bench/README.md).
PLANNER = {"enable_seqscan": "off", "jit": "off"}


@contextmanager
def _planned() -> Iterator[None]:
    """On PostgreSQL, plan the next queries with the settings of PLANNER.

    Two more queries: the settings are made local to the transaction (opened here if none
    is), then put back as they were, so the rest of a caller's transaction plans as usual.
    Only a few settings of the planner change: the results are the same whatever the plan.
    """
    if connection.vendor != "postgresql":
        yield
        return
    names = list(PLANNER)
    each = ", ".join("current_setting(%s), set_config(%s, %s, true)" for _ in names)
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        cursor.execute(f"SELECT {each}", [v for name in names for v in (name, name, PLANNER[name])])
        before = (cursor.fetchone() or ())[::2]
        # On an error the transaction is rolled back (atomic without a savepoint marks the
        # caller's for rollback too), and the rollback puts the settings back.
        yield
        back = ", ".join("set_config(%s, %s, true)" for _ in names)
        cursor.execute(
            f"SELECT {back}",
            [v for name, old in zip(names, before, strict=True) for v in (name, old)],
        )


def dropped_count_sql(drops: DropSchedule, games: str) -> str:
    """PostgreSQL: `drops.dropped_count` of the whole number of games `games` (SQL)."""
    terms = [f"CASE WHEN {games} >= {int(at)} THEN 1 ELSE 0 END" for at in drops.at]
    if drops.then_every and drops.at:
        last, every = int(drops.at[-1]), int(drops.then_every)
        terms.append(f"CASE WHEN {games} > {last} THEN ({games} - {last}) / {every} ELSE 0 END")
    count = f"({' + '.join(terms)})" if terms else "0"
    if drops.max is not None:
        count = f"LEAST({count}, {int(drops.max)})"
    return f"LEAST({count}, {games})"


def _worst_games_lateral(
    rules: LeagueRules, ladder: Sequence[Level], scope: _Scope
) -> tuple[str, list[Any]]:
    """PostgreSQL: the dropped games of the player of row `f` (his totals, with his games at
    each level `l0`, `l1`, ...): the placement points and gaps of those games summed, and
    their ids.

    He drops `rules.drops.dropped_count` games, taken from the levels of fewest points up:
    at each level as many of its worst games as are still to drop, read in index order with
    a LIMIT; a level with none to drop is not read at all (a one-time filter).
    """
    where, where_params = scope.where("e")
    drop = dropped_count_sql(rules.drops, "f.games")
    params: list[Any] = []
    arms: list[str] = []
    for index, level in enumerate(ladder):
        before = " + ".join(f"f.l{lower}" for lower in range(index)) or "0"
        take = f"LEAST(f.l{index}, GREATEST(0, {drop} - ({before})))"

        def rows_of(bucket: Bucket, take: str = take) -> str:
            place, tied = bucket
            params.extend(where_params)
            return f"""(
                SELECT e.game_id, e.gap, e.played, e.round_number
                FROM {_table(GameResult)} e
                WHERE {where} AND e.player_id = f.player_id
                  AND e.place = {place} AND e.tied = {tied} AND {take} > 0
                ORDER BY {worst_first_sql("e")}
                LIMIT {take}
            )"""

        if len(level.buckets) == 1:
            worst = rows_of(level.buckets[0])
        else:  # each bucket's worst; of those, the worst of the level
            union = " UNION ALL ".join(rows_of(bucket) for bucket in level.buckets)
            worst = f"(SELECT * FROM ({union}) u ORDER BY {worst_first_sql('u')} LIMIT {take})"
        arms.append(f"SELECT {level.points} AS points, w.gap, w.game_id FROM {worst} w")
    sql = f"""
        SELECT {_whole("SUM(x.points)")} AS points, {_whole("SUM(x.gap)")} AS gap,
               {_listed("x.game_id")} AS games
        FROM ({" UNION ALL ".join(arms)}) x
    """
    return sql, params


def _read_dropped_games(
    rules: LeagueRules, ladder: Sequence[Level], scope: _Scope, totals: dict[int, _Player]
) -> None:
    """SQLite: fill in each player's dropped games, in one query.

    The drop schedule says how many games he drops, and walking the levels from the fewest
    points up, how many from each level; the query numbers each requested level's rows
    worst first (a window function) and sums the first n.
    """
    requests: list[dict[str, int]] = []
    points: dict[int, int] = {}
    for player_id, player in totals.items():
        remaining = rules.drops.dropped_count(player.games)
        for index, count in enumerate(player.by_level):
            if remaining == 0:
                break
            take = min(count, remaining)
            if take:
                requests.append({"player": player_id, "level": index, "n": take})
                points[player_id] = points.get(player_id, 0) + take * ladder[index].points
                remaining -= take
    if not requests:
        return
    where, where_params = scope.where("e")
    sql = f"""
        SELECT player, SUM(gap), {_listed("game_id")} FROM (
            SELECT req.player, req.level, req.n, e.game_id, e.gap,
                   ROW_NUMBER() OVER (
                       PARTITION BY req.player, req.level ORDER BY {worst_first_sql("e")}
                   ) AS worst
            FROM (
                SELECT json_extract(value, '$.player') AS player,
                       json_extract(value, '$.level') AS level,
                       json_extract(value, '$.n') AS n
                FROM json_each(%s)
            ) req
            JOIN {_table(GameResult)} e ON e.player_id = req.player
            WHERE {where} AND {_level_case(ladder, "e")} = req.level
        ) numbered
        WHERE worst <= n
        GROUP BY player, level
    """
    found: dict[int, tuple[int, tuple[int, ...]]] = {}
    with connection.cursor() as cursor:
        cursor.execute(sql, [json.dumps(requests), *where_params])
        for player_id, gap, listed in cursor.fetchall():  # a row per player and level
            before_gap, before = found.get(player_id, (0, ()))  # several levels dropped from
            found[player_id] = (before_gap + int(gap), before + _ids(listed))
    for player_id, (gap, games) in found.items():
        totals[player_id].dropped = _Dropped(points[player_id], gap, games)


def _whole(expression: str) -> str:
    """`expression` as an integer (PostgreSQL sums integers as numeric)."""
    return f"CAST({expression} AS BIGINT)"


def _in_level(level: Level, alias: str) -> str:
    """SQL: true when row `alias`'s (place, tied) is one of `level`'s buckets."""
    return " OR ".join(
        f"({alias}.place = {place} AND {alias}.tied = {tied})" for place, tied in level.buckets
    )


def _level_case(ladder: Sequence[Level], alias: str) -> str:
    """SQL: the index in `ladder` of the level of row `alias`'s (place, tied)."""
    cases = " ".join(
        f"WHEN {alias}.place = {place} AND {alias}.tied = {tied} THEN {index}"
        for index, level in enumerate(ladder)
        for place, tied in level.buckets
    )
    return f"(CASE {cases} END)"


def _table(model: Any) -> str:
    return str(connection.ops.quote_name(model._meta.db_table))


def _listed(column: str) -> str:
    """SQL listing the bigint `column` of a group's rows, in no particular order.

    PostgreSQL: their 8-byte big-endian values end to end (bytea). Some 275,000 dropped games
    of the bench came back in 5,000 arrays that the server printed and the client parsed as
    text, number by number; as bytes they are copied (bench/bench_standings.py: the query
    about 15 % faster). SQLite: comma-separated.
    """
    if connection.vendor == "postgresql":
        return f"STRING_AGG(INT8SEND({column}), ''::bytea)"
    return f"GROUP_CONCAT({column}, ',')"


def _ids(listed: bytes | str) -> tuple[int, ...]:
    """The game ids of a `_listed` value."""
    if isinstance(listed, str):
        return tuple(int(game_id) for game_id in listed.split(","))
    return struct.unpack(f">{len(listed) // 8}q", listed)  # INT8SEND: big-endian
