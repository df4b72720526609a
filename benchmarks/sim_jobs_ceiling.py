"""The most `--jobs 2` could reach on a run if a second process cost nothing.

Run from the repository root:

    python benchmarks/sim_jobs_ceiling.py                    # heuristic bots, 2,000 games
    python benchmarks/sim_jobs_ceiling.py --bots random --rounds 9
    python benchmarks/sim_jobs_ceiling.py --instructions   # counted by callgrind instead

Each process of a `--jobs 2` run warms its own memos: every side deal and bid check new
to it is scored by the engine and held to the reference there. Each round times, in an
order that turns every round, each in a fresh process started cold as `scorepad
simulate` starts (only the games timed, the run's context included, as `sim_speed.py`
does):

- `whole`: every range of the run in one process, as `--jobs 1` plays them;
- `half`: every other one of the ranges `--jobs 2` cuts the run into, in one process,
  cold, as one of the two processes plays them when each takes turns;
- `jobs 2`: the run with `--jobs 2`.

It prints the median of the rounds' `whole / half`, the speed-up two processes that
each warm their own memos could reach with no fork, no copied pages and no waiting, and
beside it `whole / jobs 2`, what `--jobs 2` reaches. On a busy machine both read low
and move together; compare them within a round.

`--instructions` counts instead of timing, with valgrind's callgrind (the same count
whatever else the machine does): `whole` and `half` of one run (`--seed`) once each, less
a run that plays no game (the start-up and the warm-up), and prints `whole / half` by
instructions.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from sim_speed import ROOT, run_in_checkout

SNIPPET = """
import json, sys, time
from scorepad.files.presets import load_preset
from scorepad.sim.kernel import choose_kernel
from scorepad.sim.parallel import chunks
from scorepad.sim.run import RunConfig, RunSummary, game_runner, play_range, simulate
preset, bots, mode = sys.argv[1], sys.argv[2], sys.argv[5]
games, seed = int(sys.argv[3]), int(sys.argv[4])
rules = load_preset(preset).rules
config = RunConfig(rules, preset, games, seed=seed, bots=(bots,), kernel="c")
# Warm the imports and the bots' tables (a fork's imports too), as sim_speed.py does.
simulate(RunConfig(rules, preset, 12, seed=10**6, bots=(bots,), kernel="c"), jobs=2)
wall = time.perf_counter()
if mode == "none":  # the start-up alone, for --instructions
    summary = RunSummary(config=config, kernel="c")
elif mode == "jobs 2":
    summary = simulate(config, jobs=2)
else:
    path, _ = choose_kernel(config.kernel, rules, config.bots)
    summary = RunSummary(config=config, kernel=path)
    ranges = list(chunks(games, 2))
    runner = game_runner(config, path)
    for start, stop in ranges if mode == "whole" else ranges[::2]:
        for result in play_range(config, runner, start, stop):
            summary.add(result)
wall = time.perf_counter() - wall
assert summary.violation_count == 0, summary.violations[:1]
assert summary.kernel == "c", "the kernel is not built here"
print(json.dumps({"wall": wall, "games": summary.games}))
"""

MODES = ("whole", "half", "jobs 2")


def timed(preset: str, bots: str, games: int, seed: int, mode: str) -> float:
    return run_in_checkout(str(ROOT), SNIPPET, preset, bots, games, seed, mode)["wall"]


def instructions(preset: str, bots: str, games: int, seed: int, mode: str) -> int:
    """The instructions a fresh process runs for `mode`, counted by callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out",
             sys.executable, "-c", SNIPPET, preset, bots, str(games), str(seed), mode],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"},
            cwd=ROOT,
            check=False,
        )  # fmt: skip
    # The warm-up's forked worker is counted apart: this process ran the most.
    found = [int(counted) for counted in re.findall(r"Collected : (\d+)", done.stderr)]
    if done.returncode or not found:
        raise SystemExit(f"the {mode!r} run under callgrind failed:\n{done.stderr[-2000:]}")
    return max(found)


def count(preset: str, bots: str, games: int, seed: int) -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    none, whole, half = (
        instructions(preset, bots, games, seed, mode) for mode in ("none", *MODES[:2])
    )
    print(f"start-up {none / 1e6:,.0f}M instructions; whole {(whole - none) / 1e6:,.0f}M, half"
          f" {(half - none) / 1e6:,.0f}M beside it")  # fmt: skip
    print(f"whole / half (the ceiling)  {(whole - none) / (half - none):.2f} by instructions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--bots", default="heuristic", choices=["random", "heuristic"])
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--seed", type=int, default=0, help="of the run --instructions counts")
    args = parser.parse_args()
    if args.instructions:
        print(f"{args.bots} bots, {args.preset}, {args.games:,} games, seed {args.seed}")
        count(args.preset, args.bots, args.games, args.seed)
        return
    print(f"{args.bots} bots, {args.preset}, {args.games:,} games, {args.rounds} rounds")
    print("load average at the start: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))
    rows: list[dict[str, float]] = []
    for round_ in range(args.rounds):
        turn = round_ % len(MODES)
        row = {
            mode: timed(args.preset, args.bots, args.games, round_, mode)
            for mode in MODES[turn:] + MODES[:turn]
        }
        rows.append(row)
        print(
            f"round {round_ + 1}: "
            + ", ".join(f"{mode} {row[mode]:.3f} s" for mode in MODES)
            + f"; whole / half {row['whole'] / row['half']:.2f},"
            f" whole / jobs 2 {row['whole'] / row['jobs 2']:.2f}",
            flush=True,
        )
    for label, bottom in (("whole / half (the ceiling)", "half"), ("whole / jobs 2", "jobs 2")):
        ratios = [row["whole"] / row[bottom] for row in rows]
        print(
            f"{label:27} median {statistics.median(ratios):.2f}"
            f" ({min(ratios):.2f} to {max(ratios):.2f})"
        )
    print("load average at the end: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
