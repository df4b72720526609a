"""The deal kernel, compiled and as its pure-Python twin: one API, one random stream, one
truth for the rules of play.

The kernel comes twice (scorepad/sim/kernel.py): `_kernel.c` compiled, and `_kernel_py.py`.
Every test of its `Table` runs on both, through the `kernel_implementation` fixture
(conftest.py). The two deal, bid and play identically for the same seed, deal by deal; their
stream is the Python path's, so a kernel run reproduces the Python path's pinned JSON; every
deal passes the Python validator; and a kernel compiled with a rule broken on purpose is
caught by that validator.

Without the compiled kernel its half of these tests skips, saying so, except where
SCOREPAD_REQUIRE_KERNEL=1 (CI sets it): there a missing kernel fails.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scorepad.engine.rules import Rules
from scorepad.errors import ScorepadError
from scorepad.files.presets import load_preset, preset_names
from scorepad.sim.botdeals import game_seed
from scorepad.sim.deal import deck_plan, shuffle_deal
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.kernel import (
    DEFAULT_IMPLEMENTATION,
    JOINT_CODE,
    KernelTable,
    kernel_built,
    kernel_refusal,
    kernel_seed,
    new_table,
    table_arguments,
    table_type,
)
from scorepad.sim.record import hand_record
from scorepad.sim.results import TALLY_FIELDS, GameResult
from scorepad.sim.run import RunConfig, simulate
from scorepad.sim.validate import replay_play
from tests.test_sim_golden import GOLDEN, RUNS, UNPINNED

ROOT = Path(__file__).parent.parent
REQUIRED = os.environ.get("SCOREPAD_REQUIRE_KERNEL") == "1"
NIL, BLIND_NIL = 254, 255
STANDARD = load_preset("standard").rules


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
PARTNER_BIDDING = replace(load_preset("standard").rules, partner_bidding=True)
JOINT = "+joint"  # a preset's name with this after it: with partner_bidding = true


def rules_of(name: str) -> Rules:
    """A preset's rules, with joint partner bids for a name ending in `JOINT`."""
    preset, joint, _ = name.partition(JOINT)
    rules = load_preset(preset).rules
    return replace(rules, partner_bidding=True) if joint else rules


def preset_of(name: str) -> str:
    return name.partition(JOINT)[0]


# Every preset whose sides can bid as one (partnerships, not suicide), with joint bids.
JOINT_PRESETS = [
    name + JOINT
    for name in KERNEL_PRESETS
    if load_preset(name).rules.side_size > 1 and not load_preset(name).rules.suicide
]


def test_the_kernel_takes_the_presets_it_can_and_names_why_not_the_others() -> None:
    assert KERNEL_PRESETS == [
        "bonus", "bowl", "club", "house", "jokers", "league", "long", "no-hell", "quicksand",
        "round-robin", "short", "solo-3", "solo-5", "solo-6", "standard", "suicide",
    ]  # fmt: skip
    assert kernel_refusal(PARTNER_BIDDING, ["random"]) is None
    assert len(JOINT_PRESETS) == 12
    plain_zero = replace(PARTNER_BIDDING, zero_bid="plain")
    reason = kernel_refusal(plain_zero, ["heuristic"])
    assert reason == "it makes joint partner bids only where a bid of 0 means nil"
    assert kernel_refusal(load_preset("standard").rules, ["heuristic"]) is None
    mixed = kernel_refusal(load_preset("standard").rules, ["heuristic", "random"])
    assert mixed == "it plays one kind of bot at every seat"


# -- choosing an implementation ---------------------------------------------------------


def test_the_compiled_kernel_is_chosen_where_it_is_built() -> None:
    assert ("c" if kernel_built() else "python") == DEFAULT_IMPLEMENTATION
    assert table_type() is table_type(DEFAULT_IMPLEMENTATION)
    assert table_type("python").__module__ == "scorepad.sim._kernel_py"
    if kernel_built():
        assert table_type("c").__module__ == "scorepad.sim._kernel"


def test_an_unknown_implementation_is_refused_naming_the_choices() -> None:
    with pytest.raises(ScorepadError, match=r"^kernel 'fortran': choose from c, python$"):
        table_type("fortran")


# What an install without the compiled kernel sees: the module hidden as if never built.
WITHOUT_KERNEL = """
import json, sys
sys.modules["scorepad.sim._kernel"] = None  # importing it fails, as where it is not built
from scorepad.errors import ScorepadError
from scorepad.files.presets import load_preset
from scorepad.sim import kernel
table = kernel.new_table(load_preset("standard").rules)
table.seed(kernel.kernel_seed(3, 1))
try:
    kernel.table_type("c")
    refusal = None
except ScorepadError as error:
    refusal = str(error)
print(json.dumps({
    "built": kernel.kernel_built(),
    "default": kernel.DEFAULT_IMPLEMENTATION,
    "module": type(table).__module__,
    "deal": [table.deal(2, 1), table.record()],
    "refusal": refusal,
}))
"""


def test_an_install_without_the_compiled_kernel_gets_the_twin_and_its_same_deals() -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_KERNEL], capture_output=True, text=True, check=True
    )
    seen = json.loads(done.stdout)
    table = new_table(STANDARD)  # the compiled kernel, where this install has it
    table.seed(kernel_seed(3, 1))
    deal = json.loads(json.dumps([table.deal(2, 1), table.record()]))
    assert seen == {
        "built": False,
        "default": "python",
        "module": "scorepad.sim._kernel_py",
        "deal": deal,
        "refusal": "kernel 'c': the compiled kernel is not built in this install"
        " (no C compiler when it was installed); use python",
    }


# -- the random stream ----------------------------------------------------------------


@pytest.mark.parametrize(
    "seed",
    [0, 1, -7, 2**32 - 1, 2**32, 2**64 + 3, 10**40, kernel_seed(3, 14), 2**20_000 + 7],
    ids=["0", "1", "-7", "2^32-1", "2^32", "2^64+3", "10^40", "a-game", "more-words-than-state"],
)
def test_a_tables_stream_is_random_Random_of_its_seed(
    kernel_implementation: str, seed: int
) -> None:
    table = new_table(STANDARD, kernel_implementation)
    table.seed(seed)
    rng = random.Random(seed)
    counts = [2, 3, 4, 13, 52, 1_000_003] * 120  # past the twister's 624 words, twice
    assert [table.below(count) for count in counts] == [int(rng.random() * n) for n in counts]


def test_one_choice_draws_no_number(kernel_implementation: str) -> None:
    table = new_table(STANDARD, kernel_implementation)
    table.seed(5)
    rng = random.Random(5)
    assert [table.below(count) for count in (0, 1, -3, 10)] == [0, 0, 0, int(rng.random() * 10)]


def test_a_table_draws_as_random_Random_0_until_seeded(kernel_implementation: str) -> None:
    table = new_table(STANDARD, kernel_implementation)
    rng = random.Random(0)
    assert [table.below(100) for _ in range(20)] == [int(rng.random() * 100) for _ in range(20)]


@pytest.mark.parametrize(("seed", "index"), [(0, 0), (1, 7), (-4, 2), (2**70, 12345)])
def test_a_games_kernel_seed_starts_the_python_paths_stream(seed: int, index: int) -> None:
    kernel = random.Random(kernel_seed(seed, index))
    assert kernel.getstate() == random.Random(game_seed(seed, index)).getstate()


def test_a_game_deals_the_python_paths_hands(kernel_implementation: str) -> None:
    table = new_table(STANDARD, kernel_implementation)
    for index in range(6):
        table.seed(kernel_seed(9, index))
        rng = random.Random(game_seed(9, index))
        first_dealer = table.below(4)
        assert first_dealer == int(rng.random() * 4)
        table.deal(first_dealer, 0)
        dealt, _, _ = table.record()
        assert dealt == shuffle_deal(deck_plan(STANDARD), first_dealer, rng)


# -- bids from the table --------------------------------------------------------------


def plain_table(rows: dict[tuple[int, bool], list[int]], nil_chance: float = 0.0) -> KernelTable:
    """A compiled four-seat, 13-trick table whose bid table has one row per (partner code,
    last) (`rows`, default [0, NIL, 2]): blind nil open, the nil bid, the bid for wish 0.
    (The twin reads its rules, not these tables.)"""
    entries = bytearray()
    for code in range(13 + 4):
        for last in (False, True):
            entries += bytes(rows.get((code, last), [0, NIL, 2]))
    return table_type("c")(
        deck=bytes(range(52)), players=4, tricks=13, partner=bytes([2, 3, 0, 1]),
        side_of=bytes([0, 1, 0, 1]), bid_table=bytes(entries), totals=1, wishes=1,
        wish=bytes(80), nil_chance=nil_chance,
    )  # fmt: skip


@needs_kernel
def test_each_bid_is_read_from_the_row_of_its_situation() -> None:
    # Dealer West (3): North and East bid first (no partner bid: code 0), then South
    # after its partner North bid 2 (code 3 + 2), then West, last, after East bid 2.
    rows = {(5, False): [0, NIL, 4], (0, True): [0, NIL, 5], (5, True): [0, NIL, 6]}
    table = plain_table(rows)
    table.seed(1)
    bids, taken, problems, _ = table.deal(3, 0)
    assert (bids, sum(taken), problems) == ((2, 2, 4, 6), 13, 0)
    bids, _, _, _ = table.deal(1, 0)  # dealer East: South and West first, then North, East
    assert bids == (4, 6, 2, 2)


@pytest.mark.parametrize("preset", ["standard", "no-hell", "suicide", "solo-5"])
def test_a_bid_choice_reads_the_total_so_far_only_where_it_says_so(preset: str) -> None:
    """`table_arguments` builds a choice once for every total where `choice_reads_total`
    says the choice does not read it: there every total gives the same choice."""
    from scorepad.engine.bids import NIL as NIL_BID
    from scorepad.sim.seen import NUMBER_BIDS, bid_choice, choice_reads_total

    rules = rules_of(preset)
    totals = rules.tricks * (rules.players - 1) + 1
    read = 0
    for partner_bid in (None, NIL_BID, *NUMBER_BIDS[: rules.tricks + 1]):
        for last in (False, True):
            choices = {
                bid_choice(rules, partner_bid=partner_bid, earlier_total=total, last=last)
                for total in range(totals)
            }
            assert len(choices) == 1 or choice_reads_total(rules, last)
            read += len(choices) > 1
    assert read > 0 or not rules.no_hell  # the test sees a choice that reads the total


@pytest.mark.parametrize(
    ("blind_open", "blind_sides", "bids"),
    [
        (0, 0b11, (NIL,) * 4),
        (1, 0b00, (NIL,) * 4),
        (1, 0b01, (BLIND_NIL, NIL, BLIND_NIL, NIL)),
        (1, 0b10, (NIL, BLIND_NIL, NIL, BLIND_NIL)),
    ],
    ids=["closed", "no-side-behind", "north-south-behind", "east-west-behind"],
)
@needs_kernel
def test_a_sure_nil_draw_bids_blind_nil_only_where_open_and_behind(
    blind_open: int, blind_sides: int, bids: tuple[int, ...]
) -> None:
    rows = {(code, last): [blind_open, NIL, 2] for code in range(17) for last in (False, True)}
    table = plain_table(rows, nil_chance=1.0)
    table.seed(2)
    assert table.deal(0, blind_sides)[0] == bids


@needs_kernel
def test_a_bid_is_the_wish_of_the_hands_aces_and_spades() -> None:
    arguments = table_arguments(STANDARD)
    table = table_type("c")(**{**arguments, "nil_chance": 0.0})
    wish = arguments["wish"]
    assert isinstance(wish, bytes)
    table.seed(8)
    for deal in range(30):
        bids, _, _, _ = table.deal(deal % 4, 0)
        dealt, _, _ = table.record()
        for seat, hand in enumerate(dealt):
            aces = sum(code % 13 == 12 for code in hand)
            spades = sum(code >= 39 for code in hand)
            # standard's choices: any number 1..13 (no nil drawn here), so a wish of 0 is 1.
            assert bids[seat] == max(wish[aces * 16 + spades], 1)


# -- play -----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["standard", "solo-3", "solo-6", "short"])
def test_every_deal_is_legal_play_by_the_python_validator(
    kernel_implementation: str, preset: str
) -> None:
    rules = load_preset(preset).rules
    table = new_table(rules, kernel_implementation)
    table.seed(kernel_seed(6, 0))
    for deal in range(60):
        dealer = deal % rules.players
        _, taken, problems, _ = table.deal(dealer, 0)
        dealt, plays, winners = table.record()
        assert sorted(code for hand in dealt for code in hand) == sorted(deck_plan(rules).codes)
        names = [str(seat) for seat in range(rules.players)]
        replay = replay_play(dealt, (dealer + 1) % rules.players, plays, names)
        assert (replay.problems, replay.winners, replay.taken) == ([], winners, list(taken))
        assert problems == 0


def test_each_sides_key_reads_back_as_its_seats_bids_and_tricks(
    kernel_implementation: str,
) -> None:
    """Whatever seat bid what: the digits of a side's seats in ascending order."""
    for preset in ("standard", "solo-6"):  # solo-6: six sides of one seat
        rules = load_preset(preset).rules
        radix_tricks = rules.tricks + 1
        radix = (rules.tricks + 3) * radix_tricks
        table = new_table(rules, kernel_implementation)
        table.seed(11)
        for deal in range(40):
            bids, taken, _, places = table.deal(deal % rules.players, (1 << rules.sides) - 1)
            assert len(places) == rules.sides
            for side, place in enumerate(places):
                expected = 0
                digits = []
                for seat in rules.seats_of(side):
                    digit = {NIL: rules.tricks + 1, BLIND_NIL: rules.tricks + 2}.get(
                        bids[seat], bids[seat]
                    )
                    digits.append(digit * radix_tricks + taken[seat])
                for digit in sorted(digits):
                    expected = expected * radix + digit
                assert place == expected


# -- its arguments --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 7}, "players or tricks out of range"),
        ({"tricks": 0}, "players or tricks out of range"),
        ({"deck": bytes(range(51))}, "the deck must hold players * tricks cards and the discards"),
        ({"partner": bytes([2, 3, 0])}, "partner and side_of need a byte per seat"),
        ({"wish": bytes(79)}, "wish needs 5 * 16 bytes"),
        ({"totals": 0}, "bid_table has the wrong size"),
        ({"bid_table": b"\0"}, "bid_table has the wrong size"),
        ({"deck": bytes([54, *range(1, 52)])}, "a card code above 53"),
        ({"wish": bytes([200] * 80)}, "a wish beyond the bid table"),
        ({"partner": bytes([2, 3, 0, 4])}, "a partner or side out of range"),
        ({"side_of": bytes([0, 1, 0, 9])}, "a partner or side out of range"),
        ({"heuristic": True}, "a heuristic table needs its choices and values"),
        ({**table_arguments(STANDARD, "heuristic"), "top": 54}, "top must be a card code"),
        ({"discards": 5}, "discards out of range"),
    ],
    ids=[
        "players",
        "tricks",
        "deck-size",
        "partner-size",
        "wish-size",
        "totals",
        "bid-table-size",
        "card-code",
        "wish",
        "partner",
        "side",
        "heuristic-tables",
        "heuristic-top",
        "discards",
    ],
)
@needs_kernel
def test_a_table_refuses_arguments_it_cannot_play(
    change: dict[str, object], message: str
) -> None:
    arguments = {**table_arguments(STANDARD), **change}
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        table_type("c")(**arguments)


def test_a_deal_refuses_a_dealer_beyond_the_seats(kernel_implementation: str) -> None:
    table = new_table(STANDARD, kernel_implementation)
    with pytest.raises(ValueError, match="^dealer out of range$"):
        table.deal(4, 0)
    with pytest.raises(TypeError):
        table.seed("1")


# -- the twin against the compiled kernel ---------------------------------------------


@needs_kernel
@pytest.mark.parametrize("preset", KERNEL_PRESETS + JOINT_PRESETS)
def test_the_twin_deals_bids_and_plays_as_the_compiled_kernel(preset: str) -> None:
    rules = rules_of(preset)
    compiled, twin = new_table(rules, "c"), new_table(rules, "python")
    joint = 0
    for seed in range(25):
        compiled.seed(kernel_seed(seed, 0))
        twin.seed(kernel_seed(seed, 0))
        assert compiled.below(rules.players) == twin.below(rules.players)
        for deal in range(8):
            situation = (deal % rules.players, (seed + deal) % (1 << rules.sides))
            played = compiled.deal(*situation)
            assert played == twin.deal(*situation), (seed, deal)
            assert compiled.record() == twin.record(), (seed, deal)
            assert compiled.extras() == twin.extras(), (seed, deal)
            joint += JOINT_CODE in played[0]
    # Partners bid as one when neither bids nil: most deals.
    assert joint > 100 if rules.partner_bidding else joint == 0


# -- runs on the kernel path ----------------------------------------------------------


@pytest.fixture
def kernel_path(kernel_implementation: str) -> str:
    """The `--kernel` that plays this implementation's tables: "c" the compiled one,
    "python" its twin."""
    return kernel_implementation


def run_json(preset: str, games: int, seed: int, kernel: str) -> dict[str, Any]:
    config = RunConfig(rules_of(preset), preset_of(preset), games, seed=seed, bots=("random",))
    data = simulate(replace(config, kernel=kernel), jobs=1).as_json()
    assert data["kernel"] == kernel
    return {key: value for key, value in data.items() if key not in UNPINNED}


PINNED_KERNEL_RUNS = [
    name for name, (preset, bots, _, _) in RUNS.items()
    if bots == ("random",) and preset in KERNEL_PRESETS
]  # fmt: skip


@pytest.mark.parametrize("name", PINNED_KERNEL_RUNS)
def test_a_kernel_run_gives_the_python_paths_pinned_json(kernel_path: str, name: str) -> None:
    preset, _, games, seed = RUNS[name]
    actual = json.dumps(run_json(preset, games, seed, kernel_path), indent=2, sort_keys=True)
    actual += "\n"
    assert actual == (GOLDEN / f"{name}.json").read_text()


@cache
def bots_path_games(preset: str) -> list[tuple[object, ...]]:
    """Games 0..5 of seed 2 played by random bots in Python (no table)."""
    rules = rules_of(preset)
    runner = GameRunner(rules, preset=preset_of(preset), bots=("random",), seed=2)
    return [game_facts(runner.play_game(index)) for index in range(6)]


def game_facts(result: GameResult) -> tuple[object, ...]:
    return (result.scores, result.deals, result.winner, result.end, result.violations,
            *(getattr(result, name) for name in TALLY_FIELDS))  # fmt: skip


@needs_kernel
@pytest.mark.parametrize("preset", KERNEL_PRESETS + JOINT_PRESETS)
def test_a_compiled_table_plays_the_games_of_random_bots_in_python(preset: str) -> None:
    """(The twin plays by the bots' own deal path: `test_kernel_c_and_python_give_the_same_json`
    holds it to the compiled table.)"""
    rules = rules_of(preset)
    runner = GameRunner(rules, preset=preset_of(preset), bots=("random",), seed=2,
                        table=table_type("c"))  # fmt: skip
    assert [game_facts(runner.play_game(index)) for index in range(6)] == bots_path_games(preset)


@pytest.mark.parametrize("preset", KERNEL_PRESETS + JOINT_PRESETS)
def test_kernel_c_and_python_give_the_same_json(preset: str) -> None:
    if not kernel_built():
        pytest.skip("the compiled kernel is not built here")
    assert run_json(preset, 6, 2, "c") == run_json(preset, 6, 2, "python")


def test_the_same_seed_gives_the_same_hand_records_on_both_paths(
    kernel_implementation: str,
) -> None:
    rules = STANDARD
    kernel = GameRunner(rules, preset="standard", bots=("random",), seed=5,
                        table=table_type(kernel_implementation), keep_records=True,
                        max_deals=12)  # fmt: skip
    python = GameRunner(rules, preset="standard", bots=("random",), seed=5,
                        keep_records=True, max_deals=12)  # fmt: skip
    deals = 0
    for index in range(3):
        records = kernel.play_game(index).records, python.play_game(index).records
        assert len(records[0]) == len(records[1])
        for number, (ours, theirs) in enumerate(zip(*records, strict=True), start=1):
            assert hand_record(rules, "standard", ours, number) == hand_record(
                rules, "standard", theirs, number
            )
            assert (ours.winners, ours.taken) == (theirs.winners, theirs.taken)
            deals += 1
    assert deals >= 3


@needs_kernel
@pytest.mark.parametrize("bot", ["random", "heuristic"])
@pytest.mark.parametrize("preset", KERNEL_PRESETS + JOINT_PRESETS)
def test_every_compiled_kernel_deal_passes_the_python_validator(preset: str, bot: str) -> None:
    # (With heuristic bots, `check="full"` also has the Python bot replay every deal. The
    # twin's own check of every deal is the validator's replay.)
    rules = rules_of(preset)
    runner = GameRunner(rules, preset=preset_of(preset), bots=(bot,), seed=7,
                        table=table_type("c"), check="full",
                        max_deals=60)  # fmt: skip
    deals = 0
    for index in range(6):
        result = runner.play_game(index)
        assert result.violations == []
        deals += result.deals
    assert deals >= 6


_MUTANTS: dict[int, ModuleType] = {}


def build_mutant(tmp_path: Path, mutation: int) -> ModuleType:
    """_kernel.c compiled with SCOREPAD_KERNEL_MUTATE: a rule of play broken on purpose.

    Each mutation is compiled once a test process, unoptimised: the tests play a few games
    on it, and compiling at -O3 took longer than playing them.
    """
    if mutation in _MUTANTS:
        return _MUTANTS[mutation]
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    source = tmp_path / "_kernel.c"
    shutil.copyfile(ROOT / "scorepad" / "sim" / "_kernel.c", source)
    extension = Extension(
        "_kernel",
        [str(source)],
        define_macros=[("SCOREPAD_KERNEL_MUTATE", str(mutation))],
        extra_compile_args=["-O0"],
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
    _MUTANTS[mutation] = module
    return module


@needs_kernel
@pytest.mark.parametrize(
    ("mutation", "wording"),
    [(1, "before spades were broken"), (2, "revoked")],
    ids=["spades-led-before-broken", "one-revoke-a-deal"],
)
@pytest.mark.parametrize("check", ["sample", "full"])
def test_a_kernel_with_a_rule_broken_is_caught_by_the_python_validator(
    tmp_path: Path, mutation: int, wording: str, check: str
) -> None:
    table = build_mutant(tmp_path, mutation).Table
    rules = load_preset("standard").rules
    runner = GameRunner(rules, preset="standard", bots=("random",), seed=1, table=table,
                        check=check, max_deals=20)  # fmt: skip
    violations = [v for index in range(4) for v in runner.play_game(index).violations]
    legal = [v for v in violations if v.check == "legal"]
    assert legal and all(wording in v.message for v in legal), violations[:3]
    assert all(v.replay.startswith("dealer ") for v in legal)


@needs_kernel
def test_a_kernel_run_is_the_same_whatever_the_jobs_and_differs_by_seed() -> None:
    rules = load_preset("club").rules
    config = RunConfig(rules, "club", 24, seed=4, bots=("random",))

    def timeless(jobs: int, seed: int = 4) -> dict[str, object]:
        data = simulate(replace(config, seed=seed), jobs=jobs).as_json()
        assert data["kernel"] == "c" and data["kernel_reason"] is None
        del data["elapsed_seconds"], data["deals_per_second"]
        return data

    one = timeless(1)
    assert one["violation_count"] == 0
    assert timeless(2) == one
    assert timeless(1, seed=5) != one
