"""The list of games (served with `--all`): every saved game with its state, kept live,
and the keeper's form that starts a new one."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response, StreamingResponse

from scorepad import i18n
from scorepad.errors import GameFileError, ScorepadError
from scorepad.i18n import _
from scorepad.pages import actions
from scorepad.serve.drawing import drawn_page
from scorepad.serve.guard import NotFound, read_form, sentence

if TYPE_CHECKING:
    import jinja2

    from scorepad.serve.config import ServeConfig
    from scorepad.serve.live import Hub


class GamesPages:
    """The list of games and the new-game form, over the server's config."""

    def __init__(self, config: ServeConfig, env: jinja2.Environment, hub: Hub) -> None:
        self.config = config
        self.urls = config.urls
        self.env = env
        self.hub = hub

    def home(self, role: str, request: Request) -> Response:
        if self.config.game is not None:
            game_url = self.urls.game(role, self.config.game.stem)
            return RedirectResponse(game_url, status_code=303)
        return self.games_page(role)

    def games_page(
        self, role: str, *, message: str = "", status: int = 200,
        form: Mapping[str, str] | None = None,
    ) -> Response:  # fmt: skip
        from scorepad.service.reads import preset_names

        drawn = self.draw_games(role)
        return drawn_page(
            self.env,
            "games.html",
            status,
            role=role,
            games_list=Markup(drawn["html"]),  # noqa: S704  # drawn by the template engine
            games_version=drawn["version"],
            presets=preset_names(),
            new_url=self.urls.new_game(),
            here=self.urls.home(role),
            events=self.urls.games_events(role),
            message=message,
            form=form or {},
        )

    def draw_live(self, role: str, language: str) -> dict[str, object]:
        """The list of games as the files hold it now, in `language` (run in a thread)."""
        with i18n.speaking(language):
            return dict(self.draw_games(role))

    def draw_games(self, role: str) -> dict[str, str]:
        """The list of games as drawn, and its version (a fingerprint of the drawing)."""
        html = self.env.get_template("games_list.html").render(games=self.listed(role))
        return {"version": hashlib.sha256(html.encode()).hexdigest()[:16], "html": html}

    def listed(self, role: str) -> list[dict[str, str]]:
        """Every saved game for the list of games: its link, sides, state and last change."""
        from scorepad.pages.view import game_summary
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
                    "url": self.urls.game(role, path.stem),
                    "status": game_summary(game, summary.standings),
                    "sides": _(" vs ").join(game.sides),
                }
            )
        return listed

    async def events(self, role: str, request: Request) -> Response:
        from scorepad.service.reads import games_dir

        if self.config.game is not None:
            raise NotFound(_("this server serves one game"))
        return StreamingResponse(
            self.hub.events(games_dir(), role, i18n.language()),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
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
        return RedirectResponse(self.urls.game("keep", path.stem), status_code=303)
