"""Validation and scoring of one deal record (FORMATS.md 1) against a preset; never raises."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from typing_extensions import TypeIs

from scoring.calls import CALLS_UP_TO, PASS_VALUE
from scoring.cards import CARD_CODES, CARD_INDEX, CARD_SUIT, STRAIN_BY_NAME, Strain, parse_card
from scoring.decks import FOUR_SEATS, Deck
from scoring.errors import ErrorCode
from scoring.presets import Preset
from scoring.problems import Problem
from scoring.tricks import TRICK_KEYS

_SUIT_WORDS: Final = ("club", "diamond", "heart", "spade")
# holder[SUIT_CARDS[suit]]: who holds each card of that suit (cards are suit * 13 + rank).
_SUIT_CARDS: Final = tuple(slice(suit * 13, suit * 13 + 13) for suit in range(4))


@dataclass(frozen=True, slots=True)
class DealResult:
    """The verdict on one deal: valid or not, every error, and the scores when valid."""

    valid: bool
    errors: list[Problem]
    scores: tuple[int, ...] | None = None
    tricks: tuple[int, ...] | None = None
    contracts: tuple[int, ...] | None = None
    trump: Strain | None = None
    declarer: int | None = None
    winning_bid: int | None = None
    game: str | None = None
    down: int | None = None
    frisch_rounds: int = 0
    penalties: tuple[int, ...] | None = None
    warnings: list[Problem] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The FORMATS.md 3 per-deal object (plus `penalties`/`warnings` when there are any)."""
        out: dict[str, Any] = {"valid": self.valid}
        if self.scores is not None:
            out["scores"] = list(self.scores)
        out["tricks"] = None if self.tricks is None else list(self.tricks)
        out["trump"] = None if self.trump is None else self.trump.name
        out["declarer"] = self.declarer
        out["game"] = self.game
        out["down"] = self.down
        out["errors"] = [e.to_json() for e in self.errors]
        if self.penalties is not None:
            out["penalties"] = list(self.penalties)
        if self.warnings:
            out["warnings"] = [w.to_json() for w in self.warnings]
        return out


def validate_deal(record: object, preset: Preset, deck: Deck = FOUR_SEATS) -> DealResult:
    """Check `record` (a JSON-decoded deal record) against every rule and score it when valid.

    `deck` is the table's (`scoring.decks`): four seats and the 52 cards unless a
    three-player deck is given (RULES.md 1.5). Never raises: any object gets a DealResult,
    with every violation listed in `errors`.

    >>> from scoring import get_preset
    >>> deal = {"trump": "H", "declarer": 1, "winning_bid": 6,
    ...         "contracts": [3, 6, 0, 2], "tricks": [3, 4, 0, 6]}
    >>> validate_deal(deal, get_preset("whist-online")).scores
    (19, -30, 40, -20)
    >>> deal["contracts"][0] = 5
    >>> [(e.code.value, e.path) for e in validate_deal(deal, get_preset("whist-online")).errors]
    [('contracts_total_13', 'contracts[0]')]
    >>> from scoring.decks import get_deck
    >>> three = {"trump": "S", "declarer": 0, "winning_bid": 5,
    ...          "contracts": [5, 4, 0], "tricks": [5, 4, 3]}
    >>> result = validate_deal(three, get_preset("whist-online"), get_deck("no-low-cards"))
    >>> result.scores, result.down
    ((35, 26, -30), 3)
    """
    try:
        return _DealCheck(preset, deck).run(record)
    except Exception:  # a last guard: the checks below are written not to raise
        return DealResult(False, [_error(ErrorCode.MALFORMED, "", INTERNAL_GUARD_MESSAGE)])


INTERNAL_GUARD_MESSAGE: Final = "The deal record could not be read; check it against FORMATS.md 1."


def _error(code: ErrorCode, path: str, message: str) -> Problem:
    return Problem(code, path, message)


def _show(value: object) -> str:
    """A short description of a JSON value for messages."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is str:
        return repr(value) if len(value) <= 20 else repr(value[:20]) + "..."
    if type(value) is int:
        return str(value) if -(10**12) < value < 10**12 else "a huge number"
    if type(value) is float:
        return repr(value)
    if type(value) is list:
        return f"a list of {len(value)}"
    if type(value) is dict:
        return "an object"
    return f"a {type(value).__name__}"


# The seat to the left of each seat, by the number of seats.
_NEXT_SEAT: Final = {seats: (*range(1, seats), 0) for seats in (3, 4)}
# How many passes after a bid end the auction, by the number of seats (RULES.md 1.2, 1.5).
_PASSES_TO_END: Final = {3: "two", 4: "three"}
# What the summary fields (trump, declarer, winning_bid) say when they are missing.
WITHOUT_AUCTION: Final = "when there is no auction"


def _whole(value: object, low: int, high: int) -> TypeIs[int]:
    return type(value) is int and low <= value <= high


class _DealCheck:
    """One validation run: collects errors while walking the record field by field."""

    __slots__ = ("deck", "errors", "holder", "preset", "revokes")

    def __init__(self, preset: Preset, deck: Deck) -> None:
        self.preset = preset
        self.deck = deck
        self.errors: list[Problem] = []
        # holder[card] is the seat holding it (-1: not held, -2: passed in a frisch round).
        self.holder: list[int] | None = None
        self.revokes: list[tuple[str, int, int, int]] = []

    def fail(self, code: ErrorCode, path: str, message: str) -> None:
        self.errors.append(Problem(code, path, message))

    def card_code(self, code: object, path: str) -> int | None:
        """The card int of `code`, or None after reporting why it is not a card."""
        try:
            return CARD_INDEX[code]  # type: ignore[index]  # any object: a miss is reported
        except (KeyError, TypeError):
            if type(code) is str:
                self.fail(
                    ErrorCode.UNKNOWN_CARD,
                    path,
                    f"{_show(code)} is not a card: write the rank (A K Q J T 9 ... 2) "
                    "then the suit (S H D C), e.g. 'TD'.",
                )
            else:
                self.fail(
                    ErrorCode.MALFORMED,
                    path,
                    f"A card must be a code like 'AS', not {_show(code)}.",
                )
            return None

    def run(self, record: object) -> DealResult:
        if type(record) is not dict:
            self.fail(
                ErrorCode.MALFORMED,
                "",
                f"A deal record must be a JSON object, not {_show(record)}.",
            )
            return DealResult(False, self.errors)
        options = self.preset.options
        deck = self.deck
        tricks_a_deal = deck.tricks
        dealer = record.get("dealer", 0)
        if dealer is None:
            dealer = 0
        elif not _whole(dealer, 0, deck.seats - 1):
            self.fail(
                ErrorCode.MALFORMED,
                "dealer",
                f"dealer must be a seat 0..{deck.seats - 1}, not {_show(dealer)}.",
            )
            dealer = 0

        hands = record.get("hands")
        if hands is not None:
            self.read_hands(hands)
        frisch_rounds = self.read_frisch(record.get("frisch"))
        minimum = (
            options.minimum_bid_after(frisch_rounds)
            if options.frisch_rounds
            else options.minimum_bid
        )

        declarer, bid_value = self.read_trump_auction(record, dealer, minimum)
        trump = None if bid_value is None else Strain(bid_value % 5)
        level = None if bid_value is None else bid_value // 5

        contracts = self.read_seat_numbers(record.get("contracts"), "contracts", required="")
        down = game = None
        if contracts is not None:
            total = sum(contracts)
            game = "over" if total > tricks_a_deal else "under"
            down = tricks_a_deal - total if total < tricks_a_deal else 0
            if total == tricks_a_deal:
                last = (
                    "contracts"
                    if declarer is None
                    else f"contracts[{deck.next_seat(declarer, deck.seats - 1)}]"
                )
                self.fail(
                    ErrorCode.CONTRACTS_TOTAL_13,
                    last,
                    f"The {deck.seat_word} contracts total exactly {tricks_a_deal}; the last "
                    f"player to bid must make the total over or under {tricks_a_deal}.",
                )
            if declarer is not None and level is not None and contracts[declarer] < level:
                self.fail(
                    ErrorCode.CONTRACT_BELOW_BID,
                    f"contracts[{declarer}]",
                    f"The declarer (seat {declarer}) contracted {contracts[declarer]} tricks, "
                    f"fewer than his winning trump bid of {level}.",
                )

        tricks = self.read_tricks(record, declarer, trump)

        penalties: tuple[int, ...] | None = None
        warnings: list[Problem] = []
        if self.revokes:
            penalty = options.revoke_penalty
            seat_penalties = [0] * deck.seats
            for path, seat, card, led in self.revokes:
                revoke = Problem(
                    ErrorCode.REVOKE,
                    path,
                    f"Seat {seat} played {CARD_CODES[card]} on a {_SUIT_WORDS[led]} lead "
                    f"while still holding a {_SUIT_WORDS[led]} (revoke).",
                )
                if penalty is None:
                    self.errors.append(revoke)
                else:
                    warnings.append(revoke)
                    seat_penalties[seat] += penalty
            if penalty is not None:
                penalties = tuple(seat_penalties)

        valid = not self.errors
        scores = None
        if valid and contracts is not None and tricks is not None and down is not None:
            score = self.preset.deal_score
            scores = tuple(score(contracts[s], tricks[s], down) for s in range(deck.seats))
            if penalties is not None:
                scores = tuple(a + b for a, b in zip(scores, penalties, strict=True))
        return DealResult(
            valid=valid,
            errors=self.errors,
            scores=scores,
            tricks=tricks,
            contracts=contracts,
            trump=trump,
            declarer=declarer,
            winning_bid=level,
            game=game,
            down=down,
            frisch_rounds=frisch_rounds,
            penalties=penalties if valid else None,
            warnings=warnings,
        )

    def read_seat_numbers(self, value: object, name: str, required: str) -> tuple[int, ...] | None:
        """A whole number 0..T for each seat (`contracts`, `tricks`), or None after reporting."""
        seats, most = self.deck.seats, self.deck.tricks
        if value is None:
            self.fail(
                ErrorCode.MALFORMED,
                name,
                f"{name} is required{required}: {seats} whole numbers 0..{most}, by seat.",
            )
            return None
        if type(value) is not list or len(value) != seats:
            self.fail(
                ErrorCode.MALFORMED,
                name,
                f"{name} must be a list of {seats} whole numbers 0..{most}, not {_show(value)}.",
            )
            return None
        ok = True
        for seat, number in enumerate(value):
            if not _whole(number, 0, most):
                self.fail(
                    ErrorCode.MALFORMED,
                    f"{name}[{seat}]",
                    f"{name}[{seat}] must be a whole number 0..{most}, not {_show(number)}.",
                )
                ok = False
        return tuple(value) if ok else None

    def read_hands(self, hands: object) -> None:
        deck = self.deck
        size = deck.hand_size
        if type(hands) is not list or len(hands) != deck.seats:
            self.fail(
                ErrorCode.MALFORMED,
                "hands",
                f"hands must be a list of {deck.seats} hands of {size} cards, not {_show(hands)}.",
            )
            return
        holder = [-1] * 52
        fail = self.fail
        short = len(deck.cards) < 52  # a three-player deck without some cards
        for seat, hand in enumerate(hands):
            if type(hand) is not list:
                fail(
                    ErrorCode.MALFORMED,
                    f"hands[{seat}]",
                    f"hands[{seat}] must be a list of {size} cards.",
                )
                continue
            if len(hand) != size:
                fail(
                    ErrorCode.HAND_SIZE,
                    f"hands[{seat}]",
                    f"Seat {seat} was dealt {len(hand)} cards; every hand has exactly {size}.",
                )
            for j, code in enumerate(hand):
                try:
                    card = CARD_INDEX[code]
                except (KeyError, TypeError):
                    self.card_code(code, f"hands[{seat}][{j}]")
                    continue
                if holder[card] != -1:
                    fail(
                        ErrorCode.DUPLICATE_CARD,
                        f"hands[{seat}][{j}]",
                        f"{code} is dealt twice (it is already in hands[{holder[card]}]).",
                    )
                else:
                    holder[card] = seat
            if short:
                self.check_in_deck(seat, hand)
        self.holder = holder

    def check_in_deck(self, seat: int, hand: list[Any]) -> None:
        """Every card of `hand` (seat `seat`'s) is one of the deck's."""
        in_deck = self.deck.in_deck
        for j, code in enumerate(hand):
            card = parse_card(code)
            if card is not None and not in_deck[card]:
                self.not_in_deck(card, f"hands[{seat}][{j}]")

    def not_in_deck(self, card: int, path: str) -> None:
        self.fail(
            ErrorCode.CARD_NOT_IN_DECK,
            path,
            f"{CARD_CODES[card]} is not in the {self.deck.name} deck ({self.deck.description}).",
        )

    def read_frisch(self, frisch: object) -> int:
        """Check and apply the frisch passes; return how many rounds were played."""
        if frisch is None:
            return 0
        if type(frisch) is not list:
            self.fail(
                ErrorCode.MALFORMED,
                "frisch",
                f"frisch must be a list of rounds, not {_show(frisch)}.",
            )
            return 0
        self.check_frisch_rounds(len(frisch))
        # Three players always pass to the left: "left, across, right" has no "across" at three.
        directions = self.preset.options.frisch_directions if self.deck.seats == 4 else (1,)
        seats = self.deck.seats
        for r, passes in enumerate(frisch):
            passed = self.read_frisch_round(r, passes)
            if passed is None:
                continue
            step = directions[r % len(directions)]
            for seat, cards_passed in enumerate(passed):
                for card in cards_passed:
                    if self.holder is not None:
                        self.holder[card] = (seat + step) % seats
        return len(frisch)

    def check_frisch_rounds(self, rounds: int) -> None:
        """The preset allows a frisch, and this many rounds of it."""
        options = self.preset.options
        if rounds and not options.frisch_rounds:
            self.fail(
                ErrorCode.FRISCH_NOT_ALLOWED,
                "frisch",
                f"The {self.preset.name} preset has no frisch: "
                f"when all {self.deck.seat_word} pass, the cards are redealt.",
            )
        elif rounds > options.frisch_rounds:
            self.fail(
                ErrorCode.FRISCH_NOT_ALLOWED,
                f"frisch[{options.frisch_rounds}]",
                f"At most {options.frisch_rounds} frisch rounds are allowed; "
                "after that an all-pass means a redeal.",
            )

    def read_frisch_round(self, r: int, passes: object) -> list[list[int]] | None:
        """The cards each seat passed in frisch round `r`, taken out of its hand (in transit
        until every seat has passed); None when the round is not a list for each seat."""
        seats = self.deck.seats
        if type(passes) is not list or len(passes) != seats:
            self.fail(
                ErrorCode.MALFORMED,
                f"frisch[{r}]",
                f"frisch[{r}] must be {seats} lists of 3 cards, one per seat.",
            )
            return None
        passed: list[list[int]] = [[] for _seat in range(seats)]
        for seat, cards in enumerate(passes):
            path = f"frisch[{r}][{seat}]"
            if type(cards) is not list:
                self.fail(
                    ErrorCode.MALFORMED,
                    path,
                    f"{path} must be a list of the 3 cards seat {seat} passed.",
                )
                continue
            if len(cards) != 3:
                self.fail(
                    ErrorCode.MALFORMED,
                    path,
                    f"Seat {seat} passed {len(cards)} cards in a frisch; it must be 3.",
                )
            for k, code in enumerate(cards):
                card = self.frisch_card(r, seat, code, f"{path}[{k}]")
                if card is not None:
                    passed[seat].append(card)
        return passed

    def frisch_card(self, r: int, seat: int, code: object, path: str) -> int | None:
        """The card `seat` passed at `path`, taken from its hand; None if it cannot be."""
        card = self.card_code(code, path)
        holder = self.holder
        if card is None or holder is None:
            return None
        if holder[card] != seat and not self.deck.holds(card):
            self.not_in_deck(card, path)
            return None
        if holder[card] != seat:
            self.fail(
                ErrorCode.FRISCH_CARD_NOT_IN_HAND,
                path,
                f"Seat {seat} passed {CARD_CODES[card]} in frisch round {r + 1} "
                "without holding it.",
            )
            return None
        holder[card] = -2  # in transit until every seat has passed
        return card

    def read_trump_auction(
        self, record: dict[Any, Any], dealer: int, minimum: int
    ) -> tuple[int | None, int | None]:
        """The declarer and winning bid value (level * 5 + strain), from auction or summary."""
        auction = record.get("auction")
        has_auction = auction is not None
        declarer: int | None = None
        bid_value: int | None = None
        if has_auction:
            declarer, bid_value = self.read_auction(auction, dealer, minimum)
        trump_strain = self.read_trump(record.get("trump"), has_auction)
        given_declarer = self.read_declarer(record.get("declarer"), has_auction)
        winning_bid = self.read_winning_bid(record.get("winning_bid"), has_auction, minimum)
        if has_auction and bid_value is not None:
            self.check_agrees("trump", trump_strain, bid_value % 5, Strain(bid_value % 5).name)
            self.check_agrees("declarer", given_declarer, declarer, str(declarer))
            self.check_agrees("winning_bid", winning_bid, bid_value // 5, str(bid_value // 5))
            return declarer, bid_value
        if given_declarer is None or trump_strain is None or winning_bid is None:
            return None, None
        return given_declarer, winning_bid * 5 + trump_strain

    def read_trump(self, trump: object, has_auction: bool) -> int | None:
        """The summary's trump strain (required without an auction), or None."""
        if trump is None:
            if not has_auction:
                self.fail(
                    ErrorCode.MALFORMED,
                    "trump",
                    f"trump is required {WITHOUT_AUCTION}: one of S H D C NT.",
                )
            return None
        if type(trump) is not str or trump not in STRAIN_BY_NAME:
            self.fail(
                ErrorCode.MALFORMED,
                "trump",
                f"trump must be one of S H D C NT, not {_show(trump)}.",
            )
            return None
        strain = STRAIN_BY_NAME[trump]
        if not self.deck.holds_strain(strain):
            self.strain_not_in_deck("trump", trump)
        return int(strain)

    def strain_not_in_deck(self, path: str, shown: str) -> None:
        self.fail(
            ErrorCode.CARD_NOT_IN_DECK,
            path,
            f"{shown} cannot be bid with the {self.deck.name} deck: it has no clubs, so clubs "
            "cannot be trump.",
        )

    def read_declarer(self, declarer: object, has_auction: bool) -> int | None:
        """The summary's declarer (required without an auction), or None."""
        if declarer is None:
            if not has_auction:
                self.fail(
                    ErrorCode.MALFORMED,
                    "declarer",
                    f"declarer is required {WITHOUT_AUCTION}: a seat 0..{self.deck.seats - 1}.",
                )
            return None
        if not _whole(declarer, 0, self.deck.seats - 1):
            self.fail(
                ErrorCode.MALFORMED,
                "declarer",
                f"declarer must be a seat 0..{self.deck.seats - 1}, not {_show(declarer)}.",
            )
            return None
        return declarer

    def read_winning_bid(self, winning_bid: object, has_auction: bool, minimum: int) -> int | None:
        """The summary's winning bid (required without an auction), or None."""
        most = self.deck.tricks
        if winning_bid is None:
            if not has_auction:
                self.fail(
                    ErrorCode.MALFORMED,
                    "winning_bid",
                    f"winning_bid is required {WITHOUT_AUCTION}: a number 5..{most}.",
                )
            return None
        if not _whole(winning_bid, 1, most):
            self.fail(
                ErrorCode.MALFORMED,
                "winning_bid",
                f"winning_bid must be a whole number 5..{most}, not {_show(winning_bid)}.",
            )
            return None
        if not has_auction and winning_bid < minimum:
            self.fail(
                ErrorCode.BID_BELOW_MINIMUM,
                "winning_bid",
                f"The winning bid {winning_bid} is under the minimum bid of {minimum}.",
            )
        return winning_bid

    def check_agrees(self, name: str, given: int | None, expected: int | None, shown: str) -> None:
        if given is not None and given != expected:
            self.fail(
                ErrorCode.AUCTION_MISMATCH,
                name,
                f"{name} disagrees with the auction, which gives {shown}.",
            )

    def read_auction(
        self, auction: object, dealer: int, minimum: int
    ) -> tuple[int | None, int | None]:
        if type(auction) is not list:
            self.fail(
                ErrorCode.MALFORMED,
                "auction",
                f"auction must be a list of calls, not {_show(auction)}.",
            )
            return None, None
        seats = self.deck.seats
        calls = CALLS_UP_TO[self.deck.tricks]
        highest: int | None = None
        declarer: int | None = None
        passes = 0
        ended_at: int | None = None
        for i, call in enumerate(auction):
            if ended_at is not None:
                self.fail(
                    ErrorCode.AUCTION_AFTER_END,
                    f"auction[{i}]",
                    f"The auction ended with call {ended_at + 1}; "
                    f"{len(auction) - i} more call(s) follow it.",
                )
                break
            try:
                value = calls[call]
            except (KeyError, TypeError):
                self.fail(
                    ErrorCode.MALFORMED,
                    f"auction[{i}]",
                    f'A call is "pass" or a bid like "5H" or "7NT", not {_show(call)}.',
                )
                continue
            if value == PASS_VALUE:
                passes += 1
                if passes == (seats - 1 if highest is not None else seats):
                    ended_at = i
                continue
            self.check_bid(f"auction[{i}]", call, value, highest, minimum)
            highest = value
            declarer = (dealer + 1 + i) % seats
            passes = 0
        if highest is None:
            self.fail(
                ErrorCode.AUCTION_INCOMPLETE,
                "auction",
                "Nobody bid: an auction without a bid has no trump "
                f"(all {self.deck.seat_word} passing means a redeal or a frisch).",
            )
        elif ended_at is None:
            self.fail(
                ErrorCode.AUCTION_INCOMPLETE,
                "auction",
                f"The auction must end with {_PASSES_TO_END[seats]} passes after the last bid; "
                f"it ends with {passes}.",
            )
        return declarer, highest

    def check_bid(
        self, path: str, call: object, value: int, highest: int | None, minimum: int
    ) -> None:
        """A bid of the auction is in a strain of the deck, at least the minimum and higher
        than the current highest."""
        if not self.deck.holds_strain(value % 5):
            self.strain_not_in_deck(path, f"The bid {call}")
        elif value // 5 < minimum:
            self.fail(
                ErrorCode.BID_BELOW_MINIMUM,
                path,
                f"The bid {call} is under the minimum bid of {minimum}.",
            )
        elif highest is not None and value <= highest:
            self.fail(
                ErrorCode.BID_NOT_HIGHER,
                path,
                f"The bid {call} is not higher than the current highest bid; "
                "bid more tricks or a higher strain.",
            )

    def read_tricks(
        self, record: dict[Any, Any], declarer: int | None, trump: Strain | None
    ) -> tuple[int, ...] | None:
        """Tricks taken by seat, from `play` and/or `tricks`, checked against each other."""
        play = record.get("play")
        played: list[int] | None = None
        if play is not None:
            if record.get("hands") is None:
                self.fail(
                    ErrorCode.MALFORMED,
                    "play",
                    f"play needs hands: give the {self.deck.seats} hands as dealt.",
                )
            else:
                played = self.read_play(play, declarer, trump)
        given = record.get("tricks")
        if given is None and play is not None:
            return None if played is None else tuple(played)
        tricks = self.read_seat_numbers(given, "tricks", required=" when there is no play")
        if tricks is None:
            return None
        if sum(tricks) != self.deck.tricks:
            self.fail(
                ErrorCode.TRICKS_TOTAL,
                "tricks",
                f"The tricks taken total {sum(tricks)}; there are {self.deck.tricks} tricks.",
            )
        elif played is not None and tuple(played) != tricks:
            self.fail(
                ErrorCode.TRICKS_MISMATCH,
                "tricks",
                f"tricks says {list(tricks)} but the play gives {played}.",
            )
        return tricks

    def read_play(
        self, play: object, declarer: int | None, trump: Strain | None
    ) -> list[int] | None:
        """Check the card play; return tricks won by seat when the play is complete and sound."""
        seats, tricks = self.deck.seats, self.deck.tricks
        if type(play) is not list:
            self.fail(
                ErrorCode.MALFORMED,
                "play",
                f"play must be a list of {tricks} tricks, not {_show(play)}.",
            )
            return None
        sound = len(play) == tricks
        if not sound:
            self.fail(
                ErrorCode.TRICK_SHAPE,
                "play",
                f"play must have {tricks} tricks of {seats} cards; it has {len(play)} tricks.",
            )
        holder = self.holder
        # Seats and winners are only known while every earlier trick was whole.
        following = holder is not None and declarer is not None and trump is not None
        won = [0] * seats
        next_seat = _NEXT_SEAT[seats]
        leader = declarer if declarer is not None else 0
        keys_by_led = (
            TRICK_KEYS[int(trump) * 4 : int(trump) * 4 + 4] if trump is not None else TRICK_KEYS[:4]
        )
        for i, trick in enumerate(play):
            if type(trick) is not list:
                self.fail(
                    ErrorCode.MALFORMED,
                    f"play[{i}]",
                    f"play[{i}] must be a list of the {seats} cards of trick {i + 1}.",
                )
                sound = following = False
                continue
            if len(trick) != seats:
                self.fail(
                    ErrorCode.TRICK_SHAPE,
                    f"play[{i}]",
                    f"Trick {i + 1} has {len(trick)} cards; every trick has {seats}.",
                )
                sound = following = False
            if not following or holder is None:
                for j, code in enumerate(trick):
                    self.card_code(code, f"play[{i}][{j}]")
                continue
            seat = leader
            best = -1
            led = 0
            keys = keys_by_led[0]
            led_cards = _SUIT_CARDS[0]
            for j, code in enumerate(trick):
                try:
                    card = CARD_INDEX[code]
                except (KeyError, TypeError):
                    self.card_code(code, f"play[{i}][{j}]")
                    for k in range(j + 1, len(trick)):
                        self.card_code(trick[k], f"play[{i}][{k}]")
                    sound = following = False
                    break
                suit = CARD_SUIT[card]
                if j == 0:
                    led = suit
                    keys = keys_by_led[suit]
                    led_cards = _SUIT_CARDS[suit]
                if holder[card] == seat:
                    holder[card] = -1
                    if suit != led and seat in holder[led_cards]:
                        self.revokes.append((f"play[{i}][{j}]", seat, card, led))
                else:
                    self.not_held(f"play[{i}][{j}]", seat, card, holder[card])
                    sound = False
                key = keys[card]
                if key > best:
                    best = key
                    leader = seat
                seat = next_seat[seat]
            else:
                won[leader] += 1
        return won if sound else None

    def not_held(self, path: str, seat: int, card: int, holder: int) -> None:
        """Report a card `seat` played without holding it (one the deck lacks, at three)."""
        if not self.deck.holds(card):
            self.not_in_deck(card, path)
            return
        code = CARD_CODES[card]
        if holder == -1:
            message = f"Seat {seat} played {code}, which was already played (or never dealt)."
        else:
            message = f"Seat {seat} played {code}, which seat {holder} holds."
        self.fail(ErrorCode.CARD_NOT_IN_HAND, path, message)
