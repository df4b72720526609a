"""A club night through the CLI: 13 players, 4 rounds, every table played to its end, and
the standings checked against numbers worked out here from the games themselves."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from test_cli_games import ok, refused

THIRTEEN = "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy,Jon,Kim,Lou,Max"


def show(name: str = "club") -> dict:  # type: ignore[type-arg]
    return json.loads(ok("event", "show", name, "--json"))  # type: ignore[no-any-return]


def play_table(game: str, deal: int) -> None:
    """Two deals (the deal limit): the side of the 1st and 3rd seat takes 7 tricks in the
    first deal; in the second the winner depends on the table, so results vary."""
    seats = json.loads(ok("show", "-g", game, "--json"))["players"]
    names = [seat if isinstance(seat, str) else seat["name"] for seat in seats]
    a, b, c, d = names
    ok("bid", "-g", game, f"{a}=3", f"{b}=3", f"{c}=3", f"{d}=3")
    ok("tricks", "-g", game, f"{a}=4", f"{b}=3", f"{c}=3", f"{d}=3")
    ok("bid", "-g", game, f"{a}=3", f"{b}=3", f"{c}=3", f"{d}=3")
    if deal % 2:
        ok("tricks", "-g", game, f"{a}=3", f"{b}=6", f"{c}=2", f"{d}=2")
    else:
        ok("tricks", "-g", game, f"{a}=2", f"{b}=3", f"{c}=5", f"{d}=3")


def test_thirteen_players_four_rounds_standings_folded_from_the_games(home: Path) -> None:
    out = ok("event", "new", "club", "--players", THIRTEEN, "--rounds", "4", "--deals", "2",
             "--seed", "13")  # fmt: skip
    assert out.startswith("Started club (rotate, 13 players, 4 rounds, seed 13).")
    assert "[club-r1-t3]" in out and "bye: " in out
    played = 0
    for number in range(1, 5):
        data = show()
        assert data["round"] == number and data["rounds_planned"] == 4
        now = data["rounds"][number - 1]
        assert [t["game"] for t in now["tables"]] == [f"club-r{number}-t{t}" for t in (1, 2, 3)]
        assert len(now["byes"]) == 1
        assert "tables 1, 2, 3" in refused(home, "event", "seat", "club")
        for table in now["tables"]:
            play_table(table["game"], played)
            played += 1
        if number < 4:
            ok("event", "seat", "club")
    assert "all 4 rounds of club are played" in refused(home, "event", "seat", "club")
    data = show()
    # Worked out here: each game's final scores from `show --json`, summed per player.
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    byes: Counter[str] = Counter()
    for round_ in data["rounds"]:
        byes.update(round_["byes"])
        for table in round_["tables"]:
            game = json.loads(ok("show", "-g", table["game"], "--json"))
            teams = game["teams"]
            assert game["status"] != "playing"
            scores = [team["score"] for team in teams]
            for side, team in enumerate(teams):
                assert team["players"] == table["sides"][side]
                for name in team["players"]:
                    line = tally[name]
                    line[0] += 1
                    line[1] += scores[side] > scores[1 - side]
                    line[2] += scores[side] - scores[1 - side]
                    line[3] += scores[side]
    assert sorted(byes.values()) == [1, 1, 1, 1] and len(byes) == 4  # fair: four different
    rows = data["standings"]
    assert len(rows) == 13
    for row in rows:
        games, wins, margin, points = tally[row["player"]]
        assert (row["games"], row["wins"], row["margin"], row["points"], row["byes"]) == (
            games, wins, margin, points, byes[row["player"]]
        )
    keys = [(-r["wins"], -r["margin"], -r["points"]) for r in rows]
    assert keys == sorted(keys)
    for before, after in zip(rows, rows[1:], strict=False):
        same = (before["wins"], before["margin"], before["points"]) == (
            after["wins"], after["margin"], after["points"]
        )
        assert (after["rank"] == before["rank"]) == same
    assert data["problems"] == []
    # Nobody partnered anyone twice.
    partners = Counter(
        tuple(sorted(side)) for r in data["rounds"] for t in r["tables"] for side in t["sides"]
    )
    assert max(partners.values()) == 1
    for fmt in ("csv", "json", "md", "html"):
        assert ok("event", "export", "club", "--format", fmt)


@pytest.fixture
def club(home: Path) -> Path:
    ok("event", "new", "club", "--players", THIRTEEN, "--rounds", "3", "--seed", "1")
    return home


@pytest.mark.parametrize(
    ("args", "words"),
    [
        pytest.param(["event", "drop", "Zed", "club"], "'Zed' does not play in club", id="drop"),
        pytest.param(["event", "add", "ann", "club"], "Ann plays in club already", id="add-twice"),
        pytest.param(["event", "seat", "club"], "still being played at tables 1, 2, 3", id="seat"),
        pytest.param(["event", "show", "nope"], "no event named 'nope'", id="unknown-event"),
        pytest.param(
            ["event", "new", "x", "--players", "A,B,C,D,E,F,G", "--rounds", "2"],
            "an event needs 8 players or more",
            id="seven",
        ),
        pytest.param(
            ["event", "new", "x", "--players", "A,B,C,D,E,F,G,H", "--rounds", "2", "--preset",
             "solo-3"],
            "an event plays four to a table in two partnerships; solo-3 does not",
            id="solo-preset",
        ),
        pytest.param(
            ["event", "new", "x", "--players", "A,B,C,D,E,F,G,H", "--rounds", "9", "--format",
             "pairs", "--pairs", "A+B,C+D,E+F,G+H"],
            "4 pairs can play 3 rounds",
            id="too-many-rounds",
        ),
        pytest.param(
            ["event", "new", "x", "--players", "A,B,C,D,E,F,G,H", "--rounds", "2", "--format",
             "league"],
            "unknown format 'league'",
            id="format",
        ),
        pytest.param(["event", "export", "club", "--format", "pdf"], "unknown format 'pdf'",
                     id="export-format"),
        pytest.param(["event", "export", "club", "-o", "night.pdf"],
                     "-o night.pdf: .pdf is not a format of an event's export", id="export-suffix"),
        pytest.param(
            ["event", "new", "x", "--players", "A,B,C,D,E,F,G,H,I", "--rounds", "99999999999"],
            "9 players can play 9 rounds without a partner twice, not 99999999999; give"
            " --rounds 9 or fewer",
            id="rounds-rotate",
        ),
        pytest.param(
            ["event", "new", "x", "--players", ",".join(f"P{n}" for n in range(40)), "--rounds",
             "31"],
            "a rotating night plays 30 rounds at most, not 31; give --rounds 30 or fewer",
            id="rounds-most",
        ),
        pytest.param(
            ["event", "new", "x", "--players", "A,B,C,D,E,F,G," + "H" * 61, "--rounds", "2"],
            "player name 'HHHHHHHHHHHHHHHHHHHH…' is 61 characters long; 60 at most",
            id="long-name",
        ),
        pytest.param(["event", "add", "Z" * 61, "club"], "is 61 characters long; 60 at most",
                     id="add-long-name"),
        pytest.param(["new", "g", "--players", "A,B,C," + "D" * 61],
                     "is 61 characters long; 60 at most", id="game-long-name"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_changes_nothing(club: Path, args: list[str], words: str) -> None:
    assert words in refused(club, *args)


def test_a_table_game_deleted_renamed_or_damaged_by_hand_is_named(club: Path) -> None:
    ok("rename", "club-r1-t2", "other")
    assert "table 2 of round 1: game club-r1-t2 is gone" in refused(club, "event", "show", "club")
    ok("rename", "other", "club-r1-t2")
    path = club / "games" / "club-r1-t3.toml"
    path.write_text(path.read_text().replace("[end_of_file]", ""))
    assert "table 3 of round 1" in refused(club, "event", "show", "club")


def test_a_table_game_knows_its_event_round_and_table(club: Path) -> None:
    text = (club / "games" / "club-r1-t2.toml").read_text()
    assert '\n[event]\nname = "club"\nround = 1\ntable = 2\n' in text
    assert ok("show", "-g", "club-r1-t2").startswith(
        "club-r1-t2 · standard · to 500 · club, round 1, table 2\n"
    )
    path = club / "games" / "club-r1-t2.toml"
    path.write_text(text.replace("table = 2", "table = 3"))
    assert "table 2 of round 1: game club-r1-t2 was changed by hand" in refused(
        club, "event", "show", "club"
    )


def test_a_damaged_event_file_is_refused(club: Path) -> None:
    path = club / "events" / "club.toml"
    path.write_text(path.read_text().replace("round_count = 3", "round_count = 2"))
    assert "damaged event file" in refused(club, "event", "show", "club")


def test_add_and_drop_take_effect_from_the_next_round(club: Path) -> None:
    before = show()
    out = ok("event", "add", "Zoe", "club")
    assert out == "Added Zoe to club from round 2; the rounds to come are drawn again.\n"
    after = show()
    assert after["rounds"][0] == before["rounds"][0]  # round 1 as seated
    seated = {n for t in after["rounds"][1]["tables"] for s in t["sides"] for n in s}
    assert "Zoe" in seated | set(after["rounds"][1]["byes"])
    assert len(after["rounds"][1]["byes"]) == 2  # 14 players
    ok("event", "drop", "Ann", "club")
    later = show()
    assert all("Ann" not in s for r in later["rounds"][1:] for t in r["tables"] for s in t["sides"])


def test_pairs_round_robin_meets_every_pair(home: Path) -> None:
    ok("event", "new", "rr", "--players", "A,B,C,D,E,F,G,H,I,J", "--rounds", "5", "--format",
       "pairs", "--pairs", "A+B,C+D,E+F,G+H,I+J", "--seed", "2")  # fmt: skip
    data = show("rr")
    meetings = Counter(
        tuple(sorted((t["sides"][0][0], t["sides"][1][0])))
        for r in data["rounds"]
        for t in r["tables"]
    )
    assert len(meetings) == 10 and set(meetings.values()) == {1}
    assert data["standings"][0]["pair"] in (["A", "B"], ["C", "D"], ["E", "F"], ["G", "H"],
                                            ["I", "J"])  # fmt: skip
    assert ok("events") == "rr: pairs, 10 players, round 1 of 5\n"


def test_swiss_draws_each_round_from_the_standings_and_never_repeats(home: Path) -> None:
    ok("event", "new", "sw", "--players", "A,B,C,D,E,F,G,H,I,J", "--rounds", "3", "--format",
       "swiss", "--pairs", "A+B,C+D,E+F,G+H,I+J", "--deals", "2", "--seed", "5")  # fmt: skip
    assert "The next round is drawn once this one is over." in ok("event", "show", "sw")
    for number in range(1, 4):
        data = show("sw")
        assert len(data["rounds"]) == number  # drawn a round at a time
        for index, table in enumerate(data["rounds"][-1]["tables"]):
            play_table(table["game"], number + index)
        if number < 3:
            ok("event", "seat", "sw")
    data = show("sw")
    meetings = Counter(
        tuple(sorted((t["sides"][0][0], t["sides"][1][0])))
        for r in data["rounds"]
        for t in r["tables"]
    )
    assert set(meetings.values()) == {1}
    byes = Counter(name for r in data["rounds"] for name in r["byes"])
    assert sorted(byes.values()) == [1] * 6  # three pairs sat out once each
    rows = data["standings"]
    assert sorted(tuple(row["pair"]) for row in rows) == [
        ("A", "B"), ("C", "D"), ("E", "F"), ("G", "H"), ("I", "J")
    ]  # fmt: skip
    keys = [(-r["wins"], -r["margin"], -r["points"]) for r in rows]
    assert keys == sorted(keys) and sum(r["games"] for r in rows) == 2 * 2 * 3


@pytest.mark.parametrize(
    ("format_", "pairs", "german"),
    [
        ("rotate", (), "wechselnde Partner"),
        ("pairs", ("--pairs", "Ann+Bob,Cid+Dee,Eve+Fay,Gus+Hal"), "feste Paare"),
        ("swiss", ("--pairs", "Ann+Bob,Cid+Dee,Eve+Fay,Gus+Hal"), "Schweizer System"),
    ],
)
def test_the_format_is_said_in_the_reader_s_language_and_kept_by_name_in_json(
    home: Path, format_: str, pairs: tuple[str, ...], german: str
) -> None:
    players = "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal"
    out = ok("--lang", "de", "event", "new", "n", "--players", players, "--format", format_,
             *pairs, "--rounds", "3")  # fmt: skip
    assert out.startswith(f"Turnier n begonnen ({german}, 8 Spieler, 3 Durchgänge")
    assert ok("--lang", "de", "event", "show", "n").startswith(f"n · {german} · Durchgang 1")
    assert f": {german}, 8 Spieler" in ok("--lang", "de", "events")
    assert show("n")["format"] == format_


def test_a_name_of_60_characters_plays(home: Path) -> None:
    longest = "N" * 60
    ok("event", "new", "x", "--players", "A,B,C,D,E,F,G," + longest, "--rounds", "2")
    ok("event", "add", "O" * 60, "x")
    assert longest in show("x")["players"] and "O" * 60 in show("x")["players"]


def test_a_killed_event_save_leaves_temporaries_the_next_save_removes(club: Path) -> None:
    folder = club / "events"
    stale = [folder / ".club.toml.abcd1234.tmp", folder / ".club.toml.zz_9zz_9.tmp"]
    other = folder / ".club2.toml.abcd1234.tmp"  # another event's: never this one's to remove
    for path in (*stale, other):
        path.write_text("half")
    ok("event", "add", "Zoe", "club")
    assert [p.exists() for p in stale] == [False, False] and other.exists()


def play_round(number: int) -> None:
    for table in show()["rounds"][number - 1]["tables"]:
        play_table(table["game"], table["table"])


@pytest.fixture
def changed(home: Path) -> Path:
    """A night of 9 over 3 rounds, two deals a game: Nora joins and Ann leaves from round 2,
    round 1 played and round 2 seated."""
    ok("event", "new", "club", "--players", "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy", "--rounds",
       "3", "--deals", "2", "--seed", "5", "--set", "loss_limit=-200")  # fmt: skip
    ok("event", "add", "Nora", "club")
    ok("event", "drop", "Ann", "club")
    play_round(1)
    ok("event", "seat", "club")
    return home


def test_every_export_carries_the_date_the_rules_and_the_changes_of_the_field(
    changed: Path,
) -> None:
    import datetime

    day = datetime.date.today().isoformat()
    md = ok("event", "export", "club", "-f", "md")
    assert f"Date: {day}" in md
    rules = "Rules: standard with loss\\_limit=-200, target 500, lost at -200, at most 2 deals."
    assert rules in md
    assert "From round 2: Nora joined; Ann left." in md
    html = ok("event", "export", "club", "-f", "html")
    assert f"Date: {day}" in html and "at most 2 deals" in html and "Nora joined" in html
    data = json.loads(ok("event", "export", "club", "-f", "json"))
    assert data["date"] == day and "at most 2 deals" in data["rules"]
    assert data["field_changes"] == [{"round": 2, "joined": ["Nora"], "left": ["Ann"]}]
    rows = ok("event", "export", "club", "-f", "csv").splitlines()
    assert rows[1:5] == [
        f"date,,,,,,,,,,,{day},,,,,",
        "rules,,,,,,,,,,,standard loss_limit=-200 deal_limit=2,,,,,",
        "joined,2,,,,,,,,,,Nora,,,,,",
        "left,2,,,,,,,,,,Ann,,,,,",
    ]


def test_the_markdown_export_leaves_numbers_alone(changed: Path) -> None:
    md = ok("event", "export", "club", "-f", "md")
    assert "\\-" not in md and "\\." not in md
    assert any(row["margin"] < 0 for row in show()["standings"])
    assert "| -" in md  # a margin below zero, as it is


def test_export_writes_to_a_file_by_its_suffix(changed: Path, tmp_path: Path) -> None:
    from test_cli_games import run

    for suffix in ("csv", "json", "md", "html"):
        target = tmp_path / f"night.{suffix}"
        code, out, err = run("event", "export", "club", "-o", str(target))
        assert (code, out) == (0, "")
        assert err == f"Exported club as {suffix} to {target}\n"
        assert target.read_text(encoding="utf-8") == ok("event", "export", "club", "-f", suffix)
    assert "is a folder" in refused(changed, "event", "export", "club", "-o", str(tmp_path))
    event_file = changed / "events" / "club.toml"
    assert "is the event file itself" in refused(
        changed, "event", "export", "club", "-f", "md", "-o", str(event_file)
    )


def test_a_finished_table_is_beendet_in_german(changed: Path) -> None:
    from scorepad.i18n import set_language

    try:
        md = ok("--lang", "de", "event", "export", "club", "-f", "md")
    finally:
        set_language("en")
    assert "(beendet)" in md and "drüber" not in md


def test_a_short_game_says_which_deal_it_is_and_who_leads(home: Path) -> None:
    """Two deals to 500: nobody can reach the target, so the sheet says who leads by how
    much (not "needs 500"), and every face says which deal of the two is next."""
    ok("event", "new", "club", "--players", "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal", "--rounds", "2",
       "--deals", "2", "--seed", "1")  # fmt: skip
    game = show()["rounds"][0]["tables"][0]["game"]
    sheet = ok("show", "-g", game)
    assert sheet.splitlines()[0].endswith(" · deal 1 of 2")
    assert "are level at 0; the deal limit of 2 decides." in sheet and "need" not in sheet
    data = json.loads(ok("show", "-g", game, "--json"))
    assert (data["deal"], data["deals_left"]) == (1, 2)
    seats = data["players"]
    ok("bid", "-g", game, *(f"{name}=3" for name in seats))
    ok("tricks", "-g", game, f"{seats[0]}=4", f"{seats[1]}=3", f"{seats[2]}=3", f"{seats[3]}=3")
    sheet = ok("show", "-g", game)
    assert sheet.splitlines()[0].endswith(" · deal 2 of 2")
    assert f"{data['teams'][0]['name']} lead by 1; the deal limit of 2 decides." in sheet
    data = json.loads(ok("show", "-g", game, "--json"))
    assert (data["deal"], data["deals_left"]) == (2, 1)
    assert show()["rounds"][0]["tables"][0]["deals_left"] == 1
    assert "lead by 1; the deal limit of 2 decides." in ok("export", "-g", game, "-f", "md")


def test_a_game_whose_target_is_in_reach_still_says_what_each_side_needs(home: Path) -> None:
    ok("new", "long", "--players", "Ann,Bob,Cid,Dee", "--set", "deal_limit=5")
    sheet = ok("show")
    assert sheet.splitlines()[0].endswith(" · deal 1 of 5")
    assert "To reach 500: Ann & Cid need 500, Bob & Dee need 500." in sheet


def test_a_seating_is_taken_back_until_a_table_has_an_entry(changed: Path) -> None:
    seated = show()
    assert seated["round"] == 2
    assert ok("event", "unseat", "club") == (
        "Took back the seating of round 2 of club; round 1 is on.\n"
    )
    back = show()
    assert back["round"] == 1 and back["rounds"][1]["seated"] is False
    assert back["rounds"][1]["tables"] == [
        {**t, "game": None, "deals_left": None} for t in seated["rounds"][1]["tables"]
    ]  # the same seats, their games gone
    assert not (changed / "games" / "club-r2-t1.toml").exists()
    ok("event", "seat", "club")
    assert show()["rounds"][1] == seated["rounds"][1]
    game = seated["rounds"][1]["tables"][1]["game"]
    players = json.loads(ok("show", "-g", game, "--json"))["players"]
    ok("bid", "-g", game, *(f"{name}=3" for name in players))
    assert refused(changed, "event", "unseat", "club") == (
        "round 2 cannot be unseated: table 2 has an entry already"
    )


def test_a_first_round_has_no_seating_to_take_back(club: Path) -> None:
    assert "club has only its first round seated" in refused(club, "event", "unseat", "club")


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["undo"], id="undo"),
        pytest.param(["tricks", "--round", "2", "1=3", "2=4", "3=3", "4=3"], id="correction"),
    ],
)
def test_a_finished_table_is_not_reopened_once_the_night_moved_on(
    changed: Path, args: list[str]
) -> None:
    game = show()["rounds"][0]["tables"][0]["game"]
    before = show()["standings"]
    said = refused(changed, *args, "-g", game)
    assert said == (
        "table 1 of round 1 of club is over and round 2 is seated: reopening its game would"
        " change the standings the night went on from; give --force to reopen it all the same"
    )
    ok(*args, "-g", game, "--force")
    data = show()
    assert data["standings"] != before
    assert data["reopened"] == [{"round": 1, "table": 1, "later": 2}]
    note = "Table 1 of round 1 was reopened after round 2 was seated: the standings changed."
    assert note in ok("event", "show", "club")
    assert note in ok("event", "export", "club", "-f", "md")


def test_a_correction_that_keeps_the_game_over_needs_no_force(changed: Path) -> None:
    game = show()["rounds"][0]["tables"][0]["game"]
    players = json.loads(ok("show", "-g", game, "--json"))["players"]
    ok("bid", "-g", game, "--round", "1", *(f"{name}=2" for name in players))
    assert show()["reopened"] == []


def test_a_pair_that_leaves_a_pairs_night_keeps_its_games_as_a_pair(home: Path) -> None:
    """Found by the sweep's club nights: dropping a pair once rounds were played drew the
    rest of the night again from a history that no longer knew the pair (a KeyError), and
    the standings split the pair's games into two rows of one player each."""
    ok("event", "new", "club", "--players", "A,B,C,D,E,F,G,H,I,J", "--rounds", "4",
       "--format", "pairs", "--pairs", "A+B,C+D,E+F,G+H,I+J", "--deals", "2",
       "--seed", "3")  # fmt: skip
    play_round(1)
    ok("event", "seat", "club")
    first = show()["rounds"][0]
    played = next(side for table in first["tables"] for side in table["sides"])
    ok("event", "drop", played[0], "club")
    rows = {tuple(row.get("pair") or [row.get("player")]): row for row in show()["standings"]}
    assert rows[tuple(played)]["games"] == 1
    assert (played[0],) not in rows and (played[1],) not in rows
