"""Every address the served pages link to or send a browser to, built in one place.

`/watch/TOKEN/...` reads and `/keep/TOKEN/...` reads and writes (without tokens, `/watch/`
and `/keep/`); a club night adds `/room/`, `/organizer/` and a link per table,
`/table/KEY/T/...`, whose KEY opens table T's games alone (`table_key`: one per table, from
the server's table token; without tokens `/table/T/...`). A game is named in its addresses
by its file's name, quoted. The routes (`app`, `event`) spell the patterns
these addresses match; the templates are handed a game's addresses (`game_addresses`,
`pages.addresses`) and add no step of their own.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Mapping
from urllib.parse import quote

from scorepad.pages.addresses import GameAddresses

# A club night's table game's name: `NIGHT-r2-t3` (`Event.game_name`).
_TABLE_GAME = re.compile(r"-r([0-9]{1,6})-t([0-9]{1,6})$")


def table_key(secret: str, number: int) -> str:
    """Table `number`'s key, from the server's table token: a keyed hash (128 bits), so a
    card's link opens its own table and no other, and no key is stored anywhere."""
    digest = hmac.new(secret.encode(), f"table {number}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def table_of(name: str) -> tuple[int, int] | None:
    """The round and table a club night's game name holds (`NIGHT-r2-t3`: 2, 3), or None."""
    found = _TABLE_GAME.search(name)
    return (int(found[1]), int(found[2])) if found else None


class Urls:
    """The addresses of one server, over its tokens (role -> token; empty: no tokens)."""

    def __init__(self, tokens: Mapping[str, str]) -> None:
        self.tokens = tokens

    def base(self, role: str) -> str:
        """The path every page of a role lives under: `/keep/TOKEN` or `/keep`."""
        token = self.tokens.get(role)
        return f"/{role}/{token}" if token else f"/{role}"

    def home(self, role: str) -> str:
        """A role's first page: `/keep/TOKEN/` (the games, the room, the organizer's)."""
        return self.base(role) + "/"

    def games_events(self, role: str) -> str:
        """The live feed of the list of games."""
        return self.base(role) + "/events"

    def new_game(self) -> str:
        """Where the new-game form posts (the keeper's only)."""
        return self.base("keep") + "/new"

    def game(self, role: str, name: str, rest: str = "") -> str:
        """A game's page, or with `rest` an address under it: `/keep/TOKEN/g/tue/bids`; for
        the role `table`, under the link of the table that plays it."""
        base = self.base(role)
        if role == "table":
            seat = table_of(name)
            assert seat is not None, name  # the table role reaches only its table's games
            base = self.table_base(seat[1])
        return f"{base}/g/{quote(name, safe='')}/{rest}"

    def game_addresses(self, role: str, name: str) -> GameAddresses:
        """Every address under a game's page (its rounds, forms, undo), for templates."""
        return GameAddresses(self.game(role, name))

    def round(self, role: str, name: str, number: int) -> str:
        """A round's page: explained, and on the keep page corrected."""
        return self.game_addresses(role, name).round(number)

    def undo(self, role: str, name: str, version: str) -> str:
        """The question before an undo, for the game as it was shown (its version)."""
        return self.game_addresses(role, name).undo_question(version)

    def table_base(self, number: int) -> str:
        """What every address of table `number`'s link starts with: `/table/KEY/3`."""
        secret = self.tokens.get("table")
        if not secret:
            return f"/table/{number}"
        return f"/table/{table_key(secret, number)}/{number}"

    def table(self, number: int) -> str:
        """A club night's table link, valid all night: it opens the table's game now."""
        return self.table_base(number) + "/"
