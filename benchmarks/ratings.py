"""`scorepad ratings` over 10,000 saved games: cold (no index), warm, and one game added.

Builds a scorepad home in a temporary folder with 10,000 finished games played by the
simulator's heuristic bots (16 names, four drawn at random for each game, files dated
one minute apart), then times `scorepad ratings --json` in a fresh process each time:

- cold: the index (`gameindex`) deleted first, so every file is read, checked, folded
  and rated, and the index written;
- warm: the index there and every file as it recorded: read and hashed, no file parsed,
  and the ratings taken from the index's kept state;
- re-rated: the index's files kept but its ratings state deleted, so all 10,000 games
  are rated again from the index's facts (what the kept state saves; `gameindex`'s
  state is code for speed, and this is its benchmark);
- one added: a new finished game saved after the others (one file parsed, one update).

and the start-up on an empty home, in rounds that alternate the order. It prints the
medians and ranges, and the CPU time beside the clock (a busy machine counts its waits).

Run from the repository root:

    python benchmarks/ratings.py                 # 10,000 games, 5 rounds
    python benchmarks/ratings.py --games 2000 --runs 3
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.engine.game import Game  # noqa: E402

NAMES = tuple(f"Player {letter}" for letter in "ABCDEFGHIJKLMNOP")
GOAL = 2.0  # seconds, warm
SCOREPAD = [sys.executable, "-m", "scorepad"]  # as the console script starts


def played_games(count: int, seed: int) -> list[Game]:
    """`count` games played to their end by heuristic bots, their players named at random."""
    import dataclasses

    from scorepad.files.presets import load_preset
    from scorepad.sim.gameloop import GameRunner

    rules = load_preset("standard").rules
    runner = GameRunner(rules, preset="standard", seed=seed, keep_game=True, validate=False)
    rng = random.Random(seed)
    games = []
    for index in range(count):
        game = runner.play_game(index).game
        assert game is not None
        games.append(dataclasses.replace(game, players=tuple(rng.sample(NAMES, 4))))
    return games


def build_home(home: Path, games: int) -> None:
    from scorepad.files.library import game_path_for
    from scorepad.files.store import save_game

    os.environ["SCOREPAD_HOME"] = str(home)
    start = 1_700_000_000
    for index, game in enumerate(played_games(games, seed=1)):
        path = game_path_for(f"game-{index:05d}")
        save_game(path, game)
        os.utime(path, (start + 60 * index, start + 60 * index))


def add_game(home: Path, index: int) -> None:
    """One more finished game, saved after all the others."""
    from scorepad.files.library import game_path_for
    from scorepad.files.store import save_game

    os.environ["SCOREPAD_HOME"] = str(home)
    save_game(game_path_for(f"added-{index}"), played_games(1, seed=1000 + index)[0])


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_ratings(home: Path) -> tuple[float, float]:
    """Seconds `scorepad ratings --json` takes on `home` in a fresh process: clock, CPU."""
    env = {**os.environ, "SCOREPAD_HOME": str(home), "PYTHONPATH": str(ROOT)}
    cpu, started = _children_cpu(), time.perf_counter()
    subprocess.run([*SCOREPAD, "ratings", "--json"], env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started, _children_cpu() - cpu


def drop_state(home: Path) -> None:
    with sqlite3.connect(home / "games" / ".index.sqlite") as connection:
        connection.execute("DELETE FROM ratings")


def summary(name: str, figures: list[tuple[float, float]]) -> str:
    clock = [figure[0] for figure in figures]
    cpu = [figure[1] for figure in figures]
    return (
        f"{name}: median {statistics.median(clock):.3f} s (range {min(clock):.3f}-"
        f"{max(clock):.3f}), CPU {statistics.median(cpu):.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as full, tempfile.TemporaryDirectory() as empty:
        home = Path(full)
        built = time.perf_counter()
        build_home(home, args.games)
        print(f"built {args.games} games in {time.perf_counter() - built:.1f} s", flush=True)
        index = home / "games" / ".index.sqlite"
        kinds: dict[str, list[tuple[float, float]]] = {
            "start-up (empty home)": [], "cold (no index)": [], "warm": [],
            "re-rated (no kept state)": [], "one game added": [],
        }  # fmt: skip
        for run in range(args.runs):
            order = list(kinds)
            if run % 2:
                order.reverse()
            for kind in order:
                if kind == "start-up (empty home)":
                    kinds[kind].append(run_ratings(Path(empty)))
                    continue
                if kind == "cold (no index)":
                    index.unlink(missing_ok=True)
                else:
                    run_ratings(home)  # the index and its state up to date
                if kind == "re-rated (no kept state)":
                    drop_state(home)
                if kind == "one game added":
                    add_game(home, run)
                kinds[kind].append(run_ratings(home))
    load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
    print(
        f"`scorepad ratings --json` over {args.games} saved games, {args.runs} rounds, each"
        f" in a fresh process (1-minute load {load} at the end; warm goal under {GOAL:g} s):"
    )
    for kind, figures in kinds.items():
        print("  " + summary(kind, figures))
    warm = statistics.median(f[0] for f in kinds["warm"])
    rerated = statistics.median(f[0] for f in kinds["re-rated (no kept state)"])
    added = statistics.median(f[0] for f in kinds["one game added"])
    print(
        f"  paired: re-rated / warm {rerated / warm:.2f}x (what the kept state saves);"
        f" one game added - warm {added - warm:+.3f} s"
    )


if __name__ == "__main__":
    main()
