"""Rich renderables: round explanations, score sheets and tables. Producers only: no printing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:
    # Imported where used: `scorepad show` draws no Rich Table and, until a game is won,
    # no panel, and start-up time is what a player at the table waits for.
    from rich.table import Table

    from scorepad.presets import Preset  # only named: `show` reads no preset file

from scorepad.bids import show_bid
from scorepad.game import (
    Game,
    SideEntry,
    Standings,
    bids_text,
    check_round_number,
    describe_end,
    entry_items,
    next_dealer,
    open_round,
    scores_text,
    tricks_text,
)
from scorepad.i18n import N_, _, pgettext, said_again
from scorepad.rules import (
    KNOBS,
    Rules,
    describe_knob,
    format_value,
    refusals_text,
    rules_to_mapping,
)
from scorepad.scoring import Line, LineKind, Outcome, SideScore, signed

# The engine's line labels, as it writes them (and the csv keeps them): said again in the
# language of the sheet where a person reads them.
LINE_WORDS = (
    N_("double nil made"),
    N_("double nil failed ({count} trick taken)"),
    N_("double nil failed ({count} tricks taken)"),
    N_("nil made"),
    N_("nil made ({name})"),
    N_("blind nil made"),
    N_("blind nil made ({name})"),
    N_("nil failed: {count} trick"),
    N_("nil failed: {count} tricks"),
    N_("nil failed ({name}): {count} trick"),
    N_("nil failed ({name}): {count} tricks"),
    N_("blind nil failed: {count} trick"),
    N_("blind nil failed: {count} tricks"),
    N_("blind nil failed ({name}): {count} trick"),
    N_("blind nil failed ({name}): {count} tricks"),
    N_("{count} overtrick"),
    N_("{count} overtricks"),
    N_("failed nil's {count} trick as bags"),
    N_("failed nil's {count} tricks as bags"),
    N_("bag penalty ({limit} bags)"),
    N_("Boston: all {contract} made"),
    N_("Boston set ({taken} taken)"),
    N_("{bid}-for-{points}: {contract} made"),
    N_("{bid}-for-{points}: {contract} set ({taken} taken)"),
    N_("blind {contract} (doubled) made"),
    N_("blind {contract} (doubled) set ({taken} taken)"),
    N_("contract {contract} made"),
    N_("contract {contract} set ({taken} taken)"),
    N_("exact bonus ({contract} bid, {taken} taken)"),
    N_("big-contract bonus ({count} trick over {least})"),
    N_("big-contract bonus ({count} tricks over {least})"),
    N_("contract {contract} short by {short} (quicksand)"),
    N_("{count} trick over (quicksand)"),
    N_("{count} tricks over (quicksand)"),
)


def line_words(label: str) -> str:
    """A line's label in this run's language: `contract 6 set (3 taken)`."""
    return said_again(label, LINE_WORDS)


def line_style(line: Line) -> str:
    return "bold red" if line.kind.is_bad else ""


def explain_side(result: SideScore, *, score: int, bags: int, title: str = "") -> RenderableType:
    """A side's round line by line, ending with the score and bags after."""
    from rich.table import Table

    table = Table(
        title=title or None, show_header=True, header_style="bold", box=None, pad_edge=False
    )
    table.add_column(_("line"))
    table.add_column(_("points"), justify="right")
    for line in result.lines:
        table.add_row(
            Text(line_words(line.label)), Text(signed(line.points), style=line_style(line))
        )
    table.add_section()
    table.add_row(Text(_("round"), style="bold"), Text(signed(result.points), style="bold"))
    after = Text.assemble(
        pgettext("explain", "score") + " ",
        str(score),
        " -> ",
        (str(result.score), "bold"),
        "; " + pgettext("explain", "bags") + " ",
        str(bags),
        " -> ",
        (str(result.bags), "bold"),
    )
    return Group(table, after)


def presets_table(presets: list[Preset]) -> Table:
    """Every preset with its one-line summary."""
    from rich.table import Table

    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(_("preset"), no_wrap=True)
    table.add_column(_("summary"))
    for preset in presets:
        table.add_row(Text(preset.name), Text(_(preset.summary) if preset.summary else ""))
    return table


def knobs_table(rules: Rules) -> Table:
    """Every knob of a rules value: key, resolved value and what it means."""
    from rich.table import Table

    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(_("key"), no_wrap=True)
    table.add_column(_("value"), no_wrap=True)
    table.add_column(_("meaning"))
    values = rules_to_mapping(rules)
    for key in KNOBS:
        shown = format_value(values[key])
        if key == "big_contract_threshold" and rules.big_contract_threshold is None:
            shown = f'"auto" ({rules.big_contract_from})'
        table.add_row(Text(key), Text(shown), Text(describe_knob(key)))
    table.add_section()
    table.add_row(
        Text(_("(tricks a deal)")), Text(str(rules.tricks)), Text(_("derived from the deck"))
    )
    return table


# ---------------------------------------------------------------------------
# The score sheet of a game

SHEET_WIDTH = 80  # the sheet is laid out to be read in 80 columns, or wider where there is
DEALER_WIDTH = 12  # a dealer's name is cut to this, with "…", only where room is short
BAD = "bold red"
_SUBHEADS = (N_("bid"), N_("took"), N_("pts"), N_("score"), N_("bags"))
_ALIGN = ("<", "<", ">", ">", ">")


def _subheads() -> tuple[str, ...]:
    """A side's column heads in this run's language: `bid took pts score bags`."""
    return tuple(_(head) for head in _SUBHEADS)


def score_sheet(game: Game, standings: Standings) -> RenderableType:
    """The whole game: one row per round, totals, the target, the next deal, a banner if won.

    Laid out for the width it is drawn in: from 80 columns on, sides side by side, as many
    as fit the width (more tables if not), dealer names whole where there is room;
    narrower, one block per side, with the dealer column only if it fits, so no side,
    score or bag count is ever cut off.
    Set contracts, failed nils and bag penalties are marked with `!` and shown in bold red.
    """
    return _FittedSheet(game, standings)


class _FittedSheet:
    """The score sheet, laid out when Rich tells it the width it has."""

    def __init__(self, game: Game, standings: Standings) -> None:
        self.game = game
        self.standings = standings

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from _sheet_parts(self.game, self.standings, options.max_width)


def _sheet_parts(game: Game, standings: Standings, width: int) -> list[RenderableType]:
    parts: list[RenderableType] = [_sheet_title(game)]
    cells = [_side_cells(game, standings, side) for side in range(len(game.sides))]
    widths = [_sub_widths(side_cells) for side_cells in cells]
    longest = max([6, *(cell_len(name) for name in game.players)])
    short_dealer = min(longest, DEALER_WIDTH)
    number_width = max(1, len(str(len(game.rounds))))
    fixed = short_dealer + number_width + 3
    if width >= SHEET_WIDTH:
        chunks = _chunks(widths, fixed, width)
    else:
        chunks = [[side] for side in range(len(game.sides))]
    for chunk in chunks:
        # A narrow screen drops the dealer column rather than squeeze a side's numbers,
        # and narrower still lists a side's rounds as lines that wrap.
        sides_width = sum(_side_width(widths[side]) + 3 for side in chunk)
        with_dealer = width >= SHEET_WIDTH or fixed + sides_width <= width
        # Dealer names are cut only where the sides need the room.
        room = width - number_width - 3 - sides_width
        dealer_width = max(short_dealer, min(longest, room))
        if with_dealer or max(number_width, len(_("total"))) + sides_width <= width:
            parts.append(
                _sheet_table(game, standings, chunk, cells, widths, dealer_width, with_dealer)
            )
        else:
            parts.extend(
                _side_list(game, standings, side, cells[side], width) for side in chunk
            )
    parts.extend(_sheet_notes(game, standings))
    parts.extend(_sheet_footer(game, standings))
    return parts


def _side_width(widths: tuple[int, ...]) -> int:
    """The columns a side's five numbers take, with a space between each."""
    return sum(widths) + len(widths) - 1


def _sheet_notes(game: Game, standings: Standings) -> list[RenderableType]:
    """Settings kept from an older scorepad, rounds played after the end, which the totals
    leave out, and questionable bids."""
    notes: list[RenderableType] = []
    kept = refusals_text(game.rules)
    if kept:
        notes.append(Text(kept))
    after = [result.number for result in standings.rounds if result.after_end and result.sides]
    if after:
        end = standings.ended_after
        said = (
            _("Round {first} was played after the game ended (round {end}): not counted.")
            if len(after) == 1
            else _(
                "Rounds {first}-{last} were played after the game ended (round {end}):"
                " not counted."
            )
        )
        notes.append(Text(said.format(first=after[0], last=after[-1], end=end)))
    for result in standings.rounds:
        notes.extend(Text(f"! {warning}", style=BAD) for warning in result.warnings)
    return notes


# One side's sheet cells for one round: the five values and any marked lines.
_Cells = tuple[tuple[str, ...], tuple[str, ...], bool]


def _side_cells(game: Game, standings: Standings, side: int) -> list[_Cells]:
    rows: list[_Cells] = []
    for result in standings.rounds:
        entry = result.round.sides[side]
        if result.sides is None:
            rows.append(((bids_text(entry), "", "", "", ""), (), False))
            continue
        scored = result.sides[side]
        values = (
            bids_text(entry),
            tricks_text(entry),
            signed(scored.points),
            str(scored.score),
            str(scored.bags),
        )
        marks = tuple(f"! {line_words(line.label)}" for line in scored.lines if line.kind.is_bad)
        rows.append((values, marks, any(line.kind is LineKind.SET for line in scored.lines)))
    return rows


def _sub_widths(rows: list[_Cells]) -> tuple[int, ...]:
    return tuple(
        max([len(head), *(len(values[index]) for values, _mark, _set in rows)])
        for index, head in enumerate(_subheads())
    )


def _chunks(widths: list[tuple[int, ...]], fixed: int, width: int) -> list[list[int]]:
    """Sides grouped into tables that fit the width (80 columns at the least)."""
    chunks: list[list[int]] = [[]]
    used = fixed
    for side, sub in enumerate(widths):
        need = sum(sub) + len(sub) - 1 + 3
        if chunks[-1] and used + need > max(width, SHEET_WIDTH):
            chunks.append([])
            used = fixed
        chunks[-1].append(side)
        used += need
    return chunks


# The grid is drawn from plain strings: a piece of text and its style, lines of pieces,
# cells of lines. Rich Text objects for every cell of a long game cost more than the rest
# of `scorepad show` together; Text is used only to wrap a line that does not fit.
_Piece = tuple[str, "str | Style"]
_Line = tuple[_Piece, ...]
_Cell = list[_Line]


def _sub_line(values: tuple[str, ...], widths: tuple[int, ...], styles: tuple[str, ...]) -> _Line:
    pieces: list[_Piece] = []
    for index, (value, width, align, style) in enumerate(
        zip(values, widths, _ALIGN, styles, strict=True)
    ):
        if index:
            pieces.append((" ", ""))
        pieces.append((f"{value:{align}{width}}", style))
    return tuple(pieces)


def _side_header(game: Game, side: int, widths: tuple[int, ...]) -> _Cell:
    name = game.sides[side]
    players = game.side_players(side)
    first: list[_Piece] = [(name, "bold")]
    if len(players) > 1 and name != " & ".join(players):
        first.append((" (" + ", ".join(players) + ")", "bold"))
    return [tuple(first), _sub_line(_subheads(), widths, ("bold",) * len(widths))]


def _sheet_table(
    game: Game,
    standings: Standings,
    sides: list[int],
    cells: list[list[_Cells]],
    widths: list[tuple[int, ...]],
    dealer_width: int,
    with_dealer: bool = True,
) -> _Grid:
    columns = [_Column("right"), _Column("left", max_width=dealer_width, ellipsis=True)]
    columns += [_Column("left", min_width=_side_width(widths[s])) for s in sides]
    # Headers sit at the bottom of the header row, beside the side's sub-headings.
    header: list[_Cell] = [[(("#", "bold"),)], [((_("dealer"), "bold"),)]]
    grid = _Grid(columns, header + [_side_header(game, s, widths[s]) for s in sides])
    rows: list[list[_Cell]] = []
    for index, result in enumerate(standings.rounds):
        row: list[_Cell] = [
            [((str(result.number), ""),)],
            [((game.players[result.round.dealer], ""),)],
        ]
        for side in sides:
            values, marks, was_set = cells[side][index]
            bad = BAD if marks else ""
            styles = ("", BAD if was_set else "", bad, "", "")
            row.append([_sub_line(values, widths[side], styles), *(((m, BAD),) for m in marks)])
        rows.append(row)
    counted = sum(not result.after_end for result in standings.rounds)  # the rest follow
    for row in rows[:counted]:
        grid.add_row(row)
    totals: list[_Cell] = [[(("", ""),)], [((_("total"), "bold"),)]]
    for side in sides:
        values = ("", "", "", str(standings.scores[side]), str(standings.bags[side]))
        totals.append([_sub_line(values, widths[side], ("", "", "", "bold", ""))])
    if not with_dealer:  # the total's label moves to the round number's column
        totals[0], totals[1] = totals[1], totals[0]
    grid.add_row(totals, new_section=True)
    # Rounds played after the end stay on the sheet, apart, below the total they miss.
    for position, row in enumerate(rows[counted:]):
        grid.add_row(row, new_section=position == 0)
    if not with_dealer:
        grid.drop_column(1)
    return grid


def _side_list(
    game: Game, standings: Standings, side: int, cells: list[_Cells], width: int
) -> Text:
    """A side's rounds as lines of words, for a screen too narrow for any grid.

    The partners are named under a team's name, and a label is never parted from its
    number: a line breaks only between `bid 4+nil,` and `took 5+0,`.
    """
    text = Text(game.sides[side], style="bold")
    players = game.side_players(side)
    if len(players) > 1 and game.sides[side] != " & ".join(players):
        text.append("\n(" + ", ".join(players) + ")")
    rows = list(zip(standings.rounds, cells, strict=True))
    counted = [row for row in rows if not row[0].after_end]
    after_end = [row for row in rows if row[0].after_end]
    total = "\n" + _("total: score {score}, bags {bags}").format(
        score=standings.scores[side], bags=standings.bags[side]
    )
    for position, (result, (values, marks, _set)) in enumerate(counted + after_end):
        if position == len(counted):
            text.append(total)  # above the rounds played after the end: it leaves them out
        heads = _subheads()
        words = [f"{head} {value}" for head, value in zip(heads, values, strict=True) if value]
        label = (
            _("{number} (after the end):") if result.after_end else _("{number}:")
        ).format(number=result.number)
        text.append("\n" + _wrapped(label, words, width))
        for mark in marks:
            text.append("\n" + _wrapped_mark(mark, width), style=BAD)
    if not after_end:
        text.append(total)
    return text


def _wrapped(start: str, units: list[str], width: int) -> str:
    """`start` and the units, comma-separated, broken into lines only between units."""
    lines = [start]
    for index, unit in enumerate(units):
        piece = unit + ("," if index < len(units) - 1 else "")
        if cell_len(lines[-1]) + 1 + cell_len(piece) > width and lines[-1].strip():
            lines.append("  " + piece)
        else:
            lines[-1] += " " + piece
    return "\n".join(lines)


def _wrapped_mark(mark: str, width: int) -> str:
    """`  ! nil failed (Bob): 1 trick`, broken between words but never after a number."""
    import re
    import textwrap

    glued = re.sub(r"(\d) ", "\\1\u00a0", mark)  # textwrap does not break at a no-break space
    lines = textwrap.wrap(glued, max(width, 12), initial_indent="  ", subsequent_indent="    ")
    return "\n".join(lines).replace("\u00a0", " ")


class _Column(NamedTuple):  # a NamedTuple: a dataclass costs a millisecond of start-up
    justify: Literal["left", "right"]
    min_width: int = 0
    max_width: int | None = None
    ellipsis: bool = False  # cut a long line short with "…" instead of wrapping it


def _plain(line: _Line) -> str:
    return "".join(text for text, _style in line)


class _Grid:
    """Rows of cells in columns, drawn as a Rich Table with `box.MINIMAL` and no outer edge.

    Laid out by hand because a Rich Table measures every cell of every row, which for a
    long game took longer than everything else `scorepad show` does together.
    """

    def __init__(self, columns: list[_Column], header: list[_Cell]) -> None:
        self.columns = columns
        self.header = header
        self.rows: list[tuple[list[_Cell], bool]] = []  # cells, and a rule below the row

    def add_row(
        self, cells: list[_Cell], *, end_section: bool = False, new_section: bool = False
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
                    cell_len(_plain(line))
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

    def _fit(self, console: Console, line: _Line, column: _Column, width: int) -> list[_Line]:
        """The line cut or wrapped to `width`, each part padded to it."""
        length = cell_len(_plain(line))
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
        self, console: Console, cells: list[_Cell], widths: list[int], *, bottom: bool
    ) -> list[list[_Line]]:
        columns = []
        for cell, column, width in zip(cells, self.columns, widths, strict=True):
            columns.append(
                [part for line in cell for part in self._fit(console, line, column, width)]
            )
        height = max(len(lines) for lines in columns)
        padded = []
        for lines, width in zip(columns, widths, strict=True):
            blank: list[_Line] = [((" " * width, ""),)] * (height - len(lines))
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
        separator = Segment(" │ ")
        for index, parts in enumerate(lines):
            if index in ruled:
                yield Segment(rule)
                yield Segment.line()
            for position, line in enumerate(parts):
                if position:
                    yield separator
                for text, style in line:
                    if style not in styles:
                        styles[style] = console.get_style(style)
                    yield Segment(text, styles[style])
            yield Segment.line()
        if len(lines) in ruled:
            yield Segment(rule)
            yield Segment.line()


def _sheet_title(game: Game) -> Text:
    rules = game.rules
    title = Text(game.name, style="bold")
    said = _("{preset} · to {target}").format(preset=game.preset, target=rules.target)
    title.append(f" · {said}")
    if rules.loss_limit is not None:
        title.append(_(", lost at {limit}").format(limit=rules.loss_limit))
    return title


def _sheet_footer(game: Game, standings: Standings) -> list[RenderableType]:
    rules = game.rules
    outcome = standings.outcome
    if outcome is not None:
        return [_banner(game, standings, outcome)]
    lines: list[RenderableType] = []
    waiting = open_round(game)
    if waiting is not None:
        dealer = game.players[game.rounds[waiting - 1].dealer]
        lines.append(
            Text(
                _("Round {number} (dealt by {dealer}): bids are in, tricks to come.").format(
                    number=waiting, dealer=dealer
                )
            )
        )
    else:
        lines.append(
            Text(_("Next deal: {dealer}.").format(dealer=game.players[next_dealer(game)]))
        )
    needs = Text(_("To reach {target}: ").format(target=rules.target))
    for side in range(len(game.sides)):
        if side:
            needs.append(", ")
        needs.append(game.sides[side])
        needs.append(
            _(" needs {points}").format(points=max(0, rules.target - standings.scores[side]))
        )
    needs.append(".")
    lines.append(needs)
    return lines


def _banner(game: Game, standings: Standings, outcome: Outcome) -> RenderableType:
    rules = game.rules
    reason = describe_end(rules, outcome)
    scores = scores_text(game, standings.scores)
    if outcome.winner is None:
        head = Text(_("The game is a draw"), style="bold")
    else:
        # The winner's words alone are green; the rest is said the same after a draw.
        before, _side, after = _("{side} won").partition("{side}")
        head = Text(before, style="bold green")
        head.append(game.sides[outcome.winner], style="bold green")
        head.append(after, style="bold green")
    rest = _(" after round {number} ({reason}): {scores}.")
    head.append(rest.format(number=standings.ended_after, reason=reason, scores=scores))
    from rich import box
    from rich.panel import Panel

    return Panel(head, box=box.DOUBLE, expand=False)


# ---------------------------------------------------------------------------
# One round, explained


def explain_round(game: Game, standings: Standings, number: int) -> RenderableType:
    """Round `number` scored line by line for every side, with each side's score before."""
    check_round_number(game, number)
    result = standings.rounds[number - 1]
    round_ = result.round
    parts: list[RenderableType] = []
    head = Text(_("Round {number}").format(number=number), style="bold")
    head.append(_(", dealt by {dealer}").format(dealer=game.players[round_.dealer]))
    if result.sides is None:
        head.append(_(": bids are in, the tricks are not"))
    parts.append(head)
    before = standings.rounds[number - 2].sides if number > 1 else None
    for side, entry in enumerate(round_.sides):
        parts.append(Text(""))
        parts.append(_entry_text(game, side, entry))
        if result.sides is None:
            continue
        score = before[side].score if before else 0
        bags = before[side].bags if before else 0
        parts.append(explain_side(result.sides[side], score=score, bags=bags))
    if result.outcome is not None:
        parts.append(Text(""))
        winner = result.outcome.winner
        said = (
            _("This round ends the game: {side} won.").format(side=game.sides[winner])
            if winner is not None
            else _("This round ends the game: a draw.")
        )
        parts.append(Text(said, style="bold"))
    if result.after_end:
        parts.append(Text(""))
        parts.append(
            Text(
                _(
                    "This round was played after the game ended (round {end}): it does not count."
                ).format(end=standings.ended_after),
                style="bold",
            )
        )
    if result.warnings:
        parts.append(Text(""))
        parts.extend(Text(f"! {warning}", style=BAD) for warning in result.warnings)
    return Group(*parts)


def _entry_text(game: Game, side: int, entry: SideEntry) -> Text:
    """`Ann & Cat: Ann bid 4 took 5, Cat bid nil took 0` (or the team's joint numbers)."""
    seats = game.rules.seats_of(side)
    if len(seats) == 1:  # solo play: the side is its player
        text = Text(game.players[seats[0]], style="bold")
        text.append(" " + _("bid {bid}").format(bid=show_bid(entry.bids[0])))
        if entry.tricks is not None:
            text.append(" " + _("took {tricks}").format(tricks=entry.tricks[0]))
        return text
    text = Text(game.sides[side], style="bold")
    text.append(": ")
    parts: list[str] = []
    for item in entry_items(game, side, entry):
        if item.bid is not None:
            part = (
                _("team bid {bid}").format(bid=show_bid(item.bid))
                if item.who is None
                else _("{who} bid {bid}").format(who=item.who, bid=show_bid(item.bid))
            )
            if item.tricks is not None:
                part += " " + _("took {tricks}").format(tricks=item.tricks)
        elif item.who is None:
            part = _("team took {tricks}").format(tricks=item.tricks)
        else:
            part = _("{who} took {tricks}").format(who=item.who, tricks=item.tricks)
        parts.append(part)
    text.append(", ".join(parts))
    return text
