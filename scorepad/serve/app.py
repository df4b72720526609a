"""The table's web app: a watch page and a keep page for each game, as a Starlette app.

A thin client of the library, like the CLI: each route parses the request, calls the store
and the engine, and draws a template. Every form is a plain POST answered by a redirect,
so it works without JavaScript; the script only adds the live updates.

Two roles, each under its own link: `/watch/TOKEN/...` reads, `/keep/TOKEN/...` reads and
writes. Without tokens (the server listens on this machine only) the links are `/watch/`
and `/keep/`. A request under either prefix without its role's token gets a 403 (`guard`).
Every page is drawn in the language of its request (`language`). Before all of that,
`shield` checks the name the request uses, where a form comes from, and puts the security
headers on every answer; `connections` bounds each connection (see `cli/serve.py`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.convertors import Convertor, register_url_convertor
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from scorepad import i18n
from scorepad.errors import GameError, GameFileError, ScorepadError
from scorepad.i18n import _
from scorepad.serve import actions
from scorepad.serve.guard import NotFound, TokenGate, read_form, refused, sentence
from scorepad.serve.language import Language, switch_links
from scorepad.serve.live import Hub
from scorepad.serve.shield import LOOPBACK_NAMES, Shield
from scorepad.words.gametext import format_words

if TYPE_CHECKING:
    from scorepad.service.games import Entered, Undone

ROLES = ("watch", "keep")
NOTES_KEPT = 64  # changes whose words wait for the page they redirect to


@dataclass
class ServeConfig:
    """What one server serves, and to whom."""

    game: Path | None  # the one game served, or None for every saved game (--all)
    tokens: dict[str, str] = field(default_factory=dict)  # role -> token; empty: no tokens
    # The names and addresses a request may reach the server by (its Host, port left off).
    hosts: frozenset[str] = LOOPBACK_NAMES
    any_address: bool = False  # listening on every address: any IP address is a good Host
    event: str | None = None  # a club night served beside its games (serve --event)

    def base(self, role: str) -> str:
        """The path every page of a role lives under: `/keep/TOKEN` or `/keep`."""
        token = self.tokens.get(role)
        return f"/{role}/{token}" if token else f"/{role}"


def new_tokens() -> dict[str, str]:
    """A fresh random token for each role (128 bits each)."""
    return {role: secrets.token_urlsafe(16) for role in ROLES}


def templates() -> jinja2.Environment:
    """The page templates, shipped in the package; every value is escaped as it is drawn.

    Their words are the catalog's (Jinja2's i18n extension, with scorepad's own `_` and
    `ngettext`), said in the language of the request being drawn; a message's values are
    put in with `.format`, as in the code, so its placeholders are checked the same way.
    """
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("scorepad.serve", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]  # added by the extension
        gettext=i18n._, ngettext=i18n.ngettext, pgettext=i18n.pgettext
    )
    env.globals.update(
        language=i18n.language, switch_links=switch_links, format_words=format_words
    )
    env.filters["number"] = i18n.format_number
    return env


class SmallNumber(Convertor[int]):
    """A number in a path (`{number:int}`: a round, a table): at most six digits, read
    only then; a longer one matches no route (404).

    It takes the place of Starlette's own `int`, which reads any run of digits (more than
    4,300 were a 500), so that every route's numbers are bounded, a route added later
    too. Registered when this module is imported, before any route is made.
    """

    regex = "[0-9]{1,6}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


register_url_convertor("int", SmallNumber())


class Pages:
    """The routes of one server, over its config."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.env = templates()
        self.hub = Hub(self.draw_live, self.stamp)
        # A game's page as last drawn, by file, role and language: the file's stamp it
        # was drawn at and the page (see `game_page`).
        self.drawn: dict[tuple[Path, str, str], tuple[object, bytes]] = {}
        # What a change said, for the page the change redirects to (`?note=KEY`): words
        # drawn in that page's language from the change's facts. Kept for the last few
        # changes only; an old or unknown key shows nothing.
        self.notes: dict[str, Callable[[], str]] = {}

    def keep_note(self, note: Callable[[], str] | None) -> str:
        """The query that shows `note` on the next page (empty for none)."""
        if note is None:
            return ""
        key = secrets.token_urlsafe(8)
        self.notes[key] = note
        while len(self.notes) > NOTES_KEPT:
            del self.notes[next(iter(self.notes))]
        return f"?note={key}"

    def note(self, request: Request) -> str:
        """The words of the change the request was redirected from, if any (shown once)."""
        said = self.notes.pop(request.query_params.get("note", ""), None)
        return said() if said is not None else ""

    # -- finding games --------------------------------------------------------

    def game_path(self, name: str) -> Path:
        """The file of the game a URL names; only a served game, never a path built from it."""
        if self.config.game is not None:
            if name == self.config.game.stem:
                return self.config.game
        else:
            from scorepad.service.reads import saved_games

            for path in saved_games():
                if path.stem == name:
                    return path
        raise NotFound(
            _("no game named {name} is served here").format(name=repr(name[:100]))
        )

    def game_url(self, role: str, path: Path, rest: str = "") -> str:
        return f"{self.config.base(role)}/g/{quote(path.stem, safe='')}/{rest}"

    # -- drawing --------------------------------------------------------------

    def page(self, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        html = self.env.get_template(template).render(**values)
        return HTMLResponse(html, status_code=status)

    def game_values(self, role: str, path: Path, game: Any) -> dict[str, Any]:
        from scorepad.serve.view import game_view

        view = game_view(game)
        return {
            "role": role,
            "view": view,
            "game_url": self.game_url(role, path),
            "watch_url": self.game_url("watch", path),
            "home_url": self.config.base(role) + "/",
            "all_games": self.config.game is None,
            "next_url": self.next_game_url(role, path) if view.finished else "",
        }

    def next_game_url(self, role: str, path: Path) -> str:
        """Where a finished game's watchers are sent: the current game, once the keeper
        has started another ("" if none). The page keeps the one it was drawn with, so a
        watcher who opens an old game stays there until the keeper starts a new one."""
        from scorepad.service.reads import current_game

        if self.config.game is not None or role != "watch":
            return ""
        current = current_game()
        if current is None or not current.exists() or current == path:
            return ""
        return self.game_url(role, current)

    def stamp(self, path: Path) -> object:
        """What changes when a live page of `path` must be drawn again: the game file's
        stamp, and with every game served the current game's too (a finished game's
        watchers follow the keeper to the next); for the games folder, its own."""
        from scorepad.service.reads import current_file, file_stamp, games_dir

        if self.config.game is not None or path == games_dir():
            return file_stamp(path)
        return (file_stamp(path), file_stamp(current_file()))

    def draw_live(self, path: Path, role: str, language: str) -> dict[str, object]:
        """The live part of a game's page (or of the list of games) as the files hold it
        now, in `language` (run in a thread, once for all the pages of that role and
        language)."""
        from scorepad.service.reads import games_dir, load_game

        with i18n.speaking(language):
            if path == games_dir():
                return dict(self.draw_games(role))
            try:
                game = load_game(path)
            except ScorepadError as error:
                return {"error": sentence(error)}
            values = self.game_values(role, path, game)
            html = self.env.get_template("live.html").render(**values)
        view = values["view"]
        drawn: dict[str, object] = {
            "version": view.version, "entries": view.entries, "steps": view.steps, "html": html,
        }  # fmt: skip
        if values["next_url"]:
            drawn["follow"] = values["next_url"]
        return drawn

    def game_page(
        self, role: str, path: Path, *, message: str = "", status: int = 200, form: Any = None,
        note: str = "",
    ) -> Response:  # fmt: skip
        """A game's page; a plain one (no message, no form typed) drawn again only once
        the file has changed.

        The page is a function of the file, the role and the request's language alone
        (the config is the server's, fixed), and with every game served of the current
        game too (where a finished game's watchers are sent): kept under `stamp` (inode,
        size, time; a save is a rename, so each save changes it), it is drawn once per
        change and language, whatever the number of rounds. `benchmarks/serve_load.py --parts
        cpu --baseline DIR` measures it: 0.86 ms of CPU a request at 20 rounds and 1.02 ms
        at 400, against 6.67 and 85.88 ms drawn every time (at 0d8a2f8; medians of 5 runs,
        load 7.7).
        """
        from scorepad.service.reads import load_game

        plain = not message and not note and status == 200 and form is None
        key = (path, role, i18n.language())
        stamp = self.stamp(path)  # before the load: a save in between is drawn next time
        if plain and stamp is not None:
            kept = self.drawn.get(key)
            if kept is not None and kept[0] == stamp:
                return HTMLResponse(kept[1])
        game = load_game(path)
        values = self.game_values(role, path, game)
        if form is not None and values["view"].form is not None:
            values["view"] = _refilled(values["view"], game, form)
        page = self.page(
            "game.html", status, message=message, note=note, here=values["game_url"], **values
        )
        if plain and stamp is not None:
            self.drawn[key] = (stamp, bytes(page.body))
        return page

    # -- routes ---------------------------------------------------------------

    def routes(self) -> list[BaseRoute]:
        static = StaticFiles(packages=[("scorepad.serve", "static")])
        routes: list[BaseRoute] = [
            Route("/", self.root),
            Mount("/static", app=static, name="static"),
        ]
        for role in ROLES:
            inner: list[BaseRoute] = [
                Route("/", _role(role, self.home)),
                Route("/events", _role(role, self.games_events)),
                Route("/g/{name}/", _role(role, self.show)),
                Route("/g/{name}/events", _role(role, self.events)),
                Route("/g/{name}/round/{number:int}", _role(role, self.round_page)),
            ]
            if role == "keep":
                inner.append(Route("/g/{name}/undo", _role(role, self.undo_page)))
            if role == "keep":
                inner += [
                    Route("/new", self.new_game, methods=["POST"]),
                    Route("/g/{name}/bids", _form(self.bids), methods=["POST"]),
                    Route("/g/{name}/tricks", _form(self.tricks), methods=["POST"]),
                    Route("/g/{name}/undo", _form(self.undo), methods=["POST"]),  # after the GET
                    Route(
                        "/g/{name}/round/{number:int}/{kind}",
                        _form(self.correct),
                        methods=["POST"],
                    ),
                ]
            routes.append(Mount(self.config.base(role), routes=inner))
        return routes

    def root(self, request: Request) -> Response:
        if self.config.tokens:
            said = _("scorepad: open the watch or keep link the scorekeeper's terminal printed.")
            return PlainTextResponse(said + "\n", status_code=404)
        return RedirectResponse(self.config.base("watch") + "/", status_code=303)

    def home(self, role: str, request: Request) -> Response:
        if self.config.game is not None:
            return RedirectResponse(self.game_url(role, self.config.game), status_code=303)
        return self.games_page(role)

    def games_page(
        self, role: str, *, message: str = "", status: int = 200, form: Any = None
    ) -> Response:
        from markupsafe import Markup

        from scorepad.service.reads import preset_names

        drawn = self.draw_games(role)
        return self.page(
            "games.html",
            status,
            role=role,
            games_list=Markup(drawn["html"]),  # noqa: S704  # drawn by the template engine
            games_version=drawn["version"],
            presets=preset_names(),
            new_url=self.config.base("keep") + "/new",
            here=self.config.base(role) + "/",
            events=self.config.base(role) + "/events",
            message=message,
            form=form or {},
        )

    def draw_games(self, role: str) -> dict[str, str]:
        """The list of games as drawn, and its version (a fingerprint of the drawing)."""
        html = self.env.get_template("games_list.html").render(games=self.listed(role))
        return {"version": hashlib.sha256(html.encode()).hexdigest()[:16], "html": html}

    def listed(self, role: str) -> list[dict[str, str]]:
        """Every saved game for the list of games: its link, sides, state and last change."""
        from scorepad.serve.view import game_summary
        from scorepad.service.games import list_games

        listed = []
        # By name, as a person looks one up; `scorepad games` shows the latest change first.
        for summary in sorted(list_games(), key=lambda summary: summary.path.stem.casefold()):
            path, game = summary.path, summary.game
            changed = i18n.format_datetime(datetime.fromtimestamp(summary.changed))
            if game is None or summary.standings is None:
                damaged = sentence(GameFileError(summary.damaged or ""))
                listed.append(
                    {"name": path.stem, "url": "", "status": damaged, "sides": "",
                     "changed": changed}
                )  # fmt: skip
                continue
            listed.append(
                {
                    "changed": changed,
                    "name": path.stem,
                    "url": self.game_url(role, path),
                    "status": game_summary(game, summary.standings),
                    "sides": _(" vs ").join(game.sides),
                }
            )
        return listed

    async def games_events(self, role: str, request: Request) -> Response:
        from scorepad.service.reads import games_dir

        if self.config.game is not None:
            raise NotFound(_("this server serves one game"))
        return StreamingResponse(
            self.hub.events(games_dir(), role, i18n.language()),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    def show(self, role: str, request: Request) -> Response:
        path = self.game_path(request.path_params["name"])
        return self.game_page(role, path, note=self.note(request))

    async def events(self, role: str, request: Request) -> Response:
        path = self.game_path(request.path_params["name"])
        return StreamingResponse(
            self.hub.events(path, role, i18n.language()),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    def round_page(
        self, role: str, request: Request, *, message: str = "", status: int = 200,
        form: Any = None,
    ) -> Response:  # fmt: skip
        """A round explained, with (on the keep page) the forms that correct it."""
        import dataclasses

        from scorepad.engine.game import check_round_number, standings
        from scorepad.serve.forms import bids_form, tricks_form
        from scorepad.serve.view import explained_round
        from scorepad.service.games import game_version
        from scorepad.service.reads import load_game

        path = self.game_path(request.path_params["name"])
        number = request.path_params["number"]
        game = load_game(path)
        try:
            check_round_number(game, number)
        except GameError as error:
            raise NotFound(str(error)) from None
        result = standings(game)
        round_ = game.rounds[number - 1]
        values = dict(form or {})
        forms = []
        if role == "keep":
            if not form:
                values = _round_values(game, number)
            # Its bids are judged by the standings before it: blind bids only where a side
            # trailed enough then.
            earlier = standings(dataclasses.replace(game, rounds=game.rounds[: number - 1]))
            forms.append(
                bids_form(game, number, round_.dealer, earlier, values=values, corrects=True)
            )
            if round_.played:
                forms.append(tricks_form(game, number, values=values, corrects=True))
        return self.page(
            "round.html",
            status,
            role=role,
            name=game.name,
            explained=explained_round(game, result, number),
            forms=forms,
            version=game_version(game),
            game_url=self.game_url(role, path),
            here=self.game_url(role, path, f"round/{number}"),
            message=message,
            note=self.note(request) if not message else "",
            rounds=len(game.rounds),
        )

    # -- changes (keep only) --------------------------------------------------

    def bids(self, request: Request, form: dict[str, str]) -> Response:
        return self._enter(request, form, "bids")

    def tricks(self, request: Request, form: dict[str, str]) -> Response:
        return self._enter(request, form, "tricks")

    def _enter(self, request: Request, form: dict[str, str], kind: str) -> Response:
        path = self.game_path(request.path_params["name"])

        def again(message: str, status: int) -> Response:
            typed = form if status == 400 else None  # a stale form shows the game as it is now
            return self.game_page("keep", path, message=message, status=status, form=typed)

        def change() -> tuple[str, Callable[[], str] | None]:
            entered = actions.enter(path, form, kind)
            return entered.version, entered_note(entered, kind)

        return self._change(change, self.game_url("keep", path), again)

    def undo(self, request: Request, form: dict[str, str]) -> Response:
        path = self.game_path(request.path_params["name"])

        def again(message: str, status: int) -> Response:
            return self.game_page("keep", path, message=message, status=status)

        def change() -> tuple[str, Callable[[], str] | None]:
            undone = actions.undo(path, form)
            return undone.version, lambda: undone_words(undone)

        return self._change(change, self.game_url("keep", path), again)

    def undo_page(self, role: str, request: Request) -> Response:
        """The question before an undo: a plain page, so that it works without a script.

        It names the entry the game as shown would lose; the form it posts carries that
        version, so a game changed meanwhile takes nothing back.
        """
        from scorepad.serve.view import game_view
        from scorepad.service.reads import load_game

        path = self.game_path(request.path_params["name"])
        game = load_game(path)
        view = game_view(game)
        if not view.can_undo:
            said = _("Nothing to take back: no round is entered yet.")
            return self.game_page("keep", path, message=said, status=409)
        version = request.query_params.get("version", "")
        message = ""
        if version != view.version:
            message = _("The game was just changed on another device; here it is as it stands now.")
        return self.page(
            "undo.html",
            role=role,
            name=game.name,
            question=view.undo_question,
            version=view.version,
            game_url=self.game_url(role, path),
            here=self.game_url(role, path, f"undo?version={view.version}"),
            message=message,
        )

    def correct(self, request: Request, form: dict[str, str]) -> Response:
        path = self.game_path(request.path_params["name"])
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
            return self.round_page("keep", request, message=message, status=status, form=typed)

        def change() -> tuple[str, Callable[[], str] | None]:
            entered = actions.enter(path, form, kind, corrects=True)
            return entered.version, corrected_note(entered, kind)

        return self._change(change, self.game_url("keep", path, f"round/{number}"), again)

    def _change(
        self,
        change: Callable[[], tuple[str, Callable[[], str] | None]],
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
            done + self.keep_note(note), status_code=303, headers={"X-Scorepad-Version": version}
        )

    async def new_game(self, request: Request) -> Response:
        if self.config.game is not None:
            raise NotFound(_("this server serves one game; it has no page to start another"))
        form = await read_form(request)
        try:
            path = await run_in_threadpool(actions.start_game, form)
        except GameFileError:
            raise
        except ScorepadError as error:
            message = sentence(error)
            return await run_in_threadpool(
                lambda: self.games_page("keep", message=message, status=400, form=form)
            )
        return RedirectResponse(self.game_url("keep", path), status_code=303)


def entered_note(entered: Entered, kind: str) -> Callable[[], str] | None:
    """What a new entry says on the page it lands on: that it was in already, or a
    contract over the deal (kept as entered, as `scorepad bid` keeps and says it)."""
    from scorepad.words.gametext import already_words, contract_warnings

    game, number = entered.game, entered.number
    if entered.already:
        return lambda: already_words(number, kind)
    if not entered.overbids:
        return None
    contracts = [(game.sides[over.side], over.contract) for over in entered.overbids]
    return lambda: " ".join(contract_warnings(game.rules, contracts))


def corrected_note(entered: Entered, kind: str) -> Callable[[], str]:
    """What a correction says: the round corrected, the scores it rescored, and what it
    moved (rounds that stop or start counting), as `scorepad bid --round` says it."""
    from scorepad.words.gametext import (
        already_words,
        contract_warnings,
        correction_words,
        scores_text,
    )

    game, number = entered.game, entered.number

    def said() -> str:
        if entered.already:
            return already_words(number, kind)
        text = (
            _("Round {number}'s bids corrected.")
            if kind == "bids"
            else _("Round {number}'s tricks corrected.")
        ).format(number=number)
        after = entered.standings
        if game.rounds[number - 1].played:
            text += " " + _("Rescored: {scores}.").format(scores=scores_text(game, after.scores))
        if entered.correction is not None:
            text += correction_words(entered.correction, after, number).replace("\n", " ")
        contracts = [(game.sides[over.side], over.contract) for over in entered.overbids]
        return " ".join([text, *contract_warnings(game.rules, contracts)])

    return said


def undone_words(undone: Undone) -> str:
    """`Took back the tricks of round 3.`, as `scorepad undo` says it."""
    said = (
        _("took back the tricks of round {number}")
        if undone.took == "tricks"
        else _("took back the bids of round {number}")
    )
    return sentence(said.format(number=undone.number))


def _round_values(game: Any, number: int) -> dict[str, str]:
    """A played round's bids and tricks as its correction forms' fields."""
    from scorepad.engine.bids import format_bid

    values: dict[str, str] = {}
    round_ = game.rounds[number - 1]
    for side, entry in enumerate(round_.sides):
        seats = game.rules.seats_of(side)
        if len(entry.bids) == len(seats):
            for seat, bid in zip(seats, entry.bids, strict=True):
                values[f"bid-{seat}"] = format_bid(bid)
        else:
            values[f"team-{side}"] = format_bid(entry.bids[0])
    return values


def _refilled(view: Any, game: Any, form: dict[str, str]) -> Any:
    """The page's entry form with what was typed in it, after a refusal."""
    import dataclasses

    from scorepad.engine.game import next_dealer, standings
    from scorepad.serve.forms import bids_form, tricks_form

    entry = view.form
    if entry.kind == "bids":
        refilled = bids_form(game, entry.number, next_dealer(game), standings(game), values=form)
    else:
        refilled = tricks_form(game, entry.number, values=form)
    return dataclasses.replace(view, form=refilled)


Handler = Callable[[Request], Awaitable[Response]]


def _role(role: str, handler: Callable[..., Any]) -> Handler:
    """A GET route of one role; the handler runs in a thread (it reads files)."""
    import inspect

    async def endpoint(request: Request) -> Response:
        if inspect.iscoroutinefunction(handler):
            result: Response = await handler(role, request)
            return result
        return await run_in_threadpool(handler, role, request)

    return endpoint


def _form(handler: Callable[[Request, dict[str, str]], Response]) -> Handler:
    """A POST route: the form read (bounded), then the handler in a thread."""

    async def endpoint(request: Request) -> Response:
        form = await read_form(request)
        return await run_in_threadpool(handler, request, form)

    return endpoint


def _page_of(path: str) -> str:
    """The page whose form posts to `path`: `/keep/g/tue/bids` is `/keep/g/tue/`'s,
    `/keep/g/tue/round/3/tricks` is `/keep/g/tue/round/3`'s, `/keep/new` the games'."""
    parent = path.rstrip("/").rpartition("/")[0]
    if parent.rpartition("/")[0].endswith("/round"):
        return parent
    return parent + "/"


def create_app(config: ServeConfig) -> Starlette:
    """The app serving `config`; `app.state.hub` holds its live feeds."""
    pages = Pages(config)
    routes = pages.routes()

    async def wrong_method(request: Request, exc: Exception) -> Response:
        """A GET of an address that takes only a form (a link shared, a reload): a page
        in the reader's language with the way back, rather than a bare English 405."""
        page = pages.page(
            "method.html", 405, role="", back=_page_of(request.url.path), here=request.url.path
        )
        page.headers["Allow"] = "POST"
        return page

    if config.event is not None:
        from scorepad.serve.event import EventPages

        routes += EventPages(config, pages.env, config.event).routes()
    app = Starlette(
        routes=routes,
        # The shield before anything; then the language: the token gate's refusal is said
        # in it too.
        middleware=[
            Middleware(Shield, hosts=config.hosts, any_address=config.any_address),
            Middleware(Language),
            Middleware(TokenGate, tokens=config.tokens),
        ],
        exception_handlers={ScorepadError: refused, 405: wrong_method},
    )
    app.state.hub = pages.hub
    return app
