"""Deals played by a simple model of players, for tests and demos that need a table's
misses rather than random ones.

`scoring.generate` draws contracts and card play at random, so most players miss (three
or four a deal). Here each player contracts what his hand is worth and plays to make it:
the strongest hand declares its best strain, the others contract their own estimate of
that strain (the last to speak steps off 13, or off T at three), and in the play a player
who still needs tricks plays to win them and one who has his contract plays to lose. The
model is crude (no partnership, no memory of cards played), so its misses are a floor for
careless players, not a measurement of any club.
"""

from __future__ import annotations

import random
from typing import Any

from scoring.calls import Call
from scoring.cards import CARD_CODES, CARD_SUIT
from scoring.decks import FOUR_SEATS, Deck
from scoring.generate import _codes
from scoring.presets import WHIST_ONLINE, Preset
from scoring.tricks import TRICK_KEYS, trick_winner

NO_TRUMP = 4


def hand_worth(hand: list[int], trump: int) -> float:
    """Tricks `hand` may take with `trump` (0-3 a suit, 4 no trump): high cards, long
    trumps, and short side suits to ruff when trumps are there to ruff with."""
    worth = 0.0
    lengths = [sum(1 for card in hand if CARD_SUIT[card] == suit) for suit in range(4)]
    trumps = lengths[trump] if trump < NO_TRUMP else 0
    for suit in range(4):
        ranks = {card % 13 for card in hand if CARD_SUIT[card] == suit}
        length = lengths[suit]
        worth += (12 in ranks) + 0.75 * (11 in ranks and length >= 2)
        worth += 0.4 * (10 in ranks and length >= 3)
        if suit == trump:
            worth += 0.9 * max(0, length - 3)
        elif trump == NO_TRUMP:
            worth += 0.5 * max(0, length - 4)
        elif trumps >= 3:
            worth += (0.9, 0.5, 0.2)[length] if length < 3 else 0.0
    return worth


def declare(hands: list[list[int]], minimum: int, deck: Deck = FOUR_SEATS) -> tuple[int, int, int]:
    """(declarer, strain, level): the hand worth most in its best strain of the deck
    declares it, at least the minimum bid."""
    worth, declarer, strain = max(
        (hand_worth(hand, strain), seat, strain)
        for seat, hand in enumerate(hands)
        for strain in deck.strains
    )
    return declarer, int(strain), max(minimum, min(deck.tricks, round(worth)))


def model_contracts(
    hands: list[list[int]], declarer: int, trump: int, level: int, deck: Deck = FOUR_SEATS
) -> list[int]:
    """Each player's estimate of his hand under `trump`, the declarer at least `level`; the
    last to speak steps off a total of T (the deal's tricks) towards his own estimate."""
    most, seats = deck.tricks, deck.seats
    contracts = [0] * seats
    contracts[declarer] = max(level, min(most, round(hand_worth(hands[declarer], trump))))
    for step in range(1, seats):
        seat = (declarer + step) % seats
        estimate = hand_worth(hands[seat], trump)
        contract = min(most, round(estimate))
        if step == seats - 1 and sum(contracts) + contract == most:
            contract += 1 if (estimate > contract or contract == 0) else -1
        contracts[seat] = contract
    return contracts


def _choose(hand: list[int], trick: list[int], trump: int, wants: bool) -> int:
    """The card a player plays: to win the trick when he still `wants` tricks, else to
    lose it (the lowest card that wins, or the highest that does not)."""
    if not trick:
        by_rank = sorted(hand, key=lambda card: card % 13)
        return by_rank[-1] if wants else by_rank[0]
    led = CARD_SUIT[trick[0]]
    legal = [card for card in hand if CARD_SUIT[card] == led] or hand
    keys = TRICK_KEYS[trump * 4 + led]
    best = max(keys[card] for card in trick)
    winning = sorted((card for card in legal if keys[card] > best), key=lambda c: keys[c])
    losing = sorted((card for card in legal if keys[card] <= best), key=lambda c: c % 13)
    if wants:
        return winning[0] if winning else losing[0]
    return losing[-1] if losing else winning[-1]


def model_play(
    hands: list[list[int]], declarer: int, trump: int, contracts: list[int]
) -> tuple[list[list[int]], list[int]]:
    """A legal trick for each card of a hand (each from its leader) and the tricks each
    seat took; empties `hands`, one per seat."""
    play: list[list[int]] = []
    seats = len(hands)
    taken = [0] * seats
    leader = declarer
    for _ in range(len(hands[0])):
        trick: list[int] = []
        for step in range(seats):
            seat = (leader + step) % seats
            card = _choose(hands[seat], trick, trump, taken[seat] < contracts[seat])
            hands[seat].remove(card)
            trick.append(card)
        play.append(trick)
        leader = trick_winner(trick, leader, trump)
        taken[leader] += 1
    return play, taken


def model_deal(
    rng: random.Random,
    preset: Preset = WHIST_ONLINE,
    *,
    dealer: int,
    summary_only: bool = False,
    deck: Deck = FOUR_SEATS,
) -> dict[str, Any]:
    """A legal deal record under `preset` played by the model (at three with a three-player
    `deck`): the declarer's bid is the only bid of the auction."""
    cards = list(deck.cards)
    rng.shuffle(cards)
    size = deck.hand_size
    dealt = [sorted(cards[size * seat : size * seat + size]) for seat in range(deck.seats)]
    hands = [list(hand) for hand in dealt]
    declarer, trump, level = declare(hands, preset.options.minimum_bid, deck)
    contracts = model_contracts(hands, declarer, trump, level, deck)
    play, tricks = model_play(hands, declarer, trump, contracts)
    bid = Call.from_value(level * 5 + trump)
    if summary_only:
        return {
            "dealer": dealer,
            "trump": str(bid.strain),
            "declarer": declarer,
            "winning_bid": level,
            "contracts": contracts,
            "tricks": tricks,
        }
    before = (declarer - dealer - 1) % deck.seats
    return {
        "dealer": dealer,
        "hands": [_codes(hand) for hand in dealt],
        "auction": ["pass"] * before + [str(bid)] + ["pass"] * (deck.seats - 1),
        "contracts": contracts,
        "play": [[CARD_CODES[card] for card in trick] for trick in play],
    }


def model_deals(
    seed: int, count: int, preset: Preset = WHIST_ONLINE, **options: Any
) -> list[dict[str, Any]]:
    """`count` deals played by the model from `seed`, the dealer rotating each deal (among
    the seats of `deck=`, four by default)."""
    rng = random.Random(seed)
    seats = options.get("deck", FOUR_SEATS).seats
    return [model_deal(rng, preset, dealer=i % seats, **options) for i in range(count)]
