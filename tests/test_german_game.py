"""A German game from `new` to its end, through the commands and table mode, read whole.

The transcript (tests/golden/de_game.txt) is what a German table sees: every answer,
refusal, warning and sheet of a game by the club rules with a nil, a blind nil, a set, a
bag penalty, a correction, undo and the end. It was read line by line as a German card
player would read it (the seeds' words, docs/glossary.md); a change of wording shows here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_golden
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.i18n import set_language

runner = CliRunner()

# (arguments, what is typed at table mode's prompts, the exit status)
GAME: list[tuple[list[str], list[str] | None, int]] = [
    (["new", "freitag", "--preset", "club", "--players", "Anna,Bernd,Clara,Dieter",
      "--teams", "Wir,Die"], None, 0),
    (["bid", "Anna=4", "Bernd=null", "Clara=3"], None, 2),
    (["bid", "Anna=4", "Bernd=null", "Clara=3", "Dieter=5"], None, 0),
    (["tricks", "Anna=5", "Bernd=0", "Clara=3", "Dieter=4"], None, 2),
    (["tricks", "Anna=5", "Bernd=0", "Clara=3", "Dieter=5"], None, 0),
    (["bid", "Anna=blind null", "Bernd=2", "Clara=4", "Dieter=2"], None, 2),
    (["bid", "Anna=5", "Bernd=2", "Clara=4", "Dieter=2"], None, 0),
    (["tricks", "Anna=3", "Bernd=4", "Clara=2", "Dieter=4"], None, 0),
    (["bid", "Anna=6", "Bernd=2", "Clara=blind null", "Dieter=2"], None, 0),
    (["tricks", "Anna=7", "Bernd=3", "Clara=0", "Dieter=3"], None, 0),
    (["explain", "3"], None, 0),
    (["bid", "Anna=4", "Bernd=2", "Clara=4", "Dieter=2"], None, 0),
    (["tricks", "Anna=4", "Bernd=3", "Clara=3", "Dieter=3"], None, 0),
    (["tricks", "--round", "4", "Anna=5", "Bernd=3", "Clara=3", "Dieter=2"], None, 0),
    (["bid", "Anna=3", "Bernd=2", "Clara=3", "Dieter=2"], None, 0),
    (["undo"], None, 0),
    (["show"], None, 0),
    # Table mode, round 5 on: a typo, a bid taken back, the bag penalty, then the end.
    (["play"], ["x", "2", "3", "3", "u", "2", "3", "6", "", "",
                "4", "2", "5", "2", "9", "", "",
                "3", "3", "3", "2", "7", "", ""], 0),
    (["bid", "Anna=3", "Bernd=3", "Clara=3", "Dieter=3"], None, 2),
    (["explain", "5"], None, 0),
]  # fmt: skip


def test_a_german_game_from_new_to_the_end_reads_as_german(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREPAD_LANG", "de")
    transcript = []
    for args, typed, expected in GAME:
        set_language("de")
        answers = "".join(f"{answer}\n" for answer in typed) if typed is not None else None
        result = runner.invoke(app, args, prog_name="scorepad", input=answers)
        assert result.exit_code == expected, (args, result.output)
        transcript.append("$ scorepad " + " ".join(args))
        transcript.append(result.output.rstrip("\n"))
    text = "\n".join(transcript) + "\n"
    assert_golden("de_game.txt", text)
    # The file German wrote opens in English unchanged, and German reads it back the same.
    path = home / "games" / "freitag.toml"
    written = path.read_bytes()
    set_language("en")
    shown = runner.invoke(app, ["--lang", "en", "show"], prog_name="scorepad")
    assert shown.exit_code == 0
    assert "Wir won after round 7 (reached 500): Wir 524, Die 320." in shown.output
    set_language("de")
    again = runner.invoke(app, ["--lang", "de", "show"], prog_name="scorepad")
    assert "Sieg für Wir nach Runde 7 (500 erreicht): Wir 524, Die 320." in again.output
    assert path.read_bytes() == written
