"""The sheet form's field names: the one place they are spelled.

A deal's fields are named `deal-{deal}-{name}` (deal 0 first), the whole deal `deal-{deal}`
(where a problem of the deal as a whole is shown); the names within a deal are DEAL_FIELDS
at a table of four, `deal_fields(3)` at a table of three (seats 0..2).
The phone sheet's script gets FIELD in its config (games.templatetags.deal_sheet) and reads
and writes the same names (static/web/sheet-rules.js: fieldName, fieldOf; its NAMES are
DEAL_FIELDS, which a test checks).

>>> field_name(3, "contract-2"), field_name(3)
('deal-3-contract-2', 'deal-3')
>>> seat_field("tricks", 1)
'tricks-1'
>>> deal_fields(3)[-3:]
('tricks-0', 'tricks-1', 'tricks-2')
"""

from __future__ import annotations

from typing import Final

DEAL: Final = "deal-{deal}"
FIELD: Final = DEAL + "-{name}"
SEAT_FIELDS: Final = ("contract", "tricks")
SEATS: Final = 4
# A deal's summary: one value for the whole deal (the record's fields of the same names).
SUMMARY_FIELDS: Final = ("trump", "declarer", "winning_bid")


def deal_fields(seats: int = SEATS) -> tuple[str, ...]:
    """The names within a deal at a table of `seats` (3 or 4): the summary, then every
    seat's contract, then every seat's tricks."""
    return (
        *SUMMARY_FIELDS,
        *(f"contract-{seat}" for seat in range(seats)),
        *(f"tricks-{seat}" for seat in range(seats)),
    )


DEAL_FIELDS: Final = deal_fields(SEATS)


def field_name(deal: int, name: str = "") -> str:
    """The form's name of deal `deal`'s field `name` (one of DEAL_FIELDS), or of the whole
    deal without a name."""
    return FIELD.format(deal=deal, name=name) if name else DEAL.format(deal=deal)


def seat_field(kind: str, seat: int) -> str:
    """The name within a deal of a seat's contract or tricks: `contract-2`."""
    return f"{kind}-{seat}"
