"""The served pages of a night to a clock say the time left, by the server's clock, and a
phone that comes back after time was called sees it (the clock injected, never waited on)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from test_cli_clock import FakeClock
from test_serve_event import TOKENS, ok

from scorepad.serve.app import ServeConfig, create_app


@pytest.fixture
def client(home: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[TestClient, FakeClock]:
    clock = FakeClock()
    monkeypatch.setattr("scorepad.service.clock.now", clock.now)
    ok("event", "new", "club", "--players", "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal", "--rounds", "3",
       "--minutes", "60", "--seed", "4")  # fmt: skip
    app = create_app(ServeConfig(None, TOKENS, event="club"))
    return TestClient(app, base_url="http://127.0.0.1", follow_redirects=False), clock


def test_the_room_and_the_table_pages_show_the_time_left_and_the_call(
    client: tuple[TestClient, FakeClock],
) -> None:
    web, clock = client
    room, keep = f"/room/{'r' * 22}/", f"/keep/{'k' * 22}/g/club-r1-t1/"
    watch = f"/watch/{'w' * 22}/g/club-r1-t1/"
    clock.at(15)
    assert '<p class="clock">Time left: 45:00.</p>' in web.get(room).text
    assert '<p class="clock">Time left: 45:00.</p>' in web.get(keep).text
    clock.at(61)  # nobody wrote since the clock ran out: a phone reconnecting sees it
    assert '<p class="clock">Time is up.</p>' in web.get(room).text
    said = '<p class="clock">Time is up: deal 1 is the last (a tie plays one more).</p>'
    assert said in web.get(keep).text
    assert said in web.get(watch).text
