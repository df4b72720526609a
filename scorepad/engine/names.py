"""Names: the names a game, its players and its teams may have, and the teams' defaults.

A name is stripped, and refused when empty or holding a control character; a new
player's or team's name, when longer than `MOST_NAME` characters (`check_new_names`: a
sheet's column, a table card's line; a saved game is read as it was saved). Players'
names and teams' names must differ among themselves (case aside), and in partnerships a
team may not be named like a player. `game.new_game` checks a new game's names here, the
library a game's new name.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from scorepad.engine.rules import Rules
from scorepad.errors import GameError
from scorepad.i18n import _

MOST_NAME = 60  # characters in a player's or team's name: every face takes its names here


def split_names(text: str) -> list[str]:
    """`"Ann, Bob,Cat"` -> `["Ann", "Bob", "Cat"]`; empty names are kept for the check."""
    return [part.strip() for part in text.split(",")]


def _name_refusals() -> dict[str, tuple[str, str]]:
    """A game's, player's or team's name refused: empty, or with a control character."""
    return {
        "game": (
            _("game name is empty; give it at least one visible character"),
            _("game name {name} has a control character; use printable text"),
        ),
        "player": (
            _("player name is empty; give it at least one visible character"),
            _("player name {name} has a control character; use printable text"),
        ),
        "team": (
            _("team name is empty; give it at least one visible character"),
            _("team name {name} has a control character; use printable text"),
        ),
    }


def check_name(name: str, what: str) -> str:
    """A player, team or game name, stripped; refuse empty names and control characters."""
    text = name.strip()
    if not text:
        raise GameError(_name_refusals()[what][0])
    # Line and paragraph separators break a line like a control character does.
    if any(unicodedata.category(char)[0] == "C" or char in "\u2028\u2029" for char in text):
        raise GameError(_name_refusals()[what][1].format(name=repr(text)))
    return text


def check_new_names(players: Sequence[str], teams: Sequence[str] = ()) -> None:
    """Refuse a new player's or team's name longer than `MOST_NAME` characters: the one
    rule of a name's length, for every face that takes new names (a new game, a club
    night's field, a late arrival)."""
    for names, said in (
        (players, _("player name {name} is {length} characters long; {most} at most")),
        (teams, _("team name {name} is {length} characters long; {most} at most")),
    ):
        for name in names:
            text = name.strip()
            if len(text) > MOST_NAME:
                shown = repr(text[:20] + "…")
                raise GameError(said.format(name=shown, length=len(text), most=MOST_NAME))


def default_side_names(rules: Rules, players: Sequence[str]) -> tuple[str, ...]:
    """'A & C' and 'B & D' for partnerships; each player's own name in solo play."""
    return tuple(
        " & ".join(players[seat] for seat in rules.seats_of(side)) for side in range(rules.sides)
    )


def check_game_names(
    name: str, players: Sequence[str], rules: Rules, sides: Sequence[str] | None
) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """A new game's name, players and team names (the defaults when `sides` is None or
    empty), checked against each other and the rules' players and sides."""
    name = check_name(name, "game")
    names = tuple(check_name(player, "player") for player in players)
    if len(names) != rules.players:
        raise GameError(
            _("{count} players given; preset needs {needed} (players in seat order)").format(
                count=len(names), needed=rules.players
            )
        )
    _check_unique(names, "player")
    side_names = tuple(check_name(side, "team") for side in sides) if sides else None
    if side_names is None:
        side_names = default_side_names(rules, names)
    elif len(side_names) != rules.sides:
        raise GameError(
            _("{count} team names given; this game has {sides} sides").format(
                count=len(side_names), sides=rules.sides
            )
        )
    _check_unique(side_names, "team")
    if rules.side_size > 1:
        # A team named like a player could not be told apart in `bid Bob=4`.
        taken = {player.casefold() for player in names}
        for side_name in side_names:
            if side_name.casefold() in taken:
                raise GameError(
                    _("team name {name} is also a player's name; team names must differ").format(
                        name=repr(side_name)
                    )
                )
    return name, names, side_names


def _check_unique(names: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            said = (
                _("player name {name} is given twice; names must differ")
                if what == "player"
                else _("team name {name} is given twice; names must differ")
            )
            raise GameError(said.format(name=repr(name)))
        seen.add(name.casefold())
