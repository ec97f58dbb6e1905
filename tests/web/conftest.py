"""Fixtures for the public pages: seasons imported from season files and published."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from typing import Any

import pytest

from games.season_import import import_season
from league.models import Season
from publishing.actions import do_publish_season

FIRST_SUNDAY = dt.date(2024, 6, 30)
HTML_NAME = "<b>Dana</b> & Co"
FORMULA_NAME = '=HYPERLINK("http://x")'


def round_date(number: int) -> dt.date:
    """Rounds alternate Sunday and Wednesday, starting on a Sunday."""
    weeks, second = divmod(number - 1, 2)
    return FIRST_SUNDAY + dt.timedelta(weeks=weeks, days=3 * second)


def season_file(
    slug: str,
    players: int,
    rounds: int,
    *,
    seed: int = 7,
    names: list[str] | None = None,
    rules: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A scheduled-rounds season file: `players` (a multiple of 4) play every round."""
    rng = random.Random(seed)
    roster = (names or []) + [f"Player {i:03d}" for i in range(players - len(names or []))]
    items = []
    for number in range(1, rounds + 1):
        order = roster[:]
        rng.shuffle(order)
        games = [
            {"scores": {name: rng.randint(-300, 400) for name in order[i : i + 4]}}
            for i in range(0, len(order), 4)
        ]
        items.append({"number": number, "date": round_date(number).isoformat(), "games": games})
    return {
        "league": "Test League",
        "season": slug,
        "preset": "whist-online-league",
        "start": FIRST_SUNDAY.isoformat(),
        "end": (FIRST_SUNDAY + dt.timedelta(weeks=17)).isoformat(),
        "rules": rules or {},
        "rounds": items,
        "games": [],
    }


@pytest.fixture
def make_season(db: None) -> Callable[..., Season]:
    """Import a season file and publish its snapshot, as the publishing task would."""

    def make(
        slug: str = "season-10",
        players: int = 8,
        rounds: int = 3,
        *,
        names: list[str] | None = None,
        status: str | None = None,
        publish: bool = True,
        rules: dict[str, Any] | None = None,
    ) -> Season:
        data = season_file(slug, players, rounds, names=names, rules=rules)
        season = import_season(data).season
        if status is not None:
            Season.objects.filter(pk=season.pk).update(status=status)
            season.refresh_from_db()
        if publish:
            do_publish_season(season.pk)
        return season

    return make
