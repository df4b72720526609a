"""Bids and tricks as a face took them, read against the game under its lock.

A face decodes its own notation into one of these plain values and hands it to
`games.enter_bids` or `enter_tricks`; the service reads it against the game as it is
under the lock, through the engine, so that the state of the game is judged before the
values themselves, and no code of a face runs under the lock.

- `Typed`: as typed on a command line, each naming a player or team (any case) or a seat
  number: `Ann=4`, `Us=7`, `2=nil`.
- `Picks`: as picked in a form, box by box: a player's box by seat, a team's by side,
  each value as given; an empty tricks box takes the rest of the deal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorepad.engine.bids import Bid
from scorepad.engine.checks import rest_of_deal
from scorepad.engine.entry import Given as Located
from scorepad.engine.entry import (
    bids_given,
    parse_round_bids,
    parse_round_tricks,
    parse_tricks,
    read_assignments,
    tricks_given,
)
from scorepad.engine.game import Game
from scorepad.errors import GameError, TricksError
from scorepad.i18n import _


@dataclass(frozen=True, slots=True)
class Typed:
    """Bids or tricks as typed, `NAME=VALUE` each (`Ann=4`): read by the engine's
    notation under the lock, where a malformed one is refused too."""

    tokens: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pick:
    """One box of a form: a player's (by seat) or a team's (by side) bid or tricks."""

    team: bool  # a team's box: its joint bid, or its tricks as one total
    number: int  # the player's seat, or the team's side (from 0)
    value: str  # as given; empty for a box left empty


@dataclass(frozen=True, slots=True)
class Picks:
    """A form's boxes, in the order the form sent them."""

    boxes: tuple[Pick, ...]


def typed_bids(game: Game, typed: Typed) -> tuple[tuple[Bid, ...], ...]:
    """Each side's bids from `Ann=4` ... as the game names its players and teams."""
    return parse_round_bids(game, read_assignments(typed.tokens, "bid"))


def typed_tricks(game: Game, typed: Typed) -> tuple[tuple[int, ...], ...]:
    """Each side's tricks from `Ann=4` ... as the game names its players and teams."""
    return parse_round_tricks(game, read_assignments(typed.tokens, "tricks"))


def _located(game: Game, picks: Picks, kind: str) -> list[Located]:
    """Each box as (side, seat or None for a team, value), refused where the game has no
    such player or team."""
    given: list[Located] = []
    for pick in picks.boxes:
        if pick.team:
            if pick.number >= len(game.sides):
                said = (
                    _("there is no team {team}; teams are {teams}")
                    if kind == "bids"
                    else _("there is no team {number} in this game")
                )
                raise GameError(
                    said.format(
                        team=pick.number + 1, number=pick.number + 1, teams=", ".join(game.sides)
                    )
                )
            given.append((pick.number, None, pick.value))
            continue
        if pick.number >= len(game.players):
            said = (
                _("there is no player in seat {seat}; players are {players}")
                if kind == "bids"
                else _("there is no player in seat {number} in this game")
            )
            raise GameError(
                said.format(
                    seat=pick.number + 1, number=pick.number + 1, players=", ".join(game.players)
                )
            )
        given.append((game.rules.side_of(pick.number), pick.number, pick.value))
    return given


def picked_bids(game: Game, picks: Picks) -> tuple[tuple[Bid, ...], ...]:
    """Each side's bids from a form's boxes: each player's pick, or a team's joint bid."""
    fields = _located(game, picks, "bids")
    teams = {side for side, seat, value in fields if seat is None and value}
    picked = {seat: value for side, seat, value in fields if seat is not None}
    given: list[Located] = [(side, None, value) for side, seat, value in fields if side in teams]
    given = [(side, seat, value) for side, seat, value in given if seat is None]
    for side in range(len(game.sides)):
        if side in teams:
            continue
        for seat in game.rules.seats_of(side):
            if not picked.get(seat):
                raise GameError(
                    _("no bid for {who}; pick every player's bid").format(who=game.players[seat])
                )
            given.append((side, seat, picked[seat]))
    return bids_given(game, given)


def picked_tricks(game: Game, picks: Picks) -> tuple[tuple[int, ...], ...]:
    """Each side's tricks from a form's boxes; one box left empty takes the rest of the
    deal's tricks."""
    given = _located(game, picks, "tricks")
    names = [game.sides[side] if seat is None else game.players[seat] for side, seat, _v in given]
    empty = [name for name, (_side, _seat, value) in zip(names, given, strict=True) if not value]
    if len(empty) > 1:
        raise GameError(
            _("no tricks for {names}; leave at most one box empty (it takes the rest)").format(
                names=", ".join(empty)
            )
        )
    if empty:
        rules = game.rules
        taken = [
            parse_tricks(value, name, rules)
            for name, (_side, _seat, value) in zip(names, given, strict=True)
            if value
        ]
        rest = rest_of_deal(rules, taken)
        if rest is None:
            raise TricksError(
                _("the tricks add up to {taken}; a deal has {tricks}").format(
                    taken=sum(taken), tricks=rules.tricks
                )
            )
        given = [(side, seat, value or str(rest)) for side, seat, value in given]
    return tricks_given(game, given)


Bids = tuple[tuple[Bid, ...], ...]  # per side: its players' bids in seat order, or one joint bid
Tricks = tuple[tuple[int, ...], ...]  # per side: its players' tricks in seat order, or its total
# Bids or tricks as plain values, as a face took them (read under the lock), or a function
# of the game built from the engine's (a script's, a test's).
Given = Bids | Typed | Picks | Callable[[Game], Bids]
GivenTricks = Tricks | Typed | Picks | Callable[[Game], Tricks]


def bids_of(game: Game, given: Given) -> Bids:
    """The bids `given` says, read against `game`."""
    if isinstance(given, Typed):
        return typed_bids(game, given)
    if isinstance(given, Picks):
        return picked_bids(game, given)
    return given(game) if callable(given) else given


def tricks_of(game: Game, given: GivenTricks) -> Tricks:
    """The tricks `given` says, read against `game`."""
    if isinstance(given, Typed):
        return typed_tricks(game, given)
    if isinstance(given, Picks):
        return picked_tricks(game, given)
    return given(game) if callable(given) else given
