"""The score sheet: a game's rounds, totals and where it stands, fitted to its width."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text

from scorepad.engine.game import Game, Standings, limit_decides, next_dealer, open_round
from scorepad.engine.refusals import refusals_text
from scorepad.engine.rulings import ruling_lines
from scorepad.engine.scoring import LineKind, Outcome, signed
from scorepad.i18n import N_, _
from scorepad.render.grid import BAD, Cell, Column, Grid, Piece, TextLine
from scorepad.words.gametext import (
    bids_text,
    deal_words,
    deals_left_text,
    describe_end,
    lead_text,
    level_text,
    line_words,
    misdeal_words,
    needs_text,
    scores_text,
    tricks_text,
    waiting_words,
    warning_words,
)

SHEET_WIDTH = 80  # the sheet is laid out to be read in 80 columns, or wider where there is
DEALER_WIDTH = 12  # a dealer's name is cut to this, with "…", only where room is short
_SUBHEADS = (N_("bid"), N_("took"), N_("pts"), N_("score"), N_("bags"))
_ALIGN = ("<", "<", ">", ">", ">")


def _subheads() -> tuple[str, ...]:
    """A side's column heads in this run's language: `bid took pts score bags`."""
    return tuple(_(head) for head in _SUBHEADS)


def score_sheet(game: Game, standings: Standings, now: float | None = None) -> RenderableType:
    """The whole game: one row per round, totals, the target, the next deal, a banner if won.

    Laid out for the width it is drawn in: from 80 columns on, sides side by side, as many
    as fit the width (more tables if not), dealer names whole where there is room;
    narrower, one block per side, with the dealer column only if it fits, so no side,
    score or bag count is ever cut off.
    Set contracts, failed nils and bag penalties are marked with `!` and shown in bold red.
    A game played to a clock, read at `now` (seconds since the epoch), says the time left;
    with no `now` the sheet is a record (an export), and says the clock's facts instead:
    its length and start, and the deal in play when time was called.
    """
    return _FittedSheet(game, standings, now)


class _FittedSheet:
    """The score sheet, laid out when Rich tells it the width it has."""

    def __init__(self, game: Game, standings: Standings, now: float | None) -> None:
        self.game = game
        self.standings = standings
        self.now = now

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from _sheet_parts(self.game, self.standings, options.max_width, self.now)


def _sheet_parts(
    game: Game, standings: Standings, width: int, now: float | None = None
) -> list[RenderableType]:
    parts: list[RenderableType] = [_sheet_title(game, standings)]
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
    if game.clock is not None:
        from scorepad.engine.clock import clock_reading
        from scorepad.words.gametext import clock_fact_words, clock_words

        if now is None:
            parts.append(Text(clock_fact_words(game.clock)))
        elif not standings.finished:
            reading = clock_reading(game, now)
            assert reading is not None
            parts.append(Text(clock_words(reading)))
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
    notes.extend(Text(misdeal_words(game, misdeal)) for misdeal in game.misdeals)
    for result in standings.rounds:
        notes.extend(Text(f"! {warning_words(warning)}", style=BAD) for warning in result.warnings)
    return notes


# One side's sheet cells for one round: the five values and any marked lines.
_Cells = tuple[tuple[str, ...], tuple[str, ...], bool]


def _side_cells(game: Game, standings: Standings, side: int) -> list[_Cells]:
    rows: list[_Cells] = []
    for result in standings.rounds:
        entry = result.round.sides[side]
        if result.sides is None:  # open; a forfeit may have ended the game on it
            ruled = tuple(
                f"! {line_words(line)}" for line in ruling_lines(result.round.rulings, side)
            )
            rows.append(((bids_text(entry), "", "", "", ""), ruled, False))
            continue
        scored = result.sides[side]
        values = (
            bids_text(entry),
            tricks_text(entry),
            signed(scored.points),
            str(scored.score),
            str(scored.bags),
        )
        marks = tuple(f"! {line_words(line)}" for line in scored.lines if line.kind.is_bad)
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


def _sub_line(
    values: tuple[str, ...], widths: tuple[int, ...], styles: tuple[str, ...]
) -> TextLine:
    pieces: list[Piece] = []
    for index, (value, width, align, style) in enumerate(
        zip(values, widths, _ALIGN, styles, strict=True)
    ):
        if index:
            pieces.append((" ", ""))
        pieces.append((f"{value:{align}{width}}", style))
    return tuple(pieces)


def _side_header(game: Game, side: int, widths: tuple[int, ...]) -> Cell:
    name = game.sides[side]
    players = game.side_players(side)
    first: list[Piece] = [(name, "bold")]
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
) -> Grid:
    columns = [Column("right"), Column("left", max_width=dealer_width, ellipsis=True)]
    columns += [Column("left", min_width=_side_width(widths[s])) for s in sides]
    # Headers sit at the bottom of the header row, beside the side's sub-headings.
    header: list[Cell] = [[(("#", "bold"),)], [((_("dealer"), "bold"),)]]
    grid = Grid(columns, header + [_side_header(game, s, widths[s]) for s in sides])
    rows: list[list[Cell]] = []
    for index, result in enumerate(standings.rounds):
        row: list[Cell] = [
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
    totals: list[Cell] = [[(("", ""),)], [((_("total"), "bold"),)]]
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



def _sheet_title(game: Game, standings: Standings) -> Text:
    rules = game.rules
    title = Text(game.name, style="bold")
    said = _("{preset} · to {target}").format(preset=game.preset, target=rules.target)
    title.append(f" · {said}")
    if rules.loss_limit is not None:
        title.append(_(", lost at {limit}").format(limit=rules.loss_limit))
    if game.event is not None:
        seat = game.event
        said = _("{event}, round {round}, table {table}").format(
            event=seat.event, round=seat.round, table=seat.table
        )
        title.append(f" · {said}")
    deal = deal_words(game, standings)
    if deal is not None:  # a short game: players bid its last deal differently
        title.append(f" · {deal}")
    return title


def _sheet_footer(game: Game, standings: Standings) -> list[RenderableType]:
    rules = game.rules
    outcome = standings.outcome
    if outcome is not None:
        return [_banner(game, standings, outcome)]
    lines: list[RenderableType] = []
    waiting = open_round(game)
    if game.rounds and game.rounds[-1].waiting:
        lines.append(Text(waiting_words(len(game.rounds))))
    elif waiting is not None:
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
    level = level_text(game, standings)
    if level is not None:  # "need 0" each would not say that the next round decides
        lines.append(Text(level))
    elif limit_decides(game, standings):  # the target is out of reach: who leads says it
        lines.append(Text(lead_text(game, standings)))
    else:
        needs = Text(_("To reach {target}: ").format(target=rules.target))
        # Appended as plain text: a name is printed literally, never read as markup.
        needs.append(
            ", ".join(needs_text(game, standings, side) for side in range(len(game.sides)))
        )
        needs.append(".")
        lines.append(needs)
    left = deals_left_text(game, standings)
    if left is not None:
        lines.append(Text(left))
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


