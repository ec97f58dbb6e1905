"""Builders of the notices tests: accounts in a language, a season's recent rounds played,
and the outbox's rows."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model

from league.models import Player, Round, Season
from mail.models import Outbound
from mail.recipients import set_language
from tests.publishing import factories as f

ZONE = ZoneInfo("Asia/Jerusalem")
# Sundays and Wednesdays of December 2026; round 6 is on Sunday 20 December.
DATES = [
    dt.date(2026, 12, 2),
    dt.date(2026, 12, 6),
    dt.date(2026, 12, 9),
    dt.date(2026, 12, 13),
    dt.date(2026, 12, 16),
    dt.date(2026, 12, 20),
]


def at(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    """A moment of `day` in league time."""
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=ZONE)


def account(name: str, language: str = "en", email: str | None = None) -> Any:
    """The player `name` with an account in `language` (an address unless `email` is "")."""
    player = f.player(name)
    address = f"{name.lower()}@example.org" if email is None else email
    user = get_user_model().objects.create_user(name.lower(), address, "pw-secret-123")
    set_language(user, language)
    player.user = user
    player.save(update_fields=["user"])
    return user


def rows(kind: str | None = None) -> list[Outbound]:
    """The outbox's rows (of `kind`), oldest first."""
    queryset = Outbound.objects.order_by("pk").select_related("user")
    return list(queryset if kind is None else queryset.filter(kind=kind))


def recipients(kind: str) -> list[str]:
    """The user names the outbox's rows of `kind` go to, sorted."""
    return sorted(row.user.get_username() for row in rows(kind))


def december_season(slug: str = "season-10") -> tuple[Season, list[Round]]:
    """A running scheduled-rounds season with rounds 1-6 (5 played, 6 open)."""
    season = f.season(slug=slug, start=DATES[0], end=dt.date(2027, 3, 28))
    rounds = [
        f.round_(season, number, day, status=Round.Status.FINISHED if number < 6 else "open")
        for number, day in enumerate(DATES, 1)
    ]
    return season, rounds


def played(season: Season, round_: Round, names: list[str], table: int = 1) -> None:
    """A confirmed game of round `round_` at its table `table` by `names` (four players)."""
    scores = dict(zip(names, [90, 40, 10, -20], strict=True))
    f.table_game(season, round_, table, scores)


def player(name: str) -> Player:
    return f.player(name)
