"""Per-player standings tallies computed inside the database, for very large seasons.

The same rules as `league.standings` (which stays the reference and does the ranking): shared
placement points, gap from the table average, the worst games dropped by the drop schedule,
the counts the eligibility conditions need. Values are computed in twelfths, a common
denominator of every share (1..4 tied players) and average (3 or 4 players), so the
arithmetic stays exact. Works on PostgreSQL and SQLite (window functions).
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Any

from django.db import connection

from games.models import Game, GameResult
from league.models import Player, Round
from league.rules import DropSchedule, LeagueRules
from league.standings import PlayerTally

UNIT = 12  # every points share and gap is a whole number of twelfths


def dropped_count_sql(drops: DropSchedule, games: str) -> str:
    """An SQL expression of `drops.dropped_count(<games>)` for the column `games`."""
    terms = [f"CASE WHEN {games} >= {int(at)} THEN 1 ELSE 0 END" for at in drops.at]
    if drops.then_every and drops.at:
        last, every = int(drops.at[-1]), int(drops.then_every)
        terms.append(f"CASE WHEN {games} > {last} THEN ({games} - {last}) / {every} ELSE 0 END")
    bounds = [" + ".join(terms) or "0", games]
    if drops.max is not None:
        bounds.append(str(int(drops.max)))
    least = "LEAST" if connection.vendor == "postgresql" else "MIN"
    return f"{least}({', '.join(bounds)})"


def _placement_sum_sql(rules: LeagueRules, places: str) -> str:
    """SQL for the sum of the placement values of places 1..<places>."""
    cases = " ".join(
        f"WHEN {n} THEN {sum(rules.placement_points[:n])}"
        for n in range(1, len(rules.placement_points) + 1)
    )
    return f"(CASE {places} {cases} ELSE 0 END)"


def _string_agg(expression: str) -> str:
    if connection.vendor == "postgresql":
        return f"STRING_AGG({expression}, ',')"
    return f"GROUP_CONCAT({expression}, ',')"


def season_tallies(
    rules: LeagueRules, season_id: int, season_end: dt.date | None
) -> tuple[list[PlayerTally], dict[int, tuple[str, str]]]:
    """Every player's tally of the season in one query, and each player's (name, slug).

    Tallies carry no entries; dropped games are listed by game id, ascending.
    """
    q = connection.ops.quote_name
    result, game, round_, player = (q(m._meta.db_table) for m in (GameResult, Game, Round, Player))
    windows = [
        f"SUM(CASE WHEN round_number > {int(rules.rounds_in_season or 0) - int(w.last_rounds)} "
        f"THEN 1 ELSE 0 END)"
        for w in rules.podium_windows
    ]
    params: list[Any] = [season_id, Game.Status.CONFIRMED]
    if rules.final_period is not None:
        if season_end is None:
            raise ValueError("the rules have a final period: the season's end date is needed")
        windows.append("SUM(CASE WHEN played BETWEEN %s AND %s THEN 1 ELSE 0 END)")
        params += [rules.final_period.starts_on(season_end), season_end]

    def placed(places: str) -> str:
        return _placement_sum_sql(rules, places)

    extra = "".join(f", {w} AS w{i}" for i, w in enumerate(windows))
    sql = f"""
    WITH results AS (
        SELECT r.game_id, r.player_id, r.score, g.date AS played,
               CASE WHEN g.round_id IS NULL THEN NULL
                    ELSE (SELECT rd.number FROM {round_} rd WHERE rd.id = g.round_id)
               END AS round_number,
               RANK() OVER by_score AS place,
               COUNT(*) OVER by_score AS covered,
               COUNT(*) OVER by_game AS seats,
               SUM(r.score) OVER by_game AS total
        FROM {result} r
        JOIN {game} g ON g.id = r.game_id
        WHERE g.season_id = %s AND g.status = %s
        WINDOW by_game AS (PARTITION BY r.game_id),
               by_score AS (PARTITION BY r.game_id ORDER BY r.score DESC)
    ), entries AS (
        SELECT player_id, game_id, played, round_number,
               CAST(({placed("covered")} - {placed("place - 1")})
                   * {UNIT} / (covered - place + 1) AS INTEGER) AS points,
               CAST((seats * score - total) * {UNIT} / seats AS INTEGER) AS gap
        FROM results
        WHERE seats IN (3, 4)
    ), ordered AS (
        SELECT entries.*,
               ROW_NUMBER() OVER (
                   PARTITION BY player_id
                   ORDER BY points, gap, played, COALESCE(round_number, 0), game_id
               ) AS worst,
               COUNT(*) OVER (PARTITION BY player_id) AS games
        FROM entries
    ), marked AS (
        SELECT ordered.*,
               CASE WHEN worst <= {dropped_count_sql(rules.drops, "games")} THEN 1 ELSE 0 END
                   AS is_dropped
        FROM ordered
    ), tallies AS (
        SELECT player_id, MAX(games) AS games,
               SUM(CASE WHEN is_dropped = 0 THEN points ELSE 0 END) AS points,
               SUM(CASE WHEN is_dropped = 0 THEN gap ELSE 0 END) AS gap,
               {_string_agg("CASE WHEN is_dropped = 1 THEN CAST(game_id AS TEXT) END")}
                   AS dropped{extra}
        FROM marked
        GROUP BY player_id
    )
    SELECT t.*, p.name, p.slug FROM tallies t JOIN {player} p ON p.id = t.player_id
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    tallies: list[PlayerTally] = []
    names: dict[int, tuple[str, str]] = {}
    podium_windows = len(rules.podium_windows)
    for player_id, games, points, gap, dropped, *counts, name, slug in rows:
        counts = [int(c) for c in counts]
        tallies.append(
            PlayerTally(
                player=player_id,
                games=int(games),
                points=Fraction(int(points), UNIT),
                gap=Fraction(int(gap), UNIT),
                dropped_games=tuple(sorted(int(g) for g in dropped.split(","))) if dropped else (),
                podium_window_games=tuple(counts[:podium_windows]),
                final_period_games=counts[podium_windows] if rules.final_period else None,
            )
        )
        names[player_id] = (name, slug)
    return tallies, names
