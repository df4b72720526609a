"""Where a kernel deal's side is kept: its slot, one for each place and bag count, so no
two side deals share one; partners who swap their bids and tricks share a slot's
numbers."""

from __future__ import annotations

from typing import Any

import pytest

from scorepad.presets import load_preset
from scorepad.scoring import score_side
from scorepad.sim.kernel import BLIND_NIL_CODE, NIL_CODE, kernel_built, table_type
from scorepad.sim.results import Tally
from scorepad.sim.runner import GameRunner
from scorepad.sim.slots import SlotShape, slot_shape, table_shape
from scorepad.sim.tabledeals import TableDeals
from tests.test_sim_kernel import KERNEL_PRESETS, needs_kernel


@pytest.mark.parametrize(
    ("preset", "shape"),
    [
        ("standard", (224, 10, 224**2 * 10)),
        ("quicksand", (224, 1, 224**2)),
        ("solo-5", (143, 10, 143 * 10)),
    ],
)
def test_there_is_a_slot_for_each_place_and_bag_count(
    preset: str, shape: tuple[int, int, int]
) -> None:
    assert table_shape(load_preset(preset).rules) == SlotShape(*shape)
    assert slot_shape(load_preset(preset).rules) == SlotShape(*shape)


def kernel_runner(calls: list[int], preset: str = "standard") -> GameRunner:
    """A runner of kernel deals, its engine calls counted in `calls`."""
    rules = load_preset(preset).rules

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return score_side(*args, **kwargs)

    table = table_type("c") if kernel_built() else None
    return GameRunner(rules, preset=preset, bots=("random",), seed=4, table=table, engine=counted)


def digit(code: int, took: int, tricks: int) -> int:
    """A seat's digit of its side's place, read from slots.py's description."""
    bid = {NIL_CODE: tricks + 1, BLIND_NIL_CODE: tricks + 2}.get(code, code)
    return bid * (tricks + 1) + took


@needs_kernel
@pytest.mark.parametrize("preset", KERNEL_PRESETS)
def test_each_side_has_its_own_place(preset: str) -> None:
    """A side's place reads back as its seats' bids and tricks, so no two side deals
    share a slot."""
    runner = kernel_runner([], preset=preset)
    rules = runner.rules
    source = runner.source
    assert isinstance(source, TableDeals)
    table = source.table
    radix = (rules.tricks + 3) * (rules.tricks + 1)
    table.seed(11)
    for deal in range(40):
        codes, taken, bad, places = table.deal(deal % rules.players, 0b11 * (deal % 2))
        assert bad == 0 and len(places) == rules.sides
        for side, place in enumerate(places):
            expected = 0
            for seat in rules.seats_of(side):
                expected = expected * radix + digit(codes[seat], taken[seat], rules.tricks)
            assert place == expected


@needs_kernel
def test_partners_who_swap_bids_and_tricks_share_a_slots_numbers() -> None:
    """North 3 taking 5 and South 5 taking 4 score as North 5 taking 4 and South 3
    taking 5: once one is scored, the other is read from its slot, not scored again."""
    rules = load_preset("standard").rules
    radix = table_shape(rules).radix
    calls: list[int] = []
    runner = kernel_runner(calls)
    folded = []
    for codes, taken in (((3, 1, 5, 1), (5, 1, 4, 3)), ((5, 1, 3, 1), (4, 1, 5, 3))):
        places = tuple(
            digit(codes[first], taken[first], 13) * radix + digit(codes[second], taken[second], 13)
            for first, second in (rules.seats_of(0), rules.seats_of(1))
        )
        scores, bags, sets = [0, 0], [9, 0], [0, 0]
        tally, problems = Tally(), []
        runner.scorer.fold(tally, codes, codes, taken, runner.source.played_of, scores, bags,
                           sets, problems, places, entries=False)  # fmt: skip
        folded.append((scores[0], bags[0], sets[0], tally.bag_penalties, problems))
    # 8 made, 1 over: the 10th bag costs 100 (points, bags after, not set, a penalty).
    assert folded[0] == (80 + 1 - 100, 0, 0, 1, [])
    assert folded[1] == folded[0]
    assert len(calls) == 2  # North-South once for both orders, East-West (the same) once
