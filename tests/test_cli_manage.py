"""Saved games managed as a person would: list them, rename, delete to the trash, restore."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.files.store import load_game_file

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str, input: str | None = None) -> str:
    code, out, err = run(*args, input=input)
    assert (code, err) == (0, ""), err
    return out


def files(home: Path) -> list[str]:
    return sorted(str(path.relative_to(home)) for path in home.rglob("*") if path.is_file())


def refused(home: Path, *args: str) -> str:
    before = {name: (home / name).read_bytes() for name in files(home)}
    code, out, err = run(*args)
    assert (code, out) == (2, ""), err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert {name: (home / name).read_bytes() for name in files(home)} == before
    return err.strip().removeprefix("scorepad: ")


@pytest.fixture(scope="module")
def three_made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The home of `three`, made once by the commands; each test gets a copy of it."""
    made = tmp_path_factory.mktemp("three") / "home"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SCOREPAD_HOME", str(made))
        ok("new", "friday", "--players", "Ann,Bob,Cat,Dan", "--set", "target=100")
        ok("bid", "1=6", "2=3", "3=6", "4=3")
        ok("tricks", "1=6", "2=1", "3=6", "4=0")
        ok("new", "monday", "--players", "Eve,Fay,Gus", "--preset", "solo-3")
        ok("new", "sunday", "--players", "Hal,Ida,Jo,Kim", "--teams", "Us,Them")
        ok("bid", "1=3", "2=3", "3=3", "4=3")
        ok("tricks", "1=3", "2=4", "3=3", "4=3")
    return made


@pytest.fixture
def three(home: Path, three_made: Path) -> Path:
    """friday (won), sunday (playing, current) and monday (nothing played), changed in turn."""
    shutil.copytree(three_made, home)
    games = home / "games"
    now = time.time()
    for age, name in enumerate(("sunday", "monday", "friday")):
        os.utime(games / f"{name}.toml", (now - 3600 * age, now - 3600 * age))
    return games


def test_games_lists_newest_first_with_players_rounds_status_scores(three: Path) -> None:
    entries = json.loads(ok("games", "--json"))
    assert [entry["name"] for entry in entries] == ["sunday", "monday", "friday"]
    assert [(e["status"], e["winner"], e["rounds"], e["current"]) for e in entries] == [
        ("playing", None, 1, True),
        ("playing", None, 0, False),
        ("finished", "Ann & Cat", 1, False),
    ]
    assert entries[0]["players"] == ["Hal", "Ida", "Jo", "Kim"]
    assert entries[0]["teams"] == [
        {"name": "Us", "score": 60, "bags": 0},
        {"name": "Them", "score": 61, "bags": 1},
    ]
    assert entries[0]["changed"][:16] == time.strftime("%Y-%m-%dT%H:%M", time.localtime())
    out = ok("games")
    lines = out.splitlines()
    assert lines[0].split() == [
        "game,", "players", "preset", "rounds", "status", "scores", "changed",
    ]  # fmt: skip
    assert lines[1].split()[:5] == ["*", "sunday", "standard", "1", "playing"]
    assert lines[2].strip() == "Hal, Ida, Jo, Kim"  # the players under the game's name
    assert out.index("sunday") < out.index("monday") < out.index("friday")
    assert "Ann & Cat won" in out and "Us 60" in out


def test_rename_moves_the_game_its_lock_and_the_current_pointer(three: Path, home: Path) -> None:
    assert ok("rename", "sunday", "weekend") == "Renamed sunday to weekend.\n"
    assert not (three / "sunday.toml").exists() and not (three / "sunday.toml.lock").exists()
    assert load_game_file(three / "weekend.toml").name == "weekend"
    assert (home / "current").read_text() == "weekend\n"
    assert ok("show").startswith("weekend · standard · to 500\n")
    # Only the case of the name changes: that is allowed too.
    ok("rename", "monday", "Monday")
    # The name it has already: nothing is written (the file keeps its time).
    before = (three / "friday.toml").stat().st_mtime_ns
    assert ok("rename", "friday", "friday") == "friday already has that name; nothing changed.\n"
    assert (three / "friday.toml").stat().st_mtime_ns == before
    assert [path.name for path in sorted(three.glob("*.toml"))] == [
        "Monday.toml", "friday.toml", "weekend.toml",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            ("rename", "sunday", "FRIDAY"),
            "a game named 'friday' exists already; pick another name",
            id="taken",
        ),
        pytest.param(
            ("rename", "sundae", "x"),
            "no game named 'sundae' (did you mean 'sunday'?); saved games: friday, monday, sunday",
            id="unknown",
        ),
        pytest.param(
            ("rename", "sunday", "a/b"),
            "game name 'a/b' cannot be a file name: no /; avoid / \\ : * ? \" < > |",
            id="unsafe",
        ),
        pytest.param(
            ("restore", "tuesday"),
            "no deleted game named 'tuesday'; the trash is empty",
            id="not-in-trash",
        ),
    ],
)
def test_names_that_exist_or_do_not_are_refused_in_one_line(
    three: Path, home: Path, args: tuple[str, ...], message: str
) -> None:
    assert refused(home, *args) == message


def test_delete_asks_moves_to_the_trash_and_restore_brings_it_back(
    three: Path, home: Path
) -> None:
    before = (three / "sunday.toml").read_bytes()
    out = ok("delete", "sunday", input="n\n")
    assert out == "Move sunday to the trash? [y/N]: n\nKept sunday.\n"
    assert (three / "sunday.toml").exists()
    out = ok("delete", "sunday", input="y\n")
    assert out.endswith(
        "Moved sunday to the trash; `scorepad restore sunday` brings it back.\n"
    )
    assert files(home) == [
        "games/friday.toml", "games/friday.toml.lock", "games/monday.toml",
        "games/monday.toml.lock", "trash/sunday.toml",
    ]  # fmt: skip
    # The current game was deleted: no game is current any more.
    assert refused(home, "show").startswith("no current game; ")
    assert ok("restore", "SUNDAY") == (
        "Restored sunday; continue it with `scorepad use sunday`.\n"
    )
    assert (three / "sunday.toml").read_bytes() == before
    assert not (home / "trash" / "sunday.toml").exists()


def test_nothing_is_destroyed_deleting_a_name_twice(three: Path, home: Path) -> None:
    ok("delete", "--yes", "friday")
    ok("new", "friday", "--players", "Lu,Mo,Ned,Oz")
    ok("delete", "-y", "friday")
    assert files(home / "trash") == ["friday.toml", "friday~2.toml"]
    # The latest deletion comes back first, then the one before it.
    ok("restore", "friday")
    assert load_game_file(three / "friday.toml").players == ("Lu", "Mo", "Ned", "Oz")
    assert refused(home, "restore", "friday") == (
        "a game named 'friday' exists already; restore it under another name with"
        " `scorepad restore friday --as NEW`"
    )
    ok("rename", "friday", "friday-2")
    ok("restore", "friday")
    assert load_game_file(three / "friday.toml").players == ("Ann", "Bob", "Cat", "Dan")
    assert files(home / "trash") == []


BAD_NAMES = [
    pytest.param("", "game name is empty; give it at least one visible character", id="empty"),
    pytest.param(" ", "game name is empty; give it at least one visible character", id="blank"),
    pytest.param(".wed", "game name '.wed' may not start with a dot", id="dot"),
    pytest.param("..", "game name '..' may not start with a dot", id="dots"),
    pytest.param(
        "a\tb", "game name 'a\\tb' has a control character; use printable text", id="control"
    ),
    pytest.param(
        "con",
        "game name 'con' is a device name on Windows; pick another (CON, PRN, AUX, NUL,"
        " COM1-9 and LPT1-9 are taken)",
        id="windows",
    ),
]


@pytest.mark.parametrize("name, message", BAD_NAMES)
@pytest.mark.parametrize(
    "command",
    [
        pytest.param(("new", "{}", "--players", "A,B,C,D"), id="new"),
        pytest.param(("rename", "sunday", "{}"), id="rename-to"),
        pytest.param(("rename", "{}", "x"), id="rename-from"),
        pytest.param(("use", "{}"), id="use"),
        pytest.param(("delete", "--yes", "{}"), id="delete"),
        pytest.param(("restore", "{}"), id="restore"),
        pytest.param(("restore", "sunday", "--as", "{}"), id="restore-as"),
        pytest.param(("show", "--game", "{}"), id="game-option"),
        pytest.param(("bid", "--game", "{}", "1=3", "2=3", "3=3", "4=3"), id="bid"),
    ],
)
def test_every_command_refuses_a_name_no_game_can_have(
    three: Path, home: Path, command: tuple[str, ...], name: str, message: str
) -> None:
    if command[0] == "restore":
        ok("delete", "--yes", "sunday")
        ok("new", "sunday", "--players", "Lu,Mo,Ned,Oz")
    args = [word.replace("{}", name) for word in command]
    assert refused(home, *args) == message


def test_renaming_to_a_blank_name_loses_no_game(three: Path, home: Path) -> None:
    # As reported: `rename wed ""` saved games/.toml, and `rename other " "` replaced it.
    before = {path.name: path.read_bytes() for path in three.glob("*.toml")}
    assert refused(home, "rename", "sunday", "").startswith("game name is empty")
    assert refused(home, "rename", "friday", " ").startswith("game name is empty")
    assert {path.name: path.read_bytes() for path in three.glob("*.toml")} == before
    assert sorted(path.name for path in three.iterdir() if path.name.startswith(".")) == []


def test_the_trash_lists_every_copy_and_restore_takes_a_new_name(
    three: Path, home: Path
) -> None:
    ok("delete", "--yes", "friday")
    ok("new", "friday", "--players", "Lu,Mo,Ned,Oz")
    ok("delete", "-y", "friday")
    ok("new", "friday", "--players", "Pia,Quin,Ray,Sol")
    lines = ok("restore").splitlines()
    assert lines[0] == (
        f"In the trash ({home / 'trash'}); `scorepad restore NAME~N` brings one back:"
    )
    assert [line.split()[0] for line in lines[1:]] == ["friday~1", "friday~2"]
    assert lines[1].endswith("1 round, Ann, Bob, Cat, Dan")
    assert lines[2].endswith("0 rounds, Lu, Mo, Ned, Oz")
    # The name is taken: the refusal says how to restore it anyway.
    assert refused(home, "restore", "friday") == (
        "a game named 'friday' exists already; restore it under another name with"
        " `scorepad restore friday --as NEW`"
    )
    assert ok("restore", "friday~1", "--as", "first friday") == (
        "Restored first friday; continue it with `scorepad use first friday`.\n"
    )
    restored = load_game_file(three / "first friday.toml")
    assert (restored.name, restored.players[0], len(restored.rounds)) == ("first friday", "Ann", 1)
    assert refused(home, "restore", "friday", "--as", "monday") == (
        "a game named 'monday' exists already; restore it under another name with"
        " `scorepad restore friday --as NEW`"
    )
    assert ok("restore", "friday", "--as", "second").startswith("Restored second;")
    assert load_game_file(three / "second.toml").players[0] == "Lu"
    assert ok("restore") == f"The trash ({home / 'trash'}) is empty.\n"
