"""Misdeals (docs/rules.md, Misdeals): a void deal scores nothing and moves the deal as
`misdeal_redeal` (or `--redeal`) says; the engine's dealers held to the reference's own
reading of who deals, under both rules; saved, read back, undone, refused."""

from __future__ import annotations

import dataclasses
import json

import pytest
from conftest import preset_rules
from test_reference import named_table, read_round, reference_hands

from scorepad.engine.entry import call_misdeal, record_bids, record_tricks, undo_last
from scorepad.engine.game import Game, new_game, next_dealer, standings
from scorepad.errors import GameError, GameFileError
from scorepad.files.gamefile import game_from_toml
from scorepad.files.gamewrite import game_to_toml
from scorepad.reference import deals, tally

PLAYERS = {"standard": ["Ann", "Bob", "Cat", "Dan"], "solo-3": ["Ann", "Bob", "Cat"]}
BIDS = {"standard": ["Ann=4", "Bob=3", "Cat=4", "Dan=3"], "solo-3": ["Ann=5", "Bob=5", "Cat=5"]}
TRICKS = {"standard": ["Ann=4", "Bob=3", "Cat=4", "Dan=2"], "solo-3": ["Ann=5", "Bob=6", "Cat=6"]}


def play(preset: str, deals_: list[str], *, rule: str = "same", first: int = 0) -> Game:
    """A game of `deals_`: "played", or a misdeal called with --redeal "same" / "next"
    ("default": as the rules say)."""
    rules = dataclasses.replace(preset_rules(preset), misdeal_redeal=rule)
    game = new_game("t", PLAYERS[preset], rules, preset=preset, first_dealer=first)
    for deal in deals_:
        if deal == "played":
            game = record_tricks(record_bids(game, BIDS[preset]), TRICKS[preset])
        else:
            game = call_misdeal(game, None if deal == "default" else deal)  # type: ignore[arg-type]
    return game


def dealt(game: Game) -> list[int]:
    """Who dealt each deal, misdeals in their places, then who deals next."""
    seats: list[int] = []
    for number, round_ in enumerate(game.rounds, start=1):
        seats += [m.dealer for m in game.misdeals if m.before_round == number]
        seats.append(round_.dealer)
    seats += [m.dealer for m in game.misdeals if m.before_round > len(game.rounds)]
    return [*seats, next_dealer(game)]


# Seats: Ann 0, Bob 1, Cat 2, Dan 3. Each row: the deals, then who dealt each and next.
DEALS = [
    pytest.param("standard", "same", ["played", "same", "played"], 0, [0, 1, 1, 2],
                 id="same-dealer-deals-again"),
    pytest.param("standard", "same", ["played", "next", "played"], 0, [0, 1, 2, 3],
                 id="next-passes-the-deal-on"),
    pytest.param("standard", "same", ["same", "same", "played"], 3, [3, 3, 3, 0],
                 id="two-misdeals-by-one-dealer"),
    pytest.param("standard", "next", ["played", "default", "played"], 3, [3, 0, 1, 2],
                 id="the-rules-say-next-and-the-seats-wrap"),
    pytest.param("standard", "same", ["played", "default", "next", "played"], 0,
                 [0, 1, 1, 2, 3], id="the-rules-say-same-then-next-given"),
    pytest.param("solo-3", "next", ["played", "played", "next", "played"], 1, [1, 2, 0, 1, 2],
                 id="three-players"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "rule", "deals_", "first", "seats"), DEALS)
def test_who_deals_after_a_misdeal(
    preset: str, rule: str, deals_: list[str], first: int, seats: list[int]
) -> None:
    game = play(preset, deals_, rule=rule, first=first)
    told = [rule if deal == "default" else deal for deal in deals_]
    assert dealt(game) == seats
    assert deals.who_deals(len(PLAYERS[preset]), first, told) == seats
    assert standings(game).scores == standings(dataclasses.replace(game, misdeals=())).scores


def test_a_misdeal_neither_adds_to_nor_breaks_a_run_of_sets() -> None:
    """sets_in_a_row = 2: set, misdeal, set loses; the reference, given the played deals
    alone, agrees."""
    table = named_table("standard", ("sets_in_a_row=2",))
    played = [read_round(text) for text in ("4:4 4:3 | 3:3 3:3", "4:4 4:3 | 3:3 3:3")]
    expected = tally.play_game(
        table.knobs, [[reference_hands(p) for p in round_] for round_ in played]
    )
    rules = dataclasses.replace(preset_rules("standard"), sets_in_a_row=2)
    game = new_game("t", PLAYERS["standard"], rules, preset="standard")
    bids, took = ["Ann=4", "Bob=3", "Cat=4", "Dan=3"], ["Ann=4", "Bob=3", "Cat=3", "Dan=3"]
    game = record_tricks(record_bids(game, bids), took)
    game = call_misdeal(game, "same")
    game = record_tricks(record_bids(game, bids), took)
    result = standings(game)
    assert result.outcome is not None and result.outcome.reason.value == "sets-in-a-row"
    assert (expected.winner, expected.ended_after, expected.reason) == (1, 2, "sets-in-a-row")
    assert (result.winner, result.ended_after) == (1, 2)
    assert tuple(expected.totals) == result.scores


def test_a_misdeal_is_saved_read_back_and_undone_first() -> None:
    game = play("standard", ["played", "same", "next"])
    text = game_to_toml(game)
    assert 'misdeals = [\n    { before_round = 2, dealer = "Bob", redeal = "same" },' in text
    assert game_from_toml(text, "t.toml") == game
    once = undo_last(game)
    assert once.misdeals == game.misdeals[:1] and next_dealer(once) == 1
    twice = undo_last(once)
    assert twice.misdeals == () and twice.rounds == game.rounds
    assert undo_last(twice).rounds[0].played is False


def test_a_misdeal_is_refused_while_bids_are_in_and_once_the_game_is_over() -> None:
    game = record_bids(play("standard", ["played"]), BIDS["standard"])
    with pytest.raises(GameError, match="round 2 has its bids: .*scorepad undo"):
        call_misdeal(game)
    over = dataclasses.replace(preset_rules("standard"), target=50)
    ended = record_tricks(
        record_bids(new_game("t", PLAYERS["standard"], over, preset="standard"), BIDS["standard"]),
        TRICKS["standard"],
    )
    with pytest.raises(GameError, match="the game is over"):
        call_misdeal(ended)


@pytest.mark.parametrize(
    "line",
    [
        pytest.param('misdeals = [{ before_round = 3, dealer = "Bob", redeal = "same" }]',
                     id="after-the-next-round"),
        pytest.param('misdeals = [{ before_round = 1, dealer = "Zed", redeal = "same" }]',
                     id="not-a-player"),
        pytest.param('misdeals = [{ before_round = 1, dealer = "Bob", redeal = "left" }]',
                     id="bad-redeal"),
        pytest.param('misdeals = [{ before_round = 1, dealer = "Bob" }]', id="no-redeal"),
        pytest.param('misdeals = "Bob"', id="not-a-list"),
    ],
)  # fmt: skip
def test_bad_misdeals_in_a_file_are_refused(line: str) -> None:
    text = game_to_toml(play("standard", ["played"]))
    text = text.replace("\n[rules]", f"{line}\n\n[rules]")
    with pytest.raises(GameFileError, match="misdeals must be a list"):
        game_from_toml(text, "t.toml")


def test_misdeal_through_the_cli(home: object) -> None:
    """`scorepad misdeal`: one line said, on the sheet and in show --json; the default
    from the rules; undo takes it back; a bad --redeal is one line, nothing saved."""
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    runner = CliRunner()

    def run(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(app, list(args))
        return result.exit_code, result.stdout, result.stderr

    new = ("new", "t", "--players", "Ann,Bob,Cat,Dan", "--set", "misdeal_redeal=next")
    assert run(*new)[0] == 0
    assert run("misdeal") == (0, "Misdeal before round 1: Ann dealt; Bob deals.\n", "")
    assert run("misdeal", "--redeal", "same") == (
        0, "Misdeal before round 1: Bob dealt; Bob deals again.\n", ""
    )  # fmt: skip
    assert "Misdeal before round 1: Bob dealt; Bob deals again." in run("show")[1]
    data = json.loads(run("show", "--json")[1])
    assert data["next_dealer"] == "Bob"
    assert data["misdeals"] == [
        {"before_round": 1, "dealer": "Ann", "redeal": "next"},
        {"before_round": 1, "dealer": "Bob", "redeal": "same"},
    ]
    code, out, err = run("misdeal", "--redeal", "left")
    assert (code, out) == (2, "") and "left" in err
    assert run("undo")[1] == "Took back the misdeal before round 1.\n"
    assert len(json.loads(run("show", "--json")[1])["misdeals"]) == 1
    assert run("bid", *BIDS["standard"])[0] == 0
    code, out, err = run("misdeal")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "scorepad undo" in err
