"""The deck of a preset as card codes, and the shuffle and deal."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import repeat

from scorepad.engine.cards import CODE_COUNT, card_code
from scorepad.engine.play import SPADE_MASK, mask_of
from scorepad.engine.rules import Rules

# Under redeal_without_spades, a deal dealt again this many times is played as it fell.
MAX_REDEALS = 100


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


def deck_plan(rules: Rules) -> DeckPlan:
    """The deck and deal of these rules, worked out as asked (a few times a runner): a cache
    of it and of the packets by dealer bought 1.01x on the Python path with random and with
    heuristic bots (`python benchmarks/sim_memo.py --memo deck` at commit 7f3b17a)."""
    codes = tuple(sorted(card_code(card) for card in rules.deck))
    return DeckPlan(codes, rules.players, rules.tricks, rules.discards)


def shuffle_deal(plan: DeckPlan, dealer: int, rng: random.Random) -> list[list[int]]:
    """Shuffle and deal: each seat's cards, the dealer's including the extra cards.

    Sorting by random keys is a uniform shuffle (ties have probability ~2^-53) and is
    faster in CPython than `Random.shuffle`. It stays for what it deals, not its speed:
    the kernel shuffles by the same keys, so one seed deals the same hands on both paths,
    and another shuffle would change every seeded result (tests/test_sim_golden.py).
    Which packet a seat gets is fixed by the shuffle alone, so a seat's hand is as
    random as in a card-by-card deal.
    """
    # A key per code 0..53, so no lookup table is built; drawn in a loop run in C (the
    # same numbers, in the same order, as `rng.random()` called 54 times).
    keys = list(map(type(rng).random, repeat(rng, CODE_COUNT)))
    order = sorted(plan.codes, key=keys.__getitem__)
    # Packet i of the shuffled deck goes to the i-th seat from the left of the dealer.
    players, tricks = plan.players, plan.tricks
    starts = [(seat - dealer - 1) % players * tricks for seat in range(players)]
    hands = [order[start : start + tricks] for start in starts]
    if plan.discards:  # the extras go to the dealer
        hands[dealer] += order[plan.tricks * plan.players :]
    return hands


def has_no_spade(hand: list[int]) -> bool:
    """Whether a hand holds no spade (jokers count as spades)."""
    return not mask_of(hand) & SPADE_MASK
