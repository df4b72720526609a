"""The memos of the simulator hand back no stale answer: their keys hold what is read.

The memoised scorer (`SideScorer`) and the memoised bid checks (`DealChecker`) are run
over random knobs, scores, bags and bids against the plain engine and the plain bid
checks, asked afresh each time. One scorer sees many questions, so an answer kept under
a key that leaves out something it depends on is handed back where it is wrong. A test
rule that reads the score shows the keys follow what the rules declare
(`Rules.points_read_score`), and that this test fails where they would not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from scorepad.engine.bids import (
    BLIND_NIL,
    NIL,
    Bid,
    BidKind,
    check_side_bids,
    check_table_bids,
    number,
)
from scorepad.engine.game import trailing_by
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import Hand, SideScore, score_side
from scorepad.errors import BidError
from scorepad.files.presets import load_preset
from scorepad.reference import tally
from scorepad.sim.checker import DealChecker
from scorepad.sim.kernel import BLIND_NIL_CODE, JOINT_CODE, NIL_CODE, bids_of_codes
from scorepad.sim.referee import Referee
from scorepad.sim.results import DealRecord, seat_names
from scorepad.sim.scorer import SideScorer
from scorepad.sim.source import Deal
from tests.test_reference import Dice, each_case, reference_hands, table_rounds, tables


class ScoreReadingRules(Rules):
    """The standard rules with a knob that reads the score: see `leader_bonus`."""

    @property
    def points_read_score(self) -> bool:
        return True


def leader_bonus(
    rules: Rules, hands: Sequence[Hand], *, score: int = 0, bags: int = 0
) -> SideScore:
    """The engine, plus a point for every 50 the side had before the round (a test rule)."""
    scored = score_side(rules, hands, score=score, bags=bags)
    bonus = max(score, 0) // 50
    return scored._replace(points=scored.points + bonus, score=scored.score + bonus)


def score_reading(rules: Rules) -> Rules:
    return ScoreReadingRules(
        **{f.name: getattr(rules, f.name) for f in dataclasses.fields(Rules) if f.init}
    )


def side_round(dice: Dice, rules: Rules) -> tuple[list[Bid | None], list[int], int, int]:
    """A side's seats' bids and tricks, and its score and bags before the round."""
    seats = rules.side_size
    kinds = [NIL, BLIND_NIL] + [number(n) for n in range(rules.tricks + 1)]
    bids: list[Bid | None] = [dice.pick(kinds) for _ in range(seats)]
    if seats == 2 and dice.number(0, 5) == 0:
        bids[1] = None  # a joint bid by the side
    left = rules.tricks
    tricks = []
    for _ in range(seats):
        took = dice.number(0, left)
        tricks.append(took)
        left -= took
    score = dice.pick([-400, -120, -10, 0, 40, 95, 130, 260, 480])
    bags = dice.number(0, max(rules.bag_limit - 1, 0) if rules.bags else 0)
    return bids, tricks, score, bags


def numbers(scored: SideScore) -> tuple[object, ...]:
    return scored.points, scored.bags, scored.penalties, scored.made, scored.boston


def stale_answers(rules: Rules, questions: Any, engine: Any) -> list[object]:
    """The questions a memoised scorer answers other than the engine asked afresh."""
    names = [[f"P{seat}" for seat in rules.seats_of(side)] for side in range(rules.sides)]
    scorer = SideScorer(rules, names, Referee(rules), validate=False, engine=engine)
    wrong = []
    for bids, tricks, score, bags in questions:
        by_seat: list[Bid | None] = [None] * rules.players
        taken = [0] * rules.players
        for seat, bid, took in zip(rules.seats_of(0), bids, tricks, strict=True):
            by_seat[seat], taken[seat] = bid, took
        side = tuple(sorted([(by_seat[seat], taken[seat]) for seat in rules.seats_of(0)], key=hash))
        deal = Deal(by_seat, by_seat, taken, [side], None, [])
        memo = scorer.scored(0, side, deal, scorer.played_side, score, bags)
        played = scorer.played_side(0, by_seat, taken)
        fresh = numbers(engine(rules, played.hands, score=score, bags=bags))
        if tuple(memo[:5]) != fresh:
            wrong.append((bids, tricks, score, bags, tuple(memo[:5]), fresh))
    return wrong


def side_rounds(dice: Dice, rules: Rules) -> list[tuple[list[Bid | None], list[int], int, int]]:
    return [side_round(dice, rules) for _ in range(dice.number(20, 40))]


@each_case(80)
def test_the_memoised_scorer_agrees_with_the_engine_asked_afresh(dice: Dice) -> None:
    rules = tables(dice).rules
    assert stale_answers(rules, side_rounds(dice, rules), score_side) == []


@each_case(50)
def test_a_rule_that_reads_the_score_is_keyed_by_it(dice: Dice) -> None:
    rules = score_reading(tables(dice).rules)
    assert stale_answers(rules, side_rounds(dice, rules), leader_bonus) == []


def test_keys_that_leave_the_score_out_give_stale_answers_where_it_is_read() -> None:
    """The same rule, not declared: one side deal met at two scores is scored once."""
    rules = load_preset("standard").rules
    assert not rules.points_read_score
    questions = [([number(4), number(3)], [5, 2], score, 0) for score in (0, 100, 300)]
    assert len(stale_answers(rules, questions, leader_bonus)) == 2
    assert stale_answers(score_reading(rules), questions, leader_bonus) == []


@each_case(200)
def test_what_a_key_leaves_out_cannot_matter(dice: Dice) -> None:
    """The score, for points the rules say do not read it; the deficit, for a side's bid
    check without a blind bid."""
    rules = tables(dice).rules
    bids, tricks, score, bags = side_round(dice, rules)
    hands = [Hand(bid, took) for bid, took in zip(bids, tricks, strict=True) if bid is not None]
    other = dice.number(-1000, 1000)
    assert not rules.points_read_score
    assert numbers(score_side(rules, hands, score=score, bags=bags)) == numbers(
        score_side(rules, hands, score=other, bags=bags)
    )
    made = [bid for bid in bids if bid is not None]
    if not rules.bid_check_reads_deficit(any(bid.is_blind for bid in made)):
        assert side_refusal(rules, made, None) == side_refusal(rules, made, other)


def side_refusal(rules: Rules, bids: Sequence[Bid], trailing: int | None) -> str | None:
    try:
        check_side_bids(rules, bids, who=["A", "B"][: len(bids)], side="side 1",
                        trailing_by=trailing)  # fmt: skip
    except BidError as error:
        return str(error)
    return None


def plain_bid_problems(
    rules: Rules, record: DealRecord, scores: Sequence[int], by_seat: Sequence[Bid | None]
) -> list[str]:
    """The bid checks asked afresh, with each side's deficit as it is."""
    names = seat_names(rules.players)
    messages = []
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        bids = tuple(bid for seat in seats if (bid := by_seat[seat]) is not None)
        joint = len(bids) < len(seats)  # a seat without a bid: its partner bid for both
        try:
            check_side_bids(
                rules, bids, who=[names[seat] for seat in seats[: 1 if joint else None]],
                side=f"side {side + 1}",
                trailing_by=trailing_by(scores, side),
                joint=joint,
            )  # fmt: skip
        except BidError as error:
            messages.append(str(error))
    try:
        check_table_bids(rules, [bid for _, bid in record.bids], last="the last bidder")
    except BidError as error:
        messages.append(str(error))
    return messages


# Scores about the deficits the bid checks read (blind nil only when 100 behind).
NEAR = (-300, -150, -40, 0, 60, 99, 100, 101, 250)


def _checker(rules: Rules) -> DealChecker:
    names = seat_names(rules.players)
    side_names = [[names[seat] for seat in rules.seats_of(side)] for side in range(rules.sides)]
    return DealChecker(rules, names, side_names)


@each_case(80)
def test_the_memoised_bid_checks_agree_with_the_checks_asked_afresh(dice: Dice) -> None:
    rules = tables(dice).rules
    checker = _checker(rules)
    kinds = [NIL, BLIND_NIL, Bid(BidKind.BLIND, 7)] + [number(n) for n in range(rules.tricks + 1)]
    for _ in range(dice.number(10, 30)):
        dealer = dice.number(0, rules.players - 1)
        by_seat: list[Bid | None] = [dice.pick(kinds) for _ in range(rules.players)]
        order = [(dealer + step) % rules.players for step in range(1, rules.players + 1)]
        record = DealRecord(dealer, [], bids=[(seat, by_seat[seat]) for seat in order],  # type: ignore[misc]
                            joint=[False] * rules.sides)  # fmt: skip
        scores = [dice.pick(NEAR) for _ in range(rules.sides)]
        memo = [problem.message for problem in checker.bid_problems(record, scores, by_seat)]
        assert memo == plain_bid_problems(rules, record, scores, by_seat)


@each_case(80)
def test_the_kernel_bid_checks_agree_with_the_checks_asked_afresh(dice: Dice) -> None:
    """A kernel deal's bids, by the kernel's codes (a joint bid's partner holds the joint
    code), checked through `code_bid_problems` and its memos by codes, against the plain
    checks asked afresh."""
    rules = tables(dice).rules
    checker = _checker(rules)
    bid_of = bids_of_codes(rules.tricks)  # the joint code's Bid is None
    codes = [*range(rules.tricks + 1), NIL_CODE, BLIND_NIL_CODE]
    for _ in range(dice.number(10, 30)):
        dealer = dice.number(0, rules.players - 1)
        by_code = [dice.pick(codes) for _ in range(rules.players)]
        if rules.side_size == 2 and dice.number(0, 4) == 0:
            by_code[rules.seats_of(dice.number(0, rules.sides - 1))[1]] = JOINT_CODE
        by_seat = [bid_of[code] for code in by_code]
        order = [(dealer + step) % rules.players for step in range(1, rules.players + 1)]
        bids = [(seat, bid) for seat in order if (bid := by_seat[seat]) is not None]
        record = DealRecord(dealer, [], bids=bids, joint=[False] * rules.sides)
        scores = [dice.pick(NEAR) for _ in range(rules.sides)]
        blind = BLIND_NIL_CODE in by_code  # as the table's deals tell it
        found = checker.code_bid_problems(dealer, tuple(by_code), blind, bid_of, scores)
        assert [problem.message for problem in found] == plain_bid_problems(
            rules, record, scores, by_seat
        )


@each_case(120)
def test_the_referees_fold_ends_a_game_as_the_reference_does(dice: Dice) -> None:
    """The fold the simulator checks every deal against (the reference's scores, and the
    end read from docs/rules.md in `Referee.end`) gives `tally.play_game`'s totals,
    end round, winner and reason."""
    table = tables(dice)
    rules = table.rules
    rounds = [table_rounds(dice, rules) for _ in range(dice.number(3, 30))]
    plain = [[tuple(reference_hands(play)) for play in round_] for round_ in rounds]
    expected = tally.play_game(table.knobs, [[list(h) for h in r] for r in plain])
    referee = Referee(rules)
    scores, bags, sets = [0] * rules.sides, [0] * rules.sides, [0] * rules.sides
    runs, ran = [0] * rules.sides, [False] * rules.sides  # sets in a row
    out_since: list[int | None] = [None] * rules.sides
    fell = [False] * rules.sides
    ended = None
    for round_number, round_ in enumerate(plain, start=1):
        boston_by = None
        for side, hands in enumerate(round_):
            ref = referee.side(hands, scores[side], bags[side])
            scores[side] += ref.points
            bags[side] = ref.bags
            sets[side] += ref.made is False
            runs[side] = runs[side] + 1 if ref.made is False else 0
            if ref.boston:
                boston_by = side
        referee.note_losses(round_number, scores, sets, out_since, fell, runs, ran)
        over, winner, reason = referee.end(
            scores, sets, boston_by, out_since, round_number, fell, runs, ran
        )
        if over:
            ended = (winner, round_number, reason, list(scores), list(bags), list(sets))
            break
    wanted = None
    if expected.ended_after is not None:
        wanted = (expected.winner, expected.ended_after, expected.reason, expected.totals,
                  expected.bags, expected.sets)  # fmt: skip
    assert ended == wanted, (table.preset, table.knobs)


def test_a_sides_bid_check_and_a_tables_never_share_an_answer() -> None:
    """A side's key (side 1, deficit 5, a blind nil and a 7) holds the same numbers as a
    table's bids in order (1, 5, blind nil, 7): the table passing first must not let the
    side's blind nil, five behind, pass."""
    rules = load_preset("club").rules
    checker = _checker(rules)
    bid_of = bids_of_codes(rules.tricks)
    # Dealer West: North, East, South, West bid 1, 5, blind nil, 7; North-South 200 behind.
    passed = checker.code_bid_problems(3, (1, 5, BLIND_NIL_CODE, 7), True, bid_of, [0, 200])
    assert passed == []
    # East bids blind nil and West 7, East-West five behind: refused, as asked afresh.
    by_code = (3, BLIND_NIL_CODE, 3, 7)
    found = checker.code_bid_problems(3, by_code, True, bid_of, [5, 0])
    by_seat = [bid_of[code] for code in by_code]
    record = DealRecord(3, [], bids=[(seat, by_seat[seat]) for seat in range(4)],  # type: ignore[misc]
                        joint=[False, False])  # fmt: skip
    expected = plain_bid_problems(rules, record, [5, 0], by_seat)
    assert expected and [problem.message for problem in found] == expected
