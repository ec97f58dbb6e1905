"""Builders for deal records in scoring tests: legal deals from the generator and small edits."""

from __future__ import annotations

import copy
import random
from typing import Any

from scoring import Preset, get_preset, validate_deal
from scoring.cards import CARD_INDEX, CARD_SUIT
from scoring.decks import FOUR_SEATS, Deck
from scoring.generate import random_deal
from scoring.tricks import trick_winner

WHIST_ONLINE = get_preset("whist-online")
HE_WIKIPEDIA = get_preset("he-wikipedia")
EN_WIKIPEDIA = get_preset("en-wikipedia")


def legal_deal(seed: int, preset: Preset = WHIST_ONLINE, **options: Any) -> dict[str, Any]:
    """A legal full deal record (hands, auction, contracts, play) from a fixed seed."""
    return random_deal(random.Random(seed), preset, **options)


def summary_deal(
    contracts: list[int],
    tricks: list[int],
    *,
    trump: str = "H",
    declarer: int = 0,
    winning_bid: int = 5,
) -> dict[str, Any]:
    """A summary-only deal record (no hands, auction or play)."""
    return {
        "trump": trump,
        "declarer": declarer,
        "winning_bid": winning_bid,
        "contracts": contracts,
        "tricks": tricks,
    }


def codes(
    record: dict[str, Any], preset: Preset = WHIST_ONLINE, deck: Deck = FOUR_SEATS
) -> set[str]:
    """The error codes validation reports for `record`."""
    return {error.code.value for error in validate_deal(record, preset, deck).errors}


def errors_at(
    record: dict[str, Any], preset: Preset = WHIST_ONLINE, deck: Deck = FOUR_SEATS
) -> set[tuple[str, str]]:
    """(code, path) of every error validation reports for `record`."""
    return {(e.code.value, e.path) for e in validate_deal(record, preset, deck).errors}


def play_seats(
    record: dict[str, Any], preset: Preset = WHIST_ONLINE, deck: Deck = FOUR_SEATS
) -> list[list[int]]:
    """The seat that played each card of a legal record's play, trick by trick."""
    result = validate_deal(record, preset, deck)
    assert result.trump is not None and result.declarer is not None
    leader = result.declarer
    seats = []
    for trick in record["play"]:
        seats.append([(leader + j) % deck.seats for j in range(deck.seats)])
        leader = trick_winner([CARD_INDEX[c] for c in trick], leader, int(result.trump))
    return seats


def revoke_record(preset: Preset = HE_WIKIPEDIA) -> tuple[dict[str, Any], Any]:
    """A generated deal with revokes in an otherwise sound play, and its en-wikipedia result."""
    for seed in range(500):
        record = random_deal(random.Random(seed), preset, revoke_chance=0.05)
        result = validate_deal(record, EN_WIKIPEDIA)
        if result.penalties:
            return record, result
    raise AssertionError("no seed gave a revoke")


def with_revoke(
    record: dict[str, Any], deck: Deck = FOUR_SEATS
) -> tuple[dict[str, Any], str] | None:
    """A copy of a legal record where one seat discards while holding the suit led.

    Swaps a card the seat followed suit with against a later card of another suit it
    played; returns the copy and the path of the revoke, or None when no swap exists.
    """
    seats = play_seats(record, deck=deck)
    play = record["play"]
    for i, trick in enumerate(play):
        led = CARD_SUIT[CARD_INDEX[trick[0]]]
        for j in range(1, deck.seats):
            if CARD_SUIT[CARD_INDEX[trick[j]]] != led:
                continue
            for k in range(i + 1, deck.tricks):
                m = seats[k].index(seats[i][j])
                if CARD_SUIT[CARD_INDEX[play[k][m]]] != led:
                    broken = copy.deepcopy(record)
                    broken["play"][i][j], broken["play"][k][m] = play[k][m], play[i][j]
                    return broken, f"play[{i}][{j}]"
    return None
