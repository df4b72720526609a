"""The heuristic bot's own share of a heuristic simulation, here and in another checkout.

Run from the repository root:

    python benchmarks/sim_bot_time.py --baseline /tmp/base      # 5 paired rounds
    python benchmarks/sim_bot_time.py --games 300 --rounds 7 --preset suicide

Each round runs, in subprocesses and in an order that turns every round, for this checkout
and for `--baseline DIR` (another checkout, e.g. `git archive COMMIT | tar -x -C DIR`):

- `plain`: heuristic bots, `--games` games; the process's CPU seconds of the games alone;
- `timed`: the same games with a clock around every call into the bot (its bids, plays,
  discards and exchanges), which gives the bot's share of the run's time.

Printed: per checkout the median CPU seconds of the plain run and the median share of the
bot, and the median of the rounds' paired ratios (baseline CPU / this CPU): the whole
run's speed-up and the bot's own (its share times the run's CPU time, this one against the
baseline's). What the clocks cost (timed around an empty call) is taken off the bot's time.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from sim_speed import run_in_checkout  # this folder is first on sys.path

ROOT = Path(__file__).resolve().parent.parent

# Run by a checkout's Python (PYTHONPATH=DIR): times its games alone.
SNIPPET = """
import json, sys, time
try:
    from scorepad.files.presets import load_preset
except ImportError:  # a checkout from before presets.py
    from scorepad.engine.rules import load_preset
from scorepad.sim import bots as bots_module
from scorepad.sim.run import RunConfig, simulate
preset, games, seed, timed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rules = load_preset(preset).rules
simulate(RunConfig(rules, preset, 3, seed=10**6, bots=("heuristic",)))  # warm the imports
spent, calls = [0.0], [0]
clock = time.perf_counter
def timer(method):
    def timed_call(*args, **kwargs):
        start = clock()
        try:
            return method(*args, **kwargs)
        finally:
            spent[0] += clock() - start
            calls[0] += 1
    return timed_call
# What the clock itself costs a call (taken off the bot's time below).
idle = timer(lambda: None)
start = clock()
for _ in range(200_000):
    idle()
overhead = (clock() - start) / 200_000
spent[0], calls[0] = 0.0, 0
if timed == "timed":
    cls = bots_module.HeuristicBot
    for name in ("discard", "wants_blind_nil", "bid", "exchange", "play"):
        setattr(cls, name, timer(getattr(cls, name)))
wall, cpu = time.perf_counter(), time.process_time()
summary = simulate(RunConfig(rules, preset, games, seed=seed, bots=("heuristic",)))
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
assert summary.violation_count == 0, summary.violations[:1]
bot, wall = spent[0] - calls[0] * overhead, wall - calls[0] * overhead
print(json.dumps({"deals": summary.deals, "wall": wall, "cpu": cpu, "bot": bot}))
"""


def run(directory: str, preset: str, games: int, seed: int, mode: str) -> dict[str, float]:
    return run_in_checkout(directory, SNIPPET, preset, games, seed, mode)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="DIR", help="another checkout, for the ratios")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--preset", default="standard")
    args = parser.parse_args()
    checkouts = {"this": str(ROOT)}
    if args.baseline:
        checkouts["base"] = args.baseline
    jobs = [(name, mode) for name in checkouts for mode in ("plain", "timed")]
    got: dict[tuple[str, str], list[dict[str, float]]] = {job: [] for job in jobs}
    for round_ in range(args.rounds):
        turn = round_ % len(jobs)
        for name, mode in jobs[turn:] + jobs[:turn]:
            got[name, mode].append(run(checkouts[name], args.preset, args.games, 1, mode))
        print(f"round {round_ + 1}: " + ", ".join(
            f"{name} {mode} {got[name, mode][-1]['cpu']:.2f}s" for name, mode in jobs
        ), flush=True)  # fmt: skip

    def share(row: dict[str, float]) -> float:
        return row["bot"] / row["wall"]

    print(f"\n{args.preset}, {args.games} games, seed 1, {args.rounds} rounds (medians)")
    print(f"{'checkout':9} {'deals':>6} {'run cpu s':>10} {'bot share':>10} {'bot cpu s':>10}")
    for name in checkouts:
        plain, timed = got[name, "plain"], got[name, "timed"]
        cpu = statistics.median(row["cpu"] for row in plain)
        part = statistics.median(share(row) for row in timed)
        deals = plain[0]["deals"]
        print(f"{name:9} {deals:>6.0f} {cpu:>10.2f} {part:>10.1%} {cpu * part:>10.2f}")
    if "base" in checkouts:
        pairs = zip(got["base", "plain"], got["this", "plain"], strict=True)
        runs = [base["cpu"] / this["cpu"] for base, this in pairs]
        bots = [
            b["cpu"] * share(bt) / (t["cpu"] * share(tt))
            for b, t, bt, tt in zip(
                got["base", "plain"], got["this", "plain"], got["base", "timed"],
                got["this", "timed"], strict=True,
            )
        ]  # fmt: skip
        print(f"run speed-up (base cpu / this cpu): {statistics.median(runs):.2f}"
              f"  [{' '.join(f'{r:.2f}' for r in runs)}]")  # fmt: skip
        print(f"bot speed-up (base bot cpu / this): {statistics.median(bots):.2f}"
              f"  [{' '.join(f'{r:.2f}' for r in bots)}]")  # fmt: skip


if __name__ == "__main__":
    main()
