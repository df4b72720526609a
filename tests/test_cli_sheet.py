"""`scorepad show` on any screen, and `show --watch` as a second screen facing the table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import totals_shown
from typer.testing import CliRunner

from scorepad.cli import app
from scorepad.game import standings
from scorepad.store import load_game_file

runner = CliRunner()
SIX = "Annabelle,Bob,Catherine,Dan,Eve,Fred"


def ok(*args: str, columns: int = 80) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": str(columns)})
    assert (result.exit_code, result.stderr) == (0, ""), result.stderr
    return result.stdout


@pytest.fixture
def six(home: Path) -> Path:
    """A six-player solo game, two rounds played."""
    ok("new", "six", "--players", SIX, "--preset", "solo-6")
    ok("bid", "1=2", "2=nil", "3=1", "4=2", "5=1", "6=1")
    ok("tricks", "1=2", "2=1", "3=1", "4=2", "5=1", "6=1")
    ok("bid", "1=3", "2=1", "3=1", "4=1", "5=1", "6=1")
    ok("tricks", "1=0", "2=3", "3=1", "4=1", "5=2", "6=1")
    return home / "games" / "six.toml"


@pytest.mark.parametrize("columns", [80, 60, 40], ids=lambda c: f"COLUMNS={c}")
def test_show_fits_the_terminal_with_six_sides(six: Path, columns: int) -> None:
    out = ok("show", columns=columns)
    assert max(len(line) for line in out.splitlines()) <= columns
    totals = totals_shown(out)
    result = standings(load_game_file(six))
    assert totals == [n for side in zip(result.scores, result.bags, strict=True) for n in side]
    assert totals[:4] == [-10, 0, -87, 3]  # Annabelle set in round 2; Bob's nil failed
    for name in SIX.split(","):
        assert re.search(rf"│ {name} ", out) or f"\n{name}\n" in out, name
