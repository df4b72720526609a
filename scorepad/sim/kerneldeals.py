"""Deals of a table of random or heuristic bots, played by the kernel's `Table`: in C or
its twin.

The table (`_kernel.c`, or its pure-Python twin `_kernel_py.py`; `kernel.table_type`
gives either) shuffles, deals, bids within the choices the real bid rules give
(`kernel.table_arguments`), plays (random legal cards, or the heuristic bot's) and checks
each deal itself. Game `i` draws from its own seed (`kernel.kernel_seed`), the Python
path's random stream, so both implementations play the games these bots play in Python
(botdeals.py).

Here, as for any deal: the engine scores it (scorer.py), its bids are checked by
`scorepad.engine.bids` (checker.py), and the game is folded by the reference beside the
engine's numbers (referee.py). The table's check of its own play is a second reading of
the rules inside the same C file, so a reader outside the kernel replays the play too:
the Python validator replays a fixed sample of the deals in every run (at least one in
`SAMPLE_EVERY`; every deal with `--check full`), and every deal the table's check refuses.
For heuristic bots, the Python bot replays part of that sample (`BOT_GAMES_EVERY`; all of
it with `--check full`) and must bid and play every card as the table did.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import cast

from scorepad.engine.rules import Rules
from scorepad.sim.botdeals import BotDeals, blind_nil_sides
from scorepad.sim.checker import DealChecker
from scorepad.sim.heuristic import HeuristicBot
from scorepad.sim.kernel import (
    BLIND_NIL_CODE,
    KernelTable,
    bids_of_codes,
    kernel_seed,
    table_arguments,
)
from scorepad.sim.referee import PlainHand, plain_side
from scorepad.sim.results import DealRecord, GameResult
from scorepad.sim.scorer import PlayedSide, SideScorer
from scorepad.sim.seen import Seen
from scorepad.sim.source import Deal
from scorepad.sim.validate import Problem

# The validator replays deal `number` of game `index` when (index + number) is a multiple
# of this: a fixed sample of one deal in SAMPLE_EVERY, the same in every run of a seed.
SAMPLE_EVERY = 20
# Of those, the Python heuristic bot replays the bids and cards of a table of heuristic
# bots in game `index` when `index` is a multiple of this (one sampled deal in 5 of one
# in 20: one deal in 100; every deal with `--check full`). A replay costs many kernel
# deals, so the sample is sparser.
BOT_GAMES_EVERY = 5


class KernelDeals:
    """Deals of one set of rules played by a kernel `Table` (C or Python), with one kind of
    bot (`bot`) at every seat."""

    def __init__(
        self,
        rules: Rules,
        table_type: Callable[..., KernelTable],
        seed: int,
        checker: DealChecker | None,
        scorer: SideScorer,
        names: Sequence[str],
        *,
        check_every: int = SAMPLE_EVERY,
        bot: str = "random",
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.checker = checker  # None: deals are not checked
        self.scorer = scorer
        self.names = names
        self.check_every = check_every  # 1: the validator replays every deal
        self._seats = [rules.seats_of(side) for side in range(rules.sides)]
        self._bid_of_code = bids_of_codes(rules.tricks)
        self._order = [list(rules.bidding_order(dealer)) for dealer in range(rules.players)]
        self.table: KernelTable = table_type(**table_arguments(rules, bot))
        # Heuristic bots: a sampled deal is replayed by the Python bot (the reference),
        # which must bid and play every card as the table's did.
        self._reference: BotDeals | None = None
        if bot == "heuristic":
            self._reference = BotDeals(
                rules, ("heuristic",) * rules.sides, seed, None, scorer, names
            )
            self._seen = Seen(rules)
        self._redeal = rules.redeal_without_spades
        self._extras = self._redeal or bool(rules.blind_nil_exchange) or bool(rules.discards)
        self._index = 0
        self._last: tuple[int, tuple[int, ...], tuple[int, ...]] = (0, (), ())

    def start_game(self, index: int) -> int:
        """Start game `index` from its own seed; the first dealer."""
        self._index = index
        self.table.seed(kernel_seed(self.seed, index))
        return self.table.below(self.rules.players)

    def deal(
        self, result: GameResult, number: int, dealer: int, scores: Sequence[int],
        bags: Sequence[int], keep_record: bool,
    ) -> Deal:  # fmt: skip
        """Deal `number` of the game, played by the table, checked."""
        blind_sides = blind_nil_sides(self.rules, scores)
        codes, taken, bad, places = self.table.deal(dealer, blind_sides, scores)
        if self._redeal:
            result.redeals += self.table.extras()[0]
        self._last = (dealer, codes, taken)
        checker = self.checker
        sampled = (self._index + number) % self.check_every == 0
        record = None
        problems: list[Problem] = []
        if bad or keep_record or (sampled and checker is not None):
            record = self.record(dealer, codes, taken)
            if keep_record:
                result.records.append(record)
            if checker is not None and bad:
                problems = checker.deal_problems(record, scores, record.by_seat(self.rules.players))
                if not problems:
                    problems.append(Problem("kernel", "kernel-check", {"bits": bad}))
            elif checker is not None and sampled:
                problems = checker.play_problems(record)
                problems += checker.code_bid_problems(
                    dealer, codes, BLIND_NIL_CODE in codes, self._bid_of_code, scores
                )
                if self._reference is not None and (
                    self.check_every == 1 or self._index % BOT_GAMES_EVERY == 0
                ):
                    problems += self.bot_problems(record, scores, bags)
        elif checker is not None:
            problems = checker.code_bid_problems(
                dealer, codes, BLIND_NIL_CODE in codes, self._bid_of_code, scores
            )
        return Deal(codes, codes, taken, places, record, problems)

    def record(self, dealer: int, codes: Sequence[int], taken: Sequence[int]) -> DealRecord:
        """The table's last deal as a DealRecord (for the validator, a violation's replay
        and hand records)."""
        dealt, plays, winners = self.table.record()
        redeals, exchanges, discards = self.table.extras() if self._extras else (0, [], ())
        bid_of = self._bid_of_code
        joint = [False] * self.rules.sides
        bids = []
        for seat in self._order[dealer]:
            bid = bid_of[codes[seat]]
            if bid is None:
                joint[self.rules.side_of(seat)] = True
            else:
                bids.append((seat, bid))
        return DealRecord(
            dealer,
            dealt,
            discards=list(discards),
            exchanges=exchanges,
            redeals=redeals,
            bids=bids,
            joint=joint,
            plays=plays,
            winners=winners,
            taken=list(taken),
        )

    def bot_problems(
        self, record: DealRecord, scores: Sequence[int], bags: Sequence[int]
    ) -> list[Problem]:
        """Where the table's heuristic bots did not bid or play as the Python bot does, in
        the same deal (the scores before it, the same hands), asked by the Python path."""
        assert self._reference is not None
        seen = self._seen
        seen.scores[:], seen.bags[:] = scores, bags
        seen.new_deal(record.dealer)
        bots = [HeuristicBot(random.Random(0)) for _ in range(self.rules.players)]
        dealt = DealRecord(record.dealer, [list(hand) for hand in record.dealt])
        replay = self._reference.play_dealt(dealt, seen, bots, blind_nil_sides(self.rules, scores))
        for kind, ours, theirs in (
            ("bot-discards", record.discards, replay.discards),
            ("bot-passes", record.exchanges, replay.exchanges),
        ):
            if list(ours) != list(theirs):
                return [Problem("bot", kind, {"ours": ours, "theirs": theirs})]
        if replay.bids != record.bids:
            return [Problem("bot", "bot-bids", {"ours": record.bids, "theirs": replay.bids})]
        players = self.rules.players
        for number, (played, wanted) in enumerate(zip(record.plays, replay.plays, strict=True)):
            if played != wanted:
                trick = number // players + 1
                return [
                    Problem(
                        "bot",
                        "bot-play",
                        {"trick": trick, "played": played, "wanted": wanted},
                        trick=trick,
                    )
                ]
        return []

    def replay_record(self, deal: Deal) -> DealRecord:
        """The last deal's record, to replay it by hand."""
        return deal.record if deal.record is not None else self.record(*self._last)

    def played_of(self, side: int, bids: Sequence[object], taken: Sequence[int]) -> PlayedSide:
        """A side's played deal from the seats' bid codes."""
        bid_of = self._bid_of_code
        codes = cast("Sequence[int]", bids)
        return self.scorer.played_side(side, [bid_of[code] for code in codes], taken)

    def plain_of(
        self, side: int, bids: Sequence[object], taken: Sequence[int]
    ) -> tuple[PlainHand, ...]:
        """A side's hands as the reference takes them, from the seats' bid codes."""
        codes = cast("Sequence[int]", bids)
        seats = self._seats[side]
        return plain_side([self._bid_of_code[codes[seat]] for seat in seats],
                          [taken[seat] for seat in seats])  # fmt: skip
