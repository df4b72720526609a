"""The kernel's check of its own deals in pure Python: `check_deal` of `_kernel.c`.

`_kernel_py`'s tables check each deal they play by this second, plain reading of the
rules, as the compiled kernel does by its `check_deal`: who owns each card, counts per
suit (revokes, spades led before they are broken), and a trick's winner as the strongest
card by an explicit key rather than by the play code's `trick_winner`. It reads a deal's
record only; the table's own state stays in `_kernel_py`.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.sim.play import SPADES, SUIT_OF
from scorepad.sim.valuation import RANK_OF

# What the check finds wrong (a bit each), as `check_deal` in _kernel.c.
BAD_DEAL, BAD_HOLDING, BAD_LEGAL, BAD_WINNER, BAD_TRICKS = 1, 2, 4, 8, 16
_CODES = len(SUIT_OF)  # the card codes, jokers included
# A card's strength in a trick by the suit led (`_STRENGTH[led][code]`), the explicit key
# the check finds a trick's winner by: a spade above the suit led above any other suit,
# then the rank.
_STRENGTH = tuple(
    tuple((SUIT_OF[code] == SPADES) * 200 + (SUIT_OF[code] == led) * 100 + RANK_OF[code]
          for code in range(_CODES))
    for led in range(4)
)  # fmt: skip


class KernelCheck:
    """The check of the deals of one table: its deck, seats and tricks, fixed."""

    def __init__(
        self, deck: bytes, players: int, tricks: int, orders: Sequence[tuple[int, ...]]
    ) -> None:
        self._deck, self._players, self._tricks = deck, players, tricks
        self._orders = orders  # the seats of a trick in playing order, by its leader

    def check(
        self,
        dealt: Sequence[Sequence[int]],
        dealer: int,
        discards: Sequence[int],
        exchanges: Sequence[tuple[int, int, Sequence[int]]],
        plays: Sequence[int],
        winners: Sequence[int],
        taken_by_seat: list[int],
    ) -> int:
        """0 for a clean deal, else a bit for each kind of fault (`BAD_*`): the hands as
        dealt, the dealer's discards, the cards passed (from, to, cards), the cards played
        trick by trick from the dealer's left, each trick's winner and the tricks per seat."""
        players, tricks, bad = self._players, self._tricks, 0
        owner = [-1] * _CODES
        count = [[0] * 4 for _ in range(players)]
        for seat, hand in enumerate(dealt):
            counts = count[seat]
            for code in hand:
                if owner[code] != -1:
                    bad |= BAD_DEAL
                owner[code] = seat
                counts[SUIT_OF[code]] += 1
        if -1 in map(owner.__getitem__, self._deck):
            bad |= BAD_DEAL
        for code in discards:  # the dealer's discards leave the game
            if owner[code] != dealer:
                bad |= BAD_DEAL
            owner[code] = -2
            count[dealer][SUIT_OF[code]] -= 1
        for giver, taker, cards in exchanges:  # the cards passed change hands
            for code in cards:
                if owner[code] != giver:
                    bad |= BAD_DEAL
                owner[code] = taker
                count[giver][SUIT_OF[code]] -= 1
                count[taker][SUIT_OF[code]] += 1
        taken = [0] * players
        leader, broken = (dealer + 1) % players, False
        suit_of, orders = SUIT_OF, self._orders
        for trick in range(tricks):
            start = trick * players
            led, winner, strongest = suit_of[plays[start]], -1, -1
            strength_of = _STRENGTH[led]
            # (The seats from the leader: the leader's card is the first.)
            for who, code in zip(orders[leader], plays[start : start + players], strict=True):
                suit = suit_of[code]
                if owner[code] != who:  # not held, or played already
                    bad |= BAD_HOLDING
                    continue
                counts = count[who]
                if suit != led:
                    if counts[led] > 0:
                        bad |= BAD_LEGAL
                elif (
                    who == leader
                    and suit == SPADES
                    and not broken
                    and counts[0] + counts[1] + counts[2]
                ):
                    bad |= BAD_LEGAL
                owner[code] = -2
                counts[suit] -= 1
                strength = strength_of[code]
                if strength > strongest:
                    strongest, winner = strength, who
                if suit == SPADES:
                    broken = True
            if winner != winners[trick]:
                bad |= BAD_WINNER
            if winner < 0:
                break
            taken[winner] += 1
            leader = winner
        if taken != taken_by_seat or sum(taken_by_seat) != tricks:
            bad |= BAD_TRICKS
        return bad
