"""Games passed on: a game file or a game link taken into the games folder, a saved game
as its file or its link, a game deleted (to the trash).

Every face that shares games (the CLI's `import` and `export --format link`, the phone
app) comes here; a refusal is one `ScorepadError` and changes nothing.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from scorepad.engine.game import Game
from scorepad.errors import GameFileError
from scorepad.files.gamelink import APP_URL_ENV, game_of_link, is_link, link_of, qr_parts
from scorepad.files.library import check_game_name, game_path_for, saved_games
from scorepad.files.library import delete_game as _delete_in_library
from scorepad.files.store import create_game_file, game_from_bytes, load_game_file
from scorepad.hints import os_reason
from scorepad.i18n import _
from scorepad.service.games import NameTakenError, Started

# Handed on to the faces, which read no files part (the rest is this module's own).
__all__ = [
    "APP_URL_ENV", "delete_game", "game_file_text", "game_link", "import_bytes",
    "import_game", "import_link", "qr_parts", "read_shared",
]  # fmt: skip


def read_shared(given: str) -> Game:
    """The game a link or a game file's path holds, checked; nothing is saved."""
    if is_link(given):
        return game_of_link(given)
    path = Path(given).expanduser()
    try:
        data = path.read_bytes()
    except OSError as error:
        raise GameFileError(
            _("{path}: cannot read it: {reason}").format(path=given, reason=os_reason(error))
        ) from None
    return game_from_bytes(data, path)


def import_game(game: Game, as_name: str | None = None) -> Started:
    """Save a game passed on into the games folder, under its own name or `as_name`.

    A name a saved game has (in any case) is refused, with nothing written. The game is
    not made current: the one being kept stays so.
    """
    name = check_game_name(as_name if as_name is not None else game.name)
    for saved in saved_games():
        if saved.stem.casefold() == name.casefold():
            raise NameTakenError(saved.stem)
    if name != game.name:
        game = dataclasses.replace(game, name=name)
    path = game_path_for(name)
    create_game_file(path, game)
    return Started(path, game)


def import_bytes(data: bytes, as_name: str | None = None, where: str = "game file") -> Started:
    """`import_game` of a game file's bytes (a file picked on a phone)."""
    return import_game(game_from_bytes(data, Path(where)), as_name)


def import_link(link: str, as_name: str | None = None) -> Started:
    """`import_game` of the game a link holds."""
    return import_game(game_of_link(link), as_name)


def game_link(path: Path, app_url: str) -> str:
    """A saved game's link to the app at `app_url`."""
    return link_of(load_game_file(path), app_url)


def game_file_text(path: Path) -> str:
    """A saved game's file as it is written (for a download)."""
    from scorepad.files.gamewrite import game_to_toml

    return game_to_toml(load_game_file(path))


def delete_game(name: str) -> Path:
    """Move a saved game to the trash (`scorepad restore` brings it back)."""
    return _delete_in_library(name)
