"""Deals per second of the simulator, side by side, in paired and interleaved rounds.

Run from the repository root:

    python benchmarks/sim_speed.py                      # 5 rounds
    python benchmarks/sim_speed.py --rounds 7 --scale 0.5
    python benchmarks/sim_speed.py --baseline /tmp/base --open-spiel-python /tmp/os/bin/python

Each round measures, in an order that turns by one every round (so that no path always
runs first, or last, while the machine is busy with something else), each run in a fresh
subprocess that times only its games, started cold as `scorepad simulate` starts, the same
way for this checkout and a baseline (a `--jobs 2` run's subprocess plays beside its one
worker):

- `kernel`: random bots on the compiled kernel (`--kernel c`), one process, whole games
  scored by the engine, every deal checked;
- `python`: random bots on the pure-Python path (`--kernel python`), the same;
- `heuristic`: heuristic bots on the pure-Python path (`--kernel python`: the kernel's
  twin, which plays each deal through the Python bot);
- `heuristic-kernel`: heuristic bots on the compiled kernel (`--kernel c`), with more
  games (a game is quick there);
- the `kernel`, `python` and `heuristic-kernel` runs again with `--jobs 2`, on 2,000
  games;
- `plain-loop`: a plain-Python reference loop (shuffle, deal, random legal play; no bids,
  no checks, no scoring): roughly what CPython does at best with a deal;
- `openspiel-cpp`: OpenSpiel's Spades played whole in C++ by `evaluate_bots` with uniform
  random bots (no scoring across deals, no checks), when `--open-spiel-python` (or this
  Python) has open_spiel; never a dependency (see sim_openspiel.py);
- `base-kernel`, `base-python`, `base-heuristic`, `base-heuristic-kernel`: the same runs
  on another checkout of
  scorepad (`--baseline DIR`, e.g. the code before a rewrite: `git worktree add /tmp/base
  f362da5`, or `git archive main | tar -x -C /tmp/base`), each in a subprocess that times
  only its games (`base-kernel` needs the kernel built there: `python setup.py build_ext
  --inplace` in DIR).

Printed: the machine's load, the median deals per second of each path over the rounds,
wall and CPU time, and the median over the rounds of each round's ratios (kernel /
OpenSpiel, python / base, heuristic / base, the heuristic kernel / base and / the random
kernel, jobs 2 / jobs 1), by wall time and by CPU time. Ratios taken
within a round are paired: both sides ran within seconds of each other. On a shared
machine the rates move; compare the paired ratios (by CPU time when other work competes
for the cores). `--jobs 2` is judged by wall time on a quiet machine; on a busy one, by the
CPU time of the busier of its two processes (the run's own plays too, beside one worker), which
bounds its wall time on two free cores, and beside it by the two processes' CPU time
shared evenly (the other bound: on a busy machine the work is not shared evenly). Every
run validates every deal, as `scorepad simulate` does.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.sim.kernel import kernel_built  # noqa: E402

# Floors against a baseline (issue 30: the simplified simulator against its starting
# commit), and OpenSpiel's loop to stay ahead of.
TARGETS = {
    "kernel / openspiel-cpp": 1.0,
    "kernel / base-kernel": 0.8,
    "python / base-python": 0.9,
    "heuristic / base-heuristic": 0.9,
    "heuristic-kernel / base-heuristic-kernel": 0.7,
    "heuristic-kernel / kernel": 0.5,
    "heuristic-kernel jobs 2 / jobs 1": 1.7,
    "python jobs 2 / jobs 1": 1.7,
    "kernel jobs 2 / jobs 1": 1.7,
}
GAMES = {"random": 1000, "heuristic": 600, "heuristic-kernel": 3000, "jobs": 2000}
# Per (bots, kernel, jobs, games): each run's deals and the CPU time of its busiest process.
BUSIEST: dict[tuple[str, str, int, int], list[tuple[float, float]]] = {}

# Run in a fresh process against a checkout (PYTHONPATH=DIR: this one, or a baseline): its
# games alone are timed.
BASELINE_SNIPPET = """
import dataclasses, json, sys, time, resource
try:
    from scorepad.files.presets import load_preset
except ImportError:  # a checkout from before presets.py
    from scorepad.engine.rules import load_preset
from scorepad.sim.run import RunConfig, simulate
preset, bots, games, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
kernel = {"kernel": "c", "python": "python"}.get(sys.argv[5], "auto")
jobs = int(sys.argv[6]) if len(sys.argv) > 6 else 1
rules = load_preset(preset).rules
def config(games, seed):
    config = RunConfig(rules, preset, games, seed=seed, bots=(bots,))
    return config if kernel == "auto" else dataclasses.replace(config, kernel=kernel)
# Warm the imports (with --jobs, those of a forked worker's pipes too: 12 games are
# three ranges, so a worker is started).
simulate(config(3, 10**6)) if jobs == 1 else simulate(config(12, 10**6), jobs=jobs)
# Start cold, as here: a checkout that keeps tables in its modules has them cleared.
import scorepad.sim as sim
for module, name in (("run", "_RUNNERS"), ("runner", "_KERNEL_TABLES"), ("scoretable", "_TABLES")):
    getattr(getattr(sim, module, None), name, {}).clear()
def children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
wall, cpu, kids = time.perf_counter(), time.process_time(), children()
summary = simulate(config(games, seed)) if jobs == 1 else simulate(config(games, seed), jobs=jobs)
wall, cpu, kids = time.perf_counter() - wall, time.process_time() - cpu, children() - kids
assert summary.violation_count == 0, summary.violations[:1]
ran = getattr(summary, "kernel", None)  # a checkout from before the kernel field: None
assert kernel == "auto" or ran in (None, kernel), f"asked for --kernel {kernel}, ran {ran}"
# With --jobs 2 this process plays too, beside one worker: the busier of the two bounds
# the wall time on two free cores, whatever else runs on the machine.
busiest = max(cpu, kids)
print(json.dumps({"deals": summary.deals, "wall": wall, "cpu": cpu + kids, "busiest": busiest}))
"""


class Figures(dict[str, list[tuple[float, float, float]]]):
    """Per path: (deals, wall seconds, cpu seconds) of each round."""

    def add(self, path: str, deals: float, wall: float, cpu: float) -> None:
        self.setdefault(path, []).append((deals, wall, cpu))

    def rate(self, path: str, round_: int, per_cpu: bool = False) -> float:
        deals, wall, cpu = self[path][round_]
        return deals / (cpu if per_cpu else wall)


def plain_loop(seconds: float) -> tuple[float, float, float]:
    """A plain-Python deal loop: shuffle, deal 4 x 13, play random legal cards (follow
    suit; spades not led until broken), find the winners. No bids, checks or scoring."""
    rng = random.Random(0)
    deck = list(range(52))
    deals = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        rng.shuffle(deck)
        hands = [sorted(deck[13 * seat : 13 * seat + 13]) for seat in range(4)]
        leader, broken = 0, False
        for _ in range(13):
            hand = hands[leader]
            legal = hand if broken else [c for c in hand if c < 39] or hand
            card = legal[rng.randrange(len(legal))]
            hand.remove(card)
            led, best, winner = card // 13, card, leader
            broken = broken or led == 3
            for step in range(1, 4):
                seat = (leader + step) % 4
                hand = hands[seat]
                legal = [c for c in hand if c // 13 == led] or hand
                card = legal[rng.randrange(len(legal))]
                hand.remove(card)
                if card // 13 == best // 13 and card > best or card >= 39 > best:
                    best, winner = card, seat
                broken = broken or card >= 39
            leader = winner
        deals += 1
    return deals, time.perf_counter() - wall, time.process_time() - cpu


def run_in_checkout(directory: str, snippet: str, *args: object) -> dict[str, float]:
    """Run a snippet against the scorepad of another checkout; it prints its figures as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", snippet, *map(str, args)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": directory},
        cwd=directory,  # `python -c` puts the current folder first on sys.path
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"the run in {directory} failed:\n{done.stderr}")
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def baseline_run(
    directory: str, preset: str, bots: str, games: int, seed: int, path: str = "auto"
) -> tuple[float, float, float]:
    figures = run_in_checkout(directory, BASELINE_SNIPPET, preset, bots, games, seed, path)
    return figures["deals"], figures["wall"], figures["cpu"]


def jobs_run(
    preset: str, bots: str, games: int, seed: int, jobs: int, path: str
) -> tuple[float, float, float]:
    """A run of this checkout with `--jobs`, in a fresh process as `scorepad simulate`
    starts, timing only its games (`path`: "kernel" or "python")."""
    figures = run_in_checkout(str(ROOT), BASELINE_SNIPPET, preset, bots, games, seed, path, jobs)
    BUSIEST.setdefault((bots, path, jobs, games), []).append((figures["deals"], figures["busiest"]))
    return figures["deals"], figures["wall"], figures["cpu"]


def open_spiel_run(python: str, seconds: float) -> tuple[float, float, float] | None:
    script = Path(__file__).with_name("sim_openspiel.py")
    done = subprocess.run(
        [python, str(script), "--seconds", str(seconds), "--cpp-only", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        return None
    figures = json.loads(done.stdout)
    return figures["deals"], figures["wall"], figures["cpu"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", "--repeats", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="scale the number of games")
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--baseline", metavar="DIR", help="another checkout, for the ratios")
    parser.add_argument(
        "--open-spiel-python",
        metavar="PYTHON",
        help="a Python with open_spiel installed, for a side-by-side (default: this one)",
    )
    parser.add_argument(
        "--only", help="comma list of paths to run (default: all), e.g. kernel,openspiel-cpp"
    )
    args = parser.parse_args()
    preset = args.preset
    games = {kind: max(10, int(count * args.scale)) for kind, count in GAMES.items()}
    spiel_python = args.open_spiel_python or sys.executable
    seconds = 2.0 * args.scale
    here = str(ROOT)

    runs: dict[str, Callable[[int], tuple[float, float, float] | None]] = {
        # Timed as a baseline checkout's runs are (baseline_run), each in a fresh process,
        # as `scorepad simulate` starts; --jobs too (jobs_run).
        "kernel": lambda r: baseline_run(here, preset, "random", games["random"], r, "kernel"),
        "python": lambda r: baseline_run(here, preset, "random", games["random"], r, "python"),
        "heuristic": lambda r: baseline_run(
            here, preset, "heuristic", games["heuristic"], r, "python"
        ),
        "heuristic-kernel": lambda r: baseline_run(
            here, preset, "heuristic", games["heuristic-kernel"], r, "kernel"
        ),
        "kernel jobs 1": lambda r: jobs_run(preset, "random", games["jobs"], r, 1, "kernel"),
        "kernel jobs 2": lambda r: jobs_run(preset, "random", games["jobs"], r, 2, "kernel"),
        "python jobs 1": lambda r: jobs_run(preset, "random", games["jobs"], r, 1, "python"),
        "python jobs 2": lambda r: jobs_run(preset, "random", games["jobs"], r, 2, "python"),
        "heuristic-kernel jobs 1": lambda r: jobs_run(
            preset, "heuristic", games["jobs"], r, 1, "kernel"
        ),
        "heuristic-kernel jobs 2": lambda r: jobs_run(
            preset, "heuristic", games["jobs"], r, 2, "kernel"
        ),
        "plain-loop": lambda r: plain_loop(seconds),
        "openspiel-cpp": lambda r: open_spiel_run(spiel_python, seconds),
    }
    if args.baseline:
        base = args.baseline
        runs["base-kernel"] = lambda r: baseline_run(
            base, preset, "random", games["random"], r, "kernel"
        )
        runs["base-python"] = lambda r: baseline_run(
            base, preset, "random", games["random"], r, "python"
        )
        runs["base-heuristic"] = lambda r: baseline_run(
            base, preset, "heuristic", games["heuristic"], r, "python"
        )
        runs["base-heuristic-kernel"] = lambda r: baseline_run(
            base, preset, "heuristic", games["heuristic-kernel"], r, "kernel"
        )
    if not kernel_built():
        print("the compiled kernel is not built here: its paths are left out")
        runs = {name: run for name, run in runs.items() if "kernel" not in name}
    if args.only:
        runs = {name: run for name, run in runs.items() if name in args.only.split(",")}
    names = list(runs)
    print(f"cpus: {os.cpu_count()}, python {sys.version.split()[0]}, preset {preset},"
          f" {args.rounds} rounds, games {games}")  # fmt: skip
    print("load average at the start: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))
    figures = Figures()
    for round_ in range(args.rounds):
        turn = round_ % len(names)
        for name in names[turn:] + names[:turn]:
            got = runs[name](round_)
            if got is not None:
                figures.add(name, *got)
        print(f"round {round_ + 1}: " + ", ".join(
            f"{name} {figures.rate(name, round_):,.0f}" for name in names
            if name in figures and len(figures[name]) > round_
        ), flush=True)  # fmt: skip

    print(
        f"\n{'path':24} {'deals/s (median)':>17} {'per cpu-s':>10} {'wall s':>8} {'cpu s':>8}"
        f" {'deals':>8}"
    )
    for name in names:
        if name not in figures:
            print(f"{name:24} {'(not run: unavailable)':>17}")
            continue
        rows = figures[name]
        rate = statistics.median(deals / wall for deals, wall, _ in rows)
        wall = statistics.median(wall for _, wall, _ in rows)
        cpu = statistics.median(cpu for _, _, cpu in rows)
        per_cpu = statistics.median(deals / cpu for deals, _, cpu in rows)
        print(
            f"{name:24} {rate:>17,.0f} {per_cpu:>10,.0f} {wall:>8.2f} {cpu:>8.2f}"
            f" {rows[0][0]:>8,.0f}"
        )

    print(
        f"\n{'paired ratio (wall)':34} {'median':>7} {'per round':>30} {'target':>7}"
        f" {'by cpu time':>12}"
    )
    pairs = {
        "kernel / openspiel-cpp": ("kernel", "openspiel-cpp"),
        "kernel / base-kernel": ("kernel", "base-kernel"),
        "python / base-python": ("python", "base-python"),
        "heuristic / base-heuristic": ("heuristic", "base-heuristic"),
        "heuristic-kernel / base-heuristic-kernel": ("heuristic-kernel", "base-heuristic-kernel"),
        "heuristic-kernel / heuristic": ("heuristic-kernel", "heuristic"),
        "heuristic-kernel / kernel": ("heuristic-kernel", "kernel"),
        "python jobs 2 / jobs 1": ("python jobs 2", "python jobs 1"),
        "kernel jobs 2 / jobs 1": ("kernel jobs 2", "kernel jobs 1"),
        "heuristic-kernel jobs 2 / jobs 1": ("heuristic-kernel jobs 2", "heuristic-kernel jobs 1"),
        "kernel / python": ("kernel", "python"),
        "python / plain-loop": ("python", "plain-loop"),
    }
    for label, (top, bottom) in pairs.items():
        if top not in figures or bottom not in figures:
            continue
        count = min(len(figures[top]), len(figures[bottom]))
        ratios = [figures.rate(top, r) / figures.rate(bottom, r) for r in range(count)]
        by_cpu = [figures.rate(top, r, True) / figures.rate(bottom, r, True) for r in range(count)]
        each = " ".join(f"{ratio:.2f}" for ratio in ratios)
        target = f"{TARGETS[label]:g}" if label in TARGETS else ""
        print(
            f"{label:34} {statistics.median(ratios):>7.2f} {each:>30} {target:>7}"
            f" {statistics.median(by_cpu):>12.2f}"
        )
    print("load average at the end: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))
    for kind, bots, kernel in (
        ("python", "random", "python"),
        ("kernel", "random", "kernel"),
        ("heuristic-kernel", "heuristic", "kernel"),
    ):
        one = BUSIEST.get((bots, kernel, 1, games["jobs"]), [])
        two = BUSIEST.get((bots, kernel, 2, games["jobs"]), [])
        if one and two:
            ratios = [(d2 / c2) / (d1 / c1) for (d1, c1), (d2, c2) in zip(one, two, strict=False)]
            print(
                f"{kind} jobs 2 / jobs 1 by the busiest process's CPU time (the speed-up on two"
                f" free cores): {statistics.median(ratios):.2f}"
                f" ({' '.join(f'{ratio:.2f}' for ratio in ratios)})"
            )
            # The processes take ranges until none is left, which evens out their wall
            # time, not their CPU time: on a busy machine the one the others let run more
            # plays more, and the busiest bound reads low. Twice the rate by the two
            # processes' CPU time together is the bound if the work were even: the speed-up
            # on two free cores lies between the two.
            even = [
                2 * figures.rate(f"{kind} jobs 2", round_, per_cpu=True)
                / figures.rate(f"{kind} jobs 1", round_, per_cpu=True)
                for round_ in range(len(one))
            ]
            print(
                f"{kind} jobs 2 / jobs 1 by both processes' CPU time, shared evenly:"
                f" {statistics.median(even):.2f} ({' '.join(f'{ratio:.2f}' for ratio in even)})"
            )


if __name__ == "__main__":
    main()
