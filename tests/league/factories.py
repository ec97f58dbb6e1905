"""Builders of season files (FORMATS.md 4) for league tests and the standings benchmark."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any


def season_file(
    *,
    slug: str = "season-10",
    preset: str = "whist-online-league",
    rounds: list[dict[str, Any]] | None = None,
    games: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A season file with the given rounds (scheduled) or dated games (rated)."""
    data: dict[str, Any] = {
        "league": "Whist Online League" if preset == "whist-online-league" else "1200+ League",
        "season": slug,
        "preset": preset,
        "start": "2024-06-30" if preset == "whist-online-league" else "2024-01-01",
        "end": "2024-10-27" if preset == "whist-online-league" else "2024-07-01",
        "rounds": rounds or [],
        "games": games or [],
    }
    data.update(extra)
    return data


def scores(*pairs: tuple[str, int]) -> dict[str, Any]:
    """A game given by its scores."""
    return {"scores": dict(pairs)}


def round_dates(start: dt.date = dt.date(2024, 6, 30)) -> list[dt.date]:
    """The 34 round dates of a season starting on a Sunday: Sundays and Wednesdays."""
    dates = []
    for week in range(17):
        sunday = start + dt.timedelta(weeks=week)
        dates += [sunday, sunday + dt.timedelta(days=3)]
    return dates


def random_rounds_season(
    players: int, *, rounds: int = 34, seed: int = 1, slug: str = "season-10"
) -> dict[str, Any]:
    """A full scheduled-rounds season: every player at a table of 4 in every round."""
    rng = random.Random(seed)
    names = [f"Player {i:03d}" for i in range(players)]
    file_rounds = []
    for number, date in enumerate(round_dates()[:rounds], 1):
        order = names[:]
        rng.shuffle(order)
        tables = [order[i : i + 4] for i in range(0, players - players % 4, 4)]
        file_rounds.append(
            {
                "number": number,
                "date": date.isoformat(),
                "games": [
                    {"scores": {name: rng.randint(-150, 250) for name in table}} for table in tables
                ],
            }
        )
    return season_file(slug=slug, rounds=file_rounds)
