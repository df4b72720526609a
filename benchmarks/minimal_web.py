"""The floor for a served page: the smallest Starlette app, served as `scorepad serve` serves.

`benchmarks/serve_load.py` pairs the watch page's requests per second against this app's,
run by run. It answers one small HTML page, on the same listening socket (`bind`) and the
same uvicorn set-up (`run`: the same protocol, deadlines and cap) as scorepad's pages, so
the ratio is what scorepad's own work costs. Prints `port N` once it listens.

    python benchmarks/minimal_web.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorepad.cli.serve import bind, run  # noqa: E402

PAGE = "<!doctype html><title>scores</title><p>Us 141, Them 71</p>\n"


class NoFeeds:
    """`run` ends the server's event streams on Ctrl-C; this app has none."""

    def close(self) -> None:
        pass


def page(request: Request) -> HTMLResponse:
    return HTMLResponse(PAGE)


def main() -> None:
    app = Starlette(routes=[Route("/", page)])
    app.state.hub = NoFeeds()
    listener = bind("127.0.0.1", 0)
    print(f"port {listener.getsockname()[1]}", flush=True)
    run(app, listener)


if __name__ == "__main__":
    main()
