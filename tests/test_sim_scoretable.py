"""The kernel path's shared table of scored sides: what a slot holds, where a side goes,
and that a second runner, or a forked process, reads what another one scored."""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.errors import BidError
from scorepad.presets import load_preset
from scorepad.scoring import score_side
from scorepad.sim import checker as checker_module
from scorepad.sim import scorer as scorer_module
from scorepad.sim.kernel import BLIND_NIL_CODE, NIL_CODE, kernel_built, table_type
from scorepad.sim.runner import GameRunner
from scorepad.sim.scoretable import Numbers, ScoreTable, pack, score_table, table_shape, unpack
from scorepad.sim.tabledeals import TableDeals
from scorepad.sim.validate import Problem
from tests.test_sim_kernel import KERNEL_PRESETS, needs_kernel

nils = st.none() | st.tuples(*[st.integers(0, 3)] * 4)
numbers = st.tuples(
    st.integers(-(2**31), 2**31 - 1),  # points
    st.integers(0, 4095),  # bags after
    st.integers(0, 15),  # penalties
    st.sampled_from([None, True, False]),  # made
    st.booleans(),  # Boston
    st.booleans(),  # the validator found the score wrong
    nils,
)


@given(numbers)
def test_a_slot_gives_back_the_numbers_written_to_it(side: Numbers) -> None:
    value = pack(*side)
    assert value > 0 and unpack(value) == side


@pytest.mark.parametrize(
    "side",
    [
        pytest.param((2**31, 0, 0, True, False, False, None), id="points too high"),
        pytest.param((-(2**31) - 1, 0, 0, False, False, False, None), id="points too low"),
        pytest.param((40, 4096, 0, True, False, False, None), id="bags"),
        pytest.param((40, -1, 0, True, False, False, None), id="negative bags"),
        pytest.param((-100, 2, 16, True, False, False, None), id="penalties"),
        pytest.param((100, 0, 0, None, False, False, (4, 0, 0, 0)), id="four nil bids"),
    ],
)
def test_numbers_that_do_not_fit_a_slot_are_not_written(side: Numbers) -> None:
    assert pack(*side) == 0


@pytest.mark.parametrize(
    ("preset", "shape"),
    [
        ("standard", (224, 10, 224**2 * 10)),
        ("quicksand", (224, 1, 224**2)),
        ("solo-5", (143, 10, 143 * 10)),
    ],
)
def test_the_table_has_a_slot_for_each_place_and_bag_count(
    preset: str, shape: tuple[int, int, int]
) -> None:
    assert table_shape(load_preset(preset).rules) == shape


@pytest.fixture
def engine_calls() -> list[int]:
    """Counts the engine's calls by the runners `kernel_runner` makes."""
    return []


@pytest.fixture
def shared() -> ScoreTable:
    """An empty score table for the standard rules, as a run makes one."""
    table = score_table(load_preset("standard").rules)
    assert table is not None
    return table


def kernel_runner(
    shared: ScoreTable | None, calls: list[int] | None = None, preset: str = "standard"
) -> GameRunner:
    """A runner of kernel deals, sharing `shared` (as a run's processes do: a runner
    reads and writes the table only then), its engine calls counted in `calls`."""
    rules = load_preset(preset).rules

    def counted(*args: Any, **kwargs: Any) -> Any:
        if calls is not None:
            calls.append(1)
        return score_side(*args, **kwargs)

    table = table_type("c") if kernel_built() else None
    return GameRunner(rules, preset=preset, bots=("random",), seed=4, table=table,
                      shared=shared, engine=counted, workers=shared is not None)  # fmt: skip


def digit(code: int, took: int, tricks: int) -> int:
    """A seat's digit of its side's place, read from scoretable.py's description."""
    bid = {NIL_CODE: tricks + 1, BLIND_NIL_CODE: tricks + 2}.get(code, code)
    return bid * (tricks + 1) + took


@needs_kernel
@pytest.mark.parametrize("preset", KERNEL_PRESETS)
def test_each_side_has_its_own_place(preset: str) -> None:
    """A side's place reads back as its seats' bids and tricks, so no two side deals
    share a slot."""
    runner = kernel_runner(None, preset=preset)
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
def test_a_second_runner_reads_the_scores_the_first_wrote(
    engine_calls: list[int], shared: ScoreTable
) -> None:
    first = kernel_runner(shared, engine_calls)
    results = [first.play_game(index) for index in range(12)]
    assert len(engine_calls) > 100
    engine_calls.clear()
    second = kernel_runner(shared, engine_calls)  # its own memo tables; the same table
    again = [second.play_game(index) for index in range(12)]
    assert [(r.scores, r.deals, r.winner) for r in again] == [
        (r.scores, r.deals, r.winner) for r in results
    ]
    assert engine_calls == []  # every side came from the table


def _fill(shared: ScoreTable) -> None:
    runner = kernel_runner(shared)
    for index in range(12):
        runner.play_game(index)


@needs_kernel
@pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(), reason="shared only when forked"
)
def test_a_forked_process_scores_into_the_table_of_the_process_that_made_it() -> None:
    rules = load_preset("standard").rules
    table = score_table(rules)
    assert table is not None and not any(table.values)
    child = multiprocessing.get_context("fork").Process(target=_fill, args=(table,))
    child.start()
    child.join()
    assert child.exitcode == 0
    # What the child scored is seen here: the slots the same games fill in this process.
    from_child = [slot for slot, value in enumerate(table.values) if value]
    here = score_table(rules)
    assert here is not None and here is not table
    _fill(here)
    assert from_child == [slot for slot, value in enumerate(here.values) if value]
    assert len(from_child) > 100


@needs_kernel
def test_a_score_the_validator_refused_is_refused_again_where_it_is_read(
    shared: ScoreTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a flag is kept in the slot; whoever reads it scores the side again, and its
    violation reads the same."""

    def refused(rules: object, scored: Any, score: int, bags: int) -> list[Problem]:
        return [Problem("engine", "lines-sum", {"points": 43})] if scored.points == 43 else []

    monkeypatch.setattr(scorer_module, "check_side_score", refused)
    first = kernel_runner(shared)
    seen = [len(first.play_game(index).violations) for index in range(30)]
    assert sum(seen) > 0
    second = kernel_runner(shared)
    assert [len(second.play_game(index).violations) for index in range(30)] == seen


@needs_kernel
def test_partners_who_swap_bids_and_tricks_read_each_others_slot(
    engine_calls: list[int], shared: ScoreTable
) -> None:
    """North 3 taking 5 and South 5 taking 4 score as North 5 taking 4 and South 3
    taking 5: once one is in the table, the other is read from it, not scored again."""
    rules = load_preset("standard").rules
    radix, bag_slots, _ = table_shape(rules)

    def slot(codes: tuple[int, ...], taken: tuple[int, ...], bags: int) -> int:
        place = digit(codes[0], taken[0], 13) * radix + digit(codes[2], taken[2], 13)
        return place * bag_slots + bags

    north_three = ((3, 1, 5, 1), (5, 1, 4, 3))
    south_three = ((5, 1, 3, 1), (4, 1, 5, 3))

    def read(runner: GameRunner, codes: tuple[int, ...], taken: tuple[int, ...]) -> Any:
        place = slot(codes, taken, 0) // bag_slots
        return runner.scorer.from_table(0, codes, taken, runner.source.played_of, place, 9, 0)

    first = read(kernel_runner(shared, engine_calls), *north_three)
    # 8 made, 1 over: the 10th bag costs 100 (points, bags after, not set, a contract).
    assert first[:4] == (80 + 1 - 100, 0, 0, 1)
    assert first[4] is not None and first[4].penalties == 1
    assert len(engine_calls) == 1
    second = read(kernel_runner(shared, engine_calls), *south_three)
    assert second == first and len(engine_calls) == 1
    assert shared.values[slot(*south_three, 9)] == shared.values[slot(*north_three, 9)] != 0


@needs_kernel
def test_a_second_runner_reads_the_bid_checks_the_first_made(
    shared: ScoreTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bids without a blind nil are checked once: a refusal is only flagged in the table,
    and worded again by the runner that reads it."""

    def refused(rules: object, bids: Sequence[Any], *, last: str) -> None:
        if sum(0 if bid.is_nil else bid.tricks for bid in bids) == 10:
            raise BidError("made up: ten")

    checked: list[int] = []

    def counted(rules: object, bids: Sequence[Any], *, last: str) -> None:
        checked.append(1)
        refused(rules, bids, last=last)

    monkeypatch.setattr(checker_module, "check_table_bids", refused)
    first = kernel_runner(shared)
    seen = [[v.message for v in first.play_game(index).violations] for index in range(12)]
    assert any(seen)
    monkeypatch.setattr(checker_module, "check_table_bids", counted)
    second = kernel_runner(shared)
    again = [[v.message for v in second.play_game(index).violations] for index in range(12)]
    assert again == seen
    refusals = sum(len(messages) for messages in seen)
    assert 0 < len(checked) <= refusals  # only the refused deals are checked again
