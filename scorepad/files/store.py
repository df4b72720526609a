"""The store: a game file loaded, saved atomically, locked, and changed under its lock.

A file that does not parse is never overwritten: every change is load, modify, save,
under a lock on a `.lock` file beside the game, and the save replaces the file atomically
(a temporary file beside it, fsync, rename), so a crash leaves the old game or the new,
never a part. What the file says is `gamefile`'s business; where games live, `library`'s.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from scorepad.engine.game import Game
from scorepad.errors import GameError, GameFileError
from scorepad.files.gamefile import game_from_toml
from scorepad.hints import os_reason
from scorepad.i18n import _

LOCK_TIMEOUT = 10.0  # seconds to wait for another shell to finish saving

_T = TypeVar("_T")


def load_game_file(path: Path) -> Game:
    """Read and check a game file."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise GameFileError(_("{path}: no such game file").format(path=path)) from None
    except OSError as error:
        raise GameFileError(
            _("{path}: cannot read it: {reason}").format(path=path, reason=os_reason(error))
        ) from None
    return game_from_bytes(data, path)


def game_from_bytes(data: bytes, path: Path) -> Game:
    """Check a game file's bytes, read already (`path` names it in a refusal)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise GameFileError(
            _("{path}: not a text file (UTF-8 expected)").format(path=path)
        ) from None
    # As reading in text mode would: every line end a newline.
    return game_from_toml(text.replace("\r\n", "\n").replace("\r", "\n"), str(path))


def save_game(path: Path, game: Game) -> None:
    """Write the game atomically: a temporary file in the same folder, fsync, rename.

    Called under the game's lock: any temporary file of this game found beside it is
    left by a save that was killed, and is removed.
    """
    from scorepad.files.gamewrite import game_to_toml  # only a save needs it, not every load

    text = game_to_toml(game)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(path)
        write_text_atomic(path, text)
    except OSError as error:
        raise GameFileError(
            _("{path}: cannot save the game: {reason}").format(path=path, reason=os_reason(error))
        ) from None


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files a killed save of `path` left beside it; only its own.

    `write_text_atomic` names them `.NAME.XXXXXXXX.tmp` (mkstemp's eight characters), so
    another game's, even one whose name starts with this one's, never matches.
    """
    from glob import escape as glob_escape  # only a save needs it, not every load

    own = re.compile(rf"\.{re.escape(path.name)}\.[a-z0-9_]{{8}}\.tmp")
    removed = []
    for candidate in path.parent.glob(f".{glob_escape(path.name)}.*.tmp"):
        if own.fullmatch(candidate.name):
            try:
                candidate.unlink(missing_ok=True)
            except OSError:  # left for a later save: it must not stop this one
                continue
            removed.append(candidate)
    return removed


def write_text_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` at once: a temporary file beside it, fsync, rename.

    A failure (an OSError) leaves any file already at `path` as it was. The file keeps the
    permissions of the file it replaces, or gets those a new file would get, not
    mkstemp's 0600.
    """
    import tempfile  # only a save needs it: loading a game stays quick

    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp_name, mode)
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable, where the system allows it."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


FileStamp = tuple[int, int, int] | None


def file_stamp(path: Path) -> FileStamp:
    """What changes when the file is saved again: its inode (a save is a rename), size and
    time; None while there is no file. Watchers (a second screen, a live page) poll it."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@contextmanager
def game_lock(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the game's lock: one shell at a time loads, changes and saves it."""
    if timeout is None:
        timeout = LOCK_TIMEOUT
    lock = lock_path(path)
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock, "a+b")  # noqa: SIM115 - held open for the lock's lifetime
    except OSError as error:
        raise GameFileError(
            _("{lock}: cannot lock the game: {reason}").format(lock=lock, reason=os_reason(error))
        ) from None
    try:
        _acquire(handle, lock, timeout)
        try:
            yield
        finally:
            _release(handle)
    finally:
        handle.close()


if sys.platform == "win32":  # pragma: no cover

    def _try_lock(handle: Any) -> bool:
        import msvcrt

        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _release(handle: Any) -> None:
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:

    def _try_lock(handle: Any) -> bool:
        import fcntl

        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _release(handle: Any) -> None:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _acquire(handle: Any, lock: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not _try_lock(handle):
        if time.monotonic() >= deadline:
            raise GameFileError(
                _("{lock}: another scorepad is saving this game; try again in a moment").format(
                    lock=lock
                )
            )
        time.sleep(0.02)


def update_game(path: Path, change: Callable[[Game], tuple[Game, _T]]) -> tuple[Game, _T]:
    """Load, change and save a game under its lock; a refusal or a bad file saves nothing.

    `change` returns the new game and anything the caller wants back (a message).
    """
    with game_lock(path):
        game = load_game_file(path)
        changed, extra = change(game)
        if changed != game:
            save_game(path, changed)
        return changed, extra


def create_game_file(path: Path, game: Game) -> None:
    """Save a new game; refuse if a game file is already there."""
    with game_lock(path):
        if path.exists():
            raise GameError(
                _("a game file already exists at {path}; pick another name").format(path=path)
            )
        save_game(path, game)
