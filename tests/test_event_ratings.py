"""Ratings on a club night: the rating column of `event show` and of the room's page, and
the chances of each table's two sides on the page before its game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.club.ratings import rate_games
from scorepad.files.library import game_path_for
from scorepad.files.store import load_game_file
from scorepad.serve.app import ServeConfig, create_app
from tests.test_serve_event import TOKENS, ok

runner = CliRunner()


@pytest.fixture
def club(home: Path) -> Path:
    ok("event", "new", "club", "--players", "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal", "--rounds", "3",
       "--deals", "1", "--seed", "4")  # fmt: skip
    return home


def play_first_table() -> None:
    """Seats 1 and 3 (Gus & Hal) bid 4+4 and take 9 of 13: they win the one deal."""
    ok("bid", "-g", "club-r1-t1", "1=4", "2=3", "3=4", "4=2")
    ok("tricks", "-g", "club-r1-t1", "1=5", "2=3", "3=4", "4=1")


def test_event_show_has_each_players_rating(club: Path) -> None:
    play_first_table()
    rated = rate_games([load_game_file(game_path_for("club-r1-t1"))])
    lines = ok("event", "show", "club").splitlines()
    assert lines[1].split() == ["rank", "player", "games", "wins", "margin", "points", "byes",
                                "rating"]  # fmt: skip
    shown = {line.split()[1]: line.split()[-1] for line in lines[2:10]}
    for name in ("Gus", "Hal", "Dee", "Bob"):
        rating = rated.rating_of([name])
        assert rating is not None and shown[name] == f"{rating:.1f}"
    assert shown["Ann"] == "-"  # her table has not finished


def test_the_room_shows_ratings_and_each_tables_chances_before_its_game(club: Path) -> None:
    client = TestClient(create_app(ServeConfig(None, TOKENS, event="club")),
                        base_url="http://127.0.0.1", follow_redirects=False)  # fmt: skip
    page = client.get(f"/room/{'r' * 22}/").text
    # Nobody rated yet: every table even.
    assert page.count('class="chances">chances 50% : 50%</') == 4
    play_first_table()
    page = client.get(f"/room/{'r' * 22}/").text
    assert "<th class=\"num\">rating</th>" in page
    # The table over has no chances left; round 2's first table, Gus & Ann vs Eve & Hal,
    # is as the ratings of the one game played say.
    rated = rate_games([load_game_file(game_path_for("club-r1-t1"))])
    first, second = rated.chances([("Gus", "Ann"), ("Eve", "Hal")])
    assert f"chances {first:.0%} : {second:.0%}" in page
    assert page.count('class="chances"') == 3


def test_ratings_and_stats_of_one_club_night_count_its_games_alone(club: Path) -> None:
    """A kitchen table's Gus loses a game of his own: the night's ratings and statistics
    know only the night's Gus, who won."""
    play_first_table()
    ok("new", "other", "--players", "Zoe,Gus,Xia,Wim", "--set", "target=100")
    ok("bid", "-g", "other", "1=5", "2=1", "3=5", "4=1")
    ok("tricks", "-g", "other", "1=6", "2=1", "3=5", "4=1")
    every = json.loads(ok("ratings", "--json"))["players"]
    assert {entry["player"] for entry in every} == {"Gus", "Hal", "Dee", "Bob", "Zoe", "Xia",
                                                    "Wim"}  # fmt: skip
    night = json.loads(ok("ratings", "--event", "CLUB", "--json"))["players"]
    alone = rate_games([load_game_file(game_path_for("club-r1-t1"))])
    assert {entry["player"] for entry in night} == {"Gus", "Hal", "Dee", "Bob"}
    gus = next(entry for entry in night if entry["player"] == "Gus")
    assert gus["rating"] == round(alone.rating_of(["Gus"]) or 0, 3)
    assert gus != next(entry for entry in every if entry["player"] == "Gus")
    stats = json.loads(ok("stats", "--event", "club", "--json"))
    assert (stats["games"], stats["finished"]) == (2, 1)  # round 1's two tables
    gus_stats = next(row for row in stats["players"] if row["name"] == "Gus")
    assert (gus_stats["games"], gus_stats["wins"]) == (1, 1)
    result = runner.invoke(app, ["ratings", "--event", "clubb"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "scorepad: no event named 'clubb' (did you mean 'club'?); events: club\n"
    )
