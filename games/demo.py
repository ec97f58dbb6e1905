"""A small demo club (two leagues, generated results) so a fresh `make run` shows real pages."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from games.season_import import import_season
from league.models import League, Player, Registration, Round, Season
from league.signals import announce_season_change
from mail.recipients import remember_language
from scoring.generate import random_game

DEMO_PLAYERS = (
    "Dana", "Eli", "Noa", "Omer", "Tal", "Yael", "Avi", "Maya",
    "Gil", "Shira", "Ron", "Lior", "Ido", "Roni", "Adi", "Nir", "Hila", "Yoav",
)  # fmt: skip
LEAGUE = "Whist Online League"
RATED_LEAGUE = "Whist Online 1200+"
PLAYED_WEEKS = 6
DEMO_USERS = ("Dana", "Eli", "Noa", "Omer")
DEMO_LANGUAGE = "he"  # the demo club's players read their e-mails in Hebrew
ORGANIZER = "organizer"


def round_dates(first_sunday: dt.date, count: int) -> list[dt.date]:
    """Sunday and Wednesday round dates starting on `first_sunday`."""
    dates = []
    for index in range(count):
        week, second = divmod(index, 2)
        dates.append(first_sunday + dt.timedelta(weeks=week, days=3 * second))
    return dates


def demo_calendar(today: dt.date) -> tuple[dt.date, int]:
    """The season's first Sunday and how many rounds are played, so the next is on or after today.

    Odd rounds are Sundays, even rounds Wednesdays; PLAYED_WEEKS weeks of rounds lie behind.
    """
    days_to_sunday = (6 - today.weekday()) % 7
    days_to_wednesday = (2 - today.weekday()) % 7
    if days_to_sunday <= days_to_wednesday:
        next_sunday = today + dt.timedelta(days=days_to_sunday)
        return next_sunday - dt.timedelta(weeks=PLAYED_WEEKS), 2 * PLAYED_WEEKS
    next_wednesday = today + dt.timedelta(days=days_to_wednesday)
    return next_wednesday - dt.timedelta(weeks=PLAYED_WEEKS, days=3), 2 * PLAYED_WEEKS + 1


def scheduled_season(today: dt.date, seed: int = 2026) -> dict[str, Any]:
    """A season file (FORMATS.md 4): the rounds before today played, the rest open."""
    rng = random.Random(seed)
    first_sunday, played = demo_calendar(today)
    dates = round_dates(first_sunday, 34)
    rounds: list[dict[str, Any]] = []
    for number, date in enumerate(dates, 1):
        games: list[dict[str, Any]] = []
        if number <= played:
            present = rng.sample(DEMO_PLAYERS, 16 if number % 3 else 12)
            for table in range(len(present) // 4):
                seated = present[4 * table : 4 * table + 4]
                if number == played and table == 0:
                    four = (seated[0], seated[1], seated[2], seated[3])
                    record = random_game(seed + number, deals=28, players=four)
                    games.append({"record": record})
                else:
                    games.append({"scores": {name: rng.randint(-120, 260) for name in seated}})
        rounds.append({"number": number, "date": date.isoformat(), "games": games})
    return {
        "league": LEAGUE,
        "season": "demo-season",
        "preset": "whist-online-league",
        "start": dates[0].isoformat(),
        "end": dates[-1].isoformat(),
        "rounds": rounds,
        "games": [],
    }


def rated_season(today: dt.date, seed: int = 1200) -> dict[str, Any]:
    """A rated open-play season file with dated games among eight members."""
    rng = random.Random(seed)
    members = DEMO_PLAYERS[:8]
    start = today.replace(day=1) - dt.timedelta(days=60)
    games = []
    for day in range(0, 60, 2):
        seated = rng.sample(members, 4)
        date = start + dt.timedelta(days=day)
        games.append(
            {"date": date.isoformat(), "scores": {n: rng.randint(-100, 240) for n in seated}}
        )
    return {
        "league": RATED_LEAGUE,
        "season": "demo-1200",
        "preset": "whist-online-1200",
        "start": start.isoformat(),
        "end": (start + dt.timedelta(days=181)).isoformat(),
        "rounds": [],
        "games": games,
    }


@transaction.atomic
def load_demo(today: dt.date, refresh: bool = False) -> list[str]:
    """Import the demo seasons and accounts (idempotent); returns lines to print.

    An existing demo season is kept as it is (an organizer may be trying things out in it)
    unless `refresh` asks to import it anew.
    """
    lines = []
    for season in (scheduled_season(today), rated_season(today)):
        if refresh or not Season.objects.filter(slug=season["season"]).exists():
            lines.append(str(import_season(season)))
        else:
            lines.append(f"kept {season['season']} (use --refresh to import it anew)")
    user_model = get_user_model()
    organizer, created = user_model.objects.get_or_create(
        username=ORGANIZER, defaults={"is_staff": True, "is_superuser": True}
    )
    if created:
        organizer.set_password(ORGANIZER)
        organizer.save()
    for league in League.objects.filter(name__in=[LEAGUE, RATED_LEAGUE]):
        league.organizers.add(organizer)
    for name in DEMO_USERS:
        username = name.lower()
        user, created = user_model.objects.get_or_create(username=username)
        if created:
            user.set_password(username)
            user.save()
        remember_language(user, DEMO_LANGUAGE)  # unless he chose another
        Player.objects.filter(name=name, user__isnull=True).update(user=user)
    next_round = (
        Round.objects.filter(season__slug="demo-season", date__gte=today).order_by("number").first()
    )
    if next_round is not None:
        players = Player.objects.filter(name__in=DEMO_PLAYERS[:9])
        Registration.objects.bulk_create(
            [Registration(round=next_round, player=p) for p in players], ignore_conflicts=True
        )
        announce_season_change(next_round.season_id)
    lines.append(
        f"accounts: organizer/{ORGANIZER}; players "
        + ", ".join(f"{n.lower()}/{n.lower()}" for n in DEMO_USERS)
    )
    return lines
