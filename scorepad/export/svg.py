"""SVG: the Rich score sheet as the image of a terminal that printed it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from scorepad.export.txt import recorded_sheet

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Standings


def export_svg(game: Game, standings: Standings, *, width: int = 80) -> str:
    """The Rich score sheet as an SVG image of a terminal, fetching no web fonts."""
    svg = recorded_sheet(game, standings, width).export_svg(title=game.name)
    # Rich points at a web font; the image falls back to a local monospace font instead.
    svg = re.sub(r"\s*@font-face\s*\{[^}]*\}", "", svg)
    return re.sub(r"\s*<!-- Generated with Rich [^>]*-->", "", svg)
