"""The heuristic bot against the random bot: games won, with the sides swapped halfway.

Run from the repository root:

    python benchmarks/sim_winrate.py                 # 500 games a preset and seating
    python benchmarks/sim_winrate.py --games 100 --preset standard --preset solo-3
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.rules import load_preset, preset_names  # noqa: E402
from scorepad.sim.run import RunConfig, simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--preset", action="append")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    won = played = 0
    print(f"{'preset':10} {'games':>6} {'heuristic won':>14} {'decided':>8}")
    for name in args.preset or preset_names():
        rules = load_preset(name).rules
        wins = games = decided = 0
        # Heuristic on the even sides, then on the odd ones (solo: half the seats each).
        for bots in (("heuristic", "random"), ("random", "heuristic")):
            config = RunConfig(rules, name, args.games, seed=args.seed, bots=bots)
            stats = simulate(config, jobs=args.jobs).stats()
            wins += stats["bots"]["heuristic"]["wins"]
            games += stats["bots"]["heuristic"]["games"]
            decided += stats["first_dealer"]["decided_games"]
        print(f"{name:10} {games:>6} {wins / games:>14.1%} {decided:>8}")
        won += wins
        played += games
    print(f"all presets: heuristic won {won} of {played} games ({won / played:.1%})")


if __name__ == "__main__":
    main()
