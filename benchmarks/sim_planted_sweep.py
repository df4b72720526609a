"""Plant each bug of tests/sweep_plants.py in turn and run the sweep: is it caught?

    python benchmarks/sim_planted_sweep.py [--games N] [--seed S] [--jobs J]

Issue 32's twelve engine bugs; issue 43's twelve (three of the side's and the table's bid
rules, three of a club night's standings, the ratings' order, an unfinished game rated,
and four of what a night's pages show: a table's deals, the next seats, the field's
changes, the rounds a field can play); and issue 42's ten of the director's kit (the
scoring of rulings, sets in a row, the clock's end, misdeals, the other side's OK).
Prints, for each bug,
the violations the sweep reported, the checks that caught it and the first message, then
how many were caught and the time. The bugs are one-line changes of the source
(tests/sweep_plants.py), planted in this process before the sweep starts (its workers
are forked from it).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.sim.sweep import GAMES, play_sweep  # noqa: E402
from tests.sweep_plants import PLANTS, plant  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="comma list of bug names")
    args = parser.parse_args()
    names = [name for name in PLANTS if not args.only or name in args.only.split(",")]
    caught = 0
    started = time.perf_counter()
    for name in names:
        with pytest.MonkeyPatch.context() as monkeypatch:
            plant(monkeypatch, name)
            report = play_sweep(args.seed, args.games, jobs=args.jobs)
        tally = report.tally
        checks = Counter(violation.check for _, violation in tally.violations)
        first = tally.violations[0][1].message[:150] if tally.violations else ""
        caught += tally.violation_count > 0
        print(f"{name:36} {tally.violation_count:6} violations {dict(checks)} "
              f"{report.elapsed_seconds:5.1f} s  {first}", flush=True)  # fmt: skip
    with open("/proc/loadavg") as load:
        print(f"caught {caught} of {len(names)}; {time.perf_counter() - started:.0f} s; "
              f"load {load.read().split()[0]}")  # fmt: skip


if __name__ == "__main__":
    main()
