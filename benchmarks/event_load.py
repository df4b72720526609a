"""Club night: how long seating a night takes (benchmarks/event_load.py).

    python benchmarks/event_load.py [--repeat N]

Seats 40 players for 10 rounds (rotate) from 7 seeds, and 20 pairs for 10 rounds (a
round robin, and swiss round by round), and prints the median and range of each, with the
1-minute load. The issue's mark: 40 players for 10 rounds under 1 s.

Not measured here yet: the served room's page under load (10 keep clients entering at
once, 40 watchers); `scorepad serve --event` is not built (see the issue note).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from scorepad.seating import RoundSeats, seat_pairs, seat_rotate, seat_swiss_round


def timed(work: Callable[[], object], repeat: int) -> list[float]:
    seconds = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        seconds.append(time.perf_counter() - start)
    return seconds


def swiss_night(seed: int) -> None:
    names = [f"P{index:02}" for index in range(40)]
    pairs = [(names[2 * i], names[2 * i + 1]) for i in range(20)]
    draw = random.Random(seed)
    played: list[RoundSeats] = []
    for _round in range(10):
        ranking = sorted(pairs, key=lambda _pair: draw.random())
        played.extend(seat_swiss_round(pairs, ranking, draw, played).rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    names = [f"P{index:02}" for index in range(40)]
    pairs = [(names[2 * i], names[2 * i + 1]) for i in range(20)]
    seeds = iter(range(10**6))
    cases = {
        "rotate, 40 players, 10 rounds": lambda: seat_rotate(
            names, 10, random.Random(next(seeds))
        ),
        "pairs, 20 pairs, 10 rounds": lambda: seat_pairs(pairs, 10, random.Random(next(seeds))),
        "swiss, 20 pairs, 10 rounds": lambda: swiss_night(next(seeds)),
    }
    for label, work in cases.items():
        seconds = timed(work, args.repeat)
        with open("/proc/loadavg") as loadavg:
            load = loadavg.read().split()[0]
        print(
            f"{label}: median {statistics.median(seconds):.3f} s, range"
            f" {min(seconds):.3f}-{max(seconds):.3f} s over {args.repeat} seeds (load {load})"
        )


if __name__ == "__main__":
    main()
