"""`scorepad play`, table mode, driven by scripted input as players would type it."""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner

from scorepad.cli import app
from scorepad.game import standings
from scorepad.store import load_game_file

runner = CliRunner()
GOLDEN = Path(__file__).parent / "golden" / "play_short.txt"


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
        "never asked",
    )  # fmt: skip
    assert code == 0
    assert err.splitlines() == [
        "  Ann: tricks 'x' are not allowed; give 0 to 13",
        "  Ann: bid 14 is out of range; bid 0 to 13",
        "  the tricks add up to 14; a deal has 13",
    ]
    if os.environ.get("SCOREPAD_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(out, encoding="utf-8")
    assert out == GOLDEN.read_text(encoding="utf-8")
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
    assert out.endswith("Stopped; the game is saved. Carry on with `scorepad play`.\n")
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
    assert out.endswith("Stopped; the game is saved. Carry on with `scorepad play`.\n")
    assert load_game_file(path).rounds == ()


def test_bids_the_table_rules_refuse_are_asked_again(home: Path) -> None:
    path = start("--preset", "no-hell")
    # Ann deals and bids last: 4 + 4 + 4 + 1 = 13 is hell, so the round is bid again.
    _, out, err = play("4", "4", "4", "1", "4", "4", "4", "2", "q")
    assert "Ann: no hell: the bids may not add up to 13" in err
    assert "Those bids are not allowed; bid the round again." in out
    game = load_game_file(path)
    assert [bid.tricks for side in game.rounds[0].sides for bid in side.bids] == [2, 4, 4, 4]


def test_blind_nil_is_allowed_only_when_the_rules_say(home: Path) -> None:
    start("--preset", "club")
    _, _, err = play("bnil", "3", "3", "3", "3", "q")
    assert err == "  Bob: blind nil needs the side to trail by 100 or more; it does not trail\n"


def test_partner_bidding_asks_each_team_once(home: Path) -> None:
    path = start("--set", "partner_bidding=true", "--teams", "Us,Them")
    _, out, err = play("6", "nil 1 2", "nil 4", "7", "6", "", "q")
    assert "Them bid (one team number, or Bob and Dan's bids): " in out
    assert err == "  give one team number or 2 bids, not 3\n"
    game = load_game_file(path)
    assert [len(side.bids) for side in game.rounds[0].sides] == [2, 1]
    # Us has a nil bidder: each player's tricks; Them bid jointly: one team total.
    assert "Ann took: " in out and "Them took: " in out


def test_playing_a_finished_game_only_shows_it(home: Path) -> None:
    start("--set", "target=100")
    runner.invoke(app, ["bid", "1=6", "2=3", "3=6", "4=3"])
    runner.invoke(app, ["tricks", "1=6", "2=1", "3=6", "4=0"])
    code, out, _ = play("4")
    assert code == 0
    assert "Ann & Cat won after round 1" in out
    assert out.endswith("The game is over; a round can still be corrected with --round N.\n")
