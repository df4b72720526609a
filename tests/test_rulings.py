"""Rulings (docs/rules.md, Rulings): books, points, set and forfeit, scored by the engine
and by the reference (written apart), each against numbers worked out by hand; made,
undone, refused and kept in the game file."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import preset_rules
from test_reference import engine_game, named_table, read_round, reference_hands

from scorepad.engine.entry import record_bids, record_tricks, rule_on, undo_last
from scorepad.engine.game import new_game, standings
from scorepad.engine.rulings import Ruling, RulingKind
from scorepad.errors import GameError
from scorepad.files.gamefile import game_from_toml
from scorepad.files.gamewrite import game_to_toml
from scorepad.reference import tally

BOOKS, POINTS = RulingKind.BOOKS, RulingKind.POINTS
SET, FORFEIT = RulingKind.SET, RulingKind.FORFEIT

# preset, overrides, rounds, each round's rulings (side, kind, number), the end, the
# scores after the last round that counts.
RULED = [
    # Us 4+4 take 8 (made 80), Them 3+3 take 5 (set -60); Them renege: 3 books to Us.
    # Them's 5 tricks: Bob 3 -> 0; Us 11 tricks: 80 + 3 overtricks.
    pytest.param("standard", (), ["4:4 4:4 | 3:3 3:2"], [[(1, "books", 3)]], None, (83, -60),
                 id="three-books-to-the-other-side"),
    # A renege turns Them's made 6 into a set: 6:6 -> 6:3 is -60; Us 4+3 take 1+6 = 7 -> 10.
    pytest.param("standard", (), ["4:1 3:3 | 3:3 3:3"], [[(1, "books", 3)]], None, (70, -60),
                 id="books-set-the-offenders-and-make-the-other-contract"),
    # Books never come off a nil: Them nil:1 and 4:2, books 3 take only the 2 of the 4.
    pytest.param("standard", (), ["4:5 4:5 | nil:1 4:2"], [[(1, "books", 3)]], None, (84, -139),
                 id="books-leave-a-nil-bidder-alone"),
    # Books given to a side with only nils go nowhere: Us double nil both made.
    pytest.param("standard", (), ["nil:0 nil:0 | 6:7 6:6"], [[(1, "books", 3)]], None,
                 (200, -120), id="books-to-a-double-nil-go-nowhere"),
    pytest.param("standard", (), ["4:4 4:4 | 3:3 3:2"], [[(0, "points", -30)]], None, (50, -60),
                 id="points-taken-not-bags"),
    pytest.param("standard", (), ["4:4 4:4 | 3:3 3:2"], [[(1, "points", 25)]], None, (80, -35),
                 id="points-given"),
    # Set: Us bid 8 took 8 -> scored as 7 taken: -80, no bags.
    pytest.param("standard", (), ["4:4 4:4 | 3:3 3:2"], [[(0, "set", 0)]], None, (-80, -60),
                 id="set-for-the-round"),
    pytest.param("quicksand", (), ["4:6 4:4 | 3:3 3:0"], [[(0, "set", 0)]], None, (-10, -30),
                 id="set-under-quicksand-is-one-trick-short"),
    # A set counts toward sets_in_a_row: set by the table in round 1, by a ruling in 2.
    pytest.param("standard", ("sets_in_a_row=2",), ["4:4 4:3 | 3:3 3:3", "4:4 4:4 | 3:3 2:2"],
                 [[], [(0, "set", 0)]], (1, 2, "sets-in-a-row"), (-160, 110),
                 id="a-ruled-set-counts-in-a-row"),
    pytest.param("standard", (), ["4:4 4:4 | 3:3 3:2", "4:4 4:4 | 3:3 3:2"],
                 [[], [(0, "forfeit", 0)]], (1, 2, "forfeit"), (160, -120),
                 id="forfeit-the-higher-score-loses"),
    # A bag penalty and a points ruling together: 9 bags + 3 -> -100 once; -30 more.
    pytest.param("standard", ("bag_limit=3",), ["4:4 4:4 | 3:3 3:2"],
                 [[(1, "books", 3), (0, "points", -30)]], None, (-47, -60),
                 id="books-bring-a-bag-penalty-points-on-top"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "overrides", "rounds", "rulings", "end", "scores"), RULED)
def test_rulings_as_the_reference_scores_them(
    preset: str,
    overrides: tuple[str, ...],
    rounds: list[str],
    rulings: list[list[tuple[int, str, int]]],
    end: tuple[int, int, str] | None,
    scores: tuple[int, ...],
) -> None:
    table = named_table(preset, overrides)
    played = [read_round(text) for text in rounds]
    expected = tally.play_game(
        table.knobs, [[reference_hands(play) for play in round_] for round_ in played], rulings
    )
    game = engine_game(table, played)
    ruled = tuple(
        round_._replace(rulings=tuple(Ruling(s, RulingKind(k), n, "why") for s, k, n in said))
        for round_, said in zip(game.rounds, rulings, strict=True)
    )
    result = standings(dataclasses.replace(game, rounds=ruled))
    assert (tuple(expected.totals), result.scores) == (scores, scores)
    wanted = (expected.winner, expected.ended_after, expected.reason) if expected.reason else None
    outcome = result.outcome
    ours = (outcome.winner, result.ended_after, outcome.reason.value) if outcome else None
    assert (wanted, ours) == (end, end)
    assert tuple(expected.bags) == result.bags


def played_game(*rounds: tuple[list[str], list[str]]):  # type: ignore[no-untyped-def]
    game = new_game("t", ["Ann", "Bob", "Cat", "Dan"], preset_rules("standard"), preset="standard")
    for bids, tricks in rounds:
        game = record_bids(game, bids)
        if tricks:
            game = record_tricks(game, tricks)
    return game


ROUND = (["Ann=4", "Bob=3", "Cat=4", "Dan=3"], ["Ann=4", "Bob=3", "Cat=4", "Dan=2"])


def test_a_ruling_is_saved_read_back_and_undone_first() -> None:
    game = played_game(ROUND)
    for ruling in (Ruling(1, BOOKS, 3, "renege, Bob"), Ruling(0, POINTS, -30, 'said "spades"'),
                   Ruling(0, SET, 0, "x"), Ruling(1, FORFEIT, 0, "second renege")):  # fmt: skip
        game = rule_on(game, ruling)
    text = game_to_toml(game)
    assert 'rulings = [{ side = "Bob & Dan", books = 3, reason = "renege, Bob" }' in text
    assert game_from_toml(text, "t.toml") == game
    assert standings(game).outcome is not None
    undone = undo_last(game)
    assert undone.rounds[0].rulings == game.rounds[0].rulings[:-1]
    assert standings(undone).outcome is None
    assert undo_last(undo_last(undo_last(undone))).rounds[0].rulings == ()
    assert undo_last(undo_last(undo_last(undo_last(undone)))).rounds[0].played is False


def test_a_forfeit_ends_a_round_in_play_and_tricks_are_then_refused() -> None:
    game = rule_on(played_game(ROUND, (ROUND[0], [])), Ruling(0, FORFEIT, 0, "walked out"))
    result = standings(game)
    assert result.outcome is not None and (result.winner, result.ended_after) == (1, 2)
    assert result.outcome.reason.value == "forfeit"


@pytest.mark.parametrize(
    ("ruling", "number", "message"),
    [
        pytest.param(Ruling(0, BOOKS, 14, "r"), None, "1 to 13 books", id="books-too-many"),
        pytest.param(Ruling(0, POINTS, 0, "r"), None, "not 0", id="points-zero"),
        pytest.param(Ruling(0, POINTS, 3, " "), None, "reason must say why", id="empty-reason"),
        pytest.param(Ruling(0, POINTS, 3, "a\nb"), None, "printable", id="reason-control"),
        pytest.param(Ruling(0, POINTS, 3, "r"), 2, "has no tricks yet", id="unplayed-round"),
        pytest.param(Ruling(0, POINTS, 3, "r"), 3, "round", id="no-such-round"),
    ],
)
def test_rulings_refused(ruling: Ruling, number: int | None, message: str) -> None:
    game = played_game(ROUND, (ROUND[0], []))
    with pytest.raises(GameError, match=message):
        rule_on(game, ruling, number=number)


def test_books_and_forfeit_need_two_sides() -> None:
    rules = preset_rules("solo-3")
    game = new_game("s", ["A", "B", "C"], rules, preset="solo-3")
    game = record_tricks(record_bids(game, ["A=5", "B=5", "C=5"]), ["A=5", "B=6", "C=6"])
    with pytest.raises(GameError, match="needs two sides"):
        rule_on(game, Ruling(0, BOOKS, 3, "r"))
    assert standings(rule_on(game, Ruling(0, POINTS, -20, "r"))).scores[0] == 30


def test_adjust_through_the_cli_shows_everywhere(home: object) -> None:
    """`scorepad adjust`: one line said; explain, the sheet and show --json show the
    ruling with its reason; undo takes it back; a bad ruling is one line, nothing saved."""
    import json

    from typer.testing import CliRunner

    from scorepad.cli.main import app

    runner = CliRunner()

    def run(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(app, list(args))
        return result.exit_code, result.stdout, result.stderr

    assert run("new", "t", "--players", "Ann,Bob,Cat,Dan")[0] == 0
    assert run("bid", *ROUND[0])[0] == 0
    assert run("tricks", *ROUND[1])[0] == 0
    code, out, err = run("adjust", "--side", "Bob", "--books", "3", "--reason", "renege")
    assert (code, err) == (0, "")
    assert out == (
        "Round 1: Bob & Dan: ruling: 3 books to the other side (renege)."
        " Scores: Ann & Cat 83, Bob & Dan -60.\n"
    )
    assert "ruling: 3 books to the other side (renege)" in run("explain")[1]
    assert "renege" in run("show")[1]
    data = json.loads(run("show", "--json")[1])
    assert data["rounds"][0]["rulings"] == [
        {"team": "Bob & Dan", "kind": "books", "number": 3, "reason": "renege"}
    ]
    code, out, err = run("adjust", "--side", "Bob", "--books", "30", "--reason", "renege")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "1 to 13 books" in err
    assert run("undo")[1] == "Took back the last ruling on round 1.\n"
    assert "rulings" not in json.loads(run("show", "--json")[1])["rounds"][0]


def test_a_forfeit_before_the_tricks_is_said_with_its_reason_everywhere(home: object) -> None:
    """A forfeit on a round whose tricks are not in: the line said, the sheet, and the csv
    (stable English) give the ruling with its reason, though the round has no score."""
    import csv
    import io

    from typer.testing import CliRunner

    from scorepad.cli.main import app

    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == 0, result.stderr
        return result.stdout

    run("new", "t", "--players", "Ann,Bob,Cat,Dan")
    run("bid", *ROUND[0])
    said = run("adjust", "--side", "Bob", "--forfeit", "--reason", "renege")
    assert said.startswith("Round 1: Bob & Dan: ruling: forfeits the game (renege).")
    assert "! ruling: forfeits the game (renege)" in run("show")
    rows = list(csv.DictReader(io.StringIO(run("export", "-f", "csv"))))
    assert [row["lines"] for row in rows] == ["", "ruling: forfeits the game (renege) 0"]
