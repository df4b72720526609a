"""What a club night's pages show beside its standings, held to what the night made
(`nights` plays the night and calls these).

- The rounds planned, which the event takes as `scorepad event start` checks them
  (`check_rounds`): a night's cases plan no more than its format can seat.
- Each table's state after every round (`event_standings`' rounds): its game's name once
  its round is seated, the scores and the winner as the game was played and held to the
  reference deal by deal, whether it is over, the deals played, and the deals left
  before the deal limit while it is not.
- Where each player of a table sits in the next round once it is seated (`next_seats`,
  as a finished table's page says it), against the reference's reading of that round's
  seats (`reference.night.seat_of`).
- Who joined and who left the field, from which round (`field_changes`), as the night
  added and dropped them.
- The event written to its file and read back, as every event command loads it: the
  same event.

Each finding is a `night` problem named by the column it concerns.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from scorepad.club.event import (
    Event,
    RoundState,
    check_rounds,
    field_changes,
    next_seats,
    table_players,
)
from scorepad.errors import ScorepadError
from scorepad.files.eventfile import event_from_toml, event_to_toml
from scorepad.reference.night import NightRound, NightTable, seat_of
from scorepad.sim.results import GameResult
from scorepad.sim.validate import Problem

# Who joined and who left, by the round they joined or left from.
Changes = dict[int, tuple[set[str], set[str]]]


def _problem(night: int, number: int, column: str, engine: object, truth: object) -> Problem:
    return Problem("night", "night", {"night": night + 1, "round": number, "column": column,
                                      "engine": engine, "reference": truth})  # fmt: skip


def rounds_problems(night: int, event: Event) -> list[Problem]:
    """The rounds the night plans, refused by the event's check of them."""
    units = len(event.pairs) if event.format != "rotate" else len(event.players)
    try:
        check_rounds(event.format, units, event.rounds_planned)
    except ScorepadError as error:
        return [_problem(night, 1, "rounds planned", [str(error)], [event.rounds_planned])]
    return []


def table_problems(
    night: int, number: int, event: Event, states: Sequence[RoundState],
    results: Mapping[str, GameResult], deal_limit: int,
) -> list[Problem]:  # fmt: skip
    """The first table whose state after round `number` is not the night's: a round not
    seated has no game yet; `results` holds each game the night played, by name."""
    for state in states:
        seated = state.number <= number
        for table in state.tables:
            name = event.game_name(state.number, table.table) if seated else None
            result = results.get(name) if name is not None else None
            want: tuple[object, ...] = (name, (0, 0), False, None, 0, None)
            if result is not None:
                over = result.end != "unfinished"
                left = None if over or not deal_limit else max(deal_limit - result.deals, 1)
                scores = tuple(result.scores[:2])
                want = (name, scores, over, result.winner, result.deals, left)
            got = (table.game, table.scores, table.over, table.winner, table.deals,
                   table.deals_left)  # fmt: skip
            if got != want:
                return [_problem(night, number, "table", [got], [want])]
    return []


def next_seat_problems(night: int, event: Event, number: int) -> list[Problem]:
    """Where each player of round `number - 1`'s tables sits in round `number`, just
    seated, against the reference's reading of its seats."""
    before, now = event.round(number - 1), event.round(number)
    if before is None or now is None:
        return []
    seats = NightRound(True, tuple(NightTable(table.sides, None) for table in now.seats.tables),
                       now.seats.byes)  # fmt: skip
    for table, here in enumerate(before.seats.tables, start=1):
        got = [(seat.player, seat.round, seat.table, seat.partner, seat.against, seat.bye)
               for seat in next_seats(event, number - 1, table)]  # fmt: skip
        want = [(player, number, *seat_of(seats, player)) for player in table_players(here.sides)]
        if got != want:
            return [_problem(night, number, "next seats", got, want)]
    return []


def field_problems(night: int, event: Event, made: Changes) -> list[Problem]:
    """Who joined and who left from which round, against the changes the night made."""
    got = {change.round: (set(change.joined), set(change.left)) for change in field_changes(event)}
    if got == made:
        return []
    return [_problem(night, event.rounds_planned, "field changes", got, made)]


def file_problems(night: int, number: int, event: Event) -> list[Problem]:
    """The event written to its file and read back: the same event."""
    try:
        again = event_from_toml(event_to_toml(event), event.name)
    except ScorepadError as error:
        return [_problem(night, number, "event file", [str(error)], [])]
    differ = [field.name for field in dataclasses.fields(Event)
              if getattr(again, field.name) != getattr(event, field.name)]  # fmt: skip
    return [_problem(night, number, "event file", [f"{name} {getattr(again, name)!r}"],
                     [f"{name} {getattr(event, name)!r}"]) for name in differ[:1]]  # fmt: skip
