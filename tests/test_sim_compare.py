"""Rule sets side by side: intervals, figures folded from games counted by hand, and the
command on small real runs (a preset file by path, decks that differ, impossible rates)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import preset_rules
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.i18n import _, format_number, speaking
from scorepad.sim.compare import Column, Comparison, Rate, RuleSet, mark_differences, wilson
from scorepad.sim.gameloop import GameResult
from scorepad.sim.run import RunConfig, RunSummary

runner = CliRunner()


@pytest.mark.parametrize(
    ("count", "of", "low", "high"),
    [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0), (0, 0, 0.0, 1.0),
     (30, 200, 0.1071, 0.2061)],
    ids=["none-of-10", "half-of-10", "all-of-10", "no-trials", "30-of-200"],
)  # fmt: skip
def test_wilson_interval(count: int, of: int, low: float, high: float) -> None:
    assert tuple(round(bound, 4) for bound in wilson(count, of)) == (low, high)


def column(preset: str, games: list[tuple[GameResult, int]]) -> Column:
    rules = preset_rules(preset)
    result = Column(
        RuleSet(preset, preset, rules), RunSummary(config=RunConfig(rules, preset, len(games)))
    )
    for game, bags in games:
        result.add(game, bags)
    result.set_rates()
    return result


def game(**fields: object) -> GameResult:
    return GameResult(side_bots=("heuristic", "heuristic"), **fields)  # type: ignore[arg-type]


# Three club games, counted by hand below.
CLUB_GAMES = [
    (game(index=0, deals=10, winner=0, end="target", scores=(510, 230), first_dealer_side=0,
          nil_bids=2, nil_made=1, blind_nil_bids=1, blind_nil_made=1, contracts=20, sets=4,
          bag_penalties=1), 12),
    (game(index=1, deals=8, winner=1, end="loss-limit", scores=(-210, 150),
          first_dealer_side=0, nil_bids=1, nil_made=1, contracts=16, sets=5), 6),
    (game(index=2, deals=500, end="unfinished", scores=(300, 320), first_dealer_side=1,
          contracts=1000, sets=200, bag_penalties=3), 40),
]  # fmt: skip


def test_a_column_folded_from_games_counted_by_hand() -> None:
    data = column("club", CLUB_GAMES).as_json()
    rate = {key: (value["count"], value["of"]) for key, value in data.items()
            if isinstance(value, dict)}  # fmt: skip
    assert (data["games"], data["deals"], data["finished"], data["violations"]) == (3, 518, 2, 0)
    assert data["deals_per_game"] == 172.67  # 518 / 3
    assert rate["ended_target"] == rate["ended_loss_limit"] == rate["ended_cap"] == (1, 3)
    assert data["ended_sets"] is None and data["ended_boston"] is None  # club has neither
    assert rate["nil_bid"] == (3, 518 * 4)  # per hand: deals times players
    assert rate["nil_made"] == (2, 3)
    assert rate["blind_nil_bid"] == (1, 2072) and rate["blind_nil_made"] == (1, 1)
    assert rate["contracts_set"] == (209, 1036)
    assert (data["bags_per_game"], data["bag_penalties_per_game"]) == (19.33, 1.33)  # 58/3, 4/3
    assert data["average_margin"] == 320.0  # (510 - 230 + 150 + 210) / 2 decided games
    assert data["average_score"] == 216.7  # 1300 / 6 side-games
    assert rate["first_dealer_won"] == (1, 2)  # game 0 yes, game 1 no; game 2 undecided
    assert data["warnings"] == [
        "club: 1 of 3 games hit the 500-deal cap (the bots' failing, not the rules')"
    ]


def test_impossible_rates_are_none_not_zero() -> None:
    data = column("standard", CLUB_GAMES[:1]).as_json()
    assert data["ended_loss_limit"] is None  # no loss limit in standard
    assert data["blind_nil_bid"] is None and data["blind_nil_made"] is None
    assert column("quicksand", CLUB_GAMES[:1]).as_json()["bag_penalties_per_game"] is None


def test_runaway_scores_are_named() -> None:
    runaway = [(game(index=0, deals=500, end="unfinished", scores=(-6000, -5500)), 900)]
    assert column("standard", runaway).warnings() == [
        "standard: 1 of 1 games hit the 500-deal cap (the bots' failing, not the rules')",
        "standard: scores average -5,750, over 10x the target 500 (the bots' failing, not the"
        " rules')",
    ]


def test_the_notes_are_facts_worded_in_the_reader_s_language() -> None:
    runaway = [(game(index=0, deals=500, end="unfinished", scores=(-6000, -5500)), 900)]
    capped, average = column("standard", runaway).notes()
    assert (capped.values["capped"], capped.values["cap"], average.average) == (1, 500, -5750)
    with speaking("de"):
        words = [note.worded(_, lambda x: format_number(x, 0)) for note in (capped, average)]
    assert words == [
        "standard: 1 von 1 Partien erreichten die Höchstzahl von 500 Spielen (ein Mangel der"
        " Bots, nicht der Regeln)",
        "standard: im Mittel -5.750 Punkte, mehr als das Zehnfache des Ziels 500 (ein Mangel"
        " der Bots, nicht der Regeln)",
    ]


@pytest.mark.parametrize(
    ("first", "second", "differs"),
    [((0, 50), (50, 50), True), ((25, 50), (27, 50), False), ((0, 0), (5, 10), False)],
    ids=["apart", "overlapping", "no-trials"],
)
def test_differences_are_marked_when_the_intervals_do_not_overlap(
    first: tuple[int, int], second: tuple[int, int], differs: bool
) -> None:
    left, right = column("standard", CLUB_GAMES[:1]), column("standard", CLUB_GAMES[:1])
    left.rates["contracts_set"], right.rates["contracts_set"] = Rate(*first), Rate(*second)
    mark_differences(Comparison([left, right], 1, 0, ("heuristic",)))
    assert right.rates["contracts_set"] is not None
    assert right.rates["contracts_set"].differs is differs
    assert left.rates["contracts_set"] is not None and not left.rates["contracts_set"].differs


# ---------------------------------------------------------------------------
# The command, on small real runs


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def same_as_standard(tmp_path: Path) -> Path:
    """A preset file with the standard rules, by another name."""
    path = tmp_path / "mine.toml"
    path.write_text('summary = "standard, written out"\ntarget = 500\n')
    return path


def test_the_same_rules_twice_give_the_same_games(same_as_standard: Path) -> None:
    code, out, err = run("--compare", f"standard,{same_as_standard}", "--games", "3", "--json")
    data = json.loads(out)
    assert (code, err) == (0, "")
    first, second = data["columns"]
    assert (first["rules"], second["rules"]) == ("standard", str(same_as_standard))
    assert (data["games"], data["same_decks"], data["warnings"]) == (3, True, [])
    # Same seeds, same rules: the same games, so the same figures (and no difference).
    assert {k: v for k, v in first.items() if k not in ("rules", "preset")} == {
        k: v for k, v in second.items() if k not in ("rules", "preset")
    }
    assert first["games"] == 3 and first["violations"] == 0 and first["finished"] == 3
    assert first["blind_nil_made"] is None


def test_a_comparison_is_the_same_whatever_the_jobs() -> None:
    """Columns played on two or three processes merge to the figures of one."""
    args = ["--compare", "standard,club", "--games", "14", "--seed", "5", "--json"]
    code, out, err = run(*args)
    assert (code, err) == (0, "")
    for jobs in ("2", "3"):
        assert run(*args, "--jobs", jobs) == (0, out, "")
    assert json.loads(out)["columns"][1]["games"] == 14


def test_the_table_says_not_in_these_rules_and_when_decks_differ(home: Path) -> None:
    code, out, err = run("--compare", "club,jokers", "--games", "2", "--seed", "3")
    assert (code, err) == (0, "")
    rows = {line[:26].strip(): line[26:].split("  ") for line in out.splitlines()}
    assert [cell.strip() for cell in rows["blind nil made"] if cell.strip()][-1] == (
        "not in these rules"
    )
    assert "ended by sets" not in rows  # neither rule set ends a game by sets
    assert "the decks differ (club: 52 cards to 4; jokers: 54 cards to 4): the same seeds" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--compare", "club"], "--compare 'club': give two or more presets or preset files,"
         " comma-separated, like club,house"),
        (["--compare", "club,nope"], "unknown preset 'nope'"),
        (["--compare", "club,house", "--save", "x"], "--save writes one run's games; it does"
         " not go with --compare"),
    ],
    ids=["one-rule-set", "unknown-preset", "with-save"],
)  # fmt: skip
def test_refusals_are_one_line(args: list[str], message: str) -> None:
    code, out, err = run(*args, "--games", "1")
    assert (code, out) == (2, "")
    assert err.startswith(f"scorepad: {message}") and err.count("\n") == 1


@pytest.mark.parametrize(("preset", "bots"), [("house", "random"), ("suicide", "heuristic")])
def test_a_games_bags_are_the_new_bags_of_its_standings(preset: str, bots: str) -> None:
    # `--compare` reads the bags from the game loop's fold, not from a second fold of
    # the kept game; the two must agree.
    from scorepad.engine.game import standings
    from scorepad.sim.gameloop import GameRunner

    runner = GameRunner(preset_rules(preset), preset=preset, bots=(bots,), seed=3, keep_game=True)
    total = 0
    for index in range(5):
        result = runner.play_game(index)
        assert result.game is not None
        rounds = standings(result.game).rounds
        assert result.bags == sum(side.new_bags for round_ in rounds for side in round_.sides or ())
        total += result.bags
    assert total > 0
