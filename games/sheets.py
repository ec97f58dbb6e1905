"""Checking an entered table result, pure: four game scores, or a deal-by-deal sheet.

A sheet is a list of summary deal records (FORMATS.md 1: trump, declarer, winning_bid,
contracts, tricks) that the rules engine validates and scores; errors carry a path such as
`deals[3].contracts[2]` and `sheet_field` turns it into the form field to show it next to.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from games.messages import (
    EntryCode,
    deal_params,
    empty_deals_message,
    player_message,
)
from games.sheet_fields import DEAL_FIELDS, SUMMARY_FIELDS, field_name, seat_field
from league.game_check import GameCode, PlainRules, check_game, table_deck
from scoring import DEFAULT_THREE_PLAYER_DECK, DealResult, ErrorCode, Problem, get_preset
from scoring.cards import Strain

SCORE_LIMIT = 100_000
# The engine's strains as the sheet offers them: suits from the highest, then no trump.
STRAINS = tuple(s.name for s in sorted(Strain, key=lambda s: (s == Strain.NT, -s)))


@dataclass(frozen=True)
class CheckedResult:
    """The verdict on an entered result: final scores by seat when valid, else the errors."""

    valid: bool
    scores: tuple[int, ...] | None
    deals: list[dict[str, Any]] | None = None
    errors: list[Problem] = field(default_factory=list)
    deal_results: list[DealResult] = field(default_factory=list)
    seats: int = 4

    def to_json(self) -> dict[str, Any]:
        """The live check of the whole sheet: verdict, scores, problems, each deal's scores
        and the running totals of its valid deals."""
        return {
            "valid": self.valid,
            "scores": None if self.scores is None else list(self.scores),
            "errors": [e.to_json() for e in self.errors],
            "deals": [
                {"valid": d.valid, "scores": None if d.scores is None else list(d.scores)}
                for d in self.deal_results
            ],
            "fields": self.fields(),
            "totals": self.running_totals(),
            "complete": sum(1 for d in self.deal_results if d.valid),
        }

    def fields(self, deal: int | None = None) -> dict[str, list[str]]:
        """The players' messages by form field (all, or only deal `deal`'s fields)."""
        by_field: dict[str, list[str]] = {}
        prefix = f"deals[{deal}]"
        for error in self.errors:
            if deal is None or error.path == prefix or error.path.startswith(prefix + "."):
                by_field.setdefault(sheet_field(error.path), []).append(error.message)
        return by_field

    def running_totals(self) -> list[int]:
        """Each seat's total over the deals that are valid so far."""
        totals = [0] * self.seats
        for result in self.deal_results:
            for seat, score in enumerate(result.scores or ()):
                totals[seat] += score
        return totals

    def deal_json(self, deal: int) -> dict[str, Any]:
        """The live check of one changed deal: its problems and scores, the running totals
        and the sheet's summary lines (a few hundred bytes, not the whole sheet)."""
        result = self.deal_results[deal] if deal < len(self.deal_results) else None
        return {
            "deal": deal,
            "valid": result is not None and result.valid,
            "scores": None if result is None or result.scores is None else list(result.scores),
            "fields": self.fields(deal),
            "totals": self.running_totals(),
            "complete": sum(1 for d in self.deal_results if d.valid),
            "summary": [e.message for e in self.errors if e.path == "deals"],
        }


def _whole_number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*[-+]?\d{1,9}\s*", value):
        return int(value)
    return None


def check_scores(
    raw: Sequence[object],
    seats: int,
    preset_name: str,
    deals_per_game: int,
    *,
    three_player_deck: str = DEFAULT_THREE_PLAYER_DECK,
) -> CheckedResult:
    """Game scores by seat: one whole number per seated player, each a total that a game of
    the league's deals can give under its preset (scoring.bounds; at three players, with the
    league's deck)."""
    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence) or len(raw) != seats:
        return CheckedResult(
            False, None, errors=[_entry_error(ErrorCode.MALFORMED, "scores", seats=seats)]
        )
    errors: dict[int, Problem] = {}
    scores: dict[int, int] = {}  # by seat: the whole numbers, checked against the bounds
    for seat, value in enumerate(raw):
        number = _whole_number(value)
        if number is None or abs(number) > SCORE_LIMIT:
            errors[seat] = _entry_error(ErrorCode.MALFORMED, f"scores[{seat}]", seat=seat + 1)
        else:
            scores[seat] = number
    numbered = sorted(scores)  # so every seat's problem is named at once, not one by one
    check = check_game(
        PlainRules(preset_name, deals_per_game, three_player_deck),
        totals=[scores[s] for s in numbered],
        seats=seats,
    )
    low, high = check.bounds or (None, None)
    for problem in check.problems:
        at = _deal_index(problem.path, _SEAT)
        if at is None:
            continue
        seat = numbered[at]
        errors[seat] = _entry_error(
            problem.code,
            f"scores[{seat}]",
            seat=seat + 1,
            score=scores[seat],
            deals=deals_per_game,
            low=low,
            high=high,
        )
    if errors or check.totals is None:
        return CheckedResult(False, None, errors=[errors[seat] for seat in sorted(errors)])
    return CheckedResult(True, check.totals)


def _entry_error(code: StrEnum, path: str, **params: Any) -> Problem:
    return Problem(code, path, player_message(code, path, **params))


def is_empty_deal(record: object) -> bool:
    """True for a sheet row nobody has filled in yet (every field blank)."""
    if not isinstance(record, dict):
        return False
    values = [record.get(name) for name in SUMMARY_FIELDS]
    for name in ("contracts", "tricks"):
        seat_values = record.get(name)
        values.extend(seat_values if isinstance(seat_values, list) else [seat_values])
    return all(v is None or (isinstance(v, str) and not v.strip()) for v in values)


def check_sheet(
    deals: object,
    preset_name: str,
    deals_per_game: int,
    *,
    seats: int = 4,
    three_player_deck: str = DEFAULT_THREE_PLAYER_DECK,
) -> CheckedResult:
    """Validate and score a deal-by-deal sheet of a table of `seats` (at three, played with
    the league's `three_player_deck`); its length must be the league's game length.

    Deals nobody has filled in yet answer one summary ("27 deals are still empty") instead
    of their errors; the other deals' errors are the players' sentences (games.messages).
    """
    if not isinstance(deals, list):
        return CheckedResult(
            False, None, errors=[_entry_error(ErrorCode.MALFORMED, "deals")], seats=seats
        )
    rules = PlainRules(preset_name, deals_per_game, three_player_deck)
    tricks = table_deck(rules, seats).tricks
    check = check_game(rules, deals=deals, seats=seats)
    minimum_bid = get_preset(preset_name).options.minimum_bid
    empty = [i for i, deal in enumerate(deals) if is_empty_deal(deal)]
    errors = [
        _sheet_error(problem, deals, deals_per_game, minimum_bid)
        for problem in check.problems
        if _deal_index(problem.path, _DEAL) not in empty
    ] + [problem for i, deal in enumerate(deals) if (problem := _tricks_past_t(i, deal, tricks))]
    if empty:
        errors.insert(
            1 if errors and errors[0].code == GameCode.DEAL_COUNT else 0,
            Problem(EntryCode.DEALS_EMPTY, "deals", empty_deals_message(len(empty))),
        )
    if errors or check.totals is None:
        return CheckedResult(False, None, deals, errors, check.deal_results, seats)
    return CheckedResult(True, check.totals, deals, [], check.deal_results, seats)


def _tricks_past_t(index: int, record: object, deal_tricks: int = 13) -> Problem | None:
    """A deal whose tricks are not all entered yet but already add up to more than the
    deal's `deal_tricks` (13 at four; the engine checks the total only once every seat's are
    there), flagged as it is typed: three players' 7, 5 and 4 tricks are 16 before the
    fourth is known."""
    tricks = record.get("tricks") if isinstance(record, dict) else None
    if not isinstance(tricks, list):
        return None
    entered = [
        t
        for t in tricks
        if isinstance(t, int) and not isinstance(t, bool) and 0 <= t <= deal_tricks
    ]
    if len(entered) == len(tricks) or sum(entered) <= deal_tricks:
        return None
    return _entry_error(ErrorCode.TRICKS_TOTAL, f"deals[{index}].tricks", total=sum(entered))


_SEAT = re.compile(r"^scores\[(\d+)\]$")
_DEAL = re.compile(r"^deals\[(\d+)\]")


def _deal_index(path: str, pattern: re.Pattern[str]) -> int | None:
    """The index a problem's path starts with (`deals[3]...` -> 3), if it has one."""
    match = pattern.match(path)
    return int(match.group(1)) if match else None


def _sheet_error(
    problem: Problem, deals: list[Any], deals_per_game: int, minimum_bid: int
) -> Problem:
    """A problem of the game check with the player's sentence for its code."""
    if problem.code == GameCode.DEAL_COUNT:
        return _entry_error(problem.code, problem.path, expected=deals_per_game, got=len(deals))
    index = _deal_index(problem.path, _DEAL)
    record = deals[index] if index is not None else None
    return _entry_error(problem.code, problem.path, **deal_params(record, minimum_bid))


def sheet_from_form(
    data: Mapping[str, Any], deals_per_game: int, seats: int = 4
) -> list[dict[str, Any]]:
    """Read the sheet's form fields (deal-I-trump, deal-I-declarer, deal-I-contract-S, ...)
    into deal records; seats are 0..3 as in FORMATS.md, 0..2 at a table of three (the form
    shows players' names).

    Numbers stay as typed when they are not whole numbers, so the engine names the field.
    """
    deals: list[dict[str, Any]] = []
    for i in range(deals_per_game):

        def value(name: str, index: int = i) -> Any:
            raw = data.get(field_name(index, name), "")
            number = _whole_number(raw)
            return raw if number is None else number

        trump = str(data.get(field_name(i, "trump"), "")).strip().upper()
        deals.append(
            {
                "trump": trump,
                "declarer": value("declarer"),
                "winning_bid": value("winning_bid"),
                "contracts": [value(seat_field("contract", s)) for s in range(seats)],
                "tricks": [value(seat_field("tricks", s)) for s in range(seats)],
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
        return field_name(int(index), seat_field(_FIELD_OF[name], int(seat)))
    if name in SUMMARY_FIELDS:
        return field_name(int(index), name)
    return field_name(int(index))


def sheet_fields(deals: object) -> dict[str, str]:
    """A stored sheet as the sheet form's fields, the reverse of `sheet_from_form`: what a
    correction reopens with (`deal-3-trump`: "H", ...); values a record lacks are left out.

    >>> sheet_fields([{"trump": "H", "declarer": 2, "winning_bid": 6,
    ...                "contracts": [2, 3, 6, 3], "tricks": [2, 3, 5, 3]}])["deal-0-tricks-2"]
    '5'
    """
    fields: dict[str, str] = {}
    if not isinstance(deals, list):
        return fields
    for i, record in enumerate(deals):
        if not isinstance(record, dict):
            continue
        for name in SUMMARY_FIELDS:
            if record.get(name) is not None:
                fields[field_name(i, name)] = str(record[name]).upper()
        for name, form_name in _FIELD_OF.items():
            values = record.get(name)
            for seat, value in enumerate(values if isinstance(values, list) else []):
                if value is not None:
                    fields[field_name(i, seat_field(form_name, seat))] = str(value)
    return fields


def changed_deals(before: object, after: object) -> list[int] | None:
    """The deals (numbers from 1) where sheet `after` differs from sheet `before`; None when
    either is no sheet, so nothing can be compared deal by deal."""
    if not isinstance(before, list) or not isinstance(after, list):
        return None
    old, new = sheet_fields(before), sheet_fields(after)
    return [
        number
        for number in range(1, max(len(before), len(after)) + 1)
        if _deal_fields(old, number - 1) != _deal_fields(new, number - 1)
    ]


def _deal_fields(fields: Mapping[str, str], index: int) -> dict[str, str]:
    names = {field_name(index, name) for name in DEAL_FIELDS}
    return {k: v for k, v in fields.items() if k in names}
