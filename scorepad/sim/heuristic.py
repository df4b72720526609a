"""The heuristic bot: a decent club player (`HeuristicBot`), whose every choice the kernel's
C plays the same (`_kernel.c`), and which the explorer bots play their cards by.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorepad.engine.bids import Bid
from scorepad.engine.play import (
    ABOVE,
    BEATS,
    NON_SPADE_MASK,
    SPADE_LOW,
    SPADE_MASK,
    SPADES,
    SUIT_MASKS,
    SUIT_OF,
    codes_of,
    highest,
    lowest,
)
from scorepad.engine.rules import Rules
from scorepad.sim.cardpicks import (
    discard_low,
    highest_by_rank,
    is_master,
    lowest_by_rank,
    most_exposed,
    strongest_lead,
)
from scorepad.sim.seen import BidChoice, Bot, Seen
from scorepad.sim.valuation import (
    KING,
    RANK_OF,
    average_count,
    hand_tricks,
    median_nil_chance,
    nil_chance,
    nil_risk,
    suicide_tricks,
)

SIDE_SUIT_MASKS = SUIT_MASKS[:SPADES]


class HeuristicBot(Bot):
    """A decent club player: counts its tricks, bids nil on a safe hand, covers a nil
    partner, ducks to save bags once the contract is safe, and tries to set opponents."""

    name = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        # The suits each seat has shown out of in this deal, as far as this seat saw them
        # (the whole of each trick it was asked to play to, the current one up to its own
        # turn): public, as at a real table. Noted only when a decision needs them: the
        # tricks asked about since are kept in `_pending`, each as the table's
        # `trick_with_seats`, whose list fills up after a turn and is not changed once the
        # trick is over (noting a trick twice notes nothing more). They are the notes of
        # deal `_deal` (`Seen.deals`): a turn in another deal starts them afresh, so a bot
        # decides a deal as a new bot would, whatever it played before.
        self._voids: list[int] = []
        self._pending: list[tuple[list[int], Sequence[int]]] = []
        self._deal = -1
        # Facts of the rules, looked up at the first bid under them.
        self._rules: Rules | None = None
        self._top = 0  # the highest card's code
        self._average = 0.0  # `average_count`

    def recall(self, voids: Sequence[int], seen: Seen) -> None:
        """Take up the deal `seen` is at, having seen each seat show out of `voids[seat]`
        (a bit per suit): the kernel's twin asks the bot about a position this way
        (`_kernel_py.Table.choose`)."""
        self._voids = list(voids)
        self._pending = []
        self._deal = seen.deals

    def _void_suits(self, who: int, seen: Seen) -> int:
        """The suits (bit per suit) `who` has shown out of, as far as this seat saw."""
        voids = self._voids
        pending = self._pending
        for trick, seats in pending:
            _note_voids(voids, trick, seats)
        _note_voids(voids, seen.trick, seen.trick_seats)
        # The last trick asked about is this one, which fills up after this turn: it is
        # noted again at the next question.
        del pending[:-1]
        return voids[who]

    def discard(self, seat: int, hand: int, count: int, seen: Seen) -> list[int]:
        # Throw the lowest side-suit cards, shortest suits first, to make voids.
        chosen: list[int] = []
        suits = sorted(range(3), key=lambda suit: ((hand & SUIT_MASKS[suit]).bit_count(), suit))
        for suit in suits:
            for code in codes_of(hand & SUIT_MASKS[suit]):
                if len(chosen) < count and RANK_OF[code] < KING:
                    chosen.append(code)
        for code in codes_of(hand):
            if len(chosen) < count and code not in chosen:
                chosen.append(code)
        return chosen[:count]

    def wants_blind_nil(self, seat: int, seen: Seen) -> bool:
        # Worth the risk only when far behind and the opponents are near the target.
        side = seen.side_of[seat]
        behind = seen.trailing_by(side)
        if behind < 200:
            return False
        leader = max(score for index, score in enumerate(seen.scores) if index != side)
        partner_bid = seen.bids[seen.partner[seat]]
        return leader >= seen.rules.target - 200 and not (partner_bid and partner_bid.is_nil)

    def bid(self, seat: int, hand: int, seen: Seen, choice: BidChoice) -> Bid:
        # A hand takes its share of the tricks, more or less as its count of sure tricks
        # is above or below the count of an average hand under these rules; with more
        # cards a hand, each sure trick brings more (checked in benchmarks/sim_calibrate.py).
        rules = seen.rules
        if rules is not self._rules:
            self._rules = rules
            self._top, self._average = highest(seen.deck_mask), average_count(rules)
        if choice.must_nil:
            return choice.fit(0, nil=True)
        top, tricks = self._top, seen.tricks
        share = tricks / seen.players
        estimate = share + (hand_tricks(hand, RANK_OF[top]) - self._average) * tricks / 13
        partner = seen.partner[seat]
        partner_nil = partner != seat and seen.nil[partner]
        nil_ok = choice.nil and rules.nil and not choice.joint
        # A nil needs a hand that can stay under; with many cards a hand it rarely can.
        if (
            nil_ok
            and not partner_nil
            and estimate < share + 0.5
            and nil_risk(hand) < (0.5 if tricks <= 13 else 0.1)
        ):
            return choice.fit(0, nil=True)
        if rules.suicide and nil_ok and (partner == seat or seen.bids[partner] is None):
            # The first of a side to bid picks which of the two bids the side's nil without
            # seeing the other hand: this one when it is clearly safer than a typical hand
            # (by a few points: its cover is then the unknown hand) and no strong hand; its
            # partner's nil is forced otherwise.
            chance = nil_chance(hand, top)
            if chance > median_nil_chance(rules) + 0.03 and estimate < share + 1.5:
                return choice.fit(0, nil=True)
        if rules.suicide:
            # This side's bidder, beside its nil (forced or to come). Every side has a nil,
            # so the tricks go to one bidder a side, less the few a failed nil takes. They
            # are spread widely (a deviation of nearly two tricks); a set costs the whole
            # bid, an overtrick about ten points in bags: bid under the mean, by the margin
            # that finished the most simulated games (benchmarks/sim_finish.py).
            if tricks == 13:
                return choice.fit(round(suicide_tricks(hand) - 1.4))
            expected = tricks / rules.sides - 0.7 + (estimate - share)
            return choice.fit(round(expected - 2.0))
        if partner_nil:
            estimate += 1.0  # covering a nil takes tricks the partner would have taken
        return choice.fit(round(estimate - 0.2))

    def exchange(
        self, seat: int, hand: int, count: int, seen: Seen, *, nil_bidder: bool
    ) -> list[int]:
        # The nil bidder passes its highest cards; the partner passes back its lowest.
        ranked = sorted(codes_of(hand), key=lambda code: (RANK_OF[code], SUIT_OF[code] == SPADES))
        return ranked[-count:] if nil_bidder else ranked[:count]

    # -- play -------------------------------------------------------------------------

    def play(self, seat: int, hand: int, legal: int, seen: Seen) -> int:
        # Note a new deal, and the trick.
        trick = seen.trick
        if seen.deals != self._deal:
            self._voids = [0] * seen.players
            self._pending = []
            self._deal = seen.deals
        self._pending.append(seen.trick_with_seats)
        # Every choice below is a card of `legal`: the only one, when it holds one.
        partner = seen.partner[seat]
        side = seen.side_of[seat]
        if seen.nil_bid:
            code = self._nil_deal_play(seat, partner, side, hand, legal, seen)
            if code >= 0:
                return code
        elif seen.contract[side] <= seen.side_taken[side] and not self._can_set(side, seen):
            # The contract is in: save bags.
            return self._duck(legal, seen, hand) if trick else discard_low(legal)
        # Take the trick (on the hottest path, so here rather than in a method).
        if not trick:
            return self._winning_lead(legal, hand, seen)
        best = seen.best
        last = len(trick) == seen.players - 1
        # A nil bidder's trick does not count towards the contract (it is only a bag). A
        # card is the boss when none of the cards unseen (`seen.unplayed ^ hand`) is above.
        if (
            seen.winner == partner
            and partner != seat
            and not seen.nil[partner]
            and (last or not ABOVE[best] & (seen.unplayed ^ hand))
        ):
            return discard_low(legal)
        led = seen.led
        # The cards that beat the best one (a card that follows suit is not a spade,
        # unless spades were led).
        beating = legal & BEATS[best]
        if not beating:
            return discard_low(legal)
        low = (beating & -beating).bit_length() - 1
        if last:
            return low
        top = beating.bit_length() - 1
        if SUIT_OF[top] == led and not ABOVE[top] & (seen.unplayed ^ hand):
            return top
        if low >= SPADE_LOW and led != SPADES:
            return low
        if len(trick) == 1 and seen.players == 4:
            return discard_low(legal)  # second hand low
        return top

    def _nil_deal_play(
        self, seat: int, partner: int, side: int, hand: int, legal: int, seen: Seen
    ) -> int:
        """The card to play in a deal where someone bid nil, or -1: take the trick."""
        nil = seen.nil
        if nil[seat]:
            # A failed nil's tricks are bags that help no contract: keep ducking, unless
            # taking the trick sets the opponents.
            if seen.taken[seat] == 0 or not self._can_set(side, seen):
                return self._duck(legal, seen, hand)
            return -1
        if nil[partner] and partner != seat and seen.taken[partner] == 0:
            return self._cover(seat, partner, legal, seen, hand)
        need = seen.contract[side] - seen.side_taken[side]
        # Under suicide every side has a nil its partner covers: chasing the opponents'
        # costs one's own contract, and the bags of the low cards it takes.
        if seen.opponent_nil[seat] and need < seen.tricks_left - 1 and not seen.rules.suicide:
            return self._press_nil(seat, legal, seen, hand)
        if need <= 0 and not self._can_set(side, seen):
            return self._duck(legal, seen, hand) if seen.trick else discard_low(legal)
        return -1

    def _can_set(self, side: int, seen: Seen) -> bool:
        """Whether an opponent side needs so many of the remaining tricks that it is worth
        taking tricks (and bags) to set it. Not under suicide: with two nils failing and
        covering, every deal brings bags, and the tricks to set a contract cost more bags
        than the set is worth."""
        if seen.rules.suicide:
            return False
        side_taken, tricks_left = seen.side_taken, seen.tricks_left
        for other, contract in enumerate(seen.contract):
            if other == side or not contract:
                continue
            short = contract - side_taken[other]
            if short > 0 and tricks_left - short <= 2:
                return True
        return False

    def _press_nil(self, seat: int, legal: int, seen: Seen, hand: int) -> int:
        """An opponent bid nil: lead and follow low, never overtake the nil bidder."""
        trick = seen.trick
        if not trick:
            return discard_low(legal)  # a low lead, a side card first
        winner_seat = seen.winner
        if seen.nil[winner_seat] and seen.side_of[winner_seat] != seen.side_of[seat]:
            return self._duck(legal, seen, hand)
        return lowest_by_rank(legal)

    def _cover(self, seat: int, partner: int, legal: int, seen: Seen, hand: int) -> int:
        """The partner bid nil: win the tricks the partner might be forced to take."""
        trick = seen.trick
        if not trick:
            # A suit the partner has shown out of is safe for it: it throws its worst card.
            safe = 0
            voids = self._void_suits(partner, seen)
            for suit in range(4):
                if voids >> suit & 1:
                    safe |= SUIT_MASKS[suit]
            if legal & safe:
                # Low, when the contract is in: whoever wins it, the partner is safe.
                side = seen.side_of[seat]
                if seen.side_taken[side] >= seen.contract[side]:
                    return lowest_by_rank(legal & safe)
                return strongest_lead(legal & safe, hand, seen)
            # The boss spade first: under it the partner sheds a high spade, the card a
            # nil can least get rid of otherwise.
            spades = legal & SPADE_MASK
            if spades and is_master(highest(spades), hand, seen):
                return highest(spades)
            return strongest_lead(legal, hand, seen)
        if partner in seen.trick_seats[: len(trick)]:
            if seen.winner == partner:
                beating = legal & BEATS[seen.best]
                return lowest(beating) if beating else lowest_by_rank(legal)
            return self._duck(legal, seen, hand)
        # The partner plays after this seat. An opponent's boss card, of the suit led or a
        # trump, already keeps it under (it can follow or throw anything): no need to
        # take the trick and its bag. Otherwise play high so the partner can stay under.
        best = seen.best
        beating = legal & BEATS[best]
        if SUIT_OF[best] in (seen.led, SPADES) and is_master(best, hand, seen):
            return lowest_by_rank(legal & ~beating or legal)
        if not beating:
            return lowest_by_rank(legal)
        # The lowest of them that is the boss of its suit, else the highest.
        unseen = seen.unplayed ^ hand
        rest = beating
        while rest:
            low = rest & -rest
            code = low.bit_length() - 1
            if not ABOVE[code] & unseen:
                return code
            rest ^= low
        return highest(beating)

    def _winning_lead(self, legal: int, hand: int, seen: Seen) -> int:
        """Cash a boss card, side suits first (the highest-ranked first, on a tie the first
        suit), then spades."""
        unseen = seen.unplayed ^ hand
        best, best_rank = -1, -1
        for suit_mask in SIDE_SUIT_MASKS:
            cards = legal & suit_mask
            # The top card is the boss when the suit's unseen cards are all below it: as
            # numbers, those cards are then less than these (the two have no card alike).
            if cards and unseen & suit_mask < cards:
                code = cards.bit_length() - 1
                if RANK_OF[code] > best_rank:
                    best, best_rank = code, RANK_OF[code]
        if best >= 0:
            return best
        spades = legal & SPADE_MASK
        if spades and unseen & SPADE_MASK < spades:
            return spades.bit_length() - 1
        return discard_low(legal)  # a low lead, a side card first

    def _duck(self, legal: int, seen: Seen, hand: int) -> int:
        """Stay under the trick: the most dangerous card that does not win it (a high spade
        before a high side card), else the lowest card, or the highest if it wins anyway."""
        trick = seen.trick
        if not trick:
            return discard_low(legal)
        winning = legal & BEATS[seen.best]
        losing = legal & ~winning
        if losing:
            spade = losing & SPADE_MASK
            top_spade = highest(spade) if spade else -1
            side_cards = losing & NON_SPADE_MASK
            top_side = -1
            if side_cards:
                # Following suit, the highest card under; out of the suit, the card least
                # likely to get under a later trick.
                following = side_cards & SUIT_MASKS[seen.led]
                top_side = highest(following) if following else most_exposed(side_cards, hand)
            # A spade that can go under a higher trump goes first: it is the card a nil can
            # least get rid of otherwise.
            if top_spade >= 0:
                return top_spade
            return top_side
        if len(trick) == seen.players - 1:
            return highest_by_rank(legal)  # the trick is lost anyway: shed the highest
        return lowest_by_rank(legal)


def _note_voids(voids: list[int], trick: list[int], seats: Sequence[int]) -> None:
    """Note in `voids` (by seat) the suits the players of `trick` have shown out of."""
    # Nobody did when the lowest and highest cards are of one suit (codes go suit by suit).
    if trick and SUIT_OF[min(trick)] != SUIT_OF[max(trick)]:
        led = SUIT_OF[trick[0]]
        for code, who in zip(trick, seats, strict=False):
            if SUIT_OF[code] != led:
                voids[who] |= 1 << led
