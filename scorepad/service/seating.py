"""Changes to a club night's seating: seat the next round, take the last seating back,
and add or drop a player (or a pair) from the next round on. Each is made under the
event's lock (`events` keeps the event's file, its tables' games and its view).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from scorepad.club.event import (
    Event,
    EventError,
    draw_rounds,
    event_standings,
    ranking_of,
    with_player_added,
    with_player_dropped,
)
from scorepad.club.seats import RANKED_FORMATS, Pair, check_field
from scorepad.files.eventfile import load_event, save_event
from scorepad.files.library import games_dir
from scorepad.files.store import game_lock, load_game_file
from scorepad.i18n import _, ngettext
from scorepad.service import clock as service_clock
from scorepad.service.events import (
    EventView,
    check_names,
    draw_for,
    event_view,
    find_event,
    seat_round,
    start_table_games,
    table_games,
    tables_entered,
)


def seat_next(name: str | None) -> EventView:
    """Seat the next round, once every table of the current one is over."""
    path = find_event(name)
    with game_lock(path):
        event = load_event(path)
        games = table_games(event)
        now = event_standings(event, games)
        current = event.current
        playing = [
            t.table for r in now.rounds if r.number == current for t in r.tables if not t.over
        ]
        if playing:
            raise EventError(
                ngettext(
                    "round {round} is still being played at table {tables}; seat the next"
                    " round once every table is over",
                    "round {round} is still being played at tables {tables}; seat the next"
                    " round once every table is over",
                    len(playing),
                ).format(round=current, tables=", ".join(str(t) for t in playing))
            )
        if event.time_up(service_clock.now()):
            raise EventError(
                _("time is up for {event}: no round is seated after the clock ran out").format(
                    event=event.name
                )
            )
        if current >= event.rounds_planned:
            raise EventError(
                _("all {rounds} rounds of {event} are played").format(
                    rounds=event.rounds_planned, event=event.name
                )
            )
        if event.format in RANKED_FORMATS:
            event = draw_rounds(event, draw_for(event), ranking_of(event, now.rows))
        event = seat_round(event, current + 1)
        start_table_games(event, current + 1)
        save_event(path, event)
    return event_view(path, event, table_games(event))


def add_player(name: str | None, entry: str) -> tuple[EventView, tuple[str, ...]]:
    """A late arrival (a player, or `A+B` for fixed pairs) from the next round on."""
    text = entry.strip()
    parts = [p.strip() for p in text.split("+")]
    added: str | Pair = parts[0] if len(parts) == 1 else (parts[0], parts[1])
    if len(parts) > 2:
        raise EventError(
            _("add one player, or one pair as A+B, not {entry}").format(entry=repr(entry))
        )
    check_names(parts)

    def change(event: Event) -> Event:
        return with_player_added(event, added)

    return _change_field(name, change), tuple(parts)


def drop_player(name: str | None, player: str) -> tuple[EventView, tuple[str, ...]]:
    """Someone who has to leave, from the next round on (for fixed pairs, their pair)."""
    gone: list[tuple[str, ...]] = []

    def change(event: Event) -> Event:
        changed, left = with_player_dropped(event, player)
        gone.append(left)
        return changed

    view = _change_field(name, change)
    return view, gone[0]


def _change_field(name: str | None, changer: Callable[[Event], Event]) -> EventView:
    path = find_event(name)
    with game_lock(path):
        event = load_event(path)
        games = table_games(event)
        changed = changer(event)
        check_field(len(changed.players), changed.format)
        kept = tuple(r for r in changed.rounds if r.seated)
        changed = draw_rounds(dataclasses.replace(changed, rounds=kept), draw_for(changed))
        save_event(path, changed)
    return event_view(path, changed, games)


def unseat(name: str | None) -> EventView:
    """Take the last seating back, while none of its tables has an entry: its tables'
    games are removed, and the round waits to be seated again with the same seats (a
    swiss round is drawn again from the standings then)."""
    from contextlib import ExitStack

    path = find_event(name)
    with game_lock(path):
        event = load_event(path)
        games = table_games(event)
        current = event.current
        if current <= 1:
            raise EventError(
                _("{event} has only its first round seated; there is no seating to take back")
                .format(event=event.name)
            )  # fmt: skip
        round_ = event.round(current)
        assert round_ is not None
        names = [event.game_name(current, t) for t in range(1, len(round_.seats.tables) + 1)]
        folder = games_dir()
        with ExitStack() as held:  # every table's game held still while it is checked
            for game_name in names:
                held.enter_context(game_lock(folder / f"{game_name}.toml"))
            loaded = {name: load_game_file(folder / f"{name}.toml") for name in names}
            entered = tables_entered(event, loaded, current)
            if entered:
                raise EventError(
                    ngettext(
                        "round {round} cannot be unseated: table {tables} has an entry already",
                        "round {round} cannot be unseated: tables {tables} have entries already",
                        len(entered),
                    ).format(round=current, tables=", ".join(str(t) for t in entered))
                )
            rounds = tuple(
                dataclasses.replace(r, seated=False) if r.number == current else r
                for r in event.rounds
                if event.format not in RANKED_FORMATS or r.number < current
            )
            changed = dataclasses.replace(event, rounds=rounds)
            save_event(path, changed)
            for game_name in names:
                (folder / f"{game_name}.toml").unlink()
        games = {n: g for n, g in games.items() if n not in names}
    return event_view(path, changed, games)
