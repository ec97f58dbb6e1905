"""Plain factories for the rounds/results tests: a league, season, round, players, a draw."""

from __future__ import annotations

import datetime as dt
import itertools

from django.contrib.auth import get_user_model
from django.utils import timezone

from league.models import League, Player, Registration, Round, Season, Seat, Table

_counter = itertools.count(1)
FAR_SUNDAY = dt.date(2099, 1, 4)  # a Sunday, registration still open
FAR_WEDNESDAY = dt.date(2099, 1, 7)
PAST_SUNDAY = dt.date(2024, 6, 30)


def make_user(username: str | None = None, **extra: object):
    username = username or f"user{next(_counter)}"
    return get_user_model().objects.create_user(
        username=username, password="pw-secret-123", **extra
    )


def make_season(slug: str = "season-10", league_name: str = "Whist Online League", **extra):
    league, _ = League.objects.get_or_create(
        name=league_name, defaults={"slug": slugish(league_name)}
    )
    season = Season.objects.create(
        league=league,
        slug=slug,
        name=slug,
        rules_preset=extra.pop("rules_preset", "whist-online-league"),
        rules=extra.pop("rules", {}),
        start=extra.pop("start", dt.date(2024, 6, 30)),
        end=extra.pop("end", dt.date(2099, 12, 31)),
        **extra,
    )
    return season


def slugish(text: str) -> str:
    return text.lower().replace(" ", "-")


def make_organizer(season: Season, username: str | None = None):
    user = make_user(username)
    season.league.organizers.add(user)
    return user


def make_round(season: Season, number: int = 1, date: dt.date = FAR_SUNDAY, **extra) -> Round:
    return Round.objects.create(season=season, number=number, date=date, **extra)


def make_players(count: int, prefix: str = "P", with_users: bool = False) -> list[Player]:
    players = []
    for _ in range(count):
        name = f"{prefix}{next(_counter):04d}"
        user = make_user(f"u-{name}") if with_users else None
        players.append(Player.objects.create(name=name, slug=name.lower(), user=user))
    return players


def register(round_: Round, players: list[Player]) -> None:
    Registration.objects.bulk_create(Registration(round=round_, player=p) for p in players)


def seat_table(
    round_: Round, players: list[Player], number: int = 1, *, published: bool = True
) -> Table:
    """A drawn table with `players` at seats 0.. (and the round marked drawn, its draw
    published unless `published=False`: results wait for the published draw)."""
    table = Table.objects.create(round=round_, number=number)
    for seat, player in enumerate(players):
        Registration.objects.get_or_create(round=round_, player=player)
        Seat.objects.create(table=table, round=round_, seat=seat, player=player)
    if round_.status != Round.Status.DRAWN or round_.draw_is_public != published:
        round_.status = Round.Status.DRAWN
        round_.draw_method = round_.draw_method or Round.DrawMethod.RANDOM
        round_.draw_published_at = timezone.now() if published else None
        round_.save()
    return table
