"""The room's pages of a club night (`scorepad serve --event NAME`): one more thin client.

- `/room/TOKEN/`: the standings and every table's live score, this round's seats and the
  next's; the page redraws itself every second (a refresh the browser does, no script).
- `/table/TOKEN/T/`: a table's keep link, valid all night: it opens the keep page of the
  game table T plays now, so a card printed at the start still works in round 4.
- `/organizer/TOKEN/`: seat the next round, add or drop a player (plain forms), and
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

from scorepad.i18n import _
from scorepad.serve.drawing import drawn_page
from scorepad.serve.guard import NotFound, read_form

if TYPE_CHECKING:
    import jinja2

    from scorepad.club.event import Event
    from scorepad.serve.config import ServeConfig

EVENT_ROLES = ("room", "table", "organizer")
REFRESH_SECONDS = 1  # s: the room redraws within 2 s of an entry (benchmarks/event_load.py)


class EventPages:
    """The routes of a served club night."""

    def __init__(self, config: ServeConfig, env: jinja2.Environment, event: str) -> None:
        self.config = config
        self.env = env
        self.event = event

    def routes(self) -> list[BaseRoute]:
        base = self.config.urls.base
        return [
            Mount(base("room"), routes=[Route("/", self.room)]),
            Mount(base("table"), routes=[Route("/{table:int}/", self.table)]),
            Mount(
                base("organizer"),
                routes=[
                    Route("/", self.organizer),
                    Route("/cards", self.cards),
                    Route("/seat", self.seat, methods=["POST"]),
                    Route("/add", self.add, methods=["POST"]),
                    Route("/drop", self.drop, methods=["POST"]),
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
            round_heading,
            standings_heads,
            table_words,
        )

        view = show_event(self.event)
        event, standings = view.event, view.standings
        rated = event_ratings(view)
        now = next((r for r in standings.rounds if r.number == event.current), None)
        following = next((r for r in standings.rounds if r.number == event.current + 1), None)
        return {
            "event": event,
            "standings": standings,
            "now": now,
            "next": following,
            "table_words": table_words,
            "byes_words": byes_words,
            "round_heading": round_heading,
            "problems": [problem_words(event, p) for p in event.problems],
            "here": here,
            "refresh": REFRESH_SECONDS,
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
        values = await run_in_threadpool(self._values, request.url.path)
        return self._page("event_room.html", **values)

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
        return RedirectResponse(self.config.urls.game("keep", game), status_code=303)

    def _links(self, request: Request) -> dict[str, str]:
        """Each role's first page, whole, for links to share and print."""
        root = f"{request.url.scheme}://{request.url.netloc}"
        return {role: root + self.config.urls.home(role) for role in EVENT_ROLES}

    async def organizer(self, request: Request, message: str = "", status: int = 200) -> Response:
        values = await run_in_threadpool(self._values, request.url.path)
        return self._page(
            "event_organizer.html", status, message=message, links=self._links(request), **values
        )

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
        from scorepad.errors import ScorepadError
        from scorepad.service.events import add_player, drop_player, seat_next

        form = await read_form(request)
        try:
            if action == "seat":
                await run_in_threadpool(seat_next, self.event)
            else:
                player = form.get("player", "")
                change = add_player if action == "add" else drop_player
                await run_in_threadpool(change, self.event, player)
        except ScorepadError as error:
            from scorepad.serve.guard import sentence

            return await self.organizer(request, message=sentence(error), status=409)
        return RedirectResponse(self.config.urls.home("organizer"), status_code=303)

    async def seat(self, request: Request) -> Response:
        return await self._change(request, "seat")

    async def add(self, request: Request) -> Response:
        return await self._change(request, "add")

    async def drop(self, request: Request) -> Response:
        return await self._change(request, "drop")


def _event_clock_said(event: Event) -> str:
    """The night's time left by the server's clock, or that time is up (empty: no clock)."""
    from scorepad.engine.clock import ClockReading
    from scorepad.service import clock as service_clock
    from scorepad.words.gametext import clock_words

    left = event.seconds_left(service_clock.now())
    return "" if left is None else clock_words(ClockReading(left, left == 0, None))
