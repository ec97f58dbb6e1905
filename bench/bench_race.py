"""Benchmark: what is still possible (RULES.md 3.1, `league.race.season_race`) for a
200-player scheduled-rounds season, as the publish computes it (issue 32's target: 0.2 s).

A season of the shipped league rules (34 rounds, drops 10-20-25-30, 17 games, the podium
windows), its players each registering for a round with a chance of 3 in 4, seated at
tables of 4 with scores within the preset's bounds; timed after round 10, 26, 32 and 33
(the most open races), from the tallies the snapshot's standings already hold: the race,
and with it what the publish adds once a race is decided, the race before the round (for
the results text's line on who clinched or fell out of reach).

    .venv/bin/python bench/bench_race.py [--players 200] [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.support import SECRET_KEY

ROUNDS_PLAYED = (10, 26, 32, 33)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    # pure: no database (the rules' sentences need Django's settings, nothing more)
    os.environ.setdefault("SECRET_KEY", SECRET_KEY)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()

    from league.race import RemainingRound, Start, score_bounds, season_race
    from league.rules import LeagueRules
    from league.standings import game_entries, tally_players

    rules = LeagueRules.from_preset("whist-online-league")
    low, high = score_bounds(rules)[4]
    rng = random.Random(32)
    players = [f"P{i}" for i in range(args.players)]
    rounds = rules.rounds_in_season or 0
    by_round = []
    for number in range(1, rounds + 1):
        playing = [p for p in players if rng.random() < 0.75]
        rng.shuffle(playing)
        entries = []
        for t in range(len(playing) // 4):
            seats = [(p, rng.randint(low // 20, high // 20)) for p in playing[4 * t : 4 * t + 4]]
            entries += game_entries(rules, (number, t), seats, round_number=number)
        by_round.append(entries)
    worst = 0.0
    for played in ROUNDS_PLAYED:
        entries = [e for games in by_round[:played] for e in games]
        tallies = tally_players(rules, entries)
        remaining = [RemainingRound(n, None) for n in range(played + 1, rounds + 1)]
        spent, publish = [], []
        for _ in range(args.repeat):
            began = time.perf_counter()
            outlooks = season_race(rules, tallies, remaining)
            spent.append(time.perf_counter() - began)
            # the publish also compares with the race before the round, once any is decided
            # (standings.race.round_race_changes: each player's start before it, then the race)
            if any(o.race != "open" for o in outlooks.values()):
                before = [Start.of(t).before(rules, played, None) for t in tallies]
                season_race(rules, before, [RemainingRound(played, None), *remaining])
            publish.append(time.perf_counter() - began)
        races = Counter(o.race for o in outlooks.values())
        median = statistics.median(publish)
        worst = max(worst, median)
        print(
            f"after round {played:2}, {len(tallies)} players: race median "
            f"{statistics.median(spent) * 1000:6.1f} ms (best {min(spent) * 1000:6.1f}), "
            f"with the changes {median * 1000:6.1f} ms   "
            + ", ".join(f"{races[r]} {r}" for r in ("clinched", "open", "out"))
        )
    verdict = "met" if worst <= 0.2 else "NOT met"
    print(f"slowest median, with the changes, {worst * 1000:.1f} ms: the 0.2 s target is {verdict}")


if __name__ == "__main__":
    main()
