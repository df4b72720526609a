"""Deals per second of the simulator: random and heuristic bots, one process and --jobs 2.

Run from the repository root:

    python benchmarks/sim_speed.py          # 5 repeats of 1,000 random, 600 heuristic games
    python benchmarks/sim_speed.py --repeats 3 --scale 0.5

Every run validates every deal, as `scorepad simulate` does. Prints the median deals per
second over the repeats and the ratio of --jobs 2 to one process (machines are noisy:
compare medians and ratios, not single runs). If `open_spiel` is importable, the same
machine's OpenSpiel Spades random-play rates are printed beside it, from
`sim_openspiel.py` run by `--open-spiel-python` or this Python (never a dependency).
Targets (issue 4): random >= 45,000 deals/s in one process, heuristic >= 10,000, and
--jobs 2 >= 1.7x one process.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.rules import load_preset  # noqa: E402
from scorepad.sim.run import RunConfig, simulate  # noqa: E402

TARGETS = {"random": 45_000, "heuristic": 10_000}
JOBS_TARGET = 1.7
GAMES = {"random": 1000, "heuristic": 600}


def deals_per_second(bots: str, games: int, jobs: int, repeats: int, preset: str) -> float:
    rules = load_preset(preset).rules
    rates = []
    for repeat in range(repeats):
        config = RunConfig(rules, preset, games, seed=repeat, bots=(bots,))
        started = time.perf_counter()
        summary = simulate(config, jobs=jobs)
        elapsed = time.perf_counter() - started
        if summary.violation_count:
            raise SystemExit(f"{summary.violation_count} violations: {summary.violations[0]}")
        rates.append(summary.deals / elapsed)
    return statistics.median(rates)


def _spin(count: int) -> int:
    total = 0
    for number in range(count):
        total += number * number
    return total


def machine_parallel_speedup(count: int = 4_000_000) -> float:
    """What two processes give over one on this machine right now, for a plain loop: the
    ceiling for --jobs 2 (well under 2 when something else is using a core)."""
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    _spin(count)
    _spin(count)
    serial = time.perf_counter() - started
    with ProcessPoolExecutor(2) as pool:
        started = time.perf_counter()
        list(pool.map(_spin, [count, count]))
        parallel = time.perf_counter() - started
    return serial / parallel


def open_spiel_figures(python: str) -> str:
    """OpenSpiel's own figures from `sim_openspiel.py`, run by a Python that has it."""
    import subprocess

    script = Path(__file__).with_name("sim_openspiel.py")
    done = subprocess.run([python, str(script)], capture_output=True, text=True)
    return (done.stdout or done.stderr).strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="scale the number of games")
    parser.add_argument("--preset", default="standard")
    parser.add_argument(
        "--open-spiel-python",
        metavar="PYTHON",
        help="a Python with open_spiel installed, for a side-by-side (default: this one)",
    )
    args = parser.parse_args()
    print(f"cpus: {os.cpu_count()}, python {sys.version.split()[0]}, preset {args.preset}")
    print(
        f"plain-loop speedup of 2 processes on this machine now: {machine_parallel_speedup():.2f}"
    )
    print(f"{'bots':10} {'jobs':>4} {'games':>6} {'deals/s (median)':>17} {'target':>8}")
    for bots in ("random", "heuristic"):
        games = max(10, int(GAMES[bots] * args.scale))
        one = deals_per_second(bots, games, 1, args.repeats, args.preset)
        two = deals_per_second(bots, games, 2, args.repeats, args.preset)
        print(f"{bots:10} {1:>4} {games:>6} {one:>17,.0f} {TARGETS[bots]:>8,}")
        print(f"{bots:10} {2:>4} {games:>6} {two:>17,.0f}")
        print(f"{bots:10} jobs 2 / jobs 1 = {two / one:.2f} (target {JOBS_TARGET})")
    print(f"plain-loop speedup of 2 processes, after: {machine_parallel_speedup():.2f}")
    print(open_spiel_figures(args.open_spiel_python or sys.executable))


if __name__ == "__main__":
    main()
