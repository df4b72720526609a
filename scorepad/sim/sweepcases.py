"""The rule sets a sweep plays: every shipped preset, the edge cases, and a seeded
sample of knob combinations a new game accepts, chosen greedily so that every value of
every knob in `SWEEP_VALUES` is played and as many pairs of knobs as the rules allow are
played together away from their defaults (see `sweep.py`)."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from scorepad.engine.ruledata import rules_to_mapping
from scorepad.engine.rules import Rules, format_value
from scorepad.errors import ScorepadError
from scorepad.files.presets import apply_overrides, load_preset, preset_names
from scorepad.reference import rulebook

# The values the sweep plays of every knob (docs/rules.md "Every knob"): each one
# reached in some game the rules accept. Low and high targets, loss limits near and
# far, small bag limits (two penalties in a round), the thresholds around their use.
SWEEP_VALUES: dict[str, tuple[object, ...]] = {
    "players": (3, 4, 5, 6),
    "partnerships": (True, False),
    "jokers": (True, False),
    "removed_cards": ((), ("2C",), ("2C", "2D"), ("2C", "2D", "2H", "2S")),
    "redeal_without_spades": (True, False),
    "misdeal_redeal": ("same", "next"),
    "target": (100, 150, 250, 500, 1000, 2000),
    "loss_limit": ("none", -50, -100, -200, -500),
    "tie": ("play-on", "draw"),
    "sets_to_lose": (0, 1, 2, 3),
    "sets_in_a_row": (0, 1, 2, 3),
    "deal_limit": (0, 6, 20),
    "boston_wins": (True, False),
    "confirm_entries": (False, True),
    "nil": (True, False),
    "zero_bid": ("nil", "plain"),
    "blind_nil": (True, False),
    "blind_nil_deficit": (0, 50, 100, 200),
    "blind_nil_exchange": (0, 1, 2),
    "blind_bids": (True, False),
    "blind_bid_min": (4, 6, 8),
    "blind_bid_deficit": (0, 50, 100),
    "partner_bidding": (True, False),
    "min_team_bid": (0, 2, 4),
    "suicide": (True, False),
    "suicide_min_bid": (3, 4, 5),
    "no_hell": (True, False),
    "contract_scoring": ("standard", "quicksand"),
    "trick_points": (5, 10, 20),
    "overtrick_points": (0, 1, 2),
    "set_scoring": ("minus-bid", "zero"),
    "nil_points": (50, 100, 200),
    "blind_nil_points": (100, 200, 300),
    "failed_nil_tricks": ("bags", "contract", "none"),
    "double_nil": ("separate", "all-or-nothing"),
    "bags": (True, False),
    "bag_limit": (1, 3, 5, 10),
    "bag_penalty": (50, 100, 200),
    "ten_for_200": (True, False),
    "ten_for_200_bid": (8, 10, 12),
    "ten_for_200_points": (100, 200, 300),
    "ten_for_200_penalty": (100, 200),
    "boston": (True, False),
    "boston_points": (200, 500),
    "boston_penalty": (100, 200, 500),
    "exact_bonus": (0, 20),
    "exact_bonus_bids": ((1, 2), (1,), (3,)),
    "big_contract_bonus": (0, 10),
    "big_contract_threshold": ("auto", 5, 7),
}

# docs/rules.md "Every knob": the heading of each knob's table, from its first knob on in
# `SWEEP_VALUES`'s order (tests/test_sim_sweep.py holds this to the page).
_FIRST_UNDER = {"players": "The table and the deck", "target": "How a game ends",
                "confirm_entries": "Keeping the score", "nil": "Bidding",
                "contract_scoring": "Scoring"}  # fmt: skip


def _headings() -> dict[str, str]:
    headings, heading = {}, ""
    for key in SWEEP_VALUES:
        heading = headings[key] = _FIRST_UNDER.get(key, heading)
    return headings


HEADINGS = _headings()

# Games whose scores move in tens land on the target, the loss limit and the deficit
# exactly; with several sides, a side through the limit while the others are level at
# the top stays out while play goes on, and may climb back.
EDGE_CASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("club", ("overtrick_points=0", "blind_nil_deficit=50", "target=250")),
    ("club", ("overtrick_points=0", "target=150", "blind_bids=true", "blind_bid_deficit=50")),
    ("standard", ("overtrick_points=0", "loss_limit=-100", "sets_to_lose=2", "target=250")),
    ("standard", ("overtrick_points=0", "loss_limit=-50", "target=100", "tie=draw")),
    ("standard", ("sets_in_a_row=2", "sets_to_lose=3", "min_team_bid=6", "target=1000")),
    ("solo-3", ("overtrick_points=0", "loss_limit=-50")),
    ("solo-3", ("overtrick_points=0", "loss_limit=-100", "target=250")),
    ("solo-5", ("overtrick_points=0", "loss_limit=-50", "target=150")),
    ("house", ("blind_bids=true", "blind_bid_deficit=0", "target=1000", "bag_limit=3")),
    ("house", ("partner_bidding=true", "target=2000", "loss_limit=-200", "bag_limit=5")),
    ("quicksand", ("blind_nil=true", "target=250", "loss_limit=-100")),
    ("bonus", ("blind_bids=true", "blind_bid_deficit=0", "blind_bid_min=4", "boston=true")),
    ("standard", ("boston=true", "boston_wins=true", "double_nil=all-or-nothing")),
    ("club", ("boston=true", "boston_wins=true", "partner_bidding=true", "target=250")),
    # A side's least contract, which the bots' choices keep to: only tries break it.
    ("standard", ("min_team_bid=4", "zero_bid=plain")),
)  # fmt: skip

@dataclass(frozen=True, slots=True)
class SweepCase:
    """One rule set of a sweep: a shipped preset and `--set` overrides."""

    preset: str
    overrides: tuple[str, ...] = ()

    def label(self) -> str:
        sets = "".join(f" --set {text}" for text in self.overrides)
        return f"--preset {self.preset}{sets}"


def knob_values(rules: Rules) -> dict[str, str]:
    """Each knob's value in these rules, as the report names it."""
    return {key: format_value(value) for key, value in rules_to_mapping(rules).items()}


DEFAULTS = {key: format_value(value) for key, value in rulebook.DEFAULTS.items()}


def sweep_cases(seed: int, sampled: int) -> list[tuple[SweepCase, Rules]]:
    """The sweep's rule sets: every shipped preset, the edge cases, and `sampled`
    combinations a new game accepts, drawn from `seed` and chosen greedily for the knob
    values and the pairs of knobs (both away from their defaults) not played yet."""
    cases: list[tuple[SweepCase, Rules]] = []
    bases = {name: load_preset(name).rules for name in preset_names()}
    for name, rules in bases.items():
        cases.append((SweepCase(name), rules))
    for name, overrides in EDGE_CASES:
        cases.append((SweepCase(name, overrides), apply_overrides(bases[name], overrides)))
    values: set[tuple[str, str]] = set()
    pairs: set[tuple[str, str]] = set()
    for _, rules in cases:
        values.update(knob_values(rules).items())
        pairs.update(knob_pairs(knob_values(rules)))
    rng = random.Random(f"scorepad-sweep:{seed}")
    names = sorted(bases)
    for _ in range(sampled):
        best: tuple[int, SweepCase, Rules] | None = None
        for _ in range(12):  # candidates for each pick
            case, rules = _candidate(rng, names, bases, values)
            knobs = knob_values(rules)
            gain = 20 * len(set(knobs.items()) - values) + len(knob_pairs(knobs) - pairs)
            if best is None or gain > best[0]:
                best = (gain, case, rules)
        assert best is not None
        _, case, rules = best
        cases.append((case, rules))
        values.update(knob_values(rules).items())
        pairs.update(knob_pairs(knob_values(rules)))
    return cases


def knob_pairs(knobs: Mapping[str, str]) -> set[tuple[str, str]]:
    """The pairs of knobs these values have both away from their defaults."""
    away = sorted(key for key, value in knobs.items() if value != DEFAULTS[key])
    return set(combinations(away, 2))


def _candidate(
    rng: random.Random, names: Sequence[str], bases: Mapping[str, Rules],
    values: set[tuple[str, str]],
) -> tuple[SweepCase, Rules]:  # fmt: skip
    """A random combination: a preset, then knobs set one at a time in a random order,
    each kept only where the engine accepts it as `--set` would (values not played yet
    first)."""
    name = rng.choice(list(names))
    rules = bases[name]
    kept: list[str] = []
    keys = list(SWEEP_VALUES)
    rng.shuffle(keys)
    for key in keys:
        if rng.random() >= 0.3:
            continue
        choices = SWEEP_VALUES[key]
        fresh = [value for value in choices if (key, format_value(value)) not in values]
        value = rng.choice(fresh or list(choices))
        text = f"{key}={format_value(value)}"
        try:
            rules = apply_overrides(rules, [text])
        except ScorepadError:
            continue
        kept.append(text)
    return SweepCase(name, tuple(kept)), rules


@functools.cache
def pair_allowed(first: str, second: str) -> bool:
    """Whether some preset with some values of the two knobs, both away from their
    defaults, is a game the rules accept."""
    bases = [load_preset(name).rules for name in preset_names()]
    # Two values of each away from the default, tried on every preset: a pair refused
    # this way is taken as one the rules refuse.
    ones = [one for one in SWEEP_VALUES[first] if format_value(one) != DEFAULTS[first]][:2]
    twos = [two for two in SWEEP_VALUES[second] if format_value(two) != DEFAULTS[second]][:2]
    for base in bases:
        for one in ones:
            for two in twos:
                texts = [f"{first}={format_value(one)}", f"{second}={format_value(two)}"]
                try:
                    apply_overrides(base, texts)
                except ScorepadError:
                    continue
                return True
    return False


def possible_pairs(cases: Iterable[tuple[SweepCase, Rules]]) -> set[tuple[str, str]]:
    """The pairs of knobs some game the rules accept has both away from their defaults:
    those played, and those a preset with the two set accepts."""
    played: set[tuple[str, str]] = set()
    for _, rules in cases:
        played |= knob_pairs(knob_values(rules))
    every = set(combinations(sorted(SWEEP_VALUES), 2))
    return played | {pair for pair in every - played if pair_allowed(*pair)}
