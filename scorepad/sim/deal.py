"""The deck of a preset as card codes, and the shuffle and deal."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from scorepad.cards import CODE_COUNT, card_code
from scorepad.rules import Rules
from scorepad.sim.play import SPADE_MASK, mask_of

_ALL_CODES = range(CODE_COUNT)


@dataclass(frozen=True, slots=True)
class DeckPlan:
    """What a deal under some rules looks like: the deck's codes and how it is dealt."""

    codes: tuple[int, ...]
    players: int
    tricks: int
    discards: int  # extra cards the dealer takes up, then discards

    @property
    def mask(self) -> int:
        return mask_of(self.codes)


@cache
def deck_plan(rules: Rules) -> DeckPlan:
    """The deck and deal of these rules (cached: Rules is frozen)."""
    codes = tuple(sorted(card_code(card) for card in rules.deck))
    return DeckPlan(codes, rules.players, rules.tricks, rules.discards)


def shuffle_deal(plan: DeckPlan, dealer: int, rng: random.Random) -> list[list[int]]:
    """Shuffle and deal: each seat's cards, the dealer's including the extra cards.

    Sorting by random keys is a uniform shuffle (ties have probability ~2^-53) and is
    faster in CPython than `Random.shuffle`. Which packet a seat gets is fixed by the
    shuffle alone, so a seat's hand is as random as in a card-by-card deal.
    """
    rnd = rng.random
    keys = [rnd() for _ in _ALL_CODES]  # a key per code 0..53, so no lookup table is built
    order = sorted(plan.codes, key=keys.__getitem__)
    tricks, players = plan.tricks, plan.players
    packets = [order[i * tricks : (i + 1) * tricks] for i in range(players)]
    # Packet i goes to the i-th seat from the left of the dealer; the extras to the dealer.
    hands = [packets[(seat - dealer - 1) % players] for seat in range(players)]
    hands[dealer] = hands[dealer] + order[tricks * players :]
    return hands


def has_no_spade(hand: list[int]) -> bool:
    """Whether a hand holds no spade (jokers count as spades)."""
    return not mask_of(hand) & SPADE_MASK
