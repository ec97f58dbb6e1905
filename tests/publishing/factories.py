"""Small builders of leagues, seasons, rounds, draws and games for the publishing tests."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from django.utils import timezone
from django.utils.text import slugify

from games.facts import results_for
from games.models import Game, GameResult
from league.models import League, Player, Registration, Round, Season, Seat, Table


def league(name: str = "Whist Online League") -> League:
    return League.objects.get_or_create(name=name, defaults={"slug": slugify(name)})[0]


def season(
    slug: str = "season-10",
    rules_preset: str = "whist-online-league",
    start: dt.date = dt.date(2026, 9, 6),
    end: dt.date = dt.date(2026, 12, 30),
    league_name: str = "Whist Online League",
    status: str = Season.Status.RUNNING,
) -> Season:
    return Season.objects.create(
        league=league(league_name),
        slug=slug,
        name=slug.replace("-", " ").title(),
        rules_preset=rules_preset,
        start=start,
        end=end,
        status=status,
    )


def player(name: str) -> Player:
    return Player.objects.get_or_create(name=name, defaults={"slug": slugify(name)})[0]


def round_(season: Season, number: int, date: dt.date, **fields: object) -> Round:
    """A round; one already in play or finished has its draw published (as every played
    round has), unless `draw_published_at` is given."""
    if fields.get("status") in (Round.Status.IN_PLAY, Round.Status.FINISHED):
        fields.setdefault("draw_published_at", timezone.now())
    return Round.objects.create(season=season, number=number, date=date, **fields)


def register(round_: Round, names: Sequence[str]) -> list[Registration]:
    return [Registration.objects.create(round=round_, player=player(n)) for n in names]


def seat_table(round_: Round, number: int, names: Sequence[str]) -> Table:
    table = Table.objects.create(round=round_, number=number)
    for seat, name in enumerate(names):
        Seat.objects.create(table=table, round=round_, seat=seat, player=player(name))
    return table


def game(
    season: Season | None,
    scores: Mapping[str, int],
    *,
    round_: Round | None = None,
    table: Table | None = None,
    date: dt.date | None = None,
    status: str = Game.Status.CONFIRMED,
    source: str = Game.Source.ENTRY,
    rated: bool = True,
) -> Game:
    played = date or (round_.date if round_ else dt.date(2026, 9, 6))
    created = Game.objects.create(
        season=season,
        round=round_,
        table=table,
        date=played,
        status=status,
        source=source,
        rated=rated,
    )
    seats = [(seat, player(name), score) for seat, (name, score) in enumerate(scores.items())]
    GameResult.objects.bulk_create(results_for(created, seats))
    return created


def table_game(season: Season, round_: Round, number: int, scores: Mapping[str, int]) -> Game:
    table = seat_table(round_, number, list(scores))
    return game(season, scores, round_=round_, table=table)
