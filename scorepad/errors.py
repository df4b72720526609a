"""The one error tree of scorepad.

Every refusal of bad input is a `ScorepadError`: the CLI turns it into one line on
stderr and a non-zero exit. Anything else escaping is a bug.
"""

from __future__ import annotations


class ScorepadError(ValueError):
    """Bad input or a broken file: a message for a person, never a traceback."""

    exit_code = 2


class RulesError(ScorepadError):
    """A preset or a `--set` override is unknown, mistyped or impossible."""


class BidError(ScorepadError):
    """A bid that the rules do not allow at this moment."""


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
