"""The `scorepad` console script: the command named on the line, loaded alone.

`main` imports only the module of the command it is given and builds that command alone
(`core.app_for`), so every command starts about as fast as Typer itself allows. A command
module imports at its top what its commands need; inside a function, with a word on why,
only what would slow its other commands or `scorepad --help` (which loads them all).
Importing this module loads no other part of scorepad: it imports inside its functions.
`scorepad.cli.main.app` is the app with every command, for tests and tools.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer

COMPLETE_VAR = "_SCOREPAD_COMPLETE"  # set by the shell's completion script

# The module of each command, in the order `scorepad --help` lists them.
COMMAND_MODULES = {
    "new": "games",
    "games": "games",
    "use": "games",
    "rename": "games",
    "delete": "games",
    "restore": "games",
    "bid": "rounds",
    "tricks": "rounds",
    "confirm": "rounds",
    "undo": "rounds",
    "adjust": "rulings",
    "misdeal": "rulings",
    "show": "sheet",
    "explain": "sheet",
    "play": "play",
    "serve": "serve",
    "export": "export",
    "import": "sharing",
    "app": "phone",
    "check": "check",
    "stats": "stats",
    "ratings": "ratings",
    "presets": "presets",
    "simulate": "simulate",
    "verify": "verify",
    "event": "event",
    "events": "event",
}


def load_commands(command: str | None = None) -> typer.Typer:
    """The app with the named command alone, or every command if none is named."""
    if command in COMMAND_MODULES:
        modules = [COMMAND_MODULES[command]]
    elif command == "--version":
        modules = []
    else:
        modules = list(dict.fromkeys(COMMAND_MODULES.values()))
    for module in modules:
        importlib.import_module(f"scorepad.cli.{module}")
    from scorepad.cli.core import app, app_for  # Typer: not for a bare `import scorepad.cli`

    return app_for(command) if command in COMMAND_MODULES else app


def __getattr__(name: str) -> object:
    if name == "app":
        return load_commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """The `scorepad` console script."""
    # As in `load_commands`: `import scorepad.cli` alone loads no other part of scorepad.
    from scorepad.errors import ScorepadError
    from scorepad.i18n import check_language, language_from_environment, set_language

    set_language(language_from_environment())
    words = sys.argv[1:]
    try:
        # --lang is read before any command is loaded, so that it speaks from the first word.
        for value in language_options(words):
            set_language(check_language(value))
    except ScorepadError as error:
        print(f"scorepad: --lang: {error}", file=sys.stderr)
        sys.exit(2)
    if COMPLETE_VAR in os.environ:
        # The shell asks for completions: the words typed are in its own variables, and
        # any command may be the one being completed.
        words = []
    # Named, so that help and the completion variable say `scorepad` however it is started.
    load_commands(command_word(words))(prog_name="scorepad")


def language_options(words: list[str]) -> list[str]:
    """The values of the global `--lang` options before the command (`--lang de`, `--lang=de`)."""
    values, index = [], 0
    while index < len(words) and words[index].split("=")[0] == "--lang":
        if "=" in words[index]:
            values.append(words[index].split("=", 1)[1])
        elif index + 1 < len(words):
            values.append(words[index + 1])
        index += 1 if "=" in words[index] else 2
    return values


def command_word(words: list[str]) -> str | None:
    """The command named on the command line: the first word after `--lang de` if given."""
    index = 0
    while index < len(words) and words[index].split("=")[0] == "--lang":
        index += 1 if "=" in words[index] else 2
    return words[index] if index < len(words) else None
