"""Misdeals: a deal found void before its bids are in, and who deals again.

A misdeal (a wrong card count, a card face up) is no deal: it has no bids, tricks or
score, and neither adds to a side's run of sets nor breaks it (`sets_in_a_row`). It is
kept as a fact of the game (`Game.misdeals`), before the round that is dealt again, with
who dealt it and what the rules said then: `misdeal_redeal` "same" (the same player deals
again) or "next" (the deal passes on, as after a played deal). docs/rules.md, Misdeals.
Pure: no I/O.
"""

from __future__ import annotations

from typing import NamedTuple

from scorepad.engine.rules import MisdealRedeal


class Misdeal(NamedTuple):
    """A void deal before round `before_round` (1-based): its dealer (a seat) and who
    deals again, "same" or "next"."""

    before_round: int
    dealer: int
    redeal: MisdealRedeal

    def deals_again(self, players: int) -> int:
        """The seat that deals after this misdeal."""
        return self.dealer if self.redeal == "same" else (self.dealer + 1) % players
