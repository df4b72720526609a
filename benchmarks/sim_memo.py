"""What a memo of the simulator buys: runs with it against runs without.

    python benchmarks/sim_memo.py                  # the scorer's, random bots, 3 rounds
    python benchmarks/sim_memo.py --bots heuristic --rounds 5
    python benchmarks/sim_memo.py --memo fold      # the reference's fold of the game
    python benchmarks/sim_memo.py --memo checker   # the bid checks' memo

Each round plays the same 1,000-game kernel run (standard preset, one process, every
check on) with the memo (its `MEMO_LIMIT` as shipped) and
without it (0: nothing kept, every question asked again), in turn, and prints deals per
CPU-second of each and their paired ratio. The memos: `scorer` (`scorer.SideScorer`: a
side deal scored, checked and held to the reference), `fold` (`referee.GameFold`: the
reference's numbers of a side deal in its fold of the game), `checker`
(`checker.DealChecker`: a side's and a table's bid checks).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorepad.files.presets import load_preset  # noqa: E402
from scorepad.sim import checker, referee, scorer  # noqa: E402
from scorepad.sim.run import RunConfig, simulate  # noqa: E402

MEMOS = {"scorer": scorer, "fold": referee, "checker": checker}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="random")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--memo", choices=tuple(MEMOS), default="scorer")
    args = parser.parse_args()
    module = MEMOS[args.memo]
    rules = load_preset("standard").rules
    config = RunConfig(rules, "standard", args.games, seed=1, bots=(args.bots,), kernel="c")
    simulate(config)  # warm the imports and the bots' tables
    shipped = module.MEMO_LIMIT
    rates: dict[int, list[float]] = {shipped: [], 0: []}
    for _ in range(args.rounds):
        for limit in (shipped, 0):
            module.MEMO_LIMIT = limit
            started = time.process_time()
            summary = simulate(config)
            rates[limit].append(summary.deals / (time.process_time() - started))
    module.MEMO_LIMIT = shipped
    ratios = [a / b for a, b in zip(rates[shipped], rates[0], strict=True)]
    print(f"the {args.memo}'s memo, {args.bots} bots, kernel path, {args.games} games, "
          f"{args.rounds} rounds")  # fmt: skip
    print(f"with the memo:    {statistics.median(rates[shipped]):>9,.0f} deals per CPU-second")
    print(f"without the memo: {statistics.median(rates[0]):>9,.0f} deals per CPU-second")
    print(f"paired ratio: median {statistics.median(ratios):.2f}, rounds "
          + " ".join(f"{ratio:.2f}" for ratio in ratios))  # fmt: skip


if __name__ == "__main__":
    main()
