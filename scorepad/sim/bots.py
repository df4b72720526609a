"""The bots: `random` (uniform legal cards, simple bids) and `heuristic` (a club player,
`heuristic.py`), and the heuristic at a skill setting between the two (`SkilledBot`, for a
league). Each answers `seen.Bot`.

A bot gets its own hand (a card-code mask) and the table's public `Seen`; it never sees
another player's cards. Every choice it makes is re-checked by the validator.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from scorepad.engine.bids import Bid
from scorepad.engine.play import SPADE_MASK
from scorepad.sim.heuristic import HeuristicBot
from scorepad.sim.seen import BidChoice, Bot, Seen
from scorepad.sim.valuation import ACES

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "SkilledBot"]


def random_card(mask: int, rnd: Callable[[], float]) -> int:
    """A uniformly random card code of a non-empty mask."""
    for _ in range(int(rnd() * mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_cards(mask: int, count: int, rnd: Callable[[], float]) -> list[int]:
    """`count` different random card codes of a mask."""
    chosen = []
    for _ in range(count):
        code = random_card(mask, rnd)
        chosen.append(code)
        mask &= ~(1 << code)
    return chosen


class RandomBot(Bot):
    """Uniformly random legal cards; bids its aces and half its spades; nil now and then."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.rnd = rng.random

    def discard(self, seat: int, hand: int, count: int, seen: Seen) -> list[int]:
        return random_cards(hand, count, self.rnd)

    def wants_blind_nil(self, seat: int, seen: Seen) -> bool:
        return self.rnd() < 0.02

    def bid(self, seat: int, hand: int, seen: Seen, choice: BidChoice) -> Bid:
        if self.rnd() < 0.02:
            return choice.fit(0, nil=True)
        # Aces and half the spades: near what random play takes, so games do end.
        count = (hand & ACES).bit_count() + (hand & SPADE_MASK).bit_count() / 2
        return choice.fit(round(count * seen.tricks / 13))

    def exchange(
        self, seat: int, hand: int, count: int, seen: Seen, *, nil_bidder: bool
    ) -> list[int]:
        return random_cards(hand, count, self.rnd)

    def play(self, seat: int, hand: int, legal: int, seen: Seen) -> int:
        return random_card(legal, self.rnd)


class SkilledBot(Bot):
    """The heuristic bot at a skill setting from 0 to 1: each choice is the heuristic's with
    chance `skill`, else the random bot's (a uniformly random legal card, its simple bid).

    Skill 1 is the heuristic bot and skill 0 the random bot, choice for choice; the chance
    is drawn from the game's random stream only in between."""

    def __init__(self, rng: random.Random, skill: float) -> None:
        super().__init__(rng)
        self.skill = skill
        self.heuristic = HeuristicBot(rng)
        self.random = RandomBot(rng)

    def _chooser(self) -> Bot:
        skill = self.skill
        if skill >= 1 or skill > 0 and self.rng.random() < skill:
            return self.heuristic
        return self.random

    def discard(self, seat: int, hand: int, count: int, seen: Seen) -> list[int]:
        return self._chooser().discard(seat, hand, count, seen)

    def wants_blind_nil(self, seat: int, seen: Seen) -> bool:
        return self._chooser().wants_blind_nil(seat, seen)

    def bid(self, seat: int, hand: int, seen: Seen, choice: BidChoice) -> Bid:
        return self._chooser().bid(seat, hand, seen, choice)

    def exchange(
        self, seat: int, hand: int, count: int, seen: Seen, *, nil_bidder: bool
    ) -> list[int]:
        return self._chooser().exchange(seat, hand, count, seen, nil_bidder=nil_bidder)

    def play(self, seat: int, hand: int, legal: int, seen: Seen) -> int:
        return self._chooser().play(seat, hand, legal, seen)


BOTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot, "random": RandomBot}
