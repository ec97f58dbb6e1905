"""Where a game named from outside goes: its season, its round, its drawn table and seats.

An entry point that is told a game by names (the API: a season's or league's slug, a date,
a round number, four players) looks its place up here before it writes. A lookup only
reads; it refuses with the league's codes (`LookupRefused`, a `LookupCode`; a date outside
the season is `ActionCode.DATE_OUTSIDE_SEASON`), each at the path of what it names. The API
answers them with their HTTP status from its one table (`api.errors.ACTION_STATUS`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from enum import StrEnum

from core.errors import ActionCode, ActionError
from league.models import League, Player, Round, Season, Seat, Table
from league.rules import LeagueRules
from scoring.problems import ProblemError


class LookupCode(StrEnum):
    """Why a game's place was not found (docs/api.md lists each with its status)."""

    UNKNOWN_SEASON = "unknown_season"
    UNKNOWN_LEAGUE = "unknown_league"
    NO_SEASON_ON_DATE = "no_season_on_date"
    UNKNOWN_ROUND = "unknown_round"
    DUPLICATE_PLAYER = "duplicate_player"
    NOT_AT_TABLE = "not_at_table"
    SEAT_ORDER = "seat_order"


class LookupRefused(ProblemError[LookupCode]):
    """A game's place that is not there; `path` names what the caller gave for it."""


def game_season(*, season: str | None, league: str | None, date: dt.date) -> Season:
    """The season `season` names (of the league `league` when both are given), else the
    league's season running on `date` (the one that started last), with its league."""
    if season is not None:
        found = Season.objects.select_related("league").filter(slug=season).first()
        if found is None:
            raise LookupRefused(LookupCode.UNKNOWN_SEASON, "season", "There is no such season.")
        if league is not None and found.league.slug != league:
            raise LookupRefused(
                LookupCode.UNKNOWN_SEASON,
                "league",
                f"Season {found.slug} belongs to the league {found.league.slug}.",
            )
        return found
    named = League.objects.filter(slug=league).first()
    if named is None:
        raise LookupRefused(LookupCode.UNKNOWN_LEAGUE, "league", "There is no such league.")
    running = (
        Season.objects.select_related("league")
        .filter(league=named, start__lte=date, end__gte=date)
        .order_by("-start")
        .first()
    )
    if running is None:
        raise LookupRefused(
            LookupCode.NO_SEASON_ON_DATE,
            "date",
            f"The league {named.slug} has no season running on {date}.",
        )
    return running


def check_game_date(season: Season, date: dt.date) -> None:
    """Refuse a game dated outside its season's first and last day."""
    if not season.start <= date <= season.end:
        raise ActionError(
            ActionCode.DATE_OUTSIDE_SEASON,
            f"Season {season.slug} runs from {season.start} to {season.end}.",
            path="date",
        )


def game_round(
    season: Season, rules: LeagueRules, *, number: int | None, date: dt.date
) -> Round | None:
    """The game's round in a scheduled-rounds season: round `number` (played on `date`), else
    the first round on `date`; None in open play, where a game has no round."""
    if rules.kind != "rounds":
        if number is not None:
            raise LookupRefused(
                LookupCode.UNKNOWN_ROUND,
                "round",
                f"Season {season.slug} is open play; its games have no round.",
            )
        return None
    rounds = Round.objects.filter(season=season)
    if number is not None:
        found = rounds.filter(number=number).first()
        if found is None:
            raise LookupRefused(
                LookupCode.UNKNOWN_ROUND, "round", f"Season {season.slug} has no round {number}."
            )
        if found.date != date:
            raise ActionError(
                ActionCode.DATE_OUTSIDE_SEASON,
                f"Round {found.number} was played on {found.date}.",
                path="date",
            )
        return found
    on_date = rounds.filter(date=date).order_by("number").first()
    if on_date is None:
        raise LookupRefused(
            LookupCode.UNKNOWN_ROUND,
            "round",
            f"Season {season.slug} has no round on {date}; give `round`.",
        )
    return on_date


def check_different_players(players: Sequence[Player]) -> None:
    """Refuse a game with one person at two of its seats (at the second seat's path)."""
    seen: set[int] = set()
    for seat, player in enumerate(players):
        if player.pk in seen:
            raise LookupRefused(
                LookupCode.DUPLICATE_PLAYER,
                f"players[{seat}]",
                f"{player.name} cannot sit at two seats of one game.",
            )
        seen.add(player.pk)


def drawn_table(round_: Round, players: Sequence[Player]) -> Table | None:
    """The drawn table of `round_` these players sat at, with its round and season (None if
    the round has no draw); refused unless they are exactly one table's players."""
    seats = list(Seat.objects.filter(round=round_).values_list("table_id", "player_id"))
    if not seats:
        return None
    wanted = {p.pk for p in players}
    tables = {table_id for table_id, player_id in seats if player_id in wanted}
    at_table = {player_id for table_id, player_id in seats if table_id in tables}
    if len(tables) != 1 or at_table != wanted:
        raise LookupRefused(
            LookupCode.NOT_AT_TABLE,
            "players",
            f"These four players were not drawn together at one table of round {round_.number}.",
        )
    return Table.objects.select_related("round__season").get(pk=tables.pop())


def drawn_seats(table: Table, players: Sequence[Player], *, in_seat_order: bool) -> list[int]:
    """The ids of `table`'s players by their drawn seats; when `in_seat_order` (a deal record
    is given by seat), refused unless `players` are listed in those seats."""
    seated = list(
        Seat.objects.filter(table=table).order_by("seat").values_list("player_id", flat=True)
    )
    if in_seat_order and seated != [p.pk for p in players]:
        names = {p.pk: p.name for p in players}
        raise LookupRefused(
            LookupCode.SEAT_ORDER,
            "players",
            "A deal record must list the players in their drawn seats: "
            + ", ".join(names[pk] for pk in seated)
            + ".",
        )
    return seated
