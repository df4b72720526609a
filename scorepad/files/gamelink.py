"""A game in a link: the whole game in the fragment of the app's address, and back.

`APP#game=1.DATA`: DATA is the game in the link notation below (`format_link_game`),
compressed by zlib (whose checksum finds a damaged or truncated link), in base32 without
its padding. Base32's capital letters and digits are what a QR code packs densest (its
alphanumeric mode: 5.5 bits a character, where base64 in byte mode takes 8 for 6):
`qr_parts` gives the address and the data as the code's two parts. The fragment is the
part of an address a browser never sends to a server.

The link notation of kind 1 is one line of JSON, an array:
`[name, preset, players, teams, first dealer, knobs, rounds]`, and for a club night's
table `[event, round, table]` after them. `teams` is null when the teams have the names
the players give them (`Ann & Cat`); the first dealer is a seat (0 is the first player);
`knobs` holds only the rules that differ from `linkrules-1.toml` (fixed for kind 1: never
edited; other rules are a new kind). `rounds` is one string, the rounds separated by a
space. A round is its sides in order, separated by `|`; a side is its bids, then, once
played, `:` and its tricks (one a player, or the side's total), each one character: a
number of tricks in base 36 (`0`-`9`, `a`-`z`), `N` for nil, `B` for blind nil, `X` and
a number for a blind bid. A round dealt by another seat than the one left of the last
dealer starts with `@` and the seat. So `4N:50|33:44` is a round in which the first side
bid 4 and nil and took 5 and 0.

A game of fifteen rounds with a rule changed, custom team names and every name up to
`NAMES_THAT_FIT` characters fits one QR code of version 15 at error correction level M
(tests/test_app_link.py holds it); longer names make a larger code, which phones read too.
What the notation cannot say (a game's clock, say) goes as kind 2, `APP#game=2.DATA`:
the game file itself, compressed and written the same way; a link of kind 1 is written
wherever it reads back to the very same game.

Reading a link back checks the game as a game file is checked; a link that is not one,
damaged or cut short, or of a kind this scorepad does not know, is refused in one line.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import tomllib
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from scorepad.engine.bids import BLIND_NIL, NIL, Bid, BidKind
from scorepad.engine.game import EventSeat, Game, Round, SideEntry
from scorepad.engine.names import default_side_names
from scorepad.engine.ruledata import rules_from_mapping, rules_to_mapping
from scorepad.engine.rules import Rules
from scorepad.errors import GameFileError, ScorepadError
from scorepad.files.gamewrite import game_to_toml
from scorepad.files.store import game_from_bytes
from scorepad.i18n import _

KIND = 1
FILE_KIND = 2  # the game file itself, for what the notation of kind 1 cannot say
KINDS = (KIND, FILE_KIND)
MARK = "#game="
APP_URL_ENV = "SCOREPAD_APP_URL"
NAMES_THAT_FIT = 10  # letters each name may have for 15 rounds to fit a version 15 QR code
_LONGEST = 1_000_000  # bytes a link may unpack to: far above any real game
_DATA = re.compile(r"[A-Z2-7]*")
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"  # a number of tricks, 0 to 35
_SPECIAL_BIDS = {"N": NIL, "B": BLIND_NIL}
_WHERE = Path("game link")


class _Damaged(Exception):
    """The notation is not one this kind writes (said as a damaged link)."""


def _base_rules(kind: int) -> dict[str, Any]:
    """The rules a link of `kind` leaves out, as its fixed rules file says them."""
    text = (Path(__file__).parent / f"linkrules-{kind}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def format_link_game(game: Game) -> str:
    """The game in the link notation; `parse_link_game` reads it back to an equal game."""
    # Knobs newer than kind 1's rules file are at their defaults unless said.
    base = rules_to_mapping(Rules()) | _base_rules(KIND)
    knobs = {
        key: value
        for key, value in rules_to_mapping(game.rules).items()
        if key not in base or base[key] != value
    }
    teams = (
        None if game.sides == default_side_names(game.rules, game.players) else list(game.sides)
    )
    rounds: list[str] = []
    expected = game.first_dealer
    for round_ in game.rounds:
        head = "" if round_.dealer == expected else "@" + _DIGITS[round_.dealer]
        rounds.append(head + "|".join(_side_text(entry) for entry in round_.sides))
        expected = (round_.dealer + 1) % len(game.players)
    data: list[object] = [
        game.name, game.preset, list(game.players), teams, game.first_dealer, knobs,
        " ".join(rounds),
    ]  # fmt: skip
    if game.event is not None:
        data.append([game.event.event, game.event.round, game.event.table])
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _side_text(entry: SideEntry) -> str:
    bids = "".join(_bid_text(bid) for bid in entry.bids)
    if entry.tricks is None:
        return bids
    return bids + ":" + "".join(_DIGITS[tricks] for tricks in entry.tricks)


def _bid_text(bid: Bid) -> str:
    if bid.kind is BidKind.NUMBER:
        return _DIGITS[bid.tricks]
    if bid.kind is BidKind.BLIND:
        return "X" + _DIGITS[bid.tricks]
    return "N" if bid.kind is BidKind.NIL else "B"


def parse_link_game(text: str) -> Game:
    """The game a link notation holds, checked as a game file is; a refusal in one line
    for notation that is not a game."""
    try:
        game = _game_of(text)
        try:
            written = game_to_toml(game)
        except (IndexError, TypeError, ValueError):  # a shape no game has
            raise _Damaged from None
        checked = game_from_bytes(written.encode("utf-8"), _WHERE)
    except _Damaged:
        raise GameFileError(
            _("{path}: damaged: it holds no game scorepad can read").format(path=_WHERE)
        ) from None
    except ScorepadError as error:
        raise GameFileError(str(error)) from None
    if checked != game:  # anything the file would read otherwise (spaces around a name)
        raise GameFileError(
            _("{path}: damaged: it holds no game scorepad can read").format(path=_WHERE)
        )
    return checked


def _game_of(text: str) -> Game:
    """The game the notation says, unchecked beyond its shape."""
    try:
        data = json.loads(text)
    except ValueError:
        raise _Damaged from None
    if not isinstance(data, list) or len(data) not in (7, 8):
        raise _Damaged
    name, preset, players, teams, first, knobs, rounds_text = data[:7]
    if not (
        isinstance(name, str) and isinstance(preset, str) and _strings(players)
        and (teams is None or _strings(teams)) and isinstance(knobs, dict)
        and isinstance(rounds_text, str) and _seat(first, len(players))
    ):  # fmt: skip
        raise _Damaged
    rules = rules_from_mapping(_base_rules(KIND) | knobs, source="rules", saved=True)
    sides = tuple(teams) if teams is not None else default_side_names(rules, players)
    if len(players) != rules.players or len(sides) != rules.sides:
        raise _Damaged
    rounds: list[Round] = []
    dealer = first
    for token in rounds_text.split(" ") if rounds_text else ():
        if token.startswith("@"):
            dealer = _DIGITS.find(token[1:2])
            if not _seat(dealer, len(players)):
                raise _Damaged
            token = token[2:]
        entries = tuple(_side_of(part) for part in token.split("|"))
        if len(entries) != rules.sides:
            raise _Damaged
        rounds.append(Round(dealer, entries))
        dealer = (dealer + 1) % len(players)
    event = None
    if len(data) == 8:
        seat_data = data[7]
        if not (
            isinstance(seat_data, list) and len(seat_data) == 3 and isinstance(seat_data[0], str)
            and all(type(value) is int for value in seat_data[1:])
        ):  # fmt: skip
            raise _Damaged
        event = EventSeat(seat_data[0], seat_data[1], seat_data[2])
    return Game(name, tuple(players), sides, preset, rules, first, tuple(rounds), event)


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _seat(value: object, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def _side_of(text: str) -> SideEntry:
    bids_text, colon, tricks_text = text.partition(":")
    bids: list[Bid] = []
    chars = iter(bids_text)
    for char in chars:
        if char in _SPECIAL_BIDS:
            bids.append(_SPECIAL_BIDS[char])
        elif char == "X":
            bids.append(Bid(BidKind.BLIND, _number(next(chars, ""))))
        else:
            bids.append(Bid(BidKind.NUMBER, _number(char)))
    if not bids:
        raise _Damaged
    if not colon:
        return SideEntry(tuple(bids))
    tricks = tuple(_number(char) for char in tricks_text)
    if not tricks:
        raise _Damaged
    return SideEntry(tuple(bids), tricks)


def _number(char: str) -> int:
    found = _DIGITS.find(char) if len(char) == 1 else -1
    if found < 0:
        raise _Damaged
    return found


def link_of(game: Game, app_url: str) -> str:
    """The link to `app_url` holding `game`: in the notation where it says the whole game,
    else as its game file."""
    text, kind = format_link_game(game), KIND
    try:
        said = parse_link_game(text) == game
    except ScorepadError:
        said = False
    if not said:
        text, kind = game_to_toml(game), FILE_KIND
    packed = zlib.compress(text.encode("utf-8"), 9)
    data = base64.b32encode(packed).decode("ascii").rstrip("=")
    return f"{app_url.split('#')[0]}{MARK}{kind}.{data}"


def qr_parts(link: str) -> list[str]:
    """A link as a QR code's parts (`segno.make` takes them, each in the densest mode it
    fits): the address, then a game link's data, which fits the alphanumeric mode."""
    head, mark, fragment = link.rpartition(MARK)
    kind, dot, data = fragment.partition(".")
    if not mark or not dot or not kind.isdigit() or not data or not _DATA.fullmatch(data):
        return [link]
    return [head + mark + kind + dot, data]


def is_link(text: str) -> bool:
    """Whether `text` is meant as a game link (it holds `#game=`), not a file's name."""
    return MARK in text


def game_of_link(link: str) -> Game:
    """The game a link holds, checked as a game file is; a refusal in one line for a link
    that is not one, is damaged or cut short, or is of an unknown kind."""
    where = link.strip()
    fragment = unquote(where.partition(MARK)[2]) if MARK in where else ""
    kind, dot, data = fragment.partition(".")
    data = data.upper()  # as a QR code reader or a person may give base32 back
    shown = where if len(where) <= 60 else where[:40] + "..."
    if not dot or not kind.isdigit() or not _DATA.fullmatch(data):
        raise GameFileError(
            _("{link}: not a game link (it has no #game=KIND.DATA part)").format(link=shown)
        )
    if int(kind) not in KINDS:
        raise GameFileError(
            _("{link}: a game link of kind {kind}, from a newer scorepad (this one reads kind"
              " {known})").format(link=shown, kind=kind[:6], known=" or ".join(map(str, KINDS)))
        )  # fmt: skip
    try:
        packed = base64.b32decode(data + "=" * (-len(data) % 8))
        unpacker = zlib.decompressobj()
        text = unpacker.decompress(packed, _LONGEST).decode("utf-8")
        whole = unpacker.eof and not unpacker.unconsumed_tail and not unpacker.unused_data
    except (binascii.Error, ValueError, zlib.error):
        whole = False
    if not whole:
        raise GameFileError(
            _("{link}: the game link is damaged or cut short; ask for it again").format(
                link=shown
            )
        )
    if int(kind) == FILE_KIND:
        try:
            return game_from_bytes(text.encode("utf-8"), _WHERE)
        except ScorepadError as error:
            raise GameFileError(str(error)) from None
    return parse_link_game(text)
