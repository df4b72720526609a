"""The console script loads only the command it runs, and still behaves as the full app."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from test_cli_check import all_commands

PROBE = """
import sys
sys.argv = ["scorepad", *{args!r}]
from scorepad.cli.main import main
try:
    main()
except SystemExit as stop:
    code = stop.code
loaded = sorted(name for name in sys.modules
                if name.startswith("scorepad.cli.") and name != "scorepad.cli.main")
print("LOADED", loaded, file=sys.stderr)
print("PYDANTIC", "pydantic" in sys.modules, file=sys.stderr)
"""


def run_main(*args: str) -> tuple[str, str]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=list(args))],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout, result.stderr


def test_a_command_loads_only_its_own_module() -> None:
    out, err = run_main("check", "--json", "2:4", "3:4")
    assert json.loads(out)["points"] == 53
    assert "LOADED ['scorepad.cli.check', 'scorepad.cli.common', 'scorepad.cli.core']" in err


@pytest.mark.parametrize(
    "args",
    [
        ["presets", "show", "club"],  # a str argument
        ["check", "--json", "2:4", "3:4"],  # list[str]
        ["check", "--json", "--score", "337", "--bags", "7", "2:4", "3:4"],  # ints
    ],
)
def test_a_command_converts_its_values_without_pydantic(args: list[str]) -> None:
    """Typer below 0.29 converts a parameter's value with Click's types: no command
    imports pydantic (Typer 0.29's converter, some 40% of a command's start-up)."""
    out, err = run_main(*args)
    assert "PYDANTIC False" in err
    if args[0] == "check":
        assert json.loads(out)["score"] == (290 if "--score" in args else 53)


@pytest.mark.parametrize("args", [["--help"], []], ids=["help", "bare"])
def test_help_lists_every_command(args: list[str]) -> None:
    out, err = run_main(*args)
    for command in ("new", "bid", "tricks", "show", "export", "check", "presets", "simulate"):
        assert f" {command} " in out + err


def test_an_unknown_command_is_one_line() -> None:
    _, err = run_main("frob")
    assert err.splitlines()[0] == "scorepad: No such command 'frob'. (see scorepad --help)"


def test_version() -> None:
    from scorepad import __version__

    out, err = run_main("--version")
    assert out == f"scorepad {__version__}\n"
    assert "LOADED ['scorepad.cli.core']" in err  # no command's module is needed


@pytest.mark.parametrize("path", [path for path, _ in all_commands()], ids=lambda p: p or "app")
def test_dash_h_is_help_on_every_command(path: str) -> None:
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    short = CliRunner().invoke(app, [*path.split(), "-h"])
    long = CliRunner().invoke(app, [*path.split(), "--help"])
    assert short.exit_code == 0 and "Usage: " in short.stdout
    assert short.stdout == long.stdout


@pytest.mark.parametrize("path", [path for path, _ in all_commands() if path])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_app_of_one_named_command_says_what_the_full_app_says(path: str, lang: str) -> None:
    """`main` builds only the command named first (no other, no completion options): its
    help and its refusals are the full app's, word for word, in either language."""
    from typer.testing import CliRunner

    from scorepad.cli.main import app, load_commands

    word = path.split()[0]
    one = load_commands(word)
    # A command's name is its function's, or the one it is given (`import` is a keyword).
    names = [info.name or info.callback.__name__ for info in one.registered_commands
             if info.callback]  # fmt: skip
    groups = [info.name for info in one.registered_groups]
    assert names + groups == [word]
    for args in (["--lang", lang, *path.split(), "--help"], [*path.split(), "--frob"]):
        ours = CliRunner().invoke(one, args, prog_name="scorepad", env={"COLUMNS": "100"})
        full = CliRunner().invoke(app, args, prog_name="scorepad", env={"COLUMNS": "100"})
        assert ours.exit_code == full.exit_code
        assert (ours.stdout, ours.stderr) == (full.stdout, full.stderr)
    assert CliRunner().invoke(app, ["--lang", "en", "--version"]).exit_code == 0


@pytest.mark.parametrize("path", [path for path, _ in all_commands()], ids=lambda p: p or "app")
def test_every_help_page_reads_in_scorepads_words(path: str) -> None:
    """No validator's words and no traceback: Typer's notation of a value's type
    (`<int>`), a range (`x>=1`) and a required argument (`{NAME}`) is its own, shown as
    its version shows it."""
    import re

    from typer.testing import CliRunner

    from scorepad.cli.main import app

    out = CliRunner().invoke(app, [*path.split(), "-h"], env={"COLUMNS": "200"}).stdout
    assert re.findall(r"Input should|Traceback", out) == []


def test_help_shows_ranges_metavars_and_unbroken_paragraphs() -> None:
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    def page(*args: str) -> list[str]:
        out = CliRunner().invoke(app, [*args, "-h"], env={"COLUMNS": "300"}).stdout
        return [" ".join(line.strip("│ ").split()) for line in out.splitlines()]

    assert "Usage: scorepad rename [OPTIONS] {NAME} {NEW}" in page("rename")
    assert "Usage: scorepad explain [OPTIONS] [ROUND]" in page("explain")
    assert "--games -n N [x>=1] Games to play. [default: 100]" in page("simulate")
    assert "--set KEY=VALUE Override one rule (repeatable), like target=300." in page("new")
    assert "--json Print a JSON array instead, one object per game." in page("games")
    assert (
        "html is one printable page with a score chart (no scripts, no network); svg and txt are"
        " the sheet as `show` draws it; json is what `show --json` prints; csv has one row per"
        " round and team."
    ) in page("export")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            ["simulate", "--games", "0"],
            "scorepad simulate: --games must be 1 or more, not '0' (see scorepad simulate --help)",
            id="range",
        ),
        pytest.param(
            ["explain", "abc"],
            "scorepad explain: ROUND must be a whole number, not 'abc' (see scorepad explain"
            " --help)",
            id="argument",
        ),
        pytest.param(
            ["bid", "--round", "x", "Ann=3"],
            "scorepad bid: --round must be a whole number, not 'x' (see scorepad bid --help)",
            id="option",
        ),
    ],
)
def test_a_wrong_type_of_argument_is_one_line_in_our_words(args: list[str], message: str) -> None:
    _, err = run_main(*args)
    lines = err.splitlines()
    assert lines[0] == message and lines[1].startswith("LOADED")


def completion_env(words: str, home: str) -> dict[str, str]:
    """The variables bash sets when it asks for the last word of `words`."""
    return {
        "SCOREPAD_HOME": home,
        "_SCOREPAD_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
    }


def complete(words: str, home: str) -> list[str]:
    """What the shell offers for the last word of `words` (asked of the app in this process)."""
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    result = CliRunner().invoke(app, [], env=completion_env(words, home), prog_name="scorepad")
    assert result.exit_code == 0, (result.output, repr(result.exception))
    return result.stdout.split("\n")[:-1] if result.stdout else []


@pytest.fixture
def saved(home: object) -> str:
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    runner = CliRunner()
    for args in (
        ["new", "friday", "--players", "Ann,Bob,Cat,Dan", "--teams", "Us,Them"],
        ["new", "sunday", "--players", "Eve,Fay,Gus,Hal"],
        ["use", "friday"],
    ):
        assert runner.invoke(app, args).exit_code == 0
    return str(home)


@pytest.mark.parametrize(
    ("words", "offered"),
    [
        pytest.param("scorepad use ", ["friday", "sunday"], id="game-names"),
        pytest.param("scorepad show --game s", ["sunday"], id="game-option"),
        pytest.param("scorepad bid ", ["Ann=", "Bob=", "Cat=", "Dan=", "Us=", "Them="],
                     id="players-and-teams"),
        pytest.param("scorepad tricks -g sunday Ann=3 G", ["Gus="], id="players-of-game"),
        pytest.param("scorepad new x -p so", ["solo-3", "solo-5", "solo-6"], id="presets"),
        pytest.param("scorepad export -f ", ["csv", "json", "md", "html", "svg", "txt"],
                     id="formats"),
        pytest.param("scorepad new x --players Ann,Bob,Cat,Dan --dealer C", ["Cat"], id="dealer"),
    ],
)  # fmt: skip
def test_shell_completion_offers_names(saved: str, words: str, offered: list[str]) -> None:
    assert complete(words, saved) == offered


def test_the_console_script_answers_the_shell(saved: str) -> None:
    """The installed `scorepad` itself, as bash runs it, offers the same words."""
    import os

    env = {**os.environ, **completion_env("scorepad new x -p so", saved)}
    result = subprocess.run(
        [sys.executable, "-c", "from scorepad.cli.main import main; main()"],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    assert result.stdout.split("\n")[:-1] == ["solo-3", "solo-5", "solo-6"]


def test_completion_scripts_are_offered() -> None:
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    result = CliRunner().invoke(app, ["--show-completion", "bash"])
    # The output and the exception say why, should this ever fail again (it has, rarely,
    # in whole-suite runs under load).
    assert result.exit_code == 0, (result.output, repr(result.exception))
    assert "_SCOREPAD_COMPLETE=complete_bash" in result.stdout
