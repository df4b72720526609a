"""`scorepad ratings` end to end: the table, JSON, --player, --predict and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.club.ratings import MODEL, rate_games
from tests.test_gameindex import save
from tests.test_ratings import won_by

runner = CliRunner()


@pytest.fixture
def library(home: Path) -> Path:
    save("b", ("Ann", "Bob", "Cat", "Dan"), 0, 1_000_000)
    save("a", ("Ann", "Cat", "Bob", "Dan"), 1, 2_000_000)
    save("c", ("Ann", "Dan", "Bob", "Cat"), 0, 3_000_000)
    save("d", ("Ann", "Bob", "Cat", "Dan"), 0, 4_000_000)
    return home


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["ratings", *args])
    return result.exit_code, result.stdout, result.stderr


TABLE = """\
4 finished games rated, in the order played; not rated: 0 unfinished, 0 of
individual play.
Model: openskill ThurstoneMostellerFull (mu=25, sigma=8.333, beta=14,
tau=0.08333, epsilon=0.1). Ranked by rating = mu - 3 sigma; provisional while
sigma is above 7.5.

player  rating    mu  sigma  games
Ann        5.6  29.2   7.86      4  provisional
Cat        4.5  28.1   7.86      4  provisional
Bob       -1.7  21.9   7.86      4  provisional
Dan       -2.7  20.8   7.86      4  provisional

No partnership has played 3 games together yet.
"""


def test_the_table(library: Path) -> None:
    code, out, err = run()
    assert (code, err) == (0, "")
    assert [line.rstrip() for line in out.splitlines()] == TABLE.splitlines()


def test_json_in_the_order_played(library: Path) -> None:
    code, out, err = run("--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["model"] == MODEL
    games = [
        won_by(("Ann", "Bob", "Cat", "Dan"), 0), won_by(("Ann", "Cat", "Bob", "Dan"), 1),
        won_by(("Ann", "Dan", "Bob", "Cat"), 0), won_by(("Ann", "Bob", "Cat", "Dan"), 0),
    ]  # fmt: skip
    assert data["players"] == [entry.as_json() for entry in rate_games(games).players()]
    assert list(data["players"][0]) == ["player", "mu", "sigma", "rating", "games", "provisional"]
    assert data["partnerships"] == []


def test_partnerships_of_three_games_together(library: Path) -> None:
    save("e", ("Ann", "Bob", "Cat", "Dan"), 0, 5_000_000)  # Ann & Cat's third game
    data = json.loads(run("--json")[1])
    assert [(pair["pair"], pair["games"]) for pair in data["partnerships"]] == [
        (["Ann", "Cat"], 3), (["Bob", "Dan"], 3),
    ]  # fmt: skip
    assert list(data["partnerships"][0]) == ["pair", "mu", "sigma", "rating", "games",
                                             "provisional"]  # fmt: skip
    assert "partners" in run()[1]


def test_one_player(library: Path) -> None:
    data = json.loads(run("--player", "CAT", "--json")[1])
    assert [entry["player"] for entry in data["players"]] == ["Cat"]


def test_predict(library: Path) -> None:
    code, out, err = run("--predict", "ann+cat vs Bob + Dan", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["sides"] == [["Ann", "Cat"], ["Bob", "Dan"]]
    assert data["chances"][0] > 0.5 and sum(data["chances"]) == pytest.approx(1.0)
    assert run("--predict", "Ann+Cat vs Bob+Dan")[1] == (
        "Ann + Cat: wins with a chance of 72%\nBob + Dan: wins with a chance of 28%\n"
    )


@pytest.mark.parametrize(
    ("sides", "message"),
    [
        ("Ann+Cat", "--predict 'Ann+Cat': give two sides, such as \"Ann+Bob vs Cat+Dan\""),
        ("Ann+ vs Bob+Dan", "--predict 'Ann+ vs Bob+Dan': give two sides, such as"
                            " \"Ann+Bob vs Cat+Dan\""),
        ("Ann+Cat vs Bob", "--predict 'Ann+Cat vs Bob': the two sides need as many players"
                           " each"),
        ("Ann+Cat vs Bob+ann", "--predict 'Ann+Cat vs Bob+ann': Ann, ann cannot sit on both"
                               " sides or twice"),
    ],
)  # fmt: skip
def test_bad_sides_are_one_line(library: Path, sides: str, message: str) -> None:
    assert run("--predict", sides) == (2, "", f"scorepad: {message}\n")


def test_predict_rates_a_player_with_no_games_as_new_and_says_so(library: Path) -> None:
    code, out, err = run("--predict", "Ann+Cat vs Bob+Nora")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[2] == "Nora has no rated game yet and is rated as a new player."
    data = json.loads(run("--predict", "Ann+Cat vs Bob+Nora", "--json")[1])
    assert data["sides"] == [["Ann", "Cat"], ["Bob", "Nora"]] and data["unrated"] == ["Nora"]
    # Nora counts as new: Bob's side is not the side of Bob and Dan.
    known = json.loads(run("--predict", "Ann+Cat vs Bob+Dan", "--json")[1])
    assert data["chances"][0] != known["chances"][0]


def test_an_unknown_player_is_one_line(library: Path) -> None:
    assert run("--player", "Zed") == (
        2, "", "scorepad: no player named 'Zed' in the rated games; players rated: Ann, Bob,"
        " Cat, Dan\n",
    )  # fmt: skip


def test_a_damaged_file_is_named_and_the_rest_rated(library: Path) -> None:
    (library / "games" / "broken.toml").write_text("this is = = not toml\n")
    code, out, err = run("--json")
    assert code == 0 and len(json.loads(out)["players"]) == 4
    assert err.startswith("scorepad: skipped a damaged game file: ")
    assert "broken.toml" in err and err.count("\n") == 1


def test_no_games(home: Path) -> None:
    code, out, err = run()
    assert (code, err) == (0, "")
    assert out.startswith("0 finished games rated")
    assert run("--predict", "A+B vs C+D")[1] == (
        "A + B: wins with a chance of 50%\nC + D: wins with a chance of 50%\n"
        "A, B, C, D have no rated game yet and are rated as new players.\n"
    )
