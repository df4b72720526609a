"""The compiled deal kernel against the Python path: one truth for the rules of play.

The kernel is a second implementation of dealing, bidding from the table and legal play.
These tests hold it to the Python path: its deals, replayed with the same choices through
the Python play, give identical hand records; every preset it accepts plays with every
deal also replayed by the Python validator; and a kernel built with a rule broken on
purpose is caught by that validator.

Without the compiled kernel these tests skip, saying so, except where
SCOREPAD_REQUIRE_KERNEL=1 (CI sets it): there a missing kernel fails.
"""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from scorepad.presets import load_preset, preset_names
from scorepad.rules import Rules
from scorepad.sim import runner as runner_module
from scorepad.sim.bots import Bot
from scorepad.sim.kernel import kernel_built, kernel_refusal
from scorepad.sim.record import hand_record
from scorepad.sim.run import RunConfig, simulate
from scorepad.sim.runner import DealRecord, GameRunner
from scorepad.sim.table import Seen

ROOT = Path(__file__).parent.parent
REQUIRED = os.environ.get("SCOREPAD_REQUIRE_KERNEL") == "1"


def test_the_kernel_is_built_where_it_is_required() -> None:
    if not REQUIRED and not kernel_built():
        pytest.skip("the compiled kernel is not built here (no C compiler at install)")
    assert kernel_built(), "SCOREPAD_REQUIRE_KERNEL=1 but scorepad.sim._kernel is missing"


needs_kernel = pytest.mark.skipif(
    not kernel_built() and not REQUIRED,
    reason="the compiled kernel is not built here (no C compiler at install)",
)
KERNEL_PRESETS = [
    name for name in preset_names() if kernel_refusal(load_preset(name).rules, ["random"]) is None
]
PYTHON_ONLY = {
    "jokers": "jokers",
    "house": "exchange",
}


def test_the_kernel_takes_the_presets_it_can_and_names_why_not_the_others() -> None:
    assert KERNEL_PRESETS == [
        "bonus", "club", "long", "no-hell", "quicksand", "short", "solo-3", "solo-5",
        "solo-6", "standard", "suicide",
    ]  # fmt: skip
    for preset, word in PYTHON_ONLY.items():
        reason = kernel_refusal(load_preset(preset).rules, ["random"])
        assert reason is not None and word in reason
    assert "random bots" in str(kernel_refusal(load_preset("standard").rules, ["heuristic"]))


class Scripted(Bot):
    """Plays the cards the kernel played, each only if the Python path finds it legal."""

    def __init__(self, plays: list[int]) -> None:
        super().__init__(random.Random(0))
        self.plays = plays

    def play(self, seat: int, hand: int, legal: int, seen: Seen) -> int:
        code = self.plays[len(seen.trick) + (seen.tricks - seen.tricks_left) * seen.players]
        assert legal >> code & 1, f"the kernel played {code}, not legal for the Python path"
        return code


def python_replay(rules: Rules, runner: GameRunner, kernel_record: DealRecord) -> DealRecord:
    """The kernel's deal through the Python path: the same hands, the bids re-made from the
    bid table (the nil draws scripted to the kernel's), the kernel's cards fed as the
    choices of the Python play loop (`_play`, which decides what is legal)."""
    players = rules.players
    record = DealRecord(kernel_record.dealer, [list(h) for h in kernel_record.dealt])
    record.joint = [False] * rules.sides
    kernel_bids = dict(kernel_record.bids)
    order = [seat for seat, _ in kernel_record.bids]
    draws = iter([0.0 if kernel_bids[seat].is_nil else 0.5 for seat in order])
    held = runner_module.suit_lists_of(record.dealt)
    runner._bid_random(record, held, [0] * rules.sides, draws.__next__)
    seen = Seen(rules)
    seen.new_deal(record.dealer)
    made, record.bids = record.bids, []
    for seat, bid in made:
        runner._note_bid(record, seen, seat, bid)
    script = Scripted(kernel_record.plays)
    hands = [runner_module.mask_of(hand) for hand in record.dealt]
    runner._play(record, hands, (record.dealer + 1) % players, seen, [script] * players)
    return record


@needs_kernel
@pytest.mark.parametrize("preset", KERNEL_PRESETS)
def test_the_same_hands_and_choices_give_the_same_hand_records(preset: str) -> None:
    rules = load_preset(preset).rules
    kernel = GameRunner(rules, preset=preset, bots=("random",), seed=5, kernel=True,
                        keep_records=True, max_deals=12)  # fmt: skip
    python = GameRunner(rules, preset=preset, bots=("random",), seed=5, max_deals=12)
    deals = 0
    for index in range(3):
        for number, record in enumerate(kernel.play_game(index).records, start=1):
            if any(bid.kind.value == "bnil" for _, bid in record.bids):
                continue  # its draw depends on the score; the validator still checks it
            replayed = python_replay(rules, python, record)
            assert hand_record(rules, preset, replayed, number) == hand_record(
                rules, preset, record, number
            )
            assert (replayed.winners, replayed.taken) == (record.winners, record.taken)
            deals += 1
    assert deals >= 3


@needs_kernel
@pytest.mark.parametrize("preset", KERNEL_PRESETS)
def test_every_kernel_deal_passes_the_python_validator(preset: str) -> None:
    rules = load_preset(preset).rules
    runner = GameRunner(rules, preset=preset, bots=("random",), seed=7, kernel=True,
                        cross_check=True, max_deals=60)  # fmt: skip
    deals = 0
    for index in range(6):
        result = runner.play_game(index)
        assert result.violations == []
        deals += result.deals
    assert deals >= 6


def build_mutant(tmp_path: Path, mutation: int) -> ModuleType:
    """_kernel.c compiled with SCOREPAD_KERNEL_MUTATE: a rule of play broken on purpose."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    source = tmp_path / "_kernel.c"
    shutil.copyfile(ROOT / "scorepad" / "sim" / "_kernel.c", source)
    extension = Extension(
        "_kernel", [str(source)], define_macros=[("SCOREPAD_KERNEL_MUTATE", str(mutation))]
    )
    command = build_ext(Distribution({"ext_modules": [extension]}))
    command.build_lib = str(tmp_path / "lib")
    command.build_temp = str(tmp_path / "temp")
    command.ensure_finalized()
    command.run()
    (built,) = (tmp_path / "lib").glob("_kernel*")
    spec = importlib.util.spec_from_file_location("_kernel", built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert mutation == module.MUTATE
    return module


@needs_kernel
@pytest.mark.parametrize(
    ("mutation", "wording"),
    [(1, "before spades were broken"), (2, "revoked")],
    ids=["spades-led-before-broken", "one-revoke-a-deal"],
)
@pytest.mark.parametrize("cross_check", [False, True], ids=["kernel-flags", "every-deal"])
def test_a_kernel_with_a_rule_broken_is_caught_by_the_python_validator(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mutation: int, wording: str,
    cross_check: bool,
) -> None:  # fmt: skip
    monkeypatch.setattr(runner_module, "KERNEL", build_mutant(tmp_path, mutation))
    rules = load_preset("standard").rules
    runner = GameRunner(rules, preset="standard", bots=("random",), seed=1, kernel=True,
                        cross_check=cross_check, max_deals=20)  # fmt: skip
    violations = [v for index in range(4) for v in runner.play_game(index).violations]
    legal = [v for v in violations if v.check == "legal"]
    assert legal and all(wording in v.message for v in legal), violations[:3]
    assert all(v.replay.startswith("dealer ") for v in legal)


@needs_kernel
def test_a_kernel_run_is_the_same_whatever_the_jobs_and_differs_by_seed() -> None:
    rules = load_preset("club").rules
    config = RunConfig(rules, "club", 24, seed=4, bots=("random",))

    def timeless(jobs: int, seed: int = 4) -> dict[str, object]:
        from dataclasses import replace

        data = simulate(replace(config, seed=seed), jobs=jobs).as_json()
        assert data["kernel"] == "c" and data["kernel_reason"] is None
        del data["elapsed_seconds"], data["deals_per_second"]
        return data

    one = timeless(1)
    assert one["violation_count"] == 0
    assert timeless(2) == one
    assert timeless(1, seed=5) != one
