"""Club nights, the one way in: start an event, show and list events, reopen a table;
the seating's changes (seat, unseat, add, drop) are `seating`'s. The CLI and the room's
web page both call these.

An event is a file of facts in `$SCOREPAD_HOME/events/NAME.toml` (`eventfile`), loaded,
changed and saved atomically under its lock, as a game is. Each round's tables play
ordinary games named `NAME-rR-tT`, started through `service.start_game`; the standings are
folded from those games every time they are asked for (`event.event_standings`). Every
refusal is a `ScorepadError` and changes nothing.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scorepad.club.event import (
    Event,
    EventError,
    EventStandings,
    check_rounds,
    check_table_game,
    draw_rounds,
    event_standings,
    most_rounds,
    table_players,
)
from scorepad.club.seats import Format, Pair, check_field
from scorepad.engine.game import EventSeat, Game
from scorepad.engine.rules import Rules
from scorepad.errors import GameError, ScorepadError, Todo
from scorepad.files.eventfile import EVENT_SUFFIX, save_event  # and, as the faces import them:
from scorepad.files.eventfile import event_path as event_path
from scorepad.files.eventfile import events_dir as events_dir
from scorepad.files.eventfile import load_event as load_event
from scorepad.files.library import check_game_name, games_dir
from scorepad.files.store import game_lock, load_game_file
from scorepad.hints import did_you_mean
from scorepad.i18n import _
from scorepad.service import clock as service_clock

if TYPE_CHECKING:
    from scorepad.service.games import Undone


def saved_events() -> list[Path]:
    folder = events_dir()
    if not folder.is_dir():
        return []
    return sorted(
        (p for p in folder.glob(f"*{EVENT_SUFFIX}") if not p.name.startswith(".")),
        key=lambda p: p.stem.casefold(),
    )


def find_event(name: str | None) -> Path:
    """The event file of `name` (in any case), or with no name the latest changed."""
    events = saved_events()
    if name is None:
        if not events:
            raise EventError(_("no event yet"), todo=Todo.START_EVENT)
        return max(events, key=lambda p: p.stat().st_mtime)
    check_game_name(name)
    for path in events:
        if path.stem.casefold() == name.casefold():
            return path
    names = [p.stem for p in events]
    raise EventError(
        _("no event named {name}{hint}; events: {names}").format(
            name=repr(name),
            hint=did_you_mean(name, names),
            names=", ".join(names) or _("none yet"),
        )
    )


def draw_for(event: Event) -> random.Random:
    """The draws for the rounds not yet seated: from the event's seed, the rounds seated
    and the field, so that the same seed and the same night give the same seats."""
    seated = sum(1 for r in event.rounds if r.seated)
    return random.Random(f"{event.seed}/{seated}/{','.join(event.players)}")


# ---------------------------------------------------------------------------
# The tables' games


def start_table_games(event: Event, number: int) -> None:
    """Start the games of round `number`'s tables (`NAME-rR-tT`); all names are checked
    free before any game is written."""
    from scorepad.files.library import saved_games
    from scorepad.service.games import start_game

    round_ = event.round(number)
    assert round_ is not None
    taken = {p.stem.casefold(): p.stem for p in saved_games()}
    names = [event.game_name(number, t) for t in range(1, len(round_.seats.tables) + 1)]
    for name in names:
        check_game_name(name)
        if name.casefold() in taken:
            raise EventError(
                _("a game named {name} exists already: rename or delete it first").format(
                    name=repr(taken[name.casefold()])
                )
            )
    for table_number, (name, table) in enumerate(zip(names, round_.seats.tables, strict=True), 1):
        start_game(
            name,
            list(table_players(table.sides)),
            event.preset,
            list(event.overrides),
            make_current=False,
            event=EventSeat(event.name, number, table_number),
            minutes=event.clock_minutes,
            clock_start=event.clock_start,
        )


def table_games(event: Event) -> dict[str, Game]:
    """Every seated table's game, by name; a game gone, damaged or changed by hand is
    refused in one line naming the table."""
    games: dict[str, Game] = {}
    folder = games_dir()
    for round_ in event.rounds:
        if not round_.seated:
            continue
        for table in range(1, len(round_.seats.tables) + 1):
            name = event.game_name(round_.number, table)
            path = folder / f"{name}.toml"
            if not path.is_file():
                raise EventError(
                    _(
                        "table {table} of round {round}: game {game} is gone (renamed or deleted?)"
                    ).format(table=table, round=round_.number, game=name),
                    todo=Todo.RESTORE_GAME,
                    name=name,
                )
            try:
                game = load_game_file(path)
            except ScorepadError as error:
                raise EventError(
                    _("table {table} of round {round}: {error}").format(
                        table=table, round=round_.number, error=error
                    )
                ) from None
            check_table_game(event, round_.number, table, game)
            games[name] = game
    return games


# ---------------------------------------------------------------------------
# What the faces call


@dataclass(frozen=True, slots=True)
class EventView:
    """An event, its file and its standings as they are now, and the rules its tables
    play (as their games hold them; None before a table is seated)."""

    path: Path
    event: Event
    standings: EventStandings
    rules: Rules | None = None
    # The tables of the round in play whose game has an entry: its seating can no longer
    # be taken back (`seating.unseat`).
    entered: tuple[int, ...] = ()


def tables_entered(event: Event, games: Mapping[str, Game], number: int) -> tuple[int, ...]:
    """The tables of round `number` whose game (among `games`, by name) has an entry."""
    round_ = event.round(number)
    if round_ is None or not round_.seated:
        return ()
    tables = range(1, len(round_.seats.tables) + 1)
    return tuple(
        table
        for table in tables
        if (game := games.get(event.game_name(number, table))) and game.rounds
    )


def event_view(path: Path, event: Event, games: dict[str, Game]) -> EventView:
    rules = next((game.rules for game in games.values()), None)
    entered = tables_entered(event, games, event.current)
    return EventView(path, event, event_standings(event, games), rules, entered)


def show_event(name: str | None) -> EventView:
    path = find_event(name)
    event = load_event(path)
    return event_view(path, event, table_games(event))


def new_event(
    name: str,
    players: Sequence[str],
    rounds: int | None,
    *,
    format_: Format = "rotate",
    pairs: Sequence[Pair] = (),
    preset: str = "standard",
    overrides: Sequence[str] = (),
    deals: int | None = None,
    seed: str | None = None,
    minutes: int | None = None,
) -> EventView:
    """Start an event and seat round 1 at once.

    Refused, with nothing written: a name an event has, a field of fewer than 8, rules
    for other than four players in two partnerships, pairs that do not cover the players,
    more rounds than fixed pairs can meet in, most-wins without a clock, no rounds for
    another format. `minutes` starts the night's clock now: every table plays to it, and
    no round is seated once it has run out. Most-wins plays until the clock stops: its
    rounds are at most those in which no two pairs meet twice (`rounds` may say fewer).
    """
    from scorepad.engine.clock import check_minutes
    from scorepad.files.presets import preset_names, resolve_rules

    if minutes is not None:
        check_minutes(minutes)
    elif format_ == "most-wins":
        raise EventError(
            _("is needed: the most-wins format plays until the clock stops"),
            option="minutes",
        )
    name = check_game_name(name)
    for path in saved_events():
        if path.stem.casefold() == name.casefold():
            raise EventError(_("an event named {name} exists already").format(name=repr(path.stem)))
    given = [p.strip() for p in players]
    if format_ == "rotate" and pairs:
        raise EventError(
            _(
                "fixed pairs are for the pairs, swiss and most-wins formats; rotate seats"
                " players alone"
            ),
            option="pairs",
        )
    if format_ != "rotate":
        if not pairs:
            raise EventError(
                _("the {format} format plays fixed pairs").format(format=format_),
                todo=Todo.GIVE_PAIRS,
            )
        listed = [n for pair in pairs for n in pair]
        if sorted(n.casefold() for n in listed) != sorted(n.casefold() for n in given):
            raise EventError(_("the pairs must name every player once, two by two"), option="pairs")
        given = listed
    check_names(given)
    check_field(len(given), format_)
    units = len(given) // 2 if format_ != "rotate" else len(given)
    if rounds is None:
        if format_ != "most-wins":
            raise EventError(
                _("is needed for the {format} format").format(format=format_), option="rounds"
            )
        rounds = most_rounds(format_, units)
    check_rounds(format_, units, rounds)
    all_overrides = list(overrides)
    if deals is not None:
        if deals < 1:
            said = _("must be 1 or more, not {deals}").format(deals=deals)
            raise EventError(said, option="deals")
        all_overrides.append(f"deal_limit={deals}")
    preset_name, rules = resolve_rules(preset, all_overrides)
    if rules.players != 4 or not rules.partnerships:
        fitting = []
        for candidate in preset_names():
            candidate_rules = resolve_rules(candidate)[1]
            if candidate_rules.players == 4 and candidate_rules.partnerships:
                fitting.append(candidate)
        raise EventError(
            _(
                "an event plays four to a table in two partnerships; {preset} does not"
                " (presets that fit: {presets})"
            ).format(preset=preset_name, presets=", ".join(fitting))
        )
    event = Event(
        name=name,
        format=format_,
        players=tuple(given),
        pairs=tuple((a.strip(), b.strip()) for a, b in pairs),
        preset=preset_name if "/" not in preset else preset,
        overrides=tuple(all_overrides),
        seed=seed if seed is not None else f"{random.SystemRandom().getrandbits(32):08x}",
        rounds_planned=rounds,
        day=datetime.date.today().isoformat(),
        clock_start=int(service_clock.now()) if minutes is not None else None,
        clock_minutes=minutes,
    )
    event = draw_rounds(event, draw_for(event))
    event = seat_round(event, 1)
    path = event_path(name)
    with game_lock(path):
        if path.exists():
            raise EventError(_("an event named {name} exists already").format(name=repr(name)))
        start_table_games(event, 1)
        save_event(path, event)
    return event_view(path, event, table_games(event))


def check_names(names: Sequence[str]) -> None:
    from scorepad.engine.names import check_new_names
    from scorepad.service.games import check_not_numbers

    check_new_names(names)
    seen: set[str] = set()
    for name in names:
        if not name or any(ch in name for ch in ",+\n\t") or not name.isprintable():
            raise EventError(
                _("player name {name} is not allowed: no commas, no + and no empty names").format(
                    name=repr(name)
                )
            )
        if name.casefold() in seen:
            raise EventError(_("player {name} is named twice").format(name=repr(name)))
        seen.add(name.casefold())
    check_not_numbers(names, ())


def seat_round(event: Event, number: int) -> Event:
    rounds = tuple(
        dataclasses.replace(r, seated=True) if r.number == number else r for r in event.rounds
    )
    return dataclasses.replace(event, rounds=rounds)


def reopen_table(name: str | None, number: int, table: int) -> tuple[Path, Undone]:
    """The organizer reopens table `table`'s finished game of round `number`, an earlier
    round than the one being played: its last entry is taken back (`undo` with `force`, as
    `scorepad undo --force` does), and the event notes that the standings changed. A table
    not seated, a game not over or a round still being played is refused in one line."""
    from scorepad.engine.game import standings
    from scorepad.service.games import undo

    event = load_event(find_event(name))
    round_ = event.round(number)
    if round_ is None or not round_.seated or not 1 <= table <= len(round_.seats.tables):
        raise EventError(
            _("{event} has no table {table} seated in round {round}").format(
                event=event.name, table=table, round=number
            )
        )
    if number >= event.current:
        raise EventError(
            _(
                "round {round} of {event} is the round being played: its tables take their"
                " own entries back"
            ).format(round=number, event=event.name)
        )
    path = games_dir() / f"{event.game_name(number, table)}.toml"
    if not standings(load_game_file(path)).finished:
        raise EventError(
            _("table {table}'s game of round {round} is not over: there is nothing to reopen")
            .format(table=table, round=number)
        )  # fmt: skip
    return path, undo(path, force=True)


def event_game_paths(name: str | None) -> list[Path]:
    """The files of one night's games (every seated table's), for counting that night
    alone (`ratings --event`, `stats --event`): a Ben of another night or of the kitchen
    table is not this night's Ben. A table's game gone is refused, naming it."""
    view = show_event(name)
    folder = games_dir()
    return [
        folder / f"{state.game}.toml"
        for round_ in view.standings.rounds
        for state in round_.tables
        if state.game is not None
    ]


@dataclass(frozen=True, slots=True)
class EventSummary:
    path: Path
    event: Event | None
    damaged: str | None


def list_events() -> list[EventSummary]:
    found = []
    for path in saved_events():
        try:
            found.append(EventSummary(path, load_event(path), None))
        except ScorepadError as error:
            found.append(EventSummary(path, None, str(error)))
    return found


def refuse_unknown_format(value: str) -> Format:
    """`--format` read: rotate, pairs, swiss or most-wins."""
    from scorepad.club.seats import FORMATS

    for known in FORMATS:
        if value == known:
            return known
    raise GameError(
        _("unknown format {format}; formats: {formats}").format(
            format=repr(value), formats=", ".join(FORMATS)
        )
    )


@dataclass(frozen=True, slots=True)
class EventRatings:
    """Each standings row's rating (`scorepad ratings`, from every saved game, the club
    nights' included), and each table not over yet its two sides' chances to win."""

    rows: tuple[float | None, ...]  # by row of the standings; None: not rated yet
    chances: dict[tuple[int, int], tuple[float, float]]  # by (round, table)


def event_ratings(view: EventView) -> EventRatings:
    """The ratings beside an event's standings and tables. A table still playing is not
    rated yet, so its chances are those before its game."""
    from scorepad.files.gameindex import saved_ratings

    rated = saved_ratings()[0]
    rows = tuple(rated.rating_of(row.pair or (row.player,)) for row in view.standings.rows)
    chances: dict[tuple[int, int], tuple[float, float]] = {}
    for state in view.standings.rounds:
        for table in state.tables:
            if not table.over:
                first, second = rated.chances(table.sides)
                chances[state.number, table.table] = (first, second)
    return EventRatings(rows, chances)
