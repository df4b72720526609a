"""The README's terminal sessions are real: each `$ scorepad ...` runs and prints exactly that.

Three things a terminal has that a test does not are supplied: what is typed at table
mode's prompts is read back from the session itself (`Bob bids: 3` types 3); `show
--watch` is stopped after its first drawing, as Ctrl-C would; and the saved games' times
are set to one fixed evening, so that `scorepad games` prints the same dates every run.
"""

from __future__ import annotations

import os
import re
import shlex
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorepad.cli.main import app

README = Path(__file__).parent.parent / "README.md"
# The README's German twin: its sessions run in German, as a German locale would have it.
READMES = {"en": README, "de": README.parent / "docs" / "de" / "README.md"}


def sessions(readme: Path = README) -> list[list[tuple[str, list[str]]]]:
    """Each ```console block as (command, expected output lines) pairs."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", readme.read_text(), flags=re.S):
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
        found.append(steps)
    return found


# A prompt of table mode and what was typed after it: `Bob bids: 3`, `Dee took [3]: `.
PROMPT = re.compile(
    r"^(?:[^│]+ bids?|[^│]+ took(?: \[\d+\])?|Press Enter[^│]*?"
    r"|Ansage von [^│]+|Stiche von (?!Runde )[^│]+?(?: \[\d+\])?|Enter (?:für|zum)[^│]*?"
    r"):(?: (.*))?$"
)
EVENING = time.mktime((2025, 6, 6, 21, 30, 0, 0, 0, -1))


def answers(lines: list[str]) -> list[str]:
    """What was typed at table mode's prompts in a session's output."""
    return [match.group(1) or "" for line in lines if (match := PROMPT.match(line))]


def ctrl_c(seconds: float) -> None:
    """`show --watch` waits between looks at the file: the reader presses Ctrl-C."""
    raise KeyboardInterrupt


@pytest.mark.parametrize("language", READMES)
def test_the_readme_has_sessions(language: str) -> None:
    assert sum(len(steps) for steps in sessions(READMES[language])) >= 5


@pytest.mark.parametrize("language", READMES)
def test_readme_sessions_run_as_shown(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorepad.i18n import set_language

    monkeypatch.setenv("SCOREPAD_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    monkeypatch.setattr("scorepad.cli.watch.time.sleep", ctrl_c)
    for steps in sessions(READMES[language]):
        for command, expected in steps:
            set_language(language)  # as LANG=de_DE.UTF-8 would choose it
            words = shlex.split(command)
            assert words[0] == "scorepad", command
            if words[1:2] == ["games"]:
                for path in (tmp_path / "games").glob("*.toml"):
                    os.utime(path, (EVENING, EVENING))
            typed = "".join(f"{answer}\n" for answer in answers(expected))
            result = runner.invoke(app, words[1:], input=typed if words[1] == "play" else None)
            shown = [line.rstrip() for line in result.output.rstrip("\n").splitlines()]
            assert shown == [line.rstrip() for line in expected], f"$ {command}"


def test_the_readme_tells_a_newcomer_what_they_need(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a first reader was missing: Python, the venv, the test tools, where games go."""
    import tomllib

    from scorepad.files.library import default_home

    text = " ".join(README.read_text().split())
    project = tomllib.loads((README.parent / "pyproject.toml").read_text())["project"]
    assert project["requires-python"] == ">=3.11" and "Python 3.11 or newer" in text
    assert "python3 -m venv .venv && . .venv/bin/activate" in text
    assert "takes three to six minutes on two cores" in text and "Node" in text
    assert "sudo apt-get install chromium poppler-utils" in text and "skipped" in text
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", "/home/newcomer")
    if os.name == "posix" and default_home() == Path("/home/newcomer/.config/scorepad"):
        assert "`~/.config/scorepad/games/` on Linux" in text
    assert "`$SCOREPAD_HOME/games/` if `SCOREPAD_HOME` is set" in text
    # The blind nil in the first session is allowed by the preset it names.
    assert "The default preset, `standard`, has no blind nil" in text
    assert "--preset club" in sessions()[0][0][0]
    assert "status 130" in text
