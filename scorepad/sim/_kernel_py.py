"""The deal kernel in pure Python: `_kernel.c`'s module, for installs without a C compiler.

The twin of the compiled kernel, as markupsafe's `_native.py` is of its `_speedups.c`: the
same `Table` (its arguments, methods and results) and the same random stream, so a table
seeded alike deals, bids and plays the same cards as the compiled one, deal by deal
(tests/test_sim_kernel.py compares them). `scorepad.sim.kernel` picks one at import.

It draws from a `random.Random` seeded with the kernel's seed, in the order the kernel
draws: the shuffle (`deal.shuffle_deal`, the Python path's), then each seat's nil draws,
then one number per card with more than one legal choice. The rules of play come from
`scorepad.sim.play`; the deal's own check is a second, plain reading, as in the kernel.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import SupportsFloat, SupportsIndex

from scorepad.sim.deal import DeckPlan, shuffle_deal
from scorepad.sim.play import NO_SUIT, SPADES, SUIT_OF, legal_mask, trick_winner

NIL = 254
BLIND_NIL = 255
MUTATE = 0  # the compiled kernel's rule broken on purpose (tests); never here
_NOT_YET = 253  # a seat that has not bid yet
_MAX_PLAYERS, _MAX_CARDS, _MAX_TRICKS = 6, 52, 18
_WISH_ROWS = 16  # the wish table: 5 rows (aces), 16 columns (spades)
_ACES = sum(1 << (13 * suit + 12) for suit in range(4))
_SPADE_BITS = 0x1FFF << (13 * SPADES)

# What `_check` finds wrong (a bit each), as `check_deal` in _kernel.c.
BAD_DEAL, BAD_HOLDING, BAD_LEGAL, BAD_WINNER, BAD_TRICKS = 1, 2, 4, 8, 16


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
    ) -> None:
        cards, partners, sides = _bytes(deck), _bytes(partner), _bytes(side_of)
        bids, wish_table = _bytes(bid_table), _bytes(wish)
        players, tricks = operator.index(players), operator.index(tricks)
        totals, wishes = operator.index(totals), operator.index(wishes)
        chance = float(nil_chance)
        wrong = None
        if not (2 <= players <= _MAX_PLAYERS and 1 <= tricks <= _MAX_TRICKS):
            wrong = "players or tricks out of range"
        elif len(cards) != players * tricks or len(cards) > _MAX_CARDS:
            wrong = "the deck must hold players * tricks cards, no jokers"
        elif len(partners) != players or len(sides) != players:
            wrong = "partner and side_of need a byte per seat"
        elif len(wish_table) != 5 * _WISH_ROWS:
            wrong = "wish needs 5 * 16 bytes"
        elif totals < 1 or wishes < 1 or len(bids) != (tricks + 4) * totals * 2 * (wishes + 2):
            wrong = "bid_table has the wrong size"
        elif any(code >= _MAX_CARDS for code in cards):
            wrong = "a card code above 51"
        elif any(value >= wishes for value in wish_table):
            wrong = "a wish beyond the bid table"
        elif any(seat >= players for seat in partners):
            wrong = "a partner out of range"
        if wrong:
            raise ValueError(wrong)
        self._players, self._tricks = players, tricks
        self._deck = cards
        self._plan = DeckPlan(tuple(cards), players, tricks, 0)
        self._partner, self._side_of = tuple(partners), tuple(sides)
        # The seats of a trick in playing order, by its leader.
        self._orders = [
            tuple((leader + step) % players for step in range(players)) for leader in range(players)
        ]
        self._bids, self._totals, self._stride = bids, totals, wishes + 2
        self._wish = wish_table
        self._nil_chance = chance
        self._random = random.Random(0)  # as the kernel's table before its first seed
        self._dealer = 0
        self._dealt = [[0] * tricks for _ in range(players)]
        self._by_seat = [0] * players
        self._plays = [0] * (players * tricks)
        self._winners = [0] * tricks
        self._taken = [0] * players

    def seed(self, value: SupportsIndex, /) -> None:
        """seed(n): start the random stream of a game."""
        self._random.seed(abs(operator.index(value)))

    def below(self, count: SupportsIndex, /) -> int:
        """below(n): a random number 0..n-1."""
        count = operator.index(count)
        return int(self._random.random() * count) if count > 1 else 0

    def deal(
        self, dealer: SupportsIndex, blind_sides: SupportsIndex, /
    ) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]:
        """deal(dealer, blind_sides) -> (bids by seat, tricks by seat, problems, side
        places): one deal played out (see `table_deal` in _kernel.c)."""
        dealer, blind_sides = operator.index(dealer), operator.index(blind_sides)
        if not 0 <= dealer < self._players:
            raise ValueError("dealer out of range")
        self._dealer = dealer
        self._dealt = shuffle_deal(self._plan, dealer, self._random)
        hands = [sum(1 << code for code in hand) for hand in self._dealt]
        self._bid(hands, blind_sides)
        self._play(hands)
        return tuple(self._by_seat), tuple(self._taken), self._check(), self._side_places()

    def record(self) -> tuple[list[list[int]], list[int], list[int]]:
        """record() -> (hands as dealt, plays, trick winners) of the last deal."""
        return [list(hand) for hand in self._dealt], list(self._plays), list(self._winners)

    def _bid(self, hands: Sequence[int], blind_sides: int) -> None:
        """Each seat's bid from the bid table, from the dealer's left (`bid` in
        _kernel.c): blind nil when open to it and drawn, else nil when drawn, else the
        bid of its wish (by its aces and spades)."""
        players, totals, stride = self._players, self._totals, self._stride
        bids, wish, rnd, chance = self._bids, self._wish, self._random.random, self._nil_chance
        by_seat = self._by_seat = [_NOT_YET] * players
        total = 0
        for step in range(players):
            seat = (self._dealer + 1 + step) % players
            partner = self._partner[seat]
            code = 0  # the partner's bid: none yet (or no partner), nil, blind nil, n
            if partner != seat and by_seat[partner] != _NOT_YET:
                made = by_seat[partner]
                code = 1 if made == NIL else 2 if made == BLIND_NIL else 3 + made
            row = min(total, totals - 1)
            entry = ((code * totals + row) * 2 + (step == players - 1)) * stride
            if bids[entry] and blind_sides >> self._side_of[seat] & 1 and rnd() < chance:
                made = BLIND_NIL
            elif rnd() < chance:
                made = bids[entry + 1]
            else:
                hand = hands[seat]
                aces, spades = (hand & _ACES).bit_count(), (hand & _SPADE_BITS).bit_count()
                made = bids[entry + 2 + wish[aces * _WISH_ROWS + spades]]
            by_seat[seat] = made
            if made != NIL and made != BLIND_NIL:
                total += made

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
        """A second, plain reading of the rules (`check_deal` in _kernel.c): who owns each
        card, counts per suit, and a trick's winner as the strongest card by an explicit
        key. 0 for a clean deal, else a bit for each kind of fault."""
        players, tricks, bad = self._players, self._tricks, 0
        owner = [-1] * _MAX_CARDS
        count = [[0] * 4 for _ in range(players)]
        for seat, hand in enumerate(self._dealt):
            counts = count[seat]
            for code in hand:
                if owner[code] != -1:
                    bad |= BAD_DEAL
                owner[code] = seat
                counts[code // 13] += 1
        if -1 in (owner[code] for code in self._deck):
            bad |= BAD_DEAL
        taken = [0] * players
        leader, broken, plays = (self._dealer + 1) % players, False, self._plays
        for trick in range(tricks):
            start = trick * players
            led, winner, strongest = plays[start] // 13, -1, -1
            for position in range(players):
                code = plays[start + position]
                who, suit = (leader + position) % players, code // 13
                if owner[code] != who:  # not held, or played already
                    bad |= BAD_HOLDING
                    continue
                counts = count[who]
                if suit != led and counts[led] > 0:
                    bad |= BAD_LEGAL
                if (
                    position == 0
                    and suit == SPADES
                    and not broken
                    and counts[0] + counts[1] + counts[2]
                ):
                    bad |= BAD_LEGAL
                owner[code] = -2
                counts[suit] -= 1
                strength = (suit == SPADES) * 200 + (suit == led) * 100 + code % 13
                if strength > strongest:
                    strongest, winner = strength, who
                if suit == SPADES:
                    broken = True
            if winner != self._winners[trick]:
                bad |= BAD_WINNER
            if winner < 0:
                break
            taken[winner] += 1
            leader = winner
        if taken != self._taken or sum(self._taken) != tricks:
            bad |= BAD_TRICKS
        return bad

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
            digit = tricks + 1 if made == NIL else tricks + 2 if made == BLIND_NIL else made
            side = self._side_of[seat]
            place[side] = place[side] * radix + digit * radix_tricks + self._taken[seat]
            sides = max(sides, side + 1)
        return tuple(place[:sides])
