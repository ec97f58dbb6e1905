"""Checking an entered table result, pure: four game scores, or a deal-by-deal sheet.

A sheet is a list of summary deal records (FORMATS.md 1: trump, declarer, winning_bid,
contracts, tricks) that the rules engine validates and scores; errors carry a path such as
`deals[3].contracts[2]` and `sheet_field` turns it into the form field to show it next to.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from scoring import DealResult, get_preset, score_game
from scoring.cards import Strain

SCORE_LIMIT = 100_000
SEAT_FIELDS = ("contract", "tricks")
# The engine's strains as the sheet offers them: suits from the highest, then no trump.
STRAINS = tuple(s.name for s in sorted(Strain, key=lambda s: (s == Strain.NT, -s)))


@dataclass(frozen=True)
class EntryError:
    """One problem with an entered result: stable `code`, `path` to the value, a sentence."""

    code: str
    path: str
    message: str

    def as_json(self) -> dict[str, str]:
        return {"code": self.code, "path": self.path, "message": self.message}


@dataclass(frozen=True)
class CheckedResult:
    """The verdict on an entered result: final scores by seat when valid, else the errors."""

    valid: bool
    scores: tuple[int, ...] | None
    deals: list[dict[str, Any]] | None = None
    errors: list[EntryError] = field(default_factory=list)
    deal_results: list[DealResult] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "scores": None if self.scores is None else list(self.scores),
            "errors": [e.as_json() for e in self.errors],
            "deals": [
                {
                    "valid": d.valid,
                    "scores": None if d.scores is None else list(d.scores),
                    "errors": [e.to_json() for e in d.errors],
                }
                for d in self.deal_results
            ],
        }


def _whole_number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*[-+]?\d{1,9}\s*", value):
        return int(value)
    return None


def check_scores(raw: Sequence[object], seats: int) -> CheckedResult:
    """Game scores by seat: one whole number per seated player."""
    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence) or len(raw) != seats:
        return CheckedResult(
            False,
            None,
            errors=[
                EntryError(
                    "malformed",
                    "scores",
                    _("Enter %(seats)d game scores, one per seat.") % {"seats": seats},
                )
            ],
        )
    errors: list[EntryError] = []
    scores: list[int] = []
    for seat, value in enumerate(raw):
        number = _whole_number(value)
        if number is None or abs(number) > SCORE_LIMIT:
            errors.append(
                EntryError(
                    "malformed",
                    f"scores[{seat}]",
                    _(
                        "Seat %(seat)d: the score must be a whole number between %(low)d and "
                        "%(high)d."
                    )
                    % {"seat": seat + 1, "low": -SCORE_LIMIT, "high": SCORE_LIMIT},
                )
            )
        else:
            scores.append(number)
    if errors:
        return CheckedResult(False, None, errors=errors)
    return CheckedResult(True, tuple(scores))


def check_sheet(deals: object, preset_name: str, deals_per_game: int) -> CheckedResult:
    """Validate and score a deal-by-deal sheet; its length must be the league's game length."""
    if not isinstance(deals, list):
        return CheckedResult(
            False, None, errors=[EntryError("malformed", "deals", _("The sheet must list deals."))]
        )
    game = score_game(deals, get_preset(preset_name))
    errors = [
        EntryError(str(e.code), f"deals[{i}].{e.path}" if e.path else f"deals[{i}]", e.message)
        for i, deal in enumerate(game.deals)
        for e in deal.errors
    ]
    if len(deals) != deals_per_game:
        errors.insert(
            0,
            EntryError(
                "deal_count",
                "deals",
                _("This league's game has %(expected)d deals; the sheet has %(got)d.")
                % {"expected": deals_per_game, "got": len(deals)},
            ),
        )
    if errors or game.totals is None:
        return CheckedResult(False, None, deals, errors, game.deals)
    return CheckedResult(True, tuple(game.totals), deals, [], game.deals)


def sheet_from_form(data: Mapping[str, Any], deals_per_game: int) -> list[dict[str, Any]]:
    """Read the sheet's form fields (deal-I-trump, deal-I-declarer, deal-I-contract-S, ...)
    into deal records; seats are 0..3 as in FORMATS.md (the form shows players' names).

    Numbers stay as typed when they are not whole numbers, so the engine names the field.
    """
    deals: list[dict[str, Any]] = []
    for i in range(deals_per_game):

        def value(name: str, index: int = i) -> Any:
            raw = data.get(f"deal-{index}-{name}", "")
            number = _whole_number(raw)
            return raw if number is None else number

        trump = str(data.get(f"deal-{i}-trump", "")).strip().upper()
        deals.append(
            {
                "trump": trump,
                "declarer": value("declarer"),
                "winning_bid": value("winning_bid"),
                "contracts": [value(f"contract-{s}") for s in range(4)],
                "tricks": [value(f"tricks-{s}") for s in range(4)],
            }
        )
    return deals


_PATH = re.compile(r"^deals\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?)?")
_FIELD_OF = {"contracts": "contract", "tricks": "tricks"}


def sheet_field(path: str) -> str:
    """The form field an error path points at: `deals[3].contracts[2]` -> `deal-3-contract-2`.

    Paths into a whole deal or an unknown part point at the deal (`deal-3`).
    """
    match = _PATH.match(path)
    if not match:
        return "sheet"
    index, name, seat = match.groups()
    if name in _FIELD_OF and seat is not None:
        return f"deal-{index}-{_FIELD_OF[name]}-{seat}"
    if name in ("trump", "declarer", "winning_bid"):
        return f"deal-{index}-{name}"
    return f"deal-{index}"
