"""A game's pages: its sheet (watch and keep), its live part, a round explained (with the
keeper's forms that correct it), and the question before an undo.

Every page is drawn from the game file as it is now; a plain sheet is kept until the file
changes (`GamePages.game_page`). What a change said waits, for the page the change
redirects to, in `Notes`.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse

from scorepad import i18n
from scorepad.errors import GameError, GameFileError, ScorepadError
from scorepad.i18n import _
from scorepad.serve.drawing import drawn_page
from scorepad.serve.guard import NotFound, sentence

if TYPE_CHECKING:
    import jinja2

    from scorepad.engine.game import Game
    from scorepad.pages.view import GameView
    from scorepad.serve.config import ServeConfig
    from scorepad.serve.live import Hub

NOTES_KEPT = 64  # changes whose words wait for the page they redirect to


class Notes:
    """What a change said, for the page the change redirects to (`?note=KEY`): words drawn
    in that page's language from the change's facts. Kept for the last few changes only;
    an old or unknown key shows nothing."""

    def __init__(self) -> None:
        self.said: dict[str, Callable[[], str]] = {}

    def keep(self, note: Callable[[], str] | None) -> str:
        """The query that shows `note` on the next page (empty for none)."""
        if note is None:
            return ""
        key = secrets.token_urlsafe(8)
        self.said[key] = note
        while len(self.said) > NOTES_KEPT:
            del self.said[next(iter(self.said))]
        return f"?note={key}"

    def take(self, request: Request) -> str:
        """The words of the change the request was redirected from, if any (shown once)."""
        said = self.said.pop(request.query_params.get("note", ""), None)
        return said() if said is not None else ""


class GamePages:
    """A game's pages, for each role, over the server's config."""

    def __init__(self, config: ServeConfig, env: jinja2.Environment, hub: Hub) -> None:
        self.config = config
        self.urls = config.urls
        self.env = env
        self.hub = hub
        self.notes = Notes()
        # A game's page as last drawn, by file, role and language: the file's stamp it
        # was drawn at and the page (see `game_page`).
        self.drawn: dict[tuple[Path, str, str], tuple[object, bytes]] = {}
        # When each game to a clock that a page was drawn from runs out (`stamp`).
        self.clocks: dict[Path, int] = {}
        self._event_path: Path | None = None

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

    def game_values(self, role: str, path: Path, game: Game) -> dict[str, Any]:
        from scorepad.pages.view import game_view

        view = game_view(game)
        moved = self.moving_on(role, game, view.finished)
        if game.clock is not None:  # its live pages are drawn again as its time runs
            self.clocks[path] = game.clock.end
        return moved | {
            "closed_said": _closed_words() if moved["closed"] else "",
            "director_open": False,  # the director's forms, folded away until asked for
            "role": role,
            "view": view,
            "addresses": self.urls.game_addresses(role, path.stem),
            "watch_url": self.urls.game("watch", path.stem),
            "home_url": self.urls.home(role),
            "all_games": self.config.game is None and role != "table",  # a table: its own
            "next_url": self.next_game_url(role, path) if view.finished else "",
        }

    def moving_on(self, role: str, game: Game, finished: bool) -> dict[str, Any]:
        """A finished table game of the club night served, once the next round is seated:
        where each of its players goes (`next_seats`, by name), the link to the game its
        table plays now, and `closed`: the night has moved on, so taking its last entry
        back would reopen it (the service refuses; only the organizer's page may)."""
        from scorepad.club.event import next_seats
        from scorepad.words.eventtext import next_seat_words

        seat = game.event
        nothing: dict[str, Any] = {"next_seats": (), "closed": False}
        if not finished or seat is None or seat.event != self.config.event:
            return nothing
        from scorepad.service.events import find_event, load_event

        try:
            event = load_event(find_event(seat.event))
        except ScorepadError:
            return nothing
        closed = {"closed": event.current > seat.round}
        seats = next_seats(event, seat.round, seat.table)
        if not seats:
            return nothing | closed
        following = event.round(seat.round + 1)
        assert following is not None
        here = ""
        if seat.table <= len(following.seats.tables):
            here = self.urls.game(role, event.game_name(following.number, seat.table))
        return closed | {
            "next_seats": tuple(next_seat_words(s) for s in seats),
            "next_round": following.number,
            "next_here": here,
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
        return self.urls.game(role, current.stem)

    def stamp(self, path: Path) -> object:
        """What changes when a live page of `path` must be drawn again: the game file's
        stamp, and with every game served the current game's too (a finished game's
        watchers follow the keeper to the next); for the games folder, its own. For a
        game to a clock, also the minutes left by the server's clock: its pages say the
        time left each minute, and that time is up once it is, with no change to the file
        (the clock's end is noted when a page of it is drawn, so no file is read here)."""
        from scorepad.service.reads import current_file, file_stamp, games_dir

        if self.config.game is not None or path == games_dir():
            stamp: object = file_stamp(path)
        else:
            night = file_stamp(self.event_path()) if self.config.event else None  # seated next
            stamp = (file_stamp(path), file_stamp(current_file()), night)
        end = self.clocks.get(path)
        return stamp if end is None else (stamp, _minutes_left(end))

    def event_path(self) -> Path:
        """The file of the club night served (looked up once)."""
        if self._event_path is None:
            from scorepad.service.events import find_event

            self._event_path = find_event(self.config.event)
        return self._event_path

    def draw_live(self, path: Path, role: str, language: str) -> dict[str, object]:
        """The live part of a game's page as its file holds it now, in `language` (run in
        a thread, once for all the pages of that role and language)."""
        from scorepad.service.reads import load_game

        with i18n.speaking(language):
            try:
                game = load_game(path)
            except ScorepadError as error:
                return {"error": sentence(error)}
            values = self.game_values(role, path, game)
            html = self.env.get_template("live.html").render(**values)
        view = values["view"]
        drawn: dict[str, object] = {
            "version": view.version, "entries": view.entries, "steps": view.steps, "html": html,
            "deal": f" · {view.deal}" if view.deal else "",  # the header's, outside the live part
            "clock": view.clock,  # the time left, which runs with no change to the game
        }  # fmt: skip
        if values["next_url"]:
            drawn["follow"] = values["next_url"]
        return drawn

    def game_page(
        self, role: str, path: Path, *, message: str = "", status: int = 200,
        form: Mapping[str, str] | None = None, note: str = "",
        ruling: Mapping[str, str] | None = None,
    ) -> Response:  # fmt: skip
        """A game's page; a plain one (no message, no form typed) drawn again only once
        the file has changed.

        The page is a function of the file, the role and the request's language alone
        (the config is the server's, fixed), and with every game served of the current
        game too (where a finished game's watchers are sent), and for a game to a clock of
        the moment (never kept): kept under `stamp` (inode,
        size, time; a save is a rename, so each save changes it), it is drawn once per
        change and language, whatever the number of rounds. `benchmarks/serve_load.py --parts
        cpu --baseline DIR` measures it: 0.86 ms of CPU a request at 20 rounds and 1.02 ms
        at 400, against 6.67 and 85.88 ms drawn every time (at 0d8a2f8; medians of 5 runs,
        load 7.7).
        """
        from scorepad.service.reads import load_game

        plain = not message and not note and status == 200 and form is None and ruling is None
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
        if ruling is not None:  # a ruling refused: its form open, with what was typed
            from scorepad.pages.forms import ruling_form

            values["view"] = dataclasses.replace(
                values["view"], ruling=ruling_form(game, dict(ruling))
            )
            values["director_open"] = True
        page = drawn_page(
            self.env, "game.html", status, message=message, note=note,
            here=values["addresses"].page, **values,
        )  # fmt: skip
        # A game to a clock says the time left: a function of the moment too, never kept.
        if plain and stamp is not None and game.clock is None:
            self.drawn[key] = (stamp, bytes(page.body))
        return page

    def show(self, role: str, request: Request) -> Response:
        path = self.game_path(request.path_params["name"])
        return self.game_page(role, path, note=self.notes.take(request))

    async def events(self, role: str, request: Request) -> Response:
        path = self.game_path(request.path_params["name"])
        return StreamingResponse(
            self.hub.events(path, role, i18n.language()),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    def round_page(
        self, role: str, request: Request, *, message: str = "", status: int = 200,
        form: Mapping[str, str] | None = None,
    ) -> Response:  # fmt: skip
        """A round explained, with (on the keep page) the forms that correct it."""
        from scorepad.engine.checks import check_round_number
        from scorepad.engine.game import standings
        from scorepad.pages.forms import bids_form, round_values, tricks_form
        from scorepad.pages.view import explained_round
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
        if role != "watch":
            if not form:
                values = round_values(game, number)
            # Its bids are judged by the standings before it: blind bids only where a side
            # trailed enough then.
            earlier = standings(dataclasses.replace(game, rounds=game.rounds[: number - 1]))
            forms.append(
                bids_form(game, number, round_.dealer, earlier, values=values, corrects=True)
            )
            if round_.played:
                forms.append(tricks_form(game, number, values=values, corrects=True))
        return drawn_page(
            self.env,
            "round.html",
            status,
            role=role,
            name=game.name,
            explained=explained_round(game, result, number),
            forms=forms,
            version=game_version(game),
            addresses=self.urls.game_addresses(role, path.stem),
            here=self.urls.round(role, path.stem, number),
            message=message,
            note=self.notes.take(request) if not message else "",
            rounds=len(game.rounds),
        )

    def ruling_page(self, role: str, request: Request) -> Response:
        """The question before a ruling: what it would record, with the scores after it,
        on a plain page, so that it asks without a script too.

        Its form carries the version of the game the ruling was judged on; a game
        changed since the director's form was drawn is said, and judged as it is now.
        What the rules refuse is said on the game's page, with the form as typed.
        """
        from urllib.parse import urlencode

        from scorepad.pages import actions
        from scorepad.pages.forms import RULING_FIELDS
        from scorepad.service.games import game_version
        from scorepad.service.reads import load_game
        from scorepad.words.rulingtext import ruling_words

        path = self.game_path(request.path_params["name"])
        asked = {
            key: value[:500]
            for key, value in request.query_params.items()
            if key in (*RULING_FIELDS, "version")
        }
        game = load_game(path)
        try:
            preview, current = actions.preview_ruling(game, asked)
        except (actions.FormError, GameFileError):
            raise
        except ScorepadError as error:
            return self.game_page(role, path, message=sentence(error), status=400, ruling=asked)
        message = ""
        if not current:
            message = _("The game was just changed on another device; here it is as it stands now.")
        fields = {**asked, "version": game_version(game)}
        return drawn_page(
            self.env,
            "ruling.html",
            role=role,
            name=game.name,
            said=ruling_words(preview.game, preview.standings, preview.number),
            fields=fields,
            addresses=self.urls.game_addresses(role, path.stem),
            here=self.urls.game(role, path.stem, "ruling") + "?" + urlencode(asked),
            message=message,
        )

    def undo_page(self, role: str, request: Request) -> Response:
        """The question before an undo: a plain page, so that it works without a script.

        It names the entry the game as shown would lose; the form it posts carries that
        version, so a game changed meanwhile takes nothing back.
        """
        from scorepad.pages.view import game_view
        from scorepad.service.reads import load_game

        path = self.game_path(request.path_params["name"])
        game = load_game(path)
        view = game_view(game)
        if not view.can_undo:
            said = _("Nothing to take back: no round is entered yet.")
            return self.game_page(role, path, message=said, status=409)
        if self.moving_on(role, game, view.finished)["closed"]:
            return self.game_page(role, path, message=_closed_words(), status=409)
        version = request.query_params.get("version", "")
        message = ""
        if version != view.version:
            message = _("The game was just changed on another device; here it is as it stands now.")
        return drawn_page(
            self.env,
            "undo.html",
            role=role,
            name=game.name,
            question=view.undo_question,
            version=view.version,
            addresses=self.urls.game_addresses(role, path.stem),
            here=self.urls.undo(role, path.stem, view.version),
            message=message,
        )


def _minutes_left(end: int) -> int:
    """The whole minutes left before `end` by the server's clock, counted up (0 once time
    is up): it changes as each minute of the clock runs out, and at the end."""
    from scorepad.service import clock as service_clock

    return max(0, -int((service_clock.now() - end) // 60))


def _closed_words() -> str:
    """Why a finished table game of a night moved on has no "Take back"."""
    return _(
        "The night has moved on to the next round: this game can be reopened only from"
        " the organizer's page."
    )


def _refilled(view: GameView, game: Game, form: Mapping[str, str]) -> GameView:
    """The page's entry form with what was typed in it, after a refusal."""
    from scorepad.engine.game import next_dealer, standings
    from scorepad.pages.forms import bids_form, tricks_form

    entry = view.form
    assert entry is not None  # only a page with an entry form is refilled
    typed = dict(form)
    if entry.kind == "bids":
        refilled = bids_form(game, entry.number, next_dealer(game), standings(game), values=typed)
    else:
        refilled = tricks_form(game, entry.number, values=typed)
    return dataclasses.replace(view, form=refilled)
