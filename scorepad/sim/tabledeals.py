"""Deals of a table of random bots, played by the kernel's `Table`: in C or its twin.

The table (`_kernel.c`, or its pure-Python twin: `kernel.py` picks one) shuffles, deals,
bids from a table that the real bid rules fill here (`bid_choice`, `BidChoice.fit`),
plays random legal cards and checks each deal itself. Game `i` draws from its own 64-bit
seed (`kernel.kernel_seed`), so both implementations play the same games.

Here, as for any deal: the engine scores it (scorer.py), its bids are checked by
`scorepad.bids` (checker.py), and the game is folded by the reference beside the
engine's numbers (referee.py). The table's check of its own play is a second reading of
the rules inside the same C file, so a reader outside the kernel replays the play too:
the Python validator replays a fixed sample of the deals in every run (at least one in
`SAMPLE_EVERY`; every deal with `--check full`), and every deal the table's check refuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from scorepad.bids import BLIND_NIL, NIL, Bid
from scorepad.bids import number as number_bid
from scorepad.rules import Rules
from scorepad.sim.checker import DealChecker
from scorepad.sim.deal import deck_plan
from scorepad.sim.kernel import BLIND_NIL_CODE, KernelTable, bid_code, bids_of_codes, kernel_seed
from scorepad.sim.keys import trailing_by
from scorepad.sim.referee import PlainHand, plain_side
from scorepad.sim.results import DealRecord, GameResult
from scorepad.sim.scorer import PlayedSide, SideScorer
from scorepad.sim.source import Deal
from scorepad.sim.table import BidChoice, Seen, bid_choice, bid_key
from scorepad.sim.validate import Problem

_new = tuple.__new__
RANDOM_NIL = 0.02  # a random bot's chance of a nil bid, and of a blind nil when open to it
# The validator replays deal `number` of game `index` when (index + number) is a multiple
# of this: a fixed sample of one deal in SAMPLE_EVERY, the same in every run of a seed.
SAMPLE_EVERY = 20
# What a random bot bids in a situation: whether blind nil is open, the nil bid, and
# the bid for each wish.
RandomBids = tuple[bool, Bid, tuple[Bid, ...]]


def random_wishes(tricks: int) -> list[list[int]]:
    """A random bot's wish by its aces and spades: `wishes[aces][spades]` (its aces and
    half its spades, scaled to the hand size; as `bots.RandomBot.bid`)."""
    return [[round((aces + spades / 2) * tricks / 13) for spades in range(16)] for aces in range(5)]


class TableDeals:
    """Deals of one set of rules played by a kernel `Table` (C or Python)."""

    def __init__(
        self,
        rules: Rules,
        table_type: type,
        seed: int,
        checker: DealChecker | None,
        scorer: SideScorer,
        names: Sequence[str],
        *,
        check_every: int = SAMPLE_EVERY,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.checker = checker  # None: deals are not checked
        self.scorer = scorer
        self.names = names
        self.check_every = check_every  # 1: the validator replays every deal
        self._seats = [rules.seats_of(side) for side in range(rules.sides)]
        self._bid_of_code = bid_of = bids_of_codes(rules.tricks)
        # A seat's hand as the reference takes it, by its bid code and tricks (the
        # kernel's bids are never joint).
        self._plain_hands = [
            [plain_side([bid_of[code]], [took])[0] for took in range(rules.tricks + 1)]
            for code in range(256)
        ]
        self._choices: dict[tuple[object, int, bool], BidChoice] = {}
        self._fits: dict[BidChoice, RandomBids] = {}
        self._wish = random_wishes(rules.tricks)
        self._blind_deficit = rules.blind_nil_deficit if rules.blind_nil else None
        self._order = [
            [(dealer + step) % rules.players for step in range(1, rules.players + 1)]
            for dealer in range(rules.players)
        ]
        self.table: KernelTable = self._make_table(table_type)
        self._index = 0
        self._last: tuple[int, tuple[int, ...], tuple[int, ...]] = (0, (), ())

    def start_game(self, index: int) -> int:
        """Start game `index` from its own seed; the first dealer."""
        self._index = index
        self.table.seed(kernel_seed(self.seed, index))
        return self.table.below(self.rules.players)

    def deal(
        self, result: GameResult, number: int, dealer: int, scores: list[int], bags: list[int],
        keep_record: bool,
    ) -> Deal:  # fmt: skip
        """Deal `number` of the game, played by the table, checked."""
        blind_sides = 0
        if self._blind_deficit is not None:
            for side in range(len(scores)):
                if trailing_by(scores, side) >= self._blind_deficit:
                    blind_sides |= 1 << side
        codes, taken, bad, places = self.table.deal(dealer, blind_sides)
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
                problems = checker.check(record, scores, record.by_seat(self.rules.players))
                if not problems:
                    problems.append(
                        Problem("kernel", f"the kernel's own check failed (bits {bad})")
                    )
            elif checker is not None and sampled:
                problems = checker.check_play(record)
                problems += checker.check_kernel_bids(
                    dealer, codes, BLIND_NIL_CODE in codes, self._bid_of_code, scores
                )
        elif checker is not None:
            problems = checker.check_kernel_bids(
                dealer, codes, BLIND_NIL_CODE in codes, self._bid_of_code, scores
            )
        # (`tuple.__new__`: a deal is made thousands of times a second, and this skips
        # NamedTuple's Python-level constructor.)
        return _new(Deal, (codes, codes, taken, places, record, problems))

    def record(self, dealer: int, codes: Sequence[int], taken: Sequence[int]) -> DealRecord:
        """The table's last deal as a DealRecord (for the validator, a violation's replay
        and hand records)."""
        dealt, plays, winners = self.table.record()
        bid_of = self._bid_of_code
        return DealRecord(
            dealer,
            dealt,
            bids=[(seat, bid_of[codes[seat]]) for seat in self._order[dealer]],
            joint=[False] * self.rules.sides,
            plays=plays,
            winners=winners,
            taken=list(taken),
        )

    def describe(self, deal: Deal) -> str:
        """The last deal as text, to replay it by hand."""
        record = deal.record
        if record is None:
            record = self.record(*self._last)
        return record.describe(self.names)

    def played_of(self, side: int, bids: Sequence[object], taken: Sequence[int]) -> PlayedSide:
        """A side's played deal from the seats' bid codes."""
        bid_of = self._bid_of_code
        codes = cast("Sequence[int]", bids)
        return self.scorer.played_side(side, [bid_of[code] for code in codes], taken)

    def plain_of(
        self, side: int, bids: Sequence[object], taken: Sequence[int]
    ) -> tuple[PlainHand, ...]:
        """A side's hands as the reference takes them, from the seats' bid codes."""
        hands = self._plain_hands
        codes = cast("Sequence[int]", bids)
        return tuple([hands[codes[seat]][taken[seat]] for seat in self._seats[side]])

    # -- the table's bids -----------------------------------------------------------

    def _make_table(self, table_type: type) -> KernelTable:
        """The table for these rules: the deck, the seats, and the bid each situation
        gives a random bot, filled from the real bid rules (`bid_choice`, `BidChoice.fit`)."""
        rules = self.rules
        tricks, players = rules.tricks, rules.players
        seen = Seen(rules)
        wishes = max(max(row) for row in self._wish) + 1
        totals = tricks * (players - 1) + 1  # the table's earlier non-nil bids, 0..
        partner_bids: list[Bid | None] = [None, NIL, BLIND_NIL, *map(number_bid, range(tricks + 1))]
        entries = bytearray()
        # Many situations give the same bids (`random_bids` returns the same tuple for
        # the same choice): each is encoded once, by its identity.
        encoded: dict[int, bytes] = {}
        for partner_bid in partner_bids:
            for total in range(totals):
                for last in (False, True):
                    bids = self.random_bids(partner_bid, total, last)
                    row = encoded.get(id(bids))
                    if row is None:
                        blind_open, nil_bid, by_wish = bids
                        codes = [blind_open, bid_code(nil_bid)]
                        codes += [bid_code(by_wish[wish]) for wish in range(wishes)]
                        row = encoded[id(bids)] = bytes(codes)
                    entries += row
        table: KernelTable = table_type(
            deck=bytes(deck_plan(rules).codes),
            players=players,
            tricks=tricks,
            partner=bytes(seen.partner),
            side_of=bytes(seen.side_of),
            bid_table=bytes(entries),
            totals=totals,
            wishes=wishes,
            wish=bytes(min(wish, 255) for row in self._wish for wish in row),
            nil_chance=RANDOM_NIL,
        )
        return table

    def random_bids(self, partner_bid: Bid | None, total: int, last: bool) -> RandomBids:
        """Whether blind nil is open, the nil bid, and the bid for each wish, in this
        situation: from `bid_choice` and `BidChoice.fit` (memoised by the choice: many
        situations give the same choice)."""
        key = (bid_key(partner_bid), total, last)
        choice = self._choices.get(key)
        if choice is None:
            choice = self._choices[key] = bid_choice(
                self.rules, partner_bid=partner_bid, earlier_total=total, last=last
            )
        bids = self._fits.get(choice)
        if bids is None:
            blind_open = choice.nil and choice.refused != 0
            top = max(max(row) for row in self._wish)
            by_wish = tuple(choice.fit(wish) for wish in range(top + 1))
            bids = self._fits[choice] = (blind_open, choice.fit(0, nil=True), by_wish)
        return bids
