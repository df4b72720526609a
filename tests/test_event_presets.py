"""The presets for events (round-robin, bowl, league): each one's worked game in
docs/rules.md ("Presets for events") and its German twin, scored by the engine and by
the independent reference, both against the numbers worked out by hand, and the pages'
tables held to the games tested here."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from test_reference import engine_game, named_table, read_round, reference_hands

from scorepad.engine.game import Standings, standings
from scorepad.engine.rulings import Ruling, RulingKind
from scorepad.files.presets import load_preset
from scorepad.reference import deals, tally

# preset, rounds (Us | Them, BID:TRICKS), each round's rulings (side, kind, number), the
# end (winner, round, reason), the scores after the last round that counts.
WORKED = [
    # 4:5 4:4 = 81 | 3:2 2:2 set -50; 91 | -40; 91 | 30; nil +100, 6:7 61 | 60: Us 424.
    pytest.param("round-robin",
                 ["4:5 4:4 | 3:2 2:2", "5:5 4:5 | 2:1 2:2", "5:6 4:4 | 2:2 1:1",
                  "nil:0 6:7 | 3:3 3:3"],
                 [], (0, 4, "target"), (424, 0), id="round-robin-to-350"),
    # Round 1: Them renege, 3 books to Us: 83 | -60; then 90 | 40; Them 193 behind bid
    # blind nil and make it: 200 + 51 | Us 70.
    pytest.param("bowl",
                 ["4:4 4:4 | 3:3 3:2", "5:5 4:4 | 2:2 2:2", "4:4 3:3 | bnil:0 5:6"],
                 [[(1, "books", 3)]], None, (243, 231), id="bowl-renege-three-books"),
    # Them set in rounds 1 and 2: two in a row lose, before the 4 deals are up.
    pytest.param("league", ["4:4 4:4 | 3:3 3:2", "4:4 3:4 | 3:3 3:2"],
                 [], (0, 2, "sets-in-a-row"), (151, -120), id="league-set-twice-in-a-row"),
    # Four deals, nobody set twice in a row: the higher score wins by the deal limit.
    pytest.param("league",
                 ["4:4 4:4 | 3:3 3:2", "4:3 4:4 | 2:3 2:3", "5:6 4:4 | 2:2 2:1",
                  "4:4 4:5 | 2:2 2:2"],
                 [], (0, 4, "deal-limit"), (172, -18), id="league-four-hands"),
]  # fmt: skip


def scored(
    preset: str, rounds: list[str], rulings: list[list[tuple[int, str, int]]]
) -> tuple[tally.GameResult, Standings]:
    """A worked game as the reference scores it, and as the engine does."""
    table = named_table(preset, ())
    played = [read_round(text) for text in rounds]
    expected = tally.play_game(
        table.knobs, [[reference_hands(play) for play in round_] for round_ in played], rulings
    )
    game = engine_game(table, played)
    ruled = tuple(
        round_._replace(
            rulings=tuple(
                Ruling(side, RulingKind(kind), number, "renege")
                for side, kind, number in (rulings[index] if index < len(rulings) else [])
            )
        )
        for index, round_ in enumerate(game.rounds)
    )
    return expected, standings(dataclasses.replace(game, rounds=ruled))


@pytest.mark.parametrize(("preset", "rounds", "rulings", "end", "scores"), WORKED)
def test_worked_games_of_the_event_presets(
    preset: str,
    rounds: list[str],
    rulings: list[list[tuple[int, str, int]]],
    end: tuple[int, int, str] | None,
    scores: tuple[int, int],
) -> None:
    expected, result = scored(preset, rounds, rulings)
    assert tuple(expected.totals) == result.scores == scores
    # Round by round too: the running scores the pages' tables show.
    assert [[side.score for side in round_] for round_ in expected.rounds] == [
        [side.score for side in result_.sides or ()] for result_ in result.rounds
    ]
    wanted = (expected.winner, expected.ended_after, expected.reason) if expected.reason else None
    outcome = result.outcome
    ours = (outcome.winner, result.ended_after, outcome.reason.value) if outcome else None
    assert wanted == ours == end


def test_the_event_presets_say_what_they_are() -> None:
    assert load_preset("bowl").rules.confirm_entries
    assert "three books" in load_preset("bowl").summary
    league = load_preset("league").rules
    assert (league.deal_limit, league.sets_in_a_row, league.misdeal_redeal) == (4, 2, "next")
    assert deals.who_deals(4, 0, ["played", "next", "played"]) == [0, 1, 2, 3]
    assert load_preset("round-robin").rules.target == 350


DOCS = Path(__file__).parent.parent / "docs"
PAGES = {"en": DOCS / "rules.md", "de": DOCS / "de" / "rules.md"}
# The worked game each preset's table shows; the league's four hands are told in words.
SHOWN = {"round-robin-to-350", "bowl-renege-three-books", "league-set-twice-in-a-row"}
_HANDS = re.compile(r"(?:(?:b?(?:nil|null)|\d+):\d+ ?)+")


def page_tables(text: str) -> dict[str, list[tuple[str, tuple[int, int]]]]:
    """Each preset's worked game as its page's table writes it: per round, the hands as
    `4:5 4:4 | 3:2 2:2` (nil for the German null), and the two running scores."""
    section = re.split(r"^## ", text, flags=re.M)
    events = next(part for part in section if "tests/test_event_presets.py" in part)
    tables: dict[str, list[tuple[str, tuple[int, int]]]] = {}
    preset = ""
    for line in events.splitlines():
        heading = re.match(r"\*\*`([\w-]+)`\*\*", line)
        if heading:
            preset = heading.group(1)
            tables[preset] = []
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if preset and line.startswith("| ") and cells[0].isdigit():
            found = [_HANDS.match(cell) for cell in cells[1:3]]
            hands = " | ".join(match.group().strip() for match in found if match)
            tables[preset].append((hands.replace("null", "nil"), (int(cells[3]), int(cells[4]))))
    return tables


@pytest.mark.parametrize("language", PAGES)
def test_the_pages_worked_games_are_the_games_tested_here(language: str) -> None:
    """docs/rules.md and docs/de/rules.md show each preset's worked game as this file
    plays it: the same hands, and the running scores the engine and the reference give."""
    text = PAGES[language].read_text(encoding="utf-8")
    tables = page_tables(text)
    assert set(tables) == {"round-robin", "bowl", "league"}
    for param in WORKED:
        preset, rounds, rulings, _end, scores = param.values
        if param.id in SHOWN:
            _expected, result = scored(preset, rounds, rulings)
            running = [tuple(side.score for side in r.sides or ()) for r in result.rounds]
            assert tables[preset] == list(zip(rounds, running, strict=True)), preset
        else:  # the league's four hands, told in one sentence
            said = " ".join(text.split())
            assert ", ".join(rounds) in said
            assert {"en": "{} to {}", "de": "{} zu {}"}[language].format(*scores) in said


def test_a_league_misdeal_passes_the_deal_on_and_changes_neither_run_nor_scores(
    home: Path,
) -> None:
    """The league's worked game through the CLI, with a misdeal between its two deals:
    the deal passes on as the reference reads it, and Them still lose by two sets in a
    row, at the same scores."""
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    runner = CliRunner()

    def ok(*args: str) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == 0, result.stderr
        return result.stdout

    ok("new", "g", "--players", "Ann,Bob,Cy,Di", "--preset", "league")
    ok("bid", "Ann=4", "Bob=3", "Cy=4", "Di=3")  # 4:4 4:4 | 3:3 3:2
    ok("tricks", "Ann=4", "Bob=3", "Cy=4", "Di=2")
    assert ok("misdeal") == "Misdeal before round 2: Bob dealt; Cy deals.\n"
    ok("bid", "Ann=4", "Bob=3", "Cy=3", "Di=3")  # 4:4 3:4 | 3:3 3:2
    ok("tricks", "Ann=4", "Bob=3", "Cy=4", "Di=2")
    data = json.loads(ok("show", "--json"))
    seats = {name: seat for seat, name in enumerate(data["players"])}
    dealers = [seats[round_["dealer"]] for round_ in data["rounds"]]
    assert dealers == [deals.who_deals(4, 0, ["played", "next", "played"])[i] for i in (0, 2)]
    assert (data["end_reason"], data["winner"]) == ("sets-in-a-row", "Ann & Cy")
    assert [team["score"] for team in data["teams"]] == [151, -120]
