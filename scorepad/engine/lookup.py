"""Lookup: players and sides found by what people type at the table.

A player is named by name, in any case, or by a 1-based seat number; a side by its team
name. `find_bidder` is what `entry` reads each `PLAYER=VALUE` word's player by: players
come first, then (where sides have partners) the teams.
"""

from __future__ import annotations

from scorepad.engine.game import Game
from scorepad.errors import GameError
from scorepad.hints import did_you_mean
from scorepad.i18n import _
from scorepad.numbers import cut_text, small_number


def find_seat(game: Game, ref: str) -> int:
    """A player's seat (0-based) from a name in any case or a 1-based seat number."""
    found = _find(game, ref, teams=False)
    assert found[1] is not None
    return found[1]


def find_side(game: Game, ref: str) -> int:
    """A side from its team name, in any case."""
    text = ref.strip().casefold()
    for side, name in enumerate(game.sides):
        if name.casefold() == text:
            return side
    raise GameError(
        _("unknown team {name}{hint}; teams are {teams}").format(
            name=repr(ref), hint=did_you_mean(ref, game.sides), teams=", ".join(game.sides)
        )
    )


def find_bidder(game: Game, ref: str) -> tuple[int, int | None]:
    """(side, seat) for a player named by name or seat number; (side, None) for a team name.

    Players come first: in solo play a side is named after its player.
    """
    return _find(game, ref, teams=game.rules.side_size > 1)


def _find(game: Game, ref: str, *, teams: bool) -> tuple[int, int | None]:
    text = ref.strip()
    for seat, name in enumerate(game.players):
        if name.casefold() == text.casefold():
            return game.rules.side_of(seat), seat
    if text.isdigit() and text.isascii():
        number = small_number(text)
        seat = -1 if number is None else number - 1
        if not 0 <= seat < len(game.players):
            raise GameError(
                _("there is no seat {seat}; seats are 1 to {seats}").format(
                    seat=cut_text(text), seats=len(game.players)
                )
            )
        return game.rules.side_of(seat), seat
    if teams:
        for side, name in enumerate(game.sides):
            if name.casefold() == text.casefold():
                return side, None
    names = list(game.players) + (list(game.sides) if teams else [])
    said = (
        _(
            "unknown player {name}{hint}; players are {players} (or seat 1 to {seats}, or a team:"
            " {teams})"
        )
        if teams
        else _("unknown player {name}{hint}; players are {players} (or seat 1 to {seats})")
    )
    raise GameError(
        said.format(
            name=repr(ref),
            hint=did_you_mean(text, names),
            players=", ".join(game.players),
            seats=len(game.players),
            teams=", ".join(game.sides),
        )
    )
