"""The one error tree of scorepad.

Every refusal of bad input is a `ScorepadError`: the CLI turns it into one line on
stderr and a non-zero exit, the web page into a message and a 4xx. Anything else
escaping is a bug.

An error says what is wrong (its message, which names no command) and, apart from it,
what a person can do about it (`todo`, a fact): each face says that in its own terms,
the terminal a command to type, the page a button or a link (`cli.common.error_words`,
`serve.guard.sentence`).
"""

from __future__ import annotations

import enum
from typing import Any, Protocol


class Todo(enum.Enum):
    """What a person can do about a refusal, as a fact each face words its own way."""

    CORRECT_TRICKS = "correct-tricks"  # round `number`'s tricks no longer fit: correct them
    ENTER_TRICKS_OR_UNDO = "enter-tricks-or-undo"  # round `number` waits for its tricks
    ENTER_BIDS_OR_CORRECT = "enter-bids-or-correct"  # no bids yet: bid, or correct a round
    CORRECT_ONLY = "correct-only"  # the game is over: a round can still be corrected
    START_OR_PICK_GAME = "start-or-pick-game"  # no current game
    PICK_GAME = "pick-game"  # the current game is gone
    LIST_TRASH = "list-trash"  # the trash lists every deleted copy
    RESTORE_AS = "restore-as"  # the name is taken: restore `name` under another
    RESTORE_GAME = "restore-game"  # a game is gone: bring it back from the trash
    START_EVENT = "start-event"  # no event yet
    START_GAME = "start-game"  # too few players for an event: an ordinary game
    GIVE_TRAILING_BY = "give-trailing-by"  # a blind bid is judged by how far the side trails
    FEWER_ROUNDS = "fewer-rounds"  # an event of fixed pairs: `number` rounds at most
    GIVE_PAIRS = "give-pairs"  # a format of fixed pairs: name the pairs
    FORCE_REOPEN = "force-reopen"  # a finished table of a night moved on: the organizer may


class BidRefusalLike(Protocol):
    """What a `BidError` needs of its refusal (`bids.BidRefusal`, which imports this)."""

    def words(self) -> str: ...


class ScorepadError(ValueError):
    """Bad input or a broken file: a message for a person, never a traceback.

    `todo` is what can be done about it (None: the message says all), about round
    `number` or the game `name`; `settings` are the rule changes (`key=value`, as given)
    the error is about, which each face names as it takes them (None: none; empty: the
    rule changes together); `option` names the value the message is about (`rounds`,
    `bags`), which the terminal calls by its option (`--rounds`)."""

    exit_code = 2

    def __init__(
        self,
        *args: object,
        todo: Todo | None = None,
        number: int = 0,
        name: str = "",
        settings: tuple[str, ...] | None = None,
        option: str = "",
    ) -> None:
        super().__init__(*args)
        self.option = option
        self.todo = todo
        self.number = number
        self.name = name
        self.settings = settings


class RulesError(ScorepadError):
    """A preset or a `--set` override is unknown, mistyped or impossible."""


class BidError(ScorepadError):
    """A bid that the rules do not allow at this moment.

    `refusal` (a `bids.BidRefusal`) is the refusal as a fact, worded only when the error
    is shown, in the language spoken there; without it, the message given."""

    def __init__(self, *args: object, refusal: BidRefusalLike | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.refusal = refusal

    def __str__(self) -> str:
        return self.refusal.words() if self.refusal is not None else super().__str__()


class NotTrailingError(BidError):
    """A blind bid by a side that does not trail by as much as the rules ask."""


class TricksError(ScorepadError):
    """Tricks that cannot have been taken (too many, negative, not adding up)."""


class CardError(ScorepadError):
    """A card or hand notation that does not parse."""


class GameError(ScorepadError):
    """A game command that does not fit the state of the game."""


class GameFileError(ScorepadError):
    """A saved game file that cannot be read or written."""


class ExportError(ScorepadError):
    """An export format that is unknown, or an export that cannot be written."""
