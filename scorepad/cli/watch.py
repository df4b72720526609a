"""`scorepad show --watch`: a live sheet for a second screen facing the table.

It redraws whenever the game file changes, whoever changes it (another shell, table mode),
and whenever the terminal is resized, until Ctrl-C. A game played to a clock says the time
left (the CLI's clock, `service.clock`): on a terminal the sheet is redrawn each second
until time is up; into a pipe, once more when time runs out. On a terminal shorter than the sheet
it shows what matters: the latest rounds and the totals. It only reads: saves replace the
file whole (write, then rename), so a reader never sees half a save and never needs the
game's lock, which stays free for the shells that enter the rounds.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from scorepad.engine.game import standings
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.render.sheet import score_sheet
from scorepad.service import clock as service_clock
from scorepad.service.reads import file_stamp, load_game

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from rich.console import Console, RenderableType

    from scorepad.engine.game import Game, Standings
    from scorepad.service.reads import FileStamp

INTERVAL = 0.25  # seconds between looks at the file: quick for the table, idle for the CPU

def watched_sheet(path: Path, console: Console | None = None, lines: int = 0) -> RenderableType:
    """The sheet as the file holds it now, or a line saying why there is none to show.

    With a console, the sheet is fitted to its height less `lines` (see `fitted_sheet`).
    """
    try:
        game = load_game(path)
    except ScorepadError as error:
        return Text(_("Waiting for the game: {error}").format(error=error))
    now = service_clock.now()
    if console is None:
        return score_sheet(game, standings(game), now)
    return fitted_sheet(game, standings(game), console, console.size.height - lines, now)


def fitted_sheet(
    game: Game, result: Standings, console: Console, height: int, now: float | None = None
) -> RenderableType:
    """The sheet in `height` lines: whole if it fits, else the latest rounds and the totals.

    Rounds are left out from the first, and a line says which: the totals still count them.
    `now`: the moment a game to a clock is read at (see `score_sheet`).
    """

    def drawn(keep: int) -> RenderableType:
        if keep >= len(result.rounds):
            return score_sheet(game, result, now)
        left_out = result.rounds[-keep - 1].number if keep else result.rounds[-1].number
        said = (
            _("Round 1 is left out to fit the screen (still counted in the sums).")
            if left_out == 1
            else _(
                "Rounds 1 to {number} are left out to fit the screen (still counted in the sums)."
            )
        )
        note = Text(said.format(number=left_out), style="dim")
        shown = result._replace(rounds=result.rounds[len(result.rounds) - keep :])
        return Group(note, score_sheet(game, shown, now))

    def fits(keep: int) -> bool:
        return len(console.render_lines(drawn(keep), pad=False)) <= height

    if fits(len(result.rounds)):
        return drawn(len(result.rounds))
    low, high = 0, len(result.rounds) - 1  # the most rounds that fit, found by halving
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return drawn(low)


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
    from rich.live import Live  # `show --watch` alone: not for every `show`

    footer = _("Watching {name}; Ctrl-C stops.")
    try:
        if console.is_terminal:
            # A resize is a change too: the sheet is laid out again for the new size; and
            # a second gone, while a clock runs.
            tick = _clock_tick(path, each_second=True)
            changes = _changes(path, interval, until, lambda: (console.size, tick()))
            with Live(
                _framed(path, footer, console), console=console, auto_refresh=False, screen=False
            ) as live:
                for _change in changes:
                    live.update(_framed(path, footer, console), refresh=True)
        else:
            changes = _changes(path, interval, until, _clock_tick(path, each_second=False))
            console.print(_framed(path, footer))
            console.file.flush()
            for _change in changes:
                console.rule(style="dim")
                console.print(watched_sheet(path))
                console.file.flush()
    except KeyboardInterrupt:
        return True  # Ctrl-C is how a watch ends
    return False


def _clock_tick(path: Path, *, each_second: bool) -> Callable[[], object]:
    """What changes with the game's clock (never, without one): the second, until time is
    up (`each_second`), or only whether it is up. A game's clock never changes once set."""
    try:
        clock = load_game(path).clock
    except ScorepadError:
        clock = None
    if clock is None:
        return lambda: None
    end = clock.end
    if each_second:
        return lambda: min(int(service_clock.now()), end)
    return lambda: service_clock.now() >= end


def _changes(
    path: Path,
    interval: float,
    until: Callable[[], bool] | None,
    size: Callable[[], object] = lambda: None,
) -> Iterator[None]:
    """One item each time the file is saved again (or `size` changes), every `interval` s.

    What counts as unchanged is taken now, before the first sheet is drawn, so a save or a
    resize that comes while it is being drawn is not taken for the starting state.
    """
    return _polled(path, interval, until, size, (file_stamp(path), size()))


def _polled(
    path: Path,
    interval: float,
    until: Callable[[], bool] | None,
    size: Callable[[], object],
    last: tuple[FileStamp, object],
) -> Iterator[None]:
    while not (until and until()):
        time.sleep(interval)
        now = (file_stamp(path), size())
        if now != last:
            last = now
            yield


def _framed(path: Path, footer: str, console: Console | None = None) -> RenderableType:
    # One line for the footer, and one Live leaves for its cursor.
    sheet = watched_sheet(path, console, lines=2)
    return Group(sheet, Text(footer.format(name=path.stem), style="dim"))
