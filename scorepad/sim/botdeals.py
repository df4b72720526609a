"""Deals played by bots in Python: the deal source for any bots under any rules.

Every deal is shuffled and dealt (`deal.shuffle_deal`), the dealer discards in a jokers
game, each seat bids in turn (a partner's joint bid too), blind nil's cards are
exchanged, and the tricks are played, each bot asked only when it has a choice. Game `i`
draws from its own `random.Random` (`game_seed`). Bots see their own hand and the
table's public facts (`seen.Seen`), never another hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import itemgetter

from scorepad.engine.bids import BLIND_NIL, Bid, BidKind, open_bids
from scorepad.engine.game import trailing_by
from scorepad.engine.play import (
    BEATS,
    BIT,
    NO_SUIT,
    SUIT_OF,
    broken_after,
    legal_mask,
    mask_of,
)
from scorepad.engine.rules import Rules
from scorepad.sim.bots import BOTS, Bot
from scorepad.sim.checker import DealChecker
from scorepad.sim.deal import MAX_REDEALS, DeckPlan, deck_plan, has_no_spade, shuffle_deal
from scorepad.sim.referee import PlainHand, plain_side
from scorepad.sim.results import DealRecord, GameResult
from scorepad.sim.scorer import PlayedSide, SideScorer
from scorepad.sim.seen import BidChoice, Seen, bid_choice
from scorepad.sim.source import Deal


def game_seed(seed: int, index: int) -> str:
    """The seed of game `index` of a run: the same whatever process plays it."""
    return f"scorepad-sim:{seed}:{index}"


def blind_nil_sides(rules: Rules, scores: Sequence[int]) -> int:
    """The sides that trail far enough for blind nil, a bit each, by the core's reading
    (`bids.open_bids`); the deal offers blind nil to those alone."""
    if not rules.blind_nil:
        return 0
    return sum(
        1 << side
        for side in range(len(scores))
        if open_bids(rules, trailing_by(scores, side)).blind_nil
    )


class BotDeals:
    """Deals of one set of rules played by bots (a kind per side), game after game."""

    def __init__(
        self,
        rules: Rules,
        side_bots: Sequence[str],
        seed: int,
        checker: DealChecker | None,
        scorer: SideScorer | None,
        names: Sequence[str],
        seat_bots: Sequence[Callable[[random.Random], Bot]] | None = None,
    ) -> None:
        self.rules = rules
        self.plan: DeckPlan = deck_plan(rules)
        self.side_bots = tuple(side_bots)
        # Makers of a bot for each seat, instead of a kind per side (a league's players).
        self.seat_bots = tuple(seat_bots) if seat_bots is not None else None
        self.seed = seed
        self.checker = checker  # None: deals are not checked
        self.scorer = scorer  # None: deals are played, not scored (the kernel's twin)
        self.names = names
        self._seen = Seen(rules)  # for every game (`Seen.new_game`)
        self._seats = [rules.seats_of(side) for side in range(rules.sides)]
        self._followers = [
            tuple((leader + step) % rules.players for step in range(1, rules.players))
            for leader in range(rules.players)
        ]
        # The seats of a trick in playing order, by its leader.
        self._orders = [(leader, *seats) for leader, seats in enumerate(self._followers)]
        self._bidding = [rules.bidding_order(dealer) for dealer in range(rules.players)]
        self._rng = random.Random()
        self._bots: Sequence[Bot] = []

    def start_game(self, index: int) -> int:
        """Start game `index` from its own seed; the first dealer."""
        rules = self.rules
        self._rng = rng = random.Random(game_seed(self.seed, index))
        makers = self.seat_bots or [
            BOTS[self.side_bots[rules.side_of(seat)]] for seat in range(rules.players)
        ]
        self._bots = [make(rng) for make in makers]
        self._seen.new_game()
        return int(rng.random() * rules.players)

    def deal(
        self, result: GameResult, number: int, dealer: int, scores: Sequence[int],
        bags: Sequence[int], keep_record: bool,
    ) -> Deal:  # fmt: skip
        """Deal, bid and play deal `number` of the game, checked."""
        seen = self._seen
        seen.scores[:], seen.bags[:] = scores, bags
        seen.new_deal(dealer)
        record = self.play_deal(
            self._rng, dealer, seen, self._bots, blind_nil_sides(self.rules, scores)
        )
        result.redeals += record.redeals
        by_seat = seen.bids  # `record.by_seat` (None: the partner bid for the side)
        if keep_record:
            result.records.append(record)
        problems = self.checker.deal_problems(record, scores, by_seat) if self.checker else []
        keys = list(by_seat)  # a Bid is its own memo key
        taken = record.taken
        # Any fixed order of a side's seats does: two orders would only miss a share.
        sides = [
            tuple(sorted([(keys[seat], taken[seat]) for seat in seats], key=hash))
            for seats in self._seats
        ]
        return Deal(keys, by_seat, taken, sides, record, problems)

    def replay_record(self, deal: Deal) -> DealRecord:
        """The deal's record, to replay it by hand."""
        assert deal.record is not None
        return deal.record

    def played_of(self, side: int, bids: Sequence[object], taken: Sequence[int]) -> PlayedSide:
        """A side's played deal from the seats' bids."""
        assert self.scorer is not None
        return self.scorer.played_side(side, bids, taken)  # type: ignore[arg-type]

    def plain_of(
        self, side: int, bids: Sequence[object], taken: Sequence[int]
    ) -> tuple[PlainHand, ...]:
        """A side's hands as the reference takes them."""
        seats = self._seats[side]
        return plain_side([bids[seat] for seat in seats], [taken[seat] for seat in seats])  # type: ignore[misc]

    def play_deal(
        self, rng: random.Random, dealer: int, seen: Seen, bots: Sequence[Bot], blind_sides: int
    ) -> DealRecord:
        """Shuffle, deal, discard, bid, exchange and play one deal (`seen` is started on
        it), asking `bots` by seat; blind nil is open to `blind_sides` (a bit per side)."""
        rules, plan = self.rules, self.plan
        redeals = 0
        while True:
            dealt = shuffle_deal(plan, dealer, rng)
            if not rules.redeal_without_spades or redeals >= MAX_REDEALS:
                break
            if not any(map(has_no_spade, dealt)):
                break
            redeals += 1
        return self.play_dealt(DealRecord(dealer, dealt, redeals=redeals), seen, bots, blind_sides)

    def play_dealt(
        self, record: DealRecord, seen: Seen, bots: Sequence[Bot], blind_sides: int
    ) -> DealRecord:
        """Play out a deal from its dealt hands (`record.dealt`): discard, bid, exchange
        and play, asking `bots` by seat."""
        rules, plan, dealer = self.rules, self.plan, record.dealer
        dealt = record.dealt
        # `mask_of`, in C: a hand's codes are distinct, so their bits sum to the mask (a
        # hand holds more than one card: the itemgetter gives a tuple).
        hands = [sum(itemgetter(*hand)(BIT)) for hand in dealt]
        if plan.discards:
            record.discards = bots[dealer].discard(dealer, hands[dealer], plan.discards, seen)
            hands[dealer] &= ~mask_of(record.discards)
        self._bid(record, hands, seen, bots, blind_sides)
        if rules.blind_nil_exchange:
            self._exchange(record, hands, seen, bots)
        seen.trick = []
        self._play(record, hands, self._bidding[dealer][0], seen, bots)
        return record

    def _bid(
        self,
        record: DealRecord,
        hands: list[int],
        seen: Seen,
        bots: Sequence[Bot],
        blind_sides: int,
    ) -> None:
        """The bids of a deal, from the dealer's left: each seat's own, or under partner
        bidding a side's joint bid when neither partner bids nil."""
        rules = self.rules
        players = rules.players
        dealer = record.dealer
        order = self._bidding[dealer]
        joint = [False] * rules.sides
        record.joint = joint
        done: set[int] = set()
        total = 0  # the table's non-nil bids so far

        def ask(seat: int, partner_bid: Bid | None, last: bool) -> Bid:
            side = seen.side_of[seat]
            choice = self._choice(partner_bid, total, last, False)
            # A dealer who took up and discarded the extra cards has looked: no blind nil.
            looked = seat == dealer and bool(self.plan.discards)
            if (
                choice.blind_nil
                and not looked
                and blind_sides >> side & 1
                and bots[seat].wants_blind_nil(seat, seen)
            ):
                return BLIND_NIL
            return bots[seat].bid(seat, hands[seat], seen, choice)

        for seat in order:
            if seat in done:
                continue
            side = seen.side_of[seat]
            partner = seen.partner[seat]
            partner_bid = seen.bids[partner] if partner != seat else None
            last = len(done) == players - 1
            if (
                rules.partner_bidding
                and not rules.suicide
                and partner != seat
                and partner not in done
            ):
                mine = ask(seat, None, False)
                if not mine.is_nil:
                    theirs = bots[partner].bid(
                        partner,
                        hands[partner],
                        seen,
                        self._choice(mine, total, False, False),
                    )
                    if not theirs.is_nil:
                        last = len(done) == players - 2
                        choice = self._choice(None, total, last, True)
                        bid = choice.fit(mine.tricks + theirs.tricks)
                        joint[side] = True
                        done.update((seat, partner))
                        self._note_bid(record, seen, seat, bid)
                        total += bid.tricks
                        continue
                bid = mine
            else:
                bid = ask(seat, partner_bid, last)
            done.add(seat)
            self._note_bid(record, seen, seat, bid)
            if not bid.is_nil:
                total += bid.tricks

    def _choice(self, partner_bid: Bid | None, total: int, last: bool, joint: bool) -> BidChoice:
        """`bid_choice` for this runner's rules, worked out at each bid. (A memo of the few
        situations that recur bought 1.26x with random bots and 1.17x with heuristic bots
        on the Python path, nine paired rounds: `python benchmarks/sim_memo.py --memo
        bidchoice` at commit 500c38d.)"""
        return bid_choice(
            self.rules, partner_bid=partner_bid, earlier_total=total, last=last, joint=joint
        )

    @staticmethod
    def _note_bid(record: DealRecord, seen: Seen, seat: int, bid: Bid) -> None:
        record.bids.append((seat, bid))
        seen.bids[seat] = bid
        seen.nil[seat] = bid.is_nil
        if not bid.is_nil:
            seen.contract[seen.side_of[seat]] += bid.tricks

    def _exchange(
        self, record: DealRecord, hands: list[int], seen: Seen, bots: Sequence[Bot]
    ) -> None:
        count = self.rules.blind_nil_exchange
        for seat, bid in list(record.bids):
            if bid.kind is not BidKind.BLIND_NIL:
                continue
            partner = seen.partner[seat]
            if partner == seat:
                continue
            given = bots[seat].exchange(seat, hands[seat], count, seen, nil_bidder=True)
            hands[seat] &= ~mask_of(given)
            hands[partner] |= mask_of(given)
            back = bots[partner].exchange(partner, hands[partner], count, seen, nil_bidder=False)
            hands[partner] &= ~mask_of(back)
            hands[seat] |= mask_of(back)
            record.exchanges.append((seat, partner, list(given)))
            record.exchanges.append((partner, seat, list(back)))

    def _play(
        self, record: DealRecord, hands: list[int], leader: int, seen: Seen, bots: Sequence[Bot]
    ) -> None:
        """Play the deal's tricks, asking a bot only when it has a choice (as the kernel
        does: the random stream is the same on both paths). The trick's state
        (the cards left to play, the best card and its seat) is kept in locals and written
        to `seen` before each bot is asked (the cards left also at each trick's end); every
        trick gets a new `seen.trick` list, left alone once the trick is over, and its
        seats in playing order as `seen.trick_seats` (the two also as
        `seen.trick_with_seats`)."""
        plays, winners = record.plays, record.winners
        taken, side_taken, nil, side_of = seen.taken, seen.side_taken, seen.nil, seen.side_of
        self._note_live_nils(seen)
        choose = [bot.play for bot in bots]
        followers, orders = self._followers, self._orders
        suit_of, bits, beats = SUIT_OF, BIT, BEATS
        unplayed, broken = seen.unplayed, seen.broken
        for left in range(self.rules.tricks, 0, -1):
            seen.tricks_left = left
            trick: list[int] = []
            seats = orders[leader]
            seen.trick, seen.trick_seats, seen.led = trick, seats, NO_SUIT
            seen.trick_with_seats = trick, seats
            hand = hands[leader]
            legal = legal_mask(hand, NO_SUIT, broken)
            # One legal card needs no decision, and draws nothing from the game's random
            # stream (a random bot would): the kernel asks no bot then either, so one seed
            # gives one game on both paths. Not there for speed: without it the seeded
            # results change (tests/test_sim_golden.py, test_sim_kernel.py).
            code = (
                choose[leader](leader, hand, legal, seen)
                if legal.bit_count() > 1
                else legal.bit_length() - 1
            )
            bit = bits[code]
            hands[leader] = hand ^ bit  # the card leaves the hand that holds it
            trick.append(code)
            unplayed ^= bit
            best, winner = code, leader
            seen.led = led = suit_of[code]
            for seat in followers[leader]:
                hand = hands[seat]
                legal = legal_mask(hand, led, broken)
                if legal.bit_count() > 1:
                    seen.unplayed, seen.best, seen.winner = unplayed, best, winner
                    code = choose[seat](seat, hand, legal, seen)
                    bit = bits[code]
                else:  # the one legal card is its own bit
                    code, bit = legal.bit_length() - 1, legal
                hands[seat] = hand ^ bit
                trick.append(code)
                unplayed ^= bit
                if beats[best] & bit:
                    best, winner = code, seat
            broken = broken_after(broken, best)
            seen.unplayed, seen.broken = unplayed, broken  # (the next trick has no best card)
            plays += trick
            leader = winner  # kept card by card above; the validator re-checks it
            winners.append(leader)
            taken[leader] += 1
            if not nil[leader]:
                side_taken[side_of[leader]] += 1
            elif taken[leader] == 1:
                self._note_live_nils(seen)
        record.taken = list(taken)

    @staticmethod
    def _note_live_nils(seen: Seen) -> None:
        """For each seat, whether an opponent's nil still stands (public: bids and tricks).
        (A shortcut for the usual deal, where no nil stands, bought 1.04x on the Python
        path with random bots, `python benchmarks/sim_memo.py --memo livenils` at commit
        7f3b17a: there is none.)"""
        nil, taken = seen.nil, seen.taken
        seen.nil_bid = True in nil
        live = [bid and not taken[seat] for seat, bid in enumerate(nil)]
        seen.opponent_nil = [any(map(live.__getitem__, others)) for others in seen.opponents]
