"""The one error tree of scorepad.

Every refusal of bad input is a `ScorepadError`: the CLI turns it into one line on
stderr and a non-zero exit. Anything else escaping is a bug.
"""

from __future__ import annotations

from collections.abc import Iterable


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


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice most like `word`, for a 'did you mean' hint, or None."""
    import difflib

    matches = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return matches[0] if matches else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' when a choice is close to `word`, else ''."""
    from scorepad.i18n import _  # the language module imports this one

    match = closest(word, choices)
    return _(" (did you mean {match}?)").format(match=repr(match)) if match else ""


def os_reason(error: OSError) -> str:
    """Why a file operation failed: the system's words in English, scorepad's own in another
    language (the C library's strerror is English here), for the reasons people meet."""
    import errno

    from scorepad.i18n import _, language

    reasons = {
        "ENOENT": _("there is no such file or folder"),
        "EACCES": _("permission denied"),
        "EPERM": _("permission denied"),
        "EISDIR": _("it is a folder"),
        "ENOTDIR": _("a part of the path is not a folder"),
        "ENOSPC": _("the disk is full"),
        "EDQUOT": _("the disk is full"),
        "EROFS": _("the file system is read-only"),
        "EEXIST": _("it exists already"),
        "ENAMETOOLONG": _("the name is too long"),
    }
    said = error.strerror or str(error)
    if language() == "en":
        return said
    return reasons.get(errno.errorcode.get(error.errno or 0, ""), said)
