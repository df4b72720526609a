"""`scorepad show --watch`: a live sheet for a second screen facing the table.

It redraws whenever the game file changes, whoever changes it (another shell, table mode),
until Ctrl-C. It only reads: saves replace the file whole (write, then rename), so a
reader never sees half a save and never needs the game's lock, which stays free for the
shells that enter the rounds.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from rich.console import Console, RenderableType

INTERVAL = 0.25  # seconds between looks at the file: quick for the table, idle for the CPU

_Stamp = tuple[int, int, int] | None


def file_stamp(path: Path) -> _Stamp:
    """What changes when the file is saved again: its inode (a save is a rename), size, time."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def watched_sheet(path: Path) -> RenderableType:
    """The sheet as the file holds it now, or a line saying why there is none to show."""
    from rich.text import Text

    from scorepad.errors import ScorepadError
    from scorepad.game import standings
    from scorepad.render import score_sheet
    from scorepad.store import load_game_file

    try:
        game = load_game_file(path)
    except ScorepadError as error:
        return Text(f"Waiting for the game: {error}")
    return score_sheet(game, standings(game))


def watch_sheet(
    path: Path,
    console: Console,
    *,
    interval: float = INTERVAL,
    until: Callable[[], bool] | None = None,
) -> bool:
    """Show the sheet and draw it again at every change of the file, until Ctrl-C (or `until`).

    True when Ctrl-C stopped it.

    On a terminal the sheet is redrawn in place (Rich Live); into a pipe or a file, each
    new state of the sheet is printed after the last, under a rule.
    """
    from rich.live import Live

    footer = "Watching {name}; Ctrl-C stops."
    changes = _changes(path, interval, until)
    try:
        if console.is_terminal:
            with Live(
                _framed(path, footer), console=console, auto_refresh=False, screen=False
            ) as live:
                for _ in changes:
                    live.update(_framed(path, footer), refresh=True)
        else:
            console.print(_framed(path, footer))
            console.file.flush()
            for _ in changes:
                console.rule(style="dim")
                console.print(watched_sheet(path))
                console.file.flush()
    except KeyboardInterrupt:
        return True  # Ctrl-C is how a watch ends
    return False


def _changes(path: Path, interval: float, until: Callable[[], bool] | None) -> Iterator[None]:
    """One item each time the file is saved again, looking every `interval` seconds."""
    last = file_stamp(path)
    while not (until and until()):
        time.sleep(interval)
        stamp = file_stamp(path)
        if stamp != last:
            last = stamp
            yield


def _framed(path: Path, footer: str) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    return Group(watched_sheet(path), Text(footer.format(name=path.stem), style="dim"))
