"""The games' index: derived from the files, and built again whenever they say otherwise."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from scorepad.club.ratings import rate_games
from scorepad.files.gameindex import (
    INDEX_NAME,
    in_order_played,
    index_path,
    rate_indexed,
    read_games,
    saved_ratings,
)
from scorepad.files.library import game_path_for, games_dir, saved_games
from scorepad.files.store import load_game_file, save_game
from tests.test_ratings import won_by


def save(name: str, players: tuple[str, str, str, str], side: int, mtime: int) -> Path:
    """Save a game won by `side`, its file last changed at `mtime` (seconds)."""
    path = game_path_for(name)
    save_game(path, won_by(players, side))
    os.utime(path, (mtime, mtime))
    return path


@pytest.fixture
def library(home: Path) -> Path:
    # Saved out of the order played: the order is the files' times, not their names.
    save("b", ("Ann", "Bob", "Cat", "Dan"), 0, 1_000_000)
    save("a", ("Ann", "Cat", "Bob", "Dan"), 1, 2_000_000)
    save("c", ("Ann", "Dan", "Bob", "Cat"), 0, 3_000_000)
    return home


def from_files() -> list[tuple[str, float, float, int]]:
    """The ratings worked out from the game files alone, in the files' time order."""
    paths = sorted(saved_games(), key=lambda path: path.stat().st_mtime_ns)
    rated = rate_games(load_game_file(path) for path in paths)
    return [(e.player, e.mu, e.sigma, e.games) for e in rated.players()]


def through_index() -> tuple[list[tuple[str, float, float, int]], list[str]]:
    rated, damaged = saved_ratings()
    return [(e.player, e.mu, e.sigma, e.games) for e in rated.players()], damaged


def test_the_index_is_built_beside_the_games_and_agrees_with_the_files(library: Path) -> None:
    assert through_index() == (from_files(), [])
    assert (games_dir() / INDEX_NAME).is_file()
    games = in_order_played(read_games(saved_games(), index_path(games_dir())))
    assert [game.path.stem for game in games] == ["b", "a", "c"]
    # Asked again, from the index alone: the same.
    assert through_index() == (from_files(), [])


def test_an_edited_file_is_read_again(library: Path) -> None:
    through_index()
    path = game_path_for("a")
    stamp = path.stat()
    save_game(path, won_by(("Ann", "Cat", "Bob", "Dan"), 0))  # now Ann & Bob won it
    # The same size and the same time as before: only the hash tells.
    assert path.stat().st_size == stamp.st_size
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert through_index() == (from_files(), [])
    assert dict((name, games) for name, _, _, games in through_index()[0])["Ann"] == 3


def test_a_deleted_file_is_dropped(library: Path) -> None:
    through_index()
    game_path_for("c").unlink()
    assert through_index() == (from_files(), [])
    with sqlite3.connect(games_dir() / INDEX_NAME) as connection:
        paths = [Path(row[0]).stem for row in connection.execute("SELECT path FROM files")]
    assert sorted(paths) == ["a", "b"]


def test_a_damaged_file_is_named_not_rated(library: Path) -> None:
    through_index()
    path = game_path_for("a")
    path.write_text(path.read_text()[:-40])  # cut short
    players, damaged = through_index()
    assert len(damaged) == 1 and damaged[0].startswith(f"{path}: damaged or cut short")
    # Rated without it: Cat's games are b and c.
    assert dict((name, games) for name, _, _, games in players)["Cat"] == 2
    save_game(path, won_by(("Ann", "Cat", "Bob", "Dan"), 1))  # mended
    assert through_index() == (from_files(), [])


def test_a_damaged_index_is_built_again(library: Path) -> None:
    expected = through_index()
    (games_dir() / INDEX_NAME).write_bytes(b"not a database at all" * 100)
    assert through_index() == expected
    with sqlite3.connect(games_dir() / INDEX_NAME) as connection:
        assert connection.execute("SELECT count(*) FROM files").fetchone() == (3,)


def test_a_game_added_goes_on_from_the_ratings_kept(library: Path) -> None:
    through_index()
    save("d", ("Bob", "Ann", "Dan", "Cat"), 1, 4_000_000)
    assert through_index() == (from_files(), [])
    # A game changed before the last one: the chain differs there, so all are rated again.
    save("b", ("Ann", "Bob", "Cat", "Dan"), 1, 1_000_000)
    assert through_index() == (from_files(), [])


def test_without_an_index_the_files_are_read(library: Path) -> None:
    games = in_order_played(read_games(saved_games(), None))
    assert [(e.player, e.mu, e.sigma, e.games) for e in rate_indexed(games, None).players()] == (
        from_files()
    )
    assert not (games_dir() / INDEX_NAME).exists()


def test_an_unreadable_file_is_named(library: Path) -> None:
    path = games_dir() / "folder.toml"
    path.mkdir()  # listed as a game file, and not one to read (as root reads every file)
    players, damaged = through_index()
    assert len(damaged) == 1 and damaged[0].startswith(f"{path}: cannot read it: ")
    assert sum(games for _, _, _, games in players) == 4 * 3
