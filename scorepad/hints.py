"""Hints in a refusal, in the run's language: the choice meant by a typo, and why a file
could not be read or written."""

from __future__ import annotations

from collections.abc import Iterable

from scorepad.i18n import _, language


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice most like `word`, for a 'did you mean' hint, or None."""
    import difflib

    matches = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return matches[0] if matches else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' when a choice is close to `word`, else ''."""
    match = closest(word, choices)
    return _(" (did you mean {match}?)").format(match=repr(match)) if match else ""


def os_reason(error: OSError) -> str:
    """Why a file operation failed: the system's words in English, scorepad's own in another
    language (the C library's strerror is English here), for the reasons people meet."""
    import errno

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
