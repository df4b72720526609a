"""`scorepad show` on any screen, and `show --watch` as a second screen facing the table."""

from __future__ import annotations

import io
import json
import os
import queue
import re
import signal
import threading
import time
from pathlib import Path
from typing import IO

import pytest
from conftest import scorepad_process, stopped, totals_shown
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.game import standings
from scorepad.files.store import load_game_file

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


class Output:
    """A process's stdout, read by a thread so that a test can wait for a line, bounded."""

    def __init__(self, stream: IO[str]) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, args=(stream,), daemon=True).start()

    def _pump(self, stream: IO[str]) -> None:
        while line := stream.readline():
            self.lines.put(line)

    def until(self, text: str, seconds: float = 20) -> str:
        """What was printed next, up to and including `text`, waiting at most `seconds`."""
        seen = ""
        deadline = time.monotonic() + seconds
        while text not in seen:
            try:
                seen += self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"{text!r} never came; the process printed:\n{seen}") from None
        return seen


def test_watch_redraws_when_another_process_changes_the_game(six: Path) -> None:
    env = {**os.environ, "COLUMNS": "80"}
    watcher = scorepad_process("show", "--watch", env=env)
    try:
        assert watcher.stdout is not None
        output = Output(watcher.stdout)
        first = output.until("Next deal: Catherine.")
        assert "Round 3" not in first
        # Another shell bids: the watcher holds no lock, so this is as quick as ever.
        started = time.monotonic()
        ok("bid", "1=2", "2=2", "3=2", "4=2", "5=2", "6=2")
        assert time.monotonic() - started < 5
        second = output.until("Round 3 (dealt by Catherine): bids are in")
        assert "─" * 20 in second  # each new state of the sheet under a rule
        ok("tricks", "1=2", "2=1", "3=1", "4=2", "5=1", "6=1")
        third = output.until("─" * 20) + output.until("Next deal: Dan.")
        assert "3 │ Catherine" in third and "bids are in" not in third
    finally:
        watcher.send_signal(signal.SIGINT)
        out, err = stopped(watcher)
    assert watcher.returncode == 130  # Ctrl-C: as table mode and simulate end
    assert "Traceback" not in err + out


def test_watch_on_a_terminal_redraws_in_place(six: Path) -> None:
    from rich.console import Console

    from scorepad.cli.watch import watch_sheet

    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=80, no_color=True)
    done = threading.Event()
    watching = threading.Thread(
        target=watch_sheet, args=(six, console), kwargs={"interval": 0.05, "until": done.is_set}
    )
    watching.start()
    try:
        ok("bid", "1=2", "2=2", "3=2", "4=2", "5=2", "6=2")
        deadline = time.monotonic() + 20
        while "Round 3 (dealt by" not in screen.getvalue() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        done.set()
        watching.join(timeout=20)
    drawn = screen.getvalue()
    assert "Round 3 (dealt by Catherine): bids are in, tricks to come." in drawn
    assert "Watching six; Ctrl-C stops." in drawn
    assert "\x1b[2K" in drawn  # the old sheet's lines are erased: redrawn in place


def test_watch_and_json_do_not_mix(six: Path) -> None:
    result = runner.invoke(app, ["show", "--watch", "--json"])
    assert result.exit_code == 2
    assert result.stderr == "scorepad: --watch draws the sheet; it cannot be combined with --json\n"


def test_watch_redraws_when_the_terminal_is_resized(six: Path) -> None:
    from rich.console import Console

    from scorepad.cli.watch import watch_sheet

    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=80, height=60, no_color=True)
    done = threading.Event()
    watching = threading.Thread(
        target=watch_sheet, args=(six, console), kwargs={"interval": 0.05, "until": done.is_set}
    )
    watching.start()
    try:
        deadline = time.monotonic() + 20
        while "Watching six" not in screen.getvalue() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not re.search(ONE_TABLE, plain(screen.getvalue()))  # three tables at 80
        console.size = (200, 60)  # the TV's terminal is made wider; the game is unchanged
        while not re.search(ONE_TABLE, plain(screen.getvalue())) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        done.set()
        watching.join(timeout=20)
    # At 200 columns all six sides are one table: their headings share a line.
    assert re.search(ONE_TABLE, plain(screen.getvalue()))


ONE_TABLE = r"│ Annabelle +│ Bob +│ Catherine +│ Dan +│ Eve +│ Fred"


def plain(text: str) -> str:
    """What a terminal shows, without the escape codes that style it."""
    return re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", text)


def test_a_short_terminal_shows_the_latest_rounds_and_the_totals(six: Path) -> None:
    from rich.console import Console

    from scorepad.cli.watch import fitted_sheet

    for _ in range(4):
        ok("bid", "1=2", "2=2", "3=2", "4=2", "5=2", "6=2")
        ok("tricks", "1=2", "2=1", "3=1", "4=2", "5=1", "6=1")
    game = load_game_file(six)
    result = standings(game)
    screen = io.StringIO()
    console = Console(file=screen, width=200, height=14, no_color=True)
    console.print(fitted_sheet(game, result, console, 14))
    drawn = screen.getvalue()
    lines = drawn.splitlines()
    assert len(lines) <= 14 and "…" not in drawn
    assert lines[0].startswith("Rounds 1 to ") and "left out to fit the screen" in lines[0]
    assert re.search(r"^6 │", drawn, flags=re.M)  # the latest round is there
    pairs = zip(result.scores, result.bags, strict=True)
    assert totals_shown(drawn) == [number for pair in pairs for number in pair]


def test_a_tie_over_the_target_is_level_on_the_sheet_in_json_and_exports(home: Path) -> None:
    ok("new", "tie", "--players", "Ann,Bob,Cy,Di", "--teams", "Us,Them", "--set", "target=100")
    for bids in ("Ann=3 Bob=4 Cy=3 Di=3", "Ann=4 Bob=3 Cy=3 Di=3"):
        ok("bid", *bids.split())
        said = ok("tricks", *bids.split())
    level = "Us and Them are level at 130: round 3 decides."
    entered = "Round 2: Us +70 -> 130 (0 bags), Them +60 -> 130 (0 bags). Next deal: Cy."
    assert said == f"{entered} {level}\n"  # the entry says it too
    sheet = ok("show")
    assert level in sheet and "need 0" not in sheet
    shown = json.loads(ok("show", "--json"))
    assert (shown["status"], shown["winner"]) == ("level", None)
    assert [team["to_target"] for team in shown["teams"]] == [0, 0]  # as before
    assert f"Next deal: Cy. {level}" in ok("export", "--format", "md")
    page = ok("export", "--format", "html")
    assert level in page and "needs 0" not in page and ">level</td>" in page
    assert [game["status"] for game in json.loads(ok("games", "--json"))] == ["level"]
    assert "level" in ok("games")
    german = ok("--lang", "de", "show")
    assert "Us und Them stehen gleich bei 130: Runde 3 entscheidet." in german
    ok("bid", "Ann=4", "Bob=3", "Cy=3", "Di=3")
    assert json.loads(ok("show", "--json"))["status"] == "level"  # round 3 decides
    ok("tricks", "Ann=4", "Bob=3", "Cy=3", "Di=3")
    shown = json.loads(ok("show", "--json"))
    assert (shown["status"], shown["winner"]) == ("finished", "Us")
