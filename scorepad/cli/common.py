"""Options shared by several commands, and the one way output is written."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from scorepad.rules import Rules

PresetOption = Annotated[
    str,
    typer.Option(
        "--preset", "-p", help="A preset name (see `scorepad presets list`) or a TOML file."
    ),
]
SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", help="Override one rule, KEY=VALUE (repeatable), like target=300."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object instead.")]
GameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        metavar="NAME_OR_PATH",
        help="A saved game's name or a game file's path (default: the current game).",
        show_default=False,
    ),
]


def sentence(message: str) -> str:
    """A library message as a sentence on its own: `took back x` -> `Took back x.`"""
    return message[0].upper() + message[1:] + "."


def load_rules(preset: str, overrides: list[str] | None) -> tuple[str, Rules]:
    """The preset's name and rules, with the --set overrides applied."""
    from scorepad.rules import resolve_rules

    return resolve_rules(preset, overrides or ())


def console() -> Console:
    """A console on stdout; colour follows the terminal and NO_COLOR."""
    from rich.console import Console

    return Console(highlight=False)


def print_renderable(renderable: RenderableType) -> None:
    console().print(renderable)


def print_json(data: Any) -> None:
    """Plain, stable JSON on stdout."""
    import json
    import sys

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
