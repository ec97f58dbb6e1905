"""Calls of the trump auction: "pass" or a bid of a number of tricks in a strain."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scoring.cards import Strain

MAX_LEVEL: Final = 13
# The highest bid of any deck: 17 tricks with three players and `one-card-out` (RULES.md 1.5).
MAX_ANY_LEVEL: Final = 17
PASS_VALUE: Final = -1


def _call_values(max_level: int) -> dict[str, int]:
    return {"pass": PASS_VALUE} | {
        f"{level}{strain.name}": level * 5 + strain
        for level in range(1, max_level + 1)
        for strain in Strain
    }


# Every call text maps to one int: -1 for pass, level * 5 + strain for a bid, so a
# higher bid is a larger int and the auction compares ints only.
CALL_VALUE: Final[dict[str, int]] = _call_values(MAX_LEVEL)
# The same for each deal's number of tricks T (bids up to T): CALLS_UP_TO[T][text].
CALLS_UP_TO: Final[dict[int, dict[str, int]]] = {
    level: CALL_VALUE if level == MAX_LEVEL else _call_values(level)
    for level in range(MAX_LEVEL - 1, MAX_ANY_LEVEL + 1)
}


@dataclass(frozen=True, slots=True)
class Call:
    """A call: `Call.pass_()` or a bid such as `Call(5, Strain.H)`; str() gives "5H" or "pass"."""

    level: int | None = None
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if (self.level is None) != (self.strain is None):
            raise ValueError("a bid needs both a level and a strain; a pass has neither")
        if self.level is not None and not 1 <= self.level <= MAX_ANY_LEVEL:
            raise ValueError(f"a bid level must be 1..{MAX_ANY_LEVEL}, not {self.level}")

    @classmethod
    def pass_(cls) -> Call:
        """The call "pass"."""
        return cls()

    @property
    def is_pass(self) -> bool:
        """True for "pass"."""
        return self.level is None

    @property
    def value(self) -> int:
        """The call's int: -1 for pass, otherwise larger for a higher bid."""
        if self.level is None or self.strain is None:
            return PASS_VALUE
        return self.level * 5 + self.strain

    @classmethod
    def from_value(cls, value: int) -> Call:
        """The call with the int `value` (see `value`)."""
        if value == PASS_VALUE:
            return cls()
        return cls(value // 5, Strain(value % 5))

    @classmethod
    def parse(cls, text: str) -> Call:
        """Parse "pass", "5H", "7NT", ...; raise ValueError for anything else."""
        value = parse_call(text)
        if value is None:
            raise ValueError(f'{text!r} is not a call ("pass" or a bid like "5H", "7NT")')
        return cls.from_value(value)

    def __str__(self) -> str:
        if self.level is None or self.strain is None:
            return "pass"
        return f"{self.level}{self.strain.name}"


def parse_call(text: object) -> int | None:
    """The int value of a call text (see `Call.value`), or None when `text` is not a call."""
    return CALL_VALUE.get(text) if type(text) is str else None
