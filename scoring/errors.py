"""Stable error codes of deal validation (FORMATS.md 3) and the error record itself."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ErrorCode(StrEnum):
    """Every rule violation has exactly one of these codes; they never change."""

    MALFORMED = "malformed"
    UNKNOWN_CARD = "unknown_card"
    DUPLICATE_CARD = "duplicate_card"
    HAND_SIZE = "hand_size"
    FRISCH_NOT_ALLOWED = "frisch_not_allowed"
    FRISCH_CARD_NOT_IN_HAND = "frisch_card_not_in_hand"
    BID_BELOW_MINIMUM = "bid_below_minimum"
    BID_NOT_HIGHER = "bid_not_higher"
    AUCTION_INCOMPLETE = "auction_incomplete"
    AUCTION_AFTER_END = "auction_after_end"
    AUCTION_MISMATCH = "auction_mismatch"
    CONTRACT_BELOW_BID = "contract_below_bid"
    CONTRACTS_TOTAL_13 = "contracts_total_13"
    TRICKS_TOTAL = "tricks_total"
    TRICK_SHAPE = "trick_shape"
    WRONG_LEADER = "wrong_leader"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    REVOKE = "revoke"
    TRICKS_MISMATCH = "tricks_mismatch"


@dataclass(frozen=True, slots=True)
class RuleError:
    """One violation: a stable `code`, where it is (`path`, e.g. "play[4][2]") and a sentence."""

    code: ErrorCode
    path: str
    message: str

    def to_json(self) -> dict[str, str]:
        """The FORMATS.md 3 error object."""
        return {"code": self.code.value, "path": self.path, "message": self.message}
