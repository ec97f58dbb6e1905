"""Seeded random legal deal records (random hands, legal auction and play) for tests and demos,
for four seats or for three with any of the decks of RULES.md 1.5 (`deck=`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoring.calls import Call
from scoring.cards import CARD_CODES, CARD_SUIT, Strain
from scoring.decks import FOUR_SEATS, Deck
from scoring.presets import WHIST_ONLINE, Preset
from scoring.tricks import trick_winner


def _codes(cards: list[int]) -> list[str]:
    return [CARD_CODES[c] for c in sorted(cards, key=lambda c: (-CARD_SUIT[c], -c))]


def random_auction(
    rng: random.Random, minimum: int, bid_chance: float = 0.3, deck: Deck = FOUR_SEATS
) -> list[int]:
    """Call values (see `Call.value`) of a legal auction; all passes when nobody bids."""
    top_bid = deck.tricks * 5 + Strain.NT
    calls: list[int] = []
    highest = -1
    passes = 0
    while passes < (deck.seats - 1 if highest >= 0 else deck.seats):
        lowest = max(highest + 1, minimum * 5)
        if lowest <= top_bid and rng.random() < bid_chance:
            highest = rng.randint(lowest, min(top_bid, lowest + 6))
            if not deck.holds_strain(highest % 5):
                highest += 1  # clubs cannot be bid without clubs: the diamonds of that level
            calls.append(highest)
            passes = 0
        else:
            calls.append(-1)
            passes += 1
    return calls


def random_contracts(
    rng: random.Random, declarer: int, level: int, deck: Deck = FOUR_SEATS
) -> list[int]:
    """Contracts by seat: the declarer at least `level`, total never the deal's tricks T."""
    most, seats = deck.tricks, deck.seats
    contracts = [0] * seats
    contracts[declarer] = min(most, level + rng.choice((0, 0, 0, 1, 1, 2)))
    for step in range(1, seats):
        seat = (declarer + step) % seats
        choice = rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5))
        if step == seats - 1 and sum(contracts) + choice == most:
            # step away from T without going below zero (the declarer may hold all T)
            choice += 1 if choice == 0 or choice < most - contracts[declarer] else -1
        contracts[seat] = choice
    return contracts


def random_play(
    rng: random.Random,
    hands: list[list[int]],
    declarer: int,
    trump: int,
    revoke_chance: float = 0.0,
) -> list[list[int]]:
    """A trick for each card of a hand (each trick in the order played from its leader);
    empties `hands`, one per seat.

    The play is legal unless `revoke_chance` > 0: then a player who can follow suit
    discards another suit with that probability (a revoke, for penalty tests and demos).
    """
    play: list[list[int]] = []
    leader = declarer
    seats = len(hands)
    for _ in range(len(hands[0])):
        trick: list[int] = []
        for j in range(seats):
            hand = hands[(leader + j) % seats]
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
    deck: Deck = FOUR_SEATS,
) -> dict[str, Any]:
    """A legal deal record under `preset`, at a table of four or with a three-player `deck`.

    Full records have hands, frisch (when the preset has it and all passed), auction,
    contracts and play; `with_summary` adds trump/declarer/winning_bid/tricks too;
    `summary_only` gives only dealer, trump, declarer, winning_bid, contracts and tricks.
    `revoke_chance` > 0 makes revokes possible (see `random_play`).
    """
    options = preset.options
    seats = deck.seats
    # Three players always pass to the left (RULES.md 1.5).
    directions = options.frisch_directions if seats == 4 else (1,)
    dealer = rng.randrange(seats) if dealer is None else dealer
    while True:  # each pass is one deal of the cards; an all-pass without frisch redeals
        cards = list(deck.cards)
        rng.shuffle(cards)
        size = deck.hand_size
        dealt = [sorted(cards[size * s : size * s + size]) for s in range(seats)]
        hands = [list(h) for h in dealt]
        frisch: list[list[list[int]]] = []
        while True:
            minimum = (
                options.minimum_bid_after(len(frisch))
                if options.frisch_rounds
                else options.minimum_bid
            )
            auction = random_auction(rng, minimum, deck=deck)
            if any(value >= 0 for value in auction) or len(frisch) >= options.frisch_rounds:
                break
            passed = [rng.sample(hand, 3) for hand in hands]
            step = directions[len(frisch) % len(directions)]
            for seat, passed_cards in enumerate(passed):
                for card in passed_cards:
                    hands[seat].remove(card)
                    hands[(seat + step) % seats].append(card)
            frisch.append(passed)
        if any(value >= 0 for value in auction):
            break
    winning = max(auction)
    declarer = (dealer + 1 + auction.index(winning)) % seats
    trump, level = winning % 5, winning // 5
    contracts = random_contracts(rng, declarer, level, deck)
    play = random_play(rng, hands, declarer, trump, revoke_chance)
    tricks = [0] * seats
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
    """`count` random legal deal records from `seed`, the dealer rotating each deal (among
    the seats of `deck=`, four by default)."""
    rng = random.Random(seed)
    seats = options.get("deck", FOUR_SEATS).seats
    return [random_deal(rng, preset, dealer=i % seats, **options) for i in range(count)]


def random_game(
    seed: int,
    preset: Preset = WHIST_ONLINE,
    deals: int = 24,
    players: Sequence[str] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A FORMATS.md 2 game record of random legal deals; with a three-player `deck=`, a
    game of three that names its deck."""
    deck: Deck = options.get("deck", FOUR_SEATS)
    names = players or ("Dana", "Eli", "Noa", "Omer")[: deck.seats]
    game: dict[str, Any] = {"players": list(names), "preset": preset.name}
    if deck.seats == 3:
        game["deck"] = deck.name
    game["deals"] = random_deals(seed, deals, preset, **options)
    return game
