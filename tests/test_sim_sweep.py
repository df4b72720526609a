"""The sweep: explorer bots over every preset and knob combinations, checked.

A small sweep (the shipped presets and the edge cases, a few dozen games) catches
planted bugs the realistic bots' bids never reach, and names what broke.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.club.ratings import Ratings
from scorepad.club.seats import FORMATS
from scorepad.engine import bids
from scorepad.engine.bids import Bid, BidKind, number
from scorepad.engine.refusals import check_new_rules
from scorepad.files import gamefile
from scorepad.files.presets import preset_names, resolve_rules
from scorepad.sim import sweep
from scorepad.sim.director import DirectorMix
from scorepad.sim.explorer import ExplorerBot
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.nights import NIGHTS, night_cases
from scorepad.sim.reach import SITUATIONS
from scorepad.sim.referee import knobs_of_preset
from scorepad.sim.refusaltries import REFERENCE_NAME, TRIED_REASONS
from scorepad.sim.sweep import play_sweep
from scorepad.sim.sweepcases import EDGE_CASES, HEADINGS, pair_allowed, sweep_cases
from tests.sweep_plants import PLANTS, plant

runner = CliRunner()
# games: every shipped preset and edge case, twice
SMALL = 2 * (len(preset_names()) + len(EDGE_CASES))


@pytest.mark.parametrize("bug", sorted(PLANTS))
def test_each_planted_bug_still_finds_its_line_in_the_engine(bug: str) -> None:
    """The bugs of benchmarks/sim_planted_sweep.py each change one line of the
    engine's source: that line is there, once (a refactor of the engine moves it)."""
    import inspect
    import textwrap

    found = PLANTS[bug]
    source = textwrap.dedent(inspect.getsource(getattr(found.module, found.name)))
    assert source.count(found.old) == 1


@pytest.mark.parametrize(
    ("bug", "check", "words", "rule"),
    [
        # The heuristic bots never bid a blind number: this one only the explorers reach.
        ("blind-set-loses-single", "reference", "blind 6", ("blind_bids", "Bidding")),
        ("target-needs-a-score-above", "end", "(target)", ("target", "How a game ends")),
        ("blind-nil-refused-at-the-deficit", "bids", "blind nil needs the side to trail",
         ("blind_nil_deficit", "Bidding")),
    ],
)  # fmt: skip
def test_a_planted_bug_is_caught_by_a_small_sweep_which_names_the_rule(
    bug: str, check: str, words: str, rule: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert play_sweep(0, SMALL).tally.violation_count == 0
    plant(monkeypatch, bug)
    report = play_sweep(0, SMALL)
    found = [found for found in report.as_json()["violations"] if found["check"] == check]
    assert found, (PLANTS[bug].rule, Counter(v.check for _, v in report.tally.violations))
    assert any(words in violation["message"] for violation in found), found[0]["message"]
    # Every violation of the check names the rule, and where docs/rules.md says it.
    knob, heading = rule
    named = {(violation["rule"], violation["rule_doc"]) for violation in found}
    assert named == {(knob, f"docs/rules.md, {heading}")}


# A sweep of every preset and edge case twice, and the default nights.
TWICE = 54


@pytest.mark.parametrize(
    ("bug", "check", "rule"),
    [
        # The side's and the table's bid rules, which the bots' choices keep to: only the
        # explorers' tries of bids the reference refuses reach a check that lets them by.
        ("suicide-accepts-two-numbers", "bids", ("suicide", "docs/rules.md, Bidding")),
        ("min-team-bid-not-enforced", "bids", ("min_team_bid", "docs/rules.md, Bidding")),
        ("no-hell-accepts-the-deal", "bids", ("no_hell", "docs/rules.md, Bidding")),
        # The club night and its ratings, which only whole nights reach.
        ("bye-counted-as-a-win", "night", ("standings, wins", "README.md, Club night")),
        ("bye-counted-as-a-game", "night", ("standings, games", "README.md, Club night")),
        ("standings-by-points-first", "night", ("standings, rank", "README.md, Club night")),
        ("ratings-in-file-name-order", "ratings",
         ("ratings in the order played", "docs/ratings.md, Which games, in which order")),
        # What a night's pages show beside the standings.
        ("deals-played-counted-twice", "night", ("standings, table", "README.md, Club night")),
        ("next-seat-without-opponents", "night",
         ("standings, next seats", "README.md, Club night")),
        ("field-without-the-byes", "night", ("standings, field changes", "README.md, Club night")),
        ("round-robin-one-round-short", "night",
         ("standings, rounds planned", "README.md, Club night")),
        # Only the ratings asked while a night's last round plays meet unfinished games.
        ("unfinished-game-rated-as-a-draw", "ratings",
         ("ratings in the order played", "docs/ratings.md, Which games, in which order")),
    ],
)  # fmt: skip
def test_a_side_s_table_s_or_night_s_planted_bug_is_caught_and_named(
    bug: str, check: str, rule: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    plant(monkeypatch, bug)
    report = play_sweep(0, TWICE).as_json()
    found = [found for found in report["violations"] if found["check"] == check]
    assert found, (PLANTS[bug].rule, Counter(v["check"] for v in report["violations"]))
    assert {(violation["rule"], violation["rule_doc"]) for violation in found} == {rule}


# A director who acts more often than a sweep's own, so that a sweep of every preset and
# edge case twice reaches each of its calls many times. (The default sweep, 1,000 games at
# the usual rates, catches each of these bugs too: benchmarks/sim_planted_sweep.py.)
BUSY = DirectorMix(misdeal=0.1, ruling=0.3, look=1.0, clock=0.5, forfeit=0.5)
RULINGS, CLOCK = "docs/rules.md, Rulings", ("the clock", "docs/rules.md, The clock")


def test_a_planted_bug_in_a_ruling_s_scoring_is_caught_by_the_usual_director(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plant(monkeypatch, "books-cost-ten-points-a-book")
    report = play_sweep(0, SMALL, nights=0).as_json()
    found = [found for found in report["violations"] if found["check"] == "ruling"]
    assert found, Counter(violation["check"] for violation in report["violations"])
    assert "book against side" in found[0]["message"] or "books against" in found[0]["message"]
    assert {violation["rule_doc"] for violation in found} == {RULINGS}
    assert any("books" in violation["rule"] for violation in found)


@pytest.mark.parametrize(
    ("bug", "check", "rule"),
    [
        ("books-cost-ten-points-a-book", "ruling", ("rulings: books", RULINGS)),
        ("set-ruling-spares-an-exact-contract", "ruling", ("rulings: set", RULINGS)),
        ("books-taken-from-a-nil", "ruling", ("rulings: books", RULINGS)),
        ("forfeit-won-by-the-forfeiter", "end", ("rulings: forfeit", RULINGS)),
        ("a-made-deal-keeps-the-run", "end", ("sets_in_a_row", "docs/rules.md, How a game ends")),
        ("time-plays-one-deal-more", "end", CLOCK),
        ("time-called-in-the-next-deal", "clock", CLOCK),
        ("misdeal-not-seen-by-the-next-dealer", "misdeal",
         ("misdeal_redeal", "docs/rules.md, Misdeals")),
        ("tricks-never-wait-for-the-ok", "confirm",
         ("confirm_entries", "docs/rules.md, The other side's OK")),
        ("a-waiting-round-is-scored", "confirm",
         ("confirm_entries", "docs/rules.md, The other side's OK")),
    ],
)  # fmt: skip
def test_a_planted_bug_of_the_director_s_kit_is_caught_and_named(
    bug: str, check: str, rule: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rulings, sets in a row, the clock's end, misdeals and the other side's OK, which
    only the sweep's director reaches: each bug is caught by the check it breaks, and
    named by the rule and the section of docs/rules.md that says it (a ruled round by
    the kinds of ruling made on its deal)."""
    plant(monkeypatch, bug)
    report = play_sweep(0, SMALL, direction=BUSY, nights=0).as_json()
    found = [found for found in report["violations"] if found["check"] == check]
    assert found, (PLANTS[bug].rule, Counter(v["check"] for v in report["violations"]))
    named = {(violation["rule"], violation["rule_doc"]) for violation in found}
    if check == "ruling":  # "rulings: books", or "rulings: books, points" on one deal
        knob, doc = rule
        assert {doc for _, doc in named} == {doc}
        assert any(knob.split(": ")[1] in name for name, _ in named), named
    else:
        assert named == {rule}


def test_a_sweep_under_a_busy_director_finds_nothing_wrong() -> None:
    report = play_sweep(0, SMALL, direction=BUSY, nights=0).as_json()
    assert report["violation_count"] == 0, report["violations"][:3]
    reached = report["reached"]
    for what in ("books ruling", "points ruling", "set ruling", "forfeit ruling",
                 "forfeit ruling in play", "misdeal, redeal same", "misdeal, redeal next",
                 "round agreed by the other side", "time called in play",
                 "time called between deals", "ended by time", "ended by forfeit",
                 "ended by sets-in-a-row"):  # fmt: skip
        assert reached[what], what


def test_a_sweep_tries_the_refused_bids_of_every_level_and_plays_every_format_of_night() -> None:
    report = play_sweep(0, TWICE)
    data = report.as_json()
    assert data["violation_count"] == 0, data["violations"][:3]
    tried = data["refusals_tried"]
    assert list(tried) == list(TRIED_REASONS)
    assert all(tried[why] for why in ("suicide", "min-team-bid", "no-hell", "above-the-deal",
                                      "blind-nil-off", "joint-nil"))  # fmt: skip
    nights = data["nights"]
    assert nights["nights"] == NIGHTS and nights["games"] > 100
    assert all(nights["reached"][f"{format_} night"] for format_ in FORMATS)
    for what in ("bye", "player or pair added", "player or pair dropped", "game rated",
                 "game ended by the deal limit"):  # fmt: skip
        assert nights["reached"][what], what
    fields = [case.players for case in night_cases(0)]
    assert min(fields) == 8 and max(fields) == 21


def test_a_refusal_that_leaves_out_what_is_allowed_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every refusal the explorers meet is said as a player sees it: the bids allowed
    instead (here, the least blind bid left out where blind bids are open) are named."""
    forms = bids.bid_forms
    monkeypatch.setattr(bids, "bid_forms", lambda rules: forms(rules).split(", blind")[0])
    found = [found for found in play_sweep(0, SMALL).as_json()["violations"]
             if found["check"] == "bids"]  # fmt: skip
    assert found and all("said:" in violation["message"] for violation in found), found[:1]


def test_the_chances_shown_for_a_table_in_play_are_held_to_openskill(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Ratings, "chances", lambda self, sides: [0.5] * len(sides))
    found = [found for found in play_sweep(0, TWICE).as_json()["violations"]
             if found["check"] == "ratings"]  # fmt: skip
    assert found and all("chances" in violation["message"] for violation in found)


def test_a_bid_the_sheet_shows_as_another_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bid of a kept game, as the sheet shows it, reads back as the same bid."""
    monkeypatch.setattr(sweep, "show_bid", lambda bid: "nil" if bid.is_nil else str(bid))
    found = [found for found in play_sweep(0, SMALL).as_json()["violations"]
             if found["check"] == "file"]  # fmt: skip
    assert found and all("bnil shown as nil" in violation["message"] for violation in found)


def test_the_engine_and_the_reference_name_the_same_refusals() -> None:
    """Every refusal kind of the engine's bid checks has the reference's name for it."""
    kinds = {kind for kind, _ in REFERENCE_NAME}
    assert kinds == set(bids.Refused)


def _blind_read_as_a_number(text: str, rules: object = None) -> Bid:
    bid = bids.parse_bid(text, rules)  # type: ignore[arg-type]
    return number(bid.tricks) if bid.kind is BidKind.BLIND else bid


@pytest.mark.parametrize(
    ("where", "name", "plant_", "check", "words", "rule"),
    [
        # Open bids that leave out the lowest number: no bot would try it where a 0 is
        # nil, so only holding the engine's list to the reference's shows it.
        (sweep, "open_bids", lambda rules, trailing_by=None: dataclasses.replace(
            bids.open_bids(rules, trailing_by), low=2), "bids",
         "leave out 1 and add none", ("players", "docs/rules.md, The table and the deck")),
        # A game file that reads a blind bid back as a plain number.
        (gamefile, "parse_bid", _blind_read_as_a_number, "file",
         "reads back as another game", ("file", "docs/game-file.md")),
    ],
    ids=["open-bids-without-1", "file-reads-blind-as-number"],
)  # fmt: skip
def test_what_no_deal_shows_is_caught_too(
    where: object, name: str, plant_: object, check: str, words: str, rule: tuple[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """The engine's list of the bids a player may make (what hints, choices and the bots
    start from) is held to the reference once a rule set; every kept game is written to
    its file and read back."""
    monkeypatch.setattr(where, name, plant_)
    report = play_sweep(0, SMALL).as_json()
    found = [found for found in report["violations"] if found["check"] == check]
    assert found, Counter(violation["check"] for violation in report["violations"])
    assert any(words in violation["message"] for violation in found), found[0]["message"]
    assert {(violation["rule"], violation["rule_doc"]) for violation in found} == {rule}


def test_each_knob_is_named_under_its_heading_in_the_rules_page() -> None:
    page = (Path(__file__).parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    every = page.split("## Every knob", 1)[1].split("\n## ", 1)[0]
    under = {}
    for section in every.split("\n### ")[1:]:
        heading, _, table = section.partition("\n")
        for key in re.findall(r"^\| `(\w+)` \|", table, flags=re.MULTILINE):
            under[key] = heading.strip()
    assert {key: under[key] for key in HEADINGS} == HEADINGS


def test_explorers_make_the_bids_the_heuristic_bots_never_make() -> None:
    overrides = ["blind_bids=true", "blind_bid_deficit=0", "boston=true", "partner_bidding=true"]
    name, rules = resolve_rules("house", overrides)
    knobs = knobs_of_preset("house", overrides)
    explorer = functools.partial(ExplorerBot, knobs=knobs)
    game = GameRunner(rules, preset=name, seed=3, knobs=knobs, seat_bots=[explorer] * 4,
                      keep_records=True)  # fmt: skip
    made: Counter[str] = Counter()
    for index in range(6):
        result = game.play_game(index)
        assert result.violations == []
        for record in result.records:
            made.update(bid.kind.value for _, bid in record.bids)
            made["joint"] += sum(record.joint)
    assert made["blind"] and made["bnil"] and made["joint"], made


def test_the_sweep_samples_only_what_a_new_game_accepts() -> None:
    """Suicide with no hell can leave the last bidder no bid: the rules refuse the two
    together, so no sampled case plays them and the pair is not one left to reach."""
    cases = sweep_cases(0, 60)
    for _, rules in cases:
        check_new_rules(rules)
    assert any(rules.suicide for _, rules in cases) and any(rules.no_hell for _, rules in cases)
    assert not any(rules.suicide and rules.no_hell for _, rules in cases)
    assert not pair_allowed("no_hell", "suicide")


def test_simulate_sweep_reports_what_it_reached_as_json() -> None:
    result = runner.invoke(app, ["simulate", "--sweep", "--games", "30", "--seed", "2",
                                 "--json", "--jobs", "1"])  # fmt: skip
    assert result.exit_code == 0, result.stdout
    data = json.loads(result.stdout)
    assert (data["games"], data["violation_count"]) == (30, 0)
    assert list(data["reached"]) == list(SITUATIONS)
    assert data["knob_values"]["blind_bids"]["true"] > 0
    # A sweep this small plays the fixed cases alone and says what it did not reach.
    assert data["not_reached"]["knob_values"]
    assert data["knob_pairs"]["possible"] is None


def test_simulate_sweep_shows_the_director_s_kit_it_played() -> None:
    """The new knobs' values, and the rulings, misdeals and clock by kind, in the text
    report (a situation the report looks for has its words)."""
    result = runner.invoke(app, ["simulate", "--sweep", "--games", "40", "--seed", "1",
                                 "--jobs", "1"])  # fmt: skip
    assert result.exit_code == 0, result.stdout
    for words in ("sets_in_a_row", "misdeal_redeal", "confirm_entries", "ruling: books",
                  "ruling: set", "misdeal, the same player deals again", "game ended by time",
                  "game ended by sets in a row"):  # fmt: skip
        assert words in result.stdout, words
    data = json.loads(runner.invoke(app, ["simulate", "--sweep", "--games", "40", "--seed",
                                          "1", "--jobs", "1", "--json"]).stdout)  # fmt: skip
    for knob, values in (("sets_in_a_row", ("0", "2")), ("misdeal_redeal", ('"same"', '"next"')),
                         ("confirm_entries", ("false", "true"))):  # fmt: skip
        assert all(data["knob_values"][knob][value] for value in values), knob
    assert data["reached"]["books ruling"] and data["reached"]["misdeal, redeal same"]


def test_simulate_sweep_refuses_the_options_of_a_single_run() -> None:
    result = runner.invoke(app, ["simulate", "--sweep", "--preset", "club"])
    assert result.exit_code == 2
    assert "--sweep plays its own rule sets and bots" in result.stderr
    assert "--preset" in result.stderr and "Traceback" not in result.stderr
