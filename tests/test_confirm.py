"""The other side's OK (`confirm_entries`, docs/rules.md): a round's tricks wait, unscored,
until agreed; then they score as the reference scores them. Kept in the game file,
undone, refused, and through the CLI."""

from __future__ import annotations

import dataclasses
import json

import pytest
from conftest import preset_rules
from test_reference import named_table, read_round, reference_hands

from scorepad.engine.entry import agree_round, record_bids, record_tricks, undo_last
from scorepad.engine.game import Game, new_game, standings
from scorepad.errors import GameError, GameFileError
from scorepad.files.gamefile import game_from_toml
from scorepad.files.gamewrite import game_to_toml
from scorepad.reference import tally

BIDS = ["Ann=4", "Bob=3", "Cat=4", "Dan=3"]
TRICKS = ["Ann=4", "Bob=3", "Cat=4", "Dan=2"]  # Us 8 of 8: 80; Them 5 of 6: set, -60


def confirming(on: bool = True) -> Game:
    rules = dataclasses.replace(preset_rules("standard"), confirm_entries=on)
    return new_game("t", ["Ann", "Bob", "Cat", "Dan"], rules, preset="standard")


def test_tricks_wait_unscored_until_the_other_side_agrees() -> None:
    game = record_tricks(record_bids(confirming(), BIDS), TRICKS)
    assert game.rounds[0].waiting
    waiting = standings(game)
    assert waiting.rounds[0].sides is None and waiting.scores == (0, 0)
    with pytest.raises(GameError, match="waits for the other side's OK"):
        record_bids(game, BIDS)
    agreed = agree_round(game)
    table = named_table("standard", ())
    expected = tally.play_game(
        table.knobs, [[reference_hands(p) for p in read_round("4:4 4:4 | 3:3 3:2")]]
    )
    assert standings(agreed).scores == tuple(expected.totals) == (80, -60)
    with pytest.raises(GameError, match="no round waits"):
        agree_round(agreed)


def test_only_the_last_round_waits_and_off_nothing_waits() -> None:
    game = record_tricks(record_bids(confirming(), BIDS), TRICKS)
    game = record_tricks(record_bids(agree_round(game), BIDS), TRICKS)
    corrected = record_tricks(game, TRICKS[::-1], number=1)  # an earlier round: no wait
    assert [r.waiting for r in corrected.rounds] == [False, True]
    off = record_tricks(record_bids(confirming(False), BIDS), TRICKS)
    assert not off.rounds[0].waiting and standings(off).scores == (80, -60)


def test_a_waiting_round_is_saved_read_back_and_undone() -> None:
    game = record_tricks(record_bids(confirming(), BIDS), TRICKS)
    text = game_to_toml(game)
    assert "waiting = true }" in text
    assert game_from_toml(text, "t.toml") == game
    assert "waiting" not in game_to_toml(agree_round(game))
    undone = undo_last(game)
    assert not undone.rounds[0].played and not undone.rounds[0].waiting
    bad = text.replace("waiting = true", "waiting = false")
    with pytest.raises(GameFileError, match="waiting must be true"):
        game_from_toml(bad, "t.toml")


def test_confirm_through_the_cli(home: object) -> None:
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    runner = CliRunner()

    def run(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(app, list(args))
        return result.exit_code, result.stdout, result.stderr

    new = ("new", "t", "--players", "Ann,Bob,Cat,Dan", "--set", "confirm_entries=true")
    assert run(*new)[0] == 0
    assert run("bid", *BIDS)[0] == 0
    waits = "Round 1: tricks in, waiting for the other side's OK (scorepad confirm).\n"
    assert run("tricks", *TRICKS) == (0, waits, "")
    assert waits.strip() in run("show")[1]
    data = json.loads(run("show", "--json")[1])
    assert data["rounds"][0]["waiting"] is True and data["rounds"][0]["played"] is False
    code, out, err = run("bid", *BIDS)
    assert (code, out) == (2, "") and "scorepad confirm" in err and err.count("\n") == 1
    code, out, err = run("confirm")
    assert (code, err) == (0, "") and out.startswith("Round 1: Ann & Cat +80 -> 80")
    assert "waiting" not in json.loads(run("show", "--json")[1])["rounds"][0]
    code, out, err = run("confirm")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "no round waits" in err
