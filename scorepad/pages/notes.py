"""What an entry says on the page it lands on, as both page faces say it (the served keep
page and the phone app): a new entry that was in already or bids a contract over the deal,
a correction with the scores it rescored and what it moved, an entry taken back, and the
director's calls (a ruling, a misdeal, a round's tricks agreed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorepad.i18n import _

if TYPE_CHECKING:
    from scorepad.engine.game import Game
    from scorepad.service.games import Entered, Undone

# A note drawn in the reader's language when the page is drawn (None: nothing to say).
Note = Callable[[], str] | None


def entered_note(entered: Entered, kind: str) -> Note:
    """What a new entry says on the page it lands on: that it was in already, or a
    contract over the deal (kept as entered, as `scorepad bid` keeps and says it)."""
    from scorepad.words.gametext import already_words, contract_warnings

    game, number = entered.game, entered.number
    if entered.already:
        return lambda: already_words(number, kind)
    if not entered.overbids:
        return None
    contracts = [(game.sides[over.side], over.contract) for over in entered.overbids]
    return lambda: " ".join(contract_warnings(game.rules, contracts))


def corrected_note(entered: Entered, kind: str) -> Callable[[], str]:
    """What a correction says: the round corrected, the scores it rescored, and what it
    moved (rounds that stop or start counting), as `scorepad bid --round` says it."""
    from scorepad.words.gametext import (
        already_words,
        contract_warnings,
        correction_words,
        scores_text,
    )

    game, number = entered.game, entered.number

    def said() -> str:
        if entered.already:
            return already_words(number, kind)
        text = (
            _("Round {number}'s bids corrected.")
            if kind == "bids"
            else _("Round {number}'s tricks corrected.")
        ).format(number=number)
        after = entered.standings
        if game.rounds[number - 1].played:
            text += " " + _("Rescored: {scores}.").format(scores=scores_text(game, after.scores))
        if entered.correction is not None:
            text += correction_words(entered.correction, after, number).replace("\n", " ")
        contracts = [(game.sides[over.side], over.contract) for over in entered.overbids]
        return " ".join([text, *contract_warnings(game.rules, contracts)])

    return said


def undone_note(undone: Undone) -> Callable[[], str]:
    """`Took back the tricks of round 3.`, as `scorepad undo` says it (a misdeal, the last
    ruling on a round, its tricks or its bids)."""

    def said() -> str:
        text = {
            "misdeal": lambda: _("took back the misdeal before round {number}"),
            "ruling": lambda: _("took back the last ruling on round {number}"),
            "tricks": lambda: _("took back the tricks of round {number}"),
            "bids": lambda: _("took back the bids of round {number}"),
        }[undone.took]().format(number=undone.number)
        return text[:1].upper() + text[1:] + "."

    return said


def ruled_note(entered: Entered) -> Callable[[], str]:
    """What a ruling says once made: the ruling with its reason, the scores after it, and
    the end of the game where it ends it (as `scorepad adjust` says it)."""
    from scorepad.words.rulingtext import ruling_words

    return lambda: ruling_words(entered.game, entered.standings, entered.number)


def agreed_note(entered: Entered) -> Callable[[], str]:
    """What the other side's OK says: the round scored, and the scores."""
    from scorepad.words.rulingtext import agreed_words

    return lambda: agreed_words(entered.game, entered.standings, entered.number)


def misdeal_note(game: Game) -> Callable[[], str]:
    """What a misdeal says: the deal voided, and who deals again (as `scorepad misdeal`)."""
    from scorepad.words.gametext import misdeal_words

    return lambda: misdeal_words(game, game.misdeals[-1])
