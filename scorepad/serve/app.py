"""The table's web app: a watch page and a keep page for each game, as a Starlette app.

A thin client of the library, like the CLI: each route parses the request, calls the store
and the engine, and draws a template. Every form is a plain POST answered by a redirect,
so it works without JavaScript; the script only adds the live updates.

Two roles, each under its own link: `/watch/TOKEN/...` reads, `/keep/TOKEN/...` reads and
writes. Without tokens (the server listens on this machine only) the links are `/watch/`
and `/keep/`. A request under either prefix without its role's token gets a 403.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlsplit

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
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
from starlette.types import ASGIApp, Receive, Scope, Send

from scorepad.errors import GameError, GameFileError, ScorepadError
from scorepad.serve import actions
from scorepad.serve.live import Hub

MAX_BODY = 16 * 1024  # bytes: every form of ours is far smaller
MAX_FIELDS = 64
ROLES = ("watch", "keep")


@dataclass
class ServeConfig:
    """What one server serves, and to whom."""

    game: Path | None  # the one game served, or None for every saved game (--all)
    tokens: dict[str, str] = field(default_factory=dict)  # role -> token; empty: no tokens

    def base(self, role: str) -> str:
        """The path every page of a role lives under: `/keep/TOKEN` or `/keep`."""
        token = self.tokens.get(role)
        return f"/{role}/{token}" if token else f"/{role}"


def new_tokens() -> dict[str, str]:
    """A fresh random token for each role (128 bits each)."""
    return {role: secrets.token_urlsafe(16) for role in ROLES}


def templates() -> jinja2.Environment:
    """The page templates, shipped in the package; every value is escaped as it is drawn."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("scorepad.serve", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


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
                if not secrets.compare_digest(given.encode(), expected.encode()):
                    response = PlainTextResponse(
                        f"This {parts[1]} link lacks its token: open the link the "
                        "scorekeeper's terminal printed.\n",
                        status_code=403,
                    )
                    await response(scope, receive, send)
                    return
        await self.app(scope, receive, send)


class Pages:
    """The routes of one server, over its config."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.env = templates()
        self.hub = Hub(self.draw_live)

    # -- finding games --------------------------------------------------------

    def game_path(self, name: str) -> Path:
        """The file of the game a URL names; only a served game, never a path built from it."""
        if self.config.game is not None:
            if name == self.config.game.stem:
                return self.config.game
        else:
            from scorepad.library import saved_games

            for path in saved_games():
                if path.stem == name:
                    return path
        raise _NotFound(f"no game named {name[:100]!r} is served here")

    def game_url(self, role: str, path: Path, rest: str = "") -> str:
        return f"{self.config.base(role)}/g/{quote(path.stem, safe='')}/{rest}"

    # -- drawing --------------------------------------------------------------

    def page(self, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        html = self.env.get_template(template).render(**values)
        return HTMLResponse(html, status_code=status)

    def game_values(self, role: str, path: Path, game: Any) -> dict[str, Any]:
        from scorepad.serve.view import game_view

        return {
            "role": role,
            "view": game_view(game),
            "game_url": self.game_url(role, path),
            "watch_url": self.game_url("watch", path),
            "home_url": self.config.base(role) + "/",
            "all_games": self.config.game is None,
        }

    def draw_live(self, path: Path, role: str) -> dict[str, object]:
        """The live part of a game's page as the file holds it now (run in a thread)."""
        from scorepad.store import load_game_file

        try:
            game = load_game_file(path)
        except ScorepadError as error:
            return {"error": str(error)}
        values = self.game_values(role, path, game)
        html = self.env.get_template("live.html").render(**values)
        view = values["view"]
        return {"version": view.version, "entries": view.entries, "html": html}

    def game_page(
        self, role: str, path: Path, *, message: str = "", status: int = 200, form: Any = None
    ) -> Response:
        from scorepad.store import load_game_file

        game = load_game_file(path)
        values = self.game_values(role, path, game)
        if form is not None and values["view"].form is not None:
            values["view"] = _refilled(values["view"], game, form)
        return self.page("game.html", status, message=message, **values)

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
                Route("/g/{name}/", _role(role, self.show)),
                Route("/g/{name}/events", _role(role, self.events)),
                Route("/g/{name}/round/{number:int}", _role(role, self.round_page)),
            ]
            if role == "keep":
                inner += [
                    Route("/new", self.new_game, methods=["POST"]),
                    Route("/g/{name}/bids", _form(self.bids), methods=["POST"]),
                    Route("/g/{name}/tricks", _form(self.tricks), methods=["POST"]),
                    Route("/g/{name}/undo", _form(self.undo), methods=["POST"]),
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
            return PlainTextResponse(
                "scorepad: open the watch or keep link the scorekeeper's terminal printed.\n",
                status_code=404,
            )
        return RedirectResponse(self.config.base("watch") + "/", status_code=303)

    def home(self, role: str, request: Request) -> Response:
        if self.config.game is not None:
            return RedirectResponse(self.game_url(role, self.config.game), status_code=303)
        return self.games_page(role)

    def games_page(
        self, role: str, *, message: str = "", status: int = 200, form: Any = None
    ) -> Response:
        from scorepad.game import standings
        from scorepad.library import saved_games
        from scorepad.presets import preset_names
        from scorepad.serve.view import game_summary
        from scorepad.store import load_game_file

        listed = []
        for path in saved_games():
            try:
                game = load_game_file(path)
            except ScorepadError as error:
                listed.append({"name": path.stem, "url": "", "status": str(error), "sides": ""})
                continue
            listed.append(
                {
                    "name": path.stem,
                    "url": self.game_url(role, path),
                    "status": game_summary(game, standings(game)),
                    "sides": " vs ".join(game.sides),
                }
            )
        return self.page(
            "games.html",
            status,
            role=role,
            games=listed,
            presets=preset_names(),
            new_url=self.config.base("keep") + "/new",
            message=message,
            form=form or {},
        )

    def show(self, role: str, request: Request) -> Response:
        return self.game_page(role, self.game_path(request.path_params["name"]))

    async def events(self, role: str, request: Request) -> Response:
        path = self.game_path(request.path_params["name"])
        return StreamingResponse(
            self.hub.events(path, role),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    def round_page(
        self, role: str, request: Request, *, message: str = "", status: int = 200,
        form: Any = None,
    ) -> Response:  # fmt: skip
        from scorepad.game import check_round_number, standings
        from scorepad.serve.view import bids_form, explained_round, game_version, tricks_form
        from scorepad.store import load_game_file

        path = self.game_path(request.path_params["name"])
        number = request.path_params["number"]
        game = load_game_file(path)
        try:
            check_round_number(game, number)
        except GameError as error:
            raise _NotFound(str(error)) from None
        result = standings(game)
        round_ = game.rounds[number - 1]
        values = dict(form or {})
        forms = []
        if role == "keep":
            if not form:
                values = _round_values(game, number)
            forms.append(bids_form(game, number, round_.dealer, values=values, corrects=True))
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
            message=message,
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

        return _change(lambda: actions.enter(path, form, kind), self.game_url("keep", path), again)

    def undo(self, request: Request, form: dict[str, str]) -> Response:
        path = self.game_path(request.path_params["name"])

        def again(message: str, status: int) -> Response:
            return self.game_page("keep", path, message=message, status=status)

        return _change(lambda: actions.undo(path, form)[0], self.game_url("keep", path), again)

    def correct(self, request: Request, form: dict[str, str]) -> Response:
        path = self.game_path(request.path_params["name"])
        number, kind = request.path_params["number"], request.path_params["kind"]
        if kind not in ("bids", "tricks"):
            raise _NotFound(f"a round is corrected by its bids or tricks, not {kind[:20]!r}")
        if form.get("round") != str(number):
            raise actions.FormError(
                f"the form is for round {form.get('round', '')[:8]!r}, not {number}"
            )

        def again(message: str, status: int) -> Response:
            typed = form if status == 400 else None
            return self.round_page("keep", request, message=message, status=status, form=typed)

        return _change(
            lambda: actions.enter(path, form, kind, corrects=True),
            self.game_url("keep", path, f"round/{number}"),
            again,
        )

    async def new_game(self, request: Request) -> Response:
        if self.config.game is not None:
            raise _NotFound("this server serves one game; start another with `scorepad new`")
        form = await _read_form(request)
        try:
            path = await run_in_threadpool(actions.start_game, form)
        except GameFileError:
            raise
        except ScorepadError as error:
            message = _sentence(error)
            return await run_in_threadpool(
                lambda: self.games_page("keep", message=message, status=400, form=form)
            )
        return RedirectResponse(self.game_url("keep", path), status_code=303)


class _NotFound(ScorepadError):
    """A game or round a URL names that is not served: a 404 with one line."""


def _sentence(error: Exception) -> str:
    text = str(error)
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _change(
    change: Callable[[], str], done: str, again: Callable[[str, int], Response]
) -> Response:
    """Make a change from a form, then redirect to `done` (POST, then the page again).

    A refusal draws the page `again` with its one line: 409 for a form drawn before the
    game's latest change, 400 for what the rules refuse. A form no page of ours sends,
    or a game file that cannot be read, is left to the one-line 4xx handler.
    """
    try:
        version = change()
    except actions.StaleFormError as error:
        return again(str(error), 409)
    except (actions.FormError, GameFileError):
        raise
    except ScorepadError as error:
        return again(_sentence(error), 400)
    return RedirectResponse(done, status_code=303, headers={"X-Scorepad-Version": version})


def _round_values(game: Any, number: int) -> dict[str, str]:
    """A played round's bids and tricks as its correction forms' fields."""
    from scorepad.bids import format_bid

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

    from scorepad.game import next_dealer
    from scorepad.serve.view import bids_form, tricks_form

    entry = view.form
    if entry.kind == "bids":
        refilled = bids_form(game, entry.number, next_dealer(game), values=form)
    else:
        refilled = tricks_form(game, entry.number, values=form)
    return dataclasses.replace(view, form=refilled)


async def _read_form(request: Request) -> dict[str, str]:
    """A url-encoded form of at most MAX_BODY bytes and MAX_FIELDS fields, sent by one of
    our own pages: a browser names the page's origin, and another site's is refused."""
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise _OtherSite(f"a form from another site ({origin[:60]}) is not taken")
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise _TooLarge()
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_BODY:
            raise _TooLarge()
    try:
        pairs = parse_qsl(
            body.decode("utf-8"),
            keep_blank_values=True,
            max_num_fields=MAX_FIELDS,
            errors="strict",
        )
    except (UnicodeDecodeError, ValueError):
        raise actions.FormError("the form is not url-encoded UTF-8 text") from None
    form: dict[str, str] = {}
    for key, value in pairs:
        if key in form:
            raise actions.FormError(f"the form gives {key[:40]!r} twice")
        form[key] = value
    return form


class _OtherSite(ScorepadError):
    """A form posted from a page of another site: a 403."""


class _TooLarge(ScorepadError):
    """A request body over MAX_BODY: a 413."""


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
        form = await _read_form(request)
        return await run_in_threadpool(handler, request, form)

    return endpoint


async def _refused(request: Request, exc: Exception) -> Response:
    """One line for a request we refuse: 400, 404, 409 or 413; never a 5xx."""
    if isinstance(exc, _NotFound):
        status = 404
    elif isinstance(exc, _OtherSite):
        status = 403
    elif isinstance(exc, _TooLarge):
        return PlainTextResponse(
            f"The form is larger than {MAX_BODY // 1024} KiB; nothing was changed.\n",
            status_code=413,
        )
    elif isinstance(exc, GameFileError):
        status = 409  # the game file is damaged or unreadable: the request was fine
    else:
        status = 400
    return PlainTextResponse(f"{_sentence(exc)} Nothing was changed.\n", status_code=status)


def create_app(config: ServeConfig) -> Starlette:
    """The app serving `config`; `app.state.hub` holds its live feeds."""
    pages = Pages(config)
    app = Starlette(
        routes=pages.routes(),
        middleware=[Middleware(TokenGate, tokens=config.tokens)],
        exception_handlers={ScorepadError: _refused},
    )
    app.state.hub = pages.hub
    return app
