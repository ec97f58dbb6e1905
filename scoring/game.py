"""A game of several deals: parsing the game record (FORMATS.md 2), totals and placements."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.errors import ErrorCode
from scoring.presets import Preset, registered_presets
from scoring.problems import Problem
from scoring.validate import DealResult, validate_deal


@dataclass(frozen=True, slots=True)
class GameResult:
    """Every deal's verdict; totals and placements by seat when all deals are valid."""

    valid: bool
    deals: list[DealResult]
    totals: tuple[int, ...] | None
    placements: tuple[int, ...] | None

    def to_json(self) -> dict[str, Any]:
        """The FORMATS.md 3 output for a list of deals or a game."""
        return {
            "valid": self.valid,
            "deals": [deal.to_json() for deal in self.deals],
            "totals": None if self.totals is None else list(self.totals),
            "placements": None if self.placements is None else list(self.placements),
        }


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A parsed game record: players by seat (may be empty), preset name (or None), raw deals."""

    players: tuple[str, ...]
    preset: str | None
    deals: list[Any]


def placements(totals: Sequence[float]) -> list[int]:
    """Places 1.. by score, high first; tied players share the better place.

    >>> placements([120, 120, 45, -10])
    [1, 1, 3, 4]
    """
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def score_game(deals: Sequence[object], preset: Preset) -> GameResult:
    """Validate and score every deal; totals/placements are None when any deal is invalid."""
    results = [validate_deal(deal, preset) for deal in deals]
    if not all(result.valid for result in results):
        return GameResult(False, results, None, None)
    totals = [0, 0, 0, 0]
    for result in results:
        for seat, score in enumerate(result.scores or ()):
            totals[seat] += score
    return GameResult(True, results, tuple(totals), tuple(placements(totals)))


def parse_game_record(obj: object) -> tuple[GameRecord | None, list[Problem]]:
    """Read a FORMATS.md 2 game record; return (record, []) or (None, errors). Never raises."""
    if type(obj) is not dict:
        return None, [Problem(ErrorCode.MALFORMED, "", "A game record must be a JSON object.")]
    errors: list[Problem] = []
    players = obj.get("players")
    if players is not None and (
        type(players) is not list
        or len(players) != 4
        or not all(type(p) is str and p.strip() for p in players)
    ):
        errors.append(
            Problem(ErrorCode.MALFORMED, "players", "players must be a list of 4 names, by seat.")
        )
    preset = obj.get("preset")
    if preset is not None and (type(preset) is not str or preset not in registered_presets()):
        errors.append(
            Problem(
                ErrorCode.MALFORMED,
                "preset",
                f"preset must be one of {', '.join(registered_presets())}.",
            )
        )
    deals = obj.get("deals")
    if type(deals) is not list:
        errors.append(
            Problem(ErrorCode.MALFORMED, "deals", "deals must be a list of deal records.")
        )
    if errors or type(deals) is not list:
        return None, errors
    return GameRecord(tuple(players or ()), preset, deals), []
