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
    ruling = game.rounds[number - 1].rulings[-1]
    result = after.rounds[number - 1]
    words = ""
    if result.sides is not None:  # a round in play has no lines yet: its reason says it
        words = line_words(result.sides[ruling.side].lines[-1])  # its line is the side's last
    text = _("Round {number}: {side}: {ruling}. Scores: {scores}.").format(
        number=number,
        side=game.sides[ruling.side],
        ruling=words or ruling.reason,
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
