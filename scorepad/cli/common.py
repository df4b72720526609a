"""Options shared by several commands, and the one way output is written."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorepad.errors import ScorepadError
from scorepad.i18n import _

if TYPE_CHECKING:

    from rich.console import Console, RenderableType

    from scorepad.engine.rules import Rules

# Shell completion (`scorepad --install-completion`). Each completer imports what it needs
# when the shell asks, so that they cost a command's start-up nothing. (This module is
# loaded by every command: what its functions import, they import inside.)


def names_starting(names: list[str], incomplete: str) -> list[str]:
    """The names that start with what is typed so far, in any case."""
    return [name for name in names if name.casefold().startswith(incomplete.casefold())]


def complete_game_names(incomplete: str) -> list[str]:
    """The saved games' names."""
    from scorepad.service.reads import saved_games

    return names_starting([path.stem for path in saved_games()], incomplete)


def complete_trashed_names(incomplete: str) -> list[str]:
    """The names of the games in the trash."""
    from scorepad.service.reads import trashed_games

    return names_starting(trashed_games(), incomplete)


def complete_preset_names(incomplete: str) -> list[str]:
    from scorepad.service.reads import preset_names

    return names_starting(list(preset_names()), incomplete)


def complete_formats(incomplete: str) -> list[str]:
    from scorepad.export.formats import FORMAT_NAMES

    return names_starting(list(FORMAT_NAMES), incomplete)


def complete_player_entries(ctx: typer.Context, incomplete: str) -> list[str]:
    """`Ann=`, `Bob=` ... and team names, for the game named by --game or the current one."""
    from scorepad.service.reads import open_game

    if "=" in incomplete:
        return []  # the value after the name is a number: nothing to offer
    try:
        game = open_game(ctx.params.get("game_ref")).game
    except ScorepadError:
        return []
    names = list(game.players)
    if game.rules.side_size > 1:
        names += game.sides
    return [f"{name}=" for name in names_starting(names, incomplete)]


PresetOption = Annotated[
    str,
    typer.Option(
        "--preset",
        "-p",
        metavar="NAME_OR_FILE",
        help="A preset name (see `scorepad presets list`) or a TOML file.",
        autocompletion=complete_preset_names,
    ),
]
SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set", metavar="KEY=VALUE", help="Override one rule (repeatable), like target=300."
    ),
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
        autocompletion=complete_game_names,
    ),
]


# Ctrl-C ends table mode, `simulate` and `show --watch` alike with the status a shell gives
# a program stopped by SIGINT (128 + 2), so scripts can tell a stop from a success.
INTERRUPTED = 130


def confirm(question: str) -> bool:
    """Ask `question [y/N]:` (`[j/N]` in German); only a yes in either language says yes."""
    while True:
        choices = _("[y/N]")
        answer = typer.prompt(
            f"{question} {choices}", default="", show_default=False, prompt_suffix=": "
        )
        word = answer.strip().casefold()
        if word in ("", "n", "no", _("n"), _("no")):
            return False
        if word in ("y", "yes", _("y"), _("yes")):
            return True
        typer.echo(_("Error: invalid input"), err=True)


def sentence(message: str) -> str:
    """A library message as a sentence on its own: `took back x` -> `Took back x.`"""
    return message[0].upper() + message[1:] + "."


def load_rules(preset: str, overrides: list[str] | None) -> tuple[str, Rules]:
    """The preset's name and rules, with the --set overrides applied."""
    from scorepad.service.reads import resolve_rules  # the preset reader: not every command's

    return resolve_rules(preset, overrides or ())


def console() -> Console:
    """A console on stdout; colour follows the terminal and NO_COLOR."""
    from rich.console import Console  # some 15 ms: not for a command that prints no Rich

    return Console(highlight=False)


def print_renderable(renderable: RenderableType) -> None:
    console().print(renderable)


def print_json(data: Any) -> None:
    """Plain, stable JSON on stdout."""
    import json  # --json alone: `show` and `bid` spare it

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
