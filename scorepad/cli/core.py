"""The Typer app and its error boundary; command modules add their commands to `app`."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup

from scorepad.errors import ScorepadError


class _Commands(TyperGroup):
    """The one boundary where bad input becomes one line on stderr and an exit code.

    A ScorepadError is the library refusing input; a TyperException is Typer refusing the
    command line itself (an unknown option, a missing argument, a number that is not one).
    Both print one line, never a box or a traceback.
    """

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except ScorepadError as error:
            typer.echo(f"scorepad: {error}", err=True)
            raise typer.Exit(error.exit_code) from None

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(
                args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        except typer.TyperException as error:
            message = error.format_message().strip()
            if not message:
                pass  # a bare group: Typer has printed its help already
            elif "\n" in message:  # a bare group whose help comes back as text
                typer.echo(message, err=True)
            else:
                where = getattr(getattr(error, "ctx", None), "command_path", "scorepad")
                typer.echo(f"{where}: {message} (see {where} --help)", err=True)
            code = error.exit_code
        except typer.Abort:
            typer.echo("Aborted.", err=True)
            code = 1
        else:
            if not standalone_mode:
                return result
            code = result if isinstance(result, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


app = typer.Typer(
    name="scorepad",
    cls=_Commands,
    help="A score pad for Spades: bids, tricks, nil, bags and house rules, scored right.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


@app.callback()
def scorepad() -> None:
    """A score pad for Spades: bids, tricks, nil, bags and house rules, scored right."""
    # A callback keeps `app` a group even when `main` has loaded a single command.
