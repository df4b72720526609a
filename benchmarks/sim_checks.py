"""What the simulator's checks cost on the kernel path, each switched on in turn.

Run from the repository root:

    python benchmarks/sim_checks.py             # 5 rounds of 1,000-game runs
    python benchmarks/sim_checks.py --rounds 7 --games 2000 --preset club

Each round plays the same games (random bots on the compiled kernel, one process, every
run started cold as `scorepad simulate` starts) four times, in an order that turns by one
every round:

- `base`: the checks this benchmark switches off are off: the reference scorer at each
  new side deal (`Referee.side`) and its comparison (`Referee.compare`), the reference's
  fold of every game (`GameFold`), and the Python validator's sampled replay of the
  kernel's deals; what stays is what every run had before them (the kernel's own check
  of its play, the bid checks, the engine's lines adding up);
- `+ reference`: with the reference scorer at every distinct side deal;
- `+ fold`: and the reference's fold of every game (with what the scorer's comparison
  hands it, `GameFold.note`);
- `+ sample` (what a run does): and the validator's replay of one kernel deal in 20.

Printed: the machine's load, and for each the median over the rounds of microseconds a
deal by CPU time (this process's: the runs are in it), with each round's figure, and the
median of each round's step from the one before. The switches are for this measurement
only: they replace the checks for the duration of a run and put them back.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.files.presets import load_preset  # noqa: E402
from scorepad.sim import gameloop, referee  # noqa: E402
from scorepad.sim.kernel import kernel_built  # noqa: E402
from scorepad.sim.run import RunConfig, simulate  # noqa: E402

STEPS = ("base", "+ reference", "+ fold", "+ sample")
_NOTHING: list[object] = []


@contextmanager
def checks(step: str) -> Iterator[None]:
    """The checks of `step` on, the later ones off, for one run."""
    fold, note = referee.GameFold.deal, referee.GameFold.note
    compare, side, sample = referee.Referee.compare, referee.Referee.side, gameloop.SAMPLE_EVERY
    on = STEPS.index(step)
    try:
        if on < 1:
            referee.Referee.compare = _no_comparison  # type: ignore[method-assign]
            referee.Referee.side = _no_side  # type: ignore[method-assign]
        if on < 2:
            referee.GameFold.deal = _no_fold  # type: ignore[method-assign]
            referee.GameFold.note = _no_note  # type: ignore[method-assign]
        if on < 3:
            gameloop.SAMPLE_EVERY = 10**9  # no deal of a run's games is sampled
        yield
    finally:
        referee.GameFold.deal = fold  # type: ignore[method-assign]
        referee.GameFold.note = note  # type: ignore[method-assign]
        referee.Referee.compare = compare  # type: ignore[method-assign]
        referee.Referee.side = side  # type: ignore[method-assign]
        gameloop.SAMPLE_EVERY = sample


def _no_comparison(self: object, *args: object) -> list[object]:
    return []


_NO_SIDE = referee.RefSide(0, 0, 0, None, False)


def _no_side(self: object, *args: object) -> referee.RefSide:
    return _NO_SIDE  # the reference not asked (the fold is off with it)


def _no_note(self: object, *args: object) -> None:
    return None


def _no_fold(self: object, *args: object) -> list[object]:
    return _NOTHING


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--preset", default="standard")
    args = parser.parse_args()
    if not kernel_built():
        raise SystemExit("the compiled kernel is not built here")
    rules = load_preset(args.preset).rules
    print(f"preset {args.preset}, {args.games} games a run, {args.rounds} rounds")
    print("load average at the start: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))
    simulate(RunConfig(rules, args.preset, 3, seed=10**6, bots=("random",), kernel="c"))
    figures: dict[str, list[float]] = {step: [] for step in STEPS}
    for round_ in range(args.rounds):
        turn = round_ % len(STEPS)
        for step in STEPS[turn:] + STEPS[:turn]:
            config = RunConfig(
                rules, args.preset, args.games, seed=round_, bots=("random",), kernel="c"
            )
            with checks(step):
                cpu = time.process_time()
                summary = simulate(config)
                cpu = time.process_time() - cpu
            if summary.violation_count:
                raise SystemExit(f"{summary.violation_count} violations: {summary.violations[0]}")
            figures[step].append(cpu / summary.deals * 1e6)
    print(f"\n{'checks':14} {'µs a deal':>10} {'step':>6}   per round")
    for number, step in enumerate(STEPS):
        rows = figures[step]
        before = figures[STEPS[number - 1]]
        steps = (
            f"{statistics.median(a - b for a, b in zip(rows, before, strict=True)):+6.2f}"
            if number
            else ""
        )
        each = " ".join(f"{value:.2f}" for value in rows)
        print(f"{step:14} {statistics.median(rows):>10.2f} {steps:>6}   {each}")
    print("load average at the end: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
