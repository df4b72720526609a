"""The guard on every change to a game: a club night's finished table game is not
reopened once the night has moved on, and a game's clock is read first.

`update_table_game` is the store's `update_game` for every change the service makes to a
game (`games`, `rulings`): the first change after the game's clock ran out calls time
first, and a change that would reopen a finished table of an earlier round is refused
(or, with the organizer's `force`, done and noted in the event).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from scorepad.engine.game import EventSeat, Game, call_time, standings
from scorepad.errors import ScorepadError
from scorepad.files.store import update_game
from scorepad.i18n import _
from scorepad.service import clock as service_clock

_T = TypeVar("_T")


def update_table_game(
    path: Path, change: Callable[[Game], tuple[Game, _T]], force: bool
) -> tuple[Game, _T]:
    """`update_game`, refusing to reopen a finished table game of a club night that has
    moved on (a later round seated): it would change the standings the night went on
    from. With `force` (the organizer allows it) it is done, and the event notes it.

    Every change goes through here: the first one after the game's clock ran out calls
    time first (`call_time`), so the deal in play then is the last."""
    reopened: list[tuple[EventSeat, int]] = []

    def guarded(game: Game) -> tuple[Game, _T]:
        changed, extra = change(call_time(game, service_clock.now()))
        if game.event is not None and changed != game:
            later = _reopening(game, changed)
            if later is not None:
                if not force:
                    raise _reopen_refusal(game.event, later)
                reopened.append((game.event, later))
        return changed, extra

    result = update_game(path, guarded)
    for seat, later in reopened:
        _note_reopened(seat, later)
    return result


def _reopening(game: Game, changed: Game) -> int | None:
    """The latest round of the game's event seated after the game's own, where `changed`
    reopens the finished `game`; else None (also where the event is gone or damaged: it
    has nothing left to protect)."""
    from scorepad.files.eventfile import event_path, load_event

    seat = game.event
    if seat is None or not standings(game).finished or standings(changed).finished:
        return None
    try:
        event = load_event(event_path(seat.event))
    except ScorepadError:
        return None
    return event.current if event.current > seat.round else None


def _note_reopened(seat: EventSeat, later: int) -> None:
    """Note in the event that a finished table was reopened after round `later` was seated."""
    from scorepad.club.event import Reopened
    from scorepad.files.eventfile import event_path, load_event, save_event
    from scorepad.files.store import game_lock

    path = event_path(seat.event)
    with game_lock(path):
        event = load_event(path)
        noted = Reopened(seat.round, seat.table, later)
        if noted not in event.reopened:
            save_event(path, dataclasses.replace(event, reopened=(*event.reopened, noted)))


def _reopen_refusal(seat: EventSeat, later: int) -> ScorepadError:
    from scorepad.club.event import EventError
    from scorepad.errors import Todo

    return EventError(
        _(
            "table {table} of round {round} of {event} is over and round {later} is seated:"
            " reopening its game would change the standings the night went on from"
        ).format(table=seat.table, round=seat.round, event=seat.event, later=later),
        todo=Todo.FORCE_REOPEN,
    )
