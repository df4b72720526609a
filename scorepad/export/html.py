"""HTML: one printable, self-contained page with the standings, the sheet and the chart."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from scorepad.export.chart import dash_attribute, score_chart_svg, series
from scorepad.export.view import (
    clock_facts,
    limits_text,
    misdeal_lines,
    reasons,
    said_line,
    side_cells,
    status_line,
    warning_lines,
)
from scorepad.i18n import N_, _, language, ngettext
from scorepad.words.gametext import need_words
from scorepad.words.rounds import side_order, side_rounds

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Standings

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
# A side's columns on the sheet (translated where they are shown).
_SHEET_COLUMNS = (N_("Bid"), N_("Tricks"), N_("Points"), N_("Score"), N_("Bags"))


def export_html(game: Game, standings: Standings) -> str:
    """One self-contained page: the sheet and the score chart, no scripts, no network.

    The standings come first, one line per side, so that a phone's first screen shows
    every side's score; then the sheet, in tables of at most TABLE_SIDES sides.
    """
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
        f"{dash_attribute(dash)}/></svg> {escape(game.sides[side])}</li>"
        for side, (color, dash) in zip(order, series(len(order)), strict=True)
    )
    played = sum(1 for result in standings.rounds if result.sides is not None)
    clock = clock_facts(game)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{language()}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>" + escape(_("{name}: Spades score sheet").format(name=game.name)) + "</title>",
        f"<style>\n{_HTML_STYLE}\n</style>",
        "</head>",
        "<body>",
        f"<h1>{escape(game.name)}</h1>",
        '<p class="meta">'
        + escape(
            ngettext(
                "Preset {preset}, {limits}, {count} round played.",
                "Preset {preset}, {limits}, {count} rounds played.",
                played,
            ).format(preset=game.preset, limits=limits_text(game), count=played)
        )
        + "</p>",
        *([f'<p class="meta">{escape(clock)}</p>'] if clock is not None else []),
        f'<p class="{status_class}">{escape(status_line(game, standings))}</p>',
        *_standings_html(game, standings, order),
        *tables,
        *(f'<p class="note">{escape(said)}</p>' for said in misdeal_lines(game)),
        *(f'<p class="warning">{escape(text)}</p>' for text in warning_lines(standings)),
        "<h2>" + escape(_("Score by round")) + "</h2>",
        "<figure>",
        score_chart_svg(game, standings),
        f'<ul class="legend">{legend}</ul>',
        "</figure>",
        "<footer>" + escape(_("Printed from scorepad.")) + "</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def _players_html(game: Game, side: int) -> str:
    """`<span class="players">Ann &amp; Cat</span>` where the team's name does not say them."""
    players = game.side_players(side)
    if len(players) < 2 or game.sides[side] == " & ".join(players):
        return ""
    return f'<span class="players">{" &amp; ".join(escape(name) for name in players)}</span>'


def _standings_html(game: Game, standings: Standings, order: list[int]) -> list[str]:
    """Each side's score and bags (and what it needs), one short row each."""
    heads = [_("Side"), _("Score"), _("Bags")] + ([] if standings.finished else [_("Needs")])
    rows = [
        '<table class="standings">',
        "<thead><tr>" + "".join(f"<th>{escape(head)}</th>" for head in heads),
    ]
    rows[-1] += "</tr></thead><tbody>"
    for side in order:
        need = need_words(game, standings, side, bare=True)
        rows.append(
            f"<tr><th>{escape(game.sides[side])}{_players_html(game, side)}</th>"
            f'<td class="num">{standings.scores[side]}</td>'
            f'<td class="num">{standings.bags[side]}</td>'
            + ("" if standings.finished else f'<td class="num">{escape(need)}</td>')
            + "</tr>"
        )
    rows.append("</tbody></table>")
    return rows


def _sheet_html(game: Game, standings: Standings, order: list[int]) -> list[str]:
    """The sheet of the sides in `order`: rounds, the total, then rounds after the end."""
    finished = standings.finished
    head_top = [f'<th rowspan="2">{escape(word)}</th>' for word in (_("Round"), _("Dealer"))]
    head_sub = []
    for side in order:
        shown = f"{escape(game.sides[side])}{_players_html(game, side)}"
        head_top.append(f'<th colspan="5">{shown}</th>')
        head_sub += ["<th>" + escape(_(word)) + "</th>" for word in _SHEET_COLUMNS]
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
            texts = side_cells(row, escape, bold=lambda text: text)
            title = ""
            if row.result is not None:
                detail = "; ".join(said_line(line) for line in row.result.lines)
                title = f' title="{escape(detail)}"'
            classes = ["", "num", "num bad" if row.stands_out else "num", "num", "num"]
            # Why a cell stands out is printed under its points, not only on hover.
            texts[2] += "".join(f'<span class="why">{escape(why)}</span>' for why in reasons(row))
            for index, (text, cls) in enumerate(zip(texts, classes, strict=True)):
                attrs = f' class="{cls}"' if cls else ""
                cells.append(f"<td{attrs}{title if index == 2 else ''}>{text}</td>")
        (after_end if result.after_end else body).append("<tr>" + "".join(cells) + "</tr>")
    if after_end:
        # Kept on the page, apart, below the total they are not part of.
        columns = 2 + 5 * len(order)
        said = _("Played after the game ended (round {number}): not counted").format(
            number=standings.ended_after
        )
        after_end.insert(0, f'<tr><th colspan="{columns}">{escape(said)}</th></tr>')
        after_end = ['<tbody class="after-end">', *after_end, "</tbody>"]
    foot = ['<th colspan="2">' + escape(_("Total")) + "</th>"]
    for side in order:
        need_text = "" if finished else escape(need_words(game, standings, side))
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
