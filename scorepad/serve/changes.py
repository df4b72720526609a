"""The keeper's changes to a game: bids, tricks, a round corrected, the last entry taken
back, and the director's calls (a ruling, a misdeal, the other side's OK). Each is a form
posted to an address under the game's; each is answered by a redirect to the page it came
from, where what it said is shown once (`game.Notes`).

The words a change says on that page are drawn in the page's language from the change's
facts, as the commands say them (`scorepad bid`, `tricks`, `undo`, `adjust`, `misdeal`,
`confirm`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from scorepad.errors import GameFileError, ScorepadError
from scorepad.i18n import _
from scorepad.pages import actions
from scorepad.pages.notes import (
    Note,
    agreed_note,
    corrected_note,
    entered_note,
    misdeal_note,
    ruled_note,
    undone_note,
)
from scorepad.serve.guard import NotFound, sentence

if TYPE_CHECKING:
    from scorepad.serve.game import GamePages


class Changes:
    """The keeper's forms, over a game's pages (drawn again on a refusal)."""

    def __init__(self, pages: GamePages) -> None:
        self.pages = pages
        self.urls = pages.urls

    def bids(self, request: Request, form: dict[str, str]) -> Response:
        return self._enter(request, form, "bids")

    def tricks(self, request: Request, form: dict[str, str]) -> Response:
        return self._enter(request, form, "tricks")

    def _enter(self, request: Request, form: dict[str, str], kind: str) -> Response:
        path = self.pages.game_path(request.path_params["name"])
        role = keeper(request)

        def again(message: str, status: int) -> Response:
            typed = form if status == 400 else None  # a stale form shows the game as it is now
            return self.pages.game_page(role, path, message=message, status=status, form=typed)

        def change() -> tuple[str, Note]:
            entered = actions.enter(path, form, kind)
            return entered.version, entered_note(entered, kind)

        return self._change(change, self.urls.game(role, path.stem), again)

    def undo(self, request: Request, form: dict[str, str]) -> Response:
        path = self.pages.game_path(request.path_params["name"])
        role = keeper(request)

        def again(message: str, status: int) -> Response:
            return self.pages.game_page(role, path, message=message, status=status)

        def change() -> tuple[str, Note]:
            undone = actions.undo(path, form)
            return undone.version, undone_note(undone)

        return self._change(change, self.urls.game(role, path.stem), again)

    def rule(self, request: Request, form: dict[str, str]) -> Response:
        """A ruling, once the question before it was answered (`GamePages.ruling_page`)."""
        path = self.pages.game_path(request.path_params["name"])
        role = keeper(request)

        def again(message: str, status: int) -> Response:
            typed = form if status == 400 else None
            return self.pages.game_page(role, path, message=message, status=status, ruling=typed)

        def change() -> tuple[str, Note]:
            entered = actions.rule(path, form)
            return entered.version, ruled_note(entered)

        return self._change(change, self.urls.game(role, path.stem), again)

    def misdeal(self, request: Request, form: dict[str, str]) -> Response:
        path = self.pages.game_path(request.path_params["name"])
        role = keeper(request)

        def again(message: str, status: int) -> Response:
            return self.pages.game_page(role, path, message=message, status=status)

        def change() -> tuple[str, Note]:
            from scorepad.service.games import game_version

            game = actions.misdeal(path, form)
            return game_version(game), misdeal_note(game)

        return self._change(change, self.urls.game(role, path.stem), again)

    def agree(self, request: Request, form: dict[str, str]) -> Response:
        path = self.pages.game_path(request.path_params["name"])
        role = keeper(request)

        def again(message: str, status: int) -> Response:
            return self.pages.game_page(role, path, message=message, status=status)

        def change() -> tuple[str, Note]:
            entered = actions.agree(path, form)
            return entered.version, agreed_note(entered)

        return self._change(change, self.urls.game(role, path.stem), again)

    def correct(self, request: Request, form: dict[str, str]) -> Response:
        path = self.pages.game_path(request.path_params["name"])
        role = keeper(request)
        number, kind = request.path_params["number"], request.path_params["kind"]
        if kind not in ("bids", "tricks"):
            raise NotFound(
                _("a round is corrected by its bids or tricks, not {kind}").format(
                    kind=repr(kind[:20])
                )
            )
        if form.get("round") != str(number):
            raise actions.FormError(
                _("the form is for round {given}, not {number}").format(
                    given=repr(form.get("round", "")[:8]), number=number
                )
            )

        def again(message: str, status: int) -> Response:
            typed = form if status == 400 else None
            return self.pages.round_page(
                role, request, message=message, status=status, form=typed
            )

        def change() -> tuple[str, Note]:
            entered = actions.enter(path, form, kind, corrects=True)
            return entered.version, corrected_note(entered, kind)

        return self._change(change, self.urls.round(role, path.stem, number), again)

    def _change(
        self,
        change: Callable[[], tuple[str, Note]],
        done: str,
        again: Callable[[str, int], Response],
    ) -> Response:
        """Make a change from a form, then redirect to `done` (POST, then the page again),
        with what the change said kept for that page.

        A refusal draws the page `again` with its one line: 409 for a form drawn before
        the game's latest change, 400 for what the rules refuse. A form no page of ours
        sends, or a game file that cannot be read, is left to the one-line 4xx handler.
        """
        try:
            version, note = change()
        except actions.StaleFormError as error:
            return again(str(error), 409)
        except (actions.FormError, GameFileError):
            raise
        except ScorepadError as error:
            return again(sentence(error), 400)
        return RedirectResponse(
            done + self.pages.notes.keep(note),
            status_code=303,
            headers={"X-Scorepad-Version": version},
        )


def keeper(request: Request) -> str:
    """Who sends a change: a table's link (`table`, its own table's games alone) or the
    keep link (`keep`)."""
    return "table" if request.url.path.startswith("/table/") else "keep"
