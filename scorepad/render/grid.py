"""Rows of cells in columns, laid out by hand and drawn as a Rich table would draw them."""

from __future__ import annotations

from typing import Literal, NamedTuple

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

# How a sheet and `explain` mark what went wrong: a set, a failed nil, a bag penalty.
BAD = "bold red"

# The grid is drawn from plain strings: a piece of text and its style, lines of pieces,
# cells of lines. Rich Text objects for every cell of a long game cost more than the rest
# of `scorepad show` together; Text is used only to wrap a line that does not fit.
Piece = tuple[str, "str | Style"]
TextLine = tuple[Piece, ...]
Cell = list[TextLine]


class Column(NamedTuple):  # a NamedTuple: a dataclass costs a millisecond of start-up
    justify: Literal["left", "right"]
    min_width: int = 0
    max_width: int | None = None
    ellipsis: bool = False  # cut a long line short with "…" instead of wrapping it


def plain(line: TextLine) -> str:
    return "".join(text for text, _style in line)


class Grid:
    """Rows of cells in columns, drawn as a Rich Table with `box.MINIMAL` and no outer edge.

    Laid out by hand because a Rich Table measures every cell of every row, which for a
    long game took longer than everything else `scorepad show` does together.
    """

    def __init__(self, columns: list[Column], header: list[Cell]) -> None:
        self.columns = columns
        self.header = header
        self.rows: list[tuple[list[Cell], bool]] = []  # cells, and a rule below the row
        # A line fitted to a column once: the same marks recur round after round, and
        # wrapping one with Rich costs more than drawing a whole row.
        self._fitted: dict[tuple[TextLine, Column, int], list[TextLine]] = {}

    def add_row(
        self, cells: list[Cell], *, end_section: bool = False, new_section: bool = False
    ) -> None:
        if new_section and self.rows:
            self.rows[-1] = (self.rows[-1][0], True)
        self.rows.append((cells, end_section))

    def drop_column(self, index: int) -> None:
        """Leave a column out, for a screen too narrow for it."""
        del self.columns[index]
        for cells in [self.header, *(cells for cells, _section in self.rows)]:
            del cells[index]

    def _widths(self, available: int) -> list[int]:
        widths = []
        for index, column in enumerate(self.columns):
            width = max(
                [column.min_width]
                + [
                    cell_len(plain(line))
                    for cells in [self.header, *(cells for cells, _section in self.rows)]
                    for line in cells[index]
                ]
            )
            if column.max_width is not None:
                width = min(width, column.max_width)
            widths.append(width)
        # Too wide for the console: narrow the widest column that can wrap, one at a time.
        while sum(widths) + 3 * (len(widths) - 1) > available:
            shrinkable = [
                index
                for index, column in enumerate(self.columns)
                if not column.ellipsis
                and column.justify == "left"
                and widths[index] > column.min_width
            ]
            if not shrinkable:
                break
            widest = max(shrinkable, key=lambda index: widths[index])
            widths[widest] -= 1
        return widths

    def _fit(self, console: Console, line: TextLine, column: Column, width: int) -> list[TextLine]:
        """The line cut or wrapped to `width`, each part padded to it."""
        key = (line, column, width)
        fitted = self._fitted.get(key)
        if fitted is None:
            fitted = self._fitted[key] = self._fit_anew(console, line, column, width)
        return fitted

    def _fit_anew(
        self, console: Console, line: TextLine, column: Column, width: int
    ) -> list[TextLine]:
        length = cell_len(plain(line))
        if length <= width:
            pad = ((" " * (width - length), ""),) if length < width else ()
            return [pad + line if column.justify == "right" else line + pad]
        text = Text.assemble(*line)
        if column.ellipsis:
            text.truncate(width, overflow="ellipsis", pad=True)
            parts = [text]
        else:
            parts = list(text.wrap(console, width, overflow="fold"))
        fitted = []
        for part in parts:
            part.align(column.justify, width)
            fitted.append(tuple((seg.text, seg.style or "") for seg in part.render(console)))
        return fitted

    def _row_lines(
        self, console: Console, cells: list[Cell], widths: list[int], *, bottom: bool
    ) -> list[list[TextLine]]:
        columns = []
        for cell, column, width in zip(cells, self.columns, widths, strict=True):
            columns.append(
                [part for line in cell for part in self._fit(console, line, column, width)]
            )
        height = max(len(lines) for lines in columns)
        padded = []
        for lines, width in zip(columns, widths, strict=True):
            blank: list[TextLine] = [((" " * width, ""),)] * (height - len(lines))
            padded.append(blank + lines if bottom else lines + blank)
        return [list(parts) for parts in zip(*padded, strict=True)]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = self._widths(options.max_width)
        rule = "┼".join("─" * (width + 2) for width in widths)[1:-1]
        styles: dict[str | Style, Style | None] = {"": None}
        lines = self._row_lines(console, self.header, widths, bottom=True)
        ruled = [len(lines)]
        for cells, rule_below in self.rows:
            lines.extend(self._row_lines(console, cells, widths, bottom=False))
            if rule_below:
                ruled.append(len(lines))
        # Unstyled text runs are joined into one segment: the same characters reach the
        # terminal, through a fraction of Rich's per-segment work. Not while recording: an
        # svg export draws each segment as an element of its own.
        join = not console.record
        for index, parts in enumerate(lines):
            if index in ruled:
                yield Segment(rule)
                yield Segment.line()
            plain_run: list[str] = []
            for position, line in enumerate(parts):
                if position:
                    plain_run.append(" │ ")
                for text, style in line:
                    if style not in styles:
                        styles[style] = console.get_style(style)
                    if join and styles[style] is None:
                        plain_run.append(text)
                        continue
                    if plain_run:
                        yield Segment("".join(plain_run))
                        plain_run.clear()
                    yield Segment(text, styles[style])
            if plain_run:
                yield Segment("".join(plain_run))
            yield Segment.line()
        if len(lines) in ruled:
            yield Segment(rule)
            yield Segment.line()
