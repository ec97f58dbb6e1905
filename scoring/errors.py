"""Stable error codes of deal validation (FORMATS.md 3); a violation is a `Problem`."""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """Every rule violation has exactly one of these codes; they never change."""

    MALFORMED = "malformed"
    UNKNOWN_CARD = "unknown_card"
    DUPLICATE_CARD = "duplicate_card"
    HAND_SIZE = "hand_size"
    CARD_NOT_IN_DECK = "card_not_in_deck"
    DECK_MISMATCH = "deck_mismatch"
    SEAT_COUNT = "seat_count"
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
