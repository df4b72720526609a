"""How fast the engine scores: one side's round, and a 40-round game's standings.

Run: python benchmarks/engine.py
Prints medians over repeats (machines are noisy: compare medians and ratios, not runs).
"""

from __future__ import annotations

import random
import statistics
import timeit

from scorepad.engine.bids import parse_bid
from scorepad.engine.game import Game, Round, SideEntry, new_game, standings
from scorepad.engine.scoring import Hand, score_side
from scorepad.files.presets import load_preset


def forty_round_game(seed: int = 1) -> Game:
    rng = random.Random(seed)
    rules = load_preset("club").rules
    game = new_game("bench", ("Ann", "Bob", "Cid", "Dee"), rules, preset="club")
    rounds = []
    for number in range(1, 41):
        tricks = [0, 0, 0, 0]
        for _ in range(13):
            tricks[rng.randrange(4)] += 1
        bids = [str(max(1, t + rng.choice((-1, 0, 0, 1)))) for t in tricks]
        if rng.random() < 0.2:
            bids[0] = "nil"
        sides = tuple(
            SideEntry((parse_bid(bids[s]), parse_bid(bids[s + 2])), (tricks[s], tricks[s + 2]))
            for s in (0, 1)
        )
        rounds.append(Round(game.dealer_for(number), sides))
    return Game(game.name, game.players, game.sides, game.preset, rules, 0, tuple(rounds))


def median_seconds(statement: object, number: int, repeat: int = 7) -> float:
    times = timeit.repeat(statement, number=number, repeat=repeat)  # type: ignore[arg-type]
    return statistics.median(times) / number


def main() -> None:
    rules = load_preset("standard").rules
    hands = [Hand(parse_bid("nil"), 1), Hand(parse_bid("4"), 5)]
    per_side = median_seconds(lambda: score_side(rules, hands, score=337, bags=7), 20_000)
    game = forty_round_game()
    per_game = median_seconds(lambda: standings(game), 200)
    print(
        f"score_side (nil + 4, bag penalty): {per_side * 1e6:8.2f} us  "
        f"({1 / per_side:,.0f} sides/s)"
    )
    print(f"standings of a 40-round game:      {per_game * 1e3:8.3f} ms")


if __name__ == "__main__":
    main()
