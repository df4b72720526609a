"""Checking a played deal: `DealChecker`, which owns the memos of the bid checks.

The play is replayed by the validator (validate.py, a plain reading of the rules that
shares nothing with the fast play): cards dealt once, each card held and legal, trick
winners, tricks per seat. The bids pass the checks a person's bids pass
(`scorepad.engine.bids`): each side's check and the table's, memoised by what the check
reads (`keys.MemoKeys`): the bids and their seats (the table's in bidding order), and the
side's deficit only where the rules say the check reads it. That memo is kept for speed,
and earns it: 1.38x on the kernel path with random bots, 1.32x with heuristic bots
(`python benchmarks/sim_memo.py --memo checker [--bots heuristic]`, five paired rounds
of 1,000 games). A memo of a whole deal's bids on top of it bought 1.06 to 1.23x and
was taken out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from scorepad.engine.bids import Bid, check_side_bids, check_table_bids
from scorepad.engine.rules import Rules
from scorepad.errors import BidError
from scorepad.sim.deal import deck_plan
from scorepad.sim.keys import MemoKeys
from scorepad.sim.results import DealRecord
from scorepad.sim.validate import Problem, check_dealt, replay_play

MEMO_LIMIT = 200_000
_UNSEEN = object()  # not yet in a memo (None there means: checked, nothing wrong)


class DealChecker:
    """Checks the deals played under one set of rules."""

    def __init__(
        self,
        rules: Rules,
        names: Sequence[str],
        side_names: Sequence[Sequence[str]],
    ) -> None:
        self.rules = rules
        self.keys = MemoKeys(rules)
        self.plan = deck_plan(rules)
        self._names = names
        self._side_names = side_names
        self._side_seats = [rules.seats_of(side) for side in range(rules.sides)]
        # A side's or table's bid check by its key: None (nothing wrong) or the refusal.
        self._side_bids: dict[tuple[object, ...], Problem | None] = {}
        self._order = [list(rules.bidding_order(dealer)) for dealer in range(rules.players)]

    def deal_problems(
        self, record: DealRecord, scores: Sequence[int], by_seat: Sequence[Bid | None]
    ) -> list[Problem]:
        """Everything about a deal: the cards dealt, the play, and the bids."""
        problems = self.play_problems(record)
        problems.extend(self.bid_problems(record, scores, by_seat))
        return problems

    def play_problems(self, record: DealRecord) -> list[Problem]:
        """The deal and its play replayed by the validator: cards dealt once, each card
        held and legal, the trick winners and the tricks per seat."""
        rules, plan = self.rules, self.plan
        problems = check_dealt(plan.codes, record.dealt, record.dealer, plan.tricks, plan.discards)
        if record.discards and not set(record.discards) <= set(record.dealt[record.dealer]):
            problems.append(Problem("deal", "bad-discard"))
        holdings = record.holdings()
        if sorted(len(hand) for hand in holdings) != [plan.tricks] * rules.players:
            problems.append(
                Problem("deal", "holdings", {"counts": [len(hand) for hand in holdings]})
            )
        leader = rules.first_leader(record.dealer)
        replay = replay_play(holdings, leader, record.plays, self._names)
        problems.extend(replay.problems)
        winners, taken = replay.winners, replay.taken
        if winners != record.winners:
            problems.append(
                Problem("winner", "winners", {"played": list(record.winners), "rules": winners})
            )
        if taken != record.taken or sum(record.taken) != rules.tricks:
            problems.append(
                Problem(
                    "tricks",
                    "tricks-taken",
                    {"taken": list(record.taken), "rules": taken, "tricks": rules.tricks},
                )
            )
        return problems

    def bid_problems(
        self, record: DealRecord, scores: Sequence[int], by_seat: Sequence[Bid | None]
    ) -> list[Problem]:
        """The deal's bids pass the checks a person's bids pass (each side's and the
        table's check memoised: `_check_sides`)."""
        bids = record.bids
        blind = any(bid.is_blind for _, bid in bids)
        order = [seat for seat, _ in bids]
        return self._check_sides(record.joint, order, scores, by_seat, blind)

    def code_bid_problems(
        self, dealer: int, codes: tuple[int, ...], blind: bool, bid_of: Sequence[Bid | None],
        scores: Sequence[int],
    ) -> list[Problem]:  # fmt: skip
        """`bid_problems` for a kernel deal: `codes` its bids by seat as the kernel gives
        them, `bid_of` the Bid of each code; the bidding order and joint flags follow from the
        dealer alone."""
        by_seat = [bid_of[code] for code in codes]
        order = [seat for seat in self._order[dealer] if by_seat[seat] is not None]
        joint = [None in [by_seat[seat] for seat in seats] for seats in self._side_seats]
        return self._check_sides(joint, order, scores, by_seat, blind)

    def _check_sides(
        self,
        joint: Sequence[bool],
        order: Sequence[int],
        scores: Sequence[int],
        by_seat: Sequence[Bid | None],
        blind: bool,
    ) -> list[Problem]:
        """Each side's bids, then the table's (`joint`: which sides made a joint team bid;
        `order`: the seats that bid, in bidding order; `blind`: whether any bid is blind),
        each check memoised by the bids (a Bid is its own key: a key of the shared bids'
        identities bought 0.97 to 1.04x on either path, `python benchmarks/sim_memo.py
        --memo keyid` at commit 7f3b17a)."""
        memo = self._side_bids
        problems = []
        for side, seats in enumerate(self._side_seats):
            bidders = [seat for seat in seats if by_seat[seat] is not None]
            bids = tuple([bid for seat in bidders if (bid := by_seat[seat]) is not None])
            deficit = self.keys.side_deficit(scores, side, blind and any(b.is_blind for b in bids))
            key: tuple[object, ...] = (side, deficit, *[by_seat[seat] for seat in bidders])
            refused = memo.get(key, _UNSEEN)
            if refused is _UNSEEN:
                refused = self._side_refusal(side, bids, deficit, joint[side])
                if len(memo) < MEMO_LIMIT:
                    memo[key] = refused
            if refused is not None:
                problems.append(cast("Problem", refused))
        key = ("table", *[by_seat[seat] for seat in order])
        refused = memo.get(key, _UNSEEN)
        if refused is _UNSEEN:
            in_order = [bid for seat in order if (bid := by_seat[seat]) is not None]
            refused = self._table_refusal(in_order)
            if len(memo) < MEMO_LIMIT:
                memo[key] = refused
        if refused is not None:
            problems.append(cast("Problem", refused))
        return problems

    def _side_refusal(
        self, side: int, bids: tuple[Bid, ...], deficit: int | None, joint: bool
    ) -> Problem | None:
        """Why a side's bids are refused (None: they pass), with the facts the check read,
        from which the report says the refusal again."""
        rules = self.rules
        team_bid = joint and rules.side_size > 1
        names = self._side_names[side]
        who = names[:1] if team_bid else names
        try:
            check_side_bids(
                rules, bids, who=who, side=f"side {side + 1}", trailing_by=deficit, joint=team_bid
            )
        except BidError:
            return Problem(
                "bids",
                "bids",
                {"rules": rules, "side": side, "bids": bids, "who": who,
                 "deficit": deficit, "joint": team_bid},
            )  # fmt: skip
        return None

    def _table_refusal(self, in_order: Sequence[Bid]) -> Problem | None:
        """Why the table's bids (in bidding order) are refused (None: they pass)."""
        try:
            check_table_bids(self.rules, in_order, last="the last bidder")
        except BidError:
            return Problem(
                "bids", "bids", {"rules": self.rules, "side": None, "bids": tuple(in_order)}
            )
        return None
