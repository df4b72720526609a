"""`scorepad play`, table mode, driven by scripted input as players would type it."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from conftest import assert_golden, scorepad_process
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.game import standings
from scorepad.files.store import load_game_file

runner = CliRunner()


def start(*args: str) -> Path:
    result = runner.invoke(app, ["new", "t", "--players", "Ann,Bob,Cat,Dan", *args])
    assert result.exit_code == 0, result.stderr
    return Path(os.environ["SCOREPAD_HOME"]) / "games" / "t.toml"


def play(*answers: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["play"], input="".join(f"{a}\n" for a in answers))
    return result.exit_code, result.stdout, result.stderr


def test_a_short_game_played_at_the_table_until_it_is_won(home: Path) -> None:
    path = start("--preset", "short")
    code, out, err = play(
        # Round 1, Ann deals: Bob, Cat, Dan and Ann bid; Cat's nil means per-player tricks.
        "4", "nil", "3", "5",
        "x", "9", "0", "4",  # a typo is asked again
        "",
        # Round 2, Bob deals. A bid out of range, then tricks that do not add up.
        "3", "3", "14", "3", "3",
        "7", "7",
        "7", "6",
        "u",  # the tricks were wrong: take them back and enter them again
        "8", "5",
        "",
        "u",  # at the next bid prompt: take back round 2's tricks once more
        "7", "6",
        "",
        # Round 3, Cat deals: Ann & Cat reach 250 and the game stops.
        "2", "5", "2", "5",
        "10", "3",
        "",  # the game is won: Enter finishes
    )  # fmt: skip
    assert code == 0
    assert err.splitlines() == [
        "  Ann: tricks 'x' are not allowed; give 0 to 13",
        "  Ann: bid 14 is out of range; bid 1 to 13, nil (or 0), blind nil (bnil)",
        "  the tricks add up to 14; a deal has 13",
    ]
    assert_golden("play_short.txt", out)
    result = standings(load_game_file(path))
    assert (result.scores, result.winner, result.ended_after) == ((315, -50), 0, 3)


def test_each_round_names_its_dealer_and_the_first_bidder(home: Path) -> None:
    start("--preset", "standard", "--dealer", "Cat")
    _, out, _ = play("3", "3", "3", "3", "6", "7", "", "q")
    assert "Round 1: Cat deals; Dan bids first." in out
    assert out.index("Dan bids:") < out.index("Ann bids:") < out.index("Bob bids:")
    assert out.index("Bob bids:") < out.index("Cat bids:")
    assert "Next deal: Dan." in out
    assert "Round 2: Dan deals; Ann bids first." in out


def test_q_stops_and_everything_entered_is_saved(home: Path) -> None:
    path = start()
    code, out, _ = play("3", "3", "3", "3", "q")
    assert code == 0
    assert out.endswith(
        "Stopped; the game is saved up to round 1's bids. Carry on with `scorepad play`.\n"
    )
    game = load_game_file(path)
    assert len(game.rounds) == 1 and not game.rounds[0].played
    # Play carries on where it stopped: the sheet, then the tricks of round 1.
    code, out, _ = play("6", "7", "", "q")
    assert code == 0
    assert out.startswith("t · standard · to 500\n")
    assert "Tricks of round 1 (a deal has 13):" in out
    assert load_game_file(path).rounds[0].played


def test_input_that_runs_out_stops_cleanly(home: Path) -> None:
    path = start()
    code, out, err = play("3", "3")
    assert code == 0 and err == ""
    assert "Traceback" not in out
    # Ctrl-D in the middle of a round: what is kept and what is not, as Ctrl-C says it.
    assert out.endswith(
        "Stopped; no round is saved yet. Not saved (the round was not whole): Bob's bid\n"
        "  (3), Cat's bid (3). Carry on with `scorepad play`.\n"
    )
    assert load_game_file(path).rounds == ()


def test_under_no_hell_only_the_last_bidder_is_asked_again(home: Path) -> None:
    path = start("--preset", "no-hell")
    # Ann deals and bids last: 4 + 4 + 4 + 1 = 13 is hell; only Ann bids again.
    _, out, err = play("4", "4", "4", "1", "2", "q")
    assert "Ann: no hell: the bids may not add up to 13" in err
    assert "Ann bids 1\nAnn bids again; the other bids stand.\nAnn bids: 2\n" in out.replace(
        ": 1\n", " 1\n"
    )
    assert "bid the round again" not in out
    game = load_game_file(path)
    assert [bid.tricks for side in game.rounds[0].sides for bid in side.bids] == [2, 4, 4, 4]


def test_blind_nil_is_allowed_only_when_the_rules_say(home: Path) -> None:
    start("--preset", "club")
    _, _, err = play("bnil", "3", "3", "3", "3", "q")
    assert err == "  Bob: blind nil needs the side to trail by 100 or more; it does not trail\n"


def test_partner_bidding_asks_each_team_once(home: Path) -> None:
    path = start("--set", "partner_bidding=true", "--teams", "Us,Them")
    _, out, err = play("6", "nil 1 2", "nil 4", "0", "6", "", "", "q")
    assert "Them: one team number, or Bob and Dan's bids.\nThem bid: " in out
    assert err == "  give one team number or 2 bids, not 3\n"
    game = load_game_file(path)
    assert [len(side.bids) for side in game.rounds[0].sides] == [2, 1]
    # Us has a nil bidder: each player's tricks; Them bid jointly: one team total.
    assert "Ann took: " in out and "Them took [7]: " in out


def finished_at_100() -> Path:
    """A game to 100 that Ann & Cat won in round 1 (6+6 made; Bob & Dan set)."""
    path = start("--set", "target=100")
    runner.invoke(app, ["bid", "1=6", "2=3", "3=6", "4=3"])
    runner.invoke(app, ["tricks", "1=6", "2=1", "3=6", "4=0"])
    return path


def test_a_finished_game_offers_undo_before_it_exits(home: Path) -> None:
    path = finished_at_100()
    # Opened finished: the sheet and the result, then u takes back the round's tricks,
    # they are typed again (Ann & Cat set, taking 6 of their 12), and the game carries on.
    code, out, err = play("what", "u", "6", "", "", "q")
    assert code == 0
    assert "Ann & Cat won after round 1" in out
    assert "The game is over. u takes back round 1's tricks; c N corrects round N.\n" in out
    assert err == "  'what' is not an answer here; press Enter, u, or c N (N from 1 to 1)\n"
    assert "Took back the tricks of round 1.\nTricks of round 1 (a deal has 13):\n" in out
    assert "Bob & Dan took [7]: \n" in out  # Enter takes the rest of the deal
    result = standings(load_game_file(path))
    assert (result.scores, result.finished) == ((-120, 61), False)


def test_a_mistyped_last_round_is_corrected_without_leaving(home: Path) -> None:
    path = start("--set", "target=100")
    code, out, _ = play(
        "3", "5", "3", "5",  # Bob, Cat, Dan, Ann bid: 10 made reaches 100 at once
        "10", "",
        "c 1",  # Dan really bid 4: round 1 again
        "3", "5", "4", "5",
        "10", "",
        "",
    )  # fmt: skip
    assert code == 0
    assert "Round 1 again (Ann dealt): its bids, then its tricks." in out
    assert "Round 1 corrected; later rounds are rescored." in out
    game = load_game_file(path)
    assert [bid.tricks for side in game.rounds[0].sides for bid in side.bids] == [5, 5, 3, 4]
    assert standings(game).scores == (100, -70)


def test_undo_takes_back_one_bid_at_a_time_then_the_saved_entries(home: Path) -> None:
    path = start()
    code, out, _ = play(
        "3", "4", "2", "4", "6", "", "",  # round 1, saved
        "5", "nil", "u",  # round 2: Cat and Dan bid, Dan's nil is taken back
        "u",  # then Cat's 5
        "u",  # nothing typed in round 2: round 1's tricks go
        "u",  # ... and then its bids
        "q",
    )  # fmt: skip
    assert code == 0
    said = [line for line in out.splitlines() if line.startswith("Took back")]
    assert said == [
        "Took back Dan's bid (nil).",
        "Took back Cat's bid (5).",
        "Took back the tricks of round 1.",
        "Took back Ann's bid (4).",  # at the tricks prompt: the last bid typed, not all four
    ]
    assert load_game_file(path).rounds == ()


def test_undo_while_typing_tricks_takes_back_the_last_number(home: Path) -> None:
    path = start()
    _, out, _ = play("3", "nil", "4", "4", "5", "u", "6", "0", "", "", "q")
    assert "Took back Ann's tricks (5).\nAnn took: 6\n" in out
    assert "Bob & Dan took [7]: \n" in out
    assert load_game_file(path).rounds[0].sides[0].tricks == (6, 0)


def test_leaving_mid_round_keeps_nothing_of_it_as_the_banner_says(home: Path) -> None:
    path = start()
    _, out, _ = play("3", "3", "q")
    assert "Bids are saved once the whole round is bid, tricks once all are in." in out
    assert load_game_file(path).rounds == ()


def test_blind_nil_spelled_out_and_hints_name_only_what_the_rules_allow(home: Path) -> None:
    path = start("--preset", "short", "--set", "blind_nil_deficit=0")
    _, out, err = play("blind nil", "bx", "3", "3", "3", "q")
    assert "Bids: 1 to 13, nil (or 0), blind nil (bnil).\n" in out
    assert err == "  Cat: 'bx' is not a bid; bid 1 to 13, nil (or 0), blind nil (bnil)\n"
    assert str(load_game_file(path).rounds[0].sides[1].bids[0]) == "bnil"


def test_press_enter_means_enter(home: Path) -> None:
    path = start()
    _, out, err = play("3", "3", "3", "3", "6", "", "4", "", "q")
    assert err == "  '4' is not an answer here; press Enter, or u or q\n"
    assert out.count("Press Enter for the next round") == 2
    assert len(load_game_file(path).rounds) == 1


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("--preset", "club"), id="club"),
        pytest.param(("--set", "blind_bids=true", "--set", "partner_bidding=true"), id="blind"),
    ],
)
def test_every_prompt_and_hint_fits_80_columns(home: Path, args: tuple[str, ...]) -> None:
    long = "Maximiliana-Theodora"
    runner.invoke(
        app,
        ["new", "t", "--players", f"{long},Bob,Cat,Dan", "--teams",
         f"{long} and Cat the Great,Bob and Dan", *args],
    )  # fmt: skip
    _, out, err = play("9", "x", "3", "4", "6", "4", "6", "", "u", "u", "u", "q")
    assert max(len(line) for line in (out + err).splitlines()) <= 80


def test_ctrl_c_stops_with_status_130_and_no_traceback(home: Path) -> None:
    path = start()
    process = scorepad_process("play", stdin=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("3\n")
    process.stdin.flush()
    seen = ""
    deadline = time.monotonic() + 20
    while "Cat bids:" not in seen and time.monotonic() < deadline:
        seen += process.stdout.read(1)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=20)
    assert process.returncode == 130
    assert "Traceback" not in err and "Traceback" not in out
    assert " ".join(out.split()).endswith(
        "Stopped; no round is saved yet. Not saved (the round was not whole): Bob's bid (3)."
        " Carry on with `scorepad play`."
    )
    assert load_game_file(path).rounds == ()


def test_playing_a_finished_game_shows_it_and_enter_finishes(home: Path) -> None:
    finished_at_100()
    code, out, _ = play("")
    assert code == 0
    assert "Ann & Cat won after round 1" in out
    assert out.endswith("Press Enter to finish: \n")


def test_u_at_the_first_tricks_prompt_takes_back_the_last_bid_only(home: Path) -> None:
    path = start()
    # Bob, Cat, Dan and Ann bid; at the tricks prompt u takes back Ann's 4 alone.
    _, out, _ = play("3", "nil", "2", "4", "u", "5", "q")
    assert (
        "Ann took: u\n\nRound 1: Ann deals; Bob bids first.\nTook back Ann's bid (4).\n"
        "Ann bids: 5\nTricks of round 1"
    ) in out
    game = load_game_file(path)
    assert [str(bid) for side in game.rounds[0].sides for bid in side.bids] == [
        "5", "nil", "3", "2",
    ]  # fmt: skip


def test_a_contract_over_13_at_the_table_is_kept_with_a_warning(home: Path) -> None:
    path = start()
    _, out, _ = play("7", "7", "7", "6", "q")
    assert "Warning: Ann & Cat's contract is 13" not in out
    assert (
        "Warning: Bob & Dan's contract is 14, more than the 13 tricks in a deal; kept as\n"
        "  entered. A typo?\n"
    ) in out
    assert len(load_game_file(path).rounds) == 1


def test_spaces_alone_are_an_empty_answer_and_the_question_comes_again(home: Path) -> None:
    path = start()
    # Bob types two spaces as his bid, and Ann & Cat spaces as their tricks.
    code, out, err = play("  ", "3", "3", "3", "3", "   ", "6", "", "q")
    assert (code, err) == (0, "")
    assert out.count("Bob bids: ") == 2 and out.count("Ann & Cat took: ") == 2
    assert [bid.tricks for side in load_game_file(path).rounds[0].sides for bid in side.bids] == [
        3, 3, 3, 3,
    ]  # fmt: skip


def test_correcting_a_round_that_does_not_exist_names_the_rounds(home: Path) -> None:
    path = finished_at_100()
    code, out, err = play("c 99", "")
    assert code == 0
    assert err == "  there is no round 99; round 1 is the only one\n"
    assert standings(load_game_file(path)).finished


def test_what_a_team_of_two_still_needs_is_said_in_the_plural(home: Path) -> None:
    start()
    runner.invoke(app, ["bid", "1=3", "2=3", "3=3", "4=3"])
    runner.invoke(app, ["tricks", "1=3", "2=4", "3=3", "4=3"])
    code, out, _ = play("q")
    assert code == 0
    assert "To reach 500: Ann & Cat need 440, Bob & Dan need 439." in out
