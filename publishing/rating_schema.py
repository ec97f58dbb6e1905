"""The published rating list's shape (FORMATS.md 7 `/ratings/`), shared by the writer
(`rating.list_publishing`) and every reader (`publishing.rating_snapshots`: the pages, the API).

Dates are ISO 8601, datetimes ISO 8601 with offset, in UTC. A `RatingSnapshot.summary`
holds a `RatingListData`:

```
{"schema": 1,
 "published_at": "2026-11-29T22:40:00+00:00",
 "as_of": "2026-11-29",               # the day the 30-day changes are counted to
 "thresholds": [1200],                # each rated league's threshold, low to high
 "formula": {"k": 32.0, "start": 1000.0, "days": 30},
 "rows": [ROW, ...]}                  # by rating, high to low (rating.rating_list)
```

and each `RatingSection` row one player's `PlayerRatingSection` under `rating_key(SLUG)`:
the games that moved his rating most and his opponents.
"""

from __future__ import annotations

from typing import TypedDict

RATING_SCHEMA = 1


class RatingFormula(TypedDict):
    """The constants of RULES.md 3.3 the page states."""

    k: float
    start: float
    days: int  # the change column covers this many days


class RatingListRow(TypedDict):
    """A line of the rating list."""

    rank: int
    player: str
    player_slug: str
    rating: float  # 1 decimal
    games: int
    change: float  # over the last `days` days, 1 decimal
    reached: list[str | None]  # first date at or above each threshold, as `thresholds`


class RatingListData(TypedDict):
    """The whole published rating list."""

    schema: int
    published_at: str
    as_of: str
    thresholds: list[int]
    formula: RatingFormula
    rows: list[RatingListRow]


class RatingMove(TypedDict):
    """A game that moved a player's rating: where, when, and by how much."""

    game_id: int
    date: str
    season: str | None  # slug
    season_name: str | None
    round: int | None
    table: int | None
    before: float  # 1 decimal
    after: float
    change: float


class Opponent(TypedDict):
    """Someone the player shared a confirmed game with, and in how many games."""

    player: str
    player_slug: str
    games: int


class PlayerRatingSection(TypedDict):
    """Section `rating_key(SLUG)`: the player's largest rating gains and losses, largest
    first, and his opponents (most shared games first, then by name), each with a
    head-to-head page. Every player with a rated or a confirmed game has one."""

    gains: list[RatingMove]
    losses: list[RatingMove]
    opponents: list[Opponent]


def rating_key(slug: str) -> str:
    """The section key of the player with `slug`.

    >>> rating_key("dana")
    'rating:dana'
    """
    return f"rating:{slug}"
