"""Exports as strings: JSON objects for machines, and the sheet in csv, md, html, svg, txt.

Every format is built from the same per-round view of a game and its standings, so they
cannot disagree. Names are data: each format escapes them its own way (HTML entities,
CSV formula neutralizing, Markdown backslashes, Rich `Text`), never trusting a name.
Producers only: writing the strings to a file is the CLI's business.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorepad.bids import contract_of, format_bid
from scorepad.errors import ExportError, did_you_mean
from scorepad.rules import rules_to_mapping
from scorepad.scoring import Line, SideScore, signed

if TYPE_CHECKING:
    from scorepad.game import Game, RoundResult, Standings


def line_json(line: Line) -> dict[str, Any]:
    return {"label": line.label, "points": line.points, "kind": line.kind.value}


def side_score_json(result: SideScore) -> dict[str, Any]:
    """A scored side's round: the keys `check --json` and `show --json` share."""
    return {
        "points": result.points,
        "score": result.score,
        "bags": result.bags,
        "lines": [line_json(line) for line in result.lines],
        "contract": result.contract,
        "made": result.made,
        "new_bags": result.new_bags,
        "bag_penalties": result.penalties,
    }


# The keys of `side_score_json` with their value for a round whose tricks are not in.
_OPEN_SIDE: dict[str, Any] = {
    "points": None,
    "score": None,
    "bags": None,
    "lines": [],
    "contract": None,
    "made": None,
    "new_bags": None,
    "bag_penalties": None,
}


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
            f"unknown export format {text!r}{hint}; use one of {', '.join(FORMAT_NAMES)}"
        ) from None


def format_from_suffix(filename: str) -> ExportFormat | None:
    """The format a file name's suffix stands for (`sheet.html`: html), or None."""
    dot = filename.rfind(".")
    return SUFFIXES.get(filename[dot:].lower()) if dot > 0 else None


# ---------------------------------------------------------------------------
# One view of the sheet, shared by every format


@dataclass(frozen=True, slots=True)
class SideRound:
    """One side's part of one round, as every export shows it."""

    name: str
    bids: tuple[str, ...]  # per player, or one joint team bid
    bid: int  # the contract: the sum of the non-nil bids
    player_tricks: tuple[int, ...] | None  # None while open, or when entered as a team total
    tricks: int | None  # None while the round is open
    result: SideScore | None  # None while the round is open

    @property
    def stands_out(self) -> bool:
        """A set contract, a failed nil or a bag penalty: the sheet marks it."""
        return self.result is not None and any(line.kind.is_bad for line in self.result.lines)


def side_order(game: Game) -> list[int]:
    """The sides in seat order of their first player."""
    return sorted(range(len(game.sides)), key=lambda side: min(game.rules.seats_of(side)))


def side_rounds(game: Game, result: RoundResult) -> list[SideRound]:
    """A round's sides in `side_order`."""
    rows = []
    for side in side_order(game):
        entry = result.round.sides[side]
        tricks = entry.tricks
        players = len(game.rules.seats_of(side))
        rows.append(
            SideRound(
                name=game.sides[side],
                bids=tuple(format_bid(bid) for bid in entry.bids),
                bid=contract_of(entry.bids),
                player_tricks=tricks if tricks is not None and len(tricks) == players else None,
                tricks=sum(tricks) if tricks is not None else None,
                result=result.sides[side] if result.sides is not None else None,
            )
        )
    return rows


def next_dealer(game: Game, standings: Standings) -> str | None:
    """Who deals the next round, or None once the game is over."""
    from scorepad.game import next_dealer as next_dealer_seat

    if standings.finished:
        return None
    return game.players[next_dealer_seat(game)]


def status_line(game: Game, standings: Standings) -> str:
    """Where the game stands: who won, when and why; or who deals next and who needs what."""
    from scorepad.game import describe_end, scores_text

    rules, order = game.rules, side_order(game)
    if standings.outcome is not None:
        reason = describe_end(rules, standings.outcome)
        scores = scores_text(game, standings.scores)
        who = "A draw" if standings.winner is None else f"{game.sides[standings.winner]} won"
        return f"{who} after round {standings.ended_after} ({reason}): {scores}."
    from scorepad.game import open_round

    needs = ", ".join(
        f"{game.sides[side]} needs {max(0, rules.target - standings.scores[side])}"
        for side in order
    )
    waiting = open_round(game)
    if waiting is not None:  # no next deal yet: this round's tricks come first
        dealer = game.players[game.rounds[waiting - 1].dealer]
        return (
            f"Round {waiting} ({dealer} deals) waits for its tricks. "
            f"To reach {rules.target}: {needs}."
        )
    return f"Next deal: {next_dealer(game, standings)}. To reach {rules.target}: {needs}."


def _joined(values: tuple[object, ...] | None) -> str:
    """Bids or tricks in seat order as the sheet writes them: `nil+4`, `0+5`."""
    return "+".join(str(value) for value in values) if values is not None else ""


# ---------------------------------------------------------------------------
# JSON


def game_json(game: Game, standings: Standings) -> dict[str, Any]:
    """The whole game as one JSON object: what `show --json` prints and `export` writes.

    Teams come in seat order of their first player, and so does each round's `teams`.
    A round whose tricks are not in yet has null tricks, points, score and bags.
    """
    order = side_order(game)
    outcome = standings.outcome
    return {
        "name": game.name,
        "preset": game.preset,
        "status": "finished" if outcome is not None else "playing",
        "winner": game.sides[outcome.winner]
        if outcome is not None and outcome.winner is not None
        else None,
        "end_reason": outcome.reason.value if outcome is not None else None,
        "ended_after": standings.ended_after,
        "target": game.rules.target,
        "next_dealer": next_dealer(game, standings),
        "players": list(game.players),
        "teams": [
            {
                "name": game.sides[side],
                "players": list(game.side_players(side)),
                "score": standings.scores[side],
                "bags": standings.bags[side],
                "sets": standings.sets[side],
                "to_target": max(0, game.rules.target - standings.scores[side]),
            }
            for side in order
        ],
        "rounds": [_round_json(game, result) for result in standings.rounds],
        "rules": rules_to_mapping(game.rules),
    }


def _round_json(game: Game, result: RoundResult) -> dict[str, Any]:
    return {
        "number": result.number,
        "dealer": game.players[result.round.dealer],
        "played": result.sides is not None,
        "after_end": result.after_end,
        "warnings": list(result.warnings),
        "teams": [
            {
                "name": row.name,
                "bid": row.bid,
                "bids": list(row.bids),
                "tricks": row.tricks,
                "player_tricks": list(row.player_tricks) if row.player_tricks else None,
                **(side_score_json(row.result) if row.result is not None else _OPEN_SIDE),
            }
            for row in side_rounds(game, result)
        ],
    }


# ---------------------------------------------------------------------------
# Text formats

CSV_HEADER = (
    "round",
    "dealer",
    "team",
    "bids",
    "bid",
    "player_tricks",
    "tricks",
    "points",
    "score",
    "bags",
    "lines",
    "after_end",
)

# A spreadsheet runs a cell starting with one of these as a formula (CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A CSV cell: numbers as they are, text that a spreadsheet would run defused with '."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def export_csv(game: Game, standings: Standings) -> str:
    """One row per round per side under a fixed header; open rounds have empty results."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for result in standings.rounds:
        dealer = game.players[result.round.dealer]
        for row in side_rounds(game, result):
            scored = row.result
            cells: list[object] = [
                result.number,
                dealer,
                row.name,
                _joined(row.bids),
                row.bid,
                _joined(row.player_tricks),
                "" if row.tricks is None else row.tricks,
                "" if scored is None else scored.points,
                "" if scored is None else scored.score,
                "" if scored is None else scored.bags,
                "" if scored is None else "; ".join(_line_text(line) for line in scored.lines),
                "true" if result.after_end else "false",
            ]
            writer.writerow([csv_cell(cell) for cell in cells])
    return out.getvalue()


def _line_text(line: Line) -> str:
    return f"{line.label} {signed(line.points)}"


_MD_SPECIAL = str.maketrans({char: "\\" + char for char in "\\`*_[]<>|#~"})


def md_text(text: str) -> str:
    """Text for a Markdown table cell: markup characters and `|` escaped, on one line."""
    import re

    escaped = " ".join(text.split()).translate(_MD_SPECIAL)
    # An entity like &lt; would be decoded by a renderer; only a bare & is left alone.
    return re.sub(r"&(?=#?\w+;)", "&amp;", escaped)


def export_md(game: Game, standings: Standings) -> str:
    """The sheet as a Markdown table, with the game's name, rules and status around it."""
    order = side_order(game)
    status = md_text(status_line(game, standings))
    heads = ["Round", "Dealer"]
    aligns = ["---:", "---"]
    for side in order:
        name = md_text(game.sides[side])
        heads += [f"{name} {word}" for word in ("bid", "tricks", "points", "score", "bags")]
        aligns += ["---", "---", "---:", "---:", "---:"]
    lines = [
        f"# {md_text(game.name)}",
        "",
        f"Preset {md_text(game.preset)}, {md_text(_limits(game))}.",
        "",
        f"**{status}**" if standings.finished else status,
        "",
        _md_row(heads),
        _md_row(aligns),
    ]
    after_end: list[str] = []
    for result in standings.rounds:
        number = f"{result.number} (after the end)" if result.after_end else str(result.number)
        cells = [number, md_text(game.players[result.round.dealer])]
        for row in side_rounds(game, result):
            texts = _side_cells(row, md_text, bold=lambda text: f"**{text}**")
            if _reasons(row):
                texts[2] += " (" + md_text("; ".join(_reasons(row))) + ")"
            cells += texts
        (after_end if result.after_end else lines).append(_md_row(cells))
    totals = ["**Total**", ""]
    for side in order:
        totals += ["", "", "", f"**{standings.scores[side]}**", str(standings.bags[side])]
    lines.append(_md_row(totals))
    lines += after_end  # below the total they are not part of
    lines += [f"\n{md_text(warning)}" for warning in _warnings(standings)]
    return "\n".join(lines) + "\n"


def _warnings(standings: Standings) -> list[str]:
    """Every round's questionable bids, in round order (see `game.bid_warnings`)."""
    return [f"Warning: {text}." for result in standings.rounds for text in result.warnings]


def _limits(game: Game) -> str:
    """`target 500, lost at -200`: how the game is won, and lost."""
    rules = game.rules
    text = f"target {rules.target}"
    return text if rules.loss_limit is None else f"{text}, lost at {rules.loss_limit}"


def _reasons(row: SideRound) -> list[str]:
    """Why a side's round stands out: its set, failed nil and bag penalty lines."""
    if row.result is None:
        return []
    return [line.label for line in row.result.lines if line.kind.is_bad]


def _md_row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _side_cells(
    row: SideRound, escape: Callable[[str], str], *, bold: Callable[[str], str]
) -> list[str]:
    """Bid, tricks, points, score and bags of one side's round, as escaped text."""
    scored = row.result
    if scored is None:
        return [escape(_joined(row.bids)), "", "", "", ""]
    points = signed(scored.points)
    return [
        escape(_joined(row.bids)),
        _joined(row.player_tricks)
        if row.player_tricks and len(row.player_tricks) > 1
        else str(row.tricks),
        bold(points) if row.stands_out else points,
        str(scored.score),
        str(scored.bags),
    ]


# ---------------------------------------------------------------------------
# HTML: a printable page with the sheet and a score chart drawn as inline SVG

_HTML_STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; color: #111; margin: 2em auto; max-width: 80em;
  padding: 0 1em; }
h1 { font-size: 1.6em; margin: 0 0 .2em; }
h1, .meta, .status { overflow-wrap: anywhere; }
.scroll { overflow-x: auto; max-width: 100%; }
h2 { font-size: 1.15em; margin: 1.5em 0 .5em; }
.meta { color: #444; margin: 0 0 1em; }
.status { font-weight: 600; padding: .4em .7em; border: 1px solid #999; display: inline-block; }
.status.finished { border: 2px solid #111; font-size: 1.1em; }
table.sheet { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums; }
.sheet th, .sheet td { border: 1px solid #bbb; padding: .2em .5em; white-space: nowrap; }
.sheet thead th { background: #eee; }
.sheet td.num { text-align: right; }
.sheet td.dealer { max-width: 9em; overflow: hidden; text-overflow: ellipsis; }
.sheet td.bad { color: #b00; font-weight: 700; }
.why { display: block; font-size: .8em; font-weight: 400; text-align: left;
  white-space: normal; min-width: 6em; }
.sheet tbody.total td, .sheet tbody.total th { font-weight: 700; border-top: 2px solid #111; }
table.standings { border-collapse: collapse; margin: .8em 0; font-variant-numeric: tabular-nums; }
.standings th, .standings td { padding: .15em .6em .15em 0; text-align: left; }
.standings td.num { text-align: right; }
.standings .players { display: inline; margin-left: .4em; }
.sheet tbody.after-end { color: #777; }
.warning { color: #b00; }
.players { display: block; font-weight: 400; font-size: .85em; color: #444; }
figure { margin: 0; }
svg.chart { width: 100%; max-width: 44em; height: auto; }
.legend { list-style: none; padding: 0; margin: .3em 0; }
.legend li { display: inline-block; margin-right: 1.5em; }
footer { margin-top: 2em; color: #777; font-size: .85em; }
@media (max-width: 30em) {
  body { margin: 1em auto; padding: 0 .5em; }
  .sheet th, .sheet td { padding: .15em .3em; }
  .sheet td.dealer { max-width: 4.5em; }
  .why { min-width: 4em; }
}
@media print {
  @page { margin: 1.2cm; }
  body { margin: 0; max-width: none; font-size: 10pt; }
  .scroll { overflow: visible; }
  table.sheet { width: 100%; font-size: 8.5pt; }
  .sheet th, .sheet td { padding: .1em .25em; white-space: normal; }
  .sheet td.dealer { max-width: none; }
  .why { min-width: 0; }
  .sheet thead th { background: none; }
  table.sheet, figure { break-inside: avoid; }
  /* Nothing but the footer would go to a page of its own. */
  footer { display: none; }
}
""".strip()

# Sides a sheet table holds: more (5 or 6 players alone) go on in a second table below,
# so that a desktop screen or a portrait page holds a table whole.
TABLE_SIDES = 3

# One colour and dash pattern per side, so the chart also reads printed in black and white.
_SERIES = (
    ("#1f5fbf", ""),
    ("#c0392b", "8 4"),
    ("#1e8449", "2 4"),
    ("#7d3c98", "10 4 2 4"),
    ("#b9770e", "14 4"),
    ("#4d5656", "4 2"),
)


def export_html(game: Game, standings: Standings) -> str:
    """One self-contained page: the sheet and the score chart, no scripts, no network.

    The standings come first, one line per side, so that a phone's first screen shows
    every side's score; then the sheet, in tables of at most TABLE_SIDES sides.
    """
    from html import escape

    order = side_order(game)
    finished = standings.finished
    count = -(-len(order) // TABLE_SIDES)
    size = -(-len(order) // count)
    tables = [
        line
        for start in range(0, len(order), size)
        for line in _sheet_html(game, standings, order[start : start + size])
    ]
    status_class = "status finished" if finished else "status"
    legend = "".join(
        f'<li><svg width="32" height="10" aria-hidden="true">'
        f'<line x1="1" y1="5" x2="31" y2="5" stroke="{color}" stroke-width="3"'
        f"{_dash(dash)}/></svg> {escape(game.sides[side])}</li>"
        for side, (color, dash) in zip(order, _series(len(order)), strict=True)
    )
    played = sum(1 for result in standings.rounds if result.sides is not None)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(game.name)}: Spades score sheet</title>",
        f"<style>\n{_HTML_STYLE}\n</style>",
        "</head>",
        "<body>",
        f"<h1>{escape(game.name)}</h1>",
        f'<p class="meta">Preset {escape(game.preset)}, {escape(_limits(game))}, '
        f"{played} {'round' if played == 1 else 'rounds'} played.</p>",
        f'<p class="{status_class}">{escape(status_line(game, standings))}</p>',
        *_standings_html(game, standings, order),
        *tables,
        *(f'<p class="warning">{escape(text)}</p>' for text in _warnings(standings)),
        "<h2>Score by round</h2>",
        "<figure>",
        score_chart_svg(game, standings),
        f'<ul class="legend">{legend}</ul>',
        "</figure>",
        "<footer>Printed from scorepad.</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def _players_html(game: Game, side: int) -> str:
    """`<span class="players">Ann &amp; Cat</span>` where the team's name does not say them."""
    from html import escape

    players = game.side_players(side)
    if len(players) < 2 or game.sides[side] == " & ".join(players):
        return ""
    return f'<span class="players">{" &amp; ".join(escape(name) for name in players)}</span>'


def _standings_html(game: Game, standings: Standings, order: list[int]) -> list[str]:
    """Each side's score and bags (and what it needs), one short row each."""
    from html import escape

    rows = ['<table class="standings">', "<thead><tr><th>Side</th><th>Score</th><th>Bags</th>"]
    rows[-1] += "" if standings.finished else "<th>Needs</th>"
    rows[-1] += "</tr></thead><tbody>"
    for side in order:
        need = max(0, game.rules.target - standings.scores[side])
        rows.append(
            f"<tr><th>{escape(game.sides[side])}{_players_html(game, side)}</th>"
            f'<td class="num">{standings.scores[side]}</td>'
            f'<td class="num">{standings.bags[side]}</td>'
            + ("" if standings.finished else f'<td class="num">{need}</td>')
            + "</tr>"
        )
    rows.append("</tbody></table>")
    return rows


def _sheet_html(game: Game, standings: Standings, order: list[int]) -> list[str]:
    """The sheet of the sides in `order`: rounds, the total, then rounds after the end."""
    from html import escape

    finished = standings.finished
    head_top = ['<th rowspan="2">Round</th>', '<th rowspan="2">Dealer</th>']
    head_sub = []
    for side in order:
        shown = f"{escape(game.sides[side])}{_players_html(game, side)}"
        head_top.append(f'<th colspan="5">{shown}</th>')
        head_sub += [f"<th>{word}</th>" for word in ("Bid", "Tricks", "Points", "Score", "Bags")]
    body: list[str] = []
    after_end: list[str] = []
    for result in standings.rounds:
        dealer = escape(game.players[result.round.dealer])
        cells = [
            f'<td class="num">{result.number}</td>',
            f'<td class="dealer" title="{dealer}">{dealer}</td>',
        ]
        for side, row in zip(side_order(game), side_rounds(game, result), strict=True):
            if side not in order:
                continue
            texts = _side_cells(row, escape, bold=lambda text: text)
            title = ""
            if row.result is not None:
                detail = "; ".join(_line_text(line) for line in row.result.lines)
                title = f' title="{escape(detail)}"'
            classes = ["", "num", "num bad" if row.stands_out else "num", "num", "num"]
            # Why a cell stands out is printed under its points, not only on hover.
            texts[2] += "".join(f'<span class="why">{escape(why)}</span>' for why in _reasons(row))
            for index, (text, cls) in enumerate(zip(texts, classes, strict=True)):
                attrs = f' class="{cls}"' if cls else ""
                cells.append(f"<td{attrs}{title if index == 2 else ''}>{text}</td>")
        (after_end if result.after_end else body).append("<tr>" + "".join(cells) + "</tr>")
    if after_end:
        # Kept on the page, apart, below the total they are not part of.
        columns = 2 + 5 * len(order)
        after_end.insert(
            0,
            f'<tr><th colspan="{columns}">Played after the game ended (round '
            f"{standings.ended_after}): not counted</th></tr>",
        )
        after_end = ['<tbody class="after-end">', *after_end, "</tbody>"]
    foot = ['<th colspan="2">Total</th>']
    for side in order:
        need = max(0, game.rules.target - standings.scores[side])
        need_text = "" if finished else f"needs {need}"
        foot.append(f'<td colspan="3">{need_text}</td>')
        foot.append(f'<td class="num">{standings.scores[side]}</td>')
        foot.append(f'<td class="num">{standings.bags[side]}</td>')
    # The total is a body of its own, not a tfoot: a browser draws a tfoot last, below
    # the rounds played after the end.
    return [
        '<div class="scroll">',
        '<table class="sheet">',
        "<thead>",
        "<tr>" + "".join(head_top) + "</tr>",
        "<tr>" + "".join(head_sub) + "</tr>",
        "</thead>",
        "<tbody>",
        *body,
        "</tbody>",
        '<tbody class="total"><tr>' + "".join(foot) + "</tr></tbody>",
        *after_end,
        "</table>",
        "</div>",
    ]


def _series(count: int) -> list[tuple[str, str]]:
    return [_SERIES[index % len(_SERIES)] for index in range(count)]


def _dash(pattern: str) -> str:
    return f' stroke-dasharray="{pattern}"' if pattern else ""


def _nice_step(span: float, ticks: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` ticks over `span`."""
    import math

    raw = max(span / ticks, 1.0)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return int(factor * magnitude)
    raise AssertionError("unreachable")  # pragma: no cover


def score_chart_svg(game: Game, standings: Standings, *, width: int = 640) -> str:
    """Each side's score after every played round as a line, with the target (and loss limit)."""
    from html import escape

    height, left, right, top, bottom = 320, 56, 16, 16, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    order = side_order(game)
    played = [r for r in standings.rounds if r.sides is not None and not r.after_end]
    rounds = max([result.number for result in played], default=0)
    rules = game.rules
    marks = [rules.target, 0]
    if rules.loss_limit is not None:
        marks.append(rules.loss_limit)
    marks += [side.score for result in played for side in result.sides or ()]
    step = _nice_step(max(marks) - min(marks), 6)
    low = -(-min(marks) // step) * step if min(marks) >= 0 else (min(marks) // step) * step
    high = -(-max(marks) // step) * step

    def x_at(number: int) -> float:
        return left + plot_w * number / max(rounds, 1)

    def y_at(score: int) -> float:
        return top + plot_h * (high - score) / (high - low)

    out = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="Score by round" font-family="system-ui, sans-serif" font-size="12">',
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
        f'stroke="#999"/>',
    ]
    for value in range(low, high + 1, step):
        y = y_at(value)
        stroke = "#777" if value == 0 else "#e3e3e3"
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="{stroke}"/>'
        )
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{value}</text>')
    x_step = _nice_step(rounds, 10) if rounds > 20 else 1
    for number in range(0, rounds + 1, x_step):
        x = x_at(number)
        out.append(
            f'<line x1="{x:.1f}" y1="{top + plot_h}" x2="{x:.1f}" '
            f'y2="{top + plot_h + 5}" stroke="#999"/>'
        )
        out.append(
            f'<text x="{x:.1f}" y="{top + plot_h + 18}" text-anchor="middle">{number}</text>'
        )
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle">round</text>'
    )
    out.append(
        f'<text transform="translate(14 {top + plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle">score</text>'
    )
    limits = [(rules.target, f"target {rules.target}")]
    if rules.loss_limit is not None:
        limits.append((rules.loss_limit, f"loss limit {rules.loss_limit}"))
    for value, label in limits:
        y = y_at(value)
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" '
            f'stroke="#111" stroke-width="1.5" stroke-dasharray="6 3"/>'
        )
        # At the left, where every side starts from 0, far from the limits; a white halo
        # keeps it readable where a side's line still crosses it.
        out.append(
            f'<text x="{left + 6}" y="{y - 5:.1f}" text-anchor="start" stroke="#fff"'
            f' stroke-width="4" paint-order="stroke">{escape(label)}</text>'
        )
    for side, (color, dash) in zip(order, _series(len(order)), strict=True):
        points = [(0, 0)] + [
            (result.number, result.sides[side].score) for result in played if result.sides
        ]
        coords = " ".join(f"{x_at(number):.1f},{y_at(score):.1f}" for number, score in points)
        out.append(f"<g><title>{escape(game.sides[side])}</title>")
        out.append(
            f'<polyline points="{coords}" fill="none" stroke="{color}" '
            f'stroke-width="2.5"{_dash(dash)}/>'
        )
        out += [
            f'<circle cx="{x_at(number):.1f}" cy="{y_at(score):.1f}" r="3" fill="{color}"/>'
            for number, score in points
        ]
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


# ---------------------------------------------------------------------------
# The Rich sheet, recorded: svg and txt


def _recorded_sheet(game: Game, standings: Standings, width: int) -> Any:
    """A recording console that has printed the score sheet, independent of the terminal."""
    import io

    from rich.console import Console

    from scorepad.render import score_sheet

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
    text: str = _recorded_sheet(game, standings, width).export_text(styles=False)
    return text


def export_svg(game: Game, standings: Standings, *, width: int = 80) -> str:
    """The Rich score sheet as an SVG image of a terminal, fetching no web fonts."""
    import re

    svg: str = _recorded_sheet(game, standings, width).export_svg(title=game.name)
    # Rich points at a web font; the image falls back to a local monospace font instead.
    svg = re.sub(r"\s*@font-face\s*\{[^}]*\}", "", svg)
    return re.sub(r"\s*<!-- Generated with Rich [^>]*-->", "", svg)


def export_json(game: Game, standings: Standings) -> str:
    import json

    return json.dumps(game_json(game, standings), indent=2, ensure_ascii=False) + "\n"


_EXPORTERS: dict[ExportFormat, Callable[[Game, Standings], str]] = {
    ExportFormat.CSV: export_csv,
    ExportFormat.JSON: export_json,
    ExportFormat.MD: export_md,
    ExportFormat.HTML: export_html,
    ExportFormat.SVG: export_svg,
    ExportFormat.TXT: export_txt,
}


def export_game(game: Game, standings: Standings, fmt: str | ExportFormat) -> str:
    """The whole sheet in one format, as a string ending in a newline."""
    return _EXPORTERS[parse_format(fmt)](game, standings)
