"""Taps per deal on the phone sheet over many deals, random and played by the model.

`tests/browser/test_deal_sheet.py` enters 28 deals in Chromium and counts its taps; it
checks that the count is what `deal_taps` below says, so this script can give the same
figure over thousands of deals without a browser. A deal takes one tap for the winning bid
with its trump, three for the tricks (the fourth player took the rest of the 13), one per
player who missed his contract (the others start as made), and one for the declarer only
when two or more players contracted at least the bid.

At a table of three (RULES.md 1.5) the same count holds with two taps for the tricks (the
third player took the rest of the deck's T): `--deck` gives the figure for each deck beside
the four-player one, on the same kind of deals (random, or played by the model).

    python bench/sheet_taps.py --deals 2000
    python bench/sheet_taps.py --deals 2000 --deck all
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.decks import FOUR_SEATS, THREE_PLAYER_DECK_NAMES, Deck, get_deck
from scoring.generate import random_deals
from scoring.players import model_deals


def missed(deal: Mapping[str, Any]) -> int:
    """How many players took other than they contracted."""
    return sum(c != t for c, t in zip(deal["contracts"], deal["tricks"], strict=True))


def deal_taps(deal: Mapping[str, Any]) -> int:
    """Taps the phone sheet takes for `deal` (a summary record of four or three seats):
    the bid, every player's tricks but the last's, the missed contracts, the declarer when
    the contracts do not tell."""
    ambiguous = sum(c >= deal["winning_bid"] for c in deal["contracts"]) != 1
    return int(1 + len(deal["tricks"]) - 1 + missed(deal) + ambiguous)


def report(name: str, deals: list[dict[str, Any]], per_sheet: int) -> str:
    """One line: taps a deal over `deals` (a "Save the sheet" tap per sheet included)."""
    count = len(deals)
    taps = sum(deal_taps(d) for d in deals)
    sheets = count / per_sheet  # one "Save the sheet" tap per sheet
    misses = Counter(missed(d) for d in deals)
    return (
        f"{name}: {(taps + sheets) / count:.2f} taps a deal over {count} deals "
        f"(save included, {per_sheet} deals a sheet); players missing per deal "
        + ", ".join(f"{k}: {misses[k]}" for k in sorted(misses))
        + f"; average {sum(k * v for k, v in misses.items()) / count:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-sheet", type=int, default=28, help="deals a sheet holds")
    parser.add_argument(
        "--deck",
        choices=(*THREE_PLAYER_DECK_NAMES, "all"),
        help="also a table of three with this deck (all: every deck)",
    )
    args = parser.parse_args()
    decks: list[Deck] = [FOUR_SEATS]
    if args.deck:
        names = THREE_PLAYER_DECK_NAMES if args.deck == "all" else (args.deck,)
        decks += [get_deck(name) for name in names]
    for deck in decks:
        table = "four players" if deck.seats == 4 else f"three players, {deck.name}"
        for name, make in (("random", random_deals), ("played by the model", model_deals)):
            options: dict[str, Any] = {"summary_only": True}
            if deck.seats == 3:
                options["deck"] = deck
            deals = make(args.seed, args.deals, **options)
            label = name if deck.seats == 4 and not args.deck else f"{table}, {name}"
            print(report(label, deals, args.per_sheet))


if __name__ == "__main__":
    main()
