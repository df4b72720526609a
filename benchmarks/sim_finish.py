"""How many games the heuristic bots finish by the rules under each shipped preset.

A game that runs into the deal cap is cut off unfinished; the bots should finish at
least 95% of games under every preset. Run from the repository root:

    python benchmarks/sim_finish.py                  # 200 games a preset, 1 process
    python benchmarks/sim_finish.py --games 50 --preset suicide --jobs 2
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.files.presets import load_preset, preset_names  # noqa: E402
from scorepad.sim.run import RunConfig, simulate  # noqa: E402

GOAL = 0.95


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--preset", action="append")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    header = ("preset", "games", "finished", "deals/game", "bag pen./game", "violations")
    print("{:10} {:>6} {:>9} {:>11} {:>14} {:>11}".format(*header), flush=True)
    short = []
    for name in args.preset or preset_names():
        rules = load_preset(name).rules
        config = RunConfig(rules, name, args.games, seed=args.seed)
        summary = simulate(config, jobs=args.jobs)
        stats = summary.stats()
        finished = 1 - stats["ends"]["unfinished"] / summary.games
        print(
            f"{name:10} {summary.games:>6} {finished:>9.1%} {stats['deals_per_game']:>11.1f}"
            f" {stats['bag_penalties_per_game']:>14.2f} {summary.violation_count:>11}",
            flush=True,
        )
        if finished < GOAL:
            short.append(name)
    print("all presets finish at least 95%" if not short else f"below 95%: {', '.join(short)}")
    sys.exit(1 if short else 0)


if __name__ == "__main__":
    main()
