"""The games' index: what each game file says, kept in SQLite beside the games.

Derived, never the truth. For each file it keeps the file's size, modification time (in
nanoseconds) and SHA-256, and what the file says as `stats.GameFacts` (or why it is
damaged, so that a damaged file is named every time, never rated). Every file is read
and hashed each time (a file edited within one tick of the clock, or given its old time
back, keeps its size and time), and read as a game only when its hash is not the one
recorded. A file gone is dropped. A missing index, one of another `VERSION`, or one that
cannot be read is built again from the files; one that cannot be written is left alone
and the files are read as they are.

It also keeps the ratings after the games in their order (`Ratings.state`) with a chain
of the games' hashes, so that one game added after the others costs one game's update,
not the whole library's (`benchmarks/ratings.py` measures both).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from scorepad.club.ratings import Ratings, match_from
from scorepad.club.stats import GameFacts, count_game
from scorepad.errors import ScorepadError
from scorepad.hints import os_reason
from scorepad.i18n import _

INDEX_NAME = ".index.sqlite"
# Bump when GameFacts, the counts or the ratings' state change: an index of another
# version is built again.
VERSION = 2


class IndexedGame(NamedTuple):
    """A game file as the index read it: its facts, or what is wrong with it."""

    path: Path
    mtime_ns: int
    digest: str
    facts: GameFacts | None
    damaged: str | None


def index_path(folder: Path) -> Path:
    """The index of the games in `folder`."""
    return folder / INDEX_NAME


@contextlib.contextmanager
def _opened(path: Path | None) -> Iterator[sqlite3.Connection | None]:
    """The index's connection, made ready; None when there is none to be had."""
    if path is None or not path.parent.is_dir():
        yield None
        return
    connection = None
    for attempt in range(2):
        try:
            connection = sqlite3.connect(path, timeout=5)
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version != VERSION:
                connection.executescript(
                    "DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS ratings;"
                    "CREATE TABLE files (path TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER,"
                    " digest TEXT, facts TEXT, damaged TEXT);"
                    "CREATE TABLE ratings (id INTEGER PRIMARY KEY, count INTEGER, chain TEXT,"
                    " state TEXT);"
                    f"PRAGMA user_version = {VERSION};"
                )
            break
        except sqlite3.Error:
            if connection is not None:
                connection.close()
                connection = None
            if attempt == 0:
                # Not a database, or a damaged one: it is only derived, so start it again.
                with contextlib.suppress(OSError):
                    path.unlink()
    try:
        yield connection
    finally:
        if connection is not None:
            connection.close()


def read_games(paths: Sequence[Path], index: Path | None) -> list[IndexedGame]:
    """What each of `paths` says, through the index at `index` (None: no index)."""
    with _opened(index) as connection:
        return _read(paths, connection)


def in_order_played(games: Sequence[IndexedGame]) -> list[IndexedGame]:
    """The games in the order they were played, as far as the files tell: a game file
    holds no date, so by the time each file was last saved (its last round entered),
    then by path."""
    return sorted(games, key=lambda game: (game.mtime_ns, str(game.path)))


def saved_ratings(paths: Sequence[Path] | None = None) -> tuple[Ratings, list[str]]:
    """The ratings after every saved game (or the games at `paths`) in the order played,
    and what is wrong with each damaged game file (those are not rated). The index keeps
    the ratings of the whole library only."""
    from scorepad.files.library import games_dir, saved_games

    index = index_path(games_dir())
    games = read_games(saved_games() if paths is None else paths, index)
    damaged = [game.damaged for game in games if game.damaged is not None]
    return rate_indexed(in_order_played(games), index if paths is None else None), damaged


def _read(paths: Sequence[Path], connection: sqlite3.Connection | None) -> list[IndexedGame]:
    rows: dict[str, tuple[int, int, str, str | None, str | None]] = {}
    if connection is not None:
        try:
            for path, *row in connection.execute("SELECT * FROM files"):
                rows[path] = tuple(row)
        except sqlite3.Error:
            connection = None
    found, changed = [], []
    for path in paths:
        key = str(path.absolute())
        try:
            status = path.stat()
            data = path.read_bytes()
        except FileNotFoundError:
            continue  # gone since it was listed
        except OSError as error:
            reason = _("{path}: cannot read it: {reason}").format(
                path=path, reason=os_reason(error)
            )
            found.append(IndexedGame(path, 0, "", None, reason))
            continue
        size, mtime = status.st_size, status.st_mtime_ns
        digest = hashlib.sha256(data).hexdigest()
        row = rows.get(key)
        if row is not None and row[2] == digest:
            facts_json, damaged = row[3], row[4]
        else:
            facts_json, damaged = _facts_of(data, path)
        if row is None or row[:3] != (size, mtime, digest):
            changed.append((key, size, mtime, digest, facts_json, damaged))
        found.append(_indexed(path, mtime, digest, facts_json, damaged))
    if connection is not None:
        given = {str(path.absolute()) for path in paths}
        gone = [(key,) for key in rows if key not in given and not os.path.exists(key)]
        try:
            with connection:
                connection.executemany("INSERT OR REPLACE INTO files VALUES (?,?,?,?,?,?)", changed)
                connection.executemany("DELETE FROM files WHERE path = ?", gone)
        except sqlite3.Error:
            pass  # read-only or busy: the answer stands without it
    return found


def _facts_of(data: bytes, path: Path) -> tuple[str | None, str | None]:
    """A game file's facts as JSON, or why it cannot be read."""
    from scorepad.files.store import game_from_bytes

    try:
        game = game_from_bytes(data, path)
    except ScorepadError as error:
        return None, " ".join(str(error).split())
    return json.dumps(count_game(game).as_json()), None


def _indexed(
    path: Path, mtime: int, digest: str, facts_json: str | None, damaged: str | None
) -> IndexedGame:
    facts = GameFacts.from_json(json.loads(facts_json)) if facts_json is not None else None
    return IndexedGame(path, mtime, digest, facts, damaged)


def _chain(previous: str, digest: str) -> str:
    return hashlib.sha256(f"{previous}:{digest}".encode()).hexdigest()


def rate_indexed(games: Sequence[IndexedGame], index: Path | None) -> Ratings:
    """The ratings after `games` (in their order, damaged ones left out), going on from
    the ratings the index keeps when those were taken over the same first games."""
    readable = [game for game in games if game.facts is not None]
    chain = ""
    chains = []
    for game in readable:
        chain = _chain(chain, game.digest)
        chains.append(chain)
    with _opened(index) as connection:
        start, ratings = 0, Ratings()
        if connection is not None:
            try:
                row = connection.execute("SELECT count, chain, state FROM ratings").fetchone()
            except sqlite3.Error:
                row = None
            if row is not None and 0 < row[0] <= len(chains) and chains[row[0] - 1] == row[1]:
                start, ratings = row[0], Ratings.from_state(json.loads(row[2]))
        for game in readable[start:]:
            assert game.facts is not None
            ratings.add(match_from(game.facts))
        if connection is not None and chains and start != len(chains):
            state = json.dumps(ratings.state())
            try:
                with connection:
                    connection.execute(
                        "INSERT OR REPLACE INTO ratings VALUES (1, ?, ?, ?)",
                        (len(chains), chains[-1], state),
                    )
            except sqlite3.Error:
                pass
    return ratings
