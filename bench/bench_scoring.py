"""Benchmark: validate and score 20,000 full deal records, compared with json.loads of the file."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring import get_preset, score_game
from scoring.generate import random_deals


def best_of(repeat: int, action: Callable[[], object]) -> float:
    """The fastest of `repeat` timed runs of `action()` (least disturbed by other load)."""
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return min(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20_240_630)
    parser.add_argument("--preset", default="whist-online")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    preset = get_preset(args.preset)

    deals = random_deals(args.seed, args.deals, preset)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deals.json"
        path.write_text(json.dumps(deals))
        text = path.read_text()
    size_mb = len(text) / 1e6

    parse_s = best_of(args.repeat, lambda: json.loads(text))
    loaded = json.loads(text)
    score_s = best_of(args.repeat, lambda: score_game(loaded, preset))
    result = score_game(loaded, preset)
    assert result.valid, "the generator must produce legal deals"

    print(f"deals:            {args.deals} full records (hands, auction, play), {size_mb:.1f} MB")
    print(f"preset:           {preset.name}, seed {args.seed}, best of {args.repeat}")
    print(f"json.loads:       {parse_s:.3f} s  ({args.deals / parse_s:,.0f} deals/s)")
    print(f"validate+score:   {score_s:.3f} s  ({args.deals / score_s:,.0f} deals/s)")
    print(f"ratio to parsing: {score_s / parse_s:.2f}  (target <= 5)")


if __name__ == "__main__":
    main()
