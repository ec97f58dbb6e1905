"""The shape of a saved sheet draft, checked before it is stored (pure: no ORM, no request).

A draft is what the phone sheet sends after each change: `{"saved_at": ms, "fields":
{"deal-3-trump": "H", ...}}`, the sheet's own form field names (games.sheets) with short
text values. Only the shape is checked here; the rules are checked when the sheet is
submitted, so a draft may hold a half-entered or wrong deal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.sheet_fields import DEAL_FIELDS, FIELD

MAX_DRAFT_BYTES = 20_000
MAX_VALUE_CHARS = 8
MAX_SAVED_AT = 2**53  # JavaScript's largest exact whole number (Date.now() in ms)
# The sheet form's field names (games.sheet_fields): deal-I-trump, deal-I-contract-S...
_FIELD = re.compile(
    FIELD.format(deal=r"(\d{1,3})", name=f"({'|'.join(map(re.escape, DEAL_FIELDS))})")
)


@dataclass(frozen=True)
class DraftShapeError(Exception):
    """Why a draft was refused: the `path` of the wrong part and a sentence for the player."""

    path: str
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Draft:
    """A draft of the right shape: when the browser saved it, and the sheet's fields."""

    saved_at: int
    fields: dict[str, str]

    def as_json(self) -> dict[str, Any]:
        return {"saved_at": self.saved_at, "fields": dict(self.fields)}


def read_draft(data: object, deals_per_game: int) -> Draft:
    """`data` (decoded JSON) as a Draft of a `deals_per_game` sheet; DraftShapeError if not."""
    if not isinstance(data, dict) or set(data) != {"saved_at", "fields"}:
        raise DraftShapeError(
            "", _('Send the draft as a JSON object with "saved_at" and "fields" only.')
        )
    saved_at = data["saved_at"]
    if isinstance(saved_at, bool) or not isinstance(saved_at, int):
        raise DraftShapeError("saved_at", _('"saved_at" must be a time in milliseconds.'))
    if not 0 <= saved_at <= MAX_SAVED_AT:
        raise DraftShapeError("saved_at", _('"saved_at" must be a time in milliseconds.'))
    fields = data["fields"]
    if not isinstance(fields, dict):
        raise DraftShapeError("fields", _('"fields" must be a JSON object of the sheet\'s fields.'))
    for name, value in fields.items():
        match = _FIELD.fullmatch(name)
        if match is None or int(match.group(1)) >= deals_per_game:
            raise DraftShapeError(
                f"fields.{name}",
                _("%(field)s is not a field of this %(deals)d-deal sheet.")
                % {"field": name[:40], "deals": deals_per_game},
            )
        if not isinstance(value, str) or len(value) > MAX_VALUE_CHARS:
            raise DraftShapeError(
                f"fields.{name}",
                _("%(field)s must be a short text (at most %(chars)d characters).")
                % {"field": name, "chars": MAX_VALUE_CHARS},
            )
    return Draft(saved_at, {str(k): str(v) for k, v in fields.items()})
