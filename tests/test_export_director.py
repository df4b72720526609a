"""The director's kit in every export: each ruling with its reason (a forfeit on a round
whose tricks are not in too), each misdeal and who dealt again, and the clock where a
format says the game's facts (json, md, html, and the sheet's txt and svg)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace

import pytest
from conftest import preset_rules
from test_export import FORMATS, entry

from scorepad.engine.clock import Clock
from scorepad.engine.game import Game, Round, new_game, standings
from scorepad.engine.misdeals import Misdeal
from scorepad.engine.rulings import Ruling, RulingKind
from scorepad.export.formats import export_game
from scorepad.export.svg import export_svg
from scorepad.export.txt import export_txt
from scorepad.i18n import speaking

START = 1_741_978_800  # 2025-03-14 19:00 UTC
REASONS = {
    "books": "renege, hand 1",
    "points": "talked across the table",
    "set": "exposed a card",
    "forfeit": "second renege",
}


def director_game() -> Game:
    """Standard, Us (Ann, Cy) vs Them (Bob, Dee), to a clock of 45 minutes called in deal 3.

    Ann misdeals before round 1 and deals again; round 1: Us 4+3 take 5+3, Them 3+2 take
    3+2, then Them renege (3 books to Us) and Us talk (-30). Bob misdeals before round 2
    and the deal passes to Cy; round 2: Us 3+3 take 4+3 and are set by a ruling, Them 3+3
    take 3+3. Round 3 is bid, and Them forfeit before its tricks: Us win.
    """
    game = new_game("Director", ["Ann", "Bob", "Cy", "Dee"], preset_rules("standard"),
                    preset="standard", sides=["Us", "Them"])  # fmt: skip
    ruled = {kind: Ruling(1 if kind in ("books", "forfeit") else 0, RulingKind(kind),
                          {"books": 3, "points": -30}.get(kind, 0), reason)
             for kind, reason in REASONS.items()}  # fmt: skip
    rounds = (
        Round(0, (entry("4 3", "5 3"), entry("3 2", "3 2")),
              rulings=(ruled["books"], ruled["points"])),
        Round(2, (entry("3 3", "4 3"), entry("3 3", "3 3")), rulings=(ruled["set"],)),
        Round(3, (entry("3 3"), entry("3 3")), rulings=(ruled["forfeit"],)),
    )  # fmt: skip
    return replace(
        game,
        rounds=rounds,
        misdeals=(Misdeal(1, 0, "same"), Misdeal(2, 1, "next")),
        clock=Clock(START, 45, called=3),
    )


def exported(fmt: str) -> str:
    """The game in `fmt`; the sheet's txt and svg drawn wide enough that no line wraps."""
    game = director_game()
    if fmt == "txt":
        return export_txt(game, standings(game), width=160)
    if fmt == "svg":  # the terminal's text, a span a run of letters: spaces as &#160;
        return export_svg(game, standings(game), width=160).replace("&#160;", " ")
    return export_game(game, standings(game), fmt)


def test_the_game_is_what_its_notes_say() -> None:
    result = standings(director_game())
    assert (result.winner, result.ended_after, result.outcome and result.outcome.reason.value) == (
        0, 3, "forfeit",
    )  # fmt: skip
    kinds = [[line.kind.value for line in side.lines] for side in result.rounds[1].sides or ()]
    assert kinds == [["set", "ruling"], ["contract"]]
    assert result.rounds[2].sides is None  # the forfeit's round: no tricks, no score


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_shows_each_ruling_with_its_reason_and_each_misdeal(fmt: str) -> None:
    text = exported(fmt)
    if fmt == "json":
        data = json.loads(text)
        rulings = [ruling for r in data["rounds"] for ruling in r.get("rulings", [])]
        assert {r["kind"]: r["reason"] for r in rulings} == REASONS
        assert data["misdeals"] == [
            {"before_round": 1, "dealer": "Ann", "redeal": "same"},
            {"before_round": 2, "dealer": "Bob", "redeal": "next"},
        ]
        return
    for reason in REASONS.values():
        assert reason in text, reason
    assert "forfeits the game (second renege)" in text  # on the round with no tricks
    if fmt == "csv":  # stable English, a row of its own before the round dealt again
        rows = list(csv.DictReader(io.StringIO(text)))
        misdeals = [(row["round"], row["dealer"], row["lines"]) for row in rows if not row["team"]]
        assert misdeals == [
            ("1", "Ann", "misdeal: Ann dealt, Ann deals again"),
            ("2", "Bob", "misdeal: Bob dealt, Cy deals"),
        ]
        assert [row["round"] for row in rows] == ["1", "1", "1", "2", "2", "2", "3", "3"]
        return
    assert "Misdeal before round 1: Ann dealt; Ann deals again." in text
    assert "Misdeal before round 2: Bob dealt; Cy deals." in text


@pytest.mark.parametrize("fmt", ["md", "html", "txt", "svg"])
def test_a_format_that_says_the_games_facts_says_its_clock(fmt: str) -> None:
    text = exported(fmt)
    assert "Clock: 45 minutes from 2025-03-14 19:00 UTC; time was called in deal 3." in text
    assert "Time left" not in text  # a record: the time left is the live sheet's


def test_the_csv_says_no_game_facts_so_no_clock() -> None:
    assert "Clock" not in exported("csv")


def test_json_gives_the_clock_with_the_events_keys() -> None:
    data = json.loads(exported("json"))
    assert data["clock"] == {"start": START, "minutes": 45, "end": START + 45 * 60, "called": 3}
    game = replace(director_game(), clock=Clock(START, 45))
    assert json.loads(export_game(game, standings(game), "json"))["clock"]["called"] is None
    game = replace(director_game(), clock=None)
    assert json.loads(export_game(game, standings(game), "json"))["clock"] is None


def test_a_clock_of_one_minute_is_said_in_the_singular() -> None:
    game = replace(director_game(), clock=Clock(START, 1))
    assert "Clock: 1 minute from 2025-03-14 19:00 UTC." in export_game(
        game, standings(game), "md"
    )


def test_the_records_words_in_german() -> None:
    with speaking("de"):
        text = exported("md")
    assert "Uhr: 45 Minuten ab 2025-03-14 19:00 UTC; die Zeit war in Runde 3 um." in text
    assert "Vergeben vor Runde 2: Bob hat gegeben; Cy gibt." in text
    assert "Entscheidung: gibt die Partie auf (second renege)" in text
