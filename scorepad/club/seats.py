"""A club night's seats as values: tables, rounds, what a seating could not avoid, and
the field a format can seat.

The seating itself (the formats and the search they share) is `scorepad.club.seating`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from scorepad.errors import ScorepadError, Todo
from scorepad.i18n import _

Pair = tuple[str, str]
Format = Literal["rotate", "pairs", "swiss", "most-wins"]
FORMATS: tuple[Format, ...] = ("rotate", "pairs", "swiss", "most-wins")
# The formats that draw each round from the standings once the round before is over.
RANKED_FORMATS: tuple[Format, ...] = ("swiss", "most-wins")


class Draw(Protocol):
    """What the seating draws from: `random.Random` (the caller seeds it)."""

    def random(self) -> float: ...


class SeatingError(ScorepadError):
    """A field that cannot be seated as asked."""


@dataclass(frozen=True, slots=True)
class TableSeats:
    """One table of a round: two sides of two players, each side a partnership."""

    sides: tuple[Pair, Pair]

    @property
    def players(self) -> tuple[str, ...]:
        return (*self.sides[0], *self.sides[1])


@dataclass(frozen=True, slots=True)
class RoundSeats:
    """A round's tables, in table order, and the players sitting it out."""

    tables: tuple[TableSeats, ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatingProblem:
    """What a seating could not avoid, as a fact: in which round, who, and why.

    kind: "partner-again" (two players partner a second time or more), "bye-again" (a
    second bye, once everyone has sat out), "met-again" (two pairs meet again). `why`:
    "exhausted" (every partner or opponent left is taken: no seating avoids it), or
    "not-found" (the search gave up within its budget without finding one that does).
    """

    kind: Literal["partner-again", "bye-again", "met-again"]
    round: int
    names: tuple[str, ...]
    times: int
    why: Literal["exhausted", "not-found"] = "exhausted"


@dataclass(frozen=True, slots=True)
class Plan:
    """The rounds drawn (after those already played) and what they could not avoid."""

    rounds: tuple[RoundSeats, ...]
    problems: tuple[SeatingProblem, ...]


def pair_key(a: str, b: str) -> Pair:
    """Two names in a fixed order: the key of a partnership or a meeting."""
    return (a, b) if a <= b else (b, a)


def round_robin_rounds(pairs: int) -> int:
    """The rounds a round robin of `pairs` pairs takes: N-1, or N for an odd N (a bye each)."""
    return pairs - 1 if pairs % 2 == 0 else pairs


def check_field(players: int, format_: Format) -> None:
    """Refuse a field too small for a club night: one table is an ordinary game."""
    if players < 8:
        raise SeatingError(
            _("an event needs 8 players or more (two tables); {count} is one table").format(
                count=players
            ),
            todo=Todo.START_GAME,
        )
    if format_ != "rotate" and players % 2:
        raise SeatingError(_("fixed pairs need an even number of players"))
