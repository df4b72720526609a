"""The rules of card play on card codes: legal cards and the trick winner.

A hand is a bit mask over card codes (bit `c` set: the card with code `c` is held; see
`scorepad.cards.card_code`). These are the fast functions the simulator plays with; the
validator re-checks them with a slower, separate reading of the rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorepad.cards import CODE_COUNT, Suit

SPADES = int(Suit.SPADES)
# The suit of each code; the jokers (52, 53) are spades.
SUIT_OF: tuple[int, ...] = tuple(min(code // 13, SPADES) for code in range(CODE_COUNT))
SUIT_MASKS: tuple[int, ...] = tuple(
    sum(1 << code for code in range(CODE_COUNT) if SUIT_OF[code] == suit) for suit in range(4)
)
SPADE_MASK = SUIT_MASKS[SPADES]
NON_SPADE_MASK = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
BIT: tuple[int, ...] = tuple(1 << code for code in range(CODE_COUNT))
NO_SUIT = -1  # the suit led, before a trick is led


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


_SUIT_STARTS = tuple(
    min(code for code in range(CODE_COUNT) if SUIT_OF[code] == suit) for suit in range(4)
)


# The set bits of every 13-bit number, lowest first: a suit of a hand as offsets.
_OFFSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(offset for offset in range(13) if bits >> offset & 1) for bits in range(1 << 13)
)


def suit_lists(hand: int) -> list[list[int]]:
    """A hand mask as four lists of codes, one per suit, each lowest first."""
    lists: list[list[int]] = []
    for suit, start in enumerate(_SUIT_STARTS):
        bits = (hand & SUIT_MASKS[suit]) >> start
        if bits < 8192:
            lists.append(list(map(start.__add__, _OFFSETS[bits])))
        else:  # spades with the jokers: 15 bits
            lists.append(codes_of(bits << start))
    return lists


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
