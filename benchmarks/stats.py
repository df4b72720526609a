"""`scorepad stats` over 1,000 saved games of 20 rounds: the time beyond start-up.

Builds a scorepad home in a temporary folder (1,000 finished and unfinished games of 20
played rounds, six players in changing partnerships), then times reading every game
and folding the statistics, in this process, and prints the median with its two parts:
reading the files (`store.load_game_file`) and the standings and counts
(`stats.collect_stats`). The goal is under a second. Run from the repository root:

    python benchmarks/stats.py                 # 1,000 games, 5 repeats
    python benchmarks/stats.py --games 200 --repeats 3
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.bids import NIL, number  # noqa: E402
from scorepad.game import Game, Round, SideEntry  # noqa: E402
from scorepad.rules import load_preset  # noqa: E402

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    from scorepad.stats import collect_stats
    from scorepad.store import game_path_for, save_game, saved_games

    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREPAD_HOME"] = home
        rng = random.Random(1)
        for index in range(args.games):
            game = made_up_game(index, rng, args.rounds)
            save_game(game_path_for(game.name), game)
        from scorepad.cli.stats import read_games

        totals, loads, folds = [], [], []
        for _ in range(args.repeats):
            started = time.perf_counter()
            games = list(read_games(saved_games()))
            loaded = time.perf_counter()
            result = collect_stats(games)
            done = time.perf_counter()
            totals.append(done - started)
            loads.append(loaded - started)
            folds.append(done - loaded)
        assert result.games == args.games
        print(
            f"stats over {args.games} games of {args.rounds} rounds: median"
            f" {statistics.median(totals):.3f} s (of {args.repeats}; goal under 1 s):"
            f" reading the game files {statistics.median(loads):.3f} s,"
            f" standings and counting {statistics.median(folds):.3f} s"
        )


if __name__ == "__main__":
    main()
