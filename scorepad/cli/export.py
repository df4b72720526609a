"""`scorepad export`: the whole score sheet as csv, json, md, html, svg or txt."""

from __future__ import annotations

import stat
import sys
from pathlib import Path, PurePath
from typing import Annotated

import typer

from scorepad.cli.common import GameOption, complete_formats
from scorepad.cli.core import app
from scorepad.engine.game import standings
from scorepad.errors import ExportError
from scorepad.export.formats import ExportFormat, export_game, format_from_suffix, parse_format
from scorepad.hints import os_reason
from scorepad.i18n import N_, _
from scorepad.service.library import write_text
from scorepad.service.reads import open_game

FORMATS = "csv|json|md|html|svg|txt|link"


EXPORT_HELP = N_(
    "Export the whole score sheet as csv, json, md, html, svg or txt.\n\n"
    "link is an address of the phone app holding the whole game (printed with its QR code"
    " on a terminal; --url or SCOREPAD_APP_URL gives the app's address).\n\n"
    "html is one printable page with a score chart (no scripts, no network); svg and txt are"
    " the sheet as `show` draws it; json is what `show --json` prints; csv has one row per"
    " round and team."
)


@app.command(help=EXPORT_HELP)
def export(
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            metavar=FORMATS,
            autocompletion=complete_formats,
            help="The format. Default: from the -o file's suffix (.csv, .json, .md, .html,"
            " .svg, .txt); txt (the sheet as plain text) for stdout or a name without a"
            " suffix, like notes or /dev/null.",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write to FILE (replaced whole, never half-written; a symlink's target, a"
            " FIFO or device written in place) instead of stdout; - is stdout.",
            show_default=False,
        ),
    ] = None,
    game_ref: GameOption = None,
    url: Annotated[
        str | None,
        typer.Option(
            "--url",
            metavar="URL",
            help="For --format link: the phone app's address (default: $SCOREPAD_APP_URL).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Export the whole score sheet as csv, json, md, html, svg or txt (see EXPORT_HELP)."""
    if fmt == "link":
        _export_link(url, game_ref, output)
        return
    to_stdout = output is None or output == "-"
    if not to_stdout and Path(output or "").expanduser().is_dir():
        suffix = parse_format(fmt).value if fmt is not None else "html"
        raise ExportError(
            _("-o {output} is a folder; give a file's name, like {output}/sheet.{suffix}").format(
                output=output, suffix=suffix
            )
        )
    chosen = choose_format(fmt, None if to_stdout else output)
    game_path, game = open_game(game_ref)
    text = export_game(game, standings(game), chosen)
    if to_stdout:
        sys.stdout.write(text)
        return
    assert output is not None
    target = Path(output).expanduser()
    if target.resolve() == game_path.resolve():
        raise ExportError(
            _("-o {output} is the game file itself; export to another file").format(output=output)
        )
    write_output(target, text)
    typer.echo(
        _("Exported {name} as {format} to {path}").format(
            name=game.name, format=chosen.value, path=target
        ),
        err=True,
    )


def _export_link(url: str | None, game_ref: str | None, output: str | None) -> None:
    """The game as a link to the phone app, and on a terminal its QR code."""
    from scorepad.cli.sharing import app_url, qr_text
    from scorepad.service.sharing import game_link

    link = game_link(open_game(game_ref).path, app_url(url))
    if output is not None and output != "-":
        write_output(Path(output).expanduser(), link + "\n")
        return
    if sys.stdout.isatty():
        sys.stdout.write(qr_text(link))
    sys.stdout.write(link + "\n")


def write_output(target: Path, text: str) -> None:
    """Write an export where -o points, never replacing what is not a regular file.

    A symlink is followed and the file it points to is replaced atomically (the link stays
    a link); a FIFO, a terminal or another device is written in place, as a shell's `>`
    would; a folder, or a place that cannot be written, is refused in one line.
    """
    real = target.resolve()
    try:
        mode = real.stat().st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG  # a new file
    except OSError as error:
        raise ExportError(_cannot_write(target, error)) from None
    try:
        if stat.S_ISREG(mode):
            write_text(real, text)
        else:
            with open(real, "w", encoding="utf-8", newline="\n") as out:
                out.write(text)
    except OSError as error:
        raise ExportError(_cannot_write(target, error)) from None


def _cannot_write(target: Path, error: OSError) -> str:
    return _("cannot write {path}: {reason}").format(path=target, reason=os_reason(error))


def choose_format(fmt: str | None, output: str | None) -> ExportFormat:
    """--format if given, else the output file's suffix; txt for no file or no suffix."""
    if fmt is not None:
        return parse_format(fmt)
    if output is None:
        return ExportFormat.TXT
    found = format_from_suffix(output)
    if found is not None:
        return found
    suffix = PurePath(output).suffix
    if not suffix or PurePath(output).name.startswith("."):  # `notes`, `/dev/null`, `.sheet`
        return ExportFormat.TXT
    raise ExportError(
        _(
            "-o {output}: {suffix} is not a format scorepad writes; name the file .csv, .json,"
            " .md, .html, .svg or .txt (or without a suffix, for txt), or give --format {formats}"
        ).format(output=output, suffix=suffix, formats=FORMATS)
    )
