"""The export formats by name, and a game handed to the one asked for.

Each format's module is imported only when its format is asked for.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from scorepad.errors import ExportError
from scorepad.hints import did_you_mean
from scorepad.i18n import _

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Standings


class ExportFormat(enum.Enum):
    """The formats `scorepad export` writes."""

    CSV = "csv"
    JSON = "json"
    MD = "md"
    HTML = "html"
    SVG = "svg"
    TXT = "txt"


FORMAT_NAMES = tuple(fmt.value for fmt in ExportFormat)

# File suffixes a format is recognised by (for `export -o FILE` without --format).
SUFFIXES = {
    ".csv": ExportFormat.CSV,
    ".json": ExportFormat.JSON,
    ".md": ExportFormat.MD,
    ".markdown": ExportFormat.MD,
    ".html": ExportFormat.HTML,
    ".htm": ExportFormat.HTML,
    ".svg": ExportFormat.SVG,
    ".txt": ExportFormat.TXT,
    ".text": ExportFormat.TXT,
}


def parse_format(text: str | ExportFormat) -> ExportFormat:
    """An export format by name (any case); refuse an unknown one, naming those allowed."""
    if isinstance(text, ExportFormat):
        return text
    word = text.strip().lower()
    try:
        return ExportFormat(word)
    except ValueError:
        hint = did_you_mean(word, FORMAT_NAMES)
        raise ExportError(
            _("unknown export format {format}{hint}; use one of {formats}").format(
                format=repr(text), hint=hint, formats=", ".join(FORMAT_NAMES)
            )
        ) from None


def format_from_suffix(filename: str) -> ExportFormat | None:
    """The format a file name's suffix stands for (`sheet.html`: html), or None."""
    dot = filename.rfind(".")
    return SUFFIXES.get(filename[dot:].lower()) if dot > 0 else None


def export_game(game: Game, standings: Standings, fmt: str | ExportFormat) -> str:
    """The whole sheet in one format, as a string ending in a newline."""
    match parse_format(fmt):
        case ExportFormat.CSV:
            from scorepad.export.csv import export_csv

            return export_csv(game, standings)
        case ExportFormat.JSON:
            from scorepad.export.json import export_json

            return export_json(game, standings)
        case ExportFormat.MD:
            from scorepad.export.md import export_md

            return export_md(game, standings)
        case ExportFormat.HTML:
            from scorepad.export.html import export_html

            return export_html(game, standings)
        case ExportFormat.SVG:
            from scorepad.export.svg import export_svg

            return export_svg(game, standings)
        case ExportFormat.TXT:
            from scorepad.export.txt import export_txt

            return export_txt(game, standings)
