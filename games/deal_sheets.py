"""A game's deal-by-deal sheet scored by the rules engine, for display."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.strains import strain_symbol
from scoring.decks import DEFAULT_THREE_PLAYER_DECK, deck_for
from scoring.game import deals_seats
from scoring.presets import UnknownPresetError, get_preset
from scoring.validate import validate_deal


@dataclass(frozen=True)
class SeatCell:
    """One seat's part of a deal."""

    contract: int
    tricks: int
    score: int
    declarer: bool


@dataclass(frozen=True)
class DealLine:
    """One deal of a sheet: trump and contracts, tricks and scores by seat."""

    number: int
    trump: str
    declarer: int | None
    winning_bid: int | None
    contracts: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    game: str
    down: int

    @property
    def trump_symbol(self) -> str:
        """The trump as players write it: ♠ ♥ ♦ ♣ or NT."""
        return strain_symbol(self.trump)

    @property
    def cells(self) -> list[SeatCell]:
        """Each seat's contract, tricks and score, marking the declarer."""
        return [
            SeatCell(contract, tricks, score, seat == self.declarer)
            for seat, (contract, tricks, score) in enumerate(
                zip(self.contracts, self.tricks, self.scores, strict=True)
            )
        ]


def deal_sheet(
    deals: object, preset_name: str, three_player_deck: str = DEFAULT_THREE_PLAYER_DECK
) -> list[DealLine]:
    """The valid deals of a stored sheet, scored with `preset_name` (a sheet of three with
    the league's `three_player_deck`); nothing for no sheet."""
    if not isinstance(deals, Sequence) or isinstance(deals, str | bytes):
        return []
    try:
        preset = get_preset(preset_name)
    except UnknownPresetError:
        return []
    deck = deck_for(deals_seats(deals), three_player_deck)
    lines = []
    for number, record in enumerate(deals, start=1):
        result = validate_deal(record, preset, deck)
        if not result.valid or result.scores is None:
            continue
        lines.append(
            DealLine(
                number=number,
                trump=result.trump.name if result.trump is not None else "",
                declarer=result.declarer,
                winning_bid=result.winning_bid,
                contracts=result.contracts or (),
                tricks=result.tricks or (),
                scores=result.scores,
                game=result.game or "",
                down=result.down or 0,
            )
        )
    return lines
