"""Explorer bots: players who make every kind of bid the rules allow, at rates a run sets.

The heuristic bot is a realistic club player, and so it never bids a blind number,
never overbids the deal beside its partner, and rarely bids Boston, double nil or a
10-for-200 contract: rules those bids reach go unplayed. An explorer plays its cards as
the heuristic bot does, but at its bids it now and then makes one of those on purpose
(`ExplorerMix` gives the rates), wherever the rules allow it:

- a blind bid of a number (`blind_bids`), decided before it looks at its hand;
- blind nil, always when its side trails by exactly the deficit or just past it, else
  at its rate;
- an overbid of the deal beside its partner's number (a contract above the tricks);
- Boston (a contract of every trick), more often when its own bid and its partner's
  come near it (so that some are made, and some games won by one), double nil beside a
  partner's nil, and a contract in reach of 10-for-200;
- under partner bidding, the same numbers, which the table then joins into a team bid.

At its own rate (`ExplorerMix.refused`) it also tries, beside the bid it makes, one the
reference refuses (`refusaltries.RefusalTry`): for itself alone, for its side once its
partner has bid (or, under partner bidding, as a joint team bid), or, as the table's
last bidder, for the table. It does not make it; the sweep holds the engine's bid
checks to it, which must refuse it for the reference's reason.

Which bids the rules allow it reads from the reference (`scorepad.reference`: each bid
alone, and the side's bids together), given the rules as the reference read them from
the preset file, never from the engine's bid checks, which the simulator holds to it:
a bid the engine refuses wrongly then shows up as a violation instead of being avoided.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from scorepad.engine.bids import BLIND_NIL, NIL, Bid, BidKind, number
from scorepad.reference import refusals, rulebook
from scorepad.sim.heuristic import HeuristicBot
from scorepad.sim.referee import PLAIN_KIND
from scorepad.sim.refusaltries import TRIED_REASONS, Level, RefusalTry
from scorepad.sim.seen import BidChoice, Seen

# The reasons a side's or the table's bids are refused for, beyond each bid's own.
_SIDE_REASONS = {"joint-nil", "joint-bid-under-suicide", "joint-bid-of-0", "suicide",
                 "min-team-bid", "no-hell"}  # fmt: skip

# How far past the blind nil deficit still counts as "just past" it.
JUST_PAST = 10


@dataclass(frozen=True, slots=True)
class ExplorerMix:
    """How often an explorer makes each kind of bid, where the rules allow it (0 to 1)."""

    blind: float = 0.12  # a blind number, when its side may bid one
    blind_nil: float = 0.1  # blind nil when open (always at or just past the deficit)
    overbid: float = 0.04  # beside a partner's number, more than the deal leaves
    boston: float = 0.03  # the side's contract every trick
    strong_boston: float = 0.5  # Boston when its own count and its partner's come near it
    double_nil: float = 0.3  # nil beside a partner's nil
    ten_for_200: float = 0.06  # a contract in reach of 10-for-200
    refused: float = 0.1  # a bid the rules refuse, tried beside the bid made

    def __post_init__(self) -> None:
        for name in self.__slots__:
            rate = getattr(self, name)
            if not 0 <= rate <= 1:
                raise ValueError(f"explorer rate {name} = {rate}: give 0 to 1")


USUAL_MIX = ExplorerMix()  # the rates a sweep plays by


class ExplorerBot(HeuristicBot):
    """The heuristic player's cards, with bids of every kind the rules allow."""

    name = "explorer"

    def __init__(
        self,
        rng: random.Random,
        knobs: Mapping[str, object],
        mix: ExplorerMix = USUAL_MIX,
        tries: list[RefusalTry] | None = None,
    ) -> None:
        super().__init__(rng)
        self.knobs = rulebook.with_defaults(knobs)
        self.mix = mix
        self.deal = rulebook.tricks_in_a_deal(self.knobs)
        # Where the tries go (None: none made), from a stream of their own seeded by the
        # game's (not drawn from it), so that the games played are the same with or
        # without tries.
        self.tries = tries
        # (Seeded at its first bid by the game's stream as it was here and the seat: the
        # explorers of a game are made from the same stream; text seeds alike everywhere.)
        self._try_seed = str(rng.getstate()[1]) if tries is not None else None
        self.try_rng: random.Random | None = None

    def wants_blind_nil(self, seat: int, seen: Seen) -> bool:
        deficit = self.knobs["blind_nil_deficit"]
        assert isinstance(deficit, int)
        behind = seen.trailing_by(seen.side_of[seat])
        if deficit > 0 and deficit <= behind <= deficit + JUST_PAST:
            return True
        return self.rng.random() < self.mix.blind_nil

    def bid(self, seat: int, hand: int, seen: Seen, choice: BidChoice) -> Bid:
        if self._try_seed is not None:
            if self.try_rng is None:
                self.try_rng = random.Random(f"{self._try_seed}:{seat}")
            if self.try_rng.random() < self.mix.refused:
                self._try_refused(seat, seen)
        if not choice.must_nil and not choice.joint:
            usual = super().bid(seat, hand, seen, choice)
            for wish in self._wishes(seat, seen, usual):
                if wish is not None and self._allowed(seat, seen, wish):
                    return wish
            return usual
        return super().bid(seat, hand, seen, choice)

    def _wishes(self, seat: int, seen: Seen, usual: Bid) -> list[Bid | None]:
        """The unusual bids this explorer would like now, in the order it tries them
        (`usual`: the heuristic's bid)."""
        rnd, mix, knobs, deal = self.rng.random, self.mix, self.knobs, self.deal
        partner = seen.partner[seat]
        theirs = seen.bids[partner] if partner != seat else None
        partner_number = theirs.tricks if theirs is not None and not theirs.is_nil else None
        wishes: list[Bid | None] = []
        near = usual.tricks + (partner_number or 0) >= deal - 2 and not usual.is_nil
        if knobs["boston"] is True and near and rnd() < mix.strong_boston:
            wishes.append(self._number(deal - (partner_number or 0)))
        if knobs["blind_bids"] is True and rnd() < mix.blind:
            least = knobs["blind_bid_min"]
            assert isinstance(least, int)
            wishes.append(Bid(BidKind.BLIND, min(deal, least + int(rnd() * 4))))
        if theirs is not None and theirs.is_nil and rnd() < mix.double_nil:
            wishes.append(NIL)
        if rnd() < mix.boston:
            wishes.append(self._number(deal - (partner_number or 0)))
        if partner_number is not None and rnd() < mix.overbid:
            wishes.append(self._number(deal - partner_number + 1 + int(rnd() * 3)))
        elif theirs is None and partner != seat and rnd() < mix.overbid:
            wishes.append(self._number(deal // 2 + 1 + int(rnd() * 3)))
        if knobs["ten_for_200"] is True and rnd() < mix.ten_for_200:
            least = knobs["ten_for_200_bid"]
            assert isinstance(least, int)
            wishes.append(self._number(least - (partner_number or 0) + int(rnd() * 2)))
        return wishes

    def _number(self, tricks: int) -> Bid | None:
        """A plain bid of `tricks`, if one player may bid so many."""
        return number(tricks) if 1 <= tricks <= self.deal else None

    def _allowed(self, seat: int, seen: Seen, bid: Bid) -> bool:
        """Whether the reference allows the bid here: on its own, with the side's other
        bid (once made), and, from the last bidder, the whole table (no hell)."""
        knobs = self.knobs
        side = seen.side_of[seat]
        behind = seen.trailing_by(side)
        kind = PLAIN_KIND[bid.kind]
        if refusals.one_bid_refusal(knobs, kind, bid.tricks, behind, self.deal):
            return False
        partner = seen.partner[seat]
        theirs = seen.bids[partner] if partner != seat else None
        if bid.kind is not BidKind.NIL and knobs["suicide"] is True:
            least = knobs["suicide_min_bid"]
            assert isinstance(least, int)
            if bid.tricks < least or (theirs is not None and not theirs.is_nil):
                return False
        # `last`: the last bid of the table: the partner and every other side have bid (a
        # side's seat that has not bid beside one that has is taken as a joint bid; if it
        # bids later, no hell is only judged too soon, which refuses a wish and never lets
        # a bad one through).
        last = (partner == seat or theirs is not None) and all(
            seen.bids[other] is not None or seen.bids[seen.partner[other]] is not None
            for other in range(seen.players)
            if other not in (seat, partner)
        )
        if knobs["no_hell"] is True and not last and _known_total(seen, seat, bid) == self.deal:
            return False  # a later bidder held to nil or 0 would have no bid left
        if partner != seat and theirs is None:
            return True  # the partner bids beside it, by the table's choice
        sides: list[list[tuple[str, int]]] = []
        trailing: list[int | None] = []
        for other_side, seats in enumerate(_seats_by_side(seen)):
            bids = [bid if other == seat else seen.bids[other] for other in seats]
            made = [(PLAIN_KIND[one.kind], one.tricks) for one in bids if one is not None]
            if other_side == side or (last and made):
                sides.append(made)
                trailing.append(seen.trailing_by(other_side))
        judged = knobs if last else {**knobs, "no_hell": False}
        return refusals.bid_refusal(judged, sides, trailing) is None


    def _try_refused(self, seat: int, seen: Seen) -> None:
        """Try a bid the reference refuses here: for the table as its last bidder, for
        the side beside its partner's bid (or as a joint team bid, under partner
        bidding, before it), else for itself alone. The reason is drawn first, evenly
        among those some bid here has, then a bid with it."""
        assert self.try_rng is not None and self.tries is not None
        knobs, deal, rng = self.knobs, self.deal, self.try_rng
        partner = seen.partner[seat]
        theirs = seen.bids[partner] if partner != seat else None
        sides = _seats_by_side(seen)
        trailing = tuple(seen.trailing_by(other) for other in range(len(sides)))
        # The table's last bid: every other seat has bid, or its side made a joint bid
        # (under partner bidding a side's one number; a nil alone waits for the partner).
        pooled = knobs["partner_bidding"] is True and knobs["suicide"] is not True
        last = all(
            seen.bids[other] is not None
            or (pooled and (one := seen.bids[seen.partner[other]]) is not None and not one.is_nil)
            for other in range(seen.players) if other != seat
        )  # fmt: skip
        joint = (partner != seat and theirs is None and knobs["partner_bidding"] is True
                 and rng.random() < 0.75)  # fmt: skip
        level: Level = "table" if last and not joint else "side" if partner != seat else "bid"
        # Beside the partner's bid, or one drawn for it before it bids (the side's rules
        # judge a pair of bids, whoever made the first): nil or a number up to the least
        # a side's rules ask, where a bid beside it can fall short of them.
        least = max(rulebook.whole_number(knobs, "min_team_bid"),
                    rulebook.whole_number(knobs, "suicide_min_bid"))  # fmt: skip
        drawn = [NIL, *(number(n) for n in range(min(least, deal) + 1))]
        beside = None if joint else theirs or drawn[int(rng.random() * len(drawn))]
        candidates = [NIL, BLIND_NIL, *(number(n) for n in range(deal + 2))]
        candidates += [Bid(BidKind.BLIND, n) for n in range(1, deal + 1)]
        by_reason: dict[str, list[RefusalTry]] = {}
        for bid in candidates:
            tried = self._refusal_try(level, seat, seen, bid, sides, trailing, beside)
            if tried is not None:
                by_reason.setdefault(tried.refused, []).append(tried)
        # The side's and the table's rules first, where a bid here breaks one: a player's
        # own refusals are tried at every level, those only beside the other bids.
        reasons = sorted(by_reason.keys() & _SIDE_REASONS) or sorted(by_reason)
        if reasons:
            reason = reasons[int(rng.random() * len(reasons))]
            found = by_reason[reason]
            self.tries.append(found[int(rng.random() * len(found))])

    def _refusal_try(
        self, level: Level, seat: int, seen: Seen, bid: Bid, sides: list[list[int]],
        trailing: tuple[int, ...], beside: Bid | None,
    ) -> RefusalTry | None:  # fmt: skip
        """The try of `bid` at `level` (at the side's, beside the partner's bid `beside`,
        or as a joint team bid where it is None), if the reference refuses it for a
        reason the engine's bid checks give."""
        knobs, side = self.knobs, seen.side_of[seat]
        if level == "bid":
            alone = refusals.one_bid_refusal(knobs, PLAIN_KIND[bid.kind], bid.tricks,
                                             trailing[side], self.deal)  # fmt: skip
            return RefusalTry(level, ((bid,),), (trailing[side],), alone) if alone else None
        if level == "side":
            bids = (bid,) if beside is None else tuple(
                bid if other == seat else beside for other in sides[side])  # fmt: skip
            mine = [(PLAIN_KIND[one.kind], one.tricks) for one in bids]
            why = refusals.bid_refusal({**knobs, "no_hell": False}, [mine], [trailing[side]])
            if why not in TRIED_REASONS:
                return None
            assert why is not None
            return RefusalTry(level, (bids,), (trailing[side],), why, (beside is None,))
        made = [tuple(one for other in seats if (one := bid if other == seat else seen.bids[other])
                      is not None) for seats in sides]  # fmt: skip
        plain = [[(PLAIN_KIND[one.kind], one.tricks) for one in bids] for bids in made]
        why = refusals.bid_refusal(knobs, plain, list(trailing))
        if why not in TRIED_REASONS:
            return None
        assert why is not None
        teams = knobs["partnerships"] is True
        order = tuple(one for other in range(seen.players) if other != seat
                      and (one := seen.bids[other]) is not None) + (bid,)  # fmt: skip
        return RefusalTry(level, tuple(made), trailing, why,
                          tuple(teams and len(bids) == 1 for bids in made), order)  # fmt: skip


def _known_total(seen: Seen, seat: int, bid: Bid) -> int:
    """The table's non-nil bids so far, with `bid` from `seat`."""
    made = [one for other, one in enumerate(seen.bids) if other != seat and one is not None]
    return sum(one.tricks for one in [*made, bid] if not one.is_nil)


def _seats_by_side(seen: Seen) -> list[list[int]]:
    seats: list[list[int]] = [[] for _ in seen.scores]
    for seat, side in enumerate(seen.side_of):
        seats[side].append(seat)
    return seats
