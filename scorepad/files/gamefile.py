"""The game file format: a game read from TOML text, and damage told from a game.

A game file holds the facts only: names, the preset's name, a full snapshot of its rules,
the first dealer and each round's dealer, bids and tricks. Scores are recomputed from the
rounds on load. See docs/game-file.md for the format.

A file is recognisably whole (format 2): `[rules]` holds every knob, and the last thing
written is `[end_of_file]` with the number of rounds, so a file cut anywhere (even inside
a line) lacks that table, or counts the wrong rounds, and is refused as damaged instead
of read as a shorter game. Format 1 files, from before, have neither and read as before.

Text in, text out: reading and writing files is the store's business (`store`), and
writing a game as this text is `gamewrite`'s. The optional tables (clock, misdeals, event,
a round's rulings) are read by `gametables`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from scorepad.engine.bids import Bid, BidKind, parse_bid
from scorepad.engine.checks import round_checker
from scorepad.engine.game import Game, Round, SideEntry, new_game
from scorepad.engine.ruledata import rules_from_mapping
from scorepad.engine.rules import KNOBS, format_value
from scorepad.errors import BidError, GameFileError, ScorepadError, TricksError
from scorepad.files.gametables import read_clock, read_event_seat, read_misdeals, read_rulings
from scorepad.files.tomltext import parse_toml
from scorepad.hints import did_you_mean
from scorepad.i18n import _, ngettext

FORMAT = 2
OLD_FORMATS = (1,)  # read as they always were; the next save writes them in FORMAT
END_TABLE = "end_of_file"


def game_from_toml(text: str, source: str) -> Game:
    """Read a game file's text; errors name `source`, the line and what is wrong."""
    where = _Locator(text, source)
    return _game_from_data(parse_toml(text, where.at), where)


_TOP_KEYS = (
    "format",
    "name",
    "preset",
    "players",
    "teams",
    "first_dealer",
    "rounds",
    "misdeals",
    "rules",
    "event",
    "clock",
    END_TABLE,
)


def _game_from_data(data: Mapping[str, Any], where: _Locator) -> Game:
    # The version first: a newer format may have keys this one does not know.
    version = data.get("format")
    if isinstance(version, bool) or not (version == FORMAT or version in OLD_FORMATS):
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
            what = _("format {version} is newer than this scorepad reads ({format})").format(
                version=version, format=FORMAT
            )
        elif version is None:
            what = _("damaged or cut short: there is no format key")
        else:
            what = _("format must be {format}, not {version}").format(
                format=FORMAT, version=repr(version)
            )
        raise GameFileError(f"{where.key('format')}: {what}")
    for key in data:
        if key not in _TOP_KEYS:
            hint = did_you_mean(key, _TOP_KEYS)
            raise GameFileError(
                _("{where}: unknown key {key}{hint}; a game file has {keys}").format(
                    where=where.key(key), key=repr(key), hint=hint, keys=", ".join(_TOP_KEYS)
                )
            )
    if version == FORMAT:
        _check_whole(data, where)
    name = _string(data, "name", where)
    preset = _string(data, "preset", where)
    players = _strings(data, "players", where)
    teams = _strings(data, "teams", where)
    if "rules" not in data or not isinstance(data["rules"], dict):
        raise GameFileError(_("{where}: a [rules] table is missing").format(where=where.at(None)))
    try:
        rules = rules_from_mapping(data["rules"], source="rules", saved=True)
    except ScorepadError as error:
        raise GameFileError(f"{where.table('rules')}: {error}") from None
    dealer_name = _string(data, "first_dealer", where)
    try:
        game = new_game(name, players, rules, preset=preset, sides=teams)
    except ScorepadError as error:
        raise GameFileError(f"{where.key('players')}: {error}") from None
    if game.name != name or game.players != tuple(players) or game.sides != tuple(teams):
        raise GameFileError(
            _("{where}: names may not start or end with spaces").format(where=where.key("players"))
        )
    first = game.players.index(dealer_name) if dealer_name in game.players else None
    if first is None:  # another case, or not a player: the line is looked up for an error
        first = _seat_named(game, dealer_name, where.key("first_dealer"))
    game = Game(name, game.players, game.sides, preset, rules, first)
    raw_rounds = data.get("rounds", [])
    if not isinstance(raw_rounds, list) or not all(isinstance(r, dict) for r in raw_rounds):
        raise GameFileError(
            _("{where}: rounds must be a list of tables").format(where=where.key("rounds"))
        )
    rounds: list[Round] = []
    read_round, check_round = _RoundReader(game).read, round_checker(game)
    for number, raw in enumerate(raw_rounds, start=1):
        try:
            round_ = read_round(raw)
            if rounds and rounds[-1].waiting:
                raise GameFileError(
                    _("round {number} waits for an OK, but a later round follows it").format(
                        number=number - 1
                    )
                )
            if rounds and not rounds[-1].played:
                raise GameFileError(
                    _("round {number} has no tricks, but a later round follows it").format(
                        number=number - 1
                    )
                )
            check_round(round_)
        except ScorepadError as error:
            # Lines are looked up only for an error: a good file is read without it.
            message = str(error)
            part: str | None = message.partition(":")[0]
            if isinstance(error, BidError | TricksError):
                part = "bids" if isinstance(error, BidError) else "tricks"
            place = where.round(number, part if part in ("bids", "tricks") else None)
            raise GameFileError(
                _("{where}: round {number}: {message}").format(
                    where=place, number=number, message=message
                )
            ) from None
        rounds.append(round_)
    seat = read_event_seat(data, where) if "event" in data else None
    clock = read_clock(data, where) if "clock" in data else None
    misdeals = (
        read_misdeals(data["misdeals"], game, len(rounds), where) if "misdeals" in data else ()
    )
    return Game(
        name, game.players, game.sides, preset, rules, first, tuple(rounds), seat, clock,
        misdeals,
    )


# Knobs added to scorepad after this format was written: a whole file of this format may
# lack them, and they take their defaults. A new knob goes here (or bumps FORMAT), so that
# every game saved before it still loads.
KNOBS_SINCE_FORMAT: frozenset[str] = frozenset(
    {"deal_limit", "sets_in_a_row", "misdeal_redeal", "confirm_entries"}
)


_OPTIONAL_KEYS = ("rounds", "misdeals", "event", "clock")


def _check_whole(data: Mapping[str, Any], where: _Locator) -> None:
    """Refuse a file that is not all there: a key, a knob or a counted round missing.

    A save writes `[end_of_file]` last, holding the number of rounds: a file cut at any
    point lacks it, or a digit of the count. Checked before anything else, so that damage
    is named as such rather than as a strange value.
    """
    missing = [key for key in _TOP_KEYS if key not in data and key not in _OPTIONAL_KEYS]
    if missing:
        names = [f"[{key}]" if key in ("rules", END_TABLE) else key for key in missing]
        raise GameFileError(
            _("{where}: damaged or cut short: no {keys}").format(
                where=where.at(None), keys=", ".join(names)
            )
        )
    end, rules = data[END_TABLE], data["rules"]
    if isinstance(end, dict) and not end:
        raise GameFileError(
            _("{where}: damaged or cut short: no round_count").format(where=where.table(END_TABLE))
        )
    if not isinstance(end, dict) or set(end) != {"round_count"}:
        raise GameFileError(
            _("{where}: [{table}] must hold round_count and nothing else").format(
                where=where.table(END_TABLE), table=END_TABLE
            )
        )
    if not isinstance(rules, dict):
        raise GameFileError(
            _("{where}: rules must be a table of knobs").format(where=where.key("rules"))
        )
    lacking = [key for key in KNOBS if key not in rules and key not in KNOBS_SINCE_FORMAT]
    if lacking:
        more = _(" and {count} more").format(count=len(lacking) - 3) if len(lacking) > 3 else ""
        raise GameFileError(
            _(
                "{where}: damaged: [rules] lacks {keys}{more} (a saved game writes every knob)"
            ).format(where=where.table("rules"), keys=", ".join(lacking[:3]), more=more)
        )
    count, rounds = end["round_count"], data.get("rounds", [])
    if not isinstance(rounds, list):
        return  # not a count's business: reading the rounds names it
    held = len(rounds)
    if isinstance(count, bool) or not isinstance(count, int) or count != held:
        raise GameFileError(
            ngettext(
                "{where}: damaged or cut short: round_count = {count}, but the file holds"
                " {held} round (after adding or removing a round by hand, change round_count"
                " too)",
                "{where}: damaged or cut short: round_count = {count}, but the file holds"
                " {held} rounds (after adding or removing a round by hand, change round_count"
                " too)",
                held,
            ).format(where=where.table(END_TABLE), count=format_value(count), held=held)
        )


_ROUND_KEYS = frozenset({"dealer", "bids", "tricks", "rulings", "waiting"})


@cache
def _name_maps(
    players: tuple[str, ...], sides: tuple[str, ...]
) -> tuple[dict[str, int], dict[str, int]]:
    """Seats and sides by folded name, worked out once per game rather than per round."""
    return (
        {name.casefold(): seat for seat, name in enumerate(players)},
        {name.casefold(): side for side, name in enumerate(sides)},
    )


class _RoundReader:
    """Reads the rounds of one game: its names and seats are looked up once, not per round."""

    def __init__(self, game: Game) -> None:
        rules = game.rules
        self.game = game
        self.seat_of, side_of = _name_maps(game.players, game.sides)
        # A team's name keys a team value only where sides have partners.
        self.side_of = side_of if rules.side_size > 1 else {}
        self.side_of_any = side_of  # a ruling names its side by name, in solo play too
        self.side_seats = tuple(rules.seats_of(side) for side in range(rules.sides))
        self.rules = rules
        # Bids are made once per game and shared by its rounds (a Bid is immutable): a
        # number up to the tricks in a deal, and each word (`nil`, `b6`) as it is met.
        self.numbers = (parse_bid("0", rules),) + tuple(
            Bid(BidKind.NUMBER, tricks) for tricks in range(1, rules.tricks + 1)
        )
        self.words: dict[str, Bid] = {}

    def read(self, raw: Mapping[str, Any]) -> Round:
        for key in raw:
            if key not in _ROUND_KEYS:
                unknown = sorted(set(raw) - _ROUND_KEYS)[0]
                raise GameFileError(
                    _(
                        "unknown key {key}; a round has dealer, bids, tricks, rulings, waiting"
                    ).format(
                        key=repr(unknown)
                    )
                )
        dealer = raw.get("dealer")
        if not isinstance(dealer, str):
            raise GameFileError(_("dealer must be a player's name"))
        seat = self.seat_of.get(dealer.casefold())
        if seat is None:
            seat = _seat_named(self.game, dealer, None)  # refuses it, naming the players
        bids_raw = raw.get("bids")
        if not isinstance(bids_raw, dict):
            raise GameFileError(_("bids must be a table of PLAYER = BID"))
        bids = [
            tuple(self.bid(key, value) for key, value in side)
            for side in self.by_side(bids_raw, "bids")
        ]
        rulings = (
            read_rulings(raw["rulings"], self.rules, self.side_of_any) if "rulings" in raw else ()
        )
        if "tricks" not in raw:
            if "waiting" in raw:
                raise GameFileError(
                    _("waiting: a round waits for an OK of its tricks; it has none")
                )
            return Round(seat, tuple(SideEntry(side_bids) for side_bids in bids), rulings)
        tricks_raw = raw["tricks"]
        if not isinstance(tricks_raw, dict):
            raise GameFileError(_("tricks must be a table of PLAYER = N"))
        entries = []
        for side_bids, values in zip(bids, self.by_side(tricks_raw, "tricks"), strict=True):
            for key, value in values:
                if type(value) is not int:  # bool is a subclass of int: refused too
                    raise GameFileError(
                        _("tricks: {key} = {value} is not a whole number").format(
                            key=key, value=repr(value)
                        )
                    )
            entries.append(SideEntry(side_bids, tuple(value for _, value in values)))
        if "waiting" in raw and raw["waiting"] is not True:
            raise GameFileError(_("waiting must be true (or left out: the round is agreed)"))
        return Round(seat, tuple(entries), rulings, "waiting" in raw)

    def by_side(self, table: Mapping[str, object], what: str) -> list[list[tuple[str, Any]]]:
        """A round's `bids` or `tricks` table as each side's (key, value) pairs, in seat order."""
        game = self.game
        if tuple(table) == game.players:  # as scorepad writes it: every player, in seat order
            pairs = list(table.items())
            return [[pairs[seat] for seat in seats] for seats in self.side_seats]
        seat_of, side_of = self.seat_of, self.side_of
        per_seat: dict[int, tuple[str, object]] = {}
        per_team: dict[int, tuple[str, object]] = {}
        for key, value in table.items():
            folded = key.casefold()
            seat = seat_of.get(folded)
            if seat is not None:
                if seat in per_seat:
                    raise GameFileError(_twice(what, key))
                per_seat[seat] = (key, value)
            elif folded in side_of:
                if side_of[folded] in per_team:
                    raise GameFileError(_twice(what, key))
                per_team[side_of[folded]] = (key, value)
            else:
                raise GameFileError(
                    _("{table}: {key} is neither a player ({players}) nor a team").format(
                        table=what, key=repr(key), players=", ".join(game.players)
                    )
                )
        sides: list[list[tuple[str, Any]]] = []
        for side, seats in enumerate(self.side_seats):
            if side in per_team:
                if any(seat in per_seat for seat in seats):
                    raise GameFileError(
                        _("{table}: {team} has a team value and player values; give one").format(
                            table=what, team=game.sides[side]
                        )
                    )
                sides.append([per_team[side]])
                continue
            try:
                sides.append([per_seat[seat] for seat in seats])
            except KeyError:
                if what == "bids" or any(seat in per_seat for seat in seats):
                    missing = [game.players[seat] for seat in seats if seat not in per_seat]
                    raise GameFileError(_missing(what, ", ".join(missing))) from None
                raise GameFileError(_missing(what, game.sides[side])) from None
        return sides

    def bid(self, key: str, value: object) -> Bid:
        if type(value) is int:  # bool is a subclass of int, and is not a bid
            if 0 <= value < len(self.numbers):
                # A number is a plain bid; a zero the rules read as nil is written "nil".
                return self.numbers[value]
            if value < 0:
                raise GameFileError(_not_a_bid(key, str(value)))
            return Bid(BidKind.NUMBER, value)  # more than a deal has: checking refuses it
        if not isinstance(value, str):
            raise GameFileError(_not_a_bid(key, repr(value)))
        bid = self.words.get(value)
        if bid is None:
            try:
                bid = self.words[value] = parse_bid(value, self.rules)
            except ScorepadError as error:
                raise GameFileError(f"bids: {key}: {error}") from None
        return bid


def _twice(table: str, key: str) -> str:
    """`bids: Ann is given twice`: the table's name is its key in the file, never translated."""
    return _("{table}: {key} is given twice").format(table=table, key=key)


def _missing(table: str, names: str) -> str:
    return _("{table}: missing for {names}").format(table=table, names=names)


def _not_a_bid(key: str, value: str) -> str:
    return _("bids: {key} = {value} is not a bid").format(key=key, value=value)


def _seat_named(game: Game, name: str, place: str | None) -> int:
    seat = _name_maps(game.players, game.sides)[0].get(name.casefold())
    if seat is not None:
        return seat
    message = _("dealer {name} is not a player; players are {players}").format(
        name=repr(name), players=", ".join(game.players)
    )
    raise GameFileError(f"{place}: {message}" if place else message)


def _string(data: Mapping[str, Any], key: str, where: _Locator) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise GameFileError(
            _("{where}: {key} must be a string, not {value}").format(
                where=where.key(key), key=key, value=repr(value)
            )
        )
    return value


def _strings(data: Mapping[str, Any], key: str, where: _Locator) -> list[str]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise GameFileError(
            _("{where}: {key} must be a list of names").format(where=where.key(key), key=key)
        )
    return list(value)


class _Locator:
    """Finds the line of a key or a round in a game file's text, for error messages."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.lines = text.splitlines()

    def at(self, line: int | None) -> str:
        return (
            _("{source}, line {line}").format(source=self.source, line=line)
            if line
            else self.source
        )

    def key(self, key: str) -> str:
        return self.at(self._find(rf"^\s*{re.escape(key)}\s*=", 0, len(self.lines)))

    def table(self, name: str) -> str:
        return self.at(self._find(rf"^\s*\[\s*{re.escape(name)}\s*\]", 0, len(self.lines)))

    def round(self, number: int, part: str | None = None) -> str:
        """The line of round `number` (or of its `bids`/`tricks` in it)."""
        starts = self._round_starts()
        if number > len(starts):
            return self.at(None)
        start = starts[number - 1]
        if part:
            end = starts[number] - 1 if number < len(starts) else len(self.lines)
            found = self._find(rf"^.*\b{part}\b\s*[\]=]", start - 1, end)
            return self.at(found or start)
        return self.at(start)

    def _round_starts(self) -> list[int]:
        """The lines where rounds start: `[[rounds]]` headers or inline tables."""
        starts: list[int] = []
        inside = False
        for index, line in enumerate(self.lines, start=1):
            stripped = line.strip()
            if re.match(r"^\[\[\s*rounds\s*\]\]", stripped):
                starts.append(index)
            elif re.match(r"^rounds\s*=\s*\[", stripped):
                inside = True
                if "{" in stripped:
                    starts.append(index)
            elif inside and stripped.startswith("{"):
                starts.append(index)
            elif inside and stripped.startswith("]"):
                inside = False
        return starts

    def _find(self, pattern: str, start: int, end: int) -> int | None:
        for index in range(start, end):
            if re.match(pattern, self.lines[index]):
                return index + 1
        return None
