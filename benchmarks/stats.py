"""`scorepad stats` over 1,000 saved games of 20 rounds: the time beyond start-up.

Builds a scorepad home in a temporary folder (1,000 finished and unfinished games of 20
played rounds, six players in changing partnerships), then, every run in a fresh process
so that nothing read before is remembered:

- times `scorepad stats --json` on that home and on an empty one (the start-up: Python,
  the imports, the command itself), in pairs, alternating which goes first; the median
  of the differences is the time beyond start-up. The goal is under a second. The CPU
  time beyond start-up is printed too: on a busy machine the clock counts the waits.
- in a fresh process with the modules imported, times its two parts without the games'
  index: reading every game file with its standings and counts (`gameindex.read_games`
  with no index: each file parsed and folded into `stats.GameFacts`) and adding them up
  (`stats.collect_facts`). `scorepad stats` itself reads through the index, so after
  its first run (the one a fresh home has) no file is parsed again until it changes;
  benchmarks/ratings.py measures the index, cold and warm.

Run from the repository root:

    python benchmarks/stats.py                 # 1,000 games, 5 runs
    python benchmarks/stats.py --games 200 --runs 3
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.engine.bids import NIL, number  # noqa: E402
from scorepad.engine.game import Game, Round, SideEntry  # noqa: E402
from scorepad.files.presets import load_preset  # noqa: E402

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
GOAL = 1.0  # seconds beyond start-up
# How an installed `scorepad` console script starts: import the CLI and call main().
SCOREPAD = [sys.executable, "-m", "scorepad"]  # as the console script starts
# The two parts, timed in a fresh process once the modules are imported.
PARTS = """
import json, time
from scorepad.files.gameindex import read_games
from scorepad.files.library import saved_games
from scorepad.club.stats import collect_facts
started = time.perf_counter()
games = read_games(saved_games(), None)
loaded = time.perf_counter()
result = collect_facts([game.facts for game in games if game.facts])
done = time.perf_counter()
print(json.dumps({"games": result.games, "read": loaded - started, "count": done - loaded}))
"""


def made_up_game(index: int, rng: random.Random, rounds: int) -> Game:
    """A game of `rounds` played rounds with plausible bids and tricks (nils included).

    A loss limit far away and a target out of reach keep all the rounds in the game.
    """
    rules = load_preset("standard").rules
    players = tuple(rng.sample(NAMES, 4))
    sides = (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")
    played = []
    for number_ in range(rounds):
        taken = [0, 0, 0, 0]
        for _ in range(13):
            taken[rng.randrange(4)] += 1
        # Near what was taken, never above 6, so a side's bids stay within a deal.
        bids = [
            NIL if took == 0 and rng.random() < 0.5 else number(min(6, max(1, took + shift)))
            for took, shift in zip(taken, rng.choices((-1, 0, 0, 1), k=4), strict=True)
        ]
        entries = tuple(
            SideEntry((bids[side], bids[side + 2]), (taken[side], taken[side + 2]))
            for side in range(2)
        )
        played.append(Round(number_ % 4, entries))
    return Game(f"game {index}", players, sides, "standard", rules, 0, tuple(played))


def build_home(home: Path, games: int, rounds: int) -> None:
    """Save `games` made-up games in the games folder of `home`."""
    from scorepad.files.library import game_path_for
    from scorepad.files.store import save_game

    os.environ["SCOREPAD_HOME"] = str(home)
    rng = random.Random(1)
    for index in range(games):
        game = made_up_game(index, rng, rounds)
        save_game(game_path_for(game.name), game)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_stats(home: Path) -> tuple[float, float]:
    """Seconds that `scorepad stats --json` takes on `home` in a fresh process: on the
    clock, and of CPU time (which other work on a shared machine disturbs less)."""
    env = {**os.environ, "SCOREPAD_HOME": str(home), "PYTHONPATH": str(ROOT)}
    cpu, started = _children_cpu(), time.perf_counter()
    subprocess.run([*SCOREPAD, "stats", "--json"], env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started, _children_cpu() - cpu


def run_parts(home: Path) -> dict[str, float]:
    env = {**os.environ, "SCOREPAD_HOME": str(home), "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", PARTS], env=env, check=True, capture_output=True, text=True
    )
    parts: dict[str, float] = json.loads(out.stdout)
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    from scorepad.files.tomltext import toml_reader

    with tempfile.TemporaryDirectory() as full, tempfile.TemporaryDirectory() as empty:
        build_home(Path(full), args.games, args.rounds)
        beyond, beyond_cpu, totals, startups, reads, counts = [], [], [], [], [], []
        for run in range(args.runs):
            # Alternate which goes first, so that both see the same machine load.
            if run % 2:
                startup, total = run_stats(Path(empty)), run_stats(Path(full))
            else:
                total, startup = run_stats(Path(full)), run_stats(Path(empty))
            beyond.append(total[0] - startup[0])
            beyond_cpu.append(total[1] - startup[1])
            totals.append(total[0])
            startups.append(startup[0])
            parts = run_parts(Path(full))
            assert parts["games"] == args.games, parts
            reads.append(parts["read"])
            counts.append(parts["count"])
    median = statistics.median
    print(
        f"stats over {args.games} games of {args.rounds} rounds, {args.runs} runs, each in a"
        f" fresh process: beyond start-up median {median(beyond):.3f} s (goal under"
        f" {GOAL:.0f} s; `scorepad stats --json` {median(totals):.3f} s, on an empty home"
        f" {median(startups):.3f} s; of CPU time {median(beyond_cpu):.3f} s beyond start-up);"
        f" its parts without the index: reading, folding and counting each game file"
        f" {median(reads):.3f} s, adding up {median(counts):.3f} s. Game files read by"
        f" {toml_reader()}."
    )


if __name__ == "__main__":
    main()
