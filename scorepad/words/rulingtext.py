"""A director's calls in words, as every face says them once made: a ruling with its
reason and the scores after it, a round's tricks agreed by the other side, and the end of
the game where either ends it (`scorepad adjust` and `confirm`, the pages' notes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.i18n import _
from scorepad.words.gametext import describe_end, line_words, scores_text

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Standings


def ruling_words(game: Game, after: Standings, number: int) -> str:
    """Round `number`'s last ruling as said once made, with the scores `after` it:
    `Round 1: Bob & Dan: ruling: 3 books to the other side (renege). Scores: Ann & Cat
    83, Bob & Dan -60.`, and who won, where it ends the game."""
    from scorepad.engine.rulings import ruling_lines

    ruling = game.rounds[number - 1].rulings[-1]
    # Its line, as the side's round shows it once scored (a round in play says it too).
    line = ruling_lines((ruling,), ruling.side)[0]
    text = _("Round {number}: {side}: {ruling}. Scores: {scores}.").format(
        number=number,
        side=game.sides[ruling.side],
        ruling=line_words(line),
        scores=scores_text(game, after.scores),
    )
    return _with_end(text, game, after)


def agreed_words(game: Game, after: Standings, number: int) -> str:
    """`Round 3's tricks agreed and scored. Scores: Us 141, Them 80.`, and who won, where
    the round ends the game."""
    text = _("Round {number}'s tricks agreed and scored. Scores: {scores}.").format(
        number=number, scores=scores_text(game, after.scores)
    )
    return _with_end(text, game, after)


def _with_end(text: str, game: Game, after: Standings) -> str:
    if after.outcome is None:
        return text
    winner = after.winner
    return text + " " + (
        _("{side} won after round {number} ({why}).").format(
            side=game.sides[winner], number=after.ended_after,
            why=describe_end(game.rules, after.outcome),
        )
        if winner is not None
        else _("The game is a draw after round {number}.").format(number=after.ended_after)
    )  # fmt: skip
