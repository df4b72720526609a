"""A game and a club night played to a clock, through the CLI, with an injected clock:
every moment is set by the test (`scorepad.service.clock.now`), nothing waits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli_games import ok, refused

START = 1_741_978_800  # 2025-03-14 19:00 UTC


class FakeClock:
    """The service's clock, set by the test: `at(minutes)` after START."""

    def __init__(self) -> None:
        self.moment = float(START)

    def at(self, minutes: float) -> None:
        self.moment = START + 60 * minutes

    def now(self) -> float:
        return self.moment


@pytest.fixture
def clock(home: Path, monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr("scorepad.service.clock.now", fake.now)
    return fake


def sheet_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("Time "))


def test_a_game_to_a_clock_ends_after_the_deal_in_play_when_time_is_called(
    home: Path, clock: FakeClock
) -> None:
    out = ok("new", "g", "--players", "Ann,Bob,Cy,Di", "--minutes", "45")
    assert "The clock runs 45 minutes: time is called after that." in out
    clock.at(10)
    ok("bid", "Ann=3", "Bob=3", "Cy=3", "Di=3")
    ok("tricks", "Ann=4", "Bob=3", "Cy=3", "Di=3")  # Ann & Cy 61, Bob & Di 60
    assert sheet_line(ok("show")) == "Time left: 35:00."
    clock.at(44.5)
    ok("bid", "Ann=3", "Bob=3", "Cy=3", "Di=3")
    clock.at(50)  # a phone (or a shell) that looks again after the call sees it
    assert sheet_line(ok("show")) == "Time is up: deal 2 is the last (a tie plays one more)."
    ok("tricks", "Ann=3", "Bob=3", "Cy=3", "Di=4")  # 121 each: level, one more deal
    text = (home / "games" / "g.toml").read_text()
    assert "[clock]\nstart = 2025-03-14 19:00:00+00:00\nminutes = 45\ncalled = 2\n" in text
    data = json.loads(ok("show", "--json"))
    assert data["status"] == "level"
    ok("bid", "Ann=3", "Bob=3", "Cy=3", "Di=3")
    ok("tricks", "Ann=3", "Bob=4", "Cy=3", "Di=3")
    data = json.loads(ok("show", "--json"))
    assert (data["status"], data["winner"], data["end_reason"]) == (
        "finished", "Bob & Di", "time",
    )  # fmt: skip
    assert "deal 4" not in ok("show")
    assert "the game is over" in refused(home, "bid", "Ann=3", "Bob=3", "Cy=3", "Di=3")


@pytest.mark.parametrize("minutes", ["0", "1441", "-5"])
def test_a_clock_of_no_length_is_refused(home: Path, minutes: str) -> None:
    said = refused(home, "new", "g", "--players", "Ann,Bob,Cy,Di", "--minutes", minutes)
    assert said == f"--minutes must be 1 to 1440, not {minutes}"
