"""What a request must be to be taken: its role's token, a form of ours, a one-line 4xx.

The token gate stands before every route (behind `shield`, which has checked the Host and
that a form comes from one of our own pages); a form is read bounded; and every refusal, of
a request or of what the rules forbid, is one line in the language of the request, with a
4xx status, nothing changed, and no folder of the server named.
"""

from __future__ import annotations

import re
import secrets
from urllib.parse import parse_qsl

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from scorepad.errors import GameFileError, ScorepadError, Todo
from scorepad.i18n import _
from scorepad.pages.actions import FormError
from scorepad.serve.urls import table_key

MAX_BODY = 16 * 1024  # bytes: every form of ours is far smaller
MAX_FIELDS = 64
FORM_TYPE = "application/x-www-form-urlencoded"  # what every form of ours sends


class NotFound(ScorepadError):
    """A game or round a URL names that is not served: a 404 with one line."""


class TooLarge(ScorepadError):
    """A request body over MAX_BODY: a 413."""


class Forbidden(ScorepadError):
    """A table's link asking for what is not its table's: a 403 with one line."""


class TokenGate:
    """403 for a path under /watch/ or /keep/ that lacks its role's token.

    The token is compared in constant time before any route sees the request.
    """

    def __init__(self, app: ASGIApp, tokens: dict[str, str]) -> None:
        self.app = app
        self.tokens = tokens

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.tokens:
            parts = scope["path"].split("/")
            if len(parts) > 1 and parts[1] in self.tokens:
                given = parts[2] if len(parts) > 2 else ""
                expected = self.tokens[parts[1]]
                if parts[1] == "table":  # each table its own key (`urls.table_key`)
                    number = parts[3] if len(parts) > 3 else ""
                    fits = number.isdigit() and len(number) <= 6 and number.isascii()
                    expected = table_key(expected, int(number)) if fits else "\n"
                if not secrets.compare_digest(given.encode(), expected.encode()):
                    said = (
                        _(
                            "This keep link lacks its token: open the link the "
                            "scorekeeper's terminal printed."
                        )
                        if parts[1] == "keep"
                        else _(
                            "This watch link lacks its token: open the link the "
                            "scorekeeper's terminal printed."
                        )
                        if parts[1] == "watch"
                        else _(
                            "This club night's link lacks its token, or is another night's:"
                            " open the link the organizer's terminal printed."
                        )
                    )
                    response = PlainTextResponse(said + "\n", status_code=403)
                    await response(scope, receive, send)
                    return
        await self.app(scope, receive, send)


# A file's path as messages name it (`/home/ann/.config/scorepad/games/tue.toml: ...`).
_FILE_PATH = re.compile(r"""(?:[A-Za-z]:)?[/\\][^\s'"]*[/\\]([^/\\\s'"]+\.(?:toml|lock|tmp))""")


def without_folders(text: str) -> str:
    """A message with each file named by its name alone: a page never shows where on the
    server's disk a game lives (nor the user's name in the path)."""
    import os
    from pathlib import Path

    from scorepad.service.reads import games_dir

    folder = str(games_dir())
    text = text.replace(folder + os.sep, "").replace(folder, "games")
    return _FILE_PATH.sub(r"\1", text).replace(str(Path.home()), "~")


def sentence(error: Exception | str) -> str:
    """An error's one line as a sentence: a capital first, a full stop last, and no folder
    of the server's named; what to do said in the page's terms (`page_words`)."""
    said = page_words(error) if isinstance(error, ScorepadError) else str(error)
    text = without_folders(said)
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def page_words(error: ScorepadError) -> str:
    """A refusal as the page says it: what is wrong, the rule changes it is about (the
    new-game form's field), and what to do with the page's buttons and links, never a
    command to type."""
    what = str(error)
    if error.settings:
        what = _("Rule changes, {settings}: {what}").format(
            settings=", ".join(error.settings), what=what
        )
    elif error.settings is not None:
        what = _("Rule changes: {what}").format(what=what)
    todo = error.todo
    if todo is Todo.CORRECT_TRICKS:
        said = _(
            "{what}; correct round {number}'s tricks first: open the round from the sheet and"
            " use “Correct the tricks”"
        )
    elif todo is Todo.ENTER_TRICKS_OR_UNDO:
        said = _(
            "{what}; enter its tricks, or take the bids back with “Take back round {number}'s"
            " bids”"
        )
    elif todo is Todo.ENTER_BIDS_OR_CORRECT:
        said = _(
            "{what}; enter the bids first, or open a played round from the sheet to correct it"
        )
    elif todo is Todo.CORRECT_ONLY:
        said = _("{what}, but a round can still be corrected: open it from the sheet")
    elif todo in (Todo.START_OR_PICK_GAME, Todo.PICK_GAME):
        said = _("{what}; pick a game on the list of games, or start one there")
    elif todo in (Todo.RESTORE_GAME, Todo.RESTORE_AS, Todo.LIST_TRASH):
        said = _("{what}; it can be brought back from the trash where the server runs")
    elif todo is Todo.START_GAME:
        said = _("{what}; start an ordinary game instead")
    else:  # none, or one the page has no part in (an event, `check`: run in a terminal)
        said = "{what}"
    return said.format(what=what, number=error.number)


async def read_form(request: Request) -> dict[str, str]:
    """A url-encoded form of at most MAX_BODY bytes and MAX_FIELDS fields (that it comes
    from one of our own pages, `shield` has checked before any route runs)."""
    kind = request.headers.get("content-type", FORM_TYPE).partition(";")[0].strip().lower()
    if kind != FORM_TYPE:
        raise FormError(
            _("the form is sent as {kind}; our pages send {form}").format(
                kind=repr(kind[:40]), form=FORM_TYPE
            )
        )
    length = request.headers.get("content-length", "")
    if length.isdigit() and (len(length) > 9 or int(length) > MAX_BODY):
        raise TooLarge()
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_BODY:
            raise TooLarge()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise FormError(_("the form is not url-encoded UTF-8 text")) from None
    fields = text.count("&") + 1 if text else 0
    if fields > MAX_FIELDS:
        raise FormError(
            _("the form has too many fields ({count}); ours have {most} at most").format(
                count=fields, most=MAX_FIELDS
            )
        )
    try:
        pairs = parse_qsl(text, keep_blank_values=True, errors="strict")
    except (UnicodeDecodeError, ValueError):
        raise FormError(_("the form is not url-encoded UTF-8 text")) from None
    form: dict[str, str] = {}
    for key, value in pairs:
        if key in form:
            raise FormError(_("the form gives {key} twice").format(key=repr(key[:40])))
        form[key] = value
    return form


async def refused(request: Request, exc: Exception) -> Response:
    """One line for a request we refuse: 400, 404, 409 or 413; never a 5xx."""
    if isinstance(exc, NotFound):
        status = 404
    elif isinstance(exc, Forbidden):
        status = 403
    elif isinstance(exc, TooLarge):
        said = _("The form is larger than {size} KiB; nothing was changed.")
        return PlainTextResponse(said.format(size=MAX_BODY // 1024) + "\n", status_code=413)
    elif isinstance(exc, GameFileError):
        status = 409  # the game file is damaged or unreadable: the request was fine
    else:
        status = 400
    return refused_line(str(exc), status)


def refused_line(reason: str, status: int) -> PlainTextResponse:
    """A refusal's one line: the reason as a sentence, and that nothing was changed."""
    said = _("{reason} Nothing was changed.").format(reason=sentence(reason))
    return PlainTextResponse(said + "\n", status_code=status)
