"""The kernel path's shared table of scored sides: what a slot holds, where a side goes,
and that a second runner, or a forked process, reads what another one scored."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.errors import BidError
from scorepad.presets import load_preset
from scorepad.sim import runner as runner_module
from scorepad.sim import scoretable
from scorepad.sim.kernel import BLIND_NIL_CODE, NIL_CODE
from scorepad.sim.runner import GameRunner
from scorepad.sim.scoretable import Numbers, pack, score_table, table_shape, unpack
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
    value = pack(side)
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
    assert pack(side) == 0


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
def engine_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the runner's calls of the engine; the tables start empty."""
    calls: list[int] = []
    score_side = runner_module.score_side

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return score_side(*args, **kwargs)

    monkeypatch.setattr(runner_module, "score_side", counted)
    scoretable._TABLES.clear()
    yield calls
    scoretable._TABLES.clear()


def kernel_runner(preset: str = "standard") -> GameRunner:
    rules = load_preset(preset).rules
    return GameRunner(rules, preset=preset, bots=("random",), seed=4, kernel=True)


def digit(code: int, took: int, tricks: int) -> int:
    """A seat's digit of its side's place, read from scoretable.py's description."""
    bid = {NIL_CODE: tricks + 1, BLIND_NIL_CODE: tricks + 2}.get(code, code)
    return bid * (tricks + 1) + took


@needs_kernel
@pytest.mark.parametrize("preset", KERNEL_PRESETS)
def test_each_side_has_its_own_place(preset: str) -> None:
    """A side's place reads back as its seats' bids and tricks, so no two side deals
    share a slot."""
    runner = kernel_runner(preset)
    rules, table = runner.rules, runner._table
    assert table is not None
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
def test_a_second_runner_reads_the_scores_the_first_wrote(engine_calls: list[int]) -> None:
    first = kernel_runner()
    results = [first.play_game(index) for index in range(12)]
    assert len(engine_calls) > 100
    engine_calls.clear()
    second = kernel_runner()  # its own memo tables, empty; the same shared table
    again = [second.play_game(index) for index in range(12)]
    assert [(r.scores, r.deals, r.winner) for r in again] == [
        (r.scores, r.deals, r.winner) for r in results
    ]
    # Every side came from the table (the score pad's own fold, one game in eight, still
    # scores its games again, through game.standings).
    assert engine_calls == []


def _fill(preset: str) -> None:
    runner = kernel_runner(preset)
    for index in range(12):
        runner.play_game(index)


@needs_kernel
@pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(), reason="shared only when forked"
)
def test_a_forked_process_scores_into_the_table_of_the_process_that_made_it() -> None:
    scoretable._TABLES.clear()
    rules = load_preset("standard").rules
    table = score_table(rules, validate=True)
    assert table is not None and not any(table.values)
    child = multiprocessing.get_context("fork").Process(target=_fill, args=("standard",))
    child.start()
    child.join()
    assert child.exitcode == 0
    # What the child scored is seen here: the slots the same games fill in this process.
    from_child = [slot for slot, value in enumerate(table.values) if value]
    scoretable._TABLES.clear()
    here = score_table(rules, validate=True)
    assert here is not None and here is not table
    _fill("standard")
    assert from_child == [slot for slot, value in enumerate(here.values) if value]
    assert len(from_child) > 100
    scoretable._TABLES.clear()


@needs_kernel
def test_a_score_the_validator_refused_is_refused_again_where_it_is_read(
    engine_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a flag is kept in the slot; whoever reads it scores the side again, and its
    violation reads the same."""

    def refused(rules: object, scored: Any, score: int, bags: int) -> list[Problem]:
        return [Problem("engine", "made up")] if scored.points == 43 else []

    monkeypatch.setattr(runner_module, "check_side_score", refused)
    first = kernel_runner()
    seen = [len(first.play_game(index).violations) for index in range(30)]
    assert sum(seen) > 0
    second = kernel_runner()
    assert [len(second.play_game(index).violations) for index in range(30)] == seen


@needs_kernel
def test_partners_who_swap_bids_and_tricks_read_each_others_slot(
    engine_calls: list[int],
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
    first = kernel_runner()._table_miss(0, *north_three, 9, slot(*north_three, 9))
    assert first[:3] == (80 + 1 - 100, 0, 1)  # 8 made, 1 over: the 10th bag costs 100
    assert len(engine_calls) == 1
    second = kernel_runner()._table_miss(0, *south_three, 9, slot(*south_three, 9))
    assert second == first and len(engine_calls) == 1
    table = score_table(rules, validate=True)
    assert table is not None
    assert table.values[slot(*south_three, 9)] == table.values[slot(*north_three, 9)] != 0


@needs_kernel
def test_a_second_runner_reads_the_bid_checks_the_first_made(
    engine_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bids without a blind nil are checked once: a refusal is only flagged in the table,
    and worded again by the runner that reads it."""

    def refused(rules: object, bids: Sequence[Any], *, last: str) -> None:
        if sum(0 if bid.is_nil else bid.tricks for bid in bids) == 10:
            raise BidError("made up: ten")

    monkeypatch.setattr(runner_module, "check_table_bids", refused)
    first = kernel_runner()
    seen = [[v.message for v in first.play_game(index).violations] for index in range(12)]
    assert any(seen)
    checked: list[int] = []
    second = kernel_runner()
    check = second._kernel_bids_checked

    def counted(*args: Any) -> Any:
        checked.append(1)
        return check(*args)

    monkeypatch.setattr(second, "_kernel_bids_checked", counted)
    again = [[v.message for v in second.play_game(index).violations] for index in range(12)]
    assert again == seen
    refusals = sum(len(messages) for messages in seen)
    assert 0 < len(checked) <= refusals  # only the refused deals are checked again
