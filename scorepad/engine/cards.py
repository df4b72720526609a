"""Cards: suits, ranks, the notation `AS`, `10H`, `BJ`/`LJ`, and the decks of each preset."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from scorepad.errors import CardError


class Suit(enum.IntEnum):
    """The four suits; spades are always trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self.value]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self.value]


class Rank(enum.IntEnum):
    """Ranks from 2 (low) to ace, then the two jokers, which rank as the highest spades."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    LITTLE_JOKER = 15
    BIG_JOKER = 16

    @property
    def text(self) -> str:
        return _RANK_TEXT[self]


_RANK_TEXT = {rank: str(rank.value) for rank in Rank if rank <= Rank.TEN}
_RANK_TEXT.update(
    {
        Rank.JACK: "J",
        Rank.QUEEN: "Q",
        Rank.KING: "K",
        Rank.ACE: "A",
        Rank.LITTLE_JOKER: "L",
        Rank.BIG_JOKER: "B",
    }
)
_RANK_BY_TEXT = {text: rank for rank, text in _RANK_TEXT.items() if not rank >= 15}
_SUIT_BY_LETTER = {suit.letter: suit for suit in Suit}
_SUIT_BY_LETTER.update({suit.symbol: suit for suit in Suit})
JOKER_TEXT = {"LJ": Rank.LITTLE_JOKER, "BJ": Rank.BIG_JOKER}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card. Jokers are spades of rank LITTLE_JOKER or BIG_JOKER, so they trump as spades.

    Ordering is by suit, then rank: the order a hand is sorted in for display.
    """

    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return format_card(self)


def format_card(card: Card) -> str:
    """`AS`, `10H`, `2C`; the jokers are `BJ` and `LJ`."""
    if card.rank == Rank.BIG_JOKER:
        return "BJ"
    if card.rank == Rank.LITTLE_JOKER:
        return "LJ"
    return card.rank.text + card.suit.letter


def parse_card(text: str) -> Card:
    """Read one card written as `AS`, `10h`, `TD`, `Q♥`, `BJ` or `LJ`; raise CardError if not."""
    word = text.strip().upper()
    if word in JOKER_TEXT:
        return Card(Suit.SPADES, JOKER_TEXT[word])
    rank_text, suit_text = word[:-1], word[-1:]
    if rank_text == "T":
        rank_text = "10"
    rank = _RANK_BY_TEXT.get(rank_text)
    suit = _SUIT_BY_LETTER.get(suit_text)
    if rank is None or suit is None:
        raise CardError(
            f"not a card: {text!r}; write rank then suit, like AS, 10H, 2C, or BJ/LJ for jokers"
        )
    return Card(suit, rank)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas (or given as a list of words)."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(word) for word in words]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as space-separated notation, the inverse of `parse_cards`."""
    return " ".join(format_card(card) for card in cards)


STANDARD_DECK: tuple[Card, ...] = tuple(
    Card(suit, rank) for suit in Suit for rank in Rank if rank <= Rank.ACE
)
JOKERS: tuple[Card, ...] = (Card(Suit.SPADES, Rank.LITTLE_JOKER), Card(Suit.SPADES, Rank.BIG_JOKER))


def build_deck(*, jokers: bool = False, removed: Iterable[Card] = ()) -> tuple[Card, ...]:
    """The 52-card deck, plus the two jokers if asked, less the removed cards."""
    gone = set(removed)
    cards = STANDARD_DECK + (JOKERS if jokers else ())
    return tuple(card for card in cards if card not in gone)


# ---------------------------------------------------------------------------
# Card codes: the simulator's compact form, 0..53.
#
# Suit by suit from clubs, 2 to ace: code = 13 * suit + rank - 2, so within a suit a
# higher code is a higher card. The little and big joker are 52 and 53, directly above
# the ace of spades: the spades (jokers included) are the contiguous codes 39..53, and
# the highest spade held is the highest code held.

LITTLE_JOKER_CODE = 52
BIG_JOKER_CODE = 53
CODE_COUNT = 54


def card_code(card: Card) -> int:
    """The card's code 0..53 (see the comment above)."""
    if card.rank == Rank.LITTLE_JOKER:
        return LITTLE_JOKER_CODE
    if card.rank == Rank.BIG_JOKER:
        return BIG_JOKER_CODE
    return 13 * card.suit + card.rank - 2


CODE_CARDS: tuple[Card, ...] = tuple(sorted(STANDARD_DECK + JOKERS, key=card_code))


def card_of_code(code: int) -> Card:
    """The card with this code; the inverse of `card_code`."""
    if not 0 <= code < CODE_COUNT:
        raise CardError(f"not a card code: {code}; codes run from 0 to {CODE_COUNT - 1}")
    return CODE_CARDS[code]
