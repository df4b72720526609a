"""When time is called: the reference's reading of docs/rules.md "The clock".

A game may play to a clock. Time is called at the first change to the game made once
the clock has run out (at its end or later): the deal in play then is the last, but for
a tie (`tally.check_the_end` reads the end from it). The deal in play is the one whose
tricks are awaited, or, between deals, the next deal, since its cards are out by the
time anyone writes on the pad again. Plain values: moments are whole seconds.
"""

from __future__ import annotations

from collections.abc import Sequence

# A change to a game: its moment, and the deal it is made in (the deal being bid, the
# deal whose tricks are entered, or the deal about to be dealt again after a misdeal).
Change = tuple[int, int]


def deal_called(end: int, changes: Sequence[Change]) -> int | None:
    """The deal in play when time was called, given the moment the clock runs out and
    the changes made to the game so far, in order (None: not called yet)."""
    for moment, deal in changes:
        if moment >= end:
            return deal
    return None
