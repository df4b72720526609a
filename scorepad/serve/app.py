"""The table's web app: a watch page and a keep page for each game, as a Starlette app.

A thin client of the library, like the CLI: each route parses the request, calls the
service and draws a template. This module puts the pages together (Datasette's way: one
module per kind of page): `games` lists the games, `game` draws a game's pages, `changes`
takes the keeper's forms, `event` serves a club night; `urls` builds every address.
Every form is a plain POST answered by a redirect, so it works without JavaScript; the
script only adds the live updates.

Two roles, each under its own link: `/watch/TOKEN/...` reads, `/keep/TOKEN/...` reads and
writes. Without tokens (the server listens on this machine only) the links are `/watch/`
and `/keep/`. A request under either prefix without its role's token gets a 403 (`guard`).
Every page is drawn in the language of its request (`language`). Before all of that,
`shield` checks the name the request uses, where a form comes from, and puts the security
headers on every answer; `connections` bounds each connection (see `cli/serve.py`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.convertors import Convertor, register_url_convertor
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.serve.changes import Changes
from scorepad.serve.config import ROLES, ServeConfig, new_tokens
from scorepad.serve.drawing import drawn_page, templates
from scorepad.serve.game import GamePages
from scorepad.serve.games import GamesPages
from scorepad.serve.guard import TokenGate, read_form, refused
from scorepad.serve.language import Language
from scorepad.serve.live import Hub
from scorepad.serve.shield import Shield

__all__ = ["ServeConfig", "create_app", "new_tokens"]


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


def create_app(config: ServeConfig) -> Starlette:
    """The app serving `config`; `app.state.hub` holds its live feeds."""
    env = templates()
    urls = config.urls

    def draw(path: Path, role: str, language: str) -> dict[str, object]:
        """The live part of a page of `path`: the list of games for the games folder, the
        room's for a club night's file, else a game's."""
        from scorepad.service.reads import games_dir

        if path == games_dir():
            return games.draw_live(role, language)
        if night is not None and role == "room":
            return night.draw_live(role, language)
        return game.draw_live(path, role, language)

    def stamp(path: Path) -> object:
        if night is not None and path == night.path:
            return night.stamp()
        return game.stamp(path)

    hub = Hub(draw, stamp)
    game = GamePages(config, env, hub)
    games = GamesPages(config, env, hub)
    changes = Changes(game)

    def root(request: Request) -> Response:
        if config.tokens:
            said = _("scorepad: open the watch or keep link the scorekeeper's terminal printed.")
            return PlainTextResponse(said + "\n", status_code=404)
        return RedirectResponse(urls.home("watch"), status_code=303)

    routes: list[BaseRoute] = [
        Route("/", root),
        Mount("/static", app=StaticFiles(packages=[("scorepad.serve", "static")]), name="static"),
    ]
    for role in ROLES:
        inner: list[BaseRoute] = [
            Route("/", _role(role, games.home)),
            Route("/events", _role(role, games.events)),
            Route("/g/{name}/", _role(role, game.show)),
            Route("/g/{name}/events", _role(role, game.events)),
            Route("/g/{name}/round/{number:int}", _role(role, game.round_page)),
        ]
        if role == "keep":
            inner += [
                Route("/g/{name}/undo", _role(role, game.undo_page)),
                Route("/g/{name}/ruling", _role(role, game.ruling_page)),
                Route("/g/{name}/ruling", _form(changes.rule), methods=["POST"]),  # after the GET
                Route("/g/{name}/misdeal", _form(changes.misdeal), methods=["POST"]),
                Route("/g/{name}/agreed", _form(changes.agree), methods=["POST"]),
                Route("/new", games.new_game, methods=["POST"]),
                Route("/g/{name}/bids", _form(changes.bids), methods=["POST"]),
                Route("/g/{name}/tricks", _form(changes.tricks), methods=["POST"]),
                Route("/g/{name}/undo", _form(changes.undo), methods=["POST"]),  # after the GET
                Route(
                    "/g/{name}/round/{number:int}/{kind}", _form(changes.correct), methods=["POST"]
                ),
            ]
        routes.append(Mount(urls.base(role), routes=inner))

    async def wrong_method(request: Request, exc: Exception) -> Response:
        """A GET of an address that takes only a form (a link shared, a reload): a page
        in the reader's language with the way back, rather than a bare English 405."""
        page = drawn_page(
            env, "method.html", 405, role="", back=_page_of(request.url.path),
            here=request.url.path,
        )  # fmt: skip
        page.headers["Allow"] = "POST"
        return page

    night = None
    if config.event is not None:
        from scorepad.serve.event import EventPages
        from scorepad.serve.game import Notes

        night = pages = EventPages(config, env, config.event, hub, Notes())
        routes += pages.routes()
        # A table's link: its own table's games, kept; no list of games, no new game.
        mine, theirs = pages.mine, pages.not_a_tables
        table: list[BaseRoute] = [
            Route("/", pages.table),
            Route("/new", theirs, methods=["GET", "POST"]),
            Route("/events", theirs),
            Route("/g/{name}/", mine(_role("table", game.show))),
            Route("/g/{name}/events", mine(_role("table", game.events))),
            Route("/g/{name}/round/{number:int}", mine(_role("table", game.round_page))),
            Route("/g/{name}/undo", mine(_role("table", game.undo_page))),
            Route("/g/{name}/bids", mine(_form(changes.bids), True), methods=["POST"]),
            Route("/g/{name}/tricks", mine(_form(changes.tricks), True), methods=["POST"]),
            Route("/g/{name}/undo", mine(_form(changes.undo), True), methods=["POST"]),
            # A table calls its own misdeal and agrees its own tricks; rulings are the
            # director's, on the keep link.
            Route("/g/{name}/misdeal", mine(_form(changes.misdeal), True), methods=["POST"]),
            Route("/g/{name}/agreed", mine(_form(changes.agree), True), methods=["POST"]),
            Route(
                "/g/{name}/round/{number:int}/{kind}",
                mine(_form(changes.correct), True),
                methods=["POST"],
            ),
        ]
        keyed = "/table/{key}/{table:int}" if "table" in config.tokens else "/table/{table:int}"
        routes.append(Mount(keyed, routes=table))
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
    app.state.hub = hub
    return app


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
