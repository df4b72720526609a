"""Games saved by an older scorepad open and score exactly as when they were played.

The fixtures in tests/fixtures/old-games were written by the scorepad of 170ea06, just
before knob combinations that mean nothing were refused (see their README). Each holds a
combination refused now; a saved game's rules are read as written.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.refusals import refusals
from scorepad.engine.ruledata import rules_from_mapping, rules_to_mapping
from scorepad.errors import RulesError
from scorepad.files.store import load_game_file

FIXTURES = Path(__file__).parent / "fixtures" / "old-games"
OLD_GAMES = sorted(path.stem for path in FIXTURES.glob("*.toml"))
runner = CliRunner()

# The setting of each game that a new game refuses, as the sheet names it.
REFUSED = {
    "bag-limit-without-bags": "bag_limit = 5",
    "bonus-no-exact-bids": "exact_bonus_bids = []",
    "bonus-threshold-13": "big_contract_threshold = 13",
    "boston-wins-without-boston": "boston_wins = true",
    "house-ten-for-200-bid-13": "ten_for_200_bid = 13",
    "no-nil-double-nil": 'double_nil = "all-or-nothing"',
    "no-nil-failed-nil-contract": 'failed_nil_tricks = "contract"',
    "quicksand-bag-limit": 'bag_limit = 5',
    "quicksand-overtrick-points": 'overtrick_points = 2',
    "quicksand-set-zero": 'set_scoring = "zero"',
    "solo3-double-nil": 'double_nil = "all-or-nothing"',
    "standard-quicksand-overtrick-0": 'overtrick_points = 0',
    "suicide-partner-bidding": "partner_bidding = true",
}  # fmt: skip


def test_every_kind_the_issue_lists_has_a_fixture() -> None:
    assert sorted(REFUSED) == OLD_GAMES


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def without_new_keys(data: dict[str, Any]) -> dict[str, Any]:
    """Today's export without the keys added since (each round's after_end and warnings,
    the rules' deal_limit, sets_in_a_row, misdeal_redeal and
    confirm_entries, the deal and the deals left)."""
    assert data["rules"].pop("deal_limit") == 0
    assert data["rules"].pop("sets_in_a_row") == 0
    assert data["rules"].pop("misdeal_redeal") == "same"
    assert data["rules"].pop("confirm_entries") is False
    assert data.pop("deals_left") is None  # no deal limit
    assert data.pop("clock") is None  # no clock
    data.pop("deal")
    for round_ in data["rounds"]:
        assert round_.pop("after_end") is False
        assert round_.pop("warnings") == []
    return data


@pytest.mark.parametrize("name", OLD_GAMES)
def test_old_games_that_no_longer_open(name: str, home: Path) -> None:
    """Every old game opens, its export is the old version's, and the sheet says in one
    line which of its settings a new game would refuse."""
    path = FIXTURES / f"{name}.toml"
    old_export = json.loads((FIXTURES / f"{name}.json").read_text())
    code, out, err = run("export", "-g", str(path), "--format", "json")
    assert (code, err) == (0, "")
    assert without_new_keys(json.loads(out)) == old_export
    code, out, err = run("show", "-g", str(path))
    assert (code, err) == (0, "")
    kept = f"Kept as played: a new game would refuse {REFUSED[name]}."
    assert kept in out.splitlines(), out
    # A new game with these rules is refused, naming the knob.
    rules = load_game_file(path).rules
    with pytest.raises(RulesError, match=refusals(rules)[0].key):
        rules_from_mapping(rules_to_mapping(rules))


@pytest.mark.parametrize("name", ["quicksand-overtrick-points", "suicide-partner-bidding"])
def test_old_games_play_on_and_are_saved_as_written(name: str, home: Path, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.toml"
    shutil.copy(FIXTURES / f"{name}.toml", path)
    before = load_game_file(path).rules
    code, _, err = run("bid", "-g", str(path), "Ann=nil", "Bob=4", "Cy=4", "Di=nil")
    assert (code, err) == (0, "")
    loaded = load_game_file(path)
    assert loaded.rules == before
    assert len(loaded.rounds) == 4
