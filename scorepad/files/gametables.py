"""The optional parts of a game file read: the `[clock]`, `misdeals`, `[event]` tables of
a game, and the `rulings` of a round; each checked whole, and refused naming its place.

`gamefile` reads the rest of the file and calls these for the parts a game holds; where a
refusal points is its `Where` (the place of a key or a table in the text), looked up only
for an error.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Protocol

from scorepad.engine.clock import Clock
from scorepad.engine.game import EventSeat, Game
from scorepad.engine.misdeals import Misdeal
from scorepad.engine.rules import Rules
from scorepad.engine.rulings import Ruling, RulingKind
from scorepad.errors import GameFileError
from scorepad.i18n import _


class Where(Protocol):
    """Where a key or a table is in a game file's text, for a refusal (`gamefile`'s locator)."""

    def key(self, key: str) -> str: ...

    def table(self, name: str) -> str: ...


def read_clock(data: Mapping[str, Any], where: Where) -> Clock:
    """The `[clock]` table of a game played to a clock: the moment it started (a TOML
    date-time with its offset), its minutes, and the deal in play when time was called."""
    table = data["clock"]
    ok = (
        isinstance(table, dict)
        and set(table) in ({"start", "minutes"}, {"start", "minutes", "called"})
        and isinstance(table["start"], datetime.datetime)
        and table["start"].tzinfo is not None
        and all(
            isinstance(table[key], int) and not isinstance(table[key], bool) and table[key] >= 1
            for key in ("minutes", "called")
            if key in table
        )
    )
    if not ok:
        raise GameFileError(
            _(
                "{where}: [clock] must hold start (a date and time with its offset), minutes"
                " and, once time is called, called (1 or more)"
            ).format(where=where.table("clock"))
        )
    return Clock(int(table["start"].timestamp()), table["minutes"], table.get("called"))


def read_misdeals(raw: object, game: Game, rounds: int, where: Where) -> tuple[Misdeal, ...]:
    """The `misdeals` list: tables of before_round (1 to one past the last round, in
    order), dealer (a player) and redeal ("same" or "next"); docs/game-file.md."""
    found: list[Misdeal] = []
    for item in raw if isinstance(raw, list) else [None]:
        misdeal = None
        if isinstance(item, dict) and set(item) == {"before_round", "dealer", "redeal"}:
            before, dealer, redeal = item["before_round"], item["dealer"], item["redeal"]
            last = found[-1].before_round if found else 1
            if (
                type(before) is int and last <= before <= rounds + 1 and dealer in game.players
                and redeal in ("same", "next")
            ):  # fmt: skip
                misdeal = Misdeal(before, game.players.index(dealer), redeal)
        if misdeal is None:
            raise GameFileError(
                _(
                    "{where}: misdeals must be a list of tables of before_round (1 to {most},"
                    " in order), dealer (a player) and redeal (same or next)"
                ).format(where=where.key("misdeals"), most=rounds + 1)
            )
        found.append(misdeal)
    return tuple(found)


def read_event_seat(data: Mapping[str, Any], where: Where) -> EventSeat:
    """The `[event]` table of a club night's game: its event's name, round and table."""
    table = data["event"]
    ok = (
        isinstance(table, dict)
        and set(table) == {"name", "round", "table"}
        and isinstance(table["name"], str)
        and all(
            isinstance(table[key], int) and not isinstance(table[key], bool) and table[key] >= 1
            for key in ("round", "table")
        )
    )
    if not ok:
        raise GameFileError(
            _("{where}: [event] must hold name, round and table (1 or more)").format(
                where=where.key("event")
            )
        )
    return EventSeat(table["name"], table["round"], table["table"])


def read_rulings(raw: object, rules: Rules, side_of: Mapping[str, int]) -> tuple[Ruling, ...]:
    """A round's `rulings`: tables of `side`, one of books, points, set, forfeit, and
    `reason` (docs/game-file.md). `side_of`: each side by its folded team name (in solo
    play too: a ruling names its side by name)."""
    from scorepad.engine.entry import check_ruling

    said = _(
        "rulings: each is a table of side (a team), one of books = N, points = N,"
        " set = true or forfeit = true, and reason (text)"
    )
    if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
        raise GameFileError(said)
    kinds = {kind.value: kind for kind in RulingKind}
    found = []
    for item in raw:
        named = [key for key in item if key in kinds]
        side = side_of.get(str(item.get("side", "")).casefold())
        reason = item.get("reason")
        if len(named) != 1 or side is None or not isinstance(reason, str) or (
            set(item) != {"side", "reason", named[0]}
        ):
            raise GameFileError(said)
        kind, value = kinds[named[0]], item[named[0]]
        if kind in (RulingKind.SET, RulingKind.FORFEIT):
            if value is not True:
                raise GameFileError(said)
            value = 0
        elif type(value) is not int:
            raise GameFileError(said)
        ruling = Ruling(side, kind, value, reason)
        check_ruling(rules, ruling)
        found.append(ruling)
    return tuple(found)
