"""Taps per deal on the phone sheet over many deals, random and played by the model.

`tests/browser/test_deal_sheet.py` enters 28 deals in Chromium and counts its taps; it
checks that the count is what `deal_taps` below says, so this script can give the same
figure over thousands of deals without a browser. A deal takes one tap for the winning bid
with its trump, three for the tricks (the fourth player took the rest of the 13), one per
player who missed his contract (the others start as made), and one for the declarer only
when two or more players contracted at least the bid.

    python bench/sheet_taps.py --deals 2000
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.generate import random_deals
from scoring.players import model_deals


def missed(deal: Mapping[str, Any]) -> int:
    """How many players took other than they contracted."""
    return sum(c != t for c, t in zip(deal["contracts"], deal["tricks"], strict=True))


def deal_taps(deal: Mapping[str, Any]) -> int:
    """Taps the phone sheet takes for `deal` (a summary record)."""
    ambiguous = sum(c >= deal["winning_bid"] for c in deal["contracts"]) != 1
    return 1 + 3 + missed(deal) + ambiguous


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-sheet", type=int, default=28, help="deals a sheet holds")
    args = parser.parse_args()
    for name, make in (("random", random_deals), ("played by the model", model_deals)):
        deals = make(args.seed, args.deals, summary_only=True)
        taps = sum(deal_taps(d) for d in deals)
        sheets = args.deals / args.per_sheet  # one "Save the sheet" tap per sheet
        misses = Counter(missed(d) for d in deals)
        print(
            f"{name}: {(taps + sheets) / args.deals:.2f} taps a deal over {args.deals} deals "
            f"(save included, {args.per_sheet} deals a sheet); players missing per deal "
            + ", ".join(f"{k}: {misses[k]}" for k in sorted(misses))
            + f"; average {sum(k * v for k, v in misses.items()) / args.deals:.2f}"
        )


if __name__ == "__main__":
    main()
