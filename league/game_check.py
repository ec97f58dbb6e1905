"""Checking one game under the league's rules, pure: the one path the sheet, the API and the
season import share.

`check_game` takes a game record (FORMATS.md 2), a list of deal records, or game totals by
seat, and answers a `GameCheck`: the totals when valid, else `Problem`s whose paths point into
the game (`preset`, `deals`, `deals[3].contracts[2]`, `scores[1]`). Its messages are plain
English for the API and the command line; the pages show their own sentences for the codes.

A game is checked for a table of `seats` players (4 unless told): at a table of three the
deals are played with the league's `three_player_deck` (RULES.md 1.5), a game of another
number of players than its table is `seat_count`, and a game of three naming another deck
than the league's is `deck_mismatch` (FORMATS.md 2); at four nothing changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from scoring import (
    DEFAULT_THREE_PLAYER_DECK,
    FOUR_SEATS,
    DealResult,
    Deck,
    ErrorCode,
    GameRecord,
    Preset,
    Problem,
    UnknownPresetError,
    deck_for,
    get_preset,
    parse_game_record,
    score_game,
    table_problems,
)
from scoring.bounds import game_total_bounds, seats_out_of_bounds
from scoring.game import deals_seats


class GameCode(StrEnum):
    """Problems of a game under the league's rules that are not a deal's rule violation."""

    PRESET_MISMATCH = "preset_mismatch"
    DEAL_COUNT = "deal_count"
    SCORE_OUT_OF_RANGE = "score_out_of_range"
    SCORES_MISMATCH = "scores_mismatch"


# Problems with the record's shape: a caller may report these alone, before the deals' rules.
SHAPE_CODES = frozenset(
    {GameCode.PRESET_MISMATCH, GameCode.DEAL_COUNT, ErrorCode.SEAT_COUNT, ErrorCode.DECK_MISMATCH}
)


class GameRules(Protocol):
    """What a game's check needs of the league's rules (`league.rules.LeagueRules` has it)."""

    @property
    def scoring_preset(self) -> str: ...

    @property
    def deals_per_game(self) -> int: ...

    @property
    def three_player_deck(self) -> str: ...


@dataclass(frozen=True)
class PlainRules:
    """Just the rules a game's check needs, for callers that have no `LeagueRules`."""

    scoring_preset: str
    deals_per_game: int
    three_player_deck: str = DEFAULT_THREE_PLAYER_DECK


@dataclass(frozen=True)
class GameCheck:
    """The verdict on one game: final totals by seat when valid, else the problems."""

    totals: tuple[int, ...] | None
    problems: list[Problem] = field(default_factory=list)
    deals: list[Any] | None = None
    deal_results: list[DealResult] = field(default_factory=list)
    record: GameRecord | None = None
    bounds: tuple[int, int] | None = None  # the totals a game can give, when totals are checked

    @property
    def valid(self) -> bool:
        return not self.problems and self.totals is not None


def check_game(
    rules: GameRules,
    *,
    record: object = None,
    deals: Sequence[Any] | None = None,
    totals: Sequence[int] | None = None,
    seats: int = 4,
) -> GameCheck:
    """Check a game under `rules` for a table of `seats` players: a `record` (with `totals`
    it must agree with), its `deals` alone, or its `totals` alone (each must be a total a
    game of the league's deals can give).
    """
    if record is not None:
        return _check_record(record, rules, totals, seats)
    if deals is not None:
        return _check_deals(list(deals), rules, seats)
    return _check_totals(list(totals or ()), rules, seats)


def table_deck(rules: GameRules, seats: int) -> Deck:
    """The deck a table of `seats` plays with: the league's `three_player_deck` at three,
    else the 52 cards."""
    return deck_for(3, rules.three_player_deck) if seats == 3 else FOUR_SEATS


def _preset(rules: GameRules) -> Preset | Problem:
    try:
        return get_preset(rules.scoring_preset)
    except UnknownPresetError:
        return Problem(
            GameCode.PRESET_MISMATCH,
            "",
            f"The league's scoring preset {rules.scoring_preset} is unknown to the engine.",
        )


def _check_totals(totals: list[int], rules: GameRules, seats: int) -> GameCheck:
    preset = _preset(rules)
    if isinstance(preset, Problem):  # no preset, no bounds: the totals are as given
        return GameCheck(tuple(totals))
    deals = rules.deals_per_game
    bounds = game_total_bounds(preset, deals, table_deck(rules, seats))
    problems = [
        Problem(
            GameCode.SCORE_OUT_OF_RANGE,
            f"scores[{seat}]",
            f"{totals[seat]} cannot be a game score: a game of {deals} deals under "
            f"{rules.scoring_preset} scores between {bounds[0]} and {bounds[1]}.",
        )
        for seat in seats_out_of_bounds(totals, bounds)
    ]
    return GameCheck(None if problems else tuple(totals), problems, bounds=bounds)


def _deal_count(deals: Sequence[Any], rules: GameRules) -> list[Problem]:
    if len(deals) == rules.deals_per_game:
        return []
    return [
        Problem(
            GameCode.DEAL_COUNT,
            "deals",
            f"A game in this league has {rules.deals_per_game} deals; the record has {len(deals)}.",
        )
    ]


def _under(prefix: str, path: str) -> str:
    """`path` inside the value at `prefix`: `deals[3]` + `tricks[2]` -> `deals[3].tricks[2]`."""
    if not path:
        return prefix
    return f"{prefix}{path}" if path.startswith("[") else f"{prefix}.{path}"


def _seat_count(deals: Sequence[Any], seats: int) -> list[Problem]:
    """A list of deals for another number of seats than the table's (`seat_count`)."""
    found = deals_seats(deals)
    if found == seats:
        return []
    return [
        Problem(
            ErrorCode.SEAT_COUNT,
            "deals",
            f"This table has {seats} players, but the deals are for {found}.",
        )
    ]


def _check_deals(
    deals: list[Any],
    rules: GameRules,
    seats: int,
    shape: Sequence[Problem] = (),
    deck: Deck | None = None,
) -> GameCheck:
    preset = _preset(rules)
    if isinstance(preset, Problem):
        return GameCheck(None, [*shape, preset], deals)
    if deck is None:  # a list of deals alone: for the table's number of seats
        wrong = _seat_count(deals, seats)
        if wrong:
            return GameCheck(None, [*shape, *wrong], deals)
        deck = table_deck(rules, seats)
    game = score_game(deals, preset, deck)
    problems = [
        *shape,
        *_deal_count(deals, rules),
        *(
            Problem(e.code, _under(f"deals[{i}]", e.path), e.message)
            for i, deal in enumerate(game.deals)
            for e in deal.errors
        ),
    ]
    totals = None if problems or game.totals is None else tuple(game.totals)
    return GameCheck(totals, problems, deals, game.deals)


def _check_record(
    record: object, rules: GameRules, totals: Sequence[int] | None, seats: int
) -> GameCheck:
    parsed, parse_errors = parse_game_record(record)
    if parsed is None:
        return GameCheck(None, parse_errors)
    at_table = table_problems(parsed, seats, rules.three_player_deck)
    if at_table:
        return GameCheck(None, at_table, list(parsed.deals), record=parsed)
    shape = []
    if parsed.preset is not None and parsed.preset != rules.scoring_preset:
        shape.append(
            Problem(
                GameCode.PRESET_MISMATCH,
                "preset",
                f"The league scores by {rules.scoring_preset}, but the record says "
                f"{parsed.preset}.",
            )
        )
    deck = parsed.table_deck(rules.three_player_deck if seats == 3 else None)
    check = _check_deals(list(parsed.deals), rules, seats, shape, deck)
    check = GameCheck(check.totals, check.problems, check.deals, check.deal_results, parsed)
    if check.totals is None or totals is None or tuple(totals) == check.totals:
        return check
    mismatch = Problem(
        GameCode.SCORES_MISMATCH,
        "scores",
        f"The scores {list(totals)} disagree with the record's totals {list(check.totals)}.",
    )
    return GameCheck(None, [mismatch], check.deals, check.deal_results, parsed)
