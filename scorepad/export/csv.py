"""CSV: one row per round per side under a fixed header, for spreadsheets."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from scorepad.export.view import joined, line_text
from scorepad.words.rounds import side_rounds

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Standings

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
                joined(row.bids),
                row.bid,
                joined(row.player_tricks),
                "" if row.tricks is None else row.tricks,
                "" if scored is None else scored.points,
                "" if scored is None else scored.score,
                "" if scored is None else scored.bags,
                "" if scored is None else "; ".join(line_text(line) for line in scored.lines),
                "true" if result.after_end else "false",
            ]
            writer.writerow([csv_cell(cell) for cell in cells])
    return out.getvalue()
