"""OpenSpiel's Spades with random play, for a side-by-side with `sim_speed.py`.

OpenSpiel is never a dependency: run this with any Python that has it, for instance a
separate venv (`python -m venv /tmp/spiel && /tmp/spiel/bin/pip install open-spiel`):

    /tmp/spiel/bin/python benchmarks/sim_openspiel.py [--seconds 5]

`sim_speed.py --open-spiel-python /tmp/spiel/bin/python` runs it for you (with
`--cpp-only --json`: only the C++ loop, as one JSON object of deals, wall and cpu
seconds). Prints random deals a second two ways: driven action by action from Python,
and played whole in C++ by `pyspiel.evaluate_bots` with uniform random bots. Neither
validates or keeps a score across deals, which the scorepad simulator does.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--cpp-only", action="store_true", help="only the C++ loop")
    parser.add_argument("--json", action="store_true", help="deals, wall and cpu as JSON")
    args = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        raise SystemExit("open_spiel is not importable by this Python") from None
    game = pyspiel.load_game("spades")
    if args.cpp_only:
        deals, wall, cpu = in_cpp(pyspiel, game, args.seconds)
        if args.json:
            print(json.dumps({"deals": deals, "wall": wall, "cpu": cpu}))
        else:
            print(f"OpenSpiel spades, random play in C++ (evaluate_bots): {deals / wall:,.0f}")
        return
    rng = random.Random(0)
    deals = 0
    started = time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
        deals += 1
    from_python = deals / (time.perf_counter() - started)
    deals, wall, _ = in_cpp(pyspiel, game, args.seconds)
    print(f"OpenSpiel spades, random play driven from Python: {from_python:,.0f} deals/s")
    print(f"OpenSpiel spades, random play in C++ (evaluate_bots): {deals / wall:,.0f} deals/s")


def in_cpp(pyspiel: Any, game: Any, seconds: float) -> tuple[int, float, float]:
    """Deals played whole in C++ for about `seconds`: (deals, wall, cpu seconds)."""
    bots = [pyspiel.make_uniform_random_bot(player, 1234 + player) for player in range(4)]
    deals = 0
    started, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, deals)
        deals += 1
    return deals, time.perf_counter() - started, time.process_time() - cpu


if __name__ == "__main__":
    main()
