"""The command line: a thin client of the library. The only package that imports Typer.

Commands import what they need when they run, and `main` imports only the module of the
command it is given, so every command starts about as fast as Typer itself allows.
`scorepad.cli.app` is the app with every command, for tests and tools.
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
    "undo": "rounds",
    "show": "sheet",
    "explain": "sheet",
    "play": "play",
    "serve": "serve",
    "export": "export",
    "check": "check",
    "stats": "stats",
    "presets": "presets",
    "simulate": "simulate",
    "verify": "verify",
}


def load_commands(command: str | None = None) -> typer.Typer:
    """The app with the named command's module loaded, or every command's if none is named."""
    if command in COMMAND_MODULES:
        modules = [COMMAND_MODULES[command]]
    elif command == "--version":
        modules = []
    else:
        modules = list(dict.fromkeys(COMMAND_MODULES.values()))
    for module in modules:
        importlib.import_module(f"scorepad.cli.{module}")
    from scorepad.cli.core import app

    return app


def __getattr__(name: str) -> object:
    if name == "app":
        return load_commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """The `scorepad` console script."""
    words = sys.argv[1:]
    if COMPLETE_VAR in os.environ:
        # The shell asks for completions: the words typed are in its own variables, and
        # any command may be the one being completed.
        words = []
    # Named, so that help and the completion variable say `scorepad` however it is started.
    load_commands(words[0] if words else None)(prog_name="scorepad")
