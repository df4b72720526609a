"""The rules of card play on card codes: which cards may be played, which card wins a trick.

A hand is a bit mask over card codes (bit `c` set: the card with code `c` is held; see
`scorepad.engine.cards.card_code`). Following suit, leading spades before they are broken
and the winner of a trick are written here once (RULES.md 3-4), fast by representation:
the simulator plays by them (its bots, its one deal path, the kernel's Python twin). The
second reading is the simulator's validator (`scorepad.sim.validate.replay_play`), a plain
replay from the `Card` objects that shares nothing with this module; the compiled kernel
(`scorepad/sim/_kernel.c`) has its own in C, held to this one by the tests.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence

from scorepad.engine.cards import CODE_COUNT, Suit

SPADES = int(Suit.SPADES)
# The suit of each code; the jokers (52, 53) are spades.
SUIT_OF: tuple[int, ...] = tuple(min(code // 13, SPADES) for code in range(CODE_COUNT))
SUIT_MASKS: tuple[int, ...] = tuple(
    sum(1 << code for code in range(CODE_COUNT) if SUIT_OF[code] == suit) for suit in range(4)
)
SPADE_MASK = SUIT_MASKS[SPADES]
SPADE_LOW = 13 * SPADES  # the lowest spade's code: codes from here on are spades
NON_SPADE_MASK = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
BIT: tuple[int, ...] = tuple(1 << code for code in range(CODE_COUNT))
NO_SUIT = -1  # the suit led, before a trick is led
# The cards of a card's suit above it (within a suit a higher code is a higher card).
ABOVE: tuple[int, ...] = tuple(
    SUIT_MASKS[SUIT_OF[code]] & ~((2 << code) - 1) for code in range(CODE_COUNT)
)
# The cards that take a trick from the card winning it (RULES.md 3): the higher cards of
# its suit, and any spade when it is not a spade (a card of another suit never does).
BEATS: tuple[int, ...] = tuple(
    ABOVE[code] | (SPADE_MASK if SUIT_OF[code] != SPADES else 0) for code in range(CODE_COUNT)
)


def mask_of(codes: Iterable[int]) -> int:
    """The bit mask of these card codes."""
    mask = 0
    for code in codes:
        mask |= 1 << code
    return mask


def codes_of(mask: int) -> list[int]:
    """The card codes in a mask, lowest first."""
    codes = []
    while mask:
        low = mask & -mask
        codes.append(low.bit_length() - 1)
        mask ^= low
    return codes


def suit_lists(codes: Iterable[int]) -> list[list[int]]:
    """Card codes as four lists, one per suit (clubs to spades), each lowest first."""
    return suit_lists_of([codes])[0]


def suit_lists_of(hands: Iterable[Iterable[int]]) -> list[list[list[int]]]:
    """`suit_lists` of each hand (one call a deal, not one a hand)."""
    held = []
    for hand in hands:
        cards = sorted(hand)
        # Codes run suit by suit: diamonds start at 13, hearts at 26, spades (jokers too)
        # at 39.
        diamonds = bisect_left(cards, 13)
        hearts = bisect_left(cards, 26, diamonds)
        spades = bisect_left(cards, 39, hearts)
        held.append(
            [cards[:diamonds], cards[diamonds:hearts], cards[hearts:spades], cards[spades:]]
        )
    return held


def legal_mask(hand: int, led: int, broken: bool) -> int:
    """The cards of `hand` that may be played: `led` is the suit led, or NO_SUIT to lead.

    RULES.md 3-4: follow suit if you can; spades may not be led before they are broken
    (that includes the first lead) unless the hand holds nothing else.
    """
    if led != NO_SUIT:
        return hand & SUIT_MASKS[led] or hand
    if broken:
        return hand
    return hand & NON_SPADE_MASK or hand


def broken_after(broken: bool, best: int) -> bool:
    """Whether spades are broken after a trick whose winning card is `best` (RULES.md 4):
    broken before, or a spade was played to it (a spade played wins, so the best card is
    one)."""
    return broken or best >= SPADE_LOW


def trick_winner(cards: Sequence[int]) -> int:
    """The position in `cards` (in play order) of the card that wins the trick.

    RULES.md 3: the highest spade, else the highest card of the suit led. Within a suit a
    higher code is a higher card, and the jokers are the highest spades.
    """
    best = cards[0]
    best_suit = SUIT_OF[best]
    winner = 0
    for position in range(1, len(cards)):
        code = cards[position]
        suit = SUIT_OF[code]
        if suit == best_suit:
            if code > best:
                best, winner = code, position
        elif suit == SPADES:
            best, best_suit, winner = code, suit, position
    return winner


def highest(mask: int) -> int:
    """The highest card code in a non-empty mask."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest card code in a non-empty mask."""
    return (mask & -mask).bit_length() - 1
