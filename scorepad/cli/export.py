"""`scorepad export`: the whole score sheet as csv, json, md, html, svg or txt."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from scorepad.cli.common import GameOption
from scorepad.cli.core import app

if TYPE_CHECKING:
    from scorepad.export import ExportFormat

FORMATS = "csv|json|md|html|svg|txt"


@app.command()
def export(
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            metavar=FORMATS,
            help="The format. Default: from the -o file's suffix (.csv, .json, .md, .html,"
            " .svg, .txt), else txt (the sheet as plain text).",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write to FILE (replaced whole, never half-written) instead of stdout.",
            show_default=False,
        ),
    ] = None,
    game_ref: GameOption = None,
) -> None:
    """Export the whole score sheet as csv, json, md, html, svg or txt.

    html is one printable page with a score chart (no scripts, no network); svg and txt are
    the sheet as `show` draws it; json is what `show --json` prints; csv has one row per
    round and team.
    """
    import sys
    from pathlib import Path

    from scorepad.errors import ExportError
    from scorepad.export import export_game
    from scorepad.game import standings
    from scorepad.store import load_game_file, resolve_game, write_text_atomic

    to_stdout = output is None or output == "-"
    chosen = choose_format(fmt, None if to_stdout else output)
    game_path = resolve_game(game_ref)
    game = load_game_file(game_path)
    text = export_game(game, standings(game), chosen)
    if to_stdout:
        sys.stdout.write(text)
        return
    assert output is not None
    target = Path(output).expanduser()
    if target.resolve() == game_path.resolve():
        raise ExportError(f"-o {output} is the game file itself; export to another file")
    try:
        write_text_atomic(target, text)
    except OSError as error:
        raise ExportError(f"cannot write {target}: {error.strerror}") from None
    typer.echo(f"exported {game.name} as {chosen.value} to {target}", err=True)


def choose_format(fmt: str | None, output: str | None) -> ExportFormat:
    """--format if given, else the output file's suffix, else txt."""
    from scorepad.errors import ExportError
    from scorepad.export import ExportFormat, format_from_suffix, parse_format

    if fmt is not None:
        return parse_format(fmt)
    if output is None:
        return ExportFormat.TXT
    found = format_from_suffix(output)
    if found is None:
        raise ExportError(
            f"cannot tell the format of {output!r} from its suffix; name it .csv, .json, .md,"
            f" .html, .svg or .txt, or give --format {FORMATS}"
        )
    return found
