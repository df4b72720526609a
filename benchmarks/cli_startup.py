"""Start-up time of `scorepad show` and `scorepad bid` on a 40-round game, against the floor.

Run from the repository root:

    python benchmarks/cli_startup.py              # 30 paired runs
    python benchmarks/cli_startup.py --runs 50 --imports
    python benchmarks/cli_startup.py --baseline /tmp/old-tree --baseline-python /tmp/old/bin/python

The floor is `benchmarks/minimal_app.py`: the smallest Typer + Rich app that prints a small
table, run by the same interpreter. Each run times the floor and a scorepad command as
subprocesses back to back (alternating which goes first), so both see the same machine
load; the medians and their ratio are printed, by wall-clock time and by the CPU time the
process used (user + system, which a busy machine inflates less than it does the wall
clock). `bid` writes the game, so every run bids on a fresh copy of the file. `--imports`
adds what `show` and `bid` import beyond the floor, module by module (`-X importtime`,
each module's least time over 7 runs). The target is a ratio of at most 1.1.
`--baseline TREE` times each command against the same command of another checkout
instead of the floor (its own interpreter, `--baseline-python`, where its dependencies
differ), pair by pair, and prints the medians, their ranges and the difference.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.engine.bids import parse_bid  # noqa: E402
from scorepad.engine.game import Game, Round, SideEntry, new_game, standings  # noqa: E402
from scorepad.files.presets import resolve_rules  # noqa: E402
from scorepad.files.store import save_game  # noqa: E402

TARGET_RATIO = 1.1
PLAYERS = ("Ann", "Bob", "Cy", "Dee")
# As an installed `scorepad` console script starts: import the CLI and call main(). Through
# `python -m scorepad`, which does just that in this tree and in a baseline's.
SCOREPAD = [sys.executable, "-m", "scorepad"]
FLOOR = [sys.executable, str(ROOT / "benchmarks" / "minimal_app.py")]
BID = ["Ann=3", "Bob=nil", "Cy=4", "Dee=5"]

# Four kinds of round, cycled: a nil made, sets on both sides, bags and their penalties.
# Played to 1000 (the `long` preset), 40 rounds leave the game open for a bid.
_PATTERN = (
    (("nil", "4"), (0, 5), ("3", "3"), (4, 4)),
    (("4", "3"), (3, 3), ("3", "3"), (4, 3)),
    (("4", "4"), (3, 4), ("4", "3"), (3, 3)),
    (("3", "2"), (3, 3), ("3", "3"), (4, 3)),
)


def long_game(rounds: int, overrides: Sequence[str] = ()) -> Game:
    """A game to 1000 (or as `overrides` say) of `rounds` played rounds nobody has won."""
    preset, rules = resolve_rules("long", overrides)
    game = new_game("bench", PLAYERS, rules, preset=preset, sides=("Us", "Them"))
    played = []
    for number in range(1, rounds + 1):
        us_bids, us_tricks, them_bids, them_tricks = _PATTERN[number % len(_PATTERN)]
        played.append(
            Round(
                game.dealer_for(number),
                (
                    SideEntry(tuple(parse_bid(bid) for bid in us_bids), us_tricks),
                    SideEntry(tuple(parse_bid(bid) for bid in them_bids), them_tricks),
                ),
            )
        )
    game = Game(game.name, game.players, game.sides, game.preset, rules, 0, tuple(played))
    assert not standings(game).finished, "the benchmark game must stay open for a bid"
    return game


def cpu_of_children() -> float:
    """CPU seconds (user + system) used so far by this process's finished children."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(command: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds one subprocess takes from start to exit; it must succeed."""
    cpu = cpu_of_children()
    start = time.perf_counter()
    # Run from the games' folder, not a checkout: Python puts the working folder first on
    # the path, and from this tree's root a baseline's command would import this tree.
    done = subprocess.run(command, env=env, cwd=env["SCOREPAD_HOME"], capture_output=True,
                          text=True)  # fmt: skip
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command[-6:])} failed ({done.returncode}):\n{done.stderr}")
    return elapsed, cpu_of_children() - cpu


def paired(
    command: Sequence[str],
    runs: int,
    env: dict[str, str],
    prepare: Callable[[], None] | None = None,
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """`runs` timings (wall, CPU) of the floor and of `command`, each pair taken back to back."""
    floor_times: list[tuple[float, float]] = []
    times: list[tuple[float, float]] = []
    for index in range(runs + 2):  # two warm-up pairs, not counted
        if prepare is not None:
            prepare()
        order = [(FLOOR, floor_times), (list(command), times)]
        if index % 2:
            order.reverse()
        for argv, bucket in order:
            timing = run(argv, env)
            if index >= 2:
                bucket.append(timing)
    return floor_times, times


Job = tuple[Sequence[str], Callable[[], None] | None]  # a command and what to do before it


def import_times(jobs: Sequence[Job], env: dict[str, str], runs: int) -> list[dict[str, int]]:
    """Each module's own import time in microseconds (`-X importtime`) per command, the
    least of `runs`; the commands take turns, so they see the same machine load."""
    best: list[dict[str, int]] = [{} for _ in jobs]
    for _ in range(runs):
        for (command, prepare), times in zip(jobs, best, strict=True):
            if prepare is not None:
                prepare()
            argv = [command[0], "-X", "importtime", *command[1:]]
            done = subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, text=True)
            for line in done.stderr.splitlines():
                if not line.startswith("import time:") or "[us]" in line:
                    continue
                self_us, _, module = line.removeprefix("import time:").split("|")
                name = module.strip()
                times[name] = min(times.get(name, int(self_us)), int(self_us))
    return best


def import_report(label: str, times: dict[str, int], floor: dict[str, int], top: int = 15) -> None:
    """What a command imports beyond the floor, module by module."""
    extra = {name: took for name, took in times.items() if name not in floor}
    skipped = sum(took for name, took in floor.items() if name not in times)
    print(
        f"\n{label}: all imports {sum(times.values()) / 1000:.0f} ms, the floor's "
        f"{sum(floor.values()) / 1000:.0f} ms. Beyond the floor's: {len(extra)} modules, "
        f"{sum(extra.values()) / 1000:.0f} ms; the floor's not imported here: "
        f"{skipped / 1000:.0f} ms"
    )
    for name, took in sorted(extra.items(), key=lambda item: -item[1])[:top]:
        print(f"{took / 1000:>9.1f} ms  {name}")


def against(
    old: Sequence[str], old_env: dict[str, str], new: Sequence[str], env: dict[str, str],
    runs: int, prepare: Callable[[], None] | None,
) -> list[tuple[tuple[float, float], tuple[float, float]]]:  # fmt: skip
    """`runs` pairs of timings (wall, CPU) of the baseline's command and this tree's, back
    to back in alternating order (two warm-up pairs first)."""
    pairs = []
    for index in range(runs + 2):
        timed = {}
        for which in ("old", "new") if index % 2 else ("new", "old"):
            if prepare is not None:
                prepare()
            timed[which] = run(old, old_env) if which == "old" else run(new, env)
        if index >= 2:
            pairs.append((timed["old"], timed["new"]))
    return pairs


def print_against(name: str, pairs: list[tuple[tuple[float, float], tuple[float, float]]]) -> None:
    for kind, index in (("wall", 0), ("cpu", 1)):
        old = [pair[0][index] * 1000 for pair in pairs]
        new = [pair[1][index] * 1000 for pair in pairs]
        differences = [b - a for a, b in zip(old, new, strict=True)]
        print(
            f"{name:<14} {kind:<4} baseline {statistics.median(old):6.1f} ms"
            f" ({min(old):.0f}-{max(old):.0f}), this tree {statistics.median(new):6.1f} ms"
            f" ({min(new):.0f}-{max(new):.0f}), difference (median of pairs)"
            f" {statistics.median(differences):+.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="paired runs per command")
    parser.add_argument("--rounds", type=int, default=40, help="rounds in the game")
    parser.add_argument("--imports", action="store_true", help="also show the slowest imports")
    parser.add_argument("--baseline", type=Path, help="a checkout to time against, not the floor")
    parser.add_argument("--baseline-python", default=sys.executable, help="its interpreter")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="scorepad-bench-") as folder:
        home = Path(folder)
        env = {**os.environ, "SCOREPAD_HOME": str(home), "COLUMNS": "80", "NO_COLOR": "1"}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        # An installed package runs from cached bytecode. Where the environment says not to
        # write bytecode, scorepad (unlike Typer and Rich) would be compiled on every run:
        # give every program a bytecode cache of its own; the warm-up runs fill it.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(home / "pycache")
        base = home / "bench.toml"
        save_game(base, long_game(args.rounds))
        copy = home / "bid.toml"

        def fresh_copy() -> None:
            shutil.copyfile(base, copy)

        show = [*SCOREPAD, "show", "-g", str(base)]
        bid = [*SCOREPAD, "bid", "-g", str(copy), *BID]
        print(
            f"{sys.executable} (Python {sys.version.split()[0]}), {args.runs} paired runs, "
            f"a {args.rounds}-round game"
        )
        if args.baseline is not None:
            then = {**env, "PYTHONPATH": str(args.baseline.resolve())}
            old = [args.baseline_python, *SCOREPAD[1:]]
            for name, command, prepare in (
                ("scorepad show", show, None),
                ("scorepad bid", bid, fresh_copy),
            ):
                pairs = against(old + command[len(SCOREPAD) :], then, command, env, args.runs,
                                prepare)  # fmt: skip
                print_against(name, pairs)
            return
        print(f"{'command':<16}{'time':<6}{'median':>10}{'floor':>10}{'ratio':>8}{'pairs':>8}")
        worst = worst_cpu = 0.0
        for name, command, prepare in (
            ("scorepad show", show, None),
            ("scorepad bid", bid, fresh_copy),
        ):
            floor_times, times = paired(command, args.runs, env, prepare)
            for kind, index in (("wall", 0), ("cpu", 1)):
                ours = [timing[index] for timing in times]
                floors = [timing[index] for timing in floor_times]
                median, floor = statistics.median(ours), statistics.median(floors)
                pair_ratio = statistics.median(t / f for t, f in zip(ours, floors, strict=True))
                if kind == "wall":
                    worst = max(worst, median / floor)
                else:
                    worst_cpu = max(worst_cpu, median / floor)
                print(
                    f"{name if kind == 'wall' else '':<16}{kind:<6}{median * 1000:>8.0f}ms"
                    f"{floor * 1000:>8.0f}ms{median / floor:>7.2f}x{pair_ratio:>7.2f}x"
                )
        verdict = "within" if worst <= TARGET_RATIO else "OVER"
        print(
            f"target <= {TARGET_RATIO:.2f}x: {verdict} (worst {worst:.2f}x wall, "
            f"{worst_cpu:.2f}x CPU); 'pairs' is the median of the run-by-run ratios"
        )
        if args.imports:
            print("\nimport times: each module's own time, the least of 7 runs (-X importtime)")
            floor_imports, show_times, bid_times = import_times(
                [(FLOOR, None), (show, None), (bid, fresh_copy)], env, 7
            )
            import_report("scorepad show", show_times, floor_imports)
            import_report("scorepad bid", bid_times, floor_imports)


if __name__ == "__main__":
    main()
