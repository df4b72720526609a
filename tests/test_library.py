"""The library of games: the home folder, the current game, names, saved games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import typer
from test_gamefile import club_game

from scorepad.errors import GameError, Todo
from scorepad.files import store
from scorepad.files.library import (
    check_game_name,
    game_path_for,
    games_dir,
    resolve_game,
    saved_games,
    scorepad_home,
    set_current,
)
from scorepad.files.store import save_game

# ---------------------------------------------------------------------------
# Where games live


def test_home_defaults_to_typers_app_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SCOREPAD_HOME", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert scorepad_home() == Path(typer.get_app_dir("scorepad"))
    monkeypatch.setenv("SCOREPAD_HOME", str(tmp_path / "x"))
    assert scorepad_home() == tmp_path / "x"


def test_resolve_game_by_name_path_and_current(home: Path, tmp_path: Path) -> None:
    with pytest.raises(GameError, match="^no current game$") as caught:
        resolve_game(None)
    assert caught.value.todo is Todo.START_OR_PICK_GAME  # each face says how, in its terms
    path = game_path_for("Friday")
    save_game(path, club_game())
    assert resolve_game("friday") == path
    assert resolve_game(str(path)) == path
    set_current(path)
    assert resolve_game(None) == path
    with pytest.raises(GameError, match=r"no game named 'Fryday' \(did you mean 'Friday'\?\)"):
        resolve_game("Fryday")
    with pytest.raises(GameError, match="no game file at"):
        resolve_game(str(tmp_path / "none.toml"))
    path.unlink()
    with pytest.raises(GameError, match="the current game is gone"):
        resolve_game(None)


def test_the_current_game_can_be_a_file_anywhere(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "elsewhere" / "g.toml"
    save_game(path, club_game())
    set_current(path)
    assert resolve_game(None) == path


@pytest.mark.parametrize(
    ("name", "message"),
    [
        pytest.param("a/b", "cannot be a file name: no /", id="slash"),
        pytest.param("..", "may not start with a dot", id="dots"),
        pytest.param("friday.TOML", "may not end in .toml; leave it out", id="suffix"),
        pytest.param("x" * 101, "101 characters long", id="long"),
    ],
)
def test_game_names_must_be_file_names(name: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        check_game_name(name)


def test_saved_games_skip_locks_and_temporary_files(home: Path) -> None:
    save_game(game_path_for("b"), club_game())
    save_game(game_path_for("A"), club_game())
    with store.game_lock(game_path_for("b")):
        (games_dir() / ".b.toml.123.tmp").write_text("")
        assert [p.name for p in saved_games()] == ["A.toml", "b.toml"]
    assert os.path.exists(store.lock_path(game_path_for("b")))
