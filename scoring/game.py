"""A game of several deals: parsing the game record (FORMATS.md 2), totals and placements,
at a table of four or of three (RULES.md 1.5: the record's `deck`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.decks import (
    DEFAULT_THREE_PLAYER_DECK,
    FOUR_SEATS,
    THREE_PLAYER_DECK_NAMES,
    Deck,
    deck_for,
)
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
    """A parsed game record: players by seat (may be empty), preset name (or None), raw deals,
    and the three-player deck it names (or None: four players, or three with the default)."""

    players: tuple[str, ...]
    preset: str | None
    deals: list[Any]
    deck: str | None = None

    @property
    def seats(self) -> int:
        """3 or 4: from the players, else the deck, else the deals (`deals_seats`)."""
        if self.players:
            return len(self.players)
        return 3 if self.deck is not None else deals_seats(self.deals)

    def table_deck(self, override: str | None = None) -> Deck:
        """The deck the game is played with: `override` (a three-player deck name) or the
        record's own at three (default `no-low-cards`); the 52 cards at four."""
        if self.seats == 4:
            return FOUR_SEATS
        return deck_for(3, override or self.deck or DEFAULT_THREE_PLAYER_DECK)


def deals_seats(deals: Sequence[object]) -> int:
    """How many seats a list of deal records is for: 3 when the first deal that has a list
    of `contracts` (else of `hands`, else of `tricks`) has three, else 4.

    >>> deals_seats([{"contracts": [5, 4, 0], "tricks": [5, 4, 3]}]), deals_seats([])
    (3, 4)
    """
    for name in ("contracts", "hands", "tricks"):
        for deal in deals:
            value = deal.get(name) if type(deal) is dict else None
            if type(value) is list:
                return 3 if len(value) == 3 else 4
    return 4


def placements(totals: Sequence[float]) -> list[int]:
    """Places 1.. by score, high first; tied players share the better place.

    >>> placements([120, 120, 45, -10])
    [1, 1, 3, 4]
    """
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def score_game(deals: Sequence[object], preset: Preset, deck: Deck = FOUR_SEATS) -> GameResult:
    """Validate and score every deal at a table with `deck` (four seats by default);
    totals/placements are None when any deal is invalid."""
    results = [validate_deal(deal, preset, deck) for deal in deals]
    if not all(result.valid for result in results):
        return GameResult(False, results, None, None)
    totals = [0] * deck.seats
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
        or len(players) not in (3, 4)
        or not all(type(p) is str and p.strip() for p in players)
    ):
        errors.append(
            Problem(ErrorCode.MALFORMED, "players", "players must be a list of 4 names, by seat.")
        )
    deck = obj.get("deck")
    errors.extend(_deck_problems(deck, players))
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
    return GameRecord(tuple(players or ()), preset, deals, deck), []


def _deck_problems(deck: object, players: object) -> list[Problem]:
    """A game record's `deck`: absent, or a three-player deck in a game of three."""
    if deck is None:
        return []
    if type(deck) is not str or deck not in THREE_PLAYER_DECK_NAMES:
        message = f"deck must be one of {', '.join(THREE_PLAYER_DECK_NAMES)}."
    elif type(players) is list and len(players) == 4:
        message = "A game of four players has no deck: the 52 cards are dealt."
    else:
        return []
    return [Problem(ErrorCode.MALFORMED, "deck", message)]


def table_problems(record: GameRecord, seats: int, deck: str) -> list[Problem]:
    """What refuses a game `record` at a table of `seats` whose league plays three-player
    games with `deck` (FORMATS.md 2): `seat_count` when the game has another number of
    players than the table, `deck_mismatch` when a game of three names another deck.

    >>> game = GameRecord(("A", "B", "C"), None, [], "no-clubs")
    >>> [(p.code.value, p.path) for p in table_problems(game, 3, "no-low-cards")]
    [('deck_mismatch', 'deck')]
    >>> [(p.code.value, p.path) for p in table_problems(game, 4, "no-low-cards")]
    [('seat_count', 'players')]
    """
    if record.seats != seats:
        return [
            Problem(
                ErrorCode.SEAT_COUNT,
                "players",
                f"This table has {seats} players, but the game is a game of {record.seats}.",
            )
        ]
    if seats == 3 and record.deck is not None and record.deck != deck:
        return [
            Problem(
                ErrorCode.DECK_MISMATCH,
                "deck",
                f"This league's three-player games are played with the {deck} deck, but the "
                f"game names {record.deck}.",
            )
        ]
    return []
