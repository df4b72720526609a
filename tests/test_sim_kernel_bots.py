"""The heuristic bot in the deal kernel: the same decisions as the Python `HeuristicBot`.

The Python bot is the reference. The kernel's twin asks it (`_kernel_py.py`), and the
compiled kernel (`_kernel.c`) decides from tables of hand values and bid choices. Here a
run of heuristic bots gives the same JSON on the compiled kernel, on its twin and on bots
in Python, on every preset the kernel plays; the compiled bot chooses the Python bot's
card in random positions, card by card; and a compiled bot broken on purpose
(SCOREPAD_KERNEL_MUTATE=5) is caught by `scorepad simulate`'s own checks.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.game import trailing_by
from scorepad.engine.play import NO_SUIT, SPADES, SUIT_OF, legal_mask, trick_winner
from scorepad.files.presets import load_preset
from scorepad.sim import kernel
from scorepad.sim.deal import deck_plan
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.kernel import KernelTable, kernel_built, kernel_seed, new_table, table_type
from scorepad.sim.run import RunConfig, simulate
from tests.test_sim_golden import GOLDEN, RUNS, UNPINNED
from tests.test_sim_kernel import (
    JOINT,
    JOINT_PRESETS,
    KERNEL_PRESETS,
    build_mutant,
    game_facts,
    needs_kernel,
    preset_of,
    rules_of,
)

NIL, BLIND_NIL, JOINT_PARTNER = 254, 255, 252
HEURISTIC = ("heuristic",)


def run_json(preset: str, games: int, seed: int, kernel: str) -> dict[str, Any]:
    config = RunConfig(rules_of(preset), preset_of(preset), games, seed=seed, bots=HEURISTIC)
    data = simulate(replace(config, kernel=kernel), jobs=1).as_json()
    assert (data["kernel"], data["kernel_reason"]) == (
        kernel,
        "--kernel python" if kernel == "python" else None,
    )
    return {key: value for key, value in data.items() if key not in UNPINNED}


@cache
def bots_path_games(preset: str, seed: int) -> list[tuple[object, ...]]:
    """Games 0..3 of a seed played by heuristic bots in Python (no table)."""
    runner = GameRunner(rules_of(preset), preset=preset_of(preset), bots=HEURISTIC, seed=seed)
    return [game_facts(runner.play_game(index)) for index in range(4)]


@needs_kernel
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("preset", KERNEL_PRESETS + JOINT_PRESETS)
def test_a_compiled_table_of_heuristic_bots_plays_the_games_of_the_python_bots(
    preset: str, seed: int
) -> None:
    """(The twin plays by the Python bots' own deal path: the tests below hold it to the
    compiled table deal by deal and by JSON.)"""
    rules = rules_of(preset)
    runner = GameRunner(rules, preset=preset_of(preset), bots=HEURISTIC, seed=seed,
                        table=table_type("c"))  # fmt: skip
    games = [game_facts(runner.play_game(index)) for index in range(4)]
    assert games == bots_path_games(preset, seed)
    assert all(facts[4] == [] for facts in games)  # no violations


@needs_kernel
@pytest.mark.parametrize("seed", [3, 4])
@pytest.mark.parametrize("preset", KERNEL_PRESETS + JOINT_PRESETS)
def test_kernel_c_and_python_give_the_same_json_with_heuristic_bots(preset: str, seed: int) -> None:
    compiled = run_json(preset, 3, seed, "c")
    assert compiled == run_json(preset, 3, seed, "python")
    assert compiled["violation_count"] == 0 and compiled["games"] == 3


PINNED_HEURISTIC_RUNS = [name for name, (_, bots, _, _) in RUNS.items() if bots == HEURISTIC]


@needs_kernel
@pytest.mark.parametrize("name", PINNED_HEURISTIC_RUNS)
def test_a_kernel_run_of_heuristic_bots_gives_the_pinned_json(name: str) -> None:
    preset, _, games, seed = RUNS[name]
    actual = json.dumps(run_json(preset, games, seed, "c"), indent=2, sort_keys=True) + "\n"
    assert actual == (GOLDEN / f"{name}.json").read_text()


# Scores before a deal that open blind nil to one side or the other (club: 100 behind).
BLIND_SCORES = [(0, 0), (-150, 250), (400, 120), (310, 390), (-260, -40)]


@needs_kernel
@pytest.mark.parametrize("preset", KERNEL_PRESETS + JOINT_PRESETS)
def test_the_twin_and_the_compiled_kernel_bid_and_play_alike_deal_by_deal(preset: str) -> None:
    rules = rules_of(preset)
    compiled = new_table(rules, "c", "heuristic")
    twin = new_table(rules, "python", "heuristic")
    blind_deals = joint_deals = redealt = passed = 0
    for seed in range(12):
        compiled.seed(kernel_seed(seed, 0))
        twin.seed(kernel_seed(seed, 0))
        for deal in range(6):
            scores = BLIND_SCORES[(seed + deal) % len(BLIND_SCORES)][: rules.sides]
            scores += (0,) * (rules.sides - len(scores))
            # Blind nil open by the scores, as the table's deal source says (kerneldeals.py).
            blind = sum(
                1 << side
                for side in range(rules.sides)
                if rules.blind_nil and trailing_by(scores, side) >= rules.blind_nil_deficit
            )
            situation = (deal % rules.players, blind, scores)
            played = compiled.deal(*situation)
            assert played == twin.deal(*situation), (seed, deal)
            assert compiled.record() == twin.record(), (seed, deal)
            assert compiled.extras() == twin.extras(), (seed, deal)
            blind_deals += BLIND_NIL in played[0]
            joint_deals += JOINT_PARTNER in played[0]
            redealt += compiled.extras()[0]
            passed += len(compiled.extras()[1])
    assert joint_deals > 10 if rules.partner_bidding else joint_deals == 0
    if rules.blind_nil:
        assert blind_deals > 0  # the scores above do make the bots bid blind nil
    if rules.blind_nil_exchange:
        assert passed > 0  # and pass cards
    if rules.redeal_without_spades:
        assert redealt > 0


@needs_kernel
def test_a_heuristic_table_needs_the_scores_when_blind_nil_is_open() -> None:
    for implementation in ("c", "python"):
        table = new_table(load_preset("club").rules, implementation, "heuristic")
        with pytest.raises(ValueError, match="^blind nil for heuristic bots needs the scores$"):
            table.deal(0, 1)
        assert len(table.deal(0, 0)[0]) == 4  # closed: no scores read


# -- positions: the compiled bot's card against the Python bot's ----------------------


def random_position(rules_name: str, rng: random.Random) -> tuple[Any, ...] | None:
    """A random mid-deal position of a preset (random legal cards so far, random bids with
    nils, random notes of voids), as `Table.choose` takes it; None when the seat to play
    has one legal card (the bot is not asked)."""
    rules = rules_of(rules_name)
    players, tricks = rules.players, rules.tricks
    deck = list(deck_plan(rules).codes)
    rng.shuffle(deck)
    hands = [sum(1 << code for code in deck[seat * tricks : (seat + 1) * tricks])
             for seat in range(players)]  # fmt: skip
    bids = [
        NIL if roll < 0.25 else BLIND_NIL if roll < 0.3 else rng.randrange(tricks // 2 + 1)
        for roll in (rng.random() for _ in range(players))
    ]
    if rules.partner_bidding:
        # Each side bids as one now and then: the partner of its first seat holds no bid.
        for side in range(rules.sides):
            first, partner = rules.seats_of(side)
            if rng.random() < 0.5:
                bids[first], bids[partner] = 1 + rng.randrange(tricks), JOINT_PARTNER
    taken = [0] * players
    leader, broken = rng.randrange(players), False

    def play(trick: list[int], count: int) -> None:
        """`count` random legal cards to `trick`, from its leader on."""
        nonlocal broken
        for step in range(count):
            seat = (leader + step) % players
            legal = legal_mask(hands[seat], SUIT_OF[trick[0]] if trick else NO_SUIT, broken)
            code = rng.choice([c for c in range(54) if legal >> c & 1])
            hands[seat] ^= 1 << code
            trick.append(code)
            broken = broken or SUIT_OF[code] == SPADES

    for _ in range(rng.randrange(tricks)):
        cards: list[int] = []
        play(cards, players)
        leader = (leader + trick_winner(cards)) % players
        taken[leader] += 1
    trick: list[int] = []
    play(trick, rng.randrange(players))
    seat = (leader + len(trick)) % players
    led = SUIT_OF[trick[0]] if trick else NO_SUIT
    legal = legal_mask(hands[seat], led, broken)
    if legal.bit_count() < 2:
        return None
    unplayed = sum(hands)
    voids = [rng.randrange(16) if rng.random() < 0.5 else 0 for _ in range(players)]
    return seat, hands[seat], legal, unplayed, trick, leader, bids, taken, voids


@needs_kernel
@pytest.mark.parametrize(
    "preset",
    ["standard", "suicide", "club", "solo-3", "solo-6", "no-hell", "jokers", *JOINT_PRESETS],
)
def test_the_compiled_bot_plays_the_python_bots_card_in_random_positions(preset: str) -> None:
    rules = rules_of(preset)
    compiled: KernelTable = new_table(rules, "c", "heuristic")
    python: KernelTable = new_table(rules, "python", "heuristic")
    rng = random.Random(f"positions-{preset}")
    compared, cards = 0, set()
    # (Fewer with joint bids: the same bot, whose bids now and then leave a seat none.)
    while compared < (200 if preset.endswith(JOINT) else 400):
        position = random_position(preset, rng)
        if position is None:
            continue
        ours, theirs = compiled.choose(*position), python.choose(*position)
        assert ours == theirs, position
        assert position[2] >> ours & 1  # a legal card
        cards.add(ours)
        compared += 1
    assert len(cards) > 40  # the positions reach all over the deck


def test_a_position_that_cannot_be_is_refused() -> None:
    for implementation in ("c", "python") if kernel_built() else ("python",):
        table = new_table(load_preset("standard").rules, implementation, "heuristic")
        hand = 0b111
        bids, taken, voids = [3, 3, 3, 3], [0] * 4, [0] * 4
        with pytest.raises(ValueError, match="^not a position of a heuristic table"):
            table.choose(0, hand, 0b1000, hand, [], 0, bids, taken, voids)  # not in the hand
        with pytest.raises(ValueError, match="^not a position of a heuristic table"):
            table.choose(1, hand, hand, hand, [], 0, bids, taken, voids)  # not its turn
        random_table = new_table(load_preset("standard").rules, implementation)
        with pytest.raises(ValueError, match="^not a position of a heuristic table"):
            random_table.choose(0, hand, hand, hand, [], 0, bids, taken, voids)


# -- validation stays on (and tests/test_sim_kernel.py: every deal passes the validator) --


@pytest.fixture(scope="module")
def broken_bot(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A compiled kernel whose heuristic bot is broken on purpose (built once)."""
    return build_mutant(tmp_path_factory.mktemp("mutant"), 5)


@needs_kernel
@pytest.mark.parametrize("check", ["sample", "full"])
def test_simulate_reports_a_kernel_bot_broken_on_purpose(
    broken_bot: Any, check: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kernel, "KERNEL", broken_bot)
    games = "80" if check == "sample" else "6"  # (sampled: the deals of one game in 5)
    args = ["simulate", "--bots", "heuristic", "--kernel", "c", "--check", check]
    result = CliRunner().invoke(app, [*args, "--games", games, "--seed", "1", "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 1 and data["kernel"] == "c"
    bot = [v for v in data["violations"] if v["check"] == "bot"]
    assert bot and {v["check"] for v in data["violations"]} == {"bot"}, data["violations"][:3]
    assert all("the kernel's heuristic bot played" in v["message"] for v in bot), bot[:3]
    assert all(v["replay"].startswith("dealer ") for v in bot)
