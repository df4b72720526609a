"""The simulator plays every preset with zero violations, the same way every time."""

from __future__ import annotations

import gc
import os
import random
from dataclasses import replace

import pytest

from scorepad.engine.game import standings
from scorepad.files.presets import load_preset, preset_names
from scorepad.sim import parallel
from scorepad.sim import run as run_module
from scorepad.sim.botdeals import BotDeals
from scorepad.sim.bots import HeuristicBot, RandomBot
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.parallel import chunks
from scorepad.sim.results import GameResult, Violation
from scorepad.sim.run import RunConfig, RunSummary, simulate
from scorepad.sim.seen import Seen
from scorepad.sim.validate import Problem

# Seeded and short: enough games to meet every rule of the preset, quick enough for CI.
GAMES = {"heuristic": 14, "random": 6}


def violations_text(summary: RunSummary) -> str:
    return "\n".join(
        f"seed {v.seed} game {v.game} deal {v.deal}: {v.check}: {v.message}\n{v.replay}"
        for v in summary.violations
    )


@pytest.mark.parametrize("bots", ["heuristic", "random"])
@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_plays_out_with_zero_violations(preset: str, bots: str) -> None:
    rules = load_preset(preset).rules
    config = RunConfig(rules, preset, GAMES[bots], seed=11, bots=(bots,), max_deals=60)
    summary = simulate(config)
    assert summary.violation_count == 0, violations_text(summary)
    assert summary.games == GAMES[bots] and summary.deals >= summary.games


def test_mixed_tables_play_out_with_zero_violations() -> None:
    for preset in ("house", "club", "solo-5"):
        rules = load_preset(preset).rules
        config = RunConfig(rules, preset, 8, seed=3, bots=("heuristic", "random"), max_deals=60)
        summary = simulate(config)
        assert summary.violation_count == 0, violations_text(summary)


def timeless(summary: RunSummary) -> dict[str, object]:
    data = summary.as_json()
    del data["elapsed_seconds"], data["deals_per_second"]
    return data


def test_the_same_seed_gives_the_same_run_whatever_the_jobs() -> None:
    rules = load_preset("house").rules
    config = RunConfig(rules, "house", 12, seed=5, bots=("heuristic", "random"))
    one = timeless(simulate(config))
    assert timeless(simulate(config)) == one
    assert timeless(simulate(config, jobs=2)) == one
    other = timeless(simulate(replace(config, seed=6)))
    assert other != one


@pytest.mark.parametrize("jobs", [2, 3])
def test_parallel_runs_play_every_game_once_and_tell_progress_of_each(jobs: int) -> None:
    rules = load_preset("standard").rules
    config = RunConfig(rules, "standard", 30, seed=8, bots=("random",), kernel="python")
    told: list[int] = []
    summary = simulate(config, jobs=jobs, progress=told.append)
    assert sum(told) == 30 and summary.games == 30
    assert timeless(summary) == timeless(simulate(config))


def _fail_in_workers(monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """Make every forked worker fail on its first range."""
    main = os.getpid()
    play = run_module.play_range

    def failing(config: RunConfig, runner: GameRunner, start: int, stop: int) -> list[GameResult]:
        if os.getpid() != main:
            if how == "dies":
                os._exit(3)
            raise ValueError(f"no game {start} today")
        return play(config, runner, start, stop)

    monkeypatch.setattr(run_module, "play_range", failing)


@pytest.mark.skipif(not parallel.can_fork(), reason="workers see the patch only when forked")
@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("raises", r"a simulation worker failed: ValueError: no game \d+ today"),
        ("dies", "a simulation worker failed: it stopped before its games were played"),
    ],
)
def test_a_failing_worker_stops_the_run_with_its_reason(
    monkeypatch: pytest.MonkeyPatch, how: str, message: str
) -> None:
    _fail_in_workers(monkeypatch, how)
    rules = load_preset("standard").rules
    config = RunConfig(rules, "standard", 40, seed=8, bots=("random",), kernel="python")
    with pytest.raises(RuntimeError, match=message):
        simulate(config, jobs=2)


def _game(index: int, violations: int) -> GameResult:
    """A made-up game: its numbers vary with its index; `violations` of its deals fail."""
    return GameResult(
        index=index,
        deals=5 + index % 4,
        nil_bids=index % 3,
        contracts=9,
        sets=index % 2,
        winner=None if index % 7 == 0 else index % 2,
        end="draw" if index % 7 == 0 else ("target", "sets")[index % 2],
        scores=(index, -index),
        first_dealer_side=index % 2,
        side_bots=("heuristic", "random"),
        violations=[
            Violation(
                1, index, deal, Problem("tricks", "tricks-played", {"count": index, "tricks": deal})
            )
            for deal in range(1, violations + 1)
        ],
    )


@pytest.mark.parametrize(
    "claims",
    [
        pytest.param([[0, 1, 2, 3, 4]], id="one process"),
        pytest.param([[0, 2, 3, 4], [1]], id="two, uneven"),
        pytest.param([[1, 3], [0, 2, 4]], id="the worker first"),
        pytest.param([[3], [0, 4], [1, 2]], id="three"),
    ],
)
def test_summaries_merged_from_processes_are_the_summary_of_all_games(
    claims: list[list[int]],
) -> None:
    """Five ranges of games with 120 violations in all (more than are kept), split among
    processes as their claims fell (each adds its ranges in order, the first process is
    the main one): merged, they give exactly the JSON of adding every game in order."""
    config = RunConfig(load_preset("standard").rules, "standard", 200)
    games = [_game(index, violations=3 if index % 5 == 0 else 0) for index in range(200)]
    whole = RunSummary(config=config)
    for game in games:
        whole.add(game)
    main, *workers = [RunSummary(config=config) for _ in claims]
    for part, claimed in zip([main, *workers], claims, strict=True):
        for index in sorted(claimed):
            for game in games[40 * index : 40 * index + 40]:
                part.add(game)
    for part in workers:
        main.merge(part)
    assert main.violation_count == 120 and len(main.violations) == 100
    assert timeless(main) == timeless(whole)


def test_without_fork_jobs_play_here_and_give_the_same_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where workers cannot be forked, every range is played in this process."""
    rules = load_preset("standard").rules
    config = RunConfig(rules, "standard", 24, seed=9, bots=("random",))
    alone = timeless(simulate(config))
    monkeypatch.setattr(parallel, "can_fork", lambda: False)
    here: list[int] = []
    play = run_module.play_range

    def noted(config: RunConfig, runner: GameRunner, start: int, stop: int) -> list[GameResult]:
        here.append(start)
        return play(config, runner, start, stop)

    monkeypatch.setattr(run_module, "play_range", noted)
    assert timeless(simulate(config, jobs=2)) == alone
    assert here == [start for start, _ in chunks(24, 2)]


@pytest.mark.parametrize(
    ("games", "jobs"), [(1, 1), (7, 1), (250, 1), (12, 2), (2000, 2), (2001, 3)]
)
def test_chunks_cover_every_game_once_in_order(games: int, jobs: int) -> None:
    ranges = list(chunks(games, jobs))
    assert [index for start, stop in ranges for index in range(start, stop)] == list(range(games))
    if jobs > 1:  # enough ranges for every process to take some, none too big
        sizes = [stop - start for start, stop in ranges]
        assert len(ranges) >= min(games // 4, 2 * jobs) and max(sizes) <= 40
        # They shrink toward the end, so that no process waits long for another's last.
        assert sizes == sorted(sizes, reverse=True) and sizes[-1] <= 4


def test_a_simulated_game_is_a_game_the_score_pad_scores_the_same() -> None:
    rules = load_preset("club").rules
    runner = GameRunner(rules, preset="club", bots=("heuristic",), seed=1, keep_game=True)
    for index in range(5):
        result = runner.play_game(index)
        assert result.game is not None
        folded = standings(result.game)
        assert folded.scores == result.scores
        assert folded.winner == result.winner
        assert folded.ended_after == result.deals
        assert len(result.game.rounds) == result.deals


def test_the_dealer_rotates_and_the_left_of_the_dealer_leads() -> None:
    rules = load_preset("standard").rules
    runner = GameRunner(rules, preset="standard", bots=("heuristic",), seed=4, keep_records=True)
    result = runner.play_game(0)
    dealers = [record.dealer for record in result.records]
    assert all((b - a) % 4 == 1 for a, b in zip(dealers, dealers[1:], strict=False))
    for record in result.records:
        assert record.bids[0][0] == (record.dealer + 1) % 4
        assert record.plays[0] in record.holdings()[(record.dealer + 1) % 4]


def test_bots_are_handed_no_other_hand() -> None:
    """A bot gets its own hand and a Seen; Seen holds public facts only."""
    assert not [slot for slot in Seen.__slots__ if "hand" in slot or slot == "deal"]
    seen = Seen(load_preset("standard").rules)
    assert not hasattr(seen, "hands")


def test_blind_nil_is_bid_only_when_trailing_enough() -> None:
    rules = load_preset("club").rules
    runner = GameRunner(
        rules, preset="club", bots=("heuristic",), seed=9, keep_records=True, keep_game=True
    )
    blind_nils = 0
    for index in range(8):
        result = runner.play_game(index)
        assert result.game is not None and not result.violations
        before = [0, 0]
        for record, scored in zip(result.records, standings(result.game).rounds, strict=True):
            for seat, bid in record.bids:
                if bid.kind.value == "bnil":
                    side = rules.side_of(seat)
                    assert before[1 - side] - before[side] >= rules.blind_nil_deficit
                    blind_nils += 1
            assert scored.sides is not None
            before = [side.score for side in scored.sides]
    assert blind_nils > 0


def test_redeals_happen_when_a_hand_has_no_spade() -> None:
    rules = load_preset("house").rules
    runner = GameRunner(rules, preset="house", bots=("random",), seed=1, keep_records=True)
    redeals = 0
    for index in range(5):
        result = runner.play_game(index)
        redeals += result.redeals
        for record in result.records:
            assert all(any(code >= 39 for code in hand) for hand in record.dealt)
    assert redeals > 0


def test_the_random_bot_uses_only_its_random_source() -> None:
    bot = RandomBot(random.Random(1))
    other = RandomBot(random.Random(1))
    seen = Seen(load_preset("standard").rules)
    assert [bot.play(0, 0b1111, 0b1111, seen) for _ in range(20)] == [
        other.play(0, 0b1111, 0b1111, seen) for _ in range(20)
    ]


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("standard", ("partner_bidding=true",)),
        ("standard", ("min_team_bid=4",)),
        ("standard", ("zero_bid=plain",)),
        ("standard", ("nil=false",)),
        ("standard", ("double_nil=all-or-nothing", "failed_nil_tricks=contract")),
        ("standard", ("tie=draw", "target=200")),
        ("standard", ("sets_to_lose=2",)),
        ("standard", ("boston=true", "boston_wins=true", "target=300")),
        ("standard", ("set_scoring=zero", "loss_limit=-100")),
        ("house", ("blind_nil_deficit=0", "blind_nil_exchange=3")),
        ("jokers", ("blind_nil=true", "no_hell=true")),
        ("no-hell", ("partner_bidding=true", "min_team_bid=3")),
        ("solo-3", ("jokers=true", "removed_cards=[]")),
        ("solo-5", ("redeal_without_spades=true", "zero_bid=plain")),
    ],
    ids=lambda value: value if isinstance(value, str) else ",".join(value),
)
def test_knob_variants_play_out_with_zero_violations(
    preset: str, overrides: tuple[str, ...]
) -> None:
    """Every bidding and ending knob, also those no preset sets, under both bots."""
    from scorepad.files.presets import apply_overrides

    rules = apply_overrides(load_preset(preset).rules, overrides)
    for bots in (("heuristic",), ("random", "heuristic")):
        config = RunConfig(rules, preset, 5, seed=13, bots=bots, max_deals=40)
        summary = simulate(config)
        assert summary.violation_count == 0, violations_text(summary)


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("standard", ()),
        ("club", ()),
        ("house", ("blind_nil_deficit=0",)),
        ("no-hell", ("partner_bidding=true",)),
        ("suicide", ()),
        ("solo-3", ()),
    ],
    ids=["standard", "club", "blind-nil", "partner-bidding", "suicide", "solo"],
)
def test_the_table_s_bids_are_each_seat_s_bid_of_the_record(
    preset: str, overrides: tuple[str, ...]
) -> None:
    """The runner scores a deal by `seen.bids`: the bid each seat made, None where the
    partner bid for the side, as the deal's record has them."""
    from scorepad.files.presets import apply_overrides

    rules = apply_overrides(load_preset(preset).rules, overrides)
    source = GameRunner(rules, preset=preset, bots=("heuristic",), seed=5).source
    assert isinstance(source, BotDeals)
    bots = [HeuristicBot(random.Random(seat)) for seat in range(rules.players)]
    seen = Seen(rules)
    rng = random.Random(5)
    joint = 0
    for deal in range(40):
        seen.new_deal(deal % rules.players)
        record = source.play_deal(rng, deal % rules.players, seen, bots, 0)
        assert seen.bids == record.by_seat(rules.players)
        joint += None in seen.bids
    assert joint or not rules.partner_bidding


def test_the_fold_is_handed_the_reference_s_answer_for_each_side_deal_the_scorer_compared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table deal's side new to the scorer is scored by the reference for the scorer's
    comparison; the fold is handed that answer under its own key (`GameFold.note`) and
    asks the reference for none of the usual table's side deals itself."""
    from scorepad.sim.referee import GameFold

    folded_alone: list[object] = []
    side = GameFold._side
    monkeypatch.setattr(
        GameFold, "_side", lambda self, *args: folded_alone.append(args) or side(self, *args)
    )
    rules = load_preset("standard").rules
    config = RunConfig(rules, "standard", 20, seed=3, bots=("random",))
    runner = run_module.game_runner(config, "python")
    results = [runner.play_game(index) for index in range(20)]
    assert not [violation for result in results for violation in result.violations]
    assert folded_alone == []
    assert len(runner.fold._memo) > 200  # the noted side deals, both orders of the seats


def test_a_table_run_of_heuristic_bots_is_the_same_on_two_processes() -> None:
    rules = load_preset("club").rules
    config = RunConfig(rules, "club", 16, seed=8, bots=("heuristic",))
    alone = timeless(simulate(config))
    assert alone["kernel_reason"] is None
    assert timeless(simulate(config, jobs=2)) == alone


@pytest.mark.parametrize("kernel", ["c", "python"])
def test_a_run_lets_its_memos_go_when_it_ends(kernel: str) -> None:
    """A run's runner, its memos and their tens of thousands of entries are freed as the
    run ends, not left in a ring of references for the garbage collector's next full
    pass, which would then land in whatever runs next."""
    rules = load_preset("standard").rules
    config = RunConfig(rules, "standard", 30, seed=8, bots=("heuristic",), kernel=kernel)
    simulate(config)
    gc.collect()
    simulate(config)
    assert gc.collect() == 0
