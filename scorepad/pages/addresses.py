"""The addresses under one game's page, as both page faces link and post to them.

Each face says where a game's page is (the served pages: `Urls.game`, under a role and
its token; the phone app: `#/g/NAME/`); the steps under it are spelled here once, so that
no template adds a step of its own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameAddresses:
    """The addresses under the game page at `page` (which ends in `/`)."""

    page: str

    @property
    def events(self) -> str:
        """The page's live feed."""
        return self.page + "events"

    def entry(self, kind: str) -> str:
        """Where the next round's form of `kind` (`bids`, `tricks`) posts."""
        return self.page + kind

    def round(self, number: int) -> str:
        """A round's page: explained, and on the keep page corrected."""
        return f"{self.page}round/{number}"

    def correction(self, number: int, kind: str) -> str:
        """Where round `number`'s correction form of `kind` posts."""
        return f"{self.round(number)}/{kind}"

    @property
    def undo(self) -> str:
        """The question before an undo (a GET naming the version), and where it posts."""
        return self.page + "undo"

    def undo_question(self, version: str) -> str:
        """The question before an undo, for the game as it was shown (its version)."""
        return f"{self.undo}?version={version}"

    @property
    def ruling(self) -> str:
        """A ruling asked first (a GET naming what it would record), and where it posts."""
        return self.page + "ruling"

    @property
    def misdeal(self) -> str:
        """Where a misdeal is called."""
        return self.page + "misdeal"

    @property
    def agreed(self) -> str:
        """Where the other side's OK of a round's tricks posts."""
        return self.page + "agreed"

    @property
    def share(self) -> str:
        """The phone app's page that shares the game (a link, its QR code, the file)."""
        return self.page + "share"

    @property
    def file(self) -> str:
        """The phone app's download of the game file."""
        return self.page + "file"
