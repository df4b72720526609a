"""The scoring engine: one side's round into itemized lines, and when a game ends.

Pure functions over frozen values: no I/O, no clocks, no randomness. Every number comes
from `Rules`; no preset name is ever looked at here.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

from scorepad.bids import Bid, BidKind
from scorepad.rules import Rules


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

    @property
    def is_bad(self) -> bool:
        return self in (LineKind.SET, LineKind.NIL_FAILED, LineKind.BAG_PENALTY)


# Module-level names for the members: an Enum class attribute costs a slow lookup.
CONTRACT, SET, OVERTRICKS = LineKind.CONTRACT, LineKind.SET, LineKind.OVERTRICKS
NIL, NIL_FAILED, NIL_TRICKS = LineKind.NIL, LineKind.NIL_FAILED, LineKind.NIL_TRICKS
BONUS, BAG_PENALTY = LineKind.BONUS, LineKind.BAG_PENALTY
_NIL_BID, _BLIND_NIL, _BLIND = BidKind.NIL, BidKind.BLIND_NIL, BidKind.BLIND


# Line, Hand and SideScore are NamedTuples rather than frozen dataclasses: just as
# immutable, and half the cost to build, which counts when the simulator scores
# hundreds of thousands of rounds.
class Line(NamedTuple):
    """One itemized line of a round's score."""

    label: str
    points: int
    kind: LineKind


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


def _who(hand: Hand) -> str:
    return f" ({hand.name})" if hand.name else ""


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


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
            lines.append(Line("double nil made", value, NIL))
        else:
            label = f"double nil failed ({_plural(team_tricks, 'trick')} taken)"
            lines.append(Line(label, -value, NIL_FAILED))
    else:
        for hand in nil_hands:
            what = "blind nil" if hand.bid.kind is _BLIND_NIL else "nil"
            value = _nil_value(rules, hand.bid)
            if hand.tricks == 0:
                lines.append(Line(f"{what} made{_who(hand)}", value, NIL))
                continue
            label = f"{what} failed{_who(hand)}: {_plural(hand.tricks, 'trick')}"
            lines.append(Line(label, -value, NIL_FAILED))
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
        label = _plural(overtricks, "overtrick")
        lines.append(Line(label, overtricks * rules.overtrick_points, OVERTRICKS))
    if loose_tricks:
        label = f"failed nil's {_plural(loose_tricks, 'trick')} as bags"
        lines.append(Line(label, loose_tricks * rules.overtrick_points, NIL_TRICKS))

    new_bags = overtricks + loose_tricks if rules.bags else 0
    penalties, bags_after = divmod(bags + new_bags, rules.bag_limit)
    if penalties:
        penalty = Line(f"bag penalty ({rules.bag_limit} bags)", -rules.bag_penalty, BAG_PENALTY)
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
            return [Line(f"Boston: all {contract} made", rules.boston_points, BONUS)]
        return [Line(f"Boston set ({taken} taken)", -rules.boston_penalty, SET)]
    if rules.ten_for_200 and contract >= rules.ten_for_200_bid:
        name = f"{rules.ten_for_200_bid}-for-{rules.ten_for_200_points}"
        if made:
            return [Line(f"{name}: {contract} made", rules.ten_for_200_points, CONTRACT)]
        return [Line(f"{name}: {contract} set ({taken} taken)", -rules.ten_for_200_penalty, SET)]
    factor = 2 if blind else 1
    what = f"blind {contract} (doubled)" if blind else f"contract {contract}"
    if made:
        return [Line(f"{what} made", factor * rules.trick_points * contract, CONTRACT)]
    lost = factor * rules.trick_points * contract if rules.set_scoring == "minus-bid" else 0
    return [Line(f"{what} set ({taken} taken)", -lost, SET)]


def _bonus_lines(rules: Rules, contract: int, taken: int) -> list[Line]:
    """Seed 004's bonuses for a contract that was made."""
    lines = []
    if rules.exact_bonus and contract in rules.exact_bonus_bids and taken == contract:
        lines.append(
            Line(f"exact bonus ({contract} bid, {contract} taken)", rules.exact_bonus, BONUS)
        )
    above = contract - rules.big_contract_from
    if rules.big_contract_bonus and above > 0:
        label = f"big-contract bonus ({_plural(above, 'trick')} over {rules.big_contract_from})"
        lines.append(Line(label, above * rules.big_contract_bonus, BONUS))
    return lines


def _quicksand_lines(rules: Rules, contract: int, taken: int) -> list[Line]:
    """Quicksand: exact scores the bid, each trick over costs a trick, a set costs the shortfall."""
    if taken < contract:
        short = contract - taken
        label = f"contract {contract} short by {short} (quicksand)"
        return [Line(label, -short * rules.trick_points, SET)]
    lines = [Line(f"contract {contract} made", contract * rules.trick_points, CONTRACT)]
    over = taken - contract
    if over:
        lines.append(_quicksand_over(rules, over))
    return lines


def _quicksand_over(rules: Rules, over: int) -> Line:
    label = f"{_plural(over, 'trick')} over (quicksand)"
    return Line(label, -over * rules.trick_points, OVERTRICKS)


# ---------------------------------------------------------------------------
# The end of a game


class EndReason(enum.Enum):
    """Why a game ended."""

    TARGET = "target"
    LOSS_LIMIT = "loss-limit"
    SETS = "sets"
    BOSTON = "boston"
    DEAL_LIMIT = "deal-limit"


class Outcome(NamedTuple):  # not a dataclass: cheaper to create at every start-up
    """A finished game: the winning side (None for an agreed draw) and why it ended."""

    winner: int | None
    reason: EndReason


def sides_losing(rules: Rules, scores: Sequence[int], sets: Sequence[int]) -> list[int]:
    """The sides that have lost as of these scores: at or below the loss limit, or set
    `sets_to_lose` times."""
    limit, most_sets = rules.loss_limit, rules.sets_to_lose
    return [
        side
        for side, score in enumerate(scores)
        if (limit is not None and score <= limit)
        or (most_sets and side < len(sets) and sets[side] >= most_sets)
    ]


def note_losses(
    rules: Rules,
    number: int,
    scores: Sequence[int],
    sets: Sequence[int],
    out_since: list[int | None],
    fell: list[bool],
) -> None:
    """Note the sides that lost in round `number` (`sides_losing`, not out before): the
    round in `out_since`, and in `fell` whether it fell through the loss limit then.

    How a side lost is its own fact (docs/rules.md): a side that fell through the limit
    and was later set out, above the limit again, still fell through it."""
    limit = rules.loss_limit
    for side in sides_losing(rules, scores, sets):
        if out_since[side] is None:
            out_since[side] = number
            fell[side] = limit is not None and scores[side] <= limit


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
) -> Outcome | None:
    """Whether the game ends after a round with these scores, and who wins; None plays on.

    `judge_round` with a tie that plays on (a `Level`) as None.
    """
    judged = judge_round(
        rules, scores, sets=sets, boston_by=boston_by, out_since=out_since, fell=fell, deals=deals
    )
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
    plays one more deal, or is a draw, as `tie` says).
    """
    limit, most_sets = rules.loss_limit, rules.sets_to_lose
    if (
        (not rules.deal_limit or deals < rules.deal_limit)
        and not any(out_since)
        and (boston_by is None or not rules.boston_wins)
        and scores
        and max(scores) < rules.target
        and (limit is None or min(scores) > limit)
        and (not most_sets or not sets or max(sets) < most_sets)
    ):
        return None  # the usual case, mid-game: nobody reached the target or lost
    sides = range(len(scores))
    if not out_since:
        losing = sides_losing(rules, scores, sets)
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
        return None
    if not still_in:  # every side lost: those that lost last are still in the running
        last = max(out_since[side] or 0 for side in out)
        still_in = [side for side in out if out_since[side] == last]
    if fell:
        by_limit = any(fell[side] for side in out)
    else:
        by_limit = any(
            (limit is not None and scores[side] <= limit)
            or not (most_sets and side < len(sets) and sets[side] >= most_sets)
            for side in out
        )
    return _highest(rules, scores, still_in, EndReason.LOSS_LIMIT if by_limit else EndReason.SETS)


def _highest(
    rules: Rules, scores: Sequence[int], sides: Sequence[int], reason: EndReason
) -> Outcome | Level:
    best = max(scores[side] for side in sides)
    leaders = [side for side in sides if scores[side] == best]
    if len(leaders) == 1:
        return Outcome(leaders[0], reason)
    return Outcome(None, reason) if rules.tie == "draw" else Level(tuple(leaders), best, reason)
