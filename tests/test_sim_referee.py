"""The referee reads the rules itself: from the preset file's TOML and the overrides.

A knob the engine's preset loader misreads reaches the engine alone: the reference,
which reads the file on its own (`referee.knobs_of_preset`), scores by what the file
says, and the simulator reports the difference.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.rules import Rules
from scorepad.files import presets
from scorepad.reference import rulebook
from scorepad.sim.referee import knobs_of_preset, read_knobs

runner = CliRunner()
real_rules_from_mapping = presets.rules_from_mapping


def misread_bag_penalty(data: Mapping[str, Any], source: str = "") -> Rules:
    """The loader takes `bag_limit`'s number for `bag_penalty` (10 for club's 100)."""
    wrong = dict(data)
    wrong["bag_penalty"] = data.get("bag_limit", 10)
    return real_rules_from_mapping(wrong, source=source)


def simulate(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["simulate", "--games", "30", "--seed", "2", "--json", *args])
    data: dict[str, Any] = json.loads(result.stdout)
    assert result.exit_code == (1 if violations_of(data) else 0), result.stderr
    return data


def violations_of(data: dict[str, Any]) -> int:
    """The violations of a run, a comparison (every column's) or a league."""
    if "columns" in data:
        return sum(column["violations"] for column in data["columns"])
    found = data.get("violation_count", data.get("violations"))
    assert isinstance(found, int)
    return found


def test_a_knob_the_engines_loader_misreads_is_caught_by_the_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert simulate("--preset", "club")["violation_count"] == 0
    monkeypatch.setattr(presets, "rules_from_mapping", misread_bag_penalty)
    data = simulate("--preset", "club")
    assert data["violation_count"] > 0
    assert {violation["check"] for violation in data["violations"]} >= {"reference"}
    # The engine and the reference differ by the penalty alone: 10 against 100.
    first = next(v for v in data["violations"] if v["check"] == "reference")
    engine, ours = map(int, re.findall(r"(-?\d+) points", first["message"]))
    assert engine - ours == 90, first["message"]


def test_the_reference_reads_a_preset_file_and_its_overrides_itself() -> None:
    knobs = knobs_of_preset("club", ["target=300", "failed_nil_tricks=contract", "bags=false"])
    assert (knobs["target"], knobs["failed_nil_tricks"], knobs["bags"]) == (300, "contract", False)
    assert knobs["loss_limit"] == -200  # club's file
    assert knobs["blind_nil"] is True
    assert knobs["tie"] == rulebook.DEFAULTS["tie"]  # not in the file: the default
    assert "summary" not in knobs
    assert read_knobs(
        'target = 250\nsummary = "x"', ["loss_limit=-500"]
    ) == rulebook.with_defaults({"target": 250, "loss_limit": -500})


def test_the_compare_and_league_paths_hand_the_reference_the_file_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every run the CLI starts reads the preset file for the reference: a comparison's
    columns and a league as well as a single run and the sweep."""
    compare = ["--compare", "club,standard", "--set", "bag_limit=3"]
    league = ["--preset", "club", "--set", "bag_limit=3", "--league", "8",
              "--games-per-player", "2"]  # fmt: skip
    columns = simulate(*compare)["columns"]
    assert [column["violations"] for column in columns] == [0, 0]
    assert violations_of(simulate(*league)) == 0
    monkeypatch.setattr(presets, "rules_from_mapping", misread_bag_penalty)
    columns = simulate(*compare)["columns"]
    assert all(column["violations"] > 0 for column in columns), columns
    assert violations_of(simulate(*league)) > 0
