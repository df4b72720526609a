"""The fold: a game's running numbers, round by round, and the end judged after each.

`fold_round` is the one fold step of a game: `game.standings` folds a saved game by it,
and the simulator folds every game it plays by it. It reads each side's round as a
`SideFold` (points, bags after, set, Boston) and carries the `Running` numbers on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorepad.engine.rules import Rules
from scorepad.engine.scoring import Level, Outcome, judge_round, note_losses, sides_losing

# A side's round as the fold reads it: its points, its bags after, whether it was set,
# whether it made a Boston.
SideFold = tuple[int, int, bool, bool]


class Running(NamedTuple):
    """A game's running numbers after some rounds, a number per side: what the fold
    carries from round to round (`fold_round`)."""

    scores: tuple[int, ...]
    bags: tuple[int, ...]
    sets: tuple[int, ...]
    out_since: tuple[int | None, ...]  # the round each side lost in (None: still in)
    fell: tuple[bool, ...]  # whether a side out fell through the loss limit then
    runs: tuple[int, ...] = ()  # each side's sets in a row, up to the last deal
    ran: tuple[bool, ...] = ()  # whether a side out lost by `sets_in_a_row` then


def start_running(sides: int) -> Running:
    """The running numbers before the first round: no points, bags or sets, nobody out."""
    zeros = (0,) * sides
    nobody = (False,) * sides
    return Running(zeros, zeros, zeros, (None,) * sides, nobody, zeros, nobody)


def fold_round(
    rules: Rules,
    running: Running,
    number: int,
    sides: Sequence[SideFold],
    *,
    judge: bool = True,
    called: int | None = None,
) -> tuple[Running, Outcome | Level | None]:
    """Fold round `number` (each side's `SideFold`, in side order) into the running
    numbers, and judge the end: the one fold step of a game, which `standings` folds a
    saved game by and the simulator folds every game it plays by.

    The sides that lose in the round are noted out (`note_losses`), and the end judged
    (`judge_round`: an `Outcome`, a `Level` that plays on, or None); with `judge` False
    (a round played after the end, which decides nothing) the scores carry on and
    nothing is noted or judged. `called`: the deal in play when the clock's time was
    called (`engine.clock`), the last but for a tie."""
    scores = tuple([score + side[0] for score, side in zip(running.scores, sides, strict=True)])
    bags = tuple([side[1] for side in sides])
    sets = tuple([count + side[2] for count, side in zip(running.sets, sides, strict=True)])
    before = running.runs or (0,) * len(sides)
    runs = tuple([run + 1 if side[2] else 0 for run, side in zip(before, sides, strict=True)])
    boston_by = None
    for index, side in enumerate(sides):
        if side[3]:
            boston_by = index
    ran = running.ran or (False,) * len(sides)
    if not judge:
        return Running(scores, bags, sets, running.out_since, running.fell, runs, ran), None
    out_since, fell = running.out_since, running.fell
    if sides_losing(rules, scores, sets, runs):
        noted_out, noted_fell, noted_ran = list(out_since), list(fell), list(ran)
        note_losses(rules, number, scores, sets, noted_out, noted_fell, runs, noted_ran)
        out_since, fell, ran = tuple(noted_out), tuple(noted_fell), tuple(noted_ran)
    judged = judge_round(
        rules, scores, sets=sets, boston_by=boston_by, out_since=out_since, fell=fell,
        deals=number, called=called, runs=runs, ran=ran,
    )  # fmt: skip
    return Running(scores, bags, sets, out_since, fell, runs, ran), judged
