"""Text: the Rich score sheet recorded at a fixed width, as plain text (svg draws the same)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from rich.console import Console

from scorepad.render.sheet import score_sheet

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Standings


def recorded_sheet(game: Game, standings: Standings, width: int) -> Console:
    """A recording console that has printed the score sheet, independent of the terminal."""
    console = Console(
        record=True,
        width=width,
        file=io.StringIO(),
        color_system="truecolor",
        force_terminal=True,
        no_color=False,
        highlight=False,
        emoji=False,
        legacy_windows=False,
    )
    console.print(score_sheet(game, standings))
    return console


def export_txt(game: Game, standings: Standings, *, width: int = 80) -> str:
    """The Rich score sheet as plain text, `width` columns wide."""
    return recorded_sheet(game, standings, width).export_text(styles=False)
