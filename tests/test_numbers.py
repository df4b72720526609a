"""Numbers as typed, read only when short: 5,000 digits anywhere a number is typed are one
line and exit 2 in the CLI (the web's refusals are in test_serve_shield), never Python's
int-conversion traceback, and nothing saved changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli_games import PLAYERS, ok, refused

from scorepad.files.tomltext import MOST_NESTING, nesting
from scorepad.numbers import MOST_DIGITS, cut_text, small_number

LONG = "9" * 5000


@pytest.mark.parametrize(
    ("text", "number"),
    [("0", 0), ("13", 13), ("9" * MOST_DIGITS, int("9" * MOST_DIGITS)),
     ("9" * (MOST_DIGITS + 1), None), (LONG, None), ("", None), ("-1", None), ("²", None),
     ("٣", None), (" 3", None)],
    ids=["zero", "13", "longest", "one-too-long", "5000", "empty", "negative", "superscript",
         "arabic-digit", "space"],
)  # fmt: skip
def test_only_short_ascii_digits_are_read(text: str, number: int | None) -> None:
    assert small_number(text) == number


def test_a_long_text_is_quoted_cut_saying_its_length() -> None:
    assert cut_text("x" * 60) == "x" * 60
    assert cut_text(LONG) == "9" * 40 + "... (5000 characters)"


@pytest.mark.parametrize(
    ("text", "depth"),
    [("a = 1", 0), ("a = [[1], [2]]", 2), ('a = "[[[["', 0), ("a = '[[[['", 0),
     ('a = """\n[[[[\\""" ]]"""', 0), ("a = 1 # [[[[", 0), ("[[rounds]]\nb = {c = [1]}", 2),
     ("a = " + "[" * 3000, 3000)],
    ids=["flat", "nested", "basic-string", "literal-string", "multiline", "comment", "tables",
         "deep"],
)  # fmt: skip
def test_nesting_is_counted_outside_strings_and_comments(text: str, depth: int) -> None:
    assert nesting(text) == depth


@pytest.fixture
def bid(home: Path) -> Path:
    ok("new", "tue", "--players", PLAYERS, "--teams", "Us,Them")
    ok("bid", "Ann=4", "Bob=3", "Cat=2", "Dan=4")
    return home


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["tricks", f"Us={LONG}", "Them=3"], "Us: tricks '99999"),
        (["tricks", f"Ann={LONG}", "Bob=3", "Cat=1", "Dan=1"], "Ann: tricks '99999"),
        (["tricks", f"{LONG}=3", "Them=3"], "there is no seat 99999"),
        (["tricks", "--round", "1", f"Us={LONG}", "Them=3"], "Us: tricks '99999"),
        (["check", f"4:{LONG}"], "not a token: '4:99999"),
        (["check", f"b{LONG}:3"], "not a bid: 'b99999"),
    ],
    ids=["team-tricks", "player-tricks", "seat", "correction", "check-tricks", "check-bid"],
)
def test_5000_digits_are_one_line_and_exit_2(bid: Path, args: list[str], said: str) -> None:
    line = refused(bid, *args)
    assert line.startswith(said) and "characters)" in line and len(line) < 300, line


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--dealer", LONG], "there is no seat 99999"),
        (["--set", "target=" + "[" * 3000], "the value's arrays or tables nest more than 16 deep"),
        (["--set", "target=" + "{a=" * 3000], "nest more than 16 deep"),
    ],
    ids=["dealer", "nested-arrays", "nested-tables"],
)
def test_a_new_game_s_long_dealer_and_deep_rule_change_are_one_line(
    home: Path, args: list[str], said: str
) -> None:
    assert said in refused(home, "new", "wed", "--players", PLAYERS, *args)


def test_a_rule_change_nested_as_deep_as_allowed_is_read_as_toml() -> None:
    from scorepad.files.presets import parse_override

    deepest = "[" * MOST_NESTING + "]" * MOST_NESTING
    assert parse_override(f"target={deepest}")[0] == "target"


def test_a_bid_of_5000_digits_is_one_line(home: Path) -> None:
    ok("new", "tue", "--players", PLAYERS)
    for bid in (LONG, "b" + LONG):
        line = refused(home, "bid", f"Ann={bid}", "Bob=3", "Cat=2", "Dan=4")
        assert line.startswith(f"Ann: not a bid: '{bid[:30]}") and len(line) < 300, line


def test_a_game_name_too_long_for_a_file_name_says_its_bytes(home: Path) -> None:
    line = refused(home, "new", "\u6f22" * 100, "--players", PLAYERS)
    assert "takes 300 bytes as a file name; 200 at most" in line


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b'summary = "x"\ntarget = ' + LONG.encode() + b"\n",
         "a number of more than 4300 digits is not allowed: no knob takes more than 5 digits"),
        (b'summary = "caf\xe9"\ntarget = 300\n', "not a text file: byte 15 is not UTF-8"),
    ],
    ids=["5000-digits", "latin-1"],
)  # fmt: skip
def test_a_preset_file_with_a_huge_number_or_a_bad_byte_is_one_line(
    home: Path, tmp_path: Path, content: bytes, said: str
) -> None:
    preset = tmp_path / "house.toml"
    preset.write_bytes(content)
    line = refused(home, "new", "wed", "--players", PLAYERS, "--preset", str(preset))
    assert line == f"{preset}: {said}" + ("; save it as UTF-8" if "UTF-8" in said else "")
