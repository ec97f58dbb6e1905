"""Scoring presets (RULES.md 2) as data: a scoring table plus rule options, in a registry."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol


class DealScoring(Protocol):
    """A way to score one player in one deal; a club can supply its own."""

    def deal_score(self, contract: int, taken: int, down: int) -> int:
        """Score one player; `down` is T - sum of contracts (T the deal's tricks: 13 at four
        players, RULES.md 1.5 at three), or 0 in an over game."""
        ...


@dataclass(frozen=True, slots=True)
class ScoringTable:
    """The RULES.md 2 scoring table of one preset, as numbers.

    A made contract n >= 1 scores n² + `made_bonus`; a failed one loses `fine_per_trick[n]`
    per trick of difference (contracts past the table's end, up to 17 at three players,
    take its last entry). A zero contract made scores `zero_made_over` in an over game and
    `zero_made_under_base + zero_made_under_per_down * down` in an under game. A zero contract
    failed scores the "first trick" value (over: `zero_failed_over_first`, under:
    `zero_failed_under_first_base + zero_failed_under_first_per_down * down`) plus the
    "further trick" value for each trick after the first (no cap, RULES.md 2 Decision).
    """

    fine_per_trick: tuple[int, ...]
    zero_made_over: int
    zero_made_under_base: int
    zero_made_under_per_down: int
    zero_failed_over_first: int
    zero_failed_under_first_base: int
    zero_failed_under_first_per_down: int
    zero_further_trick_over: int
    zero_further_trick_under: int
    made_bonus: int = 10

    def deal_score(self, contract: int, taken: int, down: int) -> int:
        """Score one player (see the class docstring)."""
        if contract > 0:
            if taken == contract:
                return contract * contract + self.made_bonus
            fines = self.fine_per_trick
            fine = fines[contract] if contract < len(fines) else fines[-1]
            return -fine * abs(taken - contract)
        if down > 0:
            if taken == 0:
                return self.zero_made_under_base + self.zero_made_under_per_down * down
            first = self.zero_failed_under_first_base + self.zero_failed_under_first_per_down * down
            return first + self.zero_further_trick_under * (taken - 1)
        if taken == 0:
            return self.zero_made_over
        return self.zero_failed_over_first + self.zero_further_trick_over * (taken - 1)


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Rule options a league can change: minimum bid, frisch variants, revoke penalty.

    `frisch_rounds` is the most frisch rounds a deal may have (0: no frisch, all-pass means
    a redeal). `frisch_raises_minimum`: each frisch round raises the minimum bid by one.
    `frisch_directions` are the seat offsets cards are passed to, cycling by round: (1,)
    is always to the left, (1, 2, 3) is left, across, right. `revoke_penalty` is None when
    a revoke makes the record invalid, else the points added to the offender per revoke.
    """

    minimum_bid: int = 5
    frisch_rounds: int = 0
    frisch_raises_minimum: bool = True
    frisch_directions: tuple[int, ...] = (1,)
    revoke_penalty: int | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.minimum_bid <= 13:
            raise ValueError("minimum_bid must be 1..13")
        if self.frisch_rounds < 0:
            raise ValueError("frisch_rounds must not be negative")
        if not self.frisch_directions or any(d not in (1, 2, 3) for d in self.frisch_directions):
            raise ValueError(
                "frisch_directions must be seat offsets 1 (left), 2 (across), 3 (right)"
            )

    def minimum_bid_after(self, frisch_rounds: int) -> int:
        """The minimum trump bid after `frisch_rounds` frisch rounds."""
        return self.minimum_bid + (frisch_rounds if self.frisch_raises_minimum else 0)


# Contracts, tricks taken and "down" go up to the most tricks of any deck (17, RULES.md 1.5).
_MOST: Final = 17
_SIZE: Final = _MOST + 1


@dataclass(frozen=True)
class Preset:
    """A named scoring preset: how a deal scores and which rule options apply."""

    name: str
    scoring: DealScoring
    options: RuleOptions = RuleOptions()
    description: str = ""
    score_lookup: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Every (down, contract, taken) is scored once up front, so validation only indexes.
        lookup = tuple(
            self.scoring.deal_score(contract, taken, down)
            for down in range(_SIZE)
            for contract in range(_SIZE)
            for taken in range(_SIZE)
        )
        object.__setattr__(self, "score_lookup", lookup)

    def deal_score(self, contract: int, taken: int, down: int) -> int:
        """Score one player: contract 0..T, tricks taken 0..T, `down` 0 (over game) or 1..T,
        where T is the deal's tricks (13 at four players; 12, 13 or 17 at three)."""
        return self.score_lookup[(down * _SIZE + contract) * _SIZE + taken]

    def with_options(self, **changes: Any) -> Preset:
        """A copy of this preset with some rule options changed (e.g. `minimum_bid=6`)."""
        return replace(self, options=replace(self.options, **changes))


HE_WIKIPEDIA: Final = Preset(
    name="he-wikipedia",
    description="Hebrew Wikipedia: fines of 5 a trick, zero +50 (under) / +10 (over).",
    scoring=ScoringTable(
        fine_per_trick=(0,) + (5,) * 13,
        zero_made_over=10,
        zero_made_under_base=50,
        zero_made_under_per_down=0,
        zero_failed_over_first=-50,
        zero_failed_under_first_base=-50,
        zero_failed_under_first_per_down=0,
        zero_further_trick_over=5,
        zero_further_trick_under=5,
    ),
)

EN_WIKIPEDIA: Final = Preset(
    name="en-wikipedia",
    description="English Wikipedia: fines of 10 a trick, zero +50 / +25, frisch, revoke -100.",
    scoring=ScoringTable(
        fine_per_trick=(0,) + (10,) * 13,
        zero_made_over=25,
        zero_made_under_base=50,
        zero_made_under_per_down=0,
        zero_failed_over_first=-50,
        zero_failed_under_first_base=-50,
        zero_failed_under_first_per_down=0,
        zero_further_trick_over=10,
        zero_further_trick_under=10,
    ),
    options=RuleOptions(frisch_rounds=3, frisch_raises_minimum=True, revoke_penalty=-100),
)

WHIST_ONLINE: Final = Preset(
    name="whist-online",
    description="Whist Online (progressive): fines 5/10/15/20 by contract, zero by down.",
    scoring=ScoringTable(
        fine_per_trick=(0, 5, 5, 5, 5, 10, 15) + (20,) * 7,
        zero_made_over=5,
        zero_made_under_base=20,
        zero_made_under_per_down=10,
        zero_failed_over_first=-5,
        zero_failed_under_first_base=-20,
        zero_failed_under_first_per_down=-10,
        zero_further_trick_over=5,
        zero_further_trick_under=10,
    ),
)

PRESET_NAMES: Final[tuple[str, ...]] = (HE_WIKIPEDIA.name, EN_WIKIPEDIA.name, WHIST_ONLINE.name)
DEFAULT_PRESET: Final = WHIST_ONLINE.name

_REGISTRY: dict[str, Preset] = {p.name: p for p in (HE_WIKIPEDIA, EN_WIKIPEDIA, WHIST_ONLINE)}


class UnknownPresetError(KeyError):
    """No preset is registered under the name asked for."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"unknown preset {self.name!r}; choose one of {', '.join(registered_presets())}"


def register_preset(preset: Preset, *, replace_existing: bool = False) -> None:
    """Register a club's own preset under `preset.name` (the built-in ones stay fixed)."""
    if preset.name in PRESET_NAMES or (preset.name in _REGISTRY and not replace_existing):
        raise ValueError(f"a preset named {preset.name!r} is already registered")
    _REGISTRY[preset.name] = preset


def get_preset(name: str) -> Preset:
    """The registered preset `name`; raise UnknownPresetError if there is none."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise UnknownPresetError(str(name)) from None


def registered_presets() -> tuple[str, ...]:
    """Names of every registered preset, built-in ones first."""
    return tuple(_REGISTRY)
