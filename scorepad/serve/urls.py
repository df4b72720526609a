"""Every address the served pages link to or send a browser to, built in one place.

`/watch/TOKEN/...` reads and `/keep/TOKEN/...` reads and writes (without tokens, `/watch/`
and `/keep/`); a club night adds `/room/`, `/table/` and `/organizer/`. A game is named in
its addresses by its file's name, quoted. The routes (`app`, `event`) spell the patterns
these addresses match; the templates add only the last step under a game's address.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import quote


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
        """A game's page, or with `rest` an address under it: `/keep/TOKEN/g/tue/bids`."""
        return f"{self.base(role)}/g/{quote(name, safe='')}/{rest}"

    def round(self, role: str, name: str, number: int) -> str:
        """A round's page: explained, and on the keep page corrected."""
        return self.game(role, name, f"round/{number}")

    def undo(self, role: str, name: str, version: str) -> str:
        """The question before an undo, for the game as it was shown (its version)."""
        return self.game(role, name, f"undo?version={version}")

    def table(self, number: int) -> str:
        """A club night's table link, valid all night: it opens the table's game now."""
        return f"{self.base('table')}/{number}/"
