"""The Typer app and its error boundary; command modules add their commands to `app`."""

# No `from __future__ import annotations`: Typer reads the annotations of the app's options on
# every run, and objects spare it compiling each one from a string.

import re
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any, TypeVar

import typer
from typer.core import TyperCommand, TyperGroup

from scorepad import __version__
from scorepad.errors import ScorepadError, Todo
from scorepad.i18n import LANGUAGES, N_, _, check_language, said_again, set_language

# Typer's refusals of the command line (Click's UsageError and its kin): Typer 0.28
# names their base TyperException; 0.27 exports BadParameter, one of them, whose base
# (ClickException) they share.
_REFUSALS: "type[typer.TyperException]" = getattr(typer, "TyperException", None) or next(
    base for base in typer.BadParameter.__mro__ if base.__name__ == "ClickException"
)


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
        _speak_rich_help()
        super().format_help(ctx, formatter)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = " ".join(self.collect_usage_pieces(ctx))
        formatter.write_usage(ctx.command_path, pieces, _("Usage: "))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        in_our_words(self, ctx)  # the group's own options are parsed as a command's are
        return super().parse_args(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except ScorepadError as error:
            typer.echo(f"scorepad: {error_words(error)}", err=True)
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
        except _REFUSALS as error:
            message = _in_our_words(error) or error.format_message().strip()
            if not message:
                pass  # a bare group: Typer has printed its help already
            elif "\n" in message:  # a bare group whose help comes back as text
                typer.echo(message, err=True)
            else:
                where = getattr(getattr(error, "ctx", None), "command_path", "scorepad")
                said = _("{where}: {message} (see {where} --help)")
                typer.echo(said.format(where=where, message=typer_words(message)), err=True)
            code = error.exit_code
        except typer.Abort:
            typer.echo(_("Aborted."), err=True)
            code = 1
        else:
            if not standalone_mode:
                return result
            code = result if isinstance(result, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


class _Command(TyperCommand):
    """A command whose help says `Usage:` in scorepad's language."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _speak_rich_help()
        super().format_help(ctx, formatter)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = " ".join(self.collect_usage_pieces(ctx))
        formatter.write_usage(ctx.command_path, pieces, _("Usage: "))


def _range_words(low: Any, high: Any) -> str | None:
    """`1 or more`, `0 to 13`: a range as the help and the refusals say it."""
    if low is None and high is None:
        return None
    if high is None:
        return _("{low} or more").format(low=low)
    if low is None:
        return _("{high} or less").format(high=high)
    return _("{low} to {high}").format(low=low, high=high)


def in_our_words(command: Any, ctx: Any) -> None:
    """Show `command`'s help, and its parameters' help and metavars, in this run's language.

    Through Click's public attributes of a command and its parameters (`help`,
    `metavar`): Typer shows each parameter as its version does (a value's type, a range
    as `x>=1`), scorepad only the words.
    """
    _translate(command, "help", "short_help", "options_metavar", "subcommand_metavar")
    for param in command.get_params(ctx):
        _translate(param, "help", "metavar")


def _translate(thing: Any, *attributes: str) -> None:
    """Show `thing`'s words in this run's language; the English ones are kept as msgids.

    Typer reads help from decorators and docstrings when a module is imported, which may
    be before `--lang` is read (and tests switch languages in one process), so the words
    are looked up each time a command is shown, from the English kept aside the first time.
    """
    originals: dict[str, Any] = thing.__dict__.setdefault("_scorepad_msgids", {})
    for attribute in attributes:
        if attribute not in originals:
            originals[attribute] = getattr(thing, attribute, None)
        original = originals[attribute]
        if isinstance(original, str) and original:
            setattr(thing, attribute, _(original))


# Typer's own words. Its vendored Click says them in English (through the standard
# library's gettext domain, which scorepad does not touch), so each one scorepad can show
# is a msgid here, matched when it is shown and said again in scorepad's language with
# the same values. Typer's rich help reads its panel titles from the public constants of
# `typer.rich_utils`, set before each help page.
_TYPER_MESSAGES = (
    N_("No such option: {name} Did you mean {suggestion}?"),
    N_("No such option: {name} (Possible options: {options})"),
    N_("No such option: {name}"),
    N_("No such command {name}."),
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Missing parameter: {name}"),
    N_("Missing command."),
    N_("Got unexpected extra argument ({arguments})"),
    N_("Got unexpected extra arguments ({arguments})"),
    N_("Got unexpected extra argument(s) ({arguments})"),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {count} arguments."),
    N_("Option {name} does not take a value."),
    N_("Invalid value for {name}: {reason}"),
    N_("Invalid value: {reason}"),
    N_("{value} is not one of {choices}."),
)
_TYPER_HELP_WORDS = (
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
)
_RICH_HELP_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
}


def error_words(error: ScorepadError) -> str:
    """A refusal as the terminal says it: what is wrong, the `--set` it is about, and what
    to do as a command to type (`errors.Todo`)."""
    what = f"--{error.option} {error}" if error.option else str(error)
    if error.settings is not None:
        source = " ".join(f"--set {text}" for text in error.settings) or "--set"
        what = f"{source}: {what}"
    todo, number = error.todo, error.number
    if todo is None:
        return what
    if todo is Todo.CORRECT_TRICKS:
        said = _("{what}; correct its tricks first (scorepad tricks --round {number} ...)")
    elif todo is Todo.ENTER_TRICKS_OR_UNDO:
        said = _(
            "{what}; enter its tricks (scorepad tricks PLAYER=N ...) or take the bids back"
            " (scorepad undo)"
        )
    elif todo is Todo.ENTER_BIDS_OR_CORRECT:
        said = _(
            "{what}; enter the bids first (scorepad bid PLAYER=BID ...), or correct a played"
            " round with --round N"
        )
    elif todo is Todo.CORRECT_ONLY:
        said = _("{what}, but a round can still be corrected with --round N")
    elif todo is Todo.START_OR_PICK_GAME:
        said = _(
            "{what}; start one with `scorepad new NAME --players A,B,C,D`, pick one with"
            " `scorepad use NAME`, or give --game NAME"
        )
    elif todo is Todo.PICK_GAME:
        said = _("{what}; pick another with `scorepad use NAME`")
    elif todo is Todo.LIST_TRASH:
        said = _("{what} (`scorepad restore` lists every copy)")
    elif todo is Todo.RESTORE_AS:
        said = _("{what}; restore it under another name with `scorepad restore {name} --as NEW`")
    elif todo is Todo.RESTORE_GAME:
        said = _("{what}; bring it back under that name (`scorepad restore`)")
    elif todo is Todo.START_EVENT:
        said = _("{what}; start one with `scorepad event new NAME --players A,B,...`")
    elif todo is Todo.START_GAME:
        said = _("{what}: start an ordinary game with `scorepad new`")
    elif todo is Todo.FEWER_ROUNDS:
        said = _("{what}; give --rounds {number} or fewer")
    elif todo is Todo.GIVE_PAIRS:
        said = _("{what}; give --pairs A+B,C+D,...")
    elif todo is Todo.FORCE_REOPEN:
        said = _("{what}; give --force to reopen it all the same")
    else:  # Todo.GIVE_TRAILING_BY
        said = _("{what} (give --trailing-by)")
    return said.format(what=what, number=number, name=error.name)


def typer_words(message: str) -> str:
    """A message of Typer's, said in this run's language (unchanged if it is not Typer's)."""
    return said_again(message, _TYPER_MESSAGES)


def _speak_rich_help() -> None:
    """Typer's rich help panels titled in this run's language."""
    from typer import rich_utils  # Rich's help (some 20 ms): for a help page alone

    for name, msgid in _RICH_HELP_WORDS.items():
        setattr(rich_utils, name, _(msgid))


# What a value that does not convert should have been, by the converter's error type.
_EXPECTED = {
    "int_parsing": N_("a whole number"),
    "int_from_float": N_("a whole number"),
    "float_parsing": N_("a number"),
    "bool_parsing": N_("true or false"),
}


# A value Click's types refuse: `'abc' is not a valid integer.`, `0 is not in the range x>=1.`
_NOT_VALID = re.compile(r"(?P<value>.*) is not a valid (?P<kind>int|float|bool)(eger|ean)?\.?")
_OUT_OF_RANGE = re.compile(r"(?P<value>.*) is not in the range .*")
_KINDS = {"int": "int_parsing", "float": "float_parsing", "bool": "bool_parsing"}


def _in_our_words(error: Exception) -> str | None:
    """`ROUND must be a whole number, not 'abc'`, for a value of the wrong type or range.

    Click's types say it as a programmer would (`'abc' is not a valid integer.`, `0 is
    not in the range x>=1.`); the value and what was expected are taken from it and
    said the way every other refusal is.
    """
    if not isinstance(error, typer.BadParameter) or error.param is None:
        return None
    param = error.param
    found = _refused_value(error)
    if found is None:
        return None
    kind, value = found
    expected = _(_EXPECTED[kind]) if kind in _EXPECTED else str(_range_words(*_bounds(param)))
    opts = [opt for opt in getattr(param, "opts", ()) if opt.startswith("-")]
    name = max(opts, key=len) if opts else str(getattr(param, "metavar", None) or param.name)
    return _("{name} must be {expected}, not {value}").format(
        name=name, expected=expected, value=repr(value)
    )


def _refused_value(error: Any) -> tuple[str, str] | None:
    """What kind of value Click's type refused (`int_parsing`, or `range`), and the
    words typed."""
    message = str(getattr(error, "message", ""))
    match = _NOT_VALID.fullmatch(message)
    if match:
        return _KINDS[match["kind"]], match["value"].strip("'")
    match = _OUT_OF_RANGE.fullmatch(message)
    if match and _bounds(error.param) != (None, None):
        return "range", match["value"].strip("'")
    return None


def _bounds(param: Any) -> tuple[Any, Any]:
    """A number parameter's range, as its Click type holds it."""
    return getattr(param.type, "min", None), getattr(param.type, "max", None)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"scorepad {__version__}")
        raise typer.Exit()


def _choose_language(value: str | None) -> None:
    if value is not None:
        try:
            set_language(check_language(value))
        except ScorepadError as error:
            raise typer.BadParameter(error_words(error)) from None


_Function = TypeVar("_Function", bound=Callable[..., Any])


class App(typer.Typer):
    """scorepad's Typer app: its commands are `_Command`s (Typer's public `cls`)."""

    def command(
        self, *args: Any, cls: Any = None, **kwargs: Any
    ) -> Callable[[_Function], _Function]:
        return super().command(*args, cls=cls or _Command, **kwargs)


def _new_app(*, add_completion: bool) -> typer.Typer:
    return App(
        name="scorepad",
        cls=Commands,
        help="A score pad for Spades: bids, tricks, nil, bags and house rules, scored right.",
        no_args_is_help=True,
        add_completion=add_completion,
        context_settings={"help_option_names": ["-h", "--help"]},
        pretty_exceptions_show_locals=False,
    )


app = _new_app(add_completion=True)


def app_for(command: str) -> typer.Typer:
    """The app as a run that names `command` first needs it: that command alone.

    Typer builds every registered command's parameters, and the completion options, on
    each run. Once the command is named, no other command can run, and the completion
    options (global, so before the command) cannot have been given: only `--lang` can.
    """
    single = _new_app(add_completion=False)
    single.registered_callback = app.registered_callback
    named = typer.main.get_command_name  # Typer's name for a command from its function
    single.registered_commands = [
        info
        for info in app.registered_commands
        if (info.name or named(getattr(info.callback, "__name__", ""))) == command
    ]
    single.registered_groups = [info for info in app.registered_groups if info.name == command]
    return single


@app.callback()
def scorepad(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help=N_("Print scorepad's version and exit."),
            is_eager=True,
            callback=_print_version,
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="|".join(LANGUAGES),
            help=N_("The language to speak (default: from LANG, LC_ALL or SCOREPAD_LANG)."),
            is_eager=True,
            callback=_choose_language,
        ),
    ] = None,
) -> None:
    """A score pad for Spades: bids, tricks, nil, bags and house rules, scored right."""
    # A callback keeps an app a group, its commands named, even the one-command app
    # `app_for` makes (which takes this callback, and so --lang, with it).
