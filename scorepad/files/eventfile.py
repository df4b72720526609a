"""The event file: a club night written as TOML text and read back, damage refused.

It holds the facts of `scorepad.club.event.Event` (the field, the format, the rules as given,
the seed, the rounds planned, the night's date, each drawn round's seats and whether it is
seated) and never a score. The last table is `[end_of_file]` with the number of rounds, so a file
cut short is refused as damaged, like a game file. The file lives in the home's `events`
folder (`event_path`); `load_event` reads it and `save_event` writes it atomically, under
the lock the service holds.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scorepad.club.event import Event, EventError, EventRound, Reopened
from scorepad.club.seats import FORMATS, RoundSeats, SeatingProblem, TableSeats
from scorepad.errors import GameFileError
from scorepad.files.library import check_game_name, scorepad_home
from scorepad.files.store import remove_stale_temporaries, write_text_atomic
from scorepad.files.tomltext import parse_toml
from scorepad.hints import os_reason
from scorepad.i18n import _

FORMAT = 1
END_TABLE = "end_of_file"
_PROBLEM_KINDS = ("partner-again", "bye-again", "met-again")
EVENT_SUFFIX = ".toml"


def events_dir() -> Path:
    return scorepad_home() / "events"


def event_path(name: str) -> Path:
    return events_dir() / f"{check_game_name(name)}{EVENT_SUFFIX}"


def load_event(path: Path) -> Event:
    """Read and check an event file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise EventError(_("{path}: no such event file").format(path=path)) from None
    except (OSError, UnicodeDecodeError) as error:
        reason = os_reason(error) if isinstance(error, OSError) else _("not UTF-8 text")
        raise EventError(
            _("{path}: cannot read it: {reason}").format(path=path, reason=reason)
        ) from None
    return event_from_toml(text, str(path))


def save_event(path: Path, event: Event) -> None:
    """Write the event atomically, under its lock: as a game save does, any temporary file
    a killed save of this event left beside it is removed first."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(path)
        write_text_atomic(path, event_to_toml(event))
    except OSError as error:
        raise EventError(
            _("{path}: cannot save the event: {reason}").format(path=path, reason=os_reason(error))
        ) from None


def event_to_toml(event: Event) -> str:
    """The event file's text."""
    import tomli_w

    data: dict[str, Any] = {
        "format": FORMAT,
        "name": event.name,
        "kind": event.format,
        "players": list(event.players),
        "pairs": [list(pair) for pair in event.pairs],
        "preset": event.preset,
        "overrides": list(event.overrides),
        "seed": event.seed,
        "rounds_planned": event.rounds_planned,
        **({"date": event.day} if event.day is not None else {}),
        **(
            {"clock": {
                "start": datetime.datetime.fromtimestamp(event.clock_start, datetime.UTC),
                "minutes": event.clock_minutes,
            }}
            if event.clock_start is not None and event.clock_minutes is not None
            else {}
        ),
        "round": [
            {
                "number": round_.number,
                "seated": round_.seated,
                "byes": list(round_.seats.byes),
                "tables": [[list(side) for side in t.sides] for t in round_.seats.tables],
            }
            for round_ in event.rounds
        ],
        "problem": [
            {
                "kind": p.kind,
                "round": p.round,
                "names": list(p.names),
                "times": p.times,
                "why": p.why,
            }
            for p in event.problems
        ],
        "reopened": [
            {"round": r.round, "table": r.table, "later": r.later} for r in event.reopened
        ],
        END_TABLE: {"round_count": len(event.rounds)},
    }
    header = "# A scorepad club night: facts only; the standings are folded from the games.\n"
    return header + tomli_w.dumps(data)


def event_from_toml(text: str, source: str) -> Event:
    """Read an event file's text; a damaged one is refused, naming `source` and what."""
    data = parse_toml(text, lambda line: f"{source}:{line}" if line else source)
    try:
        return _event_from_data(data)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        if isinstance(error, GameFileError):
            raise GameFileError(f"{source}: {error}") from None
        raise GameFileError(
            _("{source}: damaged event file ({what}); restore it from a copy").format(
                source=source, what=str(error) or type(error).__name__
            )
        ) from None


def _damaged(what: str) -> GameFileError:
    return GameFileError(_("damaged event file: {what}").format(what=what))


def _strings(value: object, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _damaged(_("{key} must be a list of names").format(key=key))
    return tuple(value)


def _pair(value: object, key: str) -> tuple[str, str]:
    names = _strings(value, key)
    if len(names) != 2:
        raise _damaged(_("{key} must hold two names").format(key=key))
    return (names[0], names[1])


def _event_from_data(data: Mapping[str, Any]) -> Event:
    if data.get("format") != FORMAT:
        raise _damaged(_("format must be {format}").format(format=FORMAT))
    end = data.get(END_TABLE)
    rounds_data = data.get("round", [])
    if not isinstance(end, dict) or end.get("round_count") != len(rounds_data):
        raise _damaged(_("cut short: [end_of_file] does not count its rounds"))
    kind = data["kind"]
    if kind not in FORMATS:
        raise _damaged(_("kind must be one of {kinds}").format(kinds=", ".join(FORMATS)))
    rounds = []
    for number, raw in enumerate(rounds_data, start=1):
        if raw["number"] != number or not isinstance(raw["seated"], bool):
            raise _damaged(_("round {number} is out of order").format(number=number))
        tables = []
        for table in raw["tables"]:
            if not isinstance(table, list) or len(table) != 2:
                raise _damaged(_("a table of round {number} needs two sides").format(number=number))
            tables.append(TableSeats((_pair(table[0], "sides"), _pair(table[1], "sides"))))
        seats = RoundSeats(tuple(tables), _strings(raw["byes"], "byes"))
        rounds.append(EventRound(number, seats, raw["seated"]))
    problems = []
    for raw in data.get("problem", []):
        if raw["kind"] not in _PROBLEM_KINDS or raw["why"] not in ("exhausted", "not-found"):
            raise _damaged(_("a problem of unknown kind"))
        problems.append(
            SeatingProblem(
                raw["kind"],
                int(raw["round"]),
                _strings(raw["names"], "names"),
                int(raw["times"]),
                raw["why"],
            )  # fmt: skip
        )
    rounds_planned = data["rounds_planned"]
    seed = data["seed"]
    name, preset = data["name"], data["preset"]
    if not all(isinstance(value, str) for value in (seed, name, preset)):
        raise _damaged(_("name, preset and seed must be strings"))
    if isinstance(rounds_planned, bool) or not isinstance(rounds_planned, int):
        raise _damaged(_("rounds_planned must be a number"))
    reopened = tuple(
        Reopened(_count(raw, "round"), _count(raw, "table"), _count(raw, "later"))
        for raw in data.get("reopened", [])
    )
    day = data.get("date")  # a file from before the night's date was kept has none
    if day is not None and not isinstance(day, str):
        raise _damaged(_("date must be a string, like 2025-03-14"))
    clock_start, clock_minutes = _clock(data.get("clock"))
    return Event(
        name=name,
        format=kind,
        players=_strings(data["players"], "players"),
        pairs=tuple(_pair(pair, "pairs") for pair in data["pairs"]),
        preset=preset,
        overrides=_strings(data["overrides"], "overrides"),
        seed=seed,
        rounds_planned=rounds_planned,
        rounds=tuple(rounds),
        problems=tuple(problems),
        day=day,
        reopened=reopened,
        clock_start=clock_start,
        clock_minutes=clock_minutes,
    )


def _clock(raw: object) -> tuple[int | None, int | None]:
    """The night's clock: its start (a date-time with its offset) and minutes; none: None."""
    if raw is None:
        return None, None
    if (
        not isinstance(raw, dict)
        or set(raw) != {"start", "minutes"}
        or not isinstance(raw["start"], datetime.datetime)
        or raw["start"].tzinfo is None
        or isinstance(raw["minutes"], bool)
        or not isinstance(raw["minutes"], int)
        or raw["minutes"] < 1
    ):
        raise _damaged(_("clock must hold start (a date and time with its offset) and minutes"))
    return int(raw["start"].timestamp()), raw["minutes"]


def _count(raw: Mapping[str, Any], key: str) -> int:
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _damaged(_("{key} must be a number from 1").format(key=key))
    return value
