"""A side's round, as a scorekeeper writes it: one entry after the other (`score_side`;
`Scorekeeper(knobs).score_side` for many rounds)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorepad.reference.rulebook import (
    AUTO_THRESHOLD,
    NIL_KINDS,
    Hand,
    Knobs,
    is_on,
    tricks_in_a_deal,
    whole_number,
)


@dataclass(slots=True)
class SideResult:
    """One side's round as the rules score it."""

    points: int
    score: int  # after the round
    bags: int  # after the round
    new_bags: int
    penalties: int
    contract: int
    made: bool | None  # None: the side bid no contract
    boston: bool  # the side made a Boston this round


class Scorekeeper:
    """A scorekeeper who has read the scoring knobs once (and held the numbers to being
    whole numbers), and scores sides' rounds by them without reading them again."""

    def __init__(self, knobs: Knobs) -> None:
        self.quicksand = knobs["contract_scoring"] == "quicksand"
        self.bags_count = is_on(knobs, "bags") and not self.quicksand
        self.bag_limit = whole_number(knobs, "bag_limit")
        self.bag_penalty = whole_number(knobs, "bag_penalty")
        self.failed_nil_tricks = knobs["failed_nil_tricks"]
        self.all_or_nothing = knobs["double_nil"] == "all-or-nothing"
        self.nil_points = whole_number(knobs, "nil_points")
        self.blind_nil_points = whole_number(knobs, "blind_nil_points")
        self.trick_points = whole_number(knobs, "trick_points")
        self.overtrick_points = whole_number(knobs, "overtrick_points")
        self.minus_bid = knobs["set_scoring"] == "minus-bid"
        # A Boston is a contract of every trick of the deal; 10 for 200 a contract of at
        # least ten_for_200_bid. Each pays its own points instead of the contract's.
        self.boston_at = tricks_in_a_deal(knobs) if is_on(knobs, "boston") else None
        self.boston_points = whole_number(knobs, "boston_points")
        self.boston_penalty = whole_number(knobs, "boston_penalty")
        self.ten_at = (
            whole_number(knobs, "ten_for_200_bid") if is_on(knobs, "ten_for_200") else None
        )
        self.ten_points = whole_number(knobs, "ten_for_200_points")
        self.ten_penalty = whole_number(knobs, "ten_for_200_penalty")
        self.exact = whole_number(knobs, "exact_bonus")
        listed = knobs["exact_bonus_bids"]
        assert isinstance(listed, list | tuple)
        self.exact_bids = tuple(listed)
        self.big_bonus = whole_number(knobs, "big_contract_bonus")
        start = knobs["big_contract_threshold"] if self.big_bonus else 0  # read for a bonus
        start = AUTO_THRESHOLD[whole_number(knobs, "players")] if start == "auto" else start
        assert isinstance(start, int)
        self.big_from = start

    def score_side(self, hands: Sequence[Hand], score: int = 0, bags: int = 0) -> SideResult:
        """Score one side's round from its hands, given its score and bags before it."""
        sheet: list[int] = []  # the points written down, one entry after the other
        # The hands read once: the nil bidders apart, the others' bids and tricks summed.
        nil_bidders = []
        bidders = contract = counted = 0
        blind = False
        for hand in hands:
            if hand[0] in NIL_KINDS:
                nil_bidders.append(hand)
            else:
                bidders += 1
                contract += hand[1]
                counted += hand[2]
                blind = blind or hand[0] == "blind"

        # Step 1, the nils. Tricks a failed nil took go where failed_nil_tricks says.
        spare, new_bags = self._write_nils(sheet, nil_bidders, has_contract=bidders > 0)

        # Step 2, the contract: the bidders' tricks, with the spare tricks if they count.
        if self.failed_nil_tricks == "contract":
            counted += spare
        made: bool | None = None
        boston = False
        if bidders:
            made = counted >= contract
            if self.quicksand:
                # Seed 004: exact +10 a trick; over: +10 a bid trick, -10 a trick over;
                # under: -10 a missing trick. No bags.
                if counted < contract:
                    sheet.append(-(contract - counted) * self.trick_points)
                else:
                    sheet.append((contract - (counted - contract)) * self.trick_points)
            else:
                boston, over = self._write_contract(sheet, contract, counted, blind=blind)
                new_bags += over
        elif counted:
            # A side without a contract (only nils) has a contract of 0: every counted
            # trick is one over it.
            if self.quicksand:
                sheet.append(-counted * self.trick_points)
            else:
                sheet.append(counted * self.overtrick_points)
                new_bags += counted

        # Step 3, bags: each time the count reaches the limit, a penalty; the rest carries.
        penalties = 0
        total_bags = bags
        if self.bags_count:
            total_bags = bags + new_bags
            while total_bags >= self.bag_limit:
                total_bags -= self.bag_limit
                penalties += 1
                sheet.append(-self.bag_penalty)
        else:
            new_bags = 0
        points = sum(sheet)
        return SideResult(
            points, score + points, total_bags, new_bags, penalties, contract, made, boston
        )

    def _write_nils(
        self, sheet: list[int], nils: Sequence[Hand], *, has_contract: bool
    ) -> tuple[int, int]:
        """Write the nils; return the failed nils' tricks that count toward the contract,
        and the bags they made."""
        if not nils:
            return 0, 0
        worth = [self.blind_nil_points if hand[0] == "bnil" else self.nil_points for hand in nils]
        if self.all_or_nothing and len(nils) >= 2 and not has_contract:
            # Both values if the team took nothing, else minus both, and no bags either way.
            clean = all(hand[2] == 0 for hand in nils)
            sheet.append(sum(worth) if clean else -sum(worth))
            return 0, 0
        spare = new_bags = 0
        for hand, value in zip(nils, worth, strict=True):
            took = hand[2]
            if took == 0:
                sheet.append(value)
                continue
            sheet.append(-value)
            if self.failed_nil_tricks == "contract":
                spare += took
            elif self.failed_nil_tricks == "bags" and not self.quicksand:
                sheet.append(took * self.overtrick_points)  # quicksand: they score nothing
                new_bags += took
        return spare, new_bags

    def _write_contract(
        self, sheet: list[int], contract: int, counted: int, *, blind: bool
    ) -> tuple[bool, int]:
        """Write a contract under standard scoring; return whether it was a Boston made,
        and its overtricks (bags)."""
        made = counted >= contract
        is_boston = contract == self.boston_at
        if is_boston:
            sheet.append(self.boston_points if made else -self.boston_penalty)
        elif self.ten_at is not None and contract >= self.ten_at:
            sheet.append(self.ten_points if made else -self.ten_penalty)
        else:
            value = contract * self.trick_points * (2 if blind else 1)
            if made:
                sheet.append(value)
            elif self.minus_bid:
                sheet.append(-value)
        if not made:
            return False, 0  # a set contract's tricks are neither overtricks nor bags
        over = counted - contract
        sheet.append(over * self.overtrick_points)
        # Seed 004's bonuses, paid on top of the flat scores and never doubled.
        if self.exact and counted == contract and contract in self.exact_bids:
            sheet.append(self.exact)
        if self.big_bonus and contract > self.big_from:
            sheet.append((contract - self.big_from) * self.big_bonus)
        return is_boston, over


def score_side(knobs: Knobs, hands: Sequence[Hand], score: int = 0, bags: int = 0) -> SideResult:
    """Score one side's round from its hands, given its score and bags before it."""
    return Scorekeeper(knobs).score_side(hands, score, bags)
