"""Rulings: a director's decision recorded as a fact of its round, and how it is scored.

A ruling names the side it is made against, what it costs and why (docs/rules.md,
Rulings):

- books N: N tricks taken from the side's contract and given to the other side's contract
  for that round; both sides are rescored;
- set: the side is set for the round, scored as if it took one trick fewer than its
  contract (its contract's tricks go down to that; no trick goes to the other side);
- points N: N points added to the side's score (N < 0 takes them), never bags;
- forfeit: the game ends with the round; the other side wins.

Books and set change the tricks the engine scores (`ruled_hands`); points add a line to
the side's round (`ruling_lines`). Every ruling is also a line of its side's round, of 0
points for books, set and forfeit, so that `explain`, the sheet and every export show
it with its reason. Pure: no I/O.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorepad.engine.bids import BidKind
from scorepad.engine.rules import MOST_POINTS
from scorepad.engine.scoring import Hand, Line, LineKind, Said

if TYPE_CHECKING:
    from scorepad.engine.rules import Rules

MOST_REASON = 200  # characters: a reason is a line on the sheet, not a report


class RulingKind(enum.Enum):
    """What a ruling costs: the word the game file and JSON use."""

    BOOKS = "books"
    POINTS = "points"
    SET = "set"
    FORFEIT = "forfeit"


class Ruling(NamedTuple):
    """A ruling against `side`: its kind, its number (books or points; 0 for set and
    forfeit) and the reason the director gave."""

    side: int
    kind: RulingKind
    amount: int
    reason: str


def ruling_kinds(rules: Rules) -> tuple[RulingKind, ...]:
    """The rulings a game under `rules` can hold: books go to the other side and a forfeit
    hands it the game, so both need two sides; points and set fit any game."""
    if rules.sides == 2:
        return tuple(RulingKind)
    return (RulingKind.POINTS, RulingKind.SET)


def ruling_amounts(rules: Rules, kind: RulingKind) -> tuple[int, int] | None:
    """The least and the most a ruling of `kind` may give: books 1 to a deal's tricks,
    points -MOST_POINTS to MOST_POINTS (never 0); None for set and forfeit, which take no
    number."""
    if kind is RulingKind.BOOKS:
        return 1, rules.tricks
    if kind is RulingKind.POINTS:
        return -MOST_POINTS, MOST_POINTS
    return None


_NILS = (BidKind.NIL, BidKind.BLIND_NIL)


def _contract_hands(hands: Sequence[Hand]) -> list[int]:
    """The indexes of a side's hands that bid a contract (not nil), in seat order."""
    return [index for index, hand in enumerate(hands) if hand.bid.kind not in _NILS]


def _take(hands: list[Hand], wanted: int) -> int:
    """Take up to `wanted` tricks from a side's contract hands, first seat first; the
    number taken (a side cannot give tricks its contract did not take)."""
    taken = 0
    for index in _contract_hands(hands):
        hand = hands[index]
        off = min(hand.tricks, wanted - taken)
        hands[index] = hand._replace(tricks=hand.tricks - off)
        taken += off
    return taken


def ruled_hands(
    hands: Sequence[Sequence[Hand]], rulings: Sequence[Ruling]
) -> list[list[Hand]]:
    """Each side's hands as the round is scored after its books and set rulings, applied
    in the order they were made.

    Books leave the offending side's contract hands (first seat first, at most what they
    took) and go to the first contract hand of the other side; a side that bid no
    contract (only nils) receives none: a book given to a nil would fail it. Set lowers
    the side's contract hands to one trick below their contract (nothing where they took
    fewer already, or where there is no contract of 1 or more to set)."""
    ruled = [list(side) for side in hands]
    for ruling in rulings:
        side = ruled[ruling.side]
        if ruling.kind is RulingKind.BOOKS and len(ruled) == 2:
            moved = _take(side, ruling.amount)
            other = ruled[1 - ruling.side]
            receivers = _contract_hands(other)
            if receivers and moved:
                first = receivers[0]
                other[first] = other[first]._replace(tricks=other[first].tricks + moved)
        elif ruling.kind is RulingKind.SET:
            contract = sum(side[index].bid.tricks for index in _contract_hands(side))
            took = sum(side[index].tricks for index in _contract_hands(side))
            if contract >= 1 and took >= contract:
                _take(side, took - (contract - 1))
    return ruled


_SAID = {
    RulingKind.BOOKS: Said.RULING_BOOKS,
    RulingKind.POINTS: Said.RULING_POINTS,
    RulingKind.SET: Said.RULING_SET,
    RulingKind.FORFEIT: Said.RULING_FORFEIT,
}


def ruling_lines(rulings: Sequence[Ruling], side: int) -> list[Line]:
    """The lines a side's round gains from the rulings against it: points for a points
    ruling, 0 for the others (shown, with the reason as the line's name)."""
    return [
        Line(
            _SAID[ruling.kind],
            ruling.amount if ruling.kind is RulingKind.POINTS else 0,
            LineKind.RULING,
            tricks=ruling.amount if ruling.kind is RulingKind.BOOKS else 0,
            name=ruling.reason,
        )
        for ruling in rulings
        if ruling.side == side
    ]


def forfeited_by(rulings: Sequence[Ruling]) -> int | None:
    """The side that forfeited the game in these rulings, if one did (the first)."""
    for ruling in rulings:
        if ruling.kind is RulingKind.FORFEIT:
            return ruling.side
    return None
