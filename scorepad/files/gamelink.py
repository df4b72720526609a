"""A game in a link: the whole game file, compressed, in the fragment of the app's address.

`APP#game=1.DATA`: DATA is the game file's bytes compressed by zlib (whose checksum finds
a damaged or truncated link) against a preset dictionary of the words every game file
has (`linkwords-1.txt`, fixed for links of kind 1: it is never edited, a new one is a new
kind), written in base64url. The fragment is the part of an address a browser never sends
to a server. A 15-round game fits one QR code of version 15 at error correction level M.

Reading one back checks it as a game file is checked; a link that is not one, damaged or
cut short, or of a kind this scorepad does not know, is refused in one line.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from functools import cache
from pathlib import Path
from urllib.parse import unquote

from scorepad.engine.game import Game
from scorepad.errors import GameFileError
from scorepad.files.gamewrite import game_to_toml
from scorepad.files.store import game_from_bytes
from scorepad.i18n import _

KIND = 1
MARK = "#game="
APP_URL_ENV = "SCOREPAD_APP_URL"
_LONGEST = 2_000_000  # bytes of game file a link may unpack to: far above any real game
_DATA = re.compile(r"[A-Za-z0-9_-]*")


@cache
def _words(kind: int) -> bytes:
    return (Path(__file__).parent / f"linkwords-{kind}.txt").read_bytes()


def link_of(game: Game, app_url: str) -> str:
    """The link to `app_url` holding `game`'s file."""
    return link_of_text(game_to_toml(game), app_url)


def link_of_text(text: str, app_url: str) -> str:
    """The link to `app_url` holding a game file's text."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY, _words(KIND))
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    data = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    return f"{app_url.split('#')[0]}{MARK}{KIND}.{data}"


def is_link(text: str) -> bool:
    """Whether `text` is meant as a game link (it holds `#game=`), not a file's name."""
    return MARK in text


def file_of_link(link: str) -> bytes:
    """The game file's bytes a link holds, unchecked as a game; a refusal in one line for
    a link that is not one, is damaged or cut short, or is of an unknown kind."""
    where = link.strip()
    fragment = unquote(where.partition(MARK)[2]) if MARK in where else ""
    kind, dot, data = fragment.partition(".")
    shown = where if len(where) <= 60 else where[:40] + "..."
    if not dot or not kind.isdigit() or not _DATA.fullmatch(data):
        raise GameFileError(
            _("{link}: not a game link (it has no #game=KIND.DATA part)").format(link=shown)
        )
    if int(kind) != KIND:
        raise GameFileError(
            _("{link}: a game link of kind {kind}, from a newer scorepad (this one reads kind"
              " {known})").format(link=shown, kind=kind[:6], known=KIND)
        )  # fmt: skip
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        unpacker = zlib.decompressobj(15, _words(KIND))
        text = unpacker.decompress(packed, _LONGEST)
        whole = unpacker.eof and not unpacker.unconsumed_tail
    except (binascii.Error, ValueError, zlib.error):
        whole = False
    if not whole:
        raise GameFileError(
            _("{link}: the game link is damaged or cut short; ask for it again").format(
                link=shown
            )
        )
    return text


def game_of_link(link: str) -> tuple[Game, bytes]:
    """The game a link holds, checked as a game file is, and the file's bytes."""
    data = file_of_link(link)
    return game_from_bytes(data, Path("game link")), data
