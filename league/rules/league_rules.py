"""A league's rules as validated, immutable data (RULES.md 3, 4): what the rest of the app
reads. They are read from and written to the stored dict by `parse.py` and `serialise.py`,
from the table of rules in `fields.py`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from league.rules.objects import (
    DrawMethod,
    DrawSchedule,
    DropSchedule,
    FinalPeriod,
    FinalTable,
    LeagueKind,
    PodiumWindow,
    RemainderPolicy,
    RoundSchedule,
)
from league.rules.parse import read_rules
from league.rules.presets import preset_dict
from league.rules.serialise import rules_dict
from scoring import DEFAULT_THREE_PLAYER_DECK


@dataclass(frozen=True)
class LeagueRules:
    """Everything that differs between leagues: scoring, drops, minimums, draws, schedule."""

    kind: LeagueKind
    placement_points: tuple[int, ...]
    drops: DropSchedule
    min_games: int
    podium_windows: tuple[PodiumWindow, ...]
    final_period: FinalPeriod | None
    rounds_in_season: int | None
    deals_per_game: int
    scoring_preset: str
    draw: DrawSchedule
    remainder: RemainderPolicy
    rating_threshold: int | None
    schedule: RoundSchedule
    stages: int | None = None
    final_table: FinalTable | None = None
    three_player_deck: str = DEFAULT_THREE_PLAYER_DECK

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LeagueRules:
        """Validate a full rules dictionary (as stored on a season) and build the rules."""
        return cls(**read_rules(data))

    @classmethod
    def from_preset(cls, name: str, overrides: Mapping[str, Any] | None = None) -> LeagueRules:
        """A shipped preset with single values overridden (nested objects merge key by key)."""
        return cls.from_dict(preset_dict(name, overrides))

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dictionary that `from_dict` reads back to equal rules."""
        return rules_dict(self)

    @property
    def has_rounds(self) -> bool:
        """Whether the season is played in numbered rounds (a league's rounds or a
        tournament's stages and final table), not as open play."""
        return self.kind in ("rounds", "tournament")

    @property
    def is_tournament(self) -> bool:
        return self.kind == "tournament"

    def is_final_table(self, round_number: int) -> bool:
        """Whether round `round_number` is the tournament's final table (after the stages)."""
        return (
            self.final_table is not None
            and self.stages is not None
            and round_number == self.stages + 1
        )

    def draw_method_for(self, round_number: int, date: dt.date) -> DrawMethod:
        """The draw method of round `round_number` played on `date`: a league's draw schedule,
        or in a tournament stage 1 random, later stages by the standing, then the final table.
        """
        if not self.is_tournament:
            return self.draw.method_for(round_number, date)
        if self.is_final_table(round_number):
            return "final"
        return "random" if round_number == 1 else "standing"

    def placement_values(self, players: int) -> tuple[int, ...]:
        """Points for 1st, 2nd, ... at a table of `players` (3-player tables use the first 3)."""
        return self.placement_points[:players]
