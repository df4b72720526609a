"""Markdown: the sheet as a table, with the game's name, rules and status around it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from scorepad.export.view import (
    clock_facts,
    limits_text,
    misdeal_lines,
    reasons,
    side_cells,
    status_line,
    warning_lines,
)
from scorepad.i18n import N_, _
from scorepad.words.rounds import side_order, side_rounds

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Standings

# A side's columns, each headed with the side's name: `Us bid`, `Us tricks`.
_MD_COLUMNS = (N_("bid"), N_("tricks"), N_("points"), N_("score"), N_("bags"))
_MD_SPECIAL = str.maketrans({char: "\\" + char for char in "\\`*_[]<>|#~"})


def md_text(text: str) -> str:
    """Text for a Markdown table cell: markup characters and `|` escaped, on one line."""
    escaped = " ".join(text.split()).translate(_MD_SPECIAL)
    # An entity like &lt; would be decoded by a renderer; only a bare & is left alone.
    return re.sub(r"&(?=#?\w+;)", "&amp;", escaped)


def export_md(game: Game, standings: Standings) -> str:
    """The sheet as a Markdown table, with the game's name, rules and status around it."""
    order = side_order(game)
    status = md_text(status_line(game, standings))
    clock = clock_facts(game)
    heads = [_("Round"), _("Dealer")]
    aligns = ["---:", "---"]
    for side in order:
        name = md_text(game.sides[side])
        heads += [_("{side} {column}").format(side=name, column=_(word)) for word in _MD_COLUMNS]
        aligns += ["---", "---", "---:", "---:", "---:"]
    lines = [
        f"# {md_text(game.name)}",
        "",
        _("Preset {preset}, {limits}.").format(
            preset=md_text(game.preset), limits=md_text(limits_text(game))
        ),
        *(["", md_text(clock)] if clock is not None else []),
        "",
        f"**{status}**" if standings.finished else status,
        "",
        _md_row(heads),
        _md_row(aligns),
    ]
    after_end: list[str] = []
    for result in standings.rounds:
        number = (
            _("{number} (after the end)").format(number=result.number)
            if result.after_end
            else str(result.number)
        )
        cells = [number, md_text(game.players[result.round.dealer])]
        for row in side_rounds(game, result):
            texts = side_cells(row, md_text, bold=lambda text: f"**{text}**")
            if reasons(row):
                texts[2] += " (" + md_text("; ".join(reasons(row))) + ")"
            cells += texts
        (after_end if result.after_end else lines).append(_md_row(cells))
    total = _("Total")
    totals = [f"**{total}**", ""]
    for side in order:
        totals += ["", "", "", f"**{standings.scores[side]}**", str(standings.bags[side])]
    lines.append(_md_row(totals))
    lines += after_end  # below the total they are not part of
    lines += [f"\n{md_text(said)}" for said in misdeal_lines(game)]
    lines += [f"\n{md_text(warning)}" for warning in warning_lines(standings)]
    return "\n".join(lines) + "\n"


def _md_row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"
