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

from scorepad.cli import app

README = Path(__file__).parent.parent / "README.md"


def sessions() -> list[list[tuple[str, list[str]]]]:
    """Each ```console block as (command, expected output lines) pairs."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", README.read_text(), flags=re.S):
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
        found.append(steps)
    return found


# A prompt of table mode and what was typed after it: `Bob bids: 3`, `Dee took [3]: `.
PROMPT = re.compile(r"^(?:[^│]+ bids?|[^│]+ took(?: \[\d+\])?|Press Enter[^│]*?):(?: (.*))?$")
EVENING = time.mktime((2025, 6, 6, 21, 30, 0, 0, 0, -1))


def answers(lines: list[str]) -> list[str]:
    """What was typed at table mode's prompts in a session's output."""
    return [match.group(1) or "" for line in lines if (match := PROMPT.match(line))]


def ctrl_c(seconds: float) -> None:
    """`show --watch` waits between looks at the file: the reader presses Ctrl-C."""
    raise KeyboardInterrupt


def test_the_readme_has_sessions() -> None:
    assert sum(len(steps) for steps in sessions()) >= 5


def test_readme_sessions_run_as_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREPAD_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    monkeypatch.setattr("scorepad.cli.watch.time.sleep", ctrl_c)
    for steps in sessions():
        for command, expected in steps:
            words = shlex.split(command)
            assert words[0] == "scorepad", command
            if words[1:2] == ["games"]:
                for path in (tmp_path / "games").glob("*.toml"):
                    os.utime(path, (EVENING, EVENING))
            typed = "".join(f"{answer}\n" for answer in answers(expected))
            result = runner.invoke(app, words[1:], input=typed if words[1] == "play" else None)
            shown = [line.rstrip() for line in result.output.rstrip("\n").splitlines()]
            assert shown == [line.rstrip() for line in expected], f"$ {command}"
