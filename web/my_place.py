"""A player's place at a glance, pure: from a published table's rows (in table order), his
place, points and gap, and how far he is (points, then gap) from the places above and
below him and from today's 3rd place.

What the league table and /me/ show of "my place". It reads only the rows as published,
what is still possible (`race`, `max_points`) included, without a query.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from publishing.snapshot_schema import BriefRow

PODIUM_PLACE = 3  # the last place of the podium (places 1-3)


@dataclass(frozen=True)
class Distance:
    """Another row of the table seen from mine: his points and gap minus mine (positive
    when he is ahead), rounded as the table prints them."""

    player: str
    player_slug: str
    position: int  # 1-based, in table order
    rank: int | None
    points: float
    gap: float

    @property
    def level(self) -> bool:
        """Level with me on points and gap."""
        return self.points == 0 and self.gap == 0


@dataclass(frozen=True)
class MyPlace:
    """My row of the table and my distances; `third` is None when I am 3rd myself or the
    table has fewer than three rows."""

    player: str
    player_slug: str
    position: int  # 1-based, in table order
    rank: int | None  # None: unranked (a final table's player below the minimum)
    points: float
    gap: float
    rows: int  # how many rows the table has
    above: Distance | None
    below: Distance | None
    third: Distance | None
    # what is still possible (RULES.md 3.1): None where the table does not say it (rated
    # open play, tournaments, final standings, snapshots before it)
    race: str | None = None
    max_points: float | None = None

    @property
    def third_apart(self) -> Distance | None:
        """Today's 3rd place when he is not already the row above or below mine."""
        near = {d.position for d in (self.above, self.below) if d is not None}
        return self.third if self.third is not None and self.third.position not in near else None


def my_place(rows: Sequence[BriefRow], player_slug: str) -> MyPlace | None:
    """The place of the player with `player_slug` in `rows` (table order), or None when he
    has no row."""
    index = next((i for i, row in enumerate(rows) if row["player_slug"] == player_slug), None)
    if index is None:
        return None
    mine = rows[index]
    third_index = PODIUM_PLACE - 1

    def seen(at: int) -> Distance | None:
        if at < 0 or at >= len(rows) or at == index:
            return None
        other = rows[at]
        return Distance(
            player=other["player"],
            player_slug=other["player_slug"],
            position=at + 1,
            rank=other["rank"],
            points=round(other["points"] - mine["points"], 2),
            gap=round(other["gap"] - mine["gap"], 2),
        )

    return MyPlace(
        player=mine["player"],
        player_slug=mine["player_slug"],
        position=index + 1,
        rank=mine["rank"],
        points=mine["points"],
        gap=mine["gap"],
        rows=len(rows),
        above=seen(index - 1),
        below=seen(index + 1),
        third=seen(third_index) if len(rows) > third_index else None,
        race=mine.get("race"),
        max_points=mine.get("max_points"),
    )
