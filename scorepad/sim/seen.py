"""What every player at the table can see, the choices a bidder has, and what a bot is
asked (`Bot`: the interface every bot in `bots.py` and `heuristic.py` answers).

The runner keeps the hands to itself; bots are handed their own hand and a `Seen`,
which holds only public facts (bids, cards played, tricks taken, scores), so a bot
cannot look at another player's cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from scorepad.engine.bids import BLIND_NIL, NIL, Bid, legal_bids, number
from scorepad.engine.game import trailing_by
from scorepad.engine.play import NO_SUIT
from scorepad.engine.rules import Rules
from scorepad.sim.deal import deck_plan


class Seen:
    """The public state of a deal in progress. The runner updates it; bots only read it."""

    __slots__ = (
        "rules",
        "players",
        "tricks",
        "deck_mask",
        "side_of",
        "partner",
        "opponents",
        "scores",
        "bags",
        "dealer",
        "bids",
        "nil",
        "contract",
        "taken",
        "side_taken",
        "opponent_nil",
        "nil_bid",
        "unplayed",
        "trick",
        "trick_seats",
        "trick_with_seats",
        "led",
        "best",
        "winner",
        "broken",
        "tricks_left",
        "deals",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.tricks = rules.tricks
        self.deck_mask = deck_plan(rules).mask
        self.side_of: tuple[int, ...] = tuple(rules.side_of(s) for s in range(rules.players))
        # The partner's seat, or the seat itself when playing alone.
        self.partner: tuple[int, ...] = tuple(
            next((o for o in rules.seats_of(rules.side_of(s)) if o != s), s)
            for s in range(rules.players)
        )
        self.opponents: tuple[tuple[int, ...], ...] = tuple(
            tuple(o for o in range(rules.players) if self.side_of[o] != self.side_of[s])
            for s in range(rules.players)
        )
        # The deals started so far: a bot keeps its notes of a deal against this number,
        # so that no note outlives its deal however the next one starts.
        self.deals = 0
        self.new_game()

    def new_game(self) -> None:
        """Start a game: no points, no bags (a runner keeps one Seen for all its games,
        whose facts of the rules above are worked out once)."""
        self.scores: list[int] = [0] * self.rules.sides
        self.bags: list[int] = [0] * self.rules.sides
        self.new_deal(0)

    def new_deal(self, dealer: int) -> None:
        """Forget the last deal: no bids, no cards played."""
        n = self.players
        self.deals += 1
        self.dealer = dealer
        self.bids: list[Bid | None] = [None] * n
        self.nil: list[bool] = [False] * n
        self.contract: list[int] = [0] * len(self.scores)
        self.taken: list[int] = [0] * n
        self.side_taken: list[int] = [0] * len(self.scores)  # tricks of non-nil bidders
        self.opponent_nil: list[bool] = [False] * n  # an opponent's nil still stands
        self.nil_bid = False  # some seat bid nil (the runner notes it as play starts)
        # The deck's cards not played yet in this deal: a player's own hand is among them,
        # so `unplayed ^ hand` is what it has not seen.
        self.unplayed = self.deck_mask
        self.trick: list[int] = []
        # The seats of the trick in playing order: the first `len(trick)` have played (the
        # runner gives all the seats, from the leader, rather than add one a card).
        self.trick_seats: Sequence[int] = ()
        # The two as one object, which a bot can keep to read the trick once it is over.
        self.trick_with_seats: tuple[list[int], Sequence[int]] = (self.trick, self.trick_seats)
        self.led = NO_SUIT
        self.best = 0  # the card winning the trick so far (when the trick has a card)
        self.winner = 0  # and its seat
        self.broken = False
        self.tricks_left = self.tricks

    def trailing_by(self, side: int) -> int:
        """How far a side is behind the best other side (like `Standings.trailing_by`)."""
        return trailing_by(self.scores, side)


NUMBER_BIDS = tuple(number(tricks) for tricks in range(19))  # shared: a Bid is immutable

@dataclass(frozen=True, slots=True)
class BidChoice:
    """The bids open to a bidder at its turn: numbers low..high, nil, and one refused number.

    Built by the runner from the rules and the bids already made, so that a bot's wish
    becomes a legal bid with `fit`; the validator re-checks every bid with `scorepad.engine.bids`.
    """

    low: int
    high: int
    nil: bool
    must_nil: bool = False
    refused: int | None = None  # no hell: the number that would make the bids add up
    joint: bool = False  # a joint team bid (partner bidding)
    blind_nil: bool = False  # open where the side trails enough (`botdeals.blind_nil_sides`)

    def fit(self, tricks: int, nil: bool = False) -> Bid:
        """The legal bid closest to the wish (`nil`, or `tricks`)."""
        nil_ok = self.nil and self.refused != 0
        if self.must_nil and nil_ok or nil and nil_ok:
            return NIL
        if self.refused is None and self.low <= tricks <= self.high:
            return NUMBER_BIDS[tricks]
        wanted = min(max(tricks, self.low), self.high)
        if wanted == self.refused:
            wanted = wanted + 1 if wanted + 1 <= self.high else wanted - 1
            if wanted < self.low:  # the one number in range is refused
                if nil_ok:
                    return NIL
                wanted = self.refused  # no legal bid at all: the validator will say so
        return NUMBER_BIDS[wanted]


def choice_reads_total(rules: Rules, last: bool) -> bool:
    """Whether `bid_choice` reads `earlier_total` (only no hell's refusal of the last
    bid does): where it does not, every total gives the same choice."""
    return rules.no_hell and last


def bid_choice(
    rules: Rules,
    *,
    partner_bid: Bid | None,
    earlier_total: int,
    last: bool,
    joint: bool = False,
) -> BidChoice:
    """The choice of a bidder: `partner_bid` if the partner has bid, `earlier_total` the sum
    of the table's non-nil bids so far, `last` whether this is the last bid of the table.

    The bids the rules allow are `legal_bids`'s (blind nil as if the side trailed
    enough: the deal offers it only to a side that does); a bot also never bids more
    than the deal beside its partner's bid, and the first of a side leaves its partner a
    number of at least 1 where a nil might not be open to it.
    """
    tricks = rules.tricks
    legal = legal_bids(
        rules, partner_bid=partner_bid, last=last, earlier_total=earlier_total, joint=joint
    )
    low, high, nil = legal.low, tricks, legal.nil
    if joint:
        pass
    elif partner_bid is not None:
        high = tricks - (0 if partner_bid.is_nil else partner_bid.tricks)
    elif (
        rules.side_size > 1
        and not rules.suicide
        and (rules.no_hell or not (rules.nil or rules.zero_bid == "plain"))
    ):
        high = tricks - 1
    must_nil = high < low and nil  # no number fits beside the partner's: nil is the one left
    return BidChoice(low, max(low, high), nil, must_nil, legal.refused, joint, BLIND_NIL in legal)


class Bot:
    """A player: how it discards, bids, exchanges and plays. Subclasses choose."""

    name = "bot"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def discard(self, seat: int, hand: int, count: int, seen: Seen) -> list[int]:
        """The dealer's discard of `count` cards (jokers games)."""
        raise NotImplementedError

    def wants_blind_nil(self, seat: int, seen: Seen) -> bool:
        """Asked before the bot looks at its cards, only when blind nil is open to it."""
        raise NotImplementedError

    def bid(self, seat: int, hand: int, seen: Seen, choice: BidChoice) -> Bid:
        """The bot's bid, made legal with `choice.fit`."""
        raise NotImplementedError

    def exchange(
        self, seat: int, hand: int, count: int, seen: Seen, *, nil_bidder: bool
    ) -> list[int]:
        """The cards passed to the partner after a blind nil bid."""
        raise NotImplementedError

    def play(self, seat: int, hand: int, legal: int, seen: Seen) -> int:
        """The card code to play, one of the `legal` mask."""
        raise NotImplementedError
