"""The one door for reads: the saved games, a game as its file holds it now, the trash,
the presets and the ratings, for the faces, which never open a file themselves.

A face names a game as a person does (a saved game's name in any case, a game file's
path, or nothing for the current game) and gets back its file and the game, or a
`ScorepadError` saying why not. A face that redraws when a game changes watches its
`file_stamp`. What the files part answers is handed on as it is; this module only names
the reads a face may make, so that the faces depend on the service alone.

The presets' reader (TOML) and the games' index (SQLite) are imported by the functions
that use them: a command that reads neither does not pay for them at start-up.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorepad.files.library import (
    TrashEntry,
    current_file,
    current_game,
    find_game,
    games_dir,
    resolve_game,
    saved_games,
    trash_dir,
    trash_entries,
    trashed_games,
)
from scorepad.files.store import FileStamp, file_stamp, game_from_bytes
from scorepad.files.store import load_game_file as load_game

if TYPE_CHECKING:
    from scorepad.club.ratings import Ratings
    from scorepad.engine.game import Game
    from scorepad.engine.rules import Rules
    from scorepad.files.gameindex import IndexedGame
    from scorepad.files.presets import Preset

__all__ = [
    "FileStamp",
    "Opened",
    "TrashEntry",
    "current_file",
    "current_game",
    "file_stamp",
    "find_game",
    "game_from_bytes",
    "games_dir",
    "indexed_games",
    "load_game",
    "load_preset",
    "open_game",
    "preset_names",
    "presets_dir",
    "preset_rules",
    "preset_summaries",
    "resolve_game",
    "resolve_rules",
    "saved_games",
    "saved_ratings",
    "trash_dir",
    "trash_entries",
    "trashed_games",
]


class Opened(NamedTuple):
    """A game a face named: its file, and the game as the file holds it now."""

    path: Path
    game: Game


def open_game(ref: str | None) -> Opened:
    """The game `--game NAME_OR_PATH` names (None: the current game), loaded from its file."""
    path = resolve_game(ref)
    return Opened(path, load_game(path))


# ---------------------------------------------------------------------------
# Presets


def presets_dir() -> Path:
    """Where the shipped presets are (the phone app's build packs them)."""
    from scorepad.files.presets import presets_dir as shipped

    return shipped()


def preset_names() -> list[str]:
    """The shipped presets' names, sorted."""
    from scorepad.files.presets import preset_names as names

    return names()


def load_preset(name_or_path: str) -> Preset:
    """A shipped preset by name, or a preset file by its path."""
    from scorepad.files.presets import load_preset as load

    return load(name_or_path)


def preset_summaries() -> list[tuple[str, str]]:
    """Every shipped preset's name and one-line summary (untranslated), sorted by name."""
    return [(preset.name, preset.summary) for preset in map(load_preset, preset_names())]


def preset_rules(name_or_path: str, overrides: Iterable[str] = ()) -> tuple[Preset, Rules]:
    """A preset, and its rules with the `key=value` overrides applied."""
    from scorepad.files.presets import apply_overrides

    preset = load_preset(name_or_path)
    return preset, apply_overrides(preset.rules, overrides)


def resolve_rules(preset: str = "standard", overrides: Iterable[str] = ()) -> tuple[str, Rules]:
    """A preset's name (or a file's) and its rules with the overrides applied."""
    from scorepad.files.presets import resolve_rules as resolve

    return resolve(preset, overrides)


# ---------------------------------------------------------------------------
# Ratings and the games' index


def saved_ratings(paths: Sequence[Path] | None = None) -> tuple[Ratings, list[str]]:
    """The ratings after every saved game (or the games at `paths`) in the order played,
    and what is wrong with each damaged game file (those are not rated)."""
    from scorepad.files.gameindex import saved_ratings as rated

    return rated(paths)


def indexed_games(
    paths: Sequence[Path], *, whole_library: bool
) -> tuple[list[IndexedGame], Ratings]:
    """What the game files at `paths` say (or why each damaged one cannot be read),
    through the games' index, and the ratings after them in the order played. The index
    keeps the ratings of the whole library only, not of a few games named."""
    from scorepad.files.gameindex import in_order_played, index_path, rate_indexed, read_games

    index = index_path(games_dir())
    indexed = read_games(paths, index)
    return indexed, rate_indexed(in_order_played(indexed), index if whole_library else None)
