"""The game file: the TOML round trip, either parser, damaged files named by line."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest
from conftest import preset_rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.engine.bids import BLIND_NIL, NIL, Bid, number
from scorepad.engine.clock import Clock
from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import Game, Round, SideEntry, new_game, standings
from scorepad.engine.ruledata import rules_from_mapping, rules_to_mapping
from scorepad.errors import GameFileError, RulesError
from scorepad.files import tomltext
from scorepad.files.gamefile import KNOBS_SINCE_FORMAT, game_from_toml
from scorepad.files.gamewrite import game_to_toml
from scorepad.files.store import load_game_file

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def club_game() -> Game:
    game = new_game("Friday", PLAYERS, preset_rules("club"), preset="club", first_dealer=1)
    game = record_bids(game, ["Ann=4", "Bob=nil", "Cat=3", "Dan=5"])
    game = record_tricks(game, ["Ann=5", "Bob=0", "Cat=4", "Dan=4"])
    game = record_bids(game, ["Ann=3", "Bob=3", "Cat=3", "Dan=2"])
    game = record_tricks(game, ["Ann & Cat=8", "Bob & Dan=5"])
    return record_bids(game, ["Ann=4", "Bob=3", "Cat=3", "Dan=2"])


# ---------------------------------------------------------------------------
# The round trip


def test_a_game_file_reads_back_to_the_same_game() -> None:
    game = club_game()
    text = game_to_toml(game)
    assert game_from_toml(text, "friday.toml") == game
    data = tomllib.loads(text)
    assert all(set(raw) <= {"dealer", "bids", "tricks"} for raw in data["rounds"])
    assert list(data) == ["format", "name", "preset", "players", "teams", "first_dealer",
                          "rounds", "rules", "end_of_file"]  # fmt: skip
    assert text.endswith("\n[end_of_file]\nround_count = 3\n")


def test_the_file_keys_rounds_by_player_in_seat_order_and_by_team_for_a_total() -> None:
    text = game_to_toml(club_game())
    assert (
        'first_dealer = "Bob"\n\nrounds = [\n'
        '    { dealer = "Bob", bids = { Ann = 4, Bob = "nil", Cat = 3, Dan = 5 },'
        " tricks = { Ann = 5, Bob = 0, Cat = 4, Dan = 4 } },\n"
        '    { dealer = "Cat", bids = { Ann = 3, Bob = 3, Cat = 3, Dan = 2 },'
        ' tricks = { "Ann & Cat" = 8, "Bob & Dan" = 5 } },\n'
        '    { dealer = "Dan", bids = { Ann = 4, Bob = 3, Cat = 3, Dan = 2 } },\n'
        "]\n\n[rules]\n"
    ) in text


def sub_table_text(game: Game) -> str:
    """The game as scorepad wrote it before rounds were one line each: `[[rounds]]` tables."""
    import tomli_w

    text = tomli_w.dumps(tomllib.loads(game_to_toml(game)))
    assert "\n[[rounds]]\n" in text and "\n[rounds.bids]\n" in text
    return text


def test_a_file_written_with_rounds_as_sub_tables_reads_the_same() -> None:
    game = club_game()
    text = sub_table_text(game)
    assert '[rounds.tricks]\n"Ann & Cat" = 8\n"Bob & Dan" = 5\n' in text
    assert game_from_toml(text, "friday.toml") == game
    assert game_to_toml(game_from_toml(text, "friday.toml")) == game_to_toml(game)


def test_the_rules_snapshot_keeps_an_old_game_when_a_preset_changes() -> None:
    game = club_game()
    text = game_to_toml(game).replace("[rules]\n", "[rules]\n# edited by hand\n")
    loaded = game_from_toml(text, "g.toml")
    assert loaded.rules == preset_rules("club")
    assert loaded.rules.loss_limit == -200


@pytest.mark.parametrize(
    ("knob", "ignored", "default"),
    [
        ("boston_wins", "true", "false"),
        ("blind_nil_deficit", "250", "0"),
    ],
    ids=["boston_wins-without-boston", "blind-nil-deficit-without-blind-nil"],
)
def test_a_game_saved_with_a_knob_its_variant_ignores_still_loads_with_the_same_scores(
    knob: str, ignored: str, default: str
) -> None:
    # Older scorepads accepted such a knob (it did nothing); the game must not be lost.
    game = new_game("Old", PLAYERS, preset_rules("standard"), preset="standard")
    game = record_bids(game, ["Ann=4", "Bob=nil", "Cat=3", "Dan=5"])
    game = record_tricks(game, ["Ann=5", "Bob=0", "Cat=4", "Dan=4"])
    text = game_to_toml(game)
    assert f"\n{knob} = {default}\n" in text
    edited = text.replace(f"\n{knob} = {default}\n", f"\n{knob} = {ignored}\n")
    with pytest.raises(RulesError, match=f"{knob} = {ignored} has no effect"):
        rules_from_mapping(tomllib.loads(edited)["rules"])  # as a preset or --set would
    loaded = game_from_toml(edited, "old.toml")
    # Read as written, not reset: the game is saved again with the knob it was played with.
    assert getattr(loaded.rules, knob) != getattr(game.rules, knob)
    assert standings(loaded).scores == standings(game).scores == (72, 50)
    assert f"\n{knob} = {ignored}\n" in game_to_toml(loaded)


def test_a_joint_bid_and_team_tricks_round_trip() -> None:
    rules = preset_rules("standard", "partner_bidding=true")
    game = new_game("g", PLAYERS, rules, preset="standard", sides=("Us", "Them"))
    game = record_bids(game, ["us=7", "Bob=nil", "Dan=4"])
    game = record_tricks(game, ["Us=8", "Bob=1", "Dan=4"])
    text = game_to_toml(game)
    assert '{ dealer = "Ann", bids = { Us = 7, Bob = "nil", Dan = 4 }, ' in text
    assert game_from_toml(text, "g.toml") == game


NAME_CHARS = st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
NAMES = st.text(NAME_CHARS, min_size=1, max_size=12).map(str.strip).filter(bool)


@st.composite
def games(draw: st.DrawFn) -> Game:
    """Valid games of any shape: solo or partners, joint bids, team totals, an open round."""
    preset = draw(st.sampled_from(["standard", "club", "solo-3", "partners"]))
    rules = (
        preset_rules("standard", "partner_bidding=true")
        if preset == "partners"
        else preset_rules(preset)
    )
    names = draw(
        st.lists(NAMES, min_size=rules.players, max_size=rules.players, unique_by=str.casefold)
    )
    teams = None
    if rules.partnerships and draw(st.booleans()):
        taken = {name.casefold() for name in names}
        teams = draw(
            st.lists(
                NAMES.filter(lambda t: t.casefold() not in taken),
                min_size=2,
                max_size=2,
                unique_by=str.casefold,
            )
        )
    game = new_game(
        draw(NAMES),
        names,
        rules,
        preset=preset,
        sides=teams,
        first_dealer=draw(st.integers(0, rules.players - 1)),
    )
    bid_choices = [NIL, *(number(n) for n in range(1, 5))]
    if rules.blind_nil:
        bid_choices.append(BLIND_NIL)
    rounds: list[Round] = []
    count = draw(st.integers(0, 6))
    for index in range(count):
        split = draw(st.permutations(range(rules.players)))
        per_player = [0] * rules.players
        for trick in range(rules.tricks):
            per_player[split[trick % rules.players]] += 1
        entries = []
        for side in range(rules.sides):
            seats = rules.seats_of(side)
            if rules.partner_bidding and draw(st.booleans()):
                bids: tuple[Bid, ...] = (number(draw(st.integers(1, 8))),)
            else:
                bids = tuple(draw(st.sampled_from(bid_choices)) for _ in seats)
            tricks = tuple(per_player[seat] for seat in seats)
            if len(seats) > 1 and not any(bid.is_nil for bid in bids) and draw(st.booleans()):
                tricks = (sum(tricks),)
            entries.append(SideEntry(bids, tricks))
        round_ = Round((game.first_dealer + index) % rules.players, tuple(entries))
        if index == count - 1 and draw(st.booleans()):
            round_ = Round(round_.dealer, tuple(SideEntry(e.bids) for e in round_.sides))
        rounds.append(round_)
    clock = None
    if draw(st.booleans()):  # a game to a clock, its time called or not
        start = draw(st.integers(0, 2**33))
        clock = Clock(start, draw(st.integers(1, 1440)), draw(st.none() | st.integers(1, 9)))
    return Game(
        game.name, game.players, game.sides, preset, rules, game.first_dealer, tuple(rounds),
        clock=clock,
    )  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_any_game_survives_the_round_trip(game: Game) -> None:
    assert game_from_toml(game_to_toml(game), "g.toml") == game


# ---------------------------------------------------------------------------
# The compiled parser (tomli) against tomllib, the reference, on the same inputs


def _outcome(text: str) -> Game | str:
    try:
        return game_from_toml(text, "g.toml")
    except GameFileError as error:
        return str(error)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_tomli_reads_any_game_file_as_tomllib_does(game: Game) -> None:
    import tomli

    for text in (game_to_toml(game), tomli_w_dumps(tomllib.loads(game_to_toml(game)))):
        assert tomli.loads(text) == tomllib.loads(text)


def tomli_w_dumps(data: dict[str, object]) -> str:
    import tomli_w

    return tomli_w.dumps(data)


@pytest.mark.parametrize("sub_tables", [False, True], ids=["one-line-rounds", "sub-tables"])
def test_a_file_cut_anywhere_reads_the_same_with_or_without_tomli(
    sub_tables: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = sub_table_text(club_game()) if sub_tables else game_to_toml(club_game())
    cuts = [text[:end] for end in range(len(text) + 1)]
    damaged = [text.replace("Dan = 5", "Dan = 15"), text.replace("format = 2", "format = [")]
    fast = [_outcome(cut) for cut in cuts + damaged]
    monkeypatch.setattr(tomltext, "compiled_tomli_loads", lambda: None)
    assert tomltext.toml_reader() == "tomllib"
    assert [_outcome(cut) for cut in cuts + damaged] == fast
    assert "round 1: Dan: bid 15 is out of range" in str(fast[-2])
    assert "not valid TOML: Invalid value" in str(fast[-1])
    assert fast[-3] == club_game()
    assert all(isinstance(outcome, str) for outcome in fast[:-4])  # every cut is refused


def test_the_toml_reader_in_use_is_named() -> None:
    import tomli

    reader = tomltext.toml_reader()
    if tomltext.compiled_tomli_loads() is None:  # no compiled build of a TOML 1.0 tomli here
        assert reader == "tomllib"
    else:
        assert reader == f"tomli {tomli.__version__} (compiled)"
        assert tomltext.compiled_tomli_loads() is tomli.loads


@pytest.mark.parametrize(
    ("version", "compiled", "used"),
    [
        pytest.param("2.3.2", True, True, id="compiled-2.3"),
        pytest.param("2.0.1", True, True, id="compiled-2.0"),
        pytest.param("2.3.2", False, False, id="pure-python"),
        pytest.param("2.4.0", True, False, id="toml-1.1"),
        pytest.param("1.2.3", True, False, id="too-old"),
    ],
)
def test_only_a_compiled_tomli_that_reads_toml_1_0_is_used(
    monkeypatch: pytest.MonkeyPatch, version: str, compiled: bool, used: bool
) -> None:
    """Told from tomli's public face: its version, and whether `loads` is compiled."""
    import types

    def python_loads(text: str) -> dict[str, object]:
        return {}

    fake = types.ModuleType("tomli")
    fake.__version__ = version  # type: ignore[attr-defined]
    fake.loads = repr if compiled else python_loads  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tomli", fake)
    tomltext.compiled_tomli_loads.cache_clear()
    try:
        assert (tomltext.compiled_tomli_loads() is fake.loads) is used  # type: ignore[attr-defined]
        assert (tomltext.toml_reader() == f"tomli {version} (compiled)") is used
    finally:
        tomltext.compiled_tomli_loads.cache_clear()


# ---------------------------------------------------------------------------
# Damaged files: the file, the line, what is wrong


def damaged_text(old: str, new: str, *, sub_tables: bool = False) -> str:
    text = sub_table_text(club_game()) if sub_tables else game_to_toml(club_game())
    assert old in text, old
    return text.replace(old, new, 1)


def _line_of(text: str, fragment: str, skip: int = 0) -> int:
    lines = [n for n, line in enumerate(text.splitlines(), 1) if line.startswith(fragment)]
    return lines[skip]


@pytest.mark.parametrize(
    ("sub_tables", "old", "new", "line_of", "message"),
    [
        pytest.param(False, "[rules]\n", "[rules\n", ("[rules", 0), "not valid TOML: Expected ']'",
                     id="toml-syntax"),
        pytest.param(False, "format = 2", "format = 3", ("format", 0),
                     "format 3 is newer than this scorepad reads (2)", id="newer-format"),
        pytest.param(False, "format = 2", "format = true", ("format", 0),
                     "format must be 2, not True", id="format-bool"),
        pytest.param(False, 'name = "Friday"', 'name = "Fri\\u2028day"', ("players", 0),
                     "has a control character", id="line-separator"),
        pytest.param(False, 'name = "Friday"', 'nmae = "Friday"', ("nmae", 0),
                     "unknown key 'nmae' (did you mean 'name'?)", id="unknown-key"),
        pytest.param(False, "Cat = 3, Dan = 5", "Cax = 3, Dan = 5", ("    {", 0),
                     "round 1: bids: 'Cax' is neither a player", id="unknown-player"),
        pytest.param(False, "Cat = 4, Dan = 4", "Cat = 4, Dan = 5", ("    {", 0),
                     "round 1: the tricks add up to 14; a deal has 13", id="tricks-sum"),
        pytest.param(False, "Ann = 3, Bob = 3", "Ann = 14, Bob = 3", ("    {", 1),
                     "round 2: Ann: bid 14 is out of range", id="bid-range"),
        pytest.param(False, "Ann = 3, Bob = 3", 'Ann = "lots", Bob = 3', ("    {", 1),
                     "round 2: bids: Ann: not a bid: 'lots'", id="bid-word"),
        pytest.param(False, 'dealer = "Cat"', 'dealer = "Zed"', ("    {", 1),
                     "round 2: dealer 'Zed' is not a player", id="dealer"),
        pytest.param(False, "}, tricks = {", ", tricks = {", ("    {", 0),
                     "not valid TOML: Invalid initial character for a key part",
                     id="round-line-broken"),
        pytest.param(False, 'first_dealer = "Bob"', 'first_dealer = "Zed"', ("first_dealer", 0),
                     "dealer 'Zed' is not a player", id="first-dealer"),
        pytest.param(False, "target = 500", "target = 0", ("[rules]", 0),
                     "rules: target = 0 is not allowed", id="rules-value"),
        pytest.param(False, '"Cat",\n    "Dan",', '"Cat",\n    "cat",', ("players", 0),
                     "player name 'cat' is given twice", id="players-twice"),
        # Files saved before rounds were one line each: `[[rounds]]` tables.
        pytest.param(True, "Cat = 3\nDan = 5", "Cax = 3\nDan = 5", ("[rounds.bids]", 0),
                     "round 1: bids: 'Cax' is neither a player", id="sub-tables-unknown-player"),
        pytest.param(True, "Cat = 4\nDan = 4", "Cat = 4\nDan = 5", ("[rounds.tricks]", 0),
                     "round 1: the tricks add up to 14; a deal has 13", id="sub-tables-tricks-sum"),
        pytest.param(True, "Ann = 3\nBob = 3", "Ann = 14\nBob = 3", ("[rounds.bids]", 1),
                     "round 2: Ann: bid 14 is out of range", id="sub-tables-bid-range"),
        pytest.param(True, "Ann = 3\nBob = 3", 'Ann = "lots"\nBob = 3', ("[rounds.bids]", 1),
                     "round 2: bids: Ann: not a bid: 'lots'", id="sub-tables-bid-word"),
        pytest.param(True, 'dealer = "Cat"', 'dealer = "Zed"', ("[[rounds]]", 1),
                     "round 2: dealer 'Zed' is not a player", id="sub-tables-dealer"),
    ],
)  # fmt: skip
def test_a_damaged_file_is_named_with_its_line(
    sub_tables: bool, old: str, new: str, line_of: tuple[str, int], message: str
) -> None:
    text = damaged_text(old, new, sub_tables=sub_tables)
    with pytest.raises(GameFileError) as caught:
        game_from_toml(text, "friday.toml")
    line = _line_of(text, *line_of)
    assert str(caught.value).startswith(f"friday.toml, line {line}: ")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("sub_tables", [False, True], ids=["one-line-rounds", "sub-tables"])
def test_a_game_file_cut_anywhere_even_inside_a_line_is_refused_as_damaged(
    sub_tables: bool,
) -> None:
    text = sub_table_text(club_game()) if sub_tables else game_to_toml(club_game())
    for end in range(len(text) - 1):  # the whole file but its last newline
        with pytest.raises(GameFileError) as caught:
            game_from_toml(text[:end], "friday.toml")
        message = str(caught.value)
        assert message.startswith("friday.toml") and "\n" not in message
        assert "damaged" in message or "not valid TOML" in message, message
    assert game_from_toml(text[:-1], "friday.toml") == club_game()


@pytest.mark.parametrize(
    ("sub_tables", "tricks"),
    [
        pytest.param(False, ", tricks = { Ann = 5, Bob = 0, Cat = 4, Dan = 4 }", id="one-line"),
        pytest.param(True, "[rounds.tricks]\nAnn = 5\nBob = 0\nCat = 4\nDan = 4\n",
                     id="sub-tables"),
    ],
)  # fmt: skip
def test_rounds_after_an_open_round_are_refused(sub_tables: bool, tricks: str) -> None:
    text = sub_table_text(club_game()) if sub_tables else game_to_toml(club_game())
    assert tricks in text
    with pytest.raises(GameFileError, match="round 1 has no tricks, but a later round follows"):
        game_from_toml(text.replace(tricks, "", 1), "g.toml")


def test_a_file_that_is_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    path.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(GameFileError, match="not a text file"):
        load_game_file(path)


def test_the_documented_example_reads() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "game-file.md").read_text(encoding="utf-8")
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    game = game_from_toml(example, "docs/game-file.md")
    assert (game.players[game.first_dealer], game.sides) == ("Bob", ("Us", "Them"))
    assert game.rules.loss_limit == -200 and game.rules.blind_nil
    assert [round_.played for round_ in game.rounds] == [True, True, False]
    assert standings(game).scores == (81 + 62, 131 + 41)


def test_rounds_laid_out_by_hand_read_the_same_and_errors_name_their_line() -> None:
    game = club_game()
    text = game_to_toml(game)
    head, rules = text[: text.index("rounds = [")], text[text.index("[rules]") :]
    rounds = [
        "rounds = [  # as someone might write them",
        '  { dealer = "Bob", bids = { Ann = 4, Bob = "nil", Cat = 3, Dan = 5 }, '
        "tricks = { Ann = 5, Bob = 0, Cat = 4, Dan = 4 } },",
        '  {dealer="Cat", bids={Ann=3, bob=3, Cat=3, Dan=2}, '
        'tricks={"Ann & Cat"=8, "Bob & Dan"=5}},',
        "",
        '  { dealer = "Dan", bids = { Ann = 4, Bob = 3, Cat = 3, Dan = 2 } }',
        "]",
    ]
    inline = head + "\n".join(rounds) + "\n\n" + rules
    assert game_from_toml(inline, "g.toml") == game
    broken = inline.replace('"Bob & Dan"=5', '"Bob & Dan"=6')
    rounds[2] = rounds[2].replace('"Bob & Dan"=5', '"Bob & Dan"=6')
    line = broken.splitlines().index(rounds[2]) + 1
    with pytest.raises(GameFileError, match=f"^g.toml, line {line}: round 2: the tricks add up"):
        game_from_toml(broken, "g.toml")


def test_a_lost_line_inside_an_array_in_rules_is_noticed() -> None:
    """Every line of [rules] lost on its own is named as damage, arrays included: an array
    is written on one line, so losing the `1,` of exact_bonus_bids cannot load a game
    that scores differently."""
    rules = preset_rules("bonus", 'removed_cards=["2C", "2D", "2H", "2S"]', "jokers=false")
    game = new_game("g", PLAYERS, rules, preset="bonus")
    text = game_to_toml(game)
    assert "\nexact_bonus_bids = [1, 2]\n" in text
    assert '\nremoved_cards = ["2C", "2D", "2H", "2S"]\n' in text
    head, _, rest = text.partition("\n[rules]\n")
    knob_lines = rest.partition("\n\n")[0].splitlines()
    assert len(knob_lines) == len(rules_to_mapping(rules))
    for lost in knob_lines:
        if lost.partition(" = ")[0] in KNOBS_SINCE_FORMAT:
            continue  # a knob newer than the format: a file of the format may lack it
        cut = text.replace(f"\n{lost}\n", "\n", 1)
        with pytest.raises(GameFileError, match="damaged: \\[rules\\] lacks"):
            game_from_toml(cut, "g.toml")


def test_bound_every_knob_number_in_a_game_file() -> None:
    game = new_game("g", PLAYERS, preset_rules("standard"), preset="standard")
    huge = "\ntrick_points = 1" + "0" * 309 + "\n"
    text = game_to_toml(game).replace("\ntrick_points = 10\n", huge)
    with pytest.raises(GameFileError) as caught:
        game_from_toml(text, "g.toml")
    assert str(caught.value).endswith(
        "rules: trick_points = a number of 310 digits is not allowed: zero or more, at most 10000"
    )


@pytest.mark.parametrize(
    "clock",
    [
        "[clock]\nstart = 2025-03-14T19:00:00\nminutes = 90\n",
        "[clock]\nstart = 2025-03-14T19:00:00Z\nminutes = 0\n",
        "[clock]\nstart = 2025-03-14T19:00:00Z\nminutes = 90\ncalled = true\n",
        "[clock]\nstart = \"8 pm\"\nminutes = 90\n",
        "[clock]\nstart = 2025-03-14T19:00:00Z\n",
    ],
    ids=["no-offset", "no-minutes", "called-not-a-number", "start-not-a-moment", "minutes-missing"],
)
def test_a_damaged_clock_is_refused_in_one_line(clock: str) -> None:
    from scorepad.engine.rules import Rules

    text = game_to_toml(new_game("g", ["A", "B", "C", "D"], Rules(), preset="standard"))
    text = text.replace("\n[rules]\n", "\n" + clock + "\n[rules]\n")
    with pytest.raises(GameFileError, match=r"\[clock\] must hold start"):
        game_from_toml(text, "g.toml")
