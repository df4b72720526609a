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
        message = str(error)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        line = int(match.group(1)) if match else None
        cut = message.endswith("(at end of document)")
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
        if cut:  # what a file cut inside a value looks like
            raise GameFileError(
                f"{at(None)}: damaged or cut short: it ends inside a value "
                f"(not valid TOML: {message})"
            ) from None
        raise GameFileError(f"{at(line)}: not valid TOML: {message}") from None
    # tomllib refuses some damage with other errors than TOMLDecodeError.
    except ValueError:  # Python's limit on the digits of an integer
        raise GameFileError(
            f"{at(None)}: not a game file: a number with more than "
            f"{sys.get_int_max_str_digits()} digits"
        ) from None
    except RecursionError:
        raise GameFileError(f"{at(None)}: not a game file: nested too deeply") from None
