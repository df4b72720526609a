"""A club night played through the served pages in a real browser, with JavaScript off:
13 players, 3 rounds, every table entered from its card's keep link, each round seated from
the organizer's page, and the room's standings checked against numbers worked out here
from the games themselves."""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import NEEDS_BROWSER, announcement, scorepad_process
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.game import standings
from scorepad.files.store import load_game_file

pytestmark = NEEDS_BROWSER
THIRTEEN = "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy,Jon,Kim,Lou,Max"


@pytest.fixture
def room(home: Path) -> Iterator[str]:
    """`scorepad serve --event club` on a free port; its root address."""
    result = CliRunner().invoke(app, ["event", "new", "club", "--players", THIRTEEN,
                                      "--rounds", "3", "--deals", "1", "--seed", "29"])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    process = scorepad_process(
        "serve", "--event", "club", "--port", "0",
        env={**os.environ, "PYTHONUNBUFFERED": "0", "SCOREPAD_LANG": "en"},
    )  # fmt: skip
    try:
        lines = announcement(process)
        found = re.findall(r"(http://[^/\s]+)/room/", "\n".join(lines))
        assert found, lines
        yield found[0]
    finally:
        process.kill()
        process.wait(10)


def test_a_whole_night_through_the_keep_links(browser: Any, room: str, home: Path) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    entered = 0
    for number in range(1, 4):
        for table in (1, 2, 3):
            page.goto(f"{room}/table/{table}/")  # the card's link, the same all night
            assert page.url.endswith(f"/table/{table}/g/club-r{number}-t{table}/")
            for seat in range(4):
                page.select_option(f"select[name=bid-{seat}]", "3")
            page.click("form.entry.bids button")
            # The first side takes 7 (and wins) or 5 (and is set), table by table.
            page.fill("input[name=team-0]", "7" if entered % 3 else "5")
            page.click("form.entry.tricks button")
            entered += 1
        page.goto(f"{room}/organizer/")
        if number < 3:
            page.click("form[action=seat]:not(.confirm) button")
            page.click("form.confirm button")  # it asks first
            assert "/organizer/" in page.url
    # Worked out here from the games' files.
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for number in range(1, 4):
        for table in (1, 2, 3):
            game = load_game_file(home / "games" / f"club-r{number}-t{table}.toml")
            result = standings(game)
            assert result.finished
            for side in (0, 1):
                mine, theirs = result.scores[side], result.scores[1 - side]
                for name in game.side_players(side):
                    tally[name][0] += 1
                    tally[name][1] += result.winner == side
                    tally[name][2] += mine - theirs
                    tally[name][3] += mine
    page.goto(f"{room}/room/")
    rows = page.locator("table.standings tbody tr").all_inner_texts()
    assert len(rows) == 13
    shown = {}
    for row in rows:
        rank, name, games, wins, margin, points, byes, rating = row.split("\t")
        shown[name] = [int(games), int(wins), int(margin), int(points)]
        # Everyone has played a finished game: a rating, to one decimal.
        assert re.fullmatch(r"-?\d+\.\d", rating), rating
        assert int(byes) == 3 - int(games)  # one bye each round, three different players
    assert shown == dict(tally)
    context.close()
