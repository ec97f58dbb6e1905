"""Where a submitted deal sheet differs from the confirming player's own notes, pure.

The notes are his sheet draft (games.drafts: the sheet's form fields, "deal-3-trump": "H",
...). Only what he noted is compared: a field he left empty is no difference, so notes
of a few deals, or of the contracts only, mark only those.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from games.sheet_fields import field_name, seat_field

SEATS = range(4)


class DealValues(Protocol):
    """One deal of the submitted sheet as it is shown (games.deal_sheets.DealLine)."""

    @property
    def number(self) -> int: ...
    @property
    def trump(self) -> str: ...
    @property
    def declarer(self) -> int | None: ...
    @property
    def winning_bid(self) -> int | None: ...
    @property
    def contracts(self) -> tuple[int, ...]: ...
    @property
    def tricks(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class NotedDifferences:
    """What the notes say where they differ from deal `number` (None: no difference)."""

    number: int
    trump: str | None = None
    winning_bid: str | None = None
    declarer: int | None = None
    contracts: tuple[str | None, ...] = (None, None, None, None)
    tricks: tuple[str | None, ...] = (None, None, None, None)

    @property
    def differs(self) -> bool:
        return any(
            value is not None
            for value in (
                self.trump,
                self.winning_bid,
                self.declarer,
                *self.contracts,
                *self.tricks,
            )
        )

    @property
    def bid_differs(self) -> bool:
        """The winning bid as one mark: its number or its trump."""
        return self.trump is not None or self.winning_bid is not None

    def seat_differs(self, seat: int) -> bool:
        return self.contracts[seat] is not None or self.tricks[seat] is not None


def _noted(fields: Mapping[str, str], name: str) -> str | None:
    value = fields.get(name, "")
    text = value.strip() if isinstance(value, str) else ""
    return text or None


def _differs(noted: str | None, entered: object) -> str | None:
    """The noted value when the player noted one and it is not what was entered."""
    if noted is None:
        return None
    shown = "" if entered is None else str(entered)
    return None if noted.upper() == shown.upper() else noted


def differences_from_notes(
    deals: Sequence[DealValues], fields: Mapping[str, str]
) -> dict[int, NotedDifferences]:
    """Each deal of `deals` (by its number, 1..) where the notes `fields` say otherwise.

    >>> from types import SimpleNamespace as Deal
    >>> deal = Deal(number=1, trump="H", declarer=2, winning_bid=6,
    ...             contracts=(2, 3, 6, 3), tricks=(2, 3, 5, 3))
    >>> notes = {"deal-0-trump": "H", "deal-0-tricks-2": "6", "deal-0-tricks-3": "2"}
    >>> differences_from_notes([deal], notes)[1].tricks
    (None, None, '6', '2')
    >>> differences_from_notes([deal], {"deal-0-winning_bid": "6"})
    {}
    """
    out: dict[int, NotedDifferences] = {}
    for deal in deals:
        index = deal.number - 1

        def noted(name: str, index: int = index) -> str | None:
            return _noted(fields, field_name(index, name))

        declarer = _differs(noted("declarer"), deal.declarer)
        found = NotedDifferences(
            number=deal.number,
            trump=_differs(noted("trump"), deal.trump),
            winning_bid=_differs(noted("winning_bid"), deal.winning_bid),
            declarer=int(declarer) if declarer is not None and declarer.isdigit() else None,
            contracts=tuple(
                _differs(noted(seat_field("contract", s)), _at(deal.contracts, s)) for s in SEATS
            ),
            tricks=tuple(
                _differs(noted(seat_field("tricks", s)), _at(deal.tricks, s)) for s in SEATS
            ),
        )
        if found.differs:
            out[deal.number] = found
    return out


def _at(values: Sequence[int], seat: int) -> int | None:
    return values[seat] if seat < len(values) else None
