"""Deals per second of the deal kernel's pure-Python twin against the compiled kernel.

Run from the repository root:

    python benchmarks/kernel_twin.py                     # standard, 5 rounds
    python benchmarks/kernel_twin.py --preset solo-6 --rounds 7

Each round measures both implementations (`scorepad.sim.kernel.table_type("c")` and
`("python")`), in an order that turns every round, two ways:

- `table`: `Table.deal` alone, one game seed after another (the kernel's own work: shuffle,
  bids, play, its check of the deal);
- `run`: a whole `scorepad simulate --kernel c` or `--kernel python` run of random bots in
  one process, on that implementation's table (each deal also scored by the engine, its
  bids checked, the games folded by the reference); and, for reference, `path`: the same
  games played by random bots in Python (`botdeals.py`, the source of any other run).

Printed: per implementation and way, the median deals per second over the rounds with
its range, and the median of the rounds' paired ratios (compiled / twin). Both give the
same deals for the same seed (tests/test_sim_kernel.py), so the work is the same.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.files.presets import load_preset  # noqa: E402
from scorepad.sim.gameloop import GameRunner  # noqa: E402
from scorepad.sim.kernel import (  # noqa: E402
    IMPLEMENTATIONS,
    kernel_built,
    kernel_seed,
    new_table,
)
from scorepad.sim.run import RunConfig, simulate  # noqa: E402


def table_rate(preset: str, implementation: str, deals: int) -> float:
    """Deals per second of `Table.deal` alone, 10 deals a game seed."""
    rules = load_preset(preset).rules
    table = new_table(rules, implementation)
    started = time.perf_counter()
    for deal in range(deals):
        if deal % 10 == 0:
            table.seed(kernel_seed(1, deal))
        table.deal(deal % rules.players, 0)
    return deals / (time.perf_counter() - started)


def run_rate(preset: str, implementation: str, games: int) -> float:
    """Deals per second of a whole run, one process, started cold: on this
    implementation's table, or ("path") by random bots in Python."""
    rules = load_preset(preset).rules
    started = time.perf_counter()
    if implementation == "path":
        runner = GameRunner(rules, preset=preset, bots=("random",), seed=1)
        results = [runner.play_game(index) for index in range(games)]
        elapsed = time.perf_counter() - started
        violations = [v for result in results for v in result.violations]
        deals = sum(result.deals for result in results)
    else:
        config = RunConfig(rules, preset, games, seed=1, bots=("random",),
                           kernel=implementation)  # fmt: skip
        summary = simulate(config, jobs=1)
        elapsed = time.perf_counter() - started
        violations, deals = summary.violations, summary.deals
    if violations:
        raise SystemExit(f"{len(violations)} violations: {violations[0]}")
    return deals / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="scale the work of a round")
    args = parser.parse_args()
    if not kernel_built():
        sys.exit("the compiled kernel is not built here: nothing to compare the twin with")
    # The twin is far slower: it gets fewer deals, so a round takes seconds, not minutes.
    work = {
        ("table", "c"): int(200_000 * args.scale),
        ("table", "python"): int(5_000 * args.scale),
        ("run", "c"): int(2_000 * args.scale),
        ("run", "python"): int(100 * args.scale),
        ("run", "path"): int(300 * args.scale),
    }
    rates: dict[tuple[str, str], list[float]] = {key: [] for key in work}
    for round_number in range(args.rounds):
        order = list(IMPLEMENTATIONS)[:: 1 if round_number % 2 == 0 else -1]
        for implementation in order:
            rates["table", implementation].append(
                table_rate(args.preset, implementation, work["table", implementation])
            )
            rates["run", implementation].append(
                run_rate(args.preset, implementation, work["run", implementation])
            )
        rates["run", "path"].append(run_rate(args.preset, "path", work["run", "path"]))
    print(f"preset {args.preset}, {args.rounds} rounds; deals per second, median (range)")
    for way in ("table", "run"):
        for implementation in (*IMPLEMENTATIONS, *(("path",) if way == "run" else ())):
            values = rates[way, implementation]
            print(
                f"  {way:5} {implementation:6} {statistics.median(values):>11,.0f}"
                f"  ({min(values):,.0f} .. {max(values):,.0f})"
            )
        ratios = [c / py for c, py in zip(rates[way, "c"], rates[way, "python"], strict=True)]
        print(f"  {way:5} compiled / twin: {statistics.median(ratios):.1f}x (paired, median)")


if __name__ == "__main__":
    main()
