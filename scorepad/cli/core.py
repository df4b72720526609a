"""The Typer app and its error boundary; command modules add their commands to `app`."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated, Any

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
            message = _in_our_words(error) or error.format_message().strip()
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


# What a value that does not convert should have been, by the converter's error type.
_EXPECTED = {
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_parsing": "a number",
    "bool_parsing": "true or false",
}


def _in_our_words(error: Exception) -> str | None:
    """`ROUND must be a whole number, not 'abc'`, for a value of the wrong type.

    Typer converts values with a validator whose messages read like a programmer's
    ("Input should be a valid integer, unable to parse string as an integer"); the value
    and what was expected are taken from it and said the way every other refusal is.
    """
    if not isinstance(error, typer.BadParameter) or error.param is None:
        return None
    errors = getattr(error.__cause__, "errors", None)
    if not callable(errors):
        return None
    details = errors()
    if not details or details[0].get("type") not in _EXPECTED:
        return None
    param = error.param
    opts = [opt for opt in getattr(param, "opts", ()) if opt.startswith("-")]
    name = max(opts, key=len) if opts else str(getattr(param, "metavar", None) or param.name)
    return f"{name} must be {_EXPECTED[details[0]['type']]}, not {details[0].get('input')!r}"


def _print_version(value: bool) -> None:
    if value:
        from scorepad import __version__

        typer.echo(f"scorepad {__version__}")
        raise typer.Exit()


app = typer.Typer(
    name="scorepad",
    cls=_Commands,
    help="A score pad for Spades: bids, tricks, nil, bags and house rules, scored right.",
    no_args_is_help=True,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_show_locals=False,
)


@app.callback()
def scorepad(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print scorepad's version and exit.",
            is_eager=True,
            callback=_print_version,
        ),
    ] = False,
) -> None:
    """A score pad for Spades: bids, tricks, nil, bags and house rules, scored right."""
    # A callback keeps `app` a group even when `main` has loaded a single command.
