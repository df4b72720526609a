"""The attacks of issue 27 tried in a real Chromium: none of them reaches the game.

A name of another site made to point at 127.0.0.1 (DNS rebinding, here by Chromium's own
host-resolver rules), a page of another origin framing the keep page, and that page's form
posted to the keep page's undo: the first gets the server's 421, the frame stays empty,
the form is refused, and the game file is as it was. Skipped, saying why, where Playwright
or Chromium is missing.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CHROMIUM, NEEDS_BROWSER, sync_playwright
from test_serve_cli import serving

from scorepad.engine.entry import record_bids
from scorepad.engine.game import new_game
from scorepad.files.presets import resolve_rules
from scorepad.files.store import save_game

pytestmark = NEEDS_BROWSER


@pytest.fixture
def game(home: Path) -> Path:
    name, rules = resolve_rules("standard")
    game = new_game("tue", ("Ann", "Bob", "Cat", "Dan"), rules, preset=name)
    path = home / "games" / "tue.toml"
    save_game(path, record_bids(game, ["Ann=4", "Bob=3", "Cat=2", "Dan=4"]))
    (home / "current").write_text("tue\n")
    return path


@pytest.fixture
def rebinding_browser() -> Iterator[Any]:
    """Chromium that takes rebind.example to be 127.0.0.1, as a rebinding DNS would say."""
    assert sync_playwright is not None
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--host-resolver-rules=MAP rebind.example 127.0.0.1"],
        )
        yield launched
        launched.close()


@pytest.fixture
def other_site(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    """A page of another origin (another port of 127.0.0.1): its folder and port."""
    folder = tmp_path / "site"
    folder.mkdir()

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    yield folder, site.server_address[1]
    site.shutdown()
    site.server_close()


def test_rebinding_framing_and_another_site_s_form_do_not_reach_the_game(
    rebinding_browser: Any, game: Path, other_site: tuple[Path, int]
) -> None:
    before = game.read_bytes()
    folder, site_port = other_site
    with serving() as server:
        port = server.keep.split(":")[2].split("/")[0]
        page = rebinding_browser.new_page()
        answer = page.goto(f"http://rebind.example:{port}/keep/g/tue/")
        assert answer is not None and answer.status == 421
        assert "does not answer to the name" in page.inner_text("body")

        undo = f"{server.keep}g/tue/undo"
        (folder / "frame.html").write_text(f'<iframe src="{server.keep}g/tue/"></iframe>')
        (folder / "form.html").write_text(
            f'<form method="post" action="{undo}"><input name="version" value="x"></form>'
            "<script>document.forms[0].submit()</script>"
        )
        page.goto(f"http://127.0.0.1:{site_port}/frame.html")
        page.wait_for_timeout(300)
        framed = page.frames[1]  # Chromium's own "refused to connect" stands in it
        assert framed.query_selector("form.undo") is None, "the keep page drew in a frame"
        assert "Round 1" not in framed.evaluate("document.body.innerText")

        with page.expect_response(undo) as posted:
            page.goto(f"http://127.0.0.1:{site_port}/form.html")
        assert posted.value.status == 403
        assert "is not taken" in page.inner_text("body")
    assert game.read_bytes() == before
