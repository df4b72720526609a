"""`scorepad stats` end to end: saved games (built in tests/test_stats.py), damaged files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.files.library import game_path_for
from scorepad.files.store import save_game
from tests.test_stats import GAMES, PLAYER_ROWS, ruled_after_the_end, ruled_game

runner = CliRunner()


@pytest.fixture
def saved(home: Path) -> Path:
    for game in GAMES:
        save_game(game_path_for(game.name), game)
    return home


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["stats", *args])
    return result.exit_code, result.stdout, result.stderr


TABLE = """\
3 games (1 finished, 2 unfinished); a win needs a finished game.

player games fin. won win% rounds avg bid exact over under nil bnil rating
Ann        3    1   1 100%      4    4.50     1    1     1 0/0  0/0    2.5
Bob        2    1   0   0%      3    3.00     1    0     1 0/0  0/0   -1.8
Cat        2    1   1 100%      3    4.00     1    1     0 1/1  0/0    2.5
Eve        2    0   0    -      3    4.00     0    2     0 0/0  1/1      -
Dan        1    1   0   0%      1    5.00     1    0     0 0/0  0/0   -1.8
Fay        1    0   0    -      1    4.00     1    0     0 0/0  0/0      -

partners  games fin. won win% made set bags/rnd bag pen.
Ann & Bob     1    0   0    -    1   1     0.00        0
Ann & Cat     1    1   1 100%    1   0     1.00        0
Bob & Dan     1    1   0   0%    1   0     0.00        0
Cat & Eve     1    0   0    -    2   0     1.50        0
"""


def test_every_saved_game(saved: Path) -> None:
    assert run() == (0, TABLE, "")


def test_json_has_the_same_numbers(saved: Path) -> None:
    code, out, err = run("--json")
    data = json.loads(out)
    assert (code, err) == (0, "")
    assert (data["games"], data["finished"]) == (3, 1)
    assert [p["name"] for p in data["players"]] == list(PLAYER_ROWS)
    assert data["players"][0] == {
        "name": "Ann", "games": 3, "finished": 1, "wins": 1, "win_rate": 1.0, "rounds": 4,
        "bids": 4, "average_bid": 4.5, "judged": 3, "exact": 1, "over": 1, "under": 1,
        "nil_bids": 0, "nil_made": 0, "blind_nil_bids": 0, "blind_nil_made": 0,
        "rulings": {"books": 0, "points": 0, "set": 0, "forfeit": 0}, "misdeals": 0,
        "rating": 2.526,
    }  # fmt: skip
    # Only the finished game is rated: Eve played none.
    assert [p["rating"] for p in data["players"]][2:4] == [2.526, None]
    assert data["partnerships"][3] == {
        "players": ["Cat", "Eve"], "games": 1, "finished": 0, "wins": 0, "win_rate": 0.0,
        "rounds": 2, "contracts": 2, "made": 2, "set": 0, "bags": 3, "bags_per_round": 1.5,
        "bag_penalties": 0, "rulings": {"books": 0, "points": 0, "set": 0, "forfeit": 0},
        "misdeals": 0,
    }  # fmt: skip
    assert "head_to_head" not in data


def test_one_player_head_to_head(saved: Path) -> None:
    code, out, err = run("--player", "eve")
    assert (code, err) == (0, "")
    assert out.split("\n\n")[1:] == [
        "player games fin. won win% rounds avg bid exact over under nil bnil rating\n"
        "Eve        2    0   0    -      3    4.00     0    2     0 0/0  1/1      -",
        "partners  games fin. won win% made set bags/rnd bag pen.\n"
        "Cat & Eve     1    0   0    -    2   0     1.50        0",
        "Eve with games fin. won win%\n"
        "Cat          1    0   0    -",
        "Eve against games fin. won win%\n"
        "Ann             2    0   0    -\n"
        "Bob             1    0   0    -\n"
        "Fay             1    0   0    -\n",
    ]  # fmt: skip


def test_games_named_and_by_path(saved: Path) -> None:
    path = str(game_path_for("solo"))
    code, out, err = run("WON", path, "--json")
    data = json.loads(out)
    assert (code, err, data["games"], data["finished"]) == (0, "", 2, 1)
    # Individual play has no partnerships; won has two.
    assert [p["players"] for p in data["partnerships"]] == [["Ann", "Cat"], ["Bob", "Dan"]]


DAMAGED = {
    "not-toml.toml": "this is = = not toml\n",
    "empty.toml": "",
    "binary.toml": b"\xff\xfe\x00",
}


def test_damaged_files_are_skipped_with_one_line_each(saved: Path) -> None:
    for name, content in DAMAGED.items():
        path = saved / "games" / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    code, out, err = run()
    assert (code, out) == (0, TABLE)
    lines = err.splitlines()
    assert len(lines) == 3
    assert all(line.startswith("scorepad: skipped a damaged game file: ") for line in lines)
    assert [name for line in lines for name in DAMAGED if name in line] == [
        "binary.toml", "empty.toml", "not-toml.toml",
    ]  # fmt: skip


def test_no_saved_games(home: Path) -> None:
    assert run() == (0, f"No games to count in {home / 'games'}.\n", "")
    assert json.loads(run("--json")[1])["players"] == []


def test_an_unknown_player_is_one_line(saved: Path) -> None:
    code, out, err = run("--player", "Zed")
    assert (code, out) == (2, "")
    assert err == (
        "scorepad: no player named 'Zed' in these games; players: Ann, Bob, Cat, Dan, Eve, Fay\n"
    )


def test_an_average_bid_is_printed_to_the_hundredth(home: Path) -> None:
    """3, 3, 3 and 4 average 3.25, which one decimal would print as 3.2."""
    new = ["new", "quarter", "--players", "Ann,Bob,Cat,Dan"]
    assert runner.invoke(app, new).exit_code == 0
    for ann in ("3", "3", "3", "4"):
        for entry in (["bid", f"Ann={ann}"], ["tricks", "Ann=4"]):
            entered = runner.invoke(app, [*entry, "Bob=3", "Cat=3", "Dan=3"])
            assert entered.exit_code == 0, entered.stderr
    code, out, err = run("--player", "ann")
    assert (code, err) == (0, "")
    assert out.splitlines()[3].split()[:7] == ["Ann", "1", "0", "0", "-", "4", "3.25"]


def test_bids_never_judged_show_a_dash_not_zeros(home: Path) -> None:
    """Tricks entered as each side's total judge nobody's own bid: `-`, not 0 0 0."""
    new = ["new", "totals", "--players", "Ann,Bob,Cat,Dan", "--teams", "Us,Them"]
    assert runner.invoke(app, new).exit_code == 0
    for entry in (["bid", "Ann=3", "Bob=3", "Cat=4", "Dan=3"], ["tricks", "Us=7", "Them=6"]):
        entered = runner.invoke(app, entry)
        assert entered.exit_code == 0, entered.stderr
    code, out, err = run()
    assert (code, err) == (0, "")
    ann = out.splitlines()[3].split()
    assert ann[0] == "Ann" and ann[7:10] == ["-", "-", "-"]
    row = json.loads(run("--json")[1])["players"][0]
    assert (row["judged"], row["exact"], row["over"], row["under"]) == (0, 0, 0, 0)


def test_rulings_and_misdeals_are_counted_by_kind_in_the_table_and_json(home: Path) -> None:
    """tests/test_stats.py's director's night (a renege of 3 books and a forfeit against
    Bob & Dan, 30 points against Ann & Cat, a misdeal each by Ann and Bob), and a game
    whose ruling and misdeal came after its end (not counted)."""
    save_game(game_path_for("ruled"), ruled_game())
    save_game(game_path_for("late"), ruled_after_the_end())
    code, out, err = run("ruled", "late")
    assert (code, err) == (0, "")
    assert out.split("\n\n")[3:] == [
        "Rulings by kind against each side, and misdeals dealt:",
        "player books set points forfeit misdeals\n"
        "Ann        0   0      1       0        1\n"
        "Bob        1   0      0       1        1\n"
        "Cat        0   0      1       0        0\n"
        "Dan        1   0      0       1        0",
        "partners  books set points forfeit misdeals\n"
        "Ann & Cat     0   0      1       0        1\n"
        "Bob & Dan     1   0      0       1        1\n",
    ]  # fmt: skip
    data = json.loads(run("ruled", "late", "--json")[1])
    bob = next(p for p in data["players"] if p["name"] == "Bob")
    assert (bob["rulings"], bob["misdeals"]) == (
        {"books": 1, "points": 0, "set": 0, "forfeit": 1}, 1,
    )  # fmt: skip
    # With the late game alone, nothing was ruled: no rulings table at all.
    assert "Rulings" not in run("late")[1]
