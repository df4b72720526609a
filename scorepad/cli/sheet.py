"""`scorepad show` and `explain`: the score sheet, and one round line by line."""

# No `from __future__ import annotations`: Typer reads the annotations of these commands on
# every run, and objects spare it compiling each one from a string.

from typing import Annotated

import typer

from scorepad.cli.common import (
    INTERRUPTED,
    GameOption,
    JsonOption,
    console,
    print_json,
    print_renderable,
)
from scorepad.cli.core import app
from scorepad.cli.watch import watch_sheet
from scorepad.engine.game import standings
from scorepad.errors import GameError, ScorepadError
from scorepad.i18n import _
from scorepad.render.explain import explain_round
from scorepad.render.sheet import score_sheet
from scorepad.service import clock as service_clock
from scorepad.service.reads import load_game, resolve_game


@app.command()
def show(
    game_ref: GameOption = None,
    as_json: JsonOption = False,
    watch: Annotated[
        bool,
        typer.Option(
            "--watch",
            "-w",
            help="Keep the sheet on screen and redraw it whenever the game changes, "
            "from any shell or table mode, until Ctrl-C (status 130), for a screen facing"
            " the table.",
        ),
    ] = False,
) -> None:
    """Show the score sheet: every round, the totals, the next deal, the winner."""
    path = resolve_game(game_ref)
    if watch:
        if as_json:
            raise ScorepadError(_("--watch draws the sheet; it cannot be combined with --json"))
        load_game(path)  # a damaged game is refused now, like `show`
        if watch_sheet(path, console()):
            raise typer.Exit(INTERRUPTED)
        return
    game = load_game(path)
    result = standings(game)
    if as_json:
        from scorepad.export.json import game_json  # --json alone: a few ms `show` spares

        print_json(game_json(game, result))
        return
    print_renderable(score_sheet(game, result, service_clock.now()))


@app.command()
def explain(
    number: Annotated[
        int | None,
        typer.Argument(
            metavar="ROUND",
            help="The round's number (default: the last round played).",
            show_default=False,
        ),
    ] = None,
    game_ref: GameOption = None,
) -> None:
    """Explain one round's scoring line by line, for a disputed round."""
    game = load_game(resolve_game(game_ref))
    if not game.rounds:
        raise GameError(_("no round is entered yet; nothing to explain"))
    if number is None:
        played = [n for n, round_ in enumerate(game.rounds, start=1) if round_.played]
        number = played[-1] if played else len(game.rounds)
    print_renderable(explain_round(game, standings(game), number))
