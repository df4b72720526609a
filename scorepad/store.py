"""Game files: TOML on disk, atomic saves under a lock, and where games live.

A game file holds the facts only: names, the preset's name, a full snapshot of its rules,
the first dealer and each round's dealer, bids and tricks. Scores are recomputed from the
rounds on load. See docs/game-file.md for the format.

A file that does not parse is never overwritten: every change is load, modify, save,
under a lock on a `.lock` file beside the game, and the save replaces the file atomically.

A file is recognisably whole (format 2): `[rules]` holds every knob, and the last thing
written is `[end_of_file]` with the number of rounds, so a file cut anywhere (even inside
a line) lacks that table, or counts the wrong rounds, and is refused as damaged instead
of read as a shorter game. Format 1 files, from before, have neither and read as before.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import cache
from glob import escape as glob_escape
from pathlib import Path
from typing import Any, TypeVar

from scorepad.bids import Bid, BidKind, format_bid, parse_bid
from scorepad.errors import (
    BidError,
    GameError,
    GameFileError,
    ScorepadError,
    TricksError,
    did_you_mean,
)
from scorepad.game import Game, Round, SideEntry, check_name, new_game, round_checker
from scorepad.rules import KNOBS, format_value, rules_from_mapping, rules_to_mapping

FORMAT = 2
OLD_FORMATS = (1,)  # read as they always were; the next save writes them in FORMAT
END_TABLE = "end_of_file"
HOME_ENV = "SCOREPAD_HOME"
GAME_SUFFIX = ".toml"
LOCK_TIMEOUT = 10.0  # seconds to wait for another shell to finish saving

_T = TypeVar("_T")

_HEADER = (
    f"# A scorepad game (format {FORMAT}). Scores are not stored: they are recomputed\n"
    "# from the rounds. Each round: its dealer, the bids and, once played, the tricks,\n"
    "# keyed by player (or by team, for a joint bid or a team's total).\n"
    "# The rules hold every knob and the file ends with its round count, so a file cut\n"
    "# short is refused, never read as a shorter game. Adding or removing a round by\n"
    "# hand, change round_count at the end too.\n"
)


# ---------------------------------------------------------------------------
# TOML <-> Game


def game_to_toml(game: Game) -> str:
    """The game as a game file's text; `game_from_toml` reads it back to an equal game.

    Each round is one line, an inline table: a file of many rounds stays short to read,
    for people and for the TOML parser, which is most of the time a load takes.
    """
    import tomli_w

    head = {
        "format": FORMAT,
        "name": game.name,
        "preset": game.preset,
        "players": list(game.players),
        "teams": list(game.sides),
        "first_dealer": game.players[game.first_dealer],
    }
    # Every knob on a line of its own, arrays too: a line lost from [rules] is then a
    # knob missing, which _check_whole names, never a different array that still loads.
    rules = "".join(
        f"{_key_value(key, value)}\n" for key, value in rules_to_mapping(game.rules).items()
    )
    end = {END_TABLE: {"round_count": len(game.rounds)}}  # written last: see _check_whole
    rounds = ""
    if game.rounds:
        lines = "".join(
            f"    {_inline_table(_round_data(game, round_))},\n" for round_ in game.rounds
        )
        rounds = f"\nrounds = [\n{lines}]\n"
    tail = "\n[rules]\n" + rules + "\n" + tomli_w.dumps(end)
    return _HEADER + tomli_w.dumps(head) + rounds + tail


def _inline_table(table: Mapping[str, object]) -> str:
    """A table of strings, numbers and such tables on one line: `{ a = 1, "b c" = "x" }`.

    Keys and values are written by tomli-w, each as it would write `key = value` alone.
    """
    items = [_key_value(key, value) for key, value in table.items()]
    return "{ " + ", ".join(items) + " }" if items else "{}"


def _key_value(key: str, value: object) -> str:
    """`key = value` on one line, tables and arrays inline, each part as tomli-w writes it."""
    import tomli_w

    name = tomli_w.dumps({key: 0})[:-5]
    if isinstance(value, Mapping):
        return f"{name} = {_inline_table(value)}"
    if isinstance(value, list | tuple):
        items = ", ".join(tomli_w.dumps({"v": item})[4:-1] for item in value)
        return f"{name} = [{items}]"
    return tomli_w.dumps({key: value}).rstrip("\n")


def _round_data(game: Game, round_: Round) -> dict[str, Any]:
    bids: dict[str, object] = {}
    tricks: dict[str, object] = {}
    for seat in range(len(game.players)):
        side = game.rules.side_of(seat)
        entry = round_.sides[side]
        for table, values in ((bids, entry.bids), (tricks, entry.tricks)):
            if values is None:
                continue
            key, value = _seat_value(game, seat, values)
            if key is not None:
                table[key] = _bid_data(value) if isinstance(value, Bid) else value
    data: dict[str, Any] = {"dealer": game.players[round_.dealer], "bids": bids}
    if round_.played:
        data["tricks"] = tricks
    return data


def _seat_value(game: Game, seat: int, values: tuple[_T, ...]) -> tuple[str | None, _T | None]:
    """The file's key and value for a seat: the player's own, or the team's at its first seat."""
    side = game.rules.side_of(seat)
    seats = game.rules.seats_of(side)
    if len(values) == len(seats):
        return game.players[seat], values[seats.index(seat)]
    if seat == seats[0]:
        return game.sides[side], values[0]
    return None, None


def _bid_data(bid: Bid) -> object:
    return bid.tricks if bid.kind is BidKind.NUMBER else format_bid(bid)


# tomli is the parser Python's tomllib was taken from; its builds on PyPI are compiled
# (mypyc), and parse a game file about twice as fast. Versions before 2.4 read TOML
# 1.0 exactly as tomllib does (2.4 reads TOML 1.1, which accepts more): see toml_reader.
_TOMLI_VERSIONS = ((2, 0), (2, 4))  # from, up to but not including


@cache
def _fast_loads() -> Callable[[str], dict[str, Any]] | None:
    """tomli's `loads` where a compiled build of a TOML 1.0 version is installed."""
    try:
        import tomli
        import tomli._parser  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    version = tuple(int(part) for part in re.findall(r"\d+", tomli.__version__)[:2])
    compiled = not tomli._parser.__file__.endswith(".py")
    low, high = _TOMLI_VERSIONS
    return tomli.loads if compiled and low <= version < high else None


def toml_reader() -> str:
    """Which parser reads game files: `tomli X.Y.Z (compiled)`, or `tomllib` alone.

    Either way a file is read the same: tomli only speeds up files that parse, and any
    file it refuses is read again by tomllib, which words the error.
    """
    if _fast_loads() is None:
        return "tomllib"
    import tomli

    return f"tomli {tomli.__version__} (compiled)"


def game_from_toml(text: str, source: str) -> Game:
    """Read a game file's text; errors name `source`, the line and what is wrong."""
    where = _Locator(text, source)
    fast = _fast_loads()
    data = None
    if fast is not None:
        with suppress(ValueError, RecursionError):  # refused: tomllib, the reference, says why
            data = fast(text)
    if data is None:
        data = _reference_loads(text, where)
    return _game_from_data(data, where)


def _reference_loads(text: str, where: _Locator) -> dict[str, Any]:
    """The file's TOML read by tomllib; anything it refuses is a one-line GameFileError."""
    # Imported here: with a compiled tomli, tomllib only reads the files tomli refuses.
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        line = int(match.group(1)) if match else None
        cut = message.endswith("(at end of document)")
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
        if cut:  # what a file cut inside a value looks like
            raise GameFileError(
                f"{where.at(None)}: damaged or cut short: it ends inside a value "
                f"(not valid TOML: {message})"
            ) from None
        raise GameFileError(f"{where.at(line)}: not valid TOML: {message}") from None
    # tomllib refuses some damage with other errors than TOMLDecodeError.
    except ValueError:  # Python's limit on the digits of an integer
        raise GameFileError(
            f"{where.at(None)}: not a game file: a number with more than "
            f"{sys.get_int_max_str_digits()} digits"
        ) from None
    except RecursionError:
        raise GameFileError(f"{where.at(None)}: not a game file: nested too deeply") from None


_TOP_KEYS = (
    "format",
    "name",
    "preset",
    "players",
    "teams",
    "first_dealer",
    "rounds",
    "rules",
    END_TABLE,
)


def _game_from_data(data: Mapping[str, Any], where: _Locator) -> Game:
    # The version first: a newer format may have keys this one does not know.
    version = data.get("format")
    if isinstance(version, bool) or not (version == FORMAT or version in OLD_FORMATS):
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
            what = f"format {version} is newer than this scorepad reads ({FORMAT})"
        elif version is None:
            what = "damaged or cut short: there is no format key"
        else:
            what = f"format must be {FORMAT}, not {version!r}"
        raise GameFileError(f"{where.key('format')}: {what}")
    for key in data:
        if key not in _TOP_KEYS:
            hint = did_you_mean(key, _TOP_KEYS)
            raise GameFileError(
                f"{where.key(key)}: unknown key {key!r}{hint}; a game file has "
                + ", ".join(_TOP_KEYS)
            )
    if version == FORMAT:
        _check_whole(data, where)
    name = _string(data, "name", where)
    preset = _string(data, "preset", where)
    players = _strings(data, "players", where)
    teams = _strings(data, "teams", where)
    if "rules" not in data or not isinstance(data["rules"], dict):
        raise GameFileError(f"{where.at(None)}: a [rules] table is missing")
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
        raise GameFileError(f"{where.key('players')}: names may not start or end with spaces")
    first = game.players.index(dealer_name) if dealer_name in game.players else None
    if first is None:  # another case, or not a player: the line is looked up for an error
        first = _seat_named(game, dealer_name, where.key("first_dealer"))
    game = Game(name, game.players, game.sides, preset, rules, first)
    raw_rounds = data.get("rounds", [])
    if not isinstance(raw_rounds, list) or not all(isinstance(r, dict) for r in raw_rounds):
        raise GameFileError(f"{where.key('rounds')}: rounds must be a list of tables")
    rounds: list[Round] = []
    read_round, check_round = _RoundReader(game).read, round_checker(game)
    for number, raw in enumerate(raw_rounds, start=1):
        try:
            round_ = read_round(raw)
            if rounds and not rounds[-1].played:
                raise GameFileError(
                    f"round {number - 1} has no tricks, but a later round follows it"
                )
            check_round(round_)
        except ScorepadError as error:
            # Lines are looked up only for an error: a good file is read without it.
            message = str(error)
            part: str | None = message.partition(":")[0]
            if isinstance(error, BidError | TricksError):
                part = "bids" if isinstance(error, BidError) else "tricks"
            place = where.round(number, part if part in ("bids", "tricks") else None)
            raise GameFileError(f"{place}: round {number}: {message}") from None
        rounds.append(round_)
    return Game(name, game.players, game.sides, preset, rules, first, tuple(rounds))


# Knobs added to scorepad after this format was written: a whole file of this format may
# lack them, and they take their defaults. A new knob goes here (or bumps FORMAT), so that
# every game saved before it still loads.
KNOBS_SINCE_FORMAT: frozenset[str] = frozenset()


def _check_whole(data: Mapping[str, Any], where: _Locator) -> None:
    """Refuse a file that is not all there: a key, a knob or a counted round missing.

    A save writes `[end_of_file]` last, holding the number of rounds: a file cut at any
    point lacks it, or a digit of the count. Checked before anything else, so that damage
    is named as such rather than as a strange value.
    """
    missing = [key for key in _TOP_KEYS if key not in data and key != "rounds"]
    if missing:
        names = [f"[{key}]" if key in ("rules", END_TABLE) else key for key in missing]
        raise GameFileError(f"{where.at(None)}: damaged or cut short: no {', '.join(names)}")
    end, rules = data[END_TABLE], data["rules"]
    if isinstance(end, dict) and not end:
        raise GameFileError(f"{where.table(END_TABLE)}: damaged or cut short: no round_count")
    if not isinstance(end, dict) or set(end) != {"round_count"}:
        raise GameFileError(
            f"{where.table(END_TABLE)}: [{END_TABLE}] must hold round_count and nothing else"
        )
    if not isinstance(rules, dict):
        raise GameFileError(f"{where.key('rules')}: rules must be a table of knobs")
    lacking = [key for key in KNOBS if key not in rules and key not in KNOBS_SINCE_FORMAT]
    if lacking:
        more = f" and {len(lacking) - 3} more" if len(lacking) > 3 else ""
        raise GameFileError(
            f"{where.table('rules')}: damaged: [rules] lacks {', '.join(lacking[:3])}{more}"
            " (a saved game writes every knob)"
        )
    count, rounds = end["round_count"], data.get("rounds", [])
    if not isinstance(rounds, list):
        return  # not a count's business: reading the rounds names it
    held = len(rounds)
    if isinstance(count, bool) or not isinstance(count, int) or count != held:
        raise GameFileError(
            f"{where.table(END_TABLE)}: damaged or cut short: round_count = "
            f"{format_value(count)}, but the file holds {held} round{'' if held == 1 else 's'}"
            " (after adding or removing a round by hand, change round_count too)"
        )


_ROUND_KEYS = frozenset({"dealer", "bids", "tricks"})


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
                raise GameFileError(f"unknown key {unknown!r}; a round has dealer, bids, tricks")
        dealer = raw.get("dealer")
        if not isinstance(dealer, str):
            raise GameFileError("dealer must be a player's name")
        seat = self.seat_of.get(dealer.casefold())
        if seat is None:
            seat = _seat_named(self.game, dealer, None)  # refuses it, naming the players
        bids_raw = raw.get("bids")
        if not isinstance(bids_raw, dict):
            raise GameFileError("bids must be a table of PLAYER = BID")
        bids = [
            tuple(self.bid(key, value) for key, value in side)
            for side in self.by_side(bids_raw, "bids")
        ]
        if "tricks" not in raw:
            return Round(seat, tuple(SideEntry(side_bids) for side_bids in bids))
        tricks_raw = raw["tricks"]
        if not isinstance(tricks_raw, dict):
            raise GameFileError("tricks must be a table of PLAYER = N")
        entries = []
        for side_bids, values in zip(bids, self.by_side(tricks_raw, "tricks"), strict=True):
            for key, value in values:
                if type(value) is not int:  # bool is a subclass of int: refused too
                    raise GameFileError(f"tricks: {key} = {value!r} is not a whole number")
            entries.append(SideEntry(side_bids, tuple(value for _, value in values)))
        return Round(seat, tuple(entries))

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
                    raise GameFileError(f"{what}: {key} is given twice")
                per_seat[seat] = (key, value)
            elif folded in side_of:
                if side_of[folded] in per_team:
                    raise GameFileError(f"{what}: {key} is given twice")
                per_team[side_of[folded]] = (key, value)
            else:
                raise GameFileError(
                    f"{what}: {key!r} is neither a player ({', '.join(game.players)}) nor a team"
                )
        sides: list[list[tuple[str, Any]]] = []
        for side, seats in enumerate(self.side_seats):
            if side in per_team:
                if any(seat in per_seat for seat in seats):
                    raise GameFileError(
                        f"{what}: {game.sides[side]} has a team value and player values; give one"
                    )
                sides.append([per_team[side]])
                continue
            try:
                sides.append([per_seat[seat] for seat in seats])
            except KeyError:
                if what == "bids" or any(seat in per_seat for seat in seats):
                    missing = [game.players[seat] for seat in seats if seat not in per_seat]
                    raise GameFileError(f"{what}: missing for {', '.join(missing)}") from None
                raise GameFileError(f"{what}: missing for {game.sides[side]}") from None
        return sides

    def bid(self, key: str, value: object) -> Bid:
        if type(value) is int:  # bool is a subclass of int, and is not a bid
            if 0 <= value < len(self.numbers):
                # A number is a plain bid; a zero the rules read as nil is written "nil".
                return self.numbers[value]
            if value < 0:
                raise GameFileError(f"bids: {key} = {value} is not a bid")
            return Bid(BidKind.NUMBER, value)  # more than a deal has: checking refuses it
        if not isinstance(value, str):
            raise GameFileError(f"bids: {key} = {value!r} is not a bid")
        bid = self.words.get(value)
        if bid is None:
            try:
                bid = self.words[value] = parse_bid(value, self.rules)
            except ScorepadError as error:
                raise GameFileError(f"bids: {key}: {error}") from None
        return bid


def _seat_named(game: Game, name: str, place: str | None) -> int:
    seat = _name_maps(game.players, game.sides)[0].get(name.casefold())
    if seat is not None:
        return seat
    message = f"dealer {name!r} is not a player; players are {', '.join(game.players)}"
    raise GameFileError(f"{place}: {message}" if place else message)


def _string(data: Mapping[str, Any], key: str, where: _Locator) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise GameFileError(f"{where.key(key)}: {key} must be a string, not {value!r}")
    return value


def _strings(data: Mapping[str, Any], key: str, where: _Locator) -> list[str]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise GameFileError(f"{where.key(key)}: {key} must be a list of names")
    return list(value)


class _Locator:
    """Finds the line of a key or a round in a game file's text, for error messages."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.lines = text.splitlines()

    def at(self, line: int | None) -> str:
        return f"{self.source}, line {line}" if line else self.source

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


# ---------------------------------------------------------------------------
# Files: atomic saves, locking


def load_game_file(path: Path) -> Game:
    """Read and check a game file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameFileError(f"{path}: no such game file") from None
    except UnicodeDecodeError:
        raise GameFileError(f"{path}: not a text file (UTF-8 expected)") from None
    except OSError as error:
        raise GameFileError(f"{path}: cannot read it: {error.strerror}") from None
    return game_from_toml(text, str(path))


def save_game(path: Path, game: Game) -> None:
    """Write the game atomically: a temporary file in the same folder, fsync, rename.

    Called under the game's lock: any temporary file of this game found beside it is
    left by a save that was killed, and is removed.
    """
    text = game_to_toml(game)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(path)
        write_text_atomic(path, text)
    except OSError as error:
        raise GameFileError(f"{path}: cannot save the game: {error.strerror}") from None


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files a killed save of `path` left beside it; only its own.

    `write_text_atomic` names them `.NAME.XXXXXXXX.tmp` (mkstemp's eight characters), so
    another game's, even one whose name starts with this one's, never matches.
    """
    own = re.compile(rf"\.{re.escape(path.name)}\.[a-z0-9_]{{8}}\.tmp")
    removed = []
    for candidate in path.parent.glob(f".{glob_escape(path.name)}.*.tmp"):
        if own.fullmatch(candidate.name):
            try:
                candidate.unlink(missing_ok=True)
            except OSError:  # left for a later save: it must not stop this one
                continue
            removed.append(candidate)
    return removed


def write_text_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` at once: a temporary file beside it, fsync, rename.

    A failure (an OSError) leaves any file already at `path` as it was. The file keeps the
    permissions of the file it replaces, or gets those a new file would get, not
    mkstemp's 0600.
    """
    import tempfile  # only a save needs it: loading a game stays quick

    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp_name, mode)
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable, where the system allows it."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@contextmanager
def game_lock(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the game's lock: one shell at a time loads, changes and saves it."""
    if timeout is None:
        timeout = LOCK_TIMEOUT
    lock = lock_path(path)
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock, "a+b")  # noqa: SIM115 - held open for the lock's lifetime
    except OSError as error:
        raise GameFileError(f"{lock}: cannot lock the game: {error.strerror}") from None
    try:
        _acquire(handle, lock, timeout)
        try:
            yield
        finally:
            _release(handle)
    finally:
        handle.close()


if sys.platform == "win32":  # pragma: no cover

    def _try_lock(handle: Any) -> bool:
        import msvcrt

        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _release(handle: Any) -> None:
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:

    def _try_lock(handle: Any) -> bool:
        import fcntl

        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _release(handle: Any) -> None:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _acquire(handle: Any, lock: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not _try_lock(handle):
        if time.monotonic() >= deadline:
            raise GameFileError(
                f"{lock}: another scorepad is saving this game; try again in a moment"
            )
        time.sleep(0.02)


def update_game(path: Path, change: Callable[[Game], tuple[Game, _T]]) -> tuple[Game, _T]:
    """Load, change and save a game under its lock; a refusal or a bad file saves nothing.

    `change` returns the new game and anything the caller wants back (a message).
    """
    with game_lock(path):
        game = load_game_file(path)
        changed, extra = change(game)
        if changed != game:
            save_game(path, changed)
        return changed, extra


def create_game_file(path: Path, game: Game) -> None:
    """Save a new game; refuse if a game file is already there."""
    with game_lock(path):
        if path.exists():
            raise GameError(f"a game file already exists at {path}; pick another name")
        save_game(path, game)


# ---------------------------------------------------------------------------
# Where games live


def default_home() -> Path:
    """Typer's app dir for "scorepad" (click's get_app_dir), without importing Typer."""
    if sys.platform == "win32":  # pragma: no cover
        base = os.environ.get("APPDATA") or os.path.expanduser("~")
        return Path(base) / "scorepad"
    if sys.platform == "darwin":  # pragma: no cover
        return Path(os.path.expanduser("~/Library/Application Support")) / "scorepad"
    base = os.environ.get("XDG_CONFIG_HOME", os.path.expanduser("~/.config"))
    return Path(base) / "scorepad"


def scorepad_home() -> Path:
    """`$SCOREPAD_HOME`, else Typer's app dir for "scorepad"."""
    env = os.environ.get(HOME_ENV)
    return Path(env).expanduser() if env else default_home()


def games_dir() -> Path:
    return scorepad_home() / "games"


def current_file() -> Path:
    return scorepad_home() / "current"


_UNSAFE = set('/\\:*?"<>|')
# Names Windows keeps for devices, with or without a suffix: `con.toml` is no file there.
_RESERVED = frozenset(
    ["con", "prn", "aux", "nul"] + [f"{port}{n}" for port in ("com", "lpt") for n in range(1, 10)]
)


def check_game_name(name: str) -> str:
    """A game name that can be a file name in every system, stripped.

    The one check of a game's name, for every command that takes one (`new`, `rename`,
    `use`, `delete`, `restore`, --game): a name it refuses could be saved as a hidden
    file, or outside the games folder, where no command finds it again.
    """
    text = check_name(name, "game")  # empty, blank, control characters
    bad = sorted({char for char in text if char in _UNSAFE})
    if bad:
        raise GameError(
            f"game name {text!r} cannot be a file name: no {' '.join(bad)}; "
            'avoid / \\ : * ? " < > |'
        )
    if text.startswith("."):
        raise GameError(f"game name {text!r} may not start with a dot")
    if text.lower().endswith(GAME_SUFFIX):
        # `--game x.toml` means a file path, so a game named like one could not be found.
        raise GameError(f"game name {text!r} may not end in {GAME_SUFFIX}; leave it out")
    if text.partition(".")[0].rstrip().casefold() in _RESERVED:
        raise GameError(
            f"game name {text!r} is a device name on Windows; pick another "
            "(CON, PRN, AUX, NUL, COM1-9 and LPT1-9 are taken)"
        )
    if len(text) > 100:
        raise GameError(f"game name is {len(text)} characters long; 100 at most")
    return text


def game_path_for(name: str) -> Path:
    """Where a new game named `name` is saved."""
    return games_dir() / f"{check_game_name(name)}{GAME_SUFFIX}"


def saved_games() -> list[Path]:
    """The game files in the games folder, sorted by name."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    return sorted(
        (path for path in folder.glob(f"*{GAME_SUFFIX}") if not path.name.startswith(".")),
        key=lambda path: path.stem.casefold(),
    )


def _is_path(ref: str) -> bool:
    return "/" in ref or os.sep in ref or ref.endswith(GAME_SUFFIX)


def find_game(ref: str) -> Path:
    """A game by name (in any case) or by the path of a game file; it must exist."""
    if _is_path(ref):
        path = Path(ref).expanduser()
        if not path.is_file():
            raise GameError(f"no game file at {ref}")
        return path.absolute()
    ref = check_game_name(ref)
    path = games_dir() / f"{ref}{GAME_SUFFIX}"
    if path.is_file():
        return path
    games = saved_games()
    for candidate in games:
        if candidate.stem.casefold() == ref.casefold():
            return candidate
    names = [candidate.stem for candidate in games]
    known = f"saved games: {', '.join(names)}" if names else "no game is saved yet"
    raise GameError(f"no game named {ref!r}{did_you_mean(ref, names)}; {known}")


def set_current(path: Path) -> None:
    """Make `path` the current game (what commands mean without --game)."""
    folder = games_dir()
    ref = path.stem if path.parent == folder and path.suffix == GAME_SUFFIX else str(path)
    target = current_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(target, ref + "\n")
    except OSError as error:
        raise GameFileError(f"{target}: cannot set the current game: {error.strerror}") from None


def current_game() -> Path | None:
    """The current game's file, or None when no game is current."""
    try:
        ref = current_file().read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):  # none yet, or unreadable: no current game
        return None
    if not ref:
        return None
    if _is_path(ref):
        return Path(ref)
    return games_dir() / f"{ref}{GAME_SUFFIX}"


def resolve_game(ref: str | None) -> Path:
    """The game file meant by `--game NAME_OR_PATH`, or else the current game."""
    if ref is not None:
        return find_game(ref)
    path = current_game()
    if path is None:
        raise GameError(
            "no current game; start one with `scorepad new NAME --players A,B,C,D`, "
            "pick one with `scorepad use NAME`, or give --game NAME"
        )
    if not path.is_file():
        raise GameError(f"the current game is gone ({path}); pick another with `scorepad use NAME`")
    return path


# ---------------------------------------------------------------------------
# Tidying saved games: rename, delete to the trash, restore


def trash_dir() -> Path:
    """Where `scorepad delete` puts games: `$SCOREPAD_HOME/trash/`, never destroyed."""
    return scorepad_home() / "trash"


def _saved_named(name: str) -> Path | None:
    """The saved game whose name is `name` in any case, if there is one."""
    for path in saved_games():
        if path.stem.casefold() == name.casefold():
            return path
    return None


def _refuse_taken(name: str) -> None:
    taken = _saved_named(name)
    if taken is not None:
        raise GameError(f"a game named {taken.stem!r} exists already; pick another name")


def _move(source: Path, target: Path) -> None:
    """Move a game file and leave no lock behind it; refuse to replace anything."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # A hard link fails if the target exists, where a rename would replace it.
        os.link(source, target)
        source.unlink()
    except FileExistsError:
        raise GameError(f"{target} exists already; nothing was moved") from None
    except OSError as error:
        raise GameFileError(f"{source}: cannot move it to {target}: {error.strerror}") from None
    lock_path(source).unlink(missing_ok=True)


def _is_current(path: Path) -> bool:
    current = current_game()
    return current is not None and current.absolute() == path.absolute()


def rename_game(old: str, new: str) -> tuple[Game, Path, bool]:
    """Rename a saved game (its file and the name inside it); the current game follows.
    Returns the game, its file, and whether anything changed (a game given the name it
    has is left alone, untouched)."""
    import dataclasses

    source = _in_games_folder(old, "rename")
    name = check_game_name(new)
    with game_lock(source):
        game = load_game_file(source)
        if name == source.stem and name == game.name:
            return game, source, False
        same = name.casefold() == source.stem.casefold()
        if not same:
            _refuse_taken(name)
        target = game_path_for(name)
        renamed = dataclasses.replace(game, name=name)
        following = _is_current(source)
        if same:
            save_game(source, renamed)
            os.replace(source, target)  # only the case of the name changes
        else:
            create_game_file(target, renamed)  # never replaces a file, listed or not
            source.unlink()
        lock_path(source).unlink(missing_ok=True)
    if following:
        set_current(target)
    return renamed, target, True


def delete_game(ref: str) -> Path:
    """Move a saved game to the trash; a current game is no longer current. Returns its place.

    A game deleted under a name already in the trash is kept as `NAME~2.toml`, `NAME~3` ...
    so that nothing is ever overwritten; `restore_game` brings back the latest.
    """
    source = _in_games_folder(ref, "delete")
    with game_lock(source):
        load_game_file(source)  # a damaged file is refused, not moved unseen
        following = _is_current(source)
        copies = _trashed(source.stem)
        stem = f"{source.stem}~{copies[-1][0] + 1}" if copies else source.stem
        target = trash_dir() / f"{stem}{GAME_SUFFIX}"
        _move(source, target)
    if following:
        current_file().unlink(missing_ok=True)
    return target


def _in_games_folder(ref: str, what: str) -> Path:
    path = find_game(ref)
    if path.parent.resolve() != games_dir().resolve():
        raise GameError(f"{ref} is a file outside the games folder; {what} it yourself")
    return path


def _trash_entry(path: Path) -> tuple[str, int]:
    """A trashed file's game name and how many deletions of that name it is: `x~2` -> x, 2."""
    stem, _, count = path.stem.rpartition("~")
    if stem and count.isdigit():
        return stem, int(count)
    return path.stem, 1


def _trashed(name: str) -> list[tuple[int, Path]]:
    """The trashed copies of a game named `name` (any case), the latest deletion last."""
    folder = trash_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob(f"*{GAME_SUFFIX}"):
        stem, count = _trash_entry(path)
        if stem.casefold() == name.casefold():
            found.append((count, path))
    return sorted(found)


def trashed_games() -> list[str]:
    """The names of the games in the trash, sorted, each once."""
    return sorted({entry.name for entry in trash_entries()}, key=str.casefold)


@dataclass(frozen=True)
class TrashEntry:
    """One deleted copy of a game: its name, which deletion of that name, and its file."""

    name: str
    copy: int
    path: Path

    @property
    def label(self) -> str:
        """What `restore` takes to bring back this very copy: `wed~1`, `wed~2`."""
        return f"{self.name}~{self.copy}"


def trash_entries() -> list[TrashEntry]:
    """Every copy in the trash, by name, then the earliest deletion first."""
    folder = trash_dir()
    if not folder.is_dir():
        return []
    entries = [
        TrashEntry(*_trash_entry(path), path) for path in folder.glob(f"*{GAME_SUFFIX}")
    ]
    return sorted(entries, key=lambda entry: (entry.name.casefold(), entry.copy))


def restore_game(ref: str, new_name: str | None = None) -> tuple[Game, Path]:
    """Bring a deleted game back from the trash, under its name or `new_name`.

    `ref` is a game's name (its latest deleted copy) or a copy's label, `wed~1`, as the
    trash is listed. Nothing saved is ever replaced: a name taken is refused.
    """
    ref = check_game_name(ref)
    copies = _trashed(ref)
    if not copies:
        stem, count = _trash_entry(Path(ref))
        copies = [(n, path) for n, path in _trashed(stem) if n == count] if stem != ref else []
    if not copies:
        names = [entry.label for entry in trash_entries()] + trashed_games()
        held = (
            f"the trash holds {', '.join(trashed_games())} (`scorepad restore` lists every copy)"
            if names
            else "the trash is empty"
        )
        raise GameError(f"no deleted game named {ref!r}{did_you_mean(ref, names)}; {held}")
    source = copies[-1][1]
    stem = check_game_name(new_name) if new_name is not None else _trash_entry(source)[0]
    game = load_game_file(source)
    taken = _saved_named(stem)
    if taken is not None:
        raise GameError(
            f"a game named {taken.stem!r} exists already; restore it under another name "
            f"with `scorepad restore {ref} --as NEW`"
        )
    target = game_path_for(stem)
    if new_name is None or stem == game.name:
        with game_lock(target):
            _move(source, target)
        return game, target
    import dataclasses

    renamed = dataclasses.replace(game, name=stem)
    create_game_file(target, renamed)  # never replaces a file, listed or not
    source.unlink()
    return renamed, target
