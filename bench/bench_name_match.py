"""Matching a round's typed names against a big club's players (league/name_match.py).

34 typed names (a round of 32 plus two newcomers; some exact, some a letter off, some in
another case or with niqqud) against 5,000 known players, Latin and Hebrew: best and median
of `--repeat` runs. `--previous FILE` times another version of league/name_match.py side by
side, on the same names, and checks that both give the same matches:

    git show 5c428b6:league/name_match.py > /tmp/name_match_before.py
    .venv/bin/python bench/bench_name_match.py --previous /tmp/name_match_before.py
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from league import name_match  # noqa: E402

LATIN = "abcdefghiklmnoprstuvyz"
HEBREW = "אבגדהוזחטיכלמנסעפצקרשת"
Matcher = Callable[[Sequence[str], Sequence[tuple[int, str]]], list[name_match.NameMatch]]


def known_players(count: int, rng: random.Random) -> list[tuple[int, str]]:
    """`count` players, a third with Hebrew names: a first name and a family name."""

    def word(letters: str) -> str:
        return "".join(rng.choice(letters) for _ in range(rng.randint(3, 8)))

    names = []
    for pk in range(1, count + 1):
        letters = HEBREW if pk % 3 == 0 else LATIN
        names.append((pk, f"{word(letters).title()} {word(letters).title()}"))
    return names


def typed_names(known: list[tuple[int, str]], rng: random.Random) -> list[str]:
    """A round's 34 names: exact, upper-cased, one letter off, and two newcomers."""
    typed = []
    for i, (_pk, name) in enumerate(rng.sample(known, 32)):
        if i % 4 == 1:
            name = name.upper()
        elif i % 4 == 2:
            at = rng.randrange(len(name))
            name = name[:at] + "x" + name[at + 1 :]
        typed.append(name)
    return [*typed, "Newcomer Onefive", "שחקן חדש"]


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("name_match_previous", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def timed(match: Matcher, names: list[str], known: list[tuple[int, str]]) -> float:
    start = time.perf_counter()
    match(names, known)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--previous", type=Path, help="another league/name_match.py to time")
    args = parser.parse_args()
    rng = random.Random(2027)
    known = known_players(args.players, rng)
    names = typed_names(known, rng)
    matchers: dict[str, Matcher] = {"now": name_match.match_names}
    if args.previous:
        matchers["previous"] = load(args.previous).match_names
        now = [(m.exact, m.candidates) for m in name_match.match_names(names, known)]
        before = [(m.exact, m.candidates) for m in matchers["previous"](names, known)]
        print("same matches:", now == before)
    times: dict[str, list[float]] = {label: [] for label in matchers}
    for _ in range(args.repeat):
        for label, match in matchers.items():
            times[label].append(timed(match, names, known))
    print(f"{len(names)} names against {len(known)} players, {args.repeat} runs")
    for label, runs in times.items():
        best, median = min(runs) * 1000, statistics.median(runs) * 1000
        print(f"  {label:>8}: best {best:8.1f} ms, median {median:8.1f} ms")


if __name__ == "__main__":
    main()
