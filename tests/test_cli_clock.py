"""A game and a club night played to a clock, through the CLI, with an injected clock:
every moment is set by the test (`scorepad.service.clock.now`), nothing waits."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
    # The game's clock as the event's JSON gives a night's, with when it ends and the call.
    assert data["clock"] == {"start": START, "minutes": 45, "end": START + 45 * 60, "called": 2}
    ok("bid", "Ann=3", "Bob=3", "Cy=3", "Di=3")
    ok("tricks", "Ann=3", "Bob=4", "Cy=3", "Di=3")
    data = json.loads(ok("show", "--json"))
    assert (data["status"], data["winner"], data["end_reason"]) == (
        "finished", "Bob & Di", "time",
    )  # fmt: skip
    assert "deal 4" not in ok("show")
    assert "the game is over" in refused(home, "bid", "Ann=3", "Bob=3", "Cy=3", "Di=3")


def play(*answers: str) -> str:
    """Table mode with the answers typed in; what it printed."""
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    result = CliRunner().invoke(app, ["play"], input="".join(f"{a}\n" for a in answers))
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_table_mode_says_the_time_left_then_that_time_is_up(home: Path, clock: FakeClock) -> None:
    """Table mode reads the clock at each prompt: the time left before a round's bids and
    tricks and under the sheet; after the clock ran out, the deal in play is the last."""
    ok("new", "g", "--players", "Ann,Bob,Cy,Di", "--minutes", "45")
    clock.at(10)
    out = play("3", "3", "3", "3", "6", "7", "", "q")  # Ann & Cy 60, Bob & Di 61
    assert "Round 1: Ann deals; Bob bids first.\nTime left: 35:00.\n" in out
    assert "Tricks of round 1 (a deal has 13):\nTime left: 35:00.\n" in out
    assert sheet_line(out.split("Tricks of round 1")[1]) == "Time left: 35:00."
    assert "Round 2: Bob deals; Cy bids first.\nTime left: 35:00.\n" in out
    clock.at(44)
    out = play("3", "3", "3", "3", "q")  # bid a minute before time runs out
    assert "Round 2: Bob deals; Cy bids first.\nTime left: 1:00.\n" in out
    clock.at(46)  # the players come back to the table after the clock ran out
    out = play("6", "7", "")
    assert "Tricks of round 2 (a deal has 13):\n" in out
    assert "Time is up: deal 2 is the last (a tie plays one more).\n" in out
    data = json.loads(ok("show", "--json"))
    assert (data["winner"], data["end_reason"], data["clock"]["called"]) == ("Bob & Di", "time", 2)
    assert "Bob & Di won after round 2 (time was called)" in out
    assert "Time left" not in out.split("Tricks of round 2")[1]  # over: no clock said


def _watched(path: Path, console: Any, steps: list[tuple[str, Callable[[], object]]]) -> list[str]:
    """Watch `path` in this thread, polling with no pause: once a step's words are on the
    screen, its act runs. Ends when every step's words were seen, or after 1,000 polls
    (a watch that never shows them); returns the words never seen."""
    from scorepad.cli.watch import watch_sheet

    left = list(steps)
    polls = itertools.count()

    def until() -> bool:
        while left and left[0][0] in console.file.getvalue():
            left.pop(0)[1]()
        return not left or next(polls) >= 1000

    watch_sheet(path, console, interval=0, until=until)
    return [words for words, _act in left]


def test_a_watched_sheet_says_the_time_left_and_is_drawn_again_when_time_runs_out(
    home: Path, clock: FakeClock
) -> None:
    """`show --watch` into a pipe: the time left at first, and, with no change to the file,
    the sheet once more when the clock runs out."""
    import io

    from rich.console import Console

    ok("new", "g", "--players", "Ann,Bob,Cy,Di", "--minutes", "45")
    ok("bid", "Ann=3", "Bob=3", "Cy=3", "Di=3")
    clock.at(10)
    console = Console(file=io.StringIO(), width=80, no_color=True)
    steps = [
        ("Time left: 35:00.", lambda: clock.at(46)),
        ("Time is up: deal 1 is the last (a tie plays one more).", lambda: None),
    ]
    assert _watched(home / "games" / "g.toml", console, steps) == []
    assert console.file.getvalue().count("Time left") == 1  # a pipe is not written every second


def test_a_watched_sheet_on_a_terminal_counts_the_time_down(home: Path, clock: FakeClock) -> None:
    """On a terminal the watched sheet is drawn again as the clock's seconds go by, with no
    change to the file."""
    import io

    from rich.console import Console

    ok("new", "g", "--players", "Ann,Bob,Cy,Di", "--minutes", "45")
    clock.at(10)
    console = Console(file=io.StringIO(), force_terminal=True, width=80, no_color=True)
    steps = [("Time left: 35:00.", lambda: clock.at(10.5)), ("Time left: 34:30.", lambda: None)]
    assert _watched(home / "games" / "g.toml", console, steps) == []


@pytest.mark.parametrize("minutes", ["0", "1441", "-5"])
def test_a_clock_of_no_length_is_refused(home: Path, minutes: str) -> None:
    said = refused(home, "new", "g", "--players", "Ann,Bob,Cy,Di", "--minutes", minutes)
    assert said == f"--minutes must be 1 to 1440, not {minutes}"


# ---------------------------------------------------------------------------
# A most-wins night: 12 players in 6 fixed pairs, a clock of 90 minutes that runs out in
# round 3, every deal chosen here so that the standings can be worked out by hand.

PAIRS = "Ann+Bob,Cid+Dee,Eve+Fay,Gus+Hal,Ivy+Jon,Kim+Lou"
# A deal as `scorepad bid` and `tricks` take it, seats a, b, c, d (a and c partners), and
# what it scores for the side of a and c, and for the side of b and d.
DEALS = {
    "first wins by 79": ("5 1 5 1", "5 1 5 2", (100, 21)),
    "first wins by 81": ("5 1 5 1", "6 1 5 1", (101, 20)),
    "second wins by 140": ("2 5 2 5", "2 5 1 5", (-40, 100)),
    "first ahead by 1": ("3 3 3 3", "4 3 3 3", (61, 60)),
    "second ahead by 1": ("3 3 3 3", "3 4 3 3", (60, 61)),
    "both set": ("4 4 4 4", "3 4 3 3", (-80, -80)),
    "first ahead by 123": ("3 3 3 3", "5 2 4 2", (63, -60)),
}


def seats_of(game: str) -> list[str]:
    players = json.loads(ok("show", "-g", game, "--json"))["players"]
    return [p if isinstance(p, str) else p["name"] for p in players]


def enter(game: str, kind: str, deal: str) -> None:
    values = DEALS[deal][0 if kind == "bid" else 1].split()
    seats = zip(seats_of(game), values, strict=True)
    ok(kind, "-g", game, *(f"{name}={value}" for name, value in seats))


def pair_of(name: str) -> str:
    return next(pair for pair in PAIRS.split(",") if name in pair.split("+"))


def test_a_most_wins_night_of_twelve_until_the_clock_runs_out_in_round_3(
    home: Path, clock: FakeClock
) -> None:
    out = ok("event", "new", "club", "--players", PAIRS.replace("+", ","), "--pairs", PAIRS,
             "--format", "most-wins", "--minutes", "90", "--set", "target=100", "--seed", "7")
    assert out.startswith("Started club (most-wins, 12 players, 5 rounds, seed 7).")
    # Worked out here, deal by deal: each pair's wins and margin.
    wins: dict[str, int] = dict.fromkeys(PAIRS.split(","), 0)
    margin: dict[str, int] = dict.fromkeys(PAIRS.split(","), 0)

    def book(game: str, scores: tuple[int, int]) -> None:
        a, b, c, d = seats_of(game)
        first, second = pair_of(a), pair_of(b)
        assert pair_of(c) == first and pair_of(d) == second
        winner = first if scores[0] > scores[1] else second
        wins[winner] += 1
        margin[first] += scores[0] - scores[1]
        margin[second] += scores[1] - scores[0]

    def table_games(number: int) -> list[str]:
        data = json.loads(ok("event", "show", "club", "--json"))
        return [t["game"] for t in data["rounds"][number - 1]["tables"]]

    def ranking() -> list[str]:
        data = json.loads(ok("event", "show", "club", "--json"))
        return ["+".join(row["pair"]) for row in data["standings"]]

    # Rounds 1 and 2 end by the target, well before the clock.
    for number, at_minute in ((1, 10), (2, 40)):
        clock.at(at_minute)
        for game, deal in zip(table_games(number), ("first wins by 79", "second wins by 140",
                                                    "first wins by 81"), strict=True):
            enter(game, "bid", deal)
            enter(game, "tricks", deal)
            book(game, DEALS[deal][2])
        if number == 1:
            top = ranking()[:2]
            clock.at(20)
            ok("event", "seat", "club")
            # Winners meet winners: the two best after round 1 sit at one table.
            met = [set(seats_of(game)) for game in table_games(2)]
            assert any(set(top[0].split("+")) | set(top[1].split("+")) == m for m in met)
    clock.at(50)
    ok("event", "seat", "club")
    one, two, three = table_games(3)
    clock.at(85)
    assert "Time left: 5:00." in ok("event", "show", "club")
    for game in (one, two, three):
        enter(game, "bid", "first ahead by 1" if game != two else "both set")
    clock.at(91)  # the clock ran out at 90, while every table was playing its first deal
    enter(one, "tricks", "first ahead by 1")  # the first entry after the call: it ends
    book(one, DEALS["first ahead by 1"][2])
    enter(two, "tricks", "both set")  # -80 each: a tie plays one more deal
    assert json.loads(ok("show", "-g", two, "--json"))["status"] == "level"
    clock.at(95)
    enter(two, "bid", "second ahead by 1")
    enter(two, "tricks", "second ahead by 1")
    book(two, (-20, -19))
    # Table three's phone comes back after the call: it sees time up, and the last deal.
    clock.at(97)
    assert "Time is up: deal 1 is the last (a tie plays one more)." in ok("show", "-g", three)
    assert "Time is up." in ok("event", "show", "club")
    enter(three, "tricks", "first ahead by 123")
    book(three, DEALS["first ahead by 123"][2])
    for game in (one, two, three):
        assert json.loads(ok("show", "-g", game, "--json"))["end_reason"] == "time"
    said = refused(home, "event", "seat", "club")
    assert said == "time is up for club: no round is seated after the clock ran out"
    # The standings: by wins, then margin, as worked out deal by deal above.
    data = json.loads(ok("event", "show", "club", "--json"))
    rows = [("+".join(r["pair"]), r["wins"], r["margin"], r["rank"]) for r in data["standings"]]
    expected = sorted(wins, key=lambda pair: (-wins[pair], -margin[pair]))
    assert [row[0] for row in rows] == expected
    assert [(row[1], row[2]) for row in rows] == [(wins[p], margin[p]) for p in expected]
    assert sum(wins.values()) == 9 and sum(margin.values()) == 0
    assert data["clock"] == {"start": START, "minutes": 90}


def test_most_wins_needs_a_clock(home: Path) -> None:
    said = refused(home, "event", "new", "club", "--players", PAIRS.replace("+", ","),
                   "--pairs", PAIRS, "--format", "most-wins")  # fmt: skip
    assert said == "--minutes is needed: the most-wins format plays until the clock stops"
    said = refused(home, "event", "new", "club", "--players", PAIRS.replace("+", ","),
                   "--pairs", PAIRS, "--format", "pairs")  # fmt: skip
    assert said == "--rounds is needed for the pairs format"
