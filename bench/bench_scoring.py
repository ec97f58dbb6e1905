"""Benchmark: validate and score 20,000 full deal records, compared with json.loads of the file."""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring import get_preset, score_game
from scoring.cli import main as cli_main
from scoring.collector import collector_paused
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
        end_to_end = interleaved(args.repeat, path)
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
    (load_wall, load_cpu), (command_wall, command_cpu), (_, paused_cpu) = end_to_end
    print(
        "score_deals end to end (read the file strictly, check, score, print the verdict) "
        f"vs json.load of the file, interleaved, best of {args.repeat}:"
    )
    print(f"  json.load:      {min(load_wall):.3f} s wall, {min(load_cpu):.3f} s CPU")
    print(f"  score_deals:    {min(command_wall):.3f} s wall, {min(command_cpu):.3f} s CPU")
    print(
        f"  ratio:          {min(command_wall) / min(load_wall):.2f} wall, "
        f"{min(command_cpu) / min(load_cpu):.2f} CPU (median "
        f"{statistics.median(command_cpu) / statistics.median(load_cpu):.2f})  (target <= 2)"
    )
    # The command pauses the cycle collector; json.load does not, and spends much of its
    # time in it. This line compares the two on the same footing.
    print(
        f"  json.load with the cycle collector paused: {min(paused_cpu):.3f} s CPU; "
        f"score_deals is {min(command_cpu) / min(paused_cpu):.2f}x that"
    )


def interleaved(repeat: int, path: Path) -> tuple[tuple[list[float], list[float]], ...]:
    """`json.load` of the file, the whole score_deals command on it and `json.load` with the
    cycle collector paused, one after the other `repeat` times: (wall times, CPU times) of
    each. CPU time is what a busy machine blurs least."""

    def load() -> None:
        with path.open(encoding="utf-8") as handle:
            json.load(handle)

    def load_paused() -> None:
        with collector_paused():
            load()

    def command() -> None:
        code = cli_main([str(path)], io.StringIO(), io.StringIO(), io.StringIO())
        assert code == 0, "the generated deals must be valid"

    figures: tuple[tuple[list[float], list[float]], ...] = (([], []), ([], []), ([], []))
    for _ in range(repeat):
        for action, (wall, cpu) in zip((load, command, load_paused), figures, strict=True):
            began, began_cpu = time.perf_counter(), time.process_time()
            action()
            wall.append(time.perf_counter() - began)
            cpu.append(time.process_time() - began_cpu)
    return figures


if __name__ == "__main__":
    main()
