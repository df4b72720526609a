"""How `--jobs 2` scales against `--jobs 1` as runs grow, on each path.

Run from the repository root:

    python benchmarks/sim_jobs_scaling.py                 # 2,000 to 20,000 games, 3 rounds
    python benchmarks/sim_jobs_scaling.py --games 2000 5000 --rounds 5 --paths kernel
    python benchmarks/sim_jobs_scaling.py --bots heuristic --paths kernel

Each round runs the same games with `--jobs 1`, then `--jobs 2`, both from cold (as
`sim_speed.py` measures them: each in a fresh process, timing only its games), and
prints the wall time of `--jobs 1` and the median of the rounds' ratios. Every process
warms its own memo tables once, so the ratio grows with the games a run plays; on a
busy machine it reads low (`sim_speed.py` says how to judge it by CPU time).
"""

from __future__ import annotations

import argparse
import statistics

from sim_speed import jobs_run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[2000, 5000, 10000, 20000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--paths", nargs="+", default=["kernel", "python"], choices=["kernel", "python"]
    )
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--bots", default="random", choices=["random", "heuristic"])
    args = parser.parse_args()
    print(f"{args.bots} bots")
    print(f"{'path':7} {'games':>7} {'jobs 1 wall s':>14} {'jobs 2 / jobs 1':>16}  rounds")
    for path in args.paths:
        for games in args.games:
            ratios, walls = [], []
            for round_ in range(args.rounds):
                _, one, _ = jobs_run(args.preset, args.bots, games, round_, 1, path)
                _, two, _ = jobs_run(args.preset, args.bots, games, round_, 2, path)
                ratios.append(one / two)
                walls.append(one)
            each = " ".join(f"{ratio:.2f}" for ratio in ratios)
            print(
                f"{path:7} {games:>7,} {statistics.median(walls):>14.2f}"
                f" {statistics.median(ratios):>16.2f}  {each}",
                flush=True,
            )


if __name__ == "__main__":
    main()
