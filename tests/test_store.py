"""The store: atomic saves, the lock, a change made under it, never over a damaged file."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from conftest import preset_rules
from test_gamefile import club_game, damaged_text

from scorepad.engine.bids import number
from scorepad.engine.entry import record_bids, record_tricks, set_bids, set_tricks
from scorepad.engine.game import Game, new_game, standings
from scorepad.engine.rules import Rules
from scorepad.errors import GameError, GameFileError
from scorepad.files import store
from scorepad.files.store import load_game_file, save_game, update_game

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


# ---------------------------------------------------------------------------
# Saving: atomic, locked, never over a damaged file


def test_save_creates_folders_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "g.toml"
    save_game(path, club_game())
    assert load_game_file(path) == club_game()
    assert sorted(p.name for p in path.parent.iterdir()) == ["g.toml"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.toml"
    save_game(path, club_game())
    before = path.read_bytes()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store.os, "replace", broken_replace)
    with pytest.raises(GameFileError, match="cannot save the game: No space left on device"):
        save_game(path, new_game("x", PLAYERS, Rules(), preset="standard"))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]


def test_a_refused_change_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    save_game(path, club_game())
    before = path.read_bytes()
    with pytest.raises(GameError, match="round 3 already has its bids"):
        update_game(path, lambda g: (record_bids(g, ["1=1", "2=1", "3=1", "4=1"]), None))
    assert path.read_bytes() == before


def test_a_damaged_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    path.write_text(damaged_text("[rules]\n", "[rules\n"))
    before = path.read_bytes()
    with pytest.raises(GameFileError, match="not valid TOML"):
        update_game(path, lambda g: (g, None))
    assert path.read_bytes() == before


def test_a_held_lock_makes_another_save_wait_then_give_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.toml"
    save_game(path, club_game())
    monkeypatch.setattr(store, "LOCK_TIMEOUT", 0.05)
    with store.game_lock(path), pytest.raises(GameFileError, match="another scorepad is saving"):
        update_game(path, lambda g: (g, None))
    update_game(path, lambda g: (g, None))  # free again


def test_shells_recording_at_once_lose_no_round(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    save_game(path, new_game("g", PLAYERS, preset_rules("long", "target=5000"), preset="long"))
    bids = (number(3), number(3)), (number(3), number(3))
    tricks = (3, 3), (4, 3)

    def add_round(game: Game) -> tuple[Game, None]:
        return set_tricks(set_bids(game, bids), tricks), None

    def shell() -> None:
        for _ in range(5):
            update_game(path, add_round)

    threads = [threading.Thread(target=shell) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    game = load_game_file(path)
    assert len(game.rounds) == 20
    assert standings(game).scores == (20 * 60, 20 * 61 - 2 * 100)  # two bag penalties


def test_a_save_killed_before_its_rename_leaves_a_temporary_file_the_next_save_removes(
    tmp_path: Path,
) -> None:
    import subprocess

    path = tmp_path / "g.toml"
    save_game(path, club_game())
    before = path.read_bytes()
    killed = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "from scorepad.files import store\n"
        "from scorepad.engine.entry import record_tricks\n"
        "os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)  # dies mid-save\n"
        "store.update_game(Path(sys.argv[1]), lambda g: (record_tricks(g, "
        "['Ann=4', 'Bob=3', 'Cat=3', 'Dan=3']), None))\n"
    )
    left = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", killed, str(path)], check=False)
        assert done.returncode == -9
        left.append([p.name for p in tmp_path.glob(".g.toml.*.tmp")])
        assert path.read_bytes() == before  # the old file, whole
    # Each killed save left one; the second, under the lock, removed the first's.
    assert [len(names) for names in left] == [1, 1] and left[0] != left[1]
    update_game(path, lambda g: (record_tricks(g, ["Ann=4", "Bob=3", "Cat=3", "Dan=3"]), None))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml", "g.toml.lock"]
    assert load_game_file(path).rounds[-1].played
