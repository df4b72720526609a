"""The library of saved games: the home folder, the current game, names, and the trash.

Games live as `NAME.toml` in `$SCOREPAD_HOME/games/` (by default the user's config folder);
`current` names the game commands mean without --game. Renaming, deleting to the trash
and restoring move files without ever replacing one; `game_summaries` tells what each
saved game holds, as `scorepad games` lists them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NamedTuple

from scorepad.engine.game import Game, Standings, standings
from scorepad.engine.names import check_name
from scorepad.errors import GameError, GameFileError, ScorepadError, Todo
from scorepad.files.store import (
    create_game_file,
    game_lock,
    load_game_file,
    lock_path,
    save_game,
    write_text_atomic,
)
from scorepad.hints import did_you_mean, os_reason
from scorepad.i18n import _
from scorepad.numbers import small_number

HOME_ENV = "SCOREPAD_HOME"
GAME_SUFFIX = ".toml"


def default_home() -> Path:
    """Typer's app dir for "scorepad" (click's get_app_dir), without importing Typer."""
    if sys.platform == "win32":  # pragma: no cover
        base = os.environ.get("APPDATA") or os.path.expanduser("~")
        return Path(base) / "scorepad"
    if sys.platform == "darwin":  # pragma: no cover
        return Path(os.path.expanduser("~/Library/Application Support")) / "scorepad"
    base = os.environ.get("XDG_CONFIG_HOME", os.path.expanduser("~/.config"))
    return Path(base) / "scorepad"


def scorepad_home() -> Path:
    """`$SCOREPAD_HOME`, else Typer's app dir for "scorepad"."""
    env = os.environ.get(HOME_ENV)
    return Path(env).expanduser() if env else default_home()


def games_dir() -> Path:
    return scorepad_home() / "games"


def current_file() -> Path:
    return scorepad_home() / "current"


_UNSAFE = set('/\\:*?"<>|')
# Names Windows keeps for devices, with or without a suffix: `con.toml` is no file there.
_RESERVED = frozenset(
    ["con", "prn", "aux", "nul"] + [f"{port}{n}" for port in ("com", "lpt") for n in range(1, 10)]
)


# A file name holds 255 bytes on the common file systems; the save's temporary file adds 19
# to the game's name (`.NAME.toml.XXXXXXXX.tmp`) and the trash a deletion count (`~12`).
MOST_NAME_BYTES = 200


def check_game_name(name: str) -> str:
    """A game name that can be a file name in every system, stripped.

    The one check of a game's name, for every command that takes one (`new`, `rename`,
    `use`, `delete`, `restore`, --game): a name it refuses could be saved as a hidden
    file, or outside the games folder, where no command finds it again.
    """
    text = check_name(name, "game")  # empty, blank, control characters
    bad = sorted({char for char in text if char in _UNSAFE})
    if bad:
        raise GameError(
            _('game name {name} cannot be a file name: no {bad}; avoid / \\ : * ? " < > |').format(
                name=repr(text), bad=" ".join(bad)
            )
        )
    if text.startswith("."):
        raise GameError(_("game name {name} may not start with a dot").format(name=repr(text)))
    if text.lower().endswith(GAME_SUFFIX):
        # `--game x.toml` means a file path, so a game named like one could not be found.
        raise GameError(
            _("game name {name} may not end in {suffix}; leave it out").format(
                name=repr(text), suffix=GAME_SUFFIX
            )
        )
    if text.partition(".")[0].rstrip().casefold() in _RESERVED:
        raise GameError(
            _(
                "game name {name} is a device name on Windows; pick another"
                " (CON, PRN, AUX, NUL, COM1-9 and LPT1-9 are taken)"
            ).format(name=repr(text))
        )
    if len(text) > 100:
        raise GameError(
            _("game name is {length} characters long; 100 at most").format(length=len(text))
        )
    size = len(text.encode("utf-8"))
    if size > MOST_NAME_BYTES:
        raise GameError(
            _(
                "game name {name} takes {size} bytes as a file name; {most} at most"
                " (a letter outside English can take 2 to 4)"
            ).format(name=repr(text), size=size, most=MOST_NAME_BYTES)
        )
    return text


def game_path_for(name: str) -> Path:
    """Where a new game named `name` is saved."""
    return games_dir() / f"{check_game_name(name)}{GAME_SUFFIX}"


def saved_games() -> list[Path]:
    """The game files in the games folder, sorted by name."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    return sorted(
        (path for path in folder.glob(f"*{GAME_SUFFIX}") if not path.name.startswith(".")),
        key=lambda path: path.stem.casefold(),
    )


def _is_path(ref: str) -> bool:
    return "/" in ref or os.sep in ref or ref.endswith(GAME_SUFFIX)


def find_game(ref: str) -> Path:
    """A game by name (in any case) or by the path of a game file; it must exist."""
    if _is_path(ref):
        path = Path(ref).expanduser()
        if not path.is_file():
            raise GameError(_("no game file at {path}").format(path=ref))
        return path.absolute()
    ref = check_game_name(ref)
    path = games_dir() / f"{ref}{GAME_SUFFIX}"
    if path.is_file():
        return path
    games = saved_games()
    for candidate in games:
        if candidate.stem.casefold() == ref.casefold():
            return candidate
    names = [candidate.stem for candidate in games]
    known = (
        _("saved games: {names}").format(names=", ".join(names))
        if names
        else _("no game is saved yet")
    )
    raise GameError(
        _("no game named {name}{hint}; {known}").format(
            name=repr(ref), hint=did_you_mean(ref, names), known=known
        )
    )


def set_current(path: Path) -> None:
    """Make `path` the current game (what commands mean without --game)."""
    folder = games_dir()
    ref = path.stem if path.parent == folder and path.suffix == GAME_SUFFIX else str(path)
    target = current_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(target, ref + "\n")
    except OSError as error:
        raise GameFileError(
            _("{path}: cannot set the current game: {reason}").format(
                path=target, reason=os_reason(error)
            )
        ) from None


def current_game() -> Path | None:
    """The current game's file, or None when no game is current."""
    try:
        ref = current_file().read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):  # none yet, or unreadable: no current game
        return None
    if not ref:
        return None
    if _is_path(ref):
        return Path(ref)
    return games_dir() / f"{ref}{GAME_SUFFIX}"


def resolve_game(ref: str | None) -> Path:
    """The game file meant by `--game NAME_OR_PATH`, or else the current game."""
    if ref is not None:
        return find_game(ref)
    path = current_game()
    if path is None:
        raise GameError(_("no current game"), todo=Todo.START_OR_PICK_GAME)
    if not path.is_file():
        raise GameError(
            _("the current game is gone ({path})").format(path=path), todo=Todo.PICK_GAME
        )
    return path


# ---------------------------------------------------------------------------
# Tidying saved games: rename, delete to the trash, restore


def trash_dir() -> Path:
    """Where `scorepad delete` puts games: `$SCOREPAD_HOME/trash/`, never destroyed."""
    return scorepad_home() / "trash"


def _saved_named(name: str) -> Path | None:
    """The saved game whose name is `name` in any case, if there is one."""
    for path in saved_games():
        if path.stem.casefold() == name.casefold():
            return path
    return None


def _refuse_taken(name: str) -> None:
    taken = _saved_named(name)
    if taken is not None:
        raise GameError(
            _("a game named {name} exists already; pick another name").format(name=repr(taken.stem))
        )


def _move(source: Path, target: Path) -> None:
    """Move a game file and leave no lock behind it; refuse to replace anything."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # A hard link fails if the target exists, where a rename would replace it.
        os.link(source, target)
        source.unlink()
    except FileExistsError:
        raise GameError(_("{path} exists already; nothing was moved").format(path=target)) from None
    except OSError as error:
        raise GameFileError(
            _("{path}: cannot move it to {target}: {reason}").format(
                path=source, target=target, reason=os_reason(error)
            )
        ) from None
    lock_path(source).unlink(missing_ok=True)


def _is_current(path: Path) -> bool:
    current = current_game()
    return current is not None and current.absolute() == path.absolute()


def rename_game(old: str, new: str) -> tuple[Game, Path, bool]:
    """Rename a saved game (its file and the name inside it); the current game follows.
    Returns the game, its file, and whether anything changed (a game given the name it
    has is left alone, untouched)."""
    import dataclasses

    source = _in_games_folder(
        old, _("{ref} is a file outside the games folder; rename it yourself")
    )
    name = check_game_name(new)
    with game_lock(source):
        game = load_game_file(source)
        if name == source.stem and name == game.name:
            return game, source, False
        same = name.casefold() == source.stem.casefold()
        if not same:
            _refuse_taken(name)
        target = game_path_for(name)
        renamed = dataclasses.replace(game, name=name)
        following = _is_current(source)
        if same:
            save_game(source, renamed)
            os.replace(source, target)  # only the case of the name changes
        else:
            create_game_file(target, renamed)  # never replaces a file, listed or not
            source.unlink()
        lock_path(source).unlink(missing_ok=True)
    if following:
        set_current(target)
    return renamed, target, True


def delete_game(ref: str) -> Path:
    """Move a saved game to the trash; a current game is no longer current. Returns its place.

    A game deleted under a name already in the trash is kept as `NAME~2.toml`, `NAME~3` ...
    so that nothing is ever overwritten; `restore_game` brings back the latest.
    """
    source = _in_games_folder(
        ref, _("{ref} is a file outside the games folder; delete it yourself")
    )
    with game_lock(source):
        load_game_file(source)  # a damaged file is refused, not moved unseen
        following = _is_current(source)
        copies = _trashed(source.stem)
        stem = f"{source.stem}~{copies[-1][0] + 1}" if copies else source.stem
        target = trash_dir() / f"{stem}{GAME_SUFFIX}"
        _move(source, target)
    if following:
        current_file().unlink(missing_ok=True)
    return target


def _in_games_folder(ref: str, refusal: str) -> Path:
    """The saved game `ref` names, refused with `refusal` if it is a file elsewhere."""
    path = find_game(ref)
    if path.parent.resolve() != games_dir().resolve():
        raise GameError(refusal.format(ref=ref))
    return path


def _trash_entry(path: Path) -> tuple[str, int]:
    """A trashed file's game name and how many deletions of that name it is: `x~2` -> x, 2."""
    stem, _, count = path.stem.rpartition("~")
    number = small_number(count)
    if stem and number is not None:
        return stem, number
    return path.stem, 1


def _trashed(name: str) -> list[tuple[int, Path]]:
    """The trashed copies of a game named `name` (any case), the latest deletion last."""
    folder = trash_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob(f"*{GAME_SUFFIX}"):
        stem, count = _trash_entry(path)
        if stem.casefold() == name.casefold():
            found.append((count, path))
    return sorted(found)


def trashed_games() -> list[str]:
    """The names of the games in the trash, sorted, each once."""
    return sorted({entry.name for entry in trash_entries()}, key=str.casefold)


class TrashEntry(NamedTuple):  # NamedTuples, not dataclasses: cheaper to create at start-up
    """One deleted copy of a game: its name, which deletion of that name, and its file."""

    name: str
    copy: int
    path: Path

    @property
    def label(self) -> str:
        """What `restore` takes to bring back this very copy: `wed~1`, `wed~2`."""
        return f"{self.name}~{self.copy}"


def trash_entries() -> list[TrashEntry]:
    """Every copy in the trash, by name, then the earliest deletion first."""
    folder = trash_dir()
    if not folder.is_dir():
        return []
    entries = [TrashEntry(*_trash_entry(path), path) for path in folder.glob(f"*{GAME_SUFFIX}")]
    return sorted(entries, key=lambda entry: (entry.name.casefold(), entry.copy))


def restore_game(ref: str, new_name: str | None = None) -> tuple[Game, Path]:
    """Bring a deleted game back from the trash, under its name or `new_name`.

    `ref` is a game's name (its latest deleted copy) or a copy's label, `wed~1`, as the
    trash is listed. Nothing saved is ever replaced: a name taken is refused.
    """
    ref = check_game_name(ref)
    copies = _trashed(ref)
    if not copies:
        stem, count = _trash_entry(Path(ref))
        copies = [(n, path) for n, path in _trashed(stem) if n == count] if stem != ref else []
    if not copies:
        names = [entry.label for entry in trash_entries()] + trashed_games()
        hint = did_you_mean(ref, names)
        if not names:
            said = _("no deleted game named {name}{hint}; the trash is empty")
        else:
            said = _("no deleted game named {name}{hint}; the trash holds {names}")
        raise GameError(
            said.format(name=repr(ref), hint=hint, names=", ".join(trashed_games())),
            todo=Todo.LIST_TRASH if names else None,
        )
    source = copies[-1][1]
    stem = check_game_name(new_name) if new_name is not None else _trash_entry(source)[0]
    game = load_game_file(source)
    taken = _saved_named(stem)
    if taken is not None:
        raise GameError(
            _("a game named {name} exists already").format(name=repr(taken.stem)),
            todo=Todo.RESTORE_AS,
            name=ref,
        )
    target = game_path_for(stem)
    if new_name is None or stem == game.name:
        with game_lock(target):
            _move(source, target)
        return game, target
    import dataclasses

    renamed = dataclasses.replace(game, name=stem)
    create_game_file(target, renamed)  # never replaces a file, listed or not
    source.unlink()
    return renamed, target


# ---------------------------------------------------------------------------
# What each saved game holds


class GameSummary(NamedTuple):
    """A saved game as the list of games shows it: its file and when it last changed, and
    the game and its standings, or why the file cannot be read."""

    path: Path
    changed: float  # the file's modification time, in seconds since the epoch
    current: bool
    game: Game | None
    standings: Standings | None
    damaged: str | None  # what is wrong with the file, when it cannot be read


def game_summaries() -> list[GameSummary]:
    """Every saved game, the most recently changed first."""
    current = current_game()
    found = []
    for path in saved_games():
        try:
            changed = path.stat().st_mtime
        except OSError:
            continue  # deleted by another shell while listing
        is_current = current is not None and path == current
        try:
            game = load_game_file(path)
        except ScorepadError as error:
            damaged = str(error).removeprefix(f"{path}").lstrip(", :")
            found.append(GameSummary(path, changed, is_current, None, None, damaged))
            continue
        found.append(GameSummary(path, changed, is_current, game, standings(game), None))
    found.sort(key=lambda summary: summary.changed, reverse=True)
    return found
