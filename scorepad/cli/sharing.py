"""`scorepad import LINK|FILE`: a game passed on (a game link or a game file) taken into the
games folder; and the link and QR code `export --format link` prints."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from scorepad.cli.core import app
from scorepad.errors import ExportError
from scorepad.i18n import _


@app.command("import")
def import_(
    given: Annotated[
        str,
        typer.Argument(
            metavar="LINK|FILE",
            help="A game link (from `export --format link` or the phone app) or a game file.",
            show_default=False,
        ),
    ],
    as_name: Annotated[
        str | None,
        typer.Option(
            "--as", metavar="NAME", help="Save it under NAME instead of its own name.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Take a game passed on (a link or a file) into the games folder, under its name."""
    from scorepad.service.sharing import import_game, read_shared

    started = import_game(read_shared(given), as_name)
    rounds = len(started.game.rounds)
    typer.echo(
        _("Imported {name} ({rounds} rounds) into the games folder.").format(
            name=started.game.name, rounds=rounds
        )
    )


def app_url(given: str | None) -> str:
    """The app's address: --url, else SCOREPAD_APP_URL; a one-line refusal while neither is
    set."""
    from scorepad.service.sharing import APP_URL_ENV

    url = given or os.environ.get(APP_URL_ENV, "")
    if not url.strip():
        raise ExportError(
            _("a link needs the app's address: give --url URL or set {env}").format(
                env=APP_URL_ENV
            )
        )
    if not url.startswith(("https://", "http://")):
        raise ExportError(
            _("--url {url}: the app's address starts with https:// (or http://)").format(
                url=url[:60]
            )
        )
    return url.strip()


def qr_text(link: str) -> str:
    """The link as a QR code drawn with block characters (error correction level M)."""
    import io

    import segno

    from scorepad.service.sharing import qr_parts

    # A list of parts, which segno takes (its stub names only one string).
    code = segno.make(qr_parts(link), error="m", boost_error=False)  # type: ignore[arg-type]
    out = io.StringIO()
    code.terminal(out=out, compact=True)
    return out.getvalue()
