"""`scorepad new`, `games` and `use`: start a game, list the saved ones, pick the current one."""

from __future__ import annotations

from typing import Annotated

import typer

from scorepad.cli.common import PresetOption, SetOption
from scorepad.cli.core import app


def split_names(text: str) -> list[str]:
    """`"Ann, Bob,Cat"` -> `["Ann", "Bob", "Cat"]`; empty names are kept for the check."""
    return [part.strip() for part in text.split(",")]


@app.command()
def new(
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="The game's name; it is saved as NAME.toml.")
    ],
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            metavar="A,B,C,D",
            help="The players in clockwise seat order, comma-separated: partners are the "
            "1st and 3rd, the 2nd and 4th.",
            show_default=False,
        ),
    ] = None,
    preset: PresetOption = "standard",
    overrides: SetOption = None,
    teams: Annotated[
        str | None,
        typer.Option(
            "--teams",
            metavar="US,THEM",
            help='Team names, comma-separated, like "Us,Them".',
            show_default=False,
        ),
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option(
            "--dealer",
            metavar="PLAYER",
            help="Who deals first: a name or seat number (default: seat 1).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Start a game and make it the current one."""
    import dataclasses

    from scorepad.cli.common import load_rules
    from scorepad.errors import GameError
    from scorepad.game import find_seat, new_game
    from scorepad.store import (
        check_game_name,
        create_game_file,
        game_path_for,
        saved_games,
        set_current,
    )

    if players is None:
        # Checked here rather than by Typer, so the refusal is one line like every other.
        raise GameError(
            "no players given; name them in clockwise seat order, like --players Ann,Bob,Cat,Dan"
        )
    game_name = check_game_name(name)
    path = game_path_for(game_name)
    for saved in saved_games():
        if saved.stem.casefold() == game_name.casefold():
            raise GameError(
                f"a game named {saved.stem!r} exists already; pick another name, or "
                f"continue it with `scorepad use {saved.stem}`"
            )
    preset_name, rules = load_rules(preset, overrides)
    game = new_game(
        game_name,
        split_names(players),
        rules,
        preset=preset_name,
        sides=split_names(teams) if teams is not None else None,
    )
    if dealer is not None:
        game = dataclasses.replace(game, first_dealer=find_seat(game, dealer))
    create_game_file(path, game)
    set_current(path)
    sides = " vs ".join(game.sides)
    typer.echo(
        f"Started {game.name} ({preset_name}, to {rules.target}): {sides}. "
        f"{game.players[game.first_dealer]} deals first."
    )


@app.command()
def games() -> None:
    """List the saved games: name, preset, scores and status (* marks the current one)."""
    from rich.table import Table
    from rich.text import Text

    from scorepad.cli.common import print_renderable
    from scorepad.errors import ScorepadError
    from scorepad.game import scores_text, standings
    from scorepad.store import current_game, games_dir, load_game_file, saved_games

    paths = saved_games()
    if not paths:
        typer.echo(
            f"No saved games in {games_dir()}; start one with "
            "`scorepad new NAME --players A,B,C,D`."
        )
        return
    current = current_game()
    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("", "game", "preset", "scores", "status"):
        table.add_column(column)
    for path in paths:
        mark = Text("*" if current is not None and path == current else "")
        try:
            game = load_game_file(path)
        except ScorepadError as error:
            reason = str(error).removeprefix(f"{path}").lstrip(", :")
            # One bad file is one row: the others are still listed.
            status = reason if reason.startswith("damaged") else f"damaged: {reason}"
            table.add_row(mark, Text(path.stem), Text(""), Text(""), Text(status))
            continue
        result = standings(game)
        scores = scores_text(game, result.scores)
        if result.outcome is None:
            played = sum(r.sides is not None for r in result.rounds)
            status = f"playing, {played} round{'' if played == 1 else 's'} played"
        elif result.winner is None:
            status = "finished: a draw"
        else:
            status = f"finished: {game.sides[result.winner]} won"
        # The file's name is what `use` and --game take; the game's own name if it differs.
        shown = path.stem if game.name == path.stem else f"{path.stem} ({game.name})"
        table.add_row(mark, Text(shown), Text(game.preset), Text(scores), Text(status))
    print_renderable(table)


@app.command()
def use(
    game: Annotated[
        str,
        typer.Argument(metavar="NAME_OR_PATH", help="A saved game's name, or a game file's path."),
    ],
) -> None:
    """Make a saved game the current one."""
    from scorepad.store import find_game, load_game_file, set_current

    path = find_game(game)
    loaded = load_game_file(path)
    set_current(path)
    typer.echo(f"Now keeping {loaded.name}.")
