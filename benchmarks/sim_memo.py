"""What a memo or fast path of the simulator buys: runs with it against runs without.

    python benchmarks/sim_memo.py                  # the scorer's, random bots, 3 rounds
    python benchmarks/sim_memo.py --bots heuristic --rounds 5
    python benchmarks/sim_memo.py --memo fold      # the reference's fold of the game
    python benchmarks/sim_memo.py --memo checker   # the bid checks' memo
    python benchmarks/sim_memo.py --memo averages --bots heuristic --path python

Each round plays the same run (standard preset unless `--preset`, one process, every
check on) with the piece as shipped and without it, in turn, and prints deals per
CPU-second of each and their paired ratio. The pieces, and the path each serves (the
run's path unless `--path`):

- `scorer` (kernel): `scorer.SideScorer`'s memo, a side deal scored, checked and held
  to the reference (off: `MEMO_LIMIT` 0, nothing kept);
- `fold` (kernel): `referee.GameFold`'s memo of the reference's numbers of a side deal;
- `checker` (kernel): `checker.DealChecker`'s memo of a side's and a table's bid checks;
- `averages` (python, heuristic bots): `valuation.average_count` and
  `median_nil_chance`, values of the rules kept per rules (off: worked out again each
  time a bot asks, every game).

The pieces measured here that bought less than 1.3x went, and their switches with them:
`git show 7f3b17a:benchmarks/sim_memo.py` has `--memo usual|valuation|values|deck|
bidchoice|livenils|keyid`, `git show 7e30888:benchmarks/sim_memo.py` has `--memo
inlined`, each measured on the tree of its commit (docs/simulator.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorepad.files.presets import load_preset  # noqa: E402
from scorepad.sim import (  # noqa: E402
    checker,
    heuristic,
    kernel,
    referee,
    scorer,
    valuation,
)
from scorepad.sim.run import RunConfig, simulate  # noqa: E402

Switch = Callable[[bool], None]  # on (True: as shipped) or off


def _limit(module: Any) -> Switch:
    shipped = module.MEMO_LIMIT

    def switch(on: bool) -> None:
        module.MEMO_LIMIT = shipped if on else 0

    return switch


def _caches(*places: tuple[Any, str]) -> Switch:
    """Module attributes that are `functools.cache` functions: off, the plain function."""
    shipped = [(module, name, getattr(module, name)) for module, name in places]

    def switch(on: bool) -> None:
        for module, name, cached in shipped:
            setattr(module, name, cached if on else cached.__wrapped__)

    return switch


MEMOS: dict[str, tuple[str, Switch]] = {
    "scorer": ("c", _limit(scorer)),
    "fold": ("c", _limit(referee)),
    "checker": ("c", _limit(checker)),
    "averages": (
        "python",
        _caches(
            (valuation, "average_count"),
            (valuation, "median_nil_chance"),
            (heuristic, "average_count"),
            (heuristic, "median_nil_chance"),
            (kernel, "average_count"),
            (kernel, "median_nil_chance"),
        ),
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="random")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--memo", choices=tuple(MEMOS), default="scorer")
    parser.add_argument("--path", choices=("c", "python"), help="default: the piece's path")
    args = parser.parse_args()
    if not 1 <= args.rounds <= 50 or not 1 <= args.games <= 20_000:
        parser.error("--rounds 1 to 50, --games 1 to 20,000")
    path, switch = MEMOS[args.memo]
    path = args.path or path
    rules = load_preset(args.preset).rules
    config = RunConfig(rules, args.preset, args.games, seed=1, bots=(args.bots,), kernel=path)
    simulate(config)  # warm the imports and the bots' tables
    rates: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(args.rounds):
        for on in (True, False):
            switch(on)
            started = time.process_time()
            summary = simulate(config)
            rates[on].append(summary.deals / (time.process_time() - started))
    switch(True)
    ratios = [a / b for a, b in zip(rates[True], rates[False], strict=True)]
    print(f"{args.memo}: {args.bots} bots, {path} path, {args.preset}, {args.games} games, "
          f"{args.rounds} rounds")  # fmt: skip
    print(f"with it:    {statistics.median(rates[True]):>9,.0f} deals per CPU-second")
    print(f"without it: {statistics.median(rates[False]):>9,.0f} deals per CPU-second")
    print(f"paired ratio: median {statistics.median(ratios):.2f}, rounds "
          + " ".join(f"{ratio:.2f}" for ratio in ratios))  # fmt: skip


if __name__ == "__main__":
    main()
