"""The README's terminal sessions are real: each `$ scorepad ...` runs and prints exactly that."""

from __future__ import annotations

import re
import shlex
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


def test_the_readme_has_sessions() -> None:
    assert sum(len(steps) for steps in sessions()) >= 5


def test_readme_sessions_run_as_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREPAD_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for steps in sessions():
        for command, expected in steps:
            words = shlex.split(command)
            assert words[0] == "scorepad", command
            result = runner.invoke(app, words[1:])
            shown = [line.rstrip() for line in result.output.rstrip("\n").splitlines()]
            assert shown == [line.rstrip() for line in expected], f"$ {command}"
