"""Reading a season's confirmed games in one query and computing its standings (the pure layer)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from games.models import Game, GameResult
from league.actions.common import season_rules
from league.models import Season
from league.rules import LeagueRules
from league.standings import (
    GameEntry,
    PlayerTally,
    StandingRow,
    game_entries,
    tally_players,
)
from league.tournament_standings import season_rows
from scoring.collector import collector_paused
from standings.sql import season_tallies


@dataclass(frozen=True)
class PlayerInfo:
    """Who a standings row is about (rows refer to players by id)."""

    id: int
    name: str
    slug: str


@dataclass(frozen=True)
class GameInfo:
    """Where and when a game of the standings was played (entries refer to games by id)."""

    id: int
    date: dt.date
    round: int | None
    table: int | None


@dataclass(frozen=True)
class SeasonStandings:
    """A season's table: rows (player ids, each with its games), and who and what they name."""

    season: Season
    rules: LeagueRules
    final: bool
    rows: tuple[StandingRow, ...]
    players: Mapping[int, PlayerInfo]
    games: Mapping[int, GameInfo]
    tallies: tuple[PlayerTally, ...] = field(repr=False)
    # a tournament's final table once played: (player id, score) of its four players
    final_table: tuple[tuple[int, int], ...] = ()

    def ranked(self, *, final: bool) -> SeasonStandings:
        """The same season's table in-season or `final`, ranked again from its tallies (no
        second read of the games). A tournament ranks by its standing (RULES.md 3.4)."""

        def by_name(player_id: int) -> str:
            return self.players[player_id].name

        rows = season_rows(
            self.rules, self.tallies, final=final, final_table=self.final_table, tiebreak=by_name
        )
        return replace(self, final=final, rows=tuple(rows))

    def ranking(self) -> list[int]:
        """Player ids in table order: the ranked players, best first (for ranking draws)."""
        return [row.player for row in self.rows if row.rank is not None]

    def row_for(self, player_id: int) -> StandingRow | None:
        """The row of one player, or None when he has no confirmed game this season."""
        return next((row for row in self.rows if row.player == player_id), None)

    def as_json(self) -> dict[str, Any]:
        """FORMATS.md 5: the `standings` command's JSON."""
        return {
            "season": self.season.slug,
            "final": self.final,
            "standings": [row.as_json(self.players[row.player].name) for row in self.rows],
        }


def counted_results(season: Season, before_round: int | None = None) -> Any:
    """The season's confirmed game results, as the standings read them (one query); with
    `before_round`, only the games of the rounds before it."""
    results = GameResult.objects.filter(game__season=season, game__status=Game.Status.CONFIRMED)
    if before_round is not None:
        results = results.filter(game__round__number__lt=before_round)
    return results.order_by().values_list(
        "game_id",
        "seat",
        "player_id",
        "score",
        "game__date",
        "game__round__number",
        "game__table__number",
        "player__name",
        "player__slug",
    )


def season_standings(
    season: Season, *, final: bool = False, details: bool = True, before_round: int | None = None
) -> SeasonStandings:
    """The standings of `season` (in-season, or `final`).

    Only games with `season` set and status confirmed count. With `details` (one SQL query)
    every row carries the player's game entries (points and gap per game, for player pages)
    and lists its dropped games in played order; without (three queries), the per-player
    totals are computed inside the database from each result's recorded facts
    (standings.sql), which is much faster on large seasons, and rows have no entries.
    Both give the same table. With `before_round`, the table from the games of the rounds
    before it (read with details). Raises ActionError when the season's stored rules are
    invalid.
    """
    rules = season_rules(season)
    # head-to-head needs a tournament's games
    if not details and not rules.is_tournament and before_round is None:
        return _standings_from_database(season, rules, final)
    results: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    players: dict[int, PlayerInfo] = {}
    games: dict[int, GameInfo] = {}
    for game_id, seat, player_id, score, date, round_number, table, name, slug in counted_results(
        season, before_round
    ):
        results[game_id].append((seat, player_id, score))
        if player_id not in players:  # once each: a player's and a game's rows repeat them
            players[player_id] = PlayerInfo(player_id, name, slug)
        if game_id not in games:
            games[game_id] = GameInfo(game_id, date, round_number, table)
    entries: list[GameEntry] = []
    final_table: tuple[tuple[int, int], ...] = ()
    for game_id, seats in results.items():
        if len(seats) not in (3, 4):
            continue  # an incomplete game cannot be placed; it is not counted
        info = games[game_id]
        if info.round is not None and rules.is_final_table(info.round):
            final_table = tuple((player, score) for _, player, score in sorted(seats))
            continue  # the final table decides places 1-4, it adds to no total
        entries += game_entries(
            rules,
            game_id,
            [(player, score) for _, player, score in sorted(seats)],
            round_number=info.round,
            date=info.date,
        )
    tallies = tally_players(rules, entries, season_end=season.end)
    return SeasonStandings(
        season, rules, final, (), players, games, tuple(tallies), final_table
    ).ranked(final=final)


def _standings_from_database(season: Season, rules: LeagueRules, final: bool) -> SeasonStandings:
    with collector_paused():
        tallies, names = season_tallies(rules, season.pk, season.end)
        players = {pid: PlayerInfo(pid, name, slug) for pid, (name, slug) in names.items()}
        return SeasonStandings(season, rules, final, (), players, {}, tuple(tallies)).ranked(
            final=final
        )


def current_ranking(season: Season, before_round: int | None = None) -> tuple[StandingRow, ...]:
    """The season's standings rows now, best first: what a ranking draw seats by (with
    `before_round`, from the games of the rounds before it: what a tournament stage seats by)."""
    return season_standings(season, details=False, before_round=before_round).rows
