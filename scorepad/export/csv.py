"""CSV: one row per round per side under a fixed header, for spreadsheets; a misdeal is a
row of its own, before the round dealt again."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any

from scorepad.export.view import joined, line_text
from scorepad.words.gametext import misdeal_english
from scorepad.words.rounds import side_rounds

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Standings
    from scorepad.engine.misdeals import Misdeal

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
    """One row per round per side under a fixed header; open rounds have empty results
    (and the lines of a ruling made on one, a forfeit). A misdeal is a row before the
    round dealt again: its round, who dealt it, no team, and `misdeal: Bob dealt, Bob
    deals again` as its lines; those after the last round come last."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    misdeals = list(game.misdeals)
    for result in standings.rounds:
        while misdeals and misdeals[0].before_round <= result.number:
            _misdeal_row(writer, game, misdeals.pop(0))
        dealer = game.players[result.round.dealer]
        for row in side_rounds(game, result):
            scored = row.result
            lines = scored.lines if scored is not None else row.unscored_rulings
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
                "; ".join(line_text(line) for line in lines),
                "true" if result.after_end else "false",
            ]
            writer.writerow([csv_cell(cell) for cell in cells])
    for misdeal in misdeals:
        _misdeal_row(writer, game, misdeal)
    return out.getvalue()


def _misdeal_row(writer: Any, game: Game, misdeal: Misdeal) -> None:
    cells: list[object] = [misdeal.before_round, game.players[misdeal.dealer]]
    cells += [""] * (len(CSV_HEADER) - 4) + [misdeal_english(game, misdeal), "false"]
    writer.writerow([csv_cell(cell) for cell in cells])
