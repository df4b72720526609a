"""What the game loop asks of a deal source, and what one deal gives it.

Three sources play deals: bots in Python (botdeals.py), and a table of random bots
(kerneldeals.py) on the compiled kernel (`_kernel.c`) or on its pure-Python twin. The
game loop (gameloop.py) scores and folds whatever deal a source gives the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from scorepad.sim.referee import PlainHand
from scorepad.sim.results import DealRecord, GameResult
from scorepad.sim.scorer import PlayedSide
from scorepad.sim.validate import Problem


class Deal(NamedTuple):
    """One played deal as the game loop reads it."""

    keys: Sequence[object]  # tell the seats' bids apart: the Bids, or the kernel's codes
    bids: Sequence[object]  # the seats' bids as the source has them (for `played_of`)
    taken: Sequence[int]  # tricks by seat
    sides: Sequence[object]  # each side's bids and tricks whatever seat bid what (a memo key)
    record: DealRecord | None  # everything that happened, when the source kept it
    problems: list[Problem]  # what the source's checks found wrong


class DealSource(Protocol):
    """Plays the deals of games under one set of rules."""

    def start_game(self, index: int) -> int:
        """Start game `index` from its own seed; the first dealer."""
        ...

    def deal(
        self, result: GameResult, number: int, dealer: int, scores: Sequence[int],
        bags: Sequence[int], keep_record: bool,
    ) -> Deal:  # fmt: skip
        """Play deal `number` of the game (given the scores and bags before it), checked;
        its record goes to `result.records` when `keep_record`."""
        ...

    def replay_record(self, deal: Deal) -> DealRecord:
        """The deal's record, to replay it by hand (the source's last deal)."""
        ...

    def played_of(self, side: int, bids: Sequence[object], taken: Sequence[int]) -> PlayedSide:
        """A side's played deal, for the engine."""
        ...

    def plain_of(
        self, side: int, bids: Sequence[object], taken: Sequence[int]
    ) -> tuple[PlainHand, ...]:
        """A side's hands, for the reference."""
        ...
