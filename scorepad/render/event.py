"""A club night's standings as a Rich table, for `scorepad event show`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from scorepad.club.event import EventStandings


def standings_table(
    heads: Sequence[str], standings: EventStandings, ratings: Sequence[str] = ()
) -> Table:
    """Rank, player or pair, games, wins, margin, points, byes (and each row's rating, when
    `ratings` gives them, with its head the last of `heads`): names printed literally."""
    table = Table(box=None, pad_edge=False, show_edge=False)
    for index, head in enumerate(heads):
        table.add_column(head, justify="left" if index == 1 else "right")
    for index, row in enumerate(standings.rows):
        table.add_row(
            str(row.rank),
            Text(row.player),
            str(row.games),
            str(row.wins),
            f"{row.margin:+d}" if row.margin else "0",
            str(row.points),
            str(row.byes),
            *([ratings[index]] if ratings else []),
        )
    return table
