"""A club night's standings as a Rich table, for `scorepad event show`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from scorepad.event import EventStandings


def standings_table(heads: Sequence[str], standings: EventStandings) -> Table:
    """Rank, player or pair, games, wins, margin, points, byes: names printed literally."""
    table = Table(box=None, pad_edge=False, show_edge=False)
    for index, head in enumerate(heads):
        table.add_column(head, justify="left" if index == 1 else "right")
    for row in standings.rows:
        table.add_row(
            str(row.rank),
            Text(row.player),
            str(row.games),
            str(row.wins),
            f"{row.margin:+d}" if row.margin else "0",
            str(row.points),
            str(row.byes),
        )
    return table
