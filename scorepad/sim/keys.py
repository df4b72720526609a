"""The simulator's memo keys, built in one place from what the rules say their checks read.

A memo hands back an earlier answer for a new question only when the key leaves out
nothing the answer depends on. What the engine and the bid checks read is stated by the
rules (`Rules.points_read_score`, `Rules.bid_check_reads_deficit`), and every key below
follows from those statements: change what the rules read there, and the keys follow.
`tests/test_sim_keys.py` runs the memoised scorer and checker against the plain engine
over random knobs, scores, bags and bids, with a rule that reads the score among them.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.engine.game import trailing_by
from scorepad.engine.rules import Rules


class MemoKeys:
    """The keys of one set of rules' memo tables."""

    __slots__ = ("reads_score", "_deficit", "_reads_deficit")

    def __init__(self, rules: Rules) -> None:
        self.reads_score = rules.points_read_score
        # Whether a side's bid check reads its deficit: with a blind bid, without one.
        self._reads_deficit = (
            rules.bid_check_reads_deficit(False),
            rules.bid_check_reads_deficit(True),
        )
        # Beyond the largest deficit a bid check compares with, all deficits check alike.
        self._deficit = max(rules.blind_nil_deficit, rules.blind_bid_deficit)

    def scored(self, side: object, bags: int, score: int) -> tuple[object, ...]:
        """A side's scored round: `side` stands for its bids and tricks (any key that
        tells them apart), then its bags, and its score when the points read it."""
        return (side, bags, score) if self.reads_score else (side, bags)

    def clipped(self, scores: Sequence[int], side: int) -> int:
        """How far a side trails, clipped to -1..the largest deficit the checks compare with."""
        return max(-1, min(trailing_by(scores, side), self._deficit))

    def side_deficit(self, scores: Sequence[int], side: int, blind: bool) -> int | None:
        """What a side's bid check reads of the scores: its clipped deficit, or None when
        the rules say the check does not read it."""
        if not self._reads_deficit[blind]:
            return None
        return self.clipped(scores, side)
