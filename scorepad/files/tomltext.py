"""A game file's TOML parsed: by a compiled tomli where it reads TOML as tomllib does,
else by tomllib, the reference, which words every refusal with its line.

A file reads the same either way: tomli only speeds up files that parse, and a file it
refuses is read again by tomllib. `benchmarks/game_load.py` measures what tomli buys.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from types import BuiltinFunctionType
from typing import Any

from scorepad.errors import GameFileError
from scorepad.i18n import N_, _, said_again

# What tomllib says of TOML it refuses, said again in the run's language: the specific
# messages before `Expected {what}`, which would match them too.
TOML_WORDS = (
    N_("Invalid statement"),
    N_("Found invalid character {char}"),
    N_("Cannot declare {key} twice"),
    N_("Cannot overwrite a value"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Cannot mutate immutable namespace {key}"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Cannot redefine namespace {key}"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Invalid initial character for a key part"),
    N_("Unclosed array"),
    N_("Duplicate inline table key {key}"),
    N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"),
    N_("Invalid hex value"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Unterminated string"),
    N_("Illegal character {char}"),
    N_("Invalid date or datetime"),
    N_("Invalid value"),
    N_("Expected {what}"),
)
_WHERE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$")


def toml_refusal(message: str) -> tuple[str, str | None, bool]:
    """tomllib's refusal in the run's language, where it is (`line 3, column 5`, None for
    the end) and whether the text ends inside a value, as a file cut short does."""
    match = _WHERE.search(message)
    words = said_again(_WHERE.sub("", message), TOML_WORDS)
    if match is None or match.group(1) is None:
        return words, None, match is not None
    place = _("line {line}, column {column}").format(line=match.group(1), column=match.group(2))
    return words, place, False


# Deeper than any preset or rule change needs (a knob's value is at most a list); Python's
# TOML parsers recurse once a level, and a few thousand levels exhaust the stack.
MOST_NESTING = 16


def nesting(text: str) -> int:
    """How deeply the text's arrays and inline tables nest, counted before it is parsed.

    Brackets inside strings and comments do not count; a table's `[header]` counts as one
    level, `[[header]]` as two.
    """
    depth = deepest = 0
    at, end = 0, len(text)
    while at < end:
        char = text[at]
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(0, depth - 1)
        elif char == "#":
            newline = text.find("\n", at)
            at = end if newline < 0 else newline
            continue
        elif char in "\"'":
            at = _string_end(text, at)
            continue
        at += 1
    return deepest


def _string_end(text: str, at: int) -> int:
    """Where the string starting at `at` ends (just after its closing quote)."""
    quote = text[at]
    triple = text.startswith(quote * 3, at)
    at += 3 if triple else 1
    while at < len(text):
        char = text[at]
        if char == "\\" and quote == '"':
            at += 2
            continue
        if triple and text.startswith(quote * 3, at):
            return at + 3
        if not triple and char in (quote, "\n"):
            return at + 1
        at += 1
    return at


def not_toml(where: object, error: Exception) -> str:
    """One line for a file that is not TOML: `FILE: not valid TOML: WHY (at line 3, ...)`."""
    message, place, _cut = toml_refusal(str(error))
    said = _("{where}: not valid TOML: {message}").format(where=where, message=message)
    return _("{message} (at {place})").format(message=said, place=place) if place else said


# tomli is the parser Python's tomllib was taken from; its builds on PyPI are compiled
# (mypyc), and read a game file in about 0.6 of tomllib's time (benchmarks/game_load.py).
# Versions before 2.4 read TOML 1.0 exactly as tomllib does (2.4 reads TOML 1.1, which
# accepts more).
_TOMLI_VERSIONS = ((2, 0), (2, 4))  # from, up to but not including


@cache
def compiled_tomli_loads() -> Callable[[str], dict[str, Any]] | None:
    """tomli's `loads` where a compiled build of a TOML 1.0 version is installed."""
    try:
        import tomli
    except ImportError:
        return None
    version = tuple(int(part) for part in re.findall(r"\d+", tomli.__version__)[:2])
    # A compiled (mypyc) build's functions are built-in functions; pure Python's are not.
    compiled = isinstance(tomli.loads, BuiltinFunctionType)
    low, high = _TOMLI_VERSIONS
    return tomli.loads if compiled and low <= version < high else None


def toml_reader() -> str:
    """Which parser reads game files: `tomli X.Y.Z (compiled)`, or `tomllib` alone.

    Either way a file is read the same: tomli only speeds up files that parse, and any
    file it refuses is read again by tomllib, which words the error.
    """
    if compiled_tomli_loads() is None:
        return "tomllib"
    import tomli

    return f"tomli {tomli.__version__} (compiled)"


def parse_toml(text: str, at: Callable[[int | None], str]) -> dict[str, Any]:
    """The text's TOML; a refusal is a one-line GameFileError that `at` places (the file,
    and the line when the parser names one)."""
    fast = compiled_tomli_loads()
    if fast is not None:
        with suppress(ValueError, RecursionError):  # refused: tomllib, the reference, says why
            return fast(text)
    return _tomllib_loads(text, at)


def _tomllib_loads(text: str, at: Callable[[int | None], str]) -> dict[str, Any]:
    """The text read by tomllib; anything it refuses is a one-line GameFileError."""
    # Imported here: with a compiled tomli, tomllib only reads the files tomli refuses.
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message, _place, cut = toml_refusal(str(error))
        match = re.search(r"\(at line (\d+),", str(error))
        line = int(match.group(1)) if match else None
        if cut:  # what a file cut inside a value looks like
            raise GameFileError(
                _(
                    "{where}: damaged or cut short: it ends inside a value"
                    " (not valid TOML: {message})"
                ).format(where=at(None), message=message)
            ) from None
        raise GameFileError(
            _("{where}: not valid TOML: {message}").format(where=at(line), message=message)
        ) from None
    # tomllib refuses some damage with other errors than TOMLDecodeError.
    except ValueError:  # Python's limit on the digits of an integer
        raise GameFileError(
            _("{where}: not a game file: a number with more than {digits} digits").format(
                where=at(None), digits=sys.get_int_max_str_digits()
            )
        ) from None
    except RecursionError:
        raise GameFileError(
            _("{where}: not a game file: nested too deeply").format(where=at(None))
        ) from None
