"""The deal kernel in pure Python: `_kernel.c`'s module, for installs without a C compiler.

The twin of the compiled kernel, as markupsafe's `_native.py` is of its `_speedups.c`: the
same `Table` (its arguments, methods and results) and the same random stream, so a table
seeded alike deals, bids and plays the same cards as the compiled one, deal by deal
(tests/test_sim_kernel.py compares them). `scorepad.sim.kernel` picks one at import.

It draws from a `random.Random` seeded with the kernel's seed, in the order the kernel
draws: the shuffle (`deal.shuffle_deal`, the Python path's; again for a redeal), then each
seat's nil draws, the cards blind nil's exchange passes, then one number per card with
more than one legal choice. A table of heuristic bots is the Python path itself: the
deal is played by `BotDeals.play_deal` asking `bots.HeuristicBot` (which draws nothing),
the reference the compiled bot is held to. The rules of play come from
`scorepad.sim.play`; the deal's own check is a second, plain reading, as in the kernel
(`_kernel_check`).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, SupportsFloat, SupportsIndex, cast

from scorepad.bids import BLIND_NIL as BLIND_NIL_BID
from scorepad.bids import NIL as NIL_BID
from scorepad.bids import Bid
from scorepad.rules import Rules
from scorepad.sim._kernel_check import KernelCheck
from scorepad.sim.bots import HeuristicBot, random_cards
from scorepad.sim.deal import MAX_REDEALS, DeckPlan, has_no_spade, shuffle_deal
from scorepad.sim.play import (
    BEATS,
    NO_SUIT,
    SPADE_MASK,
    SPADES,
    SUIT_OF,
    legal_mask,
    mask_of,
    trick_winner,
)
from scorepad.sim.table import NUMBER_BIDS, BidChoice, Seen

NIL = 254
BLIND_NIL = 255
MUTATE = 0  # the compiled kernel's rule broken on purpose (tests); never here
_JOINT = 252  # a seat whose partner made their joint bid (no bid of its own)
_NOT_YET = 253  # a seat that has not bid yet
_MAX_PLAYERS, _MAX_CARDS, _MAX_TRICKS = 6, 54, 18
_MAX_DISCARDS = 4  # extra cards the dealer takes up and discards
_WISH_ROWS = 16  # the wish table: 5 rows (aces), 16 columns (spades)
_ACES = sum(1 << (13 * suit + 12) for suit in range(4))
_SPADE_BITS = SPADE_MASK  # the jokers too

if TYPE_CHECKING:
    from scorepad.sim.botdeals import BotDeals

_MAX_EXCHANGE = _MAX_TRICKS  # cards a blind nil bidder and its partner pass
_CHOICE_BYTES = 5  # a bid situation's choice, for heuristic bots (see kernel.py)
# Their hand values (doubles): tables by the spades' 15 bits, by a side suit's 13 bits.
_VALUE_COUNT = 2 + 32768 + 512 + 288 + 512 + 32768 + 8192 + 32768 + 8192


def _bytes(value: object) -> bytes:
    # As the kernel's `y*`: any object with the buffer protocol, never a str or a number.
    return memoryview(value).tobytes()  # type: ignore[arg-type]


class Table:
    """A table of random bots under one set of rules."""

    def __init__(
        self,
        deck: object,
        players: SupportsIndex,
        tricks: SupportsIndex,
        partner: object,
        side_of: object,
        bid_table: object,
        totals: SupportsIndex,
        wishes: SupportsIndex,
        wish: object,
        nil_chance: SupportsFloat,
        *,
        heuristic: bool = False,
        choices: object = b"",
        values: object = b"",
        top: SupportsIndex = 0,
        target: SupportsIndex = 0,
        suicide: SupportsIndex = 0,
        nil: SupportsIndex = 0,
        rules: object = None,
        redeal: bool = False,
        exchange: SupportsIndex = 0,
        discards: SupportsIndex = 0,
        joint: object = b"",
    ) -> None:
        cards, partners, sides = _bytes(deck), _bytes(partner), _bytes(side_of)
        bids, wish_table = _bytes(bid_table), _bytes(wish)
        players, tricks = operator.index(players), operator.index(tricks)
        totals, wishes = operator.index(totals), operator.index(wishes)
        chance = float(nil_chance)
        wrong = None
        if not (2 <= players <= _MAX_PLAYERS and 1 <= tricks <= _MAX_TRICKS):
            wrong = "players or tricks out of range"
        elif not 0 <= operator.index(discards) <= _MAX_DISCARDS:
            wrong = "discards out of range"
        elif len(cards) != players * tricks + operator.index(discards) or len(cards) > _MAX_CARDS:
            wrong = "the deck must hold players * tricks cards and the discards"
        elif len(partners) != players or len(sides) != players:
            wrong = "partner and side_of need a byte per seat"
        elif len(wish_table) != 5 * _WISH_ROWS:
            wrong = "wish needs 5 * 16 bytes"
        elif totals < 1 or wishes < 1 or len(bids) != (tricks + 4) * totals * 2 * (wishes + 2):
            wrong = "bid_table has the wrong size"
        elif heuristic and (
            len(_bytes(choices)) != (tricks + 4) * totals * 2 * _CHOICE_BYTES
            or len(_bytes(values)) != _VALUE_COUNT * 8
        ):
            wrong = "a heuristic table needs its choices and values"
        elif heuristic and not 0 <= operator.index(top) < _MAX_CARDS:
            wrong = "top must be a card code"
        elif not 0 <= operator.index(exchange) <= min(_MAX_EXCHANGE, tricks):
            wrong = "exchange out of range"
        elif _bytes(joint) and len(_bytes(joint)) != totals * 2 * _CHOICE_BYTES:
            wrong = "joint needs a choice for each total and last"
        elif heuristic and not isinstance(rules, Rules):
            wrong = "the twin's heuristic table needs the rules (its bot is the Python one)"
        elif any(code >= _MAX_CARDS for code in cards):
            wrong = "a card code above 53"
        elif any(value >= wishes for value in wish_table):
            wrong = "a wish beyond the bid table"
        elif any(seat >= players for seat in partners + sides):
            wrong = "a partner or side out of range"
        if wrong:
            raise ValueError(wrong)
        self._players, self._tricks = players, tricks
        self._plan = DeckPlan(tuple(cards), players, tricks, operator.index(discards))
        self._partner, self._side_of = tuple(partners), tuple(sides)
        # The seats of a trick in playing order, by its leader.
        self._orders = [
            tuple((leader + step) % players for step in range(players)) for leader in range(players)
        ]
        self._deal_check = KernelCheck(cards, players, tricks, self._orders)
        self._bids, self._totals, self._stride = bids, totals, wishes + 2
        self._joint = _bytes(joint)  # empty: no joint partner bids
        self._wish = wish_table
        self._nil_chance = chance
        self._random = random.Random(0)  # as the kernel's table before its first seed
        self._dealer = 0
        self._dealt = [[0] * tricks for _ in range(players)]
        self._by_seat = [0] * players
        self._plays = [0] * (players * tricks)
        self._winners = [0] * tricks
        self._taken = [0] * players
        self._redeal, self._exchange = bool(redeal), operator.index(exchange)
        self._redeals = 0
        self._exchanges: list[tuple[int, int, list[int]]] = []
        self._discards: list[int] = []
        # Heuristic bots: the Python bot itself, dealt and asked as the Python path does.
        self._player: BotDeals | None = None
        if heuristic:
            # Here, not at the top: only a table of heuristic bots asks the Python bot.
            from scorepad.sim.botdeals import BotDeals
            from scorepad.sim.scorer import SideScorer

            assert isinstance(rules, Rules)
            self._rules = rules
            # (`play_deal` plays; no scorer is asked for.)
            self._player = BotDeals(
                rules, ("heuristic",) * rules.sides, 0, None, cast(SideScorer, None), ()
            )
            self._seen = Seen(rules)
            self._bots = [HeuristicBot(self._random) for _ in range(players)]

    def seed(self, value: SupportsIndex, /) -> None:
        """seed(n): start the random stream of a game."""
        self._random.seed(abs(operator.index(value)))
        if self._player is not None:  # a new game: new bots, as the Python path makes them
            self._bots = [HeuristicBot(self._random) for _ in range(self._players)]

    def below(self, count: SupportsIndex, /) -> int:
        """below(n): a random number 0..n-1."""
        count = operator.index(count)
        return int(self._random.random() * count) if count > 1 else 0

    def deal(
        self, dealer: SupportsIndex, blind_sides: SupportsIndex, scores: Sequence[int] = (), /
    ) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]:
        """deal(dealer, blind_sides[, scores]) -> (bids by seat, tricks by seat, problems,
        side places): one deal played out (see `table_deal` in _kernel.c); heuristic bots
        read the scores before it (by side) when blind nil is open."""
        dealer, blind_sides = operator.index(dealer), operator.index(blind_sides)
        if not 0 <= dealer < self._players:
            raise ValueError("dealer out of range")
        self._dealer = dealer
        if self._player is not None:
            seen = self._seen
            if blind_sides and len(scores) != len(seen.scores):
                raise ValueError("blind nil for heuristic bots needs the scores")
            seen.scores[:] = [operator.index(score) for score in scores] or [0] * len(seen.scores)
            seen.new_deal(dealer)
            record = self._player.play_deal(self._random, dealer, seen, self._bots)
            self._dealt, self._plays, self._winners = record.dealt, record.plays, record.winners
            self._redeals, self._exchanges = record.redeals, record.exchanges
            self._discards = list(record.discards)
            self._taken = list(record.taken)
            self._by_seat = [_code(bid) for bid in record.by_seat(self._players)]
            return tuple(self._by_seat), tuple(self._taken), self._check(), self._side_places()
        self._redeals = 0
        while True:  # as BotDeals.play_deal
            self._dealt = shuffle_deal(self._plan, dealer, self._random)
            if not self._redeal or self._redeals >= MAX_REDEALS:
                break
            if not any(map(has_no_spade, self._dealt)):
                break
            self._redeals += 1
        hands = [sum(1 << code for code in hand) for hand in self._dealt]
        self._discards = []
        if self._plan.discards:  # RandomBot.discard
            self._discards = random_cards(hands[dealer], self._plan.discards, self._random.random)
            hands[dealer] &= ~mask_of(self._discards)
        self._bid(hands, blind_sides)
        self._exchanges = []
        if self._exchange:
            self._exchange_cards(hands)
        self._play(hands)
        return tuple(self._by_seat), tuple(self._taken), self._check(), self._side_places()

    def extras(self) -> tuple[int, list[tuple[int, int, list[int]]], tuple[int, ...]]:
        """extras() -> (redeals, exchanges as (from, to, cards), discards) of the last
        deal."""
        exchanges = [(giver, taker, list(cards)) for giver, taker, cards in self._exchanges]
        return self._redeals, exchanges, tuple(self._discards)

    def _exchange_cards(self, hands: list[int]) -> None:
        """Blind nil's exchange by random bots (BotDeals._exchange, RandomBot.exchange):
        each blind nil bidder in bidding order passes random cards, its partner as many."""
        count, rnd = self._exchange, self._random.random
        for step in range(self._players):
            seat = (self._dealer + 1 + step) % self._players
            partner = self._partner[seat]
            if self._by_seat[seat] != BLIND_NIL or partner == seat:
                continue
            given = random_cards(hands[seat], count, rnd)
            hands[seat] &= ~mask_of(given)
            hands[partner] |= mask_of(given)
            back = random_cards(hands[partner], count, rnd)
            hands[partner] &= ~mask_of(back)
            hands[seat] |= mask_of(back)
            self._exchanges += [(seat, partner, given), (partner, seat, back)]

    def record(self) -> tuple[list[list[int]], list[int], list[int]]:
        """record() -> (hands as dealt, plays, trick winners) of the last deal."""
        return [list(hand) for hand in self._dealt], list(self._plays), list(self._winners)

    def choose(
        self,
        seat: int,
        hand: int,
        legal: int,
        unplayed: int,
        trick: Sequence[int],
        leader: int,
        bids: Sequence[int],
        taken: Sequence[int],
        voids: Sequence[int],
        /,
    ) -> int:
        """choose(seat, hand, legal, unplayed, trick, leader, bids, taken, voids) -> the
        card the heuristic bot plays in this position (see `table_choose` in _kernel.c):
        the Python bot's, asked with the table's public facts."""
        players = self._players
        if (
            self._player is None
            or not 0 <= seat < players
            or not 0 <= leader < players
            or len(trick) >= players
            or not legal
            or legal & ~hand
            or hand & ~unplayed
            or (seat - leader) % players != len(trick)
        ):
            raise ValueError(
                "not a position of a heuristic table: seat, leader, trick or cards out of range"
            )
        if len(bids) != players or len(taken) != players or len(voids) != players:
            raise ValueError("bids, taken and voids need a number per seat")
        seen = self._seen
        seen.new_deal(0)
        for who, code in enumerate(bids):
            seen.taken[who] = taken[who]
            # (A seat whose partner holds their joint bid has none: its tricks count.)
            bid = _bid_of(code) if code != _JOINT else None
            seen.bids[who] = bid
            seen.nil[who] = bid is not None and bid.is_nil
            if not seen.nil[who]:
                seen.contract[seen.side_of[who]] += bid.tricks if bid is not None else 0
                seen.side_taken[seen.side_of[who]] += taken[who]
        live = [seen.nil[who] and not taken[who] for who in range(players)]
        seen.nil_bid = True in seen.nil
        seen.opponent_nil = [
            any(live[other] for other in seen.opponents[who]) for who in range(players)
        ]
        seen.tricks_left = self._tricks - sum(taken)
        seen.unplayed = unplayed
        seen.trick = list(trick)
        seen.trick_seats = self._orders[leader]
        seen.trick_with_seats = seen.trick, seen.trick_seats
        if trick:
            seen.led = SUIT_OF[trick[0]]
            best, winner = trick[0], leader
            for position, code in enumerate(trick[1:], start=1):
                if BEATS[best] >> code & 1:
                    best, winner = code, self._orders[leader][position]
            seen.best, seen.winner = best, winner
        bot = HeuristicBot(self._random)
        bot.recall(voids, seen)
        return bot.play(seat, hand, legal, seen)

    def _bid(self, hands: Sequence[int], blind_sides: int) -> None:
        """Each seat's bid from the bid table, from the dealer's left (`bid` in
        _kernel.c): blind nil when open to it and drawn, else nil when drawn, else the
        bid of its wish (by its aces and spades). Under partner bidding the first of a side
        asks its partner, and the two bid as one when neither bids nil."""
        players = self._players
        by_seat = self._by_seat = [_NOT_YET] * players
        total, left = 0, players  # the table's non-nil bids so far; the seats to bid
        for step in range(players):
            seat = (self._dealer + 1 + step) % players
            if by_seat[seat] != _NOT_YET:
                continue  # its partner made their joint bid
            partner = self._partner[seat]
            if self._joint and partner != seat and by_seat[partner] == _NOT_YET:
                made = self._seat_bid(hands, seat, 0, total, False, blind_sides)
                if made != NIL and made != BLIND_NIL:
                    theirs = self._seat_bid(hands, partner, 3 + made, total, False, 0)
                    if theirs != NIL and theirs != BLIND_NIL:
                        at = (min(total, self._totals - 1) * 2 + (left == 2)) * _CHOICE_BYTES
                        made = _fit(self._joint[at : at + _CHOICE_BYTES], made + theirs)
                        by_seat[seat], by_seat[partner] = made, _JOINT
                        total += made
                        left -= 2
                        continue
            else:
                code = 0  # the partner's bid: none yet (or no partner), nil, blind nil, n
                if partner != seat and by_seat[partner] != _NOT_YET:
                    theirs = by_seat[partner]
                    code = 1 if theirs == NIL else 2 if theirs == BLIND_NIL else 3 + theirs
                made = self._seat_bid(hands, seat, code, total, left == 1, blind_sides)
            by_seat[seat] = made
            if made != NIL and made != BLIND_NIL:
                total += made
            left -= 1

    def _seat_bid(
        self, hands: Sequence[int], seat: int, code: int, total: int, last: bool, blind_sides: int
    ) -> int:
        """A random bot's own bid in a situation (`seat_bid` in _kernel.c): blind nil
        only where `blind_sides` opens it to this seat's side."""
        rnd, chance = self._random.random, self._nil_chance
        bids, entry = self._bids, ((code * self._totals + min(total, self._totals - 1)) * 2 + last)
        entry *= self._stride
        # A dealer who took up and discarded the extra cards has looked: no blind nil.
        looked = seat == self._dealer and self._plan.discards > 0
        if bids[entry] and not looked and blind_sides >> self._side_of[seat] & 1 and rnd() < chance:
            return BLIND_NIL
        if rnd() < chance:
            return bids[entry + 1]
        hand = hands[seat]
        aces, spades = (hand & _ACES).bit_count(), (hand & _SPADE_BITS).bit_count()
        return bids[entry + 2 + self._wish[aces * _WISH_ROWS + spades]]

    def _play(self, hands: list[int]) -> None:
        """Random legal cards, trick by trick: the k-th lowest legal card for a random k
        (no number drawn when one card is legal)."""
        rnd, orders, suit_of = self._random.random, self._orders, SUIT_OF
        leader, broken = (self._dealer + 1) % self._players, False
        plays, winners, taken = self._plays, self._winners, self._taken = [], [], [0] * len(hands)
        for _ in range(self._tricks):
            led, cards, order = NO_SUIT, [], orders[leader]
            for seat in order:
                legal = legal_mask(hands[seat], led, broken)
                count = legal.bit_count()
                if count > 1:
                    for _ in range(int(rnd() * count)):
                        legal &= legal - 1
                code = (legal & -legal).bit_length() - 1
                hands[seat] ^= 1 << code
                cards.append(code)
                suit = suit_of[code]
                if led == NO_SUIT:
                    led = suit
                if suit == SPADES:
                    broken = True
            leader = order[trick_winner(cards)]
            plays += cards
            winners.append(leader)
            taken[leader] += 1

    def _check(self) -> int:
        """The last deal checked (`check_deal` in _kernel.c): 0 if clean, else a bit for
        each kind of fault."""
        return self._deal_check.check(
            self._dealt,
            self._dealer,
            self._discards,
            self._exchanges,
            self._plays,
            self._winners,
            self._taken,
        )

    def _side_places(self) -> tuple[int, ...]:
        """Each side's place in a table of scored sides (`side_places` in _kernel.c): its
        seats' bids and tricks, in seat order, as digits in radix (tricks + 3) *
        (tricks + 1)."""
        tricks = self._tricks
        radix_tricks = tricks + 1
        radix = (tricks + 3) * radix_tricks
        place = [0] * _MAX_PLAYERS
        sides = 0
        for seat, made in enumerate(self._by_seat):
            # A joint partner's digit is 0: the kernel makes joint bids only where 0 is no bid.
            digit = (
                tricks + 1
                if made == NIL
                else tricks + 2
                if made == BLIND_NIL
                else 0
                if made == _JOINT
                else made
            )
            side = self._side_of[seat]
            place[side] = place[side] * radix + digit * radix_tricks + self._taken[seat]
            sides = max(sides, side + 1)
        return tuple(place[:sides])


def _code(bid: Bid | None) -> int:
    """A bid's code (kernel.py's `bid_code`; None: the partner made their joint bid)."""
    if bid is None:
        return _JOINT
    if bid.is_nil:
        return BLIND_NIL if bid.is_blind else NIL
    return bid.tricks


def _fit(choice: bytes, tricks: int) -> int:
    """The code of `BidChoice.fit(tricks)` for a choice as the kernel reads it (low, high,
    nil open, must nil, refused or 255)."""
    low, high, nil, must_nil, refused = choice
    unrefused = None if refused == 255 else refused
    return _code(BidChoice(low, high, bool(nil), bool(must_nil), unrefused).fit(tricks))


def _bid_of(code: int) -> Bid:
    """The bid of a code."""
    return NIL_BID if code == NIL else BLIND_NIL_BID if code == BLIND_NIL else NUMBER_BIDS[code]
