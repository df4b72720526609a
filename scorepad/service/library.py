"""The saved games as a whole: pick the current one, move one to the trash and back, and
write the file an export names. Light on purpose (the library and the store alone), so
that `use`, `delete` and `restore` do not load what entering a round needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.files import library
from scorepad.files.store import load_game_file, write_text_atomic

if TYPE_CHECKING:
    from pathlib import Path

    from scorepad.engine.game import Game


def use_game(ref: str) -> Game:
    """Make a saved game (by name, or a game file by its path) the current one; a file
    that does not load as a game is refused before it is made current."""
    path = library.find_game(ref)
    game = load_game_file(path)
    library.set_current(path)
    return game


def delete_game(ref: str) -> Path:
    """Move a saved game to the trash, never destroying it; returns where it went."""
    return library.delete_game(ref)


def restore_game(ref: str, new_name: str | None = None) -> tuple[Game, Path]:
    """Bring a game back from the trash (as `new_name`, when given): the game, its file."""
    return library.restore_game(ref, new_name)


def write_text(path: Path, text: str) -> None:
    """Replace the file at `path` with `text` at once (the file an export's `-o` names): a
    reader sees the old file or the new one, never half of it."""
    write_text_atomic(path, text)
