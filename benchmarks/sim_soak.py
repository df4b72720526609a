"""Long validation runs: many games under every shipped preset, every deal checked.

Run from the repository root:

    python benchmarks/sim_soak.py                     # 1,000 heuristic + 300 random games a preset
    python benchmarks/sim_soak.py --games 200 --jobs 2

Exits 1 if any deal breaks a check; prints each violation with its seed, game and deal.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.files.presets import load_preset, preset_names  # noqa: E402
from scorepad.sim.run import RunConfig, simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="heuristic games a preset")
    parser.add_argument("--random-games", type=int, default=300, help="random games a preset")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    total_games = total_deals = total_violations = 0
    header = ("preset", "bots", "games", "deals", "unfinished", "violations", "s")
    print("{:10} {:10} {:>6} {:>8} {:>10} {:>10} {:>6}".format(*header))
    for name in preset_names():
        rules = load_preset(name).rules
        for bots, games in (("heuristic", args.games), ("random", args.random_games)):
            config = RunConfig(rules, name, games, seed=args.seed, bots=(bots,))
            started = time.perf_counter()
            summary = simulate(config, jobs=args.jobs)
            elapsed = time.perf_counter() - started
            unfinished = summary.ends.get("unfinished", 0)
            print(
                f"{name:10} {bots:10} {summary.games:>6} {summary.deals:>8} {unfinished:>10}"
                f" {summary.violation_count:>10} {elapsed:>6.1f}"
            )
            for violation in summary.violations:
                print(
                    f"  seed {violation.seed} game {violation.game} deal {violation.deal}:"
                    f" {violation.check}: {violation.message}\n{violation.replay}"
                )
            total_games += summary.games
            total_deals += summary.deals
            total_violations += summary.violation_count
    print(f"total: {total_games} games, {total_deals} deals, {total_violations} violations")
    sys.exit(1 if total_violations else 0)


if __name__ == "__main__":
    main()
