"""Rounds after the end of a game, at the CLI: tricks entered for a round that a
correction left after the end say that it does not count, and tricks for a finished game
say that it is over."""

from __future__ import annotations

from pathlib import Path

from test_cli_games import PLAYERS, ok, refused


def test_tricks_for_an_open_round_after_the_end_say_it_does_not_count(home: Path) -> None:
    ok("new", "t", "--players", PLAYERS, "--teams", "Us,Them", "--set", "target=200")
    ok("bid", "Ann=4", "Bob=2", "Cat=4", "Dan=3")
    ok("tricks", "Ann=4", "Bob=2", "Cat=4", "Dan=3")
    ok("bid", "Ann=6", "Bob=1", "Cat=6", "Dan=1")
    ok("tricks", "Ann=5", "Bob=1", "Cat=5", "Dan=2")
    ok("bid", "Ann=3", "Bob=3", "Cat=3", "Dan=4")
    # Round 2 was miscounted: Us reached 200 there. Round 3 is only bid, not played.
    assert ok("tricks", "--round", "2", "Ann=6", "Bob=0", "Cat=6", "Dan=1") == (
        "Round 2 corrected: Us +120 -> 200 (0 bags), Them -20 -> 30 (0 bags). "
        "Us won after round 2!\n"
    )
    assert "played after the game ended" not in ok("show")
    assert ok("tricks", "Ann=3", "Bob=3", "Cat=3", "Dan=4") == (
        "Round 3: Us +60 -> 260 (0 bags), Them +70 -> 100 (0 bags). Us won after round 2! "
        "Round 3 was played after the game ended (round 2) and does not count.\n"
    )
    assert "Round 3 was played after the game ended (round 2): not counted." in ok("show")


def test_tricks_for_a_finished_game_say_it_is_over(home: Path) -> None:
    ok("new", "t", "--players", PLAYERS, "--preset", "standard", "--set", "target=100")
    ok("bid", "Ann=6", "Bob=nil", "Cat=6", "Dan=1")
    ok("tricks", "Ann=6", "Bob=0", "Cat=6", "Dan=1")
    # The same words as a new round's bids get: what is over, and what can still be done.
    over = refused(home, "bid", "Ann=1", "Bob=1", "Cat=1", "Dan=1")
    assert over == (
        "the game is over (Ann & Cat won after round 1); no new round, but a round can still"
        " be corrected with --round N"
    )
    assert refused(home, "tricks", "Ann=1", "Bob=1", "Cat=1", "Dan=10") == over
