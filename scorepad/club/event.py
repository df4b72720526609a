"""A club night: its field, format and rules, the seats of every round, and the standings
folded from its tables' games.

An event holds facts only: who plays (individuals, or fixed pairs), the format, the rules
as given (a preset, overrides and a deal limit), the seed the seats are drawn from, how
many rounds are planned, and each round's seats once drawn, with whether its tables'
games are started. Standings are never stored: `event_standings` folds them from the
games every time, as `game.standings` folds a game from its rounds.

A bye scores nothing: no game, no win, no margin, no points; the byes column counts it,
and since byes rotate fairly every player sits out as often as the others, give or take
one. Pure: no files (`eventfile` writes and reads the text), no randomness of its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorepad.club.seating import seat_pairs, seat_rotate, seat_swiss_round
from scorepad.club.seats import (
    Draw,
    Format,
    Pair,
    RoundSeats,
    SeatingProblem,
    pair_key,
    round_robin_rounds,
)
from scorepad.engine.game import EventSeat, Game, standings
from scorepad.errors import GameError, Todo
from scorepad.hints import did_you_mean
from scorepad.i18n import _


class EventError(GameError):
    """An event command that does not fit the event (or its tables' games)."""


@dataclass(frozen=True, slots=True)
class EventRound:
    """One round's seats, and whether its tables' games are started (`seated`)."""

    number: int
    seats: RoundSeats
    seated: bool = False


@dataclass(frozen=True, slots=True)
class Reopened:
    """A finished table's game reopened by the organizer once round `later` was seated:
    the standings the night went on from have changed."""

    round: int
    table: int
    later: int


@dataclass(frozen=True, slots=True)
class Event:
    """A club night's facts."""

    name: str
    format: Format
    players: tuple[str, ...]  # the field now, in the order given (pairs: partners together)
    pairs: tuple[Pair, ...]  # fixed partnerships (pairs, swiss, most-wins); () for rotate
    preset: str
    overrides: tuple[str, ...]  # --set KEY=VALUE as given, `deal_limit=N` for --deals
    seed: str
    rounds_planned: int
    rounds: tuple[EventRound, ...] = ()
    problems: tuple[SeatingProblem, ...] = ()  # what the seats drawn could not avoid
    day: str | None = None  # the night's date (ISO), when it was started; None before 0.x
    reopened: tuple[Reopened, ...] = ()  # finished tables reopened after the night moved on
    # The night's clock (`--minutes`): the moment it started, in seconds since the epoch
    # (when the event was started and its first round seated), and its length; every
    # table's game plays to it (docs/rules.md, the clock). None: no clock.
    clock_start: int | None = None
    clock_minutes: int | None = None

    def time_up(self, now: float) -> bool:
        """Whether the night's clock has run out at `now` (never, without a clock)."""
        left = self.seconds_left(now)
        return left is not None and left <= 0

    def seconds_left(self, now: float) -> int | None:
        """The seconds left on the night's clock at `now` (None: no clock)."""
        if self.clock_start is None or self.clock_minutes is None:
            return None
        return max(0, int(self.clock_start + 60 * self.clock_minutes - now))

    @property
    def current(self) -> int:
        """The round being played: the last one seated (0 before any)."""
        return max((r.number for r in self.rounds if r.seated), default=0)

    def game_name(self, round_number: int, table: int) -> str:
        """The game a table plays in a round: `NAME-rR-tT`, from 1."""
        return f"{self.name}-r{round_number}-t{table}"

    def round(self, number: int) -> EventRound | None:
        for round_ in self.rounds:
            if round_.number == number:
                return round_
        return None


def table_players(sides: tuple[Pair, Pair]) -> tuple[str, str, str, str]:
    """A table's four in clockwise seat order: partners sit opposite (1st and 3rd)."""
    (a, c), (b, d) = sides
    return (a, b, c, d)


@dataclass(frozen=True, slots=True)
class NextSeat:
    """Where a player of a finished table goes in the next round: a table with a partner
    and two opponents, or none (a bye, or gone from the field)."""

    player: str
    round: int
    table: int | None
    partner: str = ""
    against: tuple[str, ...] = ()
    bye: bool = False


def next_seats(event: Event, round_number: int, table: int) -> tuple[NextSeat, ...]:
    """Where each player of table `table` in round `round_number` sits next, once the next
    round is seated (else nothing): in the table's seat order."""
    here, following = event.round(round_number), event.round(round_number + 1)
    if here is None or following is None or not following.seated:
        return ()
    if not 1 <= table <= len(here.seats.tables):
        return ()
    seats = []
    for player in table_players(here.seats.tables[table - 1].sides):
        seat = NextSeat(player, following.number, None, bye=player in following.seats.byes)
        for number, there in enumerate(following.seats.tables, start=1):
            for side in (0, 1):
                pair = there.sides[side]
                if player in pair:
                    partner = pair[1] if pair[0] == player else pair[0]
                    against = there.sides[1 - side]
                    seat = NextSeat(player, following.number, number, partner, against)
        seats.append(seat)
    return tuple(seats)


def unit_name(pair: Pair) -> str:
    """A pair as one name in the standings: `Ann+Bob`."""
    return f"{pair[0]}+{pair[1]}"


# ---------------------------------------------------------------------------
# Drawing seats


def draw_rounds(event: Event, draw: Draw, ranking: Sequence[Pair] = ()) -> Event:
    """The event with every round not yet seated drawn again for the field as it is.

    Rotate and pairs draw every planned round at once (a round robin is planned whole);
    swiss and most-wins draw only the next round, by `ranking` (best first), when it is
    to be seated: pairs of a like record meet, winners meeting winners.
    """
    played = [r for r in event.rounds if r.seated]
    seats = [r.seats for r in played]
    if event.format == "rotate":
        plan = seat_rotate(event.players, event.rounds_planned, draw, seats)
    elif event.format == "pairs":
        plan = seat_pairs(event.pairs, event.rounds_planned, draw, seats)
    else:
        if len(played) >= event.rounds_planned:
            return dataclasses.replace(event, rounds=tuple(played))
        plan = seat_swiss_round(event.pairs, list(ranking) or list(event.pairs), draw, seats)
    drawn = tuple(
        EventRound(number, seats_)
        for number, seats_ in enumerate(plan.rounds, start=len(played) + 1)
    )
    kept = tuple(p for p in event.problems if p.round <= len(played))
    return dataclasses.replace(event, rounds=(*played, *drawn), problems=(*kept, *plan.problems))


# The most rounds a rotating night plans, whatever its field: a long day's play, and a
# seating search that stays within seconds (a 100-player field over 30 rounds takes some 3 s
# on one core, /work/notes/club.md; 80 players over 79 rounds ran for minutes).
MOST_ROTATE_ROUNDS = 30


def most_rounds(format_: Format, units: int) -> int:
    """The most rounds a field can be seated for: fixed pairs meet each other pair once;
    rotating players partner each other player once (and at most `MOST_ROTATE_ROUNDS`)."""
    if format_ != "rotate":
        return round_robin_rounds(units)
    return min(round_robin_rounds(units), MOST_ROTATE_ROUNDS)


def check_rounds(format_: Format, units: int, rounds: int) -> None:
    """Refuse more rounds than the format can seat: pairs meet each other pair once, and
    a rotating player partners each other player once."""
    if rounds < 1:
        said = _("must be 1 or more, not {rounds}").format(rounds=rounds)
        raise EventError(said, option="rounds")
    most = most_rounds(format_, units)
    if rounds <= most:
        return
    if format_ != "rotate":
        said = _(
            "{pairs} pairs can play {most} rounds without two pairs meeting twice, not {rounds}"
        ).format(pairs=units, most=most, rounds=rounds)
    elif most == MOST_ROTATE_ROUNDS:
        said = _("a rotating night plays {most} rounds at most, not {rounds}").format(
            most=most, rounds=rounds
        )
    else:
        said = _(
            "{players} players can play {most} rounds without a partner twice, not {rounds}"
        ).format(players=units, most=most, rounds=rounds)
    raise EventError(said, todo=Todo.FEWER_ROUNDS, number=most)


def with_player_added(event: Event, entry: str | Pair) -> Event:
    """The event with a player (rotate) or a pair (pairs, swiss) joining from the next
    round; the rounds not yet seated are to be drawn again."""
    names = (entry,) if isinstance(entry, str) else entry
    for name in names:
        for known in event.players:
            if known.casefold() == name.casefold():
                raise EventError(
                    _("{name} plays in {event} already").format(name=known, event=event.name)
                )
    if isinstance(entry, str):
        if event.format != "rotate":
            raise EventError(
                _("{event} plays in fixed pairs: add a pair, like A+B").format(event=event.name)
            )
        return dataclasses.replace(event, players=(*event.players, entry))
    if event.format == "rotate":
        raise EventError(
            _("{event} rotates partners: add one player at a time").format(event=event.name)
        )
    return dataclasses.replace(event, players=(*event.players, *entry), pairs=(*event.pairs, entry))


def with_player_dropped(event: Event, name: str) -> tuple[Event, tuple[str, ...]]:
    """The event without a player (for fixed pairs, without their pair) from the next
    round, and who left; refused for someone not there."""
    found = find_player(event, name)
    if event.format == "rotate":
        gone: tuple[str, ...] = (found,)
        pairs = event.pairs
    else:
        pair = next(p for p in event.pairs if found in p)
        gone = pair
        pairs = tuple(p for p in event.pairs if p != pair)
    players = tuple(p for p in event.players if p not in gone)
    return dataclasses.replace(event, players=players, pairs=pairs), gone


def find_player(event: Event, name: str) -> str:
    """A player of the event's field by name, in any case."""
    for known in event.players:
        if known.casefold() == name.strip().casefold():
            return known
    raise EventError(
        _("{name} does not play in {event}{hint}; its players: {players}").format(
            name=repr(name),
            event=event.name,
            hint=did_you_mean(name, event.players),
            players=", ".join(event.players),
        )
    )


@dataclass(frozen=True, slots=True)
class FieldChange:
    """Who joined and who left the field from a round on."""

    round: int
    joined: tuple[str, ...]
    left: tuple[str, ...]


def round_field(seats: RoundSeats) -> tuple[str, ...]:
    """Everyone a round seats: at its tables and sitting out."""
    return (*(name for table in seats.tables for name in table.players), *seats.byes)


def field_changes(event: Event) -> tuple[FieldChange, ...]:
    """Who joined and who left, from which round: read from the seats (every round seats
    the whole field of its time, byes included) and, past the rounds drawn, the field now.
    The first round's field is the field as started, not a change."""
    fields = [round_field(r.seats) for r in event.rounds]
    if event.current >= len(event.rounds) and event.current < event.rounds_planned:
        fields.append(event.players)  # a swiss round to come is drawn once it is seated
    changes = []
    for number in range(2, len(fields) + 1):
        before, now = fields[number - 2], fields[number - 1]
        joined = tuple(name for name in now if name not in before)
        left = tuple(name for name in before if name not in now)
        if joined or left:
            changes.append(FieldChange(number, joined, left))
    return tuple(changes)


# ---------------------------------------------------------------------------
# Standings, folded from the tables' games


@dataclass(frozen=True, slots=True)
class TableState:
    """A table of a round as it stands: its game's scores, whether it is over, who won."""

    table: int
    game: str | None  # None until the round is seated
    sides: tuple[Pair, Pair]
    scores: tuple[int, int]
    over: bool
    winner: int | None
    deals: int  # deals played
    deals_left: int | None  # before the deal limit, if there is one


@dataclass(frozen=True, slots=True)
class RoundState:
    number: int
    seated: bool
    tables: tuple[TableState, ...]
    byes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings: a player (rotate) or a pair (`pair`), and what they have.

    A data structure others extend (a rating column): the fold fills these fields only.
    """

    rank: int
    player: str  # the player, or the pair as `A+B`
    pair: Pair | None
    games: int
    wins: int
    margin: int
    points: int
    byes: int


@dataclass(frozen=True, slots=True)
class EventStandings:
    rows: tuple[StandingRow, ...]
    rounds: tuple[RoundState, ...]


def event_standings(event: Event, games: Mapping[str, Game]) -> EventStandings:
    """Fold the standings from the finished games of the seated rounds.

    `games` holds each seated table's game by name (the caller refuses a missing or
    changed one first: `check_table_game`). Ranked by wins, then margin, then points
    (most-wins: by wins, then margin alone); rows level on all of them share a rank.
    """
    pairs = event.format != "rotate"
    # Every pair of the night, those that left the field since included (each side of a
    # fixed pairs table is a pair, and so is a round's bye): a pair plays as one.
    pair_of = {unit_name(p): p for p in _night_pairs(event)} if pairs else {}
    unit_of = {name: unit for unit, p in pair_of.items() for name in p}
    tally: dict[str, list[int]] = {}  # games, wins, margin, points, byes
    order: list[str] = []

    def row(unit: str) -> list[int]:
        if unit not in tally:
            tally[unit] = [0, 0, 0, 0, 0]
            order.append(unit)
        return tally[unit]

    for name in event.players:
        row(unit_of.get(name, name))
    states: list[RoundState] = []
    for round_ in event.rounds:
        tables = []
        for number, seats in enumerate(round_.seats.tables, start=1):
            game_name = event.game_name(round_.number, number) if round_.seated else None
            game = games.get(game_name) if game_name is not None else None
            tables.append(_table_state(number, game_name, seats.sides, game))
            state = tables[-1]
            if not state.over:
                continue
            for side in (0, 1):
                diff = state.scores[side] - state.scores[1 - side]
                units = {unit_of.get(n, n) for n in state.sides[side]}
                for unit in units:
                    line = row(unit)
                    line[0] += 1
                    line[1] += state.winner == side
                    line[2] += diff
                    line[3] += state.scores[side]
        if round_.seated:
            for unit in sorted({unit_of.get(n, n) for n in round_.seats.byes}):
                row(unit)[4] += 1
        states.append(RoundState(round_.number, round_.seated, tuple(tables), round_.seats.byes))
    keyed = 3 if event.format == "most-wins" else 4  # wins, margin (and points)
    ranked = sorted(order, key=lambda u: [-value for value in tally[u][1:keyed]])
    rows: list[StandingRow] = []
    for index, unit in enumerate(ranked):
        key = tally[unit][1:keyed]
        rank = rows[-1].rank if rows and tally[rows[-1].player][1:keyed] == key else index + 1
        pair = pair_of.get(unit)
        games_, wins, margin, points, byes = tally[unit]
        rows.append(StandingRow(rank, unit, pair, games_, wins, margin, points, byes))
    return EventStandings(tuple(rows), tuple(states))


def _night_pairs(event: Event) -> list[Pair]:
    """The fixed pairs of a night: the field's now, then any that played and left."""
    found = list(event.pairs)
    for round_ in event.rounds:
        sides = [side for table in round_.seats.tables for side in table.sides]
        bye = round_.seats.byes
        for pair in [*sides, *([(bye[0], bye[1])] if len(bye) == 2 else [])]:
            if not any(same_pair(pair, known) for known in found):
                found.append(pair)
    return found


def _table_state(
    number: int, name: str | None, sides: tuple[Pair, Pair], game: Game | None
) -> TableState:
    if game is None:
        return TableState(number, name, sides, (0, 0), False, None, 0, None)
    from scorepad.engine.game import deals_left

    result = standings(game)
    scores = (result.scores[0], result.scores[1])
    played = sum(1 for r in game.rounds if r.played)
    return TableState(
        number,
        name,
        sides,
        scores,
        result.finished,
        result.winner,
        played,
        deals_left(game, result),
    )


def check_table_game(event: Event, round_number: int, table: int, game: Game) -> None:
    """Refuse a table's game changed by hand: another name inside, other players."""
    seats = event.round(round_number)
    assert seats is not None
    sides = seats.seats.tables[table - 1].sides
    expected = event.game_name(round_number, table)
    seat = EventSeat(event.name, round_number, table)
    if (
        game.name != expected
        or tuple(game.players) != table_players(sides)
        or game.event != seat
    ):
        raise EventError(
            _(
                "table {table} of round {round}: game {game} was changed by hand (it holds"
                " {players}, the seats are {seats}); restore it, or seat the event again"
            ).format(
                table=table,
                round=round_number,
                game=expected,
                players=", ".join(game.players),
                seats=", ".join(table_players(sides)),
            )
        )


def ranking_of(event: Event, rows: Sequence[StandingRow]) -> list[Pair]:
    """The pairs of the field in standings order, for a swiss round."""
    known = {unit_name(p): p for p in event.pairs}
    ranked = [known[row.player] for row in rows if row.player in known]
    return ranked + [p for p in event.pairs if p not in ranked]


def same_pair(a: Pair, b: Pair) -> bool:
    return pair_key(*a) == pair_key(*b)
