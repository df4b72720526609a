"""The scoring engine: one side's round into itemized lines, and when a game ends.

Pure functions over frozen values: no I/O, no clocks, no randomness. Every number comes
from `Rules`; no preset name is ever looked at here.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

from scorepad.engine.bids import Bid, BidKind
from scorepad.engine.rules import Rules


class LineKind(enum.Enum):
    """What a scoring line is about; renderers make sets, failed nils and penalties stand out."""

    CONTRACT = "contract"
    SET = "set"
    OVERTRICKS = "overtricks"
    NIL = "nil"
    NIL_FAILED = "nil-failed"
    NIL_TRICKS = "nil-tricks"
    BONUS = "bonus"
    BAG_PENALTY = "bag-penalty"
    RULING = "ruling"  # a director's ruling against the side (`rulings`)

    @property
    def is_bad(self) -> bool:
        return self in (LineKind.SET, LineKind.NIL_FAILED, LineKind.BAG_PENALTY, LineKind.RULING)


# Module-level names for the members: an Enum class attribute costs a slow lookup.
CONTRACT, SET, OVERTRICKS = LineKind.CONTRACT, LineKind.SET, LineKind.OVERTRICKS
NIL, NIL_FAILED, NIL_TRICKS = LineKind.NIL, LineKind.NIL_FAILED, LineKind.NIL_TRICKS
BONUS, BAG_PENALTY = LineKind.BONUS, LineKind.BAG_PENALTY
_NIL_BID, _BLIND_NIL, _BLIND = BidKind.NIL, BidKind.BLIND_NIL, BidKind.BLIND


class Said(enum.Enum):
    """What a scoring line says, as a fact: its words are made where it is shown
    (`gametext.line_words`, in the reader's language; the csv and JSON in one stable
    English), from this and the line's numbers and name."""

    DOUBLE_NIL_MADE = "double-nil-made"
    DOUBLE_NIL_FAILED = "double-nil-failed"  # `taken`
    NIL_MADE = "nil-made"  # `name`
    BLIND_NIL_MADE = "blind-nil-made"  # `name`
    NIL_FAILED = "nil-failed"  # `name`, `taken`
    BLIND_NIL_FAILED = "blind-nil-failed"  # `name`, `taken`
    OVERTRICKS = "overtricks"  # `tricks`
    NIL_TRICKS = "nil-tricks"  # `tricks`: a failed nil's tricks scored as bags
    BAG_PENALTY = "bag-penalty"  # `threshold`: the bag limit
    BOSTON_MADE = "boston-made"  # `contract`
    BOSTON_SET = "boston-set"  # `taken`
    TEN_FOR_200_MADE = "ten-for-200-made"  # `threshold` for `worth`: `contract`
    TEN_FOR_200_SET = "ten-for-200-set"  # `threshold` for `worth`: `contract`, `taken`
    BLIND_MADE = "blind-made"  # `contract`
    BLIND_SET = "blind-set"  # `contract`, `taken`
    CONTRACT_MADE = "contract-made"  # `contract`
    CONTRACT_SET = "contract-set"  # `contract`, `taken`
    EXACT_BONUS = "exact-bonus"  # `contract`, `taken`
    BIG_CONTRACT_BONUS = "big-contract-bonus"  # `tricks` tricks over `threshold`
    QUICKSAND_SHORT = "quicksand-short"  # `contract`, `tricks` short
    QUICKSAND_OVER = "quicksand-over"  # `tricks` over
    RULING_BOOKS = "ruling-books"  # `tricks` books given away, `name`: the reason
    RULING_POINTS = "ruling-points"  # the line's points, `name`: the reason
    RULING_SET = "ruling-set"  # `name`: the reason
    RULING_FORFEIT = "ruling-forfeit"  # `name`: the reason


# Line, Hand and SideScore are NamedTuples rather than frozen dataclasses: just as
# immutable, and half the cost to build, which counts when the simulator scores
# hundreds of thousands of rounds.
class Line(NamedTuple):
    """One itemized line of a round's score: what it says (a fact with its numbers and
    the nil bidder's name, which `Said` lists for each), its points and its kind."""

    said: Said
    points: int
    kind: LineKind
    contract: int = 0
    taken: int = 0
    tricks: int = 0  # over the contract, short of it, a failed nil's as bags
    name: str = ""
    threshold: int = 0  # the rule's number a line names: bag limit, bonus threshold, 10's bid
    worth: int = 0  # 10-for-200's points


_NIL_MADE, _BLIND_NIL_MADE = Said.NIL_MADE, Said.BLIND_NIL_MADE
_NIL_FAILED, _BLIND_NIL_FAILED = Said.NIL_FAILED, Said.BLIND_NIL_FAILED
_CONTRACT_MADE, _CONTRACT_SET = Said.CONTRACT_MADE, Said.CONTRACT_SET
_BLIND_MADE, _BLIND_SET = Said.BLIND_MADE, Said.BLIND_SET


def signed(points: int) -> str:
    """Points as a sheet writes them, with their sign: +52, -100, 0."""
    return f"{points:+d}" if points else "0"


class Hand(NamedTuple):
    """One bidder's part of a side's round: a player's bid and tricks, or a joint team entry."""

    bid: Bid
    tricks: int
    name: str = ""


class SideScore(NamedTuple):
    """A side's round, scored: the lines, their sum, and the side's standing after."""

    lines: tuple[Line, ...]
    points: int
    score: int
    bags: int
    new_bags: int
    penalties: int
    contract: int
    made: bool | None  # None when the side bid no contract (nil only)
    boston: bool

    @property
    def was_set(self) -> bool:
        return self.made is False


def score_side(rules: Rules, hands: Sequence[Hand], *, score: int = 0, bags: int = 0) -> SideScore:
    """Score one side's round from its hands, given its score and bag count before."""
    lines: list[Line] = []
    nil_hands: list[Hand] = []
    contract = taken = 0
    has_contract = blind = False
    for hand in hands:
        kind = hand.bid.kind
        if kind is _NIL_BID or kind is _BLIND_NIL:
            nil_hands.append(hand)
        else:
            has_contract = True
            contract += hand.bid.tricks
            taken += hand.tricks
            blind = blind or kind is _BLIND
    loose_tricks = 0  # failed nils' tricks that score as bags

    if rules.double_nil == "all-or-nothing" and len(nil_hands) > 1 and not has_contract:
        value = sum(_nil_value(rules, hand.bid) for hand in nil_hands)
        team_tricks = sum(hand.tricks for hand in nil_hands)
        if team_tricks == 0:
            lines.append(Line(Said.DOUBLE_NIL_MADE, value, NIL))
        else:
            lines.append(Line(Said.DOUBLE_NIL_FAILED, -value, NIL_FAILED, taken=team_tricks))
    else:
        for hand in nil_hands:
            blind_nil = hand.bid.kind is _BLIND_NIL
            value = _nil_value(rules, hand.bid)
            if hand.tricks == 0:
                said = _BLIND_NIL_MADE if blind_nil else _NIL_MADE
                lines.append(Line(said, value, NIL, name=hand.name))
                continue
            said = _BLIND_NIL_FAILED if blind_nil else _NIL_FAILED
            lines.append(Line(said, -value, NIL_FAILED, taken=hand.tricks, name=hand.name))
            if rules.failed_nil_tricks == "contract":
                taken += hand.tricks
            elif rules.failed_nil_tricks == "bags" and not rules.quicksand:
                loose_tricks += hand.tricks

    made: bool | None = None
    boston = False
    overtricks = 0
    if has_contract:
        made = taken >= contract
        boston = made and contract == rules.tricks and rules.boston
        if rules.quicksand:
            lines.extend(_quicksand_lines(rules, contract, taken))
        else:
            lines.extend(_contract_lines(rules, contract, taken, blind=blind))
            if made:
                overtricks = taken - contract
                if rules.exact_bonus or rules.big_contract_bonus:
                    lines.extend(_bonus_lines(rules, contract, taken))
    elif taken:
        # Only failed nils' tricks under failed_nil_tricks = "contract": they count toward
        # the side's contract of 0, so each is a trick over it (an overtrick, a bag).
        if rules.quicksand:
            lines.append(_quicksand_over(rules, taken))
        else:
            overtricks = taken
    if overtricks:
        points = overtricks * rules.overtrick_points
        lines.append(Line(Said.OVERTRICKS, points, OVERTRICKS, tricks=overtricks))
    if loose_tricks:
        points = loose_tricks * rules.overtrick_points
        lines.append(Line(Said.NIL_TRICKS, points, NIL_TRICKS, tricks=loose_tricks))

    new_bags = overtricks + loose_tricks if rules.bags else 0
    penalties, bags_after = divmod(bags + new_bags, rules.bag_limit)
    if penalties:
        penalty = Line(Said.BAG_PENALTY, -rules.bag_penalty, BAG_PENALTY, threshold=rules.bag_limit)
        lines.extend([penalty] * penalties)

    points = 0
    for line in lines:
        points += line.points
    # Positional: a NamedTuple is built faster so (the order of SideScore's fields).
    return SideScore(
        tuple(lines), points, score + points, bags_after, new_bags, penalties, contract, made,
        boston,
    )  # fmt: skip


def _nil_value(rules: Rules, bid: Bid) -> int:
    return rules.blind_nil_points if bid.kind is _BLIND_NIL else rules.nil_points


def _contract_lines(rules: Rules, contract: int, taken: int, *, blind: bool) -> list[Line]:
    """The contract's own line: made or set, with Boston and 10-for-200 taking its place."""
    made = taken >= contract
    if rules.boston and contract == rules.tricks:
        if made:
            return [Line(Said.BOSTON_MADE, rules.boston_points, BONUS, contract)]
        return [Line(Said.BOSTON_SET, -rules.boston_penalty, SET, contract, taken)]
    if rules.ten_for_200 and contract >= rules.ten_for_200_bid:
        bid, worth = rules.ten_for_200_bid, rules.ten_for_200_points
        if made:
            return [
                Line(Said.TEN_FOR_200_MADE, worth, CONTRACT, contract, taken, 0, "", bid, worth)
            ]
        lost = rules.ten_for_200_penalty
        return [Line(Said.TEN_FOR_200_SET, -lost, SET, contract, taken, 0, "", bid, worth)]
    factor = 2 if blind else 1
    if made:
        said = _BLIND_MADE if blind else _CONTRACT_MADE
        return [Line(said, factor * rules.trick_points * contract, CONTRACT, contract, taken)]
    lost = factor * rules.trick_points * contract if rules.set_scoring == "minus-bid" else 0
    return [Line(_BLIND_SET if blind else _CONTRACT_SET, -lost, SET, contract, taken)]


def _bonus_lines(rules: Rules, contract: int, taken: int) -> list[Line]:
    """Seed 004's bonuses for a contract that was made."""
    lines = []
    if rules.exact_bonus and contract in rules.exact_bonus_bids and taken == contract:
        lines.append(Line(Said.EXACT_BONUS, rules.exact_bonus, BONUS, contract, taken))
    above = contract - rules.big_contract_from
    if rules.big_contract_bonus and above > 0:
        lines.append(
            Line(Said.BIG_CONTRACT_BONUS, above * rules.big_contract_bonus, BONUS, contract,
                 taken, tricks=above, threshold=rules.big_contract_from)
        )  # fmt: skip
    return lines


def _quicksand_lines(rules: Rules, contract: int, taken: int) -> list[Line]:
    """Quicksand: exact scores the bid, each trick over costs a trick, a set costs the shortfall."""
    if taken < contract:
        short = contract - taken
        points = -short * rules.trick_points
        return [Line(Said.QUICKSAND_SHORT, points, SET, contract, taken, short)]
    lines = [Line(_CONTRACT_MADE, contract * rules.trick_points, CONTRACT, contract, taken)]
    over = taken - contract
    if over:
        lines.append(_quicksand_over(rules, over))
    return lines


def _quicksand_over(rules: Rules, over: int) -> Line:
    return Line(Said.QUICKSAND_OVER, -over * rules.trick_points, OVERTRICKS, tricks=over)


# ---------------------------------------------------------------------------
# The end of a game


class EndReason(enum.Enum):
    """Why a game ended."""

    TARGET = "target"
    LOSS_LIMIT = "loss-limit"
    SETS = "sets"
    SETS_IN_A_ROW = "sets-in-a-row"
    BOSTON = "boston"
    DEAL_LIMIT = "deal-limit"
    TIME = "time"  # the clock ran out (docs/rules.md, the clock)
    FORFEIT = "forfeit"  # a ruling: a side forfeited the game


class Outcome(NamedTuple):  # not a dataclass: cheaper to create at every start-up
    """A finished game: the winning side (None for an agreed draw) and why it ended."""

    winner: int | None
    reason: EndReason


def sides_losing(
    rules: Rules, scores: Sequence[int], sets: Sequence[int], runs: Sequence[int] = ()
) -> list[int]:
    """The sides that have lost as of these scores: at or below the loss limit, set
    `sets_to_lose` times, or set in each of the last `sets_in_a_row` deals (`runs`: each
    side's sets in a row, up to the last deal)."""
    limit, most_sets, in_a_row = rules.loss_limit, rules.sets_to_lose, rules.sets_in_a_row
    return [
        side
        for side, score in enumerate(scores)
        if (limit is not None and score <= limit)
        or (most_sets and side < len(sets) and sets[side] >= most_sets)
        or (in_a_row and side < len(runs) and runs[side] >= in_a_row)
    ]


def note_losses(
    rules: Rules,
    number: int,
    scores: Sequence[int],
    sets: Sequence[int],
    out_since: list[int | None],
    fell: list[bool],
    runs: Sequence[int] = (),
    ran: list[bool] | None = None,
) -> None:
    """Note the sides that lost in round `number` (`sides_losing`, not out before): the
    round in `out_since`, in `fell` whether it fell through the loss limit then, and in
    `ran` (when given) whether its sets in a row reached `sets_in_a_row` then.

    How a side lost is its own fact (docs/rules.md): a side that fell through the limit
    and was later set out, above the limit again, still fell through it."""
    limit, in_a_row = rules.loss_limit, rules.sets_in_a_row
    for side in sides_losing(rules, scores, sets, runs):
        if out_since[side] is None:
            out_since[side] = number
            fell[side] = limit is not None and scores[side] <= limit
            if ran is not None:
                ran[side] = bool(in_a_row) and side < len(runs) and runs[side] >= in_a_row


class Level(NamedTuple):
    """A game that would end here but for a tie at the top: it plays on, and the next
    round decides (RULES.md 10-11). The sides level, their score, and what would have
    ended the game (the target reached, the deal limit, the loss limit)."""

    sides: tuple[int, ...]
    score: int
    reason: EndReason


def judge_end(
    rules: Rules,
    scores: Sequence[int],
    *,
    sets: Sequence[int] = (),
    boston_by: int | None = None,
    out_since: Sequence[int | None] = (),
    fell: Sequence[bool] = (),
    deals: int = 0,
    called: int | None = None,
    runs: Sequence[int] = (),
    ran: Sequence[bool] = (),
) -> Outcome | None:
    """Whether the game ends after a round with these scores, and who wins; None plays on.

    `judge_round` with a tie that plays on (a `Level`) as None.
    """
    judged = judge_round(
        rules, scores, sets=sets, boston_by=boston_by, out_since=out_since, fell=fell,
        deals=deals, called=called, runs=runs, ran=ran,
    )  # fmt: skip
    return judged if isinstance(judged, Outcome) else None


def judge_round(
    rules: Rules,
    scores: Sequence[int],
    *,
    sets: Sequence[int] = (),
    boston_by: int | None = None,
    out_since: Sequence[int | None] = (),
    fell: Sequence[bool] = (),
    deals: int = 0,
    called: int | None = None,
    runs: Sequence[int] = (),
    ran: Sequence[bool] = (),
) -> Outcome | Level | None:
    """Whether the game ends after a round with these scores, and who wins; a `Level`
    where it would end but for a tie at the top, which plays on; None plays on.

    docs/rules.md, the end of a game: a side that has lost, by the loss limit or by sets,
    in this round or before, is out and cannot win by the target or by Boston. A Boston
    that wins at once by a side still in ends it; then the target, among the sides still
    in; then, once any side is out, the highest score among the sides still in (if none
    is, among those that lost last). An exact tie at the top plays on, or is a draw.

    `out_since` holds, for each side, the round in which it lost (None: still in), this
    round's losses included; a caller that folds a game keeps it, since a side that
    climbs back above the loss limit stays out. Without it, the sides losing as of these
    scores are out, all since this round. `fell` holds, for each side out, whether it fell
    through the loss limit when it lost (`note_losses` keeps both): a game that ends once
    a side is out ends by the loss limit if a side that lost fell through it, else by
    sets, however the sides stand now. Without it, a side out is taken to have fallen
    through the limit if it is at or below it now or was never set out.

    `deals` is the number of deals played, this one included: with a `deal_limit`, once
    they reach it and no side has won or lost otherwise, the higher score wins (a tie
    plays one more deal, or is a draw, as `tie` says). `called` is the deal in play when
    the clock's time was called (`engine.clock`): once `deals` reach it, the same, by time.

    `runs` holds each side's sets in a row up to this deal, for `sets_in_a_row`; `ran`,
    for each side out, whether its run reached `sets_in_a_row` when it lost (kept by
    `note_losses` as `fell` is). A game that ends by sets ends by sets in a row if a side
    out lost by its run (docs/rules.md). Without `ran`, a side out is taken to have lost
    by its run if its run reaches `sets_in_a_row` now.
    """
    limit, most_sets, in_a_row = rules.loss_limit, rules.sets_to_lose, rules.sets_in_a_row
    if (
        (not rules.deal_limit or deals < rules.deal_limit)
        and (called is None or deals < called)
        and not any(out_since)
        and (boston_by is None or not rules.boston_wins)
        and scores
        and max(scores) < rules.target
        and (limit is None or min(scores) > limit)
        and (not most_sets or not sets or max(sets) < most_sets)
        and (not in_a_row or not runs or max(runs) < in_a_row)
    ):
        return None  # the usual case, mid-game: nobody reached the target or lost
    sides = range(len(scores))
    if not out_since:
        losing = sides_losing(rules, scores, sets, runs)
        out_since = [0 if side in losing else None for side in sides]
    still_in = [side for side in sides if out_since[side] is None]
    if boston_by is not None and rules.boston_wins and boston_by in still_in:
        return Outcome(boston_by, EndReason.BOSTON)
    reached = [side for side in still_in if scores[side] >= rules.target]
    if reached:
        return _highest(rules, scores, reached, EndReason.TARGET)
    out = [side for side in sides if out_since[side] is not None]
    if not out:
        if rules.deal_limit and deals >= rules.deal_limit:
            return _highest(rules, scores, still_in, EndReason.DEAL_LIMIT)
        if called is not None and deals >= called:
            return _highest(rules, scores, still_in, EndReason.TIME)
        return None
    if not still_in:  # every side lost: those that lost last are still in the running
        last = max(out_since[side] or 0 for side in out)
        still_in = [side for side in out if out_since[side] == last]
    def run_out(side: int) -> bool:
        return bool(in_a_row) and side < len(runs) and runs[side] >= in_a_row

    if fell:
        by_limit = any(fell[side] for side in out)
    else:
        by_limit = any(
            (limit is not None and scores[side] <= limit)
            or not ((most_sets and side < len(sets) and sets[side] >= most_sets) or run_out(side))
            for side in out
        )
    if by_limit:
        reason = EndReason.LOSS_LIMIT
    elif any(ran[side] if ran else run_out(side) for side in out):
        reason = EndReason.SETS_IN_A_ROW
    else:
        reason = EndReason.SETS
    return _highest(rules, scores, still_in, reason)


def _highest(
    rules: Rules, scores: Sequence[int], sides: Sequence[int], reason: EndReason
) -> Outcome | Level:
    best = max(scores[side] for side in sides)
    leaders = [side for side in sides if scores[side] == best]
    if len(leaders) == 1:
        return Outcome(leaders[0], reason)
    return Outcome(None, reason) if rules.tie == "draw" else Level(tuple(leaders), best, reason)
