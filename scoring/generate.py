"""Seeded random legal deal records (random hands, legal auction and play) for tests and demos."""

from __future__ import annotations

import random
from typing import Any

from scoring.calls import Call
from scoring.cards import CARD_CODES, CARD_SUIT
from scoring.presets import WHIST_ONLINE, Preset
from scoring.tricks import trick_winner

_TOP_BID = 13 * 5 + 4


def _codes(cards: list[int]) -> list[str]:
    return [CARD_CODES[c] for c in sorted(cards, key=lambda c: (-CARD_SUIT[c], -c))]


def random_auction(rng: random.Random, minimum: int, bid_chance: float = 0.3) -> list[int]:
    """Call values (see `Call.value`) of a legal auction; all passes when nobody bids."""
    calls: list[int] = []
    highest = -1
    passes = 0
    while passes < (3 if highest >= 0 else 4):
        lowest = max(highest + 1, minimum * 5)
        if lowest <= _TOP_BID and rng.random() < bid_chance:
            highest = rng.randint(lowest, min(_TOP_BID, lowest + 6))
            calls.append(highest)
            passes = 0
        else:
            calls.append(-1)
            passes += 1
    return calls


def random_contracts(rng: random.Random, declarer: int, level: int) -> list[int]:
    """Contracts by seat: the declarer at least `level`, total never 13."""
    contracts = [0, 0, 0, 0]
    contracts[declarer] = min(13, level + rng.choice((0, 0, 0, 1, 1, 2)))
    for step in (1, 2, 3):
        seat = (declarer + step) % 4
        choice = rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5))
        if step == 3 and sum(contracts) + choice == 13:
            # step away from 13 without going below zero (the declarer may hold all 13)
            choice += 1 if choice == 0 or choice < 13 - contracts[declarer] else -1
        contracts[seat] = choice
    return contracts


def random_play(
    rng: random.Random,
    hands: list[list[int]],
    declarer: int,
    trump: int,
    revoke_chance: float = 0.0,
) -> list[list[int]]:
    """13 tricks (each in the order played from its leader); empties `hands`.

    The play is legal unless `revoke_chance` > 0: then a player who can follow suit
    discards another suit with that probability (a revoke, for penalty tests and demos).
    """
    play: list[list[int]] = []
    leader = declarer
    for _ in range(13):
        trick: list[int] = []
        for j in range(4):
            hand = hands[(leader + j) % 4]
            if j:
                followers = [c for c in hand if CARD_SUIT[c] == CARD_SUIT[trick[0]]]
                others = [c for c in hand if CARD_SUIT[c] != CARD_SUIT[trick[0]]]
                if followers and others and rng.random() < revoke_chance:
                    followers = others
                card = rng.choice(followers or hand)
            else:
                card = rng.choice(hand)
            hand.remove(card)
            trick.append(card)
        play.append(trick)
        leader = trick_winner(trick, leader, trump)
    return play


def random_deal(
    rng: random.Random,
    preset: Preset = WHIST_ONLINE,
    *,
    dealer: int | None = None,
    summary_only: bool = False,
    with_summary: bool = False,
    revoke_chance: float = 0.0,
) -> dict[str, Any]:
    """A legal deal record under `preset`.

    Full records have hands, frisch (when the preset has it and all passed), auction,
    contracts and play; `with_summary` adds trump/declarer/winning_bid/tricks too;
    `summary_only` gives only dealer, trump, declarer, winning_bid, contracts and tricks.
    `revoke_chance` > 0 makes revokes possible (see `random_play`).
    """
    options = preset.options
    dealer = rng.randrange(4) if dealer is None else dealer
    while True:  # each pass is one deal of the cards; an all-pass without frisch redeals
        deck = list(range(52))
        rng.shuffle(deck)
        dealt = [sorted(deck[13 * s : 13 * s + 13]) for s in range(4)]
        hands = [list(h) for h in dealt]
        frisch: list[list[list[int]]] = []
        while True:
            minimum = (
                options.minimum_bid_after(len(frisch))
                if options.frisch_rounds
                else options.minimum_bid
            )
            auction = random_auction(rng, minimum)
            if any(value >= 0 for value in auction) or len(frisch) >= options.frisch_rounds:
                break
            passed = [rng.sample(hand, 3) for hand in hands]
            step = options.frisch_directions[len(frisch) % len(options.frisch_directions)]
            for seat, cards in enumerate(passed):
                for card in cards:
                    hands[seat].remove(card)
                    hands[(seat + step) % 4].append(card)
            frisch.append(passed)
        if any(value >= 0 for value in auction):
            break
    winning = max(auction)
    declarer = (dealer + 1 + auction.index(winning)) % 4
    trump, level = winning % 5, winning // 5
    contracts = random_contracts(rng, declarer, level)
    play = random_play(rng, hands, declarer, trump, revoke_chance)
    tricks = [0, 0, 0, 0]
    leader = declarer
    for trick in play:
        leader = trick_winner(trick, leader, trump)
        tricks[leader] += 1
    summary = {
        "trump": str(Call.from_value(winning).strain),
        "declarer": declarer,
        "winning_bid": level,
        "contracts": contracts,
        "tricks": tricks,
    }
    if summary_only:
        return {"dealer": dealer, **summary}
    record: dict[str, Any] = {"dealer": dealer, "hands": [_codes(h) for h in dealt]}
    if frisch:
        record["frisch"] = [[_codes(cards) for cards in passed] for passed in frisch]
    record["auction"] = [str(Call.from_value(v)) for v in auction]
    record["contracts"] = contracts
    record["play"] = [[CARD_CODES[c] for c in trick] for trick in play]
    if with_summary:
        record.update(summary)
    return record


def random_deals(
    seed: int, count: int, preset: Preset = WHIST_ONLINE, **options: Any
) -> list[dict[str, Any]]:
    """`count` random legal deal records from `seed`, the dealer rotating each deal."""
    rng = random.Random(seed)
    return [random_deal(rng, preset, dealer=i % 4, **options) for i in range(count)]


def random_game(
    seed: int,
    preset: Preset = WHIST_ONLINE,
    deals: int = 24,
    players: tuple[str, str, str, str] = ("Dana", "Eli", "Noa", "Omer"),
    **options: Any,
) -> dict[str, Any]:
    """A FORMATS.md 2 game record of random legal deals."""
    return {
        "players": list(players),
        "preset": preset.name,
        "deals": random_deals(seed, deals, preset, **options),
    }
