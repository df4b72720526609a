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

from scorepad.files.presets import load_preset, preset_names  # noqa: E402
from scorepad.sim.run import RunConfig, simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--preset", action="append")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    won = played = all_decided = 0
    header = ("preset", "games", "heuristic won", "decided", "won of decided")
    print("{:10} {:>6} {:>14} {:>8} {:>15}".format(*header))
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
        share = wins / decided if decided else 0.0
        print(f"{name:10} {games:>6} {wins / games:>14.1%} {decided:>8} {share:>15.1%}")
        won += wins
        played += games
        all_decided += decided
    print(
        f"all presets: heuristic won {won} of {played} games ({won / played:.1%});"
        f" {won / all_decided:.1%} of the {all_decided} decided (not cut off unfinished)"
    )


if __name__ == "__main__":
    main()
