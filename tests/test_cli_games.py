"""The game commands end to end: new, games, use, bid, tricks, undo, show, explain.

Every refusal is checked the way a person at the table meets it: one line on stderr, a
non-zero exit, no traceback, and every saved file byte for byte as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.game import standings
from scorepad.errors import GameFileError
from scorepad.files.store import load_game_file

runner = CliRunner()
PLAYERS = "Ann,Bob,Cat,Dan"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert (code, err) == (0, ""), err
    return out


def snapshot(home: Path) -> dict[str, bytes]:
    """Every file under the scorepad home, by path, with its bytes (lock files aside)."""
    if not home.exists():
        return {}
    return {
        str(path.relative_to(home)): path.read_bytes()
        for path in sorted(home.rglob("*"))
        if path.is_file() and not path.name.endswith(".lock")
    }


def refused(home: Path, *args: str) -> str:
    """Run a command that must be refused; return its one-line message."""
    before = snapshot(home)
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("scorepad: "), result.stderr
    assert snapshot(home) == before
    return lines[0].removeprefix("scorepad: ")


@pytest.fixture
def friday(home: Path) -> Path:
    """A club game with one round played and the next round's bids in."""
    ok("new", "friday", "--players", PLAYERS, "--preset", "club")
    ok("bid", "Ann=4", "Bob=3", "Cat=4", "Dan=nil")
    ok("tricks", "Ann=5", "Bob=4", "Cat=4", "Dan=0")
    ok("bid", "Ann=5", "Bob=1", "Cat=6", "Dan=1")
    return home / "games" / "friday.toml"


# ---------------------------------------------------------------------------
# A whole game


def test_a_whole_club_game_kept_from_the_command_line(home: Path) -> None:
    out = ok("new", "friday", "--players", PLAYERS, "--preset", "club")
    assert out == "Started friday (club, to 500): Ann & Cat vs Bob & Dan. Ann deals first.\n"
    steps = [
        # A nil made.
        (("bid", "Ann=4", "Bob=3", "Cat=4", "Dan=nil"),
         "Round 1 (Ann deals): Ann & Cat bid 4+4, Bob & Dan bid 3+nil.\n"),
        (("tricks", "Ann=5", "Bob=4", "Cat=4", "Dan=0"),
         "Round 1: Ann & Cat +81 -> 81 (1 bag), Bob & Dan +131 -> 131 (1 bag). Next deal: Bob.\n"),
        # A set, with team totals; Ann & Cat now trail by 183.
        (("bid", "1=5", "2=1", "3=6", "4=1"),
         "Round 2 (Bob deals): Ann & Cat bid 5+6, Bob & Dan bid 1+1.\n"),
        (("tricks", "ann & cat=8", "BOB & DAN=5"),
         "Round 2: Ann & Cat -110 -> -29 (1 bag), Bob & Dan +23 -> 154 (4 bags). "
         "Next deal: Cat.\n"),
        # A blind nil, allowed in the club game only when 100 behind.
        (("bid", "Ann=bnil", "Bob=2", "Cat=5", "Dan=1"),
         "Round 3 (Cat deals): Ann & Cat bid bnil+5, Bob & Dan bid 2+1.\n"),
        (("tricks", "Ann=0", "Bob=5", "Cat=6", "Dan=2"),
         "Round 3: Ann & Cat +251 -> 222 (2 bags), Bob & Dan +34 -> 188 (8 bags). "
         "Next deal: Dan.\n"),
        # A bag penalty: Bob & Dan reach 12 bags.
        (("bid", "Ann=3", "Bob=2", "Cat=3", "Dan=1"),
         "Round 4 (Dan deals): Ann & Cat bid 3+3, Bob & Dan bid 2+1.\n"),
        (("tricks", "Ann & Cat=6", "Bob & Dan=7"),
         "Round 4: Ann & Cat +60 -> 282 (2 bags), Bob & Dan -66 -> 122 (2 bags). "
         "Next deal: Ann.\n"),
        (("bid", "Ann=4", "Bob=4", "Cat=2", "Dan=3"),
         "Round 5 (Ann deals): Ann & Cat bid 4+2, Bob & Dan bid 4+3.\n"),
        (("tricks", "Ann=4", "Bob=4", "Cat=2", "Dan=3"),
         "Round 5: Ann & Cat +60 -> 342 (2 bags), Bob & Dan +70 -> 192 (2 bags). "
         "Next deal: Bob.\n"),
        # A disputed round 4, corrected: round 5 is rescored.
        (("tricks", "--round", "4", "Ann & Cat=5", "Bob & Dan=8"),
         "Round 4 corrected: Ann & Cat -60 -> 162 (2 bags), Bob & Dan -65 -> 123 (3 bags). "
         "Later rounds rescored: Ann & Cat 222, Bob & Dan 193. Next deal: Bob.\n"),
        # Round 5's tricks were wrong too: take them back and enter them again.
        (("undo",), "Took back the tricks of round 5.\n"),
        (("tricks", "Ann=3", "Bob=4", "Cat=2", "Dan=4"),
         "Round 5: Ann & Cat -60 -> 102 (2 bags), Bob & Dan +71 -> 194 (4 bags). "
         "Next deal: Bob.\n"),
        (("bid", "Ann=2", "Bob=2", "Cat=2", "Dan=2"),
         "Round 6 (Bob deals): Ann & Cat bid 2+2, Bob & Dan bid 2+2.\n"),
        (("undo",), "Took back the bids of round 6.\n"),
        # Round 5's bids were written down wrong: Dan bid 4, not 3.
        (("bid", "--round", "5", "Ann=4", "Bob=4", "Cat=2", "Dan=4"),
         "Round 5 (bids corrected): Ann & Cat bid 4+2, Bob & Dan bid 4+4. "
         "Rescored: Ann & Cat 102, Bob & Dan 203.\n"),
    ]  # fmt: skip
    for args, expected in steps:
        assert ok(*args) == expected, args

    game = load_game_file(home / "games" / "friday.toml")
    result = standings(game)
    assert result.scores == (102, 203)
    assert result.bags == (2, 3)

    data = json.loads(ok("show", "--json"))
    assert data["status"] == "playing" and data["winner"] is None
    assert [(t["name"], t["players"], t["score"], t["bags"]) for t in data["teams"]] == [
        ("Ann & Cat", ["Ann", "Cat"], 102, 2),
        ("Bob & Dan", ["Bob", "Dan"], 203, 3),
    ]
    assert len(data["rounds"]) == len(result.rounds) == 5
    for shown, engine in zip(data["rounds"], result.rounds, strict=True):
        assert shown["number"] == engine.number
        assert shown["dealer"] == game.players[engine.round.dealer]
        assert engine.sides is not None
        for team, side in zip(shown["teams"], engine.sides, strict=True):
            assert (team["points"], team["score"], team["bags"]) == (
                side.points,
                side.score,
                side.bags,
            )
            assert [line["points"] for line in team["lines"]] == [
                line.points for line in side.lines
            ]
    kinds = {line["kind"] for r in data["rounds"] for t in r["teams"] for line in t["lines"]}
    assert {"nil", "set", "bag-penalty"} <= kinds
    assert data["rounds"][2]["teams"][0]["lines"][0] == {
        "label": "blind nil made (Ann)",
        "points": 200,
        "kind": "nil",
    }


def test_show_draws_the_sheet_with_what_each_side_needs(friday: Path) -> None:
    assert ok("show").splitlines() == [
        "friday · club · to 500, lost at -200",
        "  │        │ Ann & Cat               │ Bob & Dan                 ",
        "# │ dealer │ bid took pts score bags │ bid   took  pts score bags",
        "──┼────────┼─────────────────────────┼───────────────────────────",
        "1 │ Ann    │ 4+4 5+4  +81    81    1 │ 3+nil 4+0  +131   131    1",
        "2 │ Bob    │ 5+6                     │ 1+1                       ",
        "──┼────────┼─────────────────────────┼───────────────────────────",
        "  │ total  │                 81    1 │                   131    1",
        "Round 2 (dealt by Bob): bids are in, tricks to come.",  # no next deal before it
        "To reach 500: Ann & Cat need 419, Bob & Dan need 369.",
    ]


def test_explain_shows_the_last_played_round_line_by_line(friday: Path) -> None:
    out = ok("explain")
    assert out.splitlines()[:3] == [
        "Round 1, dealt by Ann",
        "",
        "Ann & Cat: Ann bid 4 took 5, Cat bid 4 took 4",
    ]
    assert "nil made (Dan)     +100\ncontract 3 made     +30\n" in out
    assert (
        ok("explain", "2").splitlines()[0]
        == "Round 2, dealt by Bob: bids are in, the tricks are not"
    )


def test_games_lists_every_game_and_marks_the_current_one(friday: Path, home: Path) -> None:
    ok("new", "sunday", "--players", "Eve,Fay,Gus,Hal", "--teams", "Us,Them", "--dealer", "gus")
    (home / "games" / "broken.toml").write_text("format = [\n")
    out = ok("games")
    assert out.splitlines()[0].split() == [
        "game,", "players", "preset", "rounds", "status", "scores", "changed",
    ]  # fmt: skip
    entries = {entry["name"]: entry for entry in json.loads(ok("games", "--json"))}
    assert entries["broken"]["damaged"].startswith("damaged or cut short: it ends inside a value")
    assert "damaged or cut" in out  # (wrapped in its column)
    friday_entry = entries["friday"]
    assert (friday_entry["preset"], friday_entry["rounds"], friday_entry["status"]) == (
        "club", 1, "playing",
    )  # fmt: skip
    assert [team["score"] for team in friday_entry["teams"]] == [81, 131]
    assert [name for name, entry in entries.items() if entry["current"]] == ["sunday"]
    assert ok("use", "FRIDAY") == "Now keeping friday.\n"
    assert "* friday " in ok("games")
    assert ok("bid", "-g", "sunday", "Gus=3", "Hal=3", "Eve=3", "Fay=3").startswith(
        "Round 1 (Gus deals): Us bid 3+3, Them bid 3+3."
    )


def test_a_game_file_anywhere_is_named_by_its_path(friday: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.toml"
    copy.write_bytes(friday.read_bytes())
    ok("tricks", "-g", str(copy), "Ann=5", "Bob=1", "Cat=6", "Dan=1")
    assert load_game_file(copy).rounds[1].played
    assert not load_game_file(friday).rounds[1].played


def test_solo_presets_take_3_5_or_6_players(home: Path) -> None:
    out = ok("new", "trio", "--players", "Ann,Bob,Cat", "--preset", "solo-3")
    assert out.startswith("Started trio (solo-3, to 500): Ann vs Bob vs Cat.")
    ok("bid", "Ann=5", "Bob=nil", "Cat=6")
    assert ok("tricks", "Ann=6", "Bob=0", "Cat=11").startswith("Round 1: Ann +51 -> 51")


def test_a_finished_game_refuses_a_new_round_but_is_corrected(home: Path) -> None:
    ok("new", "quick", "--players", PLAYERS, "--preset", "standard", "--set", "target=100")
    ok("bid", "Ann=6", "Bob=nil", "Cat=6", "Dan=1")
    out = ok("tricks", "Ann=6", "Bob=0", "Cat=6", "Dan=1")
    assert out.endswith("Ann & Cat won after round 1!\n")
    message = refused(home, "bid", "Ann=1", "Bob=1", "Cat=1", "Dan=1")
    assert message.startswith("the game is over (Ann & Cat won after round 1); no new round")
    ok("tricks", "--round", "1", "Ann=5", "Bob=1", "Cat=6", "Dan=1")
    assert json.loads(ok("show", "--json"))["status"] == "playing"
    assert "won" in ok("tricks", "--round", "1", "Ann=6", "Bob=0", "Cat=6", "Dan=1")
    assert "Ann & Cat won after round 1" in ok("show")


# ---------------------------------------------------------------------------
# Bad input and hostile input


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(("tricks", "Zed=5", "Bob=1", "Cat=6", "Dan=1"),
                     "unknown player 'Zed'; players are Ann, Bob, Cat, Dan (or seat 1 to 4, "
                     "or a team: Ann & Cat, Bob & Dan)", id="unknown-player"),
        pytest.param(("bid", "--round", "1", "Ann=4", "Zed=3", "Cat=4", "Dan=nil"),
                     "unknown player 'Zed'", id="bid-unknown-player"),
        pytest.param(("bid", "--round", "1", "Ann=4", "Bob=3"),
                     "no bid for Cat, Dan; give every player's bid (or the team's)",
                     id="bid-missing-players"),
        pytest.param(("bid", "--round", "1", "Ann=4", "Bob=3", "Cat=4", "dan=nil", "4=2"),
                     "Dan is given twice; give each player's bid once", id="bid-player-twice"),
        pytest.param(("bid", "--round", "1", "Ann=4", "Bob=3", "Cat=4", "Dan=nil", "Eve=1"),
                     "unknown player 'Eve'", id="bid-extra-player"),
        pytest.param(("tricks", "Ann=5", "Bob=1"), "no tricks for Cat, Dan; give every "
                     "player's tricks (or the team's)", id="missing-players"),
        pytest.param(("tricks", "Ann=5", "Bob=1", "Cat=6", "Dan=1", "1=5"),
                     "Ann is given twice; give each player's tricks once", id="player-twice"),
        pytest.param(("tricks", "Ann=5", "Bob=1", "Cat=6", "Dan=2"),
                     "the tricks add up to 14; a deal has 13", id="tricks-do-not-add-up"),
        pytest.param(("tricks", "Ann=15", "Bob=1", "Cat=6", "Dan=2"),
                     "Ann: tricks '15' are not allowed; give 0 to 13", id="tricks-range"),
        pytest.param(("bid", "Ann=1", "Bob=1", "Cat=1", "Dan=1"),
                     "round 2 already has its bids; enter its tricks (scorepad tricks "
                     "PLAYER=N ...) or take the bids back (scorepad undo)",
                     id="bids-while-bids-are-open"),
        pytest.param(("bid", "--round", "1", "Ann=14", "Bob=1", "Cat=1", "Dan=1"),
                     "Ann: bid 14 is out of range; bid 1 to 13, nil (or 0)", id="bid-out-of-range"),
        pytest.param(("bid", "--round", "1", "Ann=bnil", "Bob=1", "Cat=1", "Dan=1"),
                     "Ann: blind nil needs the side to trail by 100 or more; it does not "
                     "trail", id="blind-nil-not-behind"),
        pytest.param(("tricks", "--round", "3", "Ann=5", "Bob=1", "Cat=6", "Dan=1"),
                     "there is no round 3; rounds are 1 to 2", id="round-does-not-exist"),
        pytest.param(("bid", "--round", "0", "Ann=5"), "there is no round 0; rounds are 1 to 2",
                     id="round-zero"),
        pytest.param(("explain", "7"), "there is no round 7; rounds are 1 to 2",
                     id="explain-round"),
        pytest.param(("bid",), "round 2 already has its bids; enter its tricks (scorepad "
                     "tricks PLAYER=N ...) or take the bids back (scorepad undo)",
                     id="no-bids"),
        pytest.param(("tricks", "Ann:5"), "not PLAYER=TRICKS: 'Ann:5'; write it like Ann=4",
                     id="no-equals"),
        pytest.param(("show", "-g", "nope"), "no game named 'nope'; saved games: friday",
                     id="unknown-game"),
        pytest.param(("use", "fridya"), "no game named 'fridya' (did you mean 'friday'?); "
                     "saved games: friday", id="use-unknown"),
        pytest.param(("new", "Friday", "--players", PLAYERS),
                     "a game named 'friday' exists already; pick another name, or continue "
                     "it with `scorepad use friday`", id="game-name-exists"),
        pytest.param(("new", "x", "--players", PLAYERS, "--preset", "clubb"),
                     "unknown preset 'clubb' (did you mean 'club'?); known presets: ",
                     id="unknown-preset"),
        pytest.param(("new", "x", "--players", "Ann,Bob,ann,Dan"),
                     "player name 'ann' is given twice; names must differ", id="duplicate-names"),
        pytest.param(("new", "x", "--players", "Ann,,Cat,Dan"),
                     "player name is empty; give it at least one visible character",
                     id="empty-name"),
        pytest.param(("new", "x", "--players", "Ann,Bob,Cat,Dan", "--teams", "Us,us"),
                     "team name 'us' is given twice; names must differ", id="duplicate-teams"),
        pytest.param(("new", "x"), "no players given; name them in clockwise seat order, like "
                     "--players Ann,Bob,Cat,Dan", id="no-players"),
        pytest.param(("new", "x", "--players", "Ann,Bob,Cat"),
                     "3 players given; preset standard needs 4 (players in seat order);"
                     " presets for 3 players: solo-3", id="wrong-number-of-players"),
        pytest.param(("new", "x", "--players", "A,B,C,D,E,F,G"),
                     "7 players given; preset standard needs 4 (players in seat order);"
                     " no preset takes 7 players", id="no-preset-for-7"),
        pytest.param(("new", "x", "--players", "2,1,4,3"),
                     "player name '2' is a whole number, which is read as a seat number;"
                     " give a name with a letter in it", id="numeric-player"),
        pytest.param(("new", "x", "--players", PLAYERS, "--teams", "1,Them"),
                     "team name '1' is a whole number, which is read as a seat number;"
                     " give a name with a letter in it", id="numeric-team"),
        pytest.param(("new", "x", "--players", "Ann,Bob,Cat,Dan,Eve", "--preset", "solo-6"),
                     "5 players given; preset solo-6 needs 6 (players in seat order);"
                     " presets for 5 players: solo-5",
                     id="wrong-number-solo"),
        pytest.param(("new", "x", "--players", "Ann,B\x1b[31mob,Cat,Dan"),
                     "player name 'B\\x1b[31mob' has a control character; use printable text",
                     id="control-character"),
        pytest.param(("new", "a/b", "--players", PLAYERS), "game name 'a/b' cannot be a file "
                     "name: no /; avoid / \\ : * ? \" < > |", id="game-name-path"),
        pytest.param(("new", " ", "--players", PLAYERS),
                     "game name is empty; give it at least one visible character",
                     id="empty-game-name"),
        pytest.param(("new", "x", "--players", PLAYERS, "--dealer", "Zed"),
                     "unknown player 'Zed'; players are Ann, Bob, Cat, Dan (or seat 1 to 4)",
                     id="unknown-dealer"),
        pytest.param(("new", "x", "--players", PLAYERS, "--set", "target=-5"),
                     "--set target=-5: target = -5 is not allowed: a positive number of points",
                     id="bad-set"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_changes_no_file(
    friday: Path, home: Path, args: tuple[str, ...], message: str
) -> None:
    assert refused(home, *args).startswith(message)


def test_tricks_before_bids(friday: Path, home: Path) -> None:
    ok("undo")
    assert refused(home, "tricks", "Ann=5", "Bob=1", "Cat=6", "Dan=1") == (
        "round 2 has no bids yet; enter the bids first (scorepad bid PLAYER=BID ...), "
        "or correct a played round with --round N"
    )


def test_no_current_game(home: Path) -> None:
    assert refused(home, "show") == (
        "no current game; start one with `scorepad new NAME --players A,B,C,D`, "
        "pick one with `scorepad use NAME`, or give --game NAME"
    )
    assert refused(home, "undo").startswith("no current game")


def test_nothing_to_undo(home: Path) -> None:
    ok("new", "x", "--players", PLAYERS)
    assert refused(home, "undo") == "nothing to undo: no round is entered yet"
    assert refused(home, "explain") == "no round is entered yet; nothing to explain"


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        pytest.param(lambda t: t.replace("[rules]", "[rules"), "line {line}: not valid TOML: "
                     "Expected ']' at the end of a table declaration", id="syntax"),
        pytest.param(lambda t: t.replace("Dan = 0", "Dan = 3"), "line {line}: round 1: the "
                     "tricks add up to 16; a deal has 13", id="tricks"),
        pytest.param(lambda t: t[: len(t) // 3], "", id="truncated"),
        pytest.param(lambda t: "", "line", id="empty"),
    ],
)  # fmt: skip
def test_a_damaged_game_file_is_named_and_never_overwritten(
    friday: Path, home: Path, damage: object, message: str
) -> None:
    text = friday.read_text()
    damaged = damage(text)  # type: ignore[operator]
    friday.write_text(damaged)
    for args in (
        ("tricks", "Ann=5", "Bob=1", "Cat=6", "Dan=1"),
        ("undo",),
        ("bid", "--round", "1", "Ann=4", "Bob=3", "Cat=4", "Dan=nil"),
        ("show",),
        ("use", "friday"),
    ):
        error = refused(home, *args)
        assert error.startswith(f"{friday}"), error
    if "{line}" in message:
        changed = next(
            n
            for n, (a, b) in enumerate(zip(text.splitlines(), damaged.splitlines(), strict=True), 1)
            if a != b
        )
        assert error == f"{friday}, {message.format(line=changed)}"
    assert friday.read_text() == damaged


def test_names_are_printed_literally_never_as_markup(home: Path) -> None:
    ok("new", "[red]g", "--players", "[bold]Ann[/],Bob,Cat,Dan", "--teams", "[link=x]Us[/],Them")
    ok("bid", "1=3", "2=3", "3=3", "4=3")
    ok("tricks", "1=3", "2=3", "3=4", "4=3")
    out = ok("show")
    assert "[red]g · standard" in out
    assert "[link=x]Us[/] ([bold]Ann[/], Cat)" in out
    assert "1 │ [bold]Ann[/]" in out
    out = ok("games")
    assert "[red]g" in out and "[link=x]Us[/]" in out and "[bold]Ann[/]," in out


def test_every_game_command_has_help() -> None:
    for command in ("new", "games", "use", "bid", "tricks", "undo", "show", "explain", "play"):
        code, out, _ = run(command, "--help")
        assert code == 0 and "Usage" in out, command


def test_commands_load_the_engine_and_rich_only_when_they_run() -> None:
    """Start-up speed: importing the command line loads Typer and the command modules only."""
    import subprocess
    import sys

    code = (
        "import sys, scorepad.cli; print(' '.join(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('rich', 'tomllib', 'tomli_w') or m.startswith('scorepad.')"
        " and not m.startswith('scorepad.cli') and m != 'scorepad.errors')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parent.parent,
    )
    assert done.stdout.split() == []


# ---------------------------------------------------------------------------
# Issue 7, repro 3: a correction that ends the game earlier


def test_repro_3_a_correction_that_ends_the_game_earlier_leaves_the_later_rounds_out(
    home: Path,
) -> None:
    ok("new", "t", "--players", PLAYERS, "--teams", "Us,Them", "--set", "target=200")
    for bids, taken in [
        (("Ann=4", "Bob=2", "Cat=4", "Dan=3"), ("Ann=4", "Bob=2", "Cat=4", "Dan=3")),
        (("Ann=6", "Bob=1", "Cat=6", "Dan=1"), ("Ann=5", "Bob=1", "Cat=5", "Dan=2")),
        (("Ann=3", "Bob=3", "Cat=3", "Dan=4"), ("Ann=3", "Bob=3", "Cat=3", "Dan=4")),
        (("Ann=2", "Bob=4", "Cat=2", "Dan=5"), ("Ann=2", "Bob=4", "Cat=2", "Dan=5")),
    ]:
        ok("bid", *bids)
        out = ok("tricks", *taken)
    assert out.endswith("Them won after round 4!\n")

    # Round 2's tricks were wrong: Us made their 12 and reached 200 in round 2.
    assert ok("tricks", "--round", "2", "Ann=6", "Bob=0", "Cat=6", "Dan=1") == (
        "Round 2 corrected: Us +120 -> 200 (0 bags), Them -20 -> 30 (0 bags). "
        "Us won after round 2! Rounds 3 and 4 were played after the game ended (round 2) "
        "and no longer count.\n"
    )
    assert ok("show").splitlines() == [
        "t · standard · to 200",
        "  │        │ Us (Ann, Cat)            │ Them (Bob, Dan)           ",
        "# │ dealer │ bid took  pts score bags │ bid took pts score bags   ",
        "──┼────────┼──────────────────────────┼───────────────────────────",
        "1 │ Ann    │ 4+4 4+4   +80    80    0 │ 2+3 2+3  +50    50    0   ",
        "2 │ Bob    │ 6+6 6+6  +120   200    0 │ 1+1 0+1  -20    30    0   ",
        "  │        │                          │ ! contract 2 set (1 taken)",
        "──┼────────┼──────────────────────────┼───────────────────────────",
        "  │ total  │                 200    0 │                 30    0   ",
        "──┼────────┼──────────────────────────┼───────────────────────────",
        "3 │ Cat    │ 3+3 3+3   +60   260    0 │ 3+4 3+4  +70   100    0   ",
        "4 │ Dan    │ 2+2 2+2   +40   300    0 │ 4+5 4+5  +90   190    0   ",
        "Rounds 3-4 were played after the game ended (round 2): not counted.",
        "╔══════════════════════════════════════════════════════╗",
        "║ Us won after round 2 (reached 200): Us 200, Them 30. ║",
        "╚══════════════════════════════════════════════════════╝",
    ]
    data = json.loads(ok("show", "--json"))
    assert (data["winner"], data["ended_after"]) == ("Us", 2)
    assert [(t["score"], t["bags"], t["sets"]) for t in data["teams"]] == [(200, 0, 0), (30, 0, 1)]
    assert [(r["number"], r["after_end"]) for r in data["rounds"]] == [
        (1, False), (2, False), (3, True), (4, True),
    ]  # fmt: skip
    assert ok("explain", "3").splitlines()[-1] == (
        "This round was played after the game ended (round 2): it does not count."
    )
    csv_rows = ok("export", "--format", "csv").splitlines()
    assert [row.rsplit(",", 1)[1] for row in csv_rows] == ["after_end"] + ["false"] * 4 + [
        "true"
    ] * 4
    assert refused(home, "bid", "Ann=1", "Bob=1", "Cat=1", "Dan=1").startswith(
        "the game is over (Us won after round 2); no new round"
    )
    assert ok("tricks", "--round", "4", "Ann=2", "Bob=5", "Cat=2", "Dan=4").endswith(
        "Us won after round 2! Round 4 was played after the game ended (round 2) and "
        "does not count.\n"
    )
    ok("tricks", "--round", "4", "Ann=2", "Bob=4", "Cat=2", "Dan=5")
    # The table finds the first count was right after all: rounds 3 and 4 are back.
    assert ok("tricks", "--round", "2", "Ann=5", "Bob=1", "Cat=5", "Dan=2") == (
        "Round 2 corrected: Us -120 -> -40 (0 bags), Them +21 -> 71 (1 bag). "
        "Later rounds rescored: Us 60, Them 231. Them won after round 4! "
        "Rounds 3 and 4 count again.\n"
    )
    data = json.loads(ok("show", "--json"))
    assert (data["winner"], data["ended_after"]) == ("Them", 4)
    assert [r["after_end"] for r in data["rounds"]] == [False] * 4


# ---------------------------------------------------------------------------
# Issue 7: a damaged file is never read as a different game

READING_COMMANDS = (
    ("show",),
    ("show", "--json"),
    ("explain",),
    ("export", "--format", "csv"),
    ("use", "friday"),
    ("bid", "Ann=1", "Bob=1", "Cat=1", "Dan=1"),
    ("tricks", "Ann=5", "Bob=1", "Cat=6", "Dan=1"),
    ("tricks", "--round", "1", "Ann=5", "Bob=4", "Cat=4", "Dan=0"),
    ("undo",),
)


def damaged_everywhere(home: Path, path: Path) -> list[str]:
    """Every reading command refuses the file in one line naming it, and `games` lists it
    as damaged; returns the messages. The file is checked byte for byte by `refused`."""
    messages = []
    for args in READING_COMMANDS:
        message = refused(home, *args)
        assert message.startswith(str(path)), (args, message)
        messages.append(message)
    rows = [line for line in ok("games").splitlines() if path.stem in line]
    assert len(rows) == 1 and " damaged" in rows[0], rows
    return messages


def test_a_saved_game_cut_at_any_line_is_refused_never_read_as_a_shorter_game(
    friday: Path, home: Path
) -> None:
    ok("tricks", "Ann & Cat=11", "Bob & Dan=2")  # a round of team totals
    ok("bid", "Ann=3", "Bob=3", "Cat=3", "Dan=3")  # and an open round
    text = friday.read_text(encoding="utf-8")
    ends = [index + 1 for index, char in enumerate(text) if char == "\n"]
    assert len(ends) > 60  # the header, three rounds and every knob
    # One line a round: cuts between rounds, and after the last, are among those tried.
    assert text.count("\n    { dealer = ") == 3 and "\n]\n" in text
    for end in ends[:-1]:
        friday.write_text(text[:end], encoding="utf-8")
        with pytest.raises(GameFileError, match="damaged or cut short: ") as caught:
            load_game_file(friday)
        assert str(caught.value).startswith(str(friday))
    # A command refuses a file the store refuses the same way wherever the cut falls, so
    # the commands are run on one cut of each kind: before the rounds, between rounds (a
    # shorter game), inside the rules, and before the end.
    for next_line in ("rounds = [", '    { dealer = "Bob"', "[rules]", "target = ", "[end_of_"):
        cut = text.index("\n" + next_line) + 1
        assert cut in ends, next_line
        friday.write_text(text[:cut], encoding="utf-8")
        for message in damaged_everywhere(home, friday):
            assert "damaged or cut short: " in message, message
    friday.write_text(text, encoding="utf-8")
    assert ok("show").startswith("friday · club")


def _without_line(text: str, start: str) -> str:
    """The text without its first line that starts with `start`."""
    lines = text.splitlines(keepends=True)
    index = next(index for index, line in enumerate(lines) if line.startswith(start))
    return "".join(lines[:index] + lines[index + 1 :])


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        pytest.param(lambda t: t.replace("target = 500", "target = " + "5" * 5000),
                     "not a game file: a number with more than 4300 digits", id="huge-integer"),
        pytest.param(lambda t: t + "deep = " + "[" * 3000 + "]" * 3000 + "\n",
                     "not a game file: nested too deeply", id="deep-arrays"),
        pytest.param(lambda t: t.replace("round_count = 2", "round_count = 3"),
                     "damaged or cut short: round_count = 3, but the file holds 2 rounds",
                     id="round-count"),
        pytest.param(lambda t: t.replace("sets_to_lose = 0\n", ""),
                     "damaged: [rules] lacks sets_to_lose (a saved game writes every knob)",
                     id="knob-missing"),
        pytest.param(lambda t: _without_line(t, '    { dealer = "Ann"'),
                     "damaged or cut short: round_count = 2, but the file holds 1 round",
                     id="round-line-lost"),
        pytest.param(lambda t: t[: t.index("[rules]")],
                     "damaged or cut short: no [rules], [end_of_file]", id="rules-missing"),
        pytest.param(lambda t: t[: t.index("[end_of_file]")],
                     "damaged or cut short: no [end_of_file]", id="end-missing"),
        pytest.param(lambda t: t.replace("format = 2\n", ""), "damaged or cut short: there is no "
                     "format key", id="format-missing"),
    ],
)  # fmt: skip
def test_each_kind_of_damage_is_one_line_naming_the_file(
    friday: Path, home: Path, damage: object, message: str
) -> None:
    damaged = damage(friday.read_text(encoding="utf-8"))  # type: ignore[operator]
    friday.write_text(damaged, encoding="utf-8")
    for error in damaged_everywhere(home, friday):
        assert message in error, error
    assert friday.read_text(encoding="utf-8") == damaged


def test_a_hand_edited_round_still_loads(friday: Path) -> None:
    text = friday.read_text(encoding="utf-8")
    edited = text.replace("tricks = { Ann = 5, Bob = 4,", "tricks = { Ann = 6, Bob = 3,")
    assert edited != text
    friday.write_text(edited, encoding="utf-8")
    assert ok("show").splitlines()[4].startswith("1 │ Ann    │ 4+4 6+4")


def test_a_format_1_file_still_loads_and_is_saved_as_format_2(friday: Path) -> None:
    text = friday.read_text(encoding="utf-8")
    old = text.replace("format = 2", "format = 1").split("[end_of_file]")[0]
    old = old.replace("sets_to_lose = 0\n", "")  # format 1 took a left-out knob's default
    friday.write_text(old, encoding="utf-8")
    assert ok("show") == ok("show")  # read without a word
    ok("tricks", "Ann=5", "Bob=1", "Cat=6", "Dan=1")
    saved = friday.read_text(encoding="utf-8")
    assert "format = 2\n" in saved and saved.endswith("[end_of_file]\nround_count = 2\n")
    assert "sets_to_lose = 0\n" in saved


def test_a_save_removes_the_temporary_files_killed_saves_left_only_its_own(
    friday: Path, home: Path
) -> None:
    folder = friday.parent
    ok("new", "friday.x", "--players", PLAYERS)  # a name that starts like friday's
    ok("use", "friday")
    stale = [folder / ".friday.toml.k1ll3d_a.tmp", folder / ".friday.toml.zz9_0abc.tmp"]
    others = [
        folder / ".friday.x.toml.k1ll3d_b.tmp",  # another game's
        folder / ".friday.toml.notmkstemp.tmp",  # not a name a save gives
    ]
    for path in stale + others:
        path.write_text("format = 2\n", encoding="utf-8")
    ok("tricks", "Ann=5", "Bob=1", "Cat=6", "Dan=1")
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp")) == sorted(
        p.name for p in others
    )


def test_a_correction_names_later_bids_the_new_scores_did_not_allow(home: Path) -> None:
    ok("new", "w", "--players", PLAYERS, "--preset", "club")
    ok("bid", "Ann=6", "Bob=1", "Cat=6", "Dan=1")
    ok("tricks", "Ann=6", "Bob=0", "Cat=6", "Dan=1")  # Bob & Dan trail by 140
    ok("bid", "Ann=4", "Bob=bnil", "Cat=4", "Dan=4")  # so Bob may bid blind nil
    ok("tricks", "Ann=4", "Bob=0", "Cat=4", "Dan=5")
    warning = (
        "round 2: Bob's blind nil needed Bob & Dan to trail by 100 or more; "
        "before round 2 they led by 141"
    )
    # Round 1 was counted wrong: Ann & Cat were set, and Bob & Dan were ahead after all.
    assert ok("tricks", "--round", "1", "Ann=5", "Bob=2", "Cat=5", "Dan=1").splitlines() == [
        "Round 1 corrected: Ann & Cat -120 -> -120 (0 bags), Bob & Dan +21 -> 21 (1 bag). "
        "Later rounds rescored: Ann & Cat -40, Bob & Dan 262. Next deal: Cat.",
        f"Warning: R{warning[1:]}.",
    ]
    shown = [
        "! round 2: Bob's blind nil needed Bob & Dan to trail by 100 or more; before ",
        "round 2 they led by 141",
    ]
    assert ok("show").splitlines()[-4:-2] == shown
    assert ok("explain", "2").splitlines()[-2:] == shown
    data = json.loads(ok("show", "--json"))
    assert [r["warnings"] for r in data["rounds"]] == [[], [warning]]
    # Kept and scored as entered; a bid correction names it just the same.
    assert data["teams"][1]["score"] == 262
    out = ok("bid", "--round", "1", "Ann=6", "Bob=1", "Cat=5", "Dan=1").splitlines()
    assert out[1:] == [f"Warning: R{warning[1:].replace('141', '131')}."]


def test_one_round_that_stops_or_starts_counting_is_said_in_the_singular(home: Path) -> None:
    ok("new", "t", "--players", PLAYERS, "--teams", "Us,Them", "--set", "target=100")
    ok("bid", "Ann=4", "Bob=2", "Cat=4", "Dan=3")
    ok("tricks", "Ann=4", "Bob=2", "Cat=4", "Dan=3")
    ok("bid", "Ann=1", "Bob=3", "Cat=1", "Dan=3")
    assert ok("tricks", "Ann=1", "Bob=3", "Cat=1", "Dan=8").endswith("Them won after round 2!\n")
    ok("bid", "--round", "1", "Ann=6", "Bob=1", "Cat=6", "Dan=1")
    assert ok("tricks", "--round", "1", "Ann=6", "Bob=0", "Cat=6", "Dan=1").endswith(
        "Us won after round 1! Round 2 was played after the game ended (round 1) and no longer"
        " counts.\n"
    )
    assert ok("tricks", "--round", "1", "Ann=5", "Bob=1", "Cat=5", "Dan=2").endswith(
        " Round 2 counts again.\n"
    )
    assert refused(home, "tricks", "--round", "3", "Ann=5", "Bob=1", "Cat=5", "Dan=2") == (
        "there is no round 3; rounds are 1 to 2"
    )


def test_a_correction_while_a_round_waits_for_tricks_names_that_round(home: Path) -> None:
    ok("new", "t", "--players", PLAYERS)
    assert refused(home, "tricks", "--round", "1", "Ann=5") == (
        "there is no round 1; no round is entered yet"
    )
    ok("bid", "Ann=4", "Bob=2", "Cat=4", "Dan=3")
    ok("tricks", "Ann=4", "Bob=2", "Cat=4", "Dan=3")
    assert refused(home, "tricks", "--round", "2", "Ann=5") == (
        "there is no round 2; round 1 is the only one"
    )
    ok("bid", "Ann=3", "Bob=3", "Cat=3", "Dan=3")
    assert ok("tricks", "--round", "1", "Ann=5", "Bob=2", "Cat=4", "Dan=2").endswith(
        " Round 2 (Bob deals) waits for its tricks.\n"
    )


def test_a_contract_over_13_is_kept_with_a_warning(home: Path) -> None:
    ok("new", "t", "--players", PLAYERS)
    result = runner.invoke(app, ["bid", "Ann=13", "Bob=13", "Cat=13", "Dan=1"])
    assert result.exit_code == 0
    assert result.stdout == "Round 1 (Ann deals): Ann & Cat bid 13+13, Bob & Dan bid 13+1.\n"
    assert result.stderr == (
        "Warning: Ann & Cat's contract is 26, more than the 13 tricks in a deal; kept as"
        " entered. A typo?\n"
        "Warning: Bob & Dan's contract is 14, more than the 13 tricks in a deal; kept as"
        " entered. A typo?\n"
    )
    assert len(load_game_file(home / "games" / "t.toml").rounds) == 1
    result = runner.invoke(app, ["bid", "Ann=4", "Bob=3", "Cat=4", "Dan=2", "--round", "1"])
    assert (result.exit_code, result.stderr) == (0, "")
