"""A game's rounds side by side, as every sheet and page shows them: the order of the
sides, and each side's part of a round (its bids in the file's notation and in words).

Shared by the exports and the served pages, so that no two of them can disagree about
what a round says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorepad.engine.bids import contract_of, format_bid, show_bid
from scorepad.engine.rulings import ruling_lines
from scorepad.engine.scoring import Line, SideScore

if TYPE_CHECKING:
    from scorepad.engine.game import Game, RoundResult


@dataclass(frozen=True, slots=True)
class SideRound:
    """One side's part of one round, as every export shows it."""

    name: str
    bids: tuple[str, ...]  # per player, or one joint team bid, in the file's notation
    said_bids: tuple[str, ...]  # the same as a person of this run's language reads them
    bid: int  # the contract: the sum of the non-nil bids
    player_tricks: tuple[int, ...] | None  # None while open, or when entered as a team total
    tricks: int | None  # None while the round is open
    result: SideScore | None  # None while the round is open
    # The lines of the rulings against the side on a round not scored (a forfeit on a
    # round whose tricks are not in): a scored round has them among its result's lines.
    unscored_rulings: tuple[Line, ...] = ()

    @property
    def stands_out(self) -> bool:
        """A set contract, a failed nil or a bag penalty: the sheet marks it."""
        return self.result is not None and any(line.kind.is_bad for line in self.result.lines)


def side_order(game: Game) -> list[int]:
    """The sides in seat order of their first player."""
    return sorted(range(len(game.sides)), key=lambda side: min(game.rules.seats_of(side)))


def side_rounds(game: Game, result: RoundResult) -> list[SideRound]:
    """A round's sides in `side_order`."""
    rows = []
    for side in side_order(game):
        entry = result.round.sides[side]
        tricks = entry.tricks
        players = len(game.rules.seats_of(side))
        rows.append(
            SideRound(
                name=game.sides[side],
                bids=tuple(format_bid(bid) for bid in entry.bids),
                said_bids=tuple(show_bid(bid) for bid in entry.bids),
                bid=contract_of(entry.bids),
                player_tricks=tricks if tricks is not None and len(tricks) == players else None,
                tricks=sum(tricks) if tricks is not None else None,
                result=result.sides[side] if result.sides is not None else None,
                unscored_rulings=tuple(ruling_lines(result.round.rulings, side))
                if result.sides is None
                else (),
            )
        )
    return rows
