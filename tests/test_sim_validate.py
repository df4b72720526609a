"""The validator finds what is wrong with a deal; the referee reads the end of a game."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from conftest import preset_rules

from scorepad.engine.bids import number
from scorepad.engine.cards import card_code, parse_cards
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import Hand, judge_end, score_side
from scorepad.sim.checker import DealChecker
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.referee import Referee
from scorepad.sim.results import DealRecord
from scorepad.sim.validate import (
    check_dealt,
    check_side_score,
    replay_play,
)

NAMES = ("North", "East", "South", "West")


def codes(text: str) -> list[int]:
    return [card_code(card) for card in parse_cards(text)]


def played_deal(
    preset: str = "standard", bots: str = "heuristic"
) -> tuple[DealChecker, DealRecord]:
    """A deal's checker, and the first deal of a seeded game."""
    rules = preset_rules(preset)
    runner = GameRunner(rules, preset=preset, bots=(bots,), seed=3, keep_records=True)
    checker = runner.source.checker
    assert checker is not None
    return checker, runner.play_game(0).records[0]


def test_a_clean_deal_has_no_problem() -> None:
    checker, record = played_deal()
    assert checker.deal_problems(record, [0, 0], record.by_seat(4)) == []


def test_a_card_dealt_twice_is_found() -> None:
    checker, record = played_deal()
    broken = copy.deepcopy(record)
    broken.dealt[1][0] = broken.dealt[0][0]
    checks = {p.check for p in checker.deal_problems(broken, [0, 0], broken.by_seat(4))}
    assert "deal" in checks


def test_a_wrong_trick_winner_is_found() -> None:
    checker, record = played_deal()
    broken = copy.deepcopy(record)
    broken.winners[0] = (broken.winners[0] + 1) % 4
    checks = {p.check for p in checker.deal_problems(broken, [0, 0], broken.by_seat(4))}
    assert "winner" in checks


def test_tricks_that_do_not_add_up_are_found() -> None:
    checker, record = played_deal()
    broken = copy.deepcopy(record)
    broken.taken[0] += 1
    checks = {p.check for p in checker.deal_problems(broken, [0, 0], broken.by_seat(4))}
    assert "tricks" in checks


def test_an_illegal_bid_is_found() -> None:
    checker, record = played_deal("suicide")
    broken = copy.deepcopy(record)
    broken.bids = [(seat, number(3)) for seat, _ in broken.bids]
    broken.joint = [False, False]
    problems = checker.deal_problems(broken, [0, 0], broken.by_seat(4))
    assert any(p.check == "bids" and "suicide" in p.message for p in problems)


# A four-player deal of three cards each, to replay by hand.
HOLDINGS = ["AC 2H 3S", "KC 3H 4D", "QC 4H 5D", "JC 5H 6D"]


@pytest.mark.parametrize(
    ("play", "problem"),
    [
        ("AC KC QC JC 2H 3H 4H 5H 6D 3S 4D 5D", None),
        (
            "AC 3H QC JC 2H KC 4H 5H 6D 3S 4D 5D",
            "East revoked in trick 1: played 3H on a clubs lead, holding KC",
        ),
        (
            "3S KC QC JC AC 3H 4H 5H 2H 4D 5D 6D",
            "North led 3S in trick 1 before spades were broken, holding 2H AC",
        ),
        (
            "AC KC QC JC 2H 3H 4H 5H 6D 3S 4D 7D",
            "South played 7D in trick 3, a card it does not hold",
        ),
    ],
    ids=["legal", "revoke", "early-spade-lead", "card-not-held"],
)
def test_replay_reports_who_where_and_what(play: str, problem: str | None) -> None:
    holdings = [codes(hand) for hand in HOLDINGS]
    replay = replay_play(holdings, 0, codes(play), NAMES)
    messages = [
        p.message for p in replay.problems if p.check != "holding" or "does not" in p.message
    ]
    if problem is None:
        assert replay.problems == [] and replay.taken == [2, 0, 0, 1]
    else:
        assert messages == [problem]


def test_replay_finds_the_winners_by_the_rules() -> None:
    holdings = [codes(hand) for hand in ["AC 2H", "2S 3H", "QC 4H", "JC AH"]]
    replay = replay_play(holdings, 0, codes("AC 2S QC JC 3H 4H AH 2H"), NAMES)
    assert replay.winners == [1, 3] and replay.taken == [0, 1, 0, 1]
    assert replay.problems == []


def test_check_dealt_counts_cards_per_seat() -> None:
    deck = list(range(8))
    assert check_dealt(deck, [[0, 1], [2, 3], [4, 5], [6, 7]], 0, 2, 0) == []
    problems = check_dealt(deck, [[0, 1, 2], [3], [4, 5], [6, 7]], 0, 2, 0)
    assert [p.seat for p in problems] == [0, 1]


def test_engine_results_are_checked() -> None:
    rules = Rules()
    good = score_side(rules, [Hand(number(5), 8)], score=0, bags=8)
    assert check_side_score(rules, good, 0, 8) == []
    bad = good._replace(points=good.points + 1)
    assert [p.check for p in check_side_score(rules, bad, 0, 8)] == ["engine", "engine"]
    out_of_range = good._replace(bags=rules.bag_limit)
    assert "bags" in {p.check for p in check_side_score(rules, out_of_range, 0, 8)}


@pytest.mark.parametrize(
    ("overrides", "scores", "sets", "boston_by", "end"),
    [
        ((), [499, 480], [0, 0], None, (False, None)),
        ((), [500, 480], [0, 0], None, (True, 0)),
        ((), [510, 520], [0, 0], None, (True, 1)),
        ((), [510, 510], [0, 0], None, (False, None)),
        (("tie=draw",), [510, 510], [0, 0], None, (True, None)),
        (("loss_limit=-200",), [-200, 100], [0, 0], None, (True, 1)),
        (("loss_limit=-200",), [-250, 510], [0, 0], None, (True, 1)),
        (("loss_limit=-200",), [-200, -200], [0, 0], None, (False, None)),
        (("boston=true", "boston_wins=true"), [100, 300], [0, 0], 0, (True, 0)),
        (("boston=true",), [100, 300], [0, 0], 0, (False, None)),
        (("sets_to_lose=3",), [100, 50], [0, 3], None, (True, 0)),
        (("sets_to_lose=3",), [100, 50], [3, 0], None, (True, 1)),
    ],
    ids=[
        "short-of-target",
        "target",
        "both-over-higher-wins",
        "tie-plays-on",
        "tie-is-a-draw",
        "loss-limit",
        "target-beats-loss-limit",
        "both-fall-level-plays-on",
        "boston-wins",
        "boston-without-win",
        "sets-to-lose",
        "set-out-with-the-higher-score-loses",
    ],
)
def test_the_referee_reads_the_end_as_the_engine(
    overrides: tuple[str, ...],
    scores: list[int],
    sets: list[int],
    boston_by: int | None,
    end: tuple[bool, int | None],
) -> None:
    rules = preset_rules("standard", *overrides)
    referee = Referee(rules)
    out_since = [
        1 if referee.has_lost(score, count) else None
        for score, count in zip(scores, sets, strict=True)
    ]
    assert referee.end(scores, sets, boston_by, out_since)[:2] == end
    outcome = judge_end(rules, scores, sets=sets, boston_by=boston_by)
    assert (outcome is not None, outcome.winner if outcome else None) == end


def plant_card_twice(record: DealRecord) -> None:
    record.dealt[1][0] = record.dealt[0][0]


def plant_wrong_winner(record: DealRecord) -> None:
    record.winners[0] = (record.winners[0] + 1) % 4


def plant_extra_trick(record: DealRecord) -> None:
    record.taken[0] += 1


def plant_swapped_cards(record: DealRecord) -> None:
    record.plays[0], record.plays[1] = record.plays[1], record.plays[0]


def plant_no_nil(record: DealRecord) -> None:
    record.bids = [(seat, number(3)) for seat, _ in record.bids]


@pytest.mark.parametrize(
    ("preset", "plant", "check"),
    [
        ("standard", plant_card_twice, "deal"),
        ("standard", plant_wrong_winner, "winner"),
        ("standard", plant_extra_trick, "tricks"),
        ("standard", plant_swapped_cards, "holding"),
        ("suicide", plant_no_nil, "bids"),
    ],
    ids=["card-dealt-twice", "wrong-winner", "extra-trick", "card-not-held", "suicide-no-nil"],
)
def test_the_checker_finds_each_planted_fault(
    preset: str, plant: Callable[[DealRecord], None], check: str
) -> None:
    """A random bots' deal, clean, then with one fault planted; a kernel deal's bids
    (checked by the dealer and the bids by seat) are refused as any deal's."""
    checker, record = played_deal(preset, "random")
    assert checker.deal_problems(record, [0, 0], record.by_seat(4)) == []
    broken = copy.deepcopy(record)
    plant(broken)
    by_seat = broken.by_seat(4)
    found = checker.deal_problems(broken, [0, 0], by_seat)
    assert check in {problem.check for problem in found}
    if check == "bids":
        bid_of = {code: bid for code, bid in enumerate(by_seat)}
        kernel = checker.code_bid_problems(broken.dealer, tuple(range(4)), False, bid_of, [0, 0])  # type: ignore[arg-type]
        assert kernel == [p for p in found if p.check == "bids"]
