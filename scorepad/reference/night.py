"""A club night's standings, folded from its tables as a scorer at the club writes them up.

Written from README.md "Club night" alone: each finished table's game gives every player
of a side (or, in the fixed pairs formats, the pair) one game, a win if the side won, the
side's score less the other side's as margin, and the side's score as points; a bye scores
nothing (no game, no win, no margin, no points) and only counts in the byes column, for
every round seated. The standings rank by wins, then the margin, then points; those
level on all three share a rank (the next rank after them counts them all: 1, 1, 3).

Plain values: a round is `NightRound(seated, tables, byes)`, a table
`NightTable(sides, result)` with `sides` two pairs of names (a side's players) and
`result` None until the table's game is over, else `(score of side 1, score of side 2,
winner)`, the winner 0, 1 or None for a draw. A row is `(rank, unit, games, wins,
margin, points, byes)`, a unit a player's name, or a pair's `A+B`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

Pair = tuple[str, str]


class NightTable(NamedTuple):
    sides: tuple[Pair, Pair]
    result: tuple[int, int, int | None] | None


class NightRound(NamedTuple):
    seated: bool
    tables: tuple[NightTable, ...]
    byes: tuple[str, ...]


Row = tuple[int, str, int, int, int, int, int]


def fold_night(
    field: Sequence[str],
    rounds: Sequence[NightRound],
    pairs: Sequence[Pair] | None = None,
    by_points: bool = True,
) -> list[Row]:
    """The standings of a night: `field` the players now, `rounds` as played so far,
    `pairs` every fixed pair that played the night (None: partners rotate, each player
    stands alone). Rows for everyone in the field and everyone who finished a game or
    sat out a seated round; best first, then by name among those sharing a rank. A night
    by wins in a time window ranks by wins and margin alone (`by_points` False: docs/rules.md,
    the clock)."""
    pair_of = {name: pair for pair in pairs or () for name in pair}

    def unit(name: str) -> str:
        pair = pair_of.get(name)
        return f"{pair[0]}+{pair[1]}" if pair is not None else name

    sheet: dict[str, list[int]] = {}  # games, wins, margin, points, byes

    def line(name: str) -> list[int]:
        return sheet.setdefault(unit(name), [0, 0, 0, 0, 0])

    for name in field:
        line(name)
    for round_ in rounds:
        for table in round_.tables:
            if table.result is None:
                continue
            scores = table.result[:2]
            for side, players in enumerate(table.sides):
                # A pair plays as one: one game, not one for each partner.
                for someone in {unit(name): name for name in players}.values():
                    written = line(someone)
                    written[0] += 1
                    written[1] += 1 if table.result[2] == side else 0
                    written[2] += scores[side] - scores[1 - side]
                    written[3] += scores[side]
        if round_.seated:
            for someone in {unit(name): name for name in round_.byes}.values():
                line(someone)[4] += 1
    weight = 1 if by_points else 0
    best_first = sorted(sheet, key=lambda name: (-sheet[name][1], -sheet[name][2],
                                                 -weight * sheet[name][3], name))  # fmt: skip
    rows: list[Row] = []
    for place, name in enumerate(best_first, start=1):
        games, wins, margin, points, byes = sheet[name]
        rank = place
        if rows and (rows[-1][3], rows[-1][4], weight * rows[-1][5]) == (
            wins, margin, weight * points
        ):
            rank = rows[-1][0]
        rows.append((rank, name, games, wins, margin, points, byes))
    return rows


def seat_of(round_: NightRound, name: str) -> tuple[int | None, str, Pair | tuple[()], bool]:
    """Where a player sits in a round: the table (counted from 1), the partner, the two
    across the table, and whether the player sits out; a player the round does not
    seat has no table, no partner and nobody across."""
    for number, table in enumerate(round_.tables, start=1):
        first, second = table.sides
        for mine, theirs in ((first, second), (second, first)):
            if name in mine:
                return number, mine[0] if mine[1] == name else mine[1], theirs, False
    return None, "", (), name in round_.byes
