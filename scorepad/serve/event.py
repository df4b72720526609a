"""The room's pages of a club night (`scorepad serve --event NAME`): one more thin client.

- `/room/TOKEN/`: a board for a TV or a phone: the standings, this round's seats as large
  cards with each table's live score, the next round's, and once the last round is over
  the final standings and the night's winner. Kept live by the event stream the game pages
  use (`/room/TOKEN/events`, `live.Hub`): one drawing per change for every watcher.
- `/table/KEY/T/`: a table's keep link, valid all night: it opens the page of the game
  table T plays now, so a card printed at the start still works in round 4. Its KEY is
  table T's alone (`urls.table_key`): it opens table T's games of this round on (and the
  game just finished, to read), never another table's, another night's or an ordinary
  game, and no list of games or new-game form; the server's keep token is never in it.
- `/organizer/TOKEN/`: add or drop a player, seat the next round or take a seating back,
  reopen a finished table of an earlier round (the service's `force`, as `scorepad undo
  --force`), each table's link (plain forms; seating, a drop and a reopening ask first,
  each says what it did in one line), and
  `/organizer/TOKEN/cards`: a printable page of table cards with their QR codes.

Each role has its own token, checked by the token gate before any route; every refusal is
one line and a 4xx, nothing changed. Pages carry no inline script or style.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route

from scorepad.errors import ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.i18n import language as i18n_language
from scorepad.serve.drawing import drawn_page
from scorepad.serve.guard import Forbidden, NotFound, read_form

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from pathlib import Path

    import jinja2

    from scorepad.club.event import Event
    from scorepad.serve.config import ServeConfig
    from scorepad.serve.game import Notes
    from scorepad.serve.live import Hub

    Handler = Callable[[Request], Awaitable[Response]]

EVENT_ROLES = ("room", "table", "organizer")


class EventPages:
    """The routes of a served club night."""

    def __init__(
        self, config: ServeConfig, env: jinja2.Environment, event: str, hub: Hub, notes: Notes
    ) -> None:
        self.config = config
        self.env = env
        self.event = event
        self.hub = hub
        self.notes = notes  # what an organizer's change said, for the page it lands on
        self.redrawn: dict[int, Callable[[], str]] = {}  # a next round drawn again, said
        self._path: Path | None = None

    @property
    def path(self) -> Path:
        """The event's file (looked up once)."""
        if self._path is None:
            from scorepad.service.events import find_event

            self._path = find_event(self.event)
        return self._path

    def stamp(self) -> object:
        """What changes when the room's page must be drawn again: the event's file and every
        seated table's game (a reopened earlier table changes the standings too)."""
        from scorepad.service.events import load_event
        from scorepad.service.reads import file_stamp, games_dir

        event_stamp = file_stamp(self.path)
        if event_stamp != getattr(self, "_seen", (None,))[0]:
            try:
                event = load_event(self.path)
            except ScorepadError:
                return (event_stamp,)
            folder = games_dir()
            self._seen = (
                event_stamp,
                [
                    folder / f"{event.game_name(r.number, t)}.toml"
                    for r in event.rounds
                    if r.seated
                    for t in range(1, len(r.seats.tables) + 1)
                ],
            )
        return (event_stamp, *(file_stamp(game) for game in self._seen[1]))

    def draw_live(self, role: str, language: str) -> dict[str, object]:
        """The room's live part as the files hold it now, in `language` (run in a thread,
        once for every watcher of that language)."""
        import hashlib

        from scorepad import i18n

        with i18n.speaking(language):
            try:
                values = self._values(self.config.urls.home("room"))
            except ScorepadError as error:
                from scorepad.serve.guard import sentence

                return {"error": sentence(error)}
            html = self.env.get_template("event_room_live.html").render(**values)
        return {"version": hashlib.sha256(html.encode()).hexdigest()[:16], "html": html}

    async def room_events(self, request: Request) -> Response:
        from starlette.responses import StreamingResponse

        from scorepad import i18n

        return StreamingResponse(
            self.hub.events(self.path, "room", i18n.language()),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    def routes(self) -> list[BaseRoute]:
        """The room's and the organizer's pages (a table's are put together in `app`)."""
        base = self.config.urls.base
        return [
            Mount(
                base("room"),
                routes=[Route("/", self.room), Route("/events", self.room_events)],
            ),
            Mount(
                base("organizer"),
                routes=[
                    Route("/", self.organizer),
                    Route("/cards", self.cards),
                    Route("/seat", self.seat, methods=["POST"]),
                    Route("/add", self.add, methods=["POST"]),
                    Route("/drop", self.drop, methods=["POST"]),
                    Route("/unseat", self.unseat, methods=["POST"]),
                    Route("/reopen", self.reopen, methods=["POST"]),
                ],
            ),
        ]

    def _page(self, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        return drawn_page(self.env, template, status, **values)

    def _values(self, here: str) -> dict[str, Any]:
        from scorepad.i18n import format_number, format_percent
        from scorepad.service.events import event_ratings, show_event
        from scorepad.words.eventtext import (
            bye_rule,
            byes_words,
            problem_words,
            reopened_words,
            round_heading,
            standings_heads,
            state_words,
            table_words,
        )

        view = show_event(self.event)
        event, standings = view.event, view.standings
        rated = event_ratings(view)
        now = next((r for r in standings.rounds if r.number == event.current), None)
        following = next((r for r in standings.rounds if r.number == event.current + 1), None)
        over = (
            now is not None
            and event.current >= event.rounds_planned
            and all(t.over for t in now.tables)
        )
        best = standings.rows[0] if standings.rows else None
        winners = [r.player for r in standings.rows if best is not None and r.rank == best.rank]
        redrawn = self.redrawn.get(following.number) if following is not None else None
        return {
            "over": over,
            "winners": winners,
            "entered": view.entered,
            "changes": [
                *([redrawn()] if redrawn is not None else []),
                *(reopened_words(r) for r in event.reopened),
            ],
            "event": event,
            "standings": standings,
            "now": now,
            "next": following,
            "table_words": table_words,
            "state_words": state_words,
            "byes_words": byes_words,
            "round_heading": round_heading,
            "problems": [problem_words(event, p) for p in event.problems],
            "here": here,
            "heads": [*standings_heads(), _("rating")],
            "ratings": [format_number(r, 1) if r is not None else "-" for r in rated.rows],
            "chances": {
                key: _("chances {first} : {second}").format(
                    first=format_percent(first, decimals=0),
                    second=format_percent(second, decimals=0),
                )
                for key, (first, second) in rated.chances.items()
            },
            "bye_rule": bye_rule(),
            "clock": _event_clock_said(event),
        }

    async def room(self, request: Request) -> Response:
        live = await run_in_threadpool(self.draw_live, "room", i18n_language())
        return self._page(
            "event_room.html", live=live, here=request.url.path, event_name=self.event
        )

    async def table(self, request: Request) -> Response:
        from scorepad.service.events import find_event, load_event

        number = int(request.path_params["table"])
        event = await run_in_threadpool(lambda: load_event(find_event(self.event)))
        seats = event.round(event.current)
        if seats is None or not 1 <= number <= len(seats.seats.tables):
            count = len(seats.seats.tables) if seats is not None else 0
            raise NotFound(
                _("{event} has no table {table} in round {round}; tables are 1 to {count}").format(
                    event=event.name, table=number, round=event.current, count=count
                )
            )
        game = event.game_name(event.current, number)
        return RedirectResponse(self.config.urls.game("table", game), status_code=303)

    def mine(self, handler: Handler, writes: bool = False) -> Handler:
        """A table link's route: only for a game of its own table (`allowed`), else 403."""

        async def endpoint(request: Request) -> Response:
            await run_in_threadpool(
                self.allowed, request.path_params["table"], request.path_params["name"], writes
            )
            return await handler(request)

        return endpoint

    def allowed(self, table: int, name: str, writes: bool) -> None:
        """Refuse (403) a game that is not table `table`'s in the round now or later, or,
        to read only, its game just finished (where its players learn where they go)."""
        from scorepad.serve.urls import table_of
        from scorepad.service.events import find_event, load_event

        event = load_event(find_event(self.event))
        seat = table_of(name)
        earliest = event.current if writes else event.current - 1
        if (
            seat is None
            or name != event.game_name(*seat)
            or seat[1] != table
            or seat[0] < max(1, earliest)
            or seat[0] > event.current
        ):
            raise Forbidden(
                _(
                    "table {table}'s link opens only table {table}'s game of the round being"
                    " played; ask the organizer for the link of {game}"
                ).format(table=table, game=repr(name[:100]))
            )

    async def not_a_tables(self, request: Request) -> Response:
        """What a table's link cannot do: list every game or start one (403)."""
        raise Forbidden(
            _("a table's link opens its own table's game only; it cannot list or start games")
        )

    def _links(self, request: Request) -> dict[str, str]:
        """Each role's first page, whole, for links to share and print."""
        root = f"{request.url.scheme}://{request.url.netloc}"
        return {role: root + self.config.urls.home(role) for role in EVENT_ROLES}

    async def organizer(
        self, request: Request, message: str = "", status: int = 200, asks: str = "",
        player: str = "", table: str = "",
    ) -> Response:  # fmt: skip
        values = await run_in_threadpool(self._values, request.url.path)
        values |= self._organizers(values)
        asked = _table_asked(table) if asks == "reopen" else None
        return self._page(
            "event_organizer.html", status, message=message, links=self._links(request),
            note=self.notes.take(request), asks=asks, player=player, table=table,
            asked=asked, **values,
        )  # fmt: skip

    def _organizers(self, values: dict[str, Any]) -> dict[str, Any]:
        """What the organizer's page shows beyond the room's: each table's link, the
        finished tables of earlier rounds (which only this page may reopen), and the
        reopened ones still open, with their game's keep page to enter them again."""
        urls = self.config.urls
        event, standings = values["event"], values["standings"]
        now = values["now"]
        earlier = [
            (r.number, t.table)
            for r in standings.rounds
            if r.seated and r.number < event.current
            for t in r.tables
            if t.over
        ]
        over = {(r.number, t.table) for r in standings.rounds for t in r.tables if t.over}
        still_open = [
            (r, urls.game("keep", event.game_name(r.round, r.table)))
            for r in event.reopened
            if (r.round, r.table) not in over
        ]
        return {
            "table_links": [
                (t.table, urls.table(t.table)) for t in (now.tables if now is not None else ())
            ],
            "finished_earlier": earlier,
            "still_open": still_open,
        }

    async def cards(self, request: Request) -> Response:
        import segno

        values = await run_in_threadpool(self._values, request.url.path)
        root = f"{request.url.scheme}://{request.url.netloc}"
        cards = []
        now = values["now"]
        for state in now.tables if now is not None else ():
            link = root + self.config.urls.table(state.table)
            svg = segno.make(link, error="m").svg_inline(scale=4)
            cards.append({"state": state, "link": link, "qr": svg})
        values["here"] = ""  # a page to print: no language switch on it
        return self._page("event_cards.html", cards=cards, **values)

    async def _change(self, request: Request, action: str) -> Response:
        """An organizer's form: seating and a drop ask first (the page again, with the
        question and a button that sends `sure`); each change then says what it did."""
        from scorepad.serve.guard import sentence

        form = await read_form(request)
        player = form.get("player", "").strip()
        table = form.get("table", "").strip()
        if action in ("seat", "drop", "reopen") and form.get("sure") != "yes":
            if action == "reopen" and _table_asked(table) is None:
                choose = _("Choose the table to reopen.")
                return await self.organizer(request, message=choose, status=409)
            return await self.organizer(request, asks=action, player=player, table=table)
        try:
            if action == "reopen":
                said = await run_in_threadpool(self._reopen, table)
            else:
                said = await run_in_threadpool(self._act, action, player)
        except ScorepadError as error:
            return await self.organizer(request, message=sentence(error), status=409)
        home = self.config.urls.home("organizer")
        return RedirectResponse(home + self.notes.keep(said), status_code=303)

    def _act(self, action: str, player: str) -> Callable[[], str]:
        """Do an organizer's change; what it did, to be said in the page's language."""
        from scorepad.service.seating import add_player, drop_player, seat_next, unseat

        if action == "seat":
            view = seat_next(self.event)
            seated = view.event.round(view.event.current)
            number, tables = view.event.current, len(seated.seats.tables) if seated else 0
            return lambda: ngettext(
                "Round {round} is seated at {count} table; each card's link opens its game.",
                "Round {round} is seated at {count} tables; each card's link opens its game.",
                tables,
            ).format(round=number, count=tables)
        if action == "unseat":
            view = unseat(self.event)
            number = view.event.current + 1
            return lambda: _(
                "Round {round}'s seating was taken back; it waits to be seated again."
            ).format(round=number)
        if action == "add":
            view, names = add_player(self.event, player)
            number = view.event.current + 1
            said: Callable[[], str] = lambda: _(  # noqa: E731
                "{names} joins from round {round}; round {round} was drawn again."
            ).format(names=" & ".join(names), round=number)
        else:
            view, names = drop_player(self.event, player)
            number = view.event.current + 1
            said = lambda: _(  # noqa: E731
                "{names} leaves after round {now}; round {round} was drawn again."
            ).format(names=" & ".join(names), now=number - 1, round=number)
        if view.event.round(number) is not None and number > 1:
            self.redrawn[number] = lambda: _(
                "Round {round}'s seats were drawn again: the field changed."
            ).format(round=number)
        return said

    def _reopen(self, table: str) -> Callable[[], str]:
        """Reopen an earlier round's finished table (the service's `force`); what it did."""
        from scorepad.service.events import reopen_table

        asked = _table_asked(table)
        if asked is None:
            raise ScorepadError(_("Choose the table to reopen."))
        number, at = asked
        _path, undone = reopen_table(self.event, number, at)
        took, deal = undone.took, undone.number
        return lambda: (
            _(
                "Table {table} of round {round} is open again: the tricks of its deal {deal}"
                " were taken back, and the room's page says the standings changed. Enter"
                " them again from its game's page."
            )
            if took == "tricks"
            else _(
                "Table {table} of round {round} is open again: the bids of its deal {deal}"
                " were taken back, and the room's page says the standings changed."
            )
        ).format(table=at, round=number, deal=deal)

    async def reopen(self, request: Request) -> Response:
        return await self._change(request, "reopen")

    async def seat(self, request: Request) -> Response:
        return await self._change(request, "seat")

    async def add(self, request: Request) -> Response:
        return await self._change(request, "add")

    async def drop(self, request: Request) -> Response:
        return await self._change(request, "drop")

    async def unseat(self, request: Request) -> Response:
        return await self._change(request, "unseat")

def _table_asked(value: str) -> tuple[int, int] | None:
    """The round and table a reopen form names (`2-3`: round 2, table 3), or None."""
    import re

    found = re.fullmatch(r"([0-9]{1,6})-([0-9]{1,6})", value)
    return (int(found[1]), int(found[2])) if found else None


def _event_clock_said(event: Event) -> str:
    """The night's time left by the server's clock, or that time is up (empty: no clock)."""
    from scorepad.engine.clock import ClockReading
    from scorepad.service import clock as service_clock
    from scorepad.words.gametext import clock_words

    left = event.seconds_left(service_clock.now())
    return "" if left is None else clock_words(ClockReading(left, left == 0, None))
