"""What a player reads about a problem in an entered result: one translatable sentence per
stable code (the engine's ErrorCode and the entry codes of games.sheets), with parameters.

The engine keeps its own English messages and codes for the API and the command line; the
pages show these sentences instead, next to the field the problem's path points at.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from league.game_check import GameCode
from scoring import ErrorCode


class EntryCode(StrEnum):
    """Problems with an entered sheet that are about the entry itself (the game's own problems
    are `league.game_check.GameCode`, a deal's the engine's `ErrorCode`)."""

    DEALS_EMPTY = "deals_empty"
    # A correction that is the same as the result it corrects: nothing to confirm again.
    UNCHANGED = "unchanged"


MALFORMED: Final = ErrorCode.MALFORMED.value

# A malformed value's sentence depends on the field it is in: the path's last name, with
# "[]" when the path points at one seat's value (`contracts[2]` -> "contracts[]").
MALFORMED_BY_FIELD: Final[Mapping[str, Promise]] = {
    "trump": _("Choose the trump."),
    "declarer": _("Choose the declarer."),
    "winning_bid": _("Enter the winning bid: a whole number from %(minimum)s to 13."),
    "contracts[]": _("Enter the contract: a whole number from 0 to 13."),
    "tricks[]": _("Enter the tricks taken: a whole number from 0 to 13."),
    "scores[]": _("Seat %(seat)s: the score must be a whole number."),
    "scores": _("Enter %(seats)s game scores, one per seat."),
    "deals": _("The sheet must list deals."),
}

PLAYER_MESSAGES: Final[Mapping[str, Promise]] = {
    MALFORMED: _("This value cannot be read; check it and enter it again."),
    ErrorCode.UNKNOWN_CARD: _("A card is not a real card: write its rank, then its suit."),
    ErrorCode.DUPLICATE_CARD: _("The same card is dealt twice."),
    ErrorCode.HAND_SIZE: _("Every hand has exactly 13 cards."),
    ErrorCode.CARD_NOT_IN_DECK: _(
        "A card or the trump is not in the deck this league plays with at three players."
    ),
    ErrorCode.DECK_MISMATCH: _(
        "This game names another deck than the one this league plays with at three players."
    ),
    ErrorCode.SEAT_COUNT: _("The game has another number of players than its table."),
    ErrorCode.FRISCH_NOT_ALLOWED: _(
        "This league does not play this frisch: when all four pass, the cards are redealt."
    ),
    ErrorCode.FRISCH_CARD_NOT_IN_HAND: _("A player passed a card in the frisch he did not hold."),
    ErrorCode.BID_BELOW_MINIMUM: _(
        "The winning bid %(bid)s is below this league's minimum bid of %(minimum)s."
    ),
    ErrorCode.BID_NOT_HIGHER: _("Each bid must be higher than the bid before it."),
    ErrorCode.AUCTION_INCOMPLETE: _(
        "The auction is not finished: it ends with three passes after the last bid."
    ),
    ErrorCode.AUCTION_AFTER_END: _("Calls were written after the auction had ended."),
    ErrorCode.AUCTION_MISMATCH: _("The trump, declarer or bid disagrees with the auction."),
    ErrorCode.CONTRACT_BELOW_BID: _(
        "The declarer bid %(bid)s but his contract is %(contract)s: it must be at least %(bid)s."
    ),
    ErrorCode.CONTRACTS_TOTAL_13: _(
        "The contracts add up to exactly 13 - the last player to bid must change his "
        "contract so the total is over or under 13."
    ),
    ErrorCode.TRICKS_TOTAL: _(
        "The tricks taken add up to %(total)s, but a deal has 13 tricks - someone must change."
    ),
    ErrorCode.TRICK_SHAPE: _("Every trick has 4 cards, and a deal has 13 tricks."),
    ErrorCode.WRONG_LEADER: _("The wrong player led a trick."),
    ErrorCode.CARD_NOT_IN_HAND: _("A player played a card he did not hold."),
    ErrorCode.REVOKE: _("A player did not follow suit while he held the suit led (a revoke)."),
    ErrorCode.TRICKS_MISMATCH: _("The tricks entered disagree with the card play."),
    GameCode.DEAL_COUNT: _("This league's game has %(expected)s deals; the sheet has %(got)s."),
    GameCode.SCORE_OUT_OF_RANGE: _(
        "Seat %(seat)s: %(score)s cannot be a game score; a game of %(deals)s deals scores "
        "between %(low)s and %(high)s."
    ),
}

_LAST_NAME = re.compile(r"(\w+)(\[\d+\])?$")


class _Params(dict[str, Any]):
    """Parameters that show "?" for one a caller could not know, instead of failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def player_message(code: str, path: str = "", **params: Any) -> str:
    """The player's sentence for a problem `code` at `path`, in the active language.

    >>> player_message("tricks_total", "tricks", total=12)
    'The tricks taken add up to 12, but a deal has 13 tricks - someone must change.'
    >>> player_message("malformed", "contracts[2]")
    'Enter the contract: a whole number from 0 to 13.'
    """
    template = PLAYER_MESSAGES.get(code, PLAYER_MESSAGES[MALFORMED])
    if code == MALFORMED:
        match = _LAST_NAME.search(path)
        field = (match.group(1) + ("[]" if match.group(2) else "")) if match else ""
        template = MALFORMED_BY_FIELD.get(field, template)
    return str(template) % _Params(params)


def empty_deals_message(count: int) -> str:
    """The one summary that stands for every deal not filled in yet."""
    return ngettext("%(count)d deal is still empty.", "%(count)d deals are still empty.", count) % {
        "count": count
    }


def unchanged_message(version: int) -> str:
    """Why a correction that changes nothing is refused."""
    return str(
        _(
            "This is the same result as version %(version)d: change what is wrong, then save "
            "(nothing was saved)."
        )
    ) % {"version": version}


def deals_with_problems_message(numbers: list[int]) -> str:
    """The summary at the top of a sheet: which deals (1-based) need a change."""
    return ngettext(
        "Deal %(deals)s has a problem; see the marks next to its fields.",
        "Deals %(deals)s have problems; see the marks next to their fields.",
        len(numbers),
    ) % {"deals": ", ".join(str(n) for n in numbers)}


def deal_params(record: object, minimum_bid: int) -> dict[str, Any]:
    """The numbers a deal's messages quote, read from its (summary) record."""
    if not isinstance(record, dict):
        return {"minimum": minimum_bid}
    params: dict[str, Any] = {"minimum": minimum_bid, "bid": record.get("winning_bid")}
    declarer, contracts, tricks = (
        record.get("declarer"),
        record.get("contracts"),
        record.get("tricks"),
    )
    if isinstance(declarer, int) and isinstance(contracts, list) and 0 <= declarer < len(contracts):
        params["contract"] = contracts[declarer]
    if isinstance(tricks, list) and all(isinstance(t, int) for t in tricks):
        params["total"] = sum(tricks)
    return params
