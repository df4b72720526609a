"""Which card of a mask: the heuristic bot's words for cards (heuristic.HeuristicBot).

The lowest or highest by rank, the boss of its suit, the card to throw away, the lead a
nil partner can stay under: each a pure function of card-code masks (scorepad.engine.cards'
codes, a bit each) and what the table has seen. Which cards beat which is the engine's
(`scorepad.engine.play.ABOVE` and `BEATS`), never written again here. The compiled bot
(_kernel.c) has each of them under the same name.
"""

from __future__ import annotations

from scorepad.engine.play import ABOVE, NON_SPADE_MASK, SPADES, SUIT_MASKS, SUIT_OF
from scorepad.sim.seen import Seen
from scorepad.sim.valuation import RANK_MASKS, RANK_OF

# One more than the highest code of a card's suit: a mask has no card above the suit of
# a card when it has no bit from here on.
SUIT_END: tuple[int, ...] = tuple(
    max(other for other in range(54) if SUIT_OF[other] == SUIT_OF[code]) + 1 for code in range(54)
)


def strongest_lead(legal: int, hand: int, seen: Seen) -> int:
    """The lead a nil partner can best stay under: the top card of the suit where the
    fewest of the unseen cards are above it (a boss card first; the nil is safe with any
    card below it), the higher rank on a tie."""
    unseen = seen.unplayed ^ hand
    best, best_key = -1, (2.0, 0, True)
    for suit_mask in SUIT_MASKS:
        cards = legal & suit_mask
        if cards:
            code = cards.bit_length() - 1
            out = unseen & suit_mask
            above = (ABOVE[code] & out).bit_count() / (out.bit_count() or 1)
            key = (above, -RANK_OF[code], SUIT_OF[code] != SPADES)
            if key < best_key:
                best, best_key = code, key
    return best


def is_master(code: int, hand: int, seen: Seen) -> bool:
    """Whether no unseen card of the suit is higher (the card is the boss of its suit)."""
    return not ABOVE[code] & (seen.unplayed ^ hand)


def lowest_by_rank(mask: int) -> int:
    """The lowest-ranked card of a non-empty mask; on a tie the first suit, spades last."""
    # The ranks held in any suit, as one mask (bit r: some card of rank r is held).
    ranks = (mask | mask >> 13 | mask >> 26) & 0x1FFF | mask >> 39
    cards = mask & RANK_MASKS[(ranks & -ranks).bit_length() - 1]
    return (cards & -cards).bit_length() - 1


def highest_by_rank(mask: int) -> int:
    """The highest-ranked card of a non-empty mask; on a tie the first suit, spades last."""
    ranks = (mask | mask >> 13 | mask >> 26) & 0x1FFF | mask >> 39
    cards = mask & RANK_MASKS[ranks.bit_length() - 1]
    return (cards & -cards).bit_length() - 1


def most_exposed(cards: int, hand: int) -> int:
    """The card a nil can least hope to play under later: a high one with few cards of its
    suit below it in the hand (a bare king before a king guarded by small cards)."""
    best, best_danger = -1, -99
    while cards:
        low = cards & -cards
        cards ^= low
        code = low.bit_length() - 1
        below = (hand & SUIT_MASKS[SUIT_OF[code]] & (low - 1)).bit_count()
        danger = RANK_OF[code] - 2 * below
        if danger > best_danger:
            best, best_danger = code, danger
    return best


def discard_low(legal: int) -> int:
    """A card to throw away: the lowest side-suit card, else the lowest spade."""
    # `lowest_by_rank(legal & NON_SPADE_MASK or legal)`, inlined: most plays end here.
    mask = legal & NON_SPADE_MASK or legal
    code = (mask & -mask).bit_length() - 1
    if not mask >> SUIT_END[code]:
        return code  # all of one suit (as when following it): the lowest card is lowest
    ranks = (mask | mask >> 13 | mask >> 26) & 0x1FFF  # side suits: spades are one suit
    cards = mask & RANK_MASKS[(ranks & -ranks).bit_length() - 1]
    return (cards & -cards).bit_length() - 1
