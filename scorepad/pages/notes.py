"""What an entry says on the page it lands on, as both page faces say it (the served keep
page and the phone app): a new entry that was in already or bids a contract over the deal,
and a correction with the scores it rescored and what it moved."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorepad.i18n import _

if TYPE_CHECKING:
    from scorepad.service.games import Entered

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
