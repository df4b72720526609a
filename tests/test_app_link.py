"""A game in a link, and back: `export --format link`, `import LINK|FILE`, and the refusals
of a link or file that is no whole game (one line, nothing imported)."""

from __future__ import annotations

import dataclasses
import string
from pathlib import Path

import pytest
import segno
from conftest import preset_rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_gamefile import NAMES, games
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.bids import BLIND_NIL, NIL, Bid, BidKind, number, parse_bid
from scorepad.engine.game import EventSeat, Game, Round, SideEntry
from scorepad.engine.names import default_side_names
from scorepad.engine.rules import Rules
from scorepad.errors import GameFileError
from scorepad.files.gamefile import game_from_toml
from scorepad.files.gamelink import (
    NAMES_THAT_FIT,
    format_link_game,
    game_of_link,
    link_of,
    parse_link_game,
    qr_parts,
)

runner = CliRunner()
FIXTURE = next(iter(sorted((Path(__file__).parent / "fixtures").rglob("*.toml"))))
URL = "https://someone.github.io/scorepad/"
PLAYERS = ("--players", "Annabelle,Bartholomew,Charlotte,Dominik", "--teams", "Us,Them")
LONG = ("--set", "target=2000")  # fifteen rounds, and the game still on
# Fifteen rounds with a nil, a blind nil, sets and overtricks: every bid and trick differs.
ROUNDS = [
    (("4", "3", "5", "2"), ("4", "3", "5", "1")), (("nil", "4", "6", "3"), ("0", "4", "6", "3")),
    (("3", "3", "3", "3"), ("2", "4", "3", "4")), (("2", "5", "3", "2"), ("3", "4", "4", "2")),
    (("5", "2", "4", "1"), ("6", "2", "4", "1")), (("1", "6", "2", "3"), ("1", "5", "3", "4")),
    (("4", "4", "2", "2"), ("4", "4", "2", "3")), (("3", "nil", "5", "4"), ("4", "1", "4", "4")),
    (("2", "2", "6", "2"), ("2", "3", "6", "2")), (("6", "3", "1", "2"), ("6", "3", "2", "2")),
    (("3", "4", "3", "2"), ("3", "3", "4", "3")), (("2", "3", "2", "5"), ("2", "3", "3", "5")),
    (("4", "2", "4", "2"), ("5", "2", "4", "2")), (("1", "4", "5", "2"), ("1", "4", "5", "3")),
    (("3", "3", "2", "4"), ("3", "3", "3", "4")),
]  # fmt: skip


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def kept(home: Path) -> Path:
    assert run("new", "friday", *PLAYERS, *LONG)[0] == 0
    names = PLAYERS[1].split(",")
    for bids, tricks in ROUNDS:
        code, _out, err = run("bid", *(f"{n}={b}" for n, b in zip(names, bids, strict=True)))
        assert code == 0, err
        code, _out, err = run("tricks", *(f"{n}={t}" for n, t in zip(names, tricks, strict=True)))
        assert code == 0, err
    return home


def test_a_fifteen_round_game_fits_a_qr_code_of_version_15_at_level_m(kept: Path) -> None:
    code, out, err = run("export", "--format", "link", "--url", URL)
    assert (code, err) == (0, "")
    link = out.strip().splitlines()[0]
    assert link.startswith(URL + "#game=1.")
    qr = segno.make(qr_parts(link), error="m", boost_error=False)
    assert qr.version <= 15 and qr.error == "M"


# ---------------------------------------------------------------------------
# The link notation: a parse/format pair, and the bound on names it guarantees

LATIN = string.ascii_letters + "äöüßÄÖÜéèêàçñøåæłšž '-"


def _rounds(draw: st.DrawFn, rules: Rules, count: int) -> tuple[Round, ...]:
    """Rounds of any bids (nil, blind nil, blind numbers) and any split of the tricks."""
    bids = st.sampled_from([NIL, BLIND_NIL, *(number(n) for n in range(1, 14)),
                            *(Bid(BidKind.BLIND, n) for n in range(6, 14))])  # fmt: skip
    rounds = []
    for index in range(count):
        split = [0] * rules.players
        for _trick in range(rules.tricks):
            split[draw(st.integers(0, rules.players - 1))] += 1
        entries = tuple(
            SideEntry(tuple(draw(bids) for _ in rules.seats_of(side)),
                      tuple(split[seat] for seat in rules.seats_of(side)))
            for side in range(rules.sides)
        )  # fmt: skip
        rounds.append(Round(index % rules.players, entries))
    return tuple(rounds)


@st.composite
def linked_games(draw: st.DrawFn) -> Game:
    """Games of every shape the game file holds, some at a club night's table, some with
    a round dealt out of turn."""
    game = draw(games())
    if draw(st.booleans()):
        event = EventSeat(draw(NAMES), draw(st.integers(1, 99)), draw(st.integers(1, 99)))
        game = dataclasses.replace(game, event=event)
    if game.rounds and draw(st.booleans()):
        out_of_turn = draw(st.integers(0, len(game.players) - 1))
        game = dataclasses.replace(game, rounds=(game.rounds[0]._replace(dealer=out_of_turn),
                                                 *game.rounds[1:]))  # fmt: skip
    return game


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(linked_games())
def test_any_game_survives_the_link_notation_and_the_link(game: Game) -> None:
    """The notation says every game without a clock; the link carries every game (one with
    a clock as its game file, kind 2)."""
    text = format_link_game(game)
    link = link_of(game, URL)
    if game.clock is None:
        assert "\n" not in text and parse_link_game(text) == game
        assert "#game=1." in link
    else:
        assert "#game=2." in link
    assert game_of_link(link) == game


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=80), st.builds(
    lambda text, at, put: text[:at] + put + text[at + 1:],
    st.just(format_link_game(game_from_toml(FIXTURE.read_text(encoding="utf-8"), "f.toml"))),
    st.integers(0, 400), st.sampled_from(list('[]{}",:|@ 0123456789abNBXz-')),
)))  # fmt: skip
def test_notation_that_is_no_game_is_refused_in_one_line(text: str) -> None:
    try:
        parse_link_game(text)
    except GameFileError as error:
        assert "\n" not in str(error)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fifteen_rounds_and_every_name_up_to_the_bound_fit_a_qr_code_of_version_15(
    data: st.DataObject,
) -> None:
    """The bound the docs promise: game, players and teams named with up to
    NAMES_THAT_FIT letters each (accented ones too), three rules changed, any bids."""
    rules = preset_rules("standard", "target=2000", "blind_nil=true", "blind_bids=true")
    name = st.text(LATIN, min_size=NAMES_THAT_FIT, max_size=NAMES_THAT_FIT).map(
        lambda text: "A" + text[1:-1] + "z"
    )
    names = data.draw(st.lists(name, min_size=7, max_size=7, unique_by=str.casefold))
    game = Game(names[0], tuple(names[1:5]), tuple(names[5:]), "standard", rules, 0,
                _rounds(data.draw, rules, 15))  # fmt: skip
    link = link_of(game, "https://someone.example.org/scorepad/")
    assert segno.make(qr_parts(link), error="m", boost_error=False).version <= 15


LONG_NAMES = ("Annabelle-Sophie Friederike von Bartholomäus-Lüdenscheid-Ost",
              "Maximilian Alexander Konstantin Schneider-Hofmann der Ältere",
              "Charlotte Katharina Elisabeth Gutiérrez Ramírez O'Connor",
              "Dominik Johannes Jürgen van der Berg-Fischer-Wagner")  # fmt: skip


@pytest.mark.parametrize(("longest", "version"), [(40, 15), (60, 16)], ids=["40", "60"])
def test_four_names_of_words_fit_a_qr_code_of_version_15_up_to_40_characters(
    longest: int, version: int
) -> None:
    """Names as people write them, the teams named for them: up to 40 characters the code
    is of version 15; at 60 (the longest a name may be) of version 16, which phones read."""
    players = tuple(name[:longest].strip() for name in LONG_NAMES)
    assert max(len(player) for player in players) == longest
    rules = preset_rules("standard", "target=2000")
    rounds = []
    for index, (bids, tricks) in enumerate(ROUNDS):
        entries = tuple(
            SideEntry((parse_bid(bids[side]), parse_bid(bids[side + 2])),
                      (int(tricks[side]), int(tricks[side + 2])))
            for side in (0, 1)
        )  # fmt: skip
        rounds.append(Round(index % 4, entries))
    game = Game("Friday at Annabelle's", players, default_side_names(rules, players), "standard",
                rules, 0, tuple(rounds))  # fmt: skip
    link = link_of(game, URL)
    assert game_of_link(link) == game
    assert segno.make(qr_parts(link), error="m", boost_error=False).version <= version
