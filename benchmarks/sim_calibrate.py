"""How the heuristic bot's count of a hand compares with the tricks it then takes.

Run from the repository root:

    python benchmarks/sim_calibrate.py --preset standard --preset solo-3

For each rounded count of sure tricks (`hand_tricks`) it prints how many tricks such hands
took on average, and for nil bids the share made by the hand's `nil_risk`. The heuristic
bot's bidding formula (share of the tricks, plus the count above the average hand) and its
nil thresholds were set from these tables.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.engine.play import mask_of  # noqa: E402
from scorepad.files.presets import load_preset  # noqa: E402
from scorepad.sim.gameloop import GameRunner  # noqa: E402
from scorepad.sim.valuation import RANK_OF, hand_tricks, nil_risk  # noqa: E402


def calibrate(preset: str, games: int) -> None:
    rules = load_preset(preset).rules
    runner = GameRunner(
        rules, preset=preset, bots=("heuristic",), seed=2, keep_records=True, max_deals=60
    )
    taken_by_count: dict[int, list[int]] = collections.defaultdict(list)
    nils: dict[float, list[int]] = collections.defaultdict(lambda: [0, 0])
    for index in range(games):
        for deal in runner.play_game(index).records:
            top = RANK_OF[max(code for hand in deal.dealt for code in hand)]
            held = deal.holdings()
            for seat, bid in deal.bids:
                hand = mask_of(held[seat])
                if bid.is_nil:
                    row = nils[round(nil_risk(hand) * 5) / 5]
                    row[0] += 1
                    row[1] += deal.taken[seat] == 0
                else:
                    taken_by_count[round(hand_tricks(hand, top))].append(deal.taken[seat])
    print(f"{preset}: count -> hands, mean tricks taken")
    for count in sorted(taken_by_count):
        taken = taken_by_count[count]
        print(f"  {count:>3} {len(taken):>6} {sum(taken) / len(taken):>6.2f}")
    print(f"{preset}: nil risk -> nils, made")
    for risk in sorted(nils):
        bids, made = nils[risk]
        print(f"  {risk:>4.1f} {bids:>6} {made / bids:>6.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", action="append")
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    for preset in args.preset or ["standard"]:
        calibrate(preset, args.games)


if __name__ == "__main__":
    main()
