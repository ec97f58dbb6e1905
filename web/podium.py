"""Places 1-3 of a season's final standings, as the archive and the season's page show them.

RULES.md 3.1: only players who meet the podium conditions finish 1st-3rd; when fewer than
three meet them, the places left over are not awarded (`league.standings.podium_places`).
RULES.md 3.4: in a tournament the final table decides places 1-4, so each place shows the
final table's points, the figure its order stands on, not the stages' points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from league.standings import podium_places


@dataclass(frozen=True)
class PodiumPlace:
    """A place 1-3 and the final standings row of the player on it (None: not awarded)."""

    place: int
    row: Mapping[str, Any] | None

    @property
    def points(self) -> Any:
        """The points the place was decided by: the final table's where it decided it (a
        tournament), else the season's; None when not awarded.

        >>> PodiumPlace(1, {"points": 15, "final_table": {"place": 1, "points": 6}}).points
        6
        >>> PodiumPlace(2, {"points": 19}).points
        19
        """
        if self.row is None:
            return None
        final_table = self.row.get("final_table")
        return final_table["points"] if final_table else self.row["points"]


@dataclass(frozen=True)
class Podium:
    """Places 1-3 in order: one per player on them (a shared place once for each), then
    the places not awarded."""

    places: tuple[PodiumPlace, ...]

    @property
    def awarded(self) -> bool:
        """Whether anybody finished on the podium."""
        return any(place.row is not None for place in self.places)

    @property
    def by_final_table(self) -> bool:
        """Whether a tournament's final table decided the places (their points are its)."""
        return any(place.row is not None and "final_table" in place.row for place in self.places)


def final_podium(rows: Sequence[Mapping[str, Any]]) -> Podium | None:
    """The podium of final standings `rows` (each with its "rank"); None without rows.

    >>> podium = final_podium([{"rank": 1}, {"rank": 4}, {"rank": None}])
    >>> [(place.place, place.row) for place in podium.places]
    [(1, {'rank': 1}), (2, None), (3, None)]
    """
    if not rows:
        return None
    awarded, not_awarded = podium_places(row["rank"] for row in rows)
    on_podium = [PodiumPlace(row["rank"], row) for row in rows[:awarded]]
    return Podium(tuple(on_podium + [PodiumPlace(place, None) for place in not_awarded]))
