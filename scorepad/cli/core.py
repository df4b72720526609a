"""The Typer app and its error boundary; command modules add their commands to `app`."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

from scorepad.errors import ScorepadError


class Commands(TyperGroup):
    """The one boundary where bad input becomes one line on stderr and an exit code.

    A ScorepadError is the library refusing input; a TyperException is Typer refusing the
    command line itself (an unknown option, a missing argument, a number that is not one).
    Both print one line, never a box or a traceback.
    """

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            in_our_words(command, ctx)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        in_our_words(self, ctx)
        super().format_help(ctx, formatter)

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


class _Argument(TyperArgument):
    """An argument as scorepad's help shows it: `NAME` or `[ROUND]`, never `{NAME} <str>`."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None  # the metavar says what it is

    def _usage_display_name(self) -> str:
        name = self.display_name_raw if self.required else f"[{self.display_name_raw}]"
        return name + ("..." if self.nargs != 1 else "")


class _Option(TyperOption):
    """An option as scorepad's help shows it: its metavar, no `<bool>`, a range in words."""

    def display_type_rich(self, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        return self.metavar or (self.name or "value").upper()

    def _get_number_range_help_str(self) -> str | None:
        return _range_words(self.min, self.max)


def _range_words(low: Any, high: Any) -> str | None:
    """`1 or more`, `0 to 13`: a range as the help and the refusals say it."""
    if low is None and high is None:
        return None
    if high is None:
        return f"{low} or more"
    if low is None:
        return f"{high} or less"
    return f"{low} to {high}"


def in_our_words(command: Any, ctx: Any) -> None:
    """Make Typer's parameters of `command` show scorepad's words in help (pinned Typer 0.29).

    Typer 0.29 shows each value's Python type (`<str>`, `<list[str]>`, `<bool>` on a flag),
    braces round a required argument and `x>=1` for a range; the subclasses change only how
    a parameter is shown, so a parameter's class is swapped for its twin and nothing else.
    """
    for param in command.get_params(ctx):
        if type(param) is TyperArgument:
            param.__class__ = _Argument
        elif type(param) is TyperOption:
            param.__class__ = _Option


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
    if not details:
        return None
    kind, bounds = details[0].get("type"), details[0].get("ctx") or {}
    if kind in _EXPECTED:
        expected = _EXPECTED[kind]
    elif kind in ("greater_than_equal", "less_than_equal"):
        param = error.param
        expected = str(_range_words(getattr(param, "min", None), getattr(param, "max", None)))
        expected = expected or str(bounds)
    else:
        return None
    param = error.param
    opts = [opt for opt in getattr(param, "opts", ()) if opt.startswith("-")]
    name = max(opts, key=len) if opts else str(getattr(param, "metavar", None) or param.name)
    return f"{name} must be {expected}, not {details[0].get('input')!r}"


def _print_version(value: bool) -> None:
    if value:
        from scorepad import __version__

        typer.echo(f"scorepad {__version__}")
        raise typer.Exit()


app = typer.Typer(
    name="scorepad",
    cls=Commands,
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
