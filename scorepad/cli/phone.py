"""`scorepad app build|serve`: the phone app written to a folder, and tried on this machine."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scorepad.cli.core import App, Commands, app
from scorepad.i18n import _

app_app = App(
    cls=Commands,
    help="Build the phone app (scorepad in the browser, offline), or serve a built one.",
    no_args_is_help=True,
)
app.add_typer(app_app, name="app")


@app_app.command("build")
def build(
    folder: Annotated[
        Path, typer.Argument(metavar="DIR", help="The folder to write the app into.")
    ],
    url: Annotated[
        str,
        typer.Option(
            "--url", metavar="URL",
            help="The address the app will be published at (game links point there).",
        ),
    ] = "",
) -> None:
    """Write the static, installable app into DIR, for any static HTTPS host."""
    from scorepad.app.build import build_app  # the build's parts: not for `app serve`

    built = build_app(folder, url)
    typer.echo(
        _("Built the app in {folder}: {count} files, {size} MB (cache {cache}).").format(
            folder=folder, count=len(built.files), size=f"{built.total / 1e6:.1f}",
            cache=built.cache_name,
        )
    )  # fmt: skip


@app_app.command("serve")
def serve(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="A folder `app build` wrote.")],
    port: Annotated[
        int, typer.Option("--port", metavar="N", help="The port (0: any free one).")
    ] = 8765,
) -> None:
    """Serve a built app on 127.0.0.1 to try it (Ctrl-C stops it)."""
    import contextlib
    import functools
    import http.server

    from scorepad.errors import ScorepadError

    if not (folder / "index.html").is_file() or not (folder / "sw.js").is_file():
        raise ScorepadError(
            _("{folder} holds no built app; write one with scorepad app build {folder}").format(
                folder=folder
            )
        )

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
            ".webmanifest": "application/manifest+json", ".whl": "application/zip",
        }  # fmt: skip

        def end_headers(self) -> None:
            self.send_header("Cache-Control", "no-cache")
            self.send_header("X-Content-Type-Options", "nosniff")
            super().end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    handler = functools.partial(Handler, directory=str(folder))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        typer.echo(
            _("Serving the app at http://127.0.0.1:{port}/ (Ctrl-C stops it)").format(
                port=server.server_address[1]
            )
        )
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
