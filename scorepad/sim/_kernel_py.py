"""The kernel's pure-Python twin: `_kernel.c`'s `Table` as an adapter over the Python path.

The same `Table` (its arguments, methods and results) and the same random stream as the
compiled kernel, as markupsafe's `_native.py` is to its `_speedups.c`; but where the C
plays by its own code, the twin plays each deal by the Python path's one deal path
(`BotDeals.play_deal`) with the Python bots (`RandomBot` or `HeuristicBot`) drawing from
a `random.Random` seeded with the kernel's seed, so a seed plays the same games on
either. It reads its rules from `rules` (which the compiled kernel ignores), not from
the tables built for the C, and plays by the engine's rules of card play
(`scorepad.engine.play`), never a copy of them. Its check of its own deals is the plain replay's
(`DealChecker.play_problems`), so every deal played on the twin is replayed by the plain
reading of the rules.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import SupportsIndex

from scorepad.engine.bids import BLIND_NIL as BLIND_NIL_BID
from scorepad.engine.bids import NIL as NIL_BID
from scorepad.engine.bids import Bid
from scorepad.engine.play import SUIT_OF, trick_winner
from scorepad.engine.rules import Rules
from scorepad.sim.botdeals import BotDeals
from scorepad.sim.bots import BOTS, Bot
from scorepad.sim.checker import DealChecker
from scorepad.sim.heuristic import HeuristicBot
from scorepad.sim.results import DealRecord, seat_names
from scorepad.sim.seen import NUMBER_BIDS, Seen

NIL, BLIND_NIL = 254, 255  # the kernel's bid codes (a number bid is its own code)
JOINT = 252  # a seat whose partner made their joint bid (no bid of its own)
MUTATE = 0  # the compiled kernel's rule broken on purpose (tests); never here
# What the check finds wrong, a bit each, as `check_deal` in _kernel.c.
_BITS = {"deal": 1, "holding": 2, "legal": 4, "winner": 8, "tricks": 16}


class Table:
    """A table of random or heuristic bots (one kind at every seat) under one set of rules."""

    def __init__(self, *args: object, heuristic: bool = False, rules: object = None,
                 **tables: object) -> None:  # fmt: skip
        if not isinstance(rules, Rules):
            raise ValueError("the twin's table needs the rules (it plays by the Python path)")
        self._rules = rules
        self._bot = "heuristic" if heuristic else "random"
        self._deals = BotDeals(rules, (self._bot,) * rules.sides, 0, None, None, ())
        names = seat_names(rules.players)
        self._checker = DealChecker(rules, names, [names] * rules.sides)
        self._seen = Seen(rules)
        self._random = random.Random(0)  # as the kernel's table before its first seed
        self._bots = self._new_bots()
        self._record = DealRecord(0, [[] for _ in range(rules.players)])

    def _new_bots(self) -> list[Bot]:
        return [BOTS[self._bot](self._random) for _ in range(self._rules.players)]

    def seed(self, value: SupportsIndex, /) -> None:
        """seed(n): start the random stream of a game, with new bots."""
        self._random.seed(abs(operator.index(value)))
        self._bots = self._new_bots()

    def below(self, count: SupportsIndex, /) -> int:
        """below(n): a random number 0..n-1."""
        count = operator.index(count)
        return int(self._random.random() * count) if count > 1 else 0

    def deal(
        self, dealer: SupportsIndex, blind_sides: SupportsIndex, scores: Sequence[int] = (), /
    ) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]:
        """deal(dealer, blind_sides[, scores]) -> (bids by seat, tricks by seat, problems,
        side keys): one deal played out (see `table_deal` in _kernel.c)."""
        dealer, blind_sides = operator.index(dealer), operator.index(blind_sides)
        rules, seen = self._rules, self._seen
        if not 0 <= dealer < rules.players:
            raise ValueError("dealer out of range")
        if blind_sides and self._bot == "heuristic" and len(scores) != rules.sides:
            raise ValueError("blind nil for heuristic bots needs the scores")
        seen.scores[:] = [operator.index(score) for score in scores] or [0] * rules.sides
        seen.new_deal(dealer)
        record = self._deals.play_deal(self._random, dealer, seen, self._bots, blind_sides)
        self._record = record
        codes = tuple(_code(bid) for bid in record.by_seat(rules.players))
        places = side_places(rules, codes, record.taken)
        return codes, tuple(record.taken), self._check(record), places

    def _check(self, record: DealRecord) -> int:
        """The deal replayed by the plain reading: 0 if clean, else a bit for each kind
        of fault, as `check_deal` in _kernel.c."""
        bad = 0
        for problem in self._checker.play_problems(record):
            bad |= _BITS[problem.check]
        return bad

    def record(self) -> tuple[list[list[int]], list[int], list[int]]:
        """record() -> (hands as dealt, plays, trick winners) of the last deal."""
        record = self._record
        return [list(hand) for hand in record.dealt], list(record.plays), list(record.winners)

    def extras(self) -> tuple[int, list[tuple[int, int, list[int]]], tuple[int, ...]]:
        """extras() -> (redeals, exchanges as (from, to, cards), discards) of the last
        deal."""
        record = self._record
        exchanges = [(giver, taker, list(cards)) for giver, taker, cards in record.exchanges]
        return record.redeals, exchanges, tuple(record.discards)

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
        players = self._rules.players
        if (
            self._bot != "heuristic"
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
            bid = _bid_of(code) if code != JOINT else None
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
        seen.tricks_left = self._rules.tricks - sum(taken)
        seen.unplayed = unplayed
        seen.trick = list(trick)
        seen.trick_seats = [(leader + step) % players for step in range(players)]
        seen.trick_with_seats = seen.trick, seen.trick_seats
        if trick:
            seen.led = SUIT_OF[trick[0]]
            # The trick so far, won by the engine's rule of play.
            position = trick_winner(trick)
            seen.best, seen.winner = trick[position], seen.trick_seats[position]
        bot = HeuristicBot(self._random)
        bot.recall(voids, seen)
        return bot.play(seat, hand, legal, seen)


def side_places(rules: Rules, codes: Sequence[int], taken: Sequence[int]) -> tuple[int, ...]:
    """Each side's key in the scorer's memo (`side_places` in _kernel.c): its seats' bids
    and tricks as digits in radix (tricks + 3) * (tricks + 1), in ascending order."""
    tricks = rules.tricks
    radix = (tricks + 3) * (tricks + 1)
    # A joint partner's digit is 0: the kernel makes joint bids only where 0 is no bid.
    digit_of = {NIL: tricks + 1, BLIND_NIL: tricks + 2, JOINT: 0}
    digits: list[list[int]] = [[] for _ in range(rules.sides)]
    for seat, code in enumerate(codes):
        digit = digit_of.get(code, code)
        digits[rules.side_of(seat)].append(digit * (tricks + 1) + taken[seat])
    places = []
    for side in digits:
        place = 0
        for digit in sorted(side):
            place = place * radix + digit
        places.append(place)
    return tuple(places)


def _code(bid: Bid | None) -> int:
    """A bid's code (kernel.py's `bid_code`; None: the partner made their joint bid)."""
    if bid is None:
        return JOINT
    if bid.is_nil:
        return BLIND_NIL if bid.is_blind else NIL
    return bid.tricks


def _bid_of(code: int) -> Bid:
    """The bid of a code."""
    return NIL_BID if code == NIL else BLIND_NIL_BID if code == BLIND_NIL else NUMBER_BIDS[code]
