"""Pinned runs: the same seed gives exactly the JSON it gave before the simulator's rewrite.

The expected JSON lives in tests/golden/sim/*.json, written by running the code under test
with `SCOREPAD_UPDATE_GOLDEN=1`. To pin another version of the code (for instance the code
before a rewrite, after a legitimate change to the bid rules or a bot), run this module
against that code, in one command from this checkout:

    SCOREPAD_UPDATE_GOLDEN=1 PYTHONPATH=/path/to/that/checkout \
        .venv/bin/python -m pytest -q tests/test_sim_golden.py

(PYTHONPATH comes before the editable install, so `scorepad` is imported from there; the
test prints nothing else and uses only `RunConfig`, `simulate` and `as_json`, which every
version has.) The pins are the Python path; the kernel plays the same games for the same
seed, which tests/test_sim_kernel.py holds it to.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

import pytest

from scorepad.files.presets import load_preset
from scorepad.sim.run import RunConfig, simulate

GOLDEN = Path(__file__).parent / "golden" / "sim"
# Keys that vary from run to run, or name the path that ran rather than what it played.
UNPINNED = ("elapsed_seconds", "deals_per_second", "kernel", "kernel_reason")

# name: (preset, bots, games, seed)
RUNS: dict[str, tuple[str, tuple[str, ...], int, int]] = {
    "random-standard-seed1": ("standard", ("random",), 40, 1),
    "random-standard-seed7": ("standard", ("random",), 40, 7),
    "random-club-seed1": ("club", ("random",), 30, 1),
    "random-jokers-seed7": ("jokers", ("random",), 30, 7),
    "random-house-seed1": ("house", ("random",), 20, 1),
    "random-solo-5-seed1": ("solo-5", ("random",), 20, 1),
    "heuristic-standard-seed1": ("standard", ("heuristic",), 12, 1),
    "heuristic-standard-seed7": ("standard", ("heuristic",), 12, 7),
    "heuristic-random-house-seed3": ("house", ("heuristic", "random"), 10, 3),
}


def pinned_json(name: str, jobs: int) -> dict[str, Any]:
    preset, bots, games, seed = RUNS[name]
    config = RunConfig(load_preset(preset).rules, preset, games, seed=seed, bots=bots)
    if "kernel" in {f.name for f in dataclasses.fields(RunConfig)}:
        config = dataclasses.replace(config, kernel="python")
    data = simulate(config, jobs=jobs).as_json()
    assert data.get("kernel", "python") == "python"
    return {key: value for key, value in data.items() if key not in UNPINNED}


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("name", list(RUNS))
def test_a_seeded_run_gives_its_pinned_json(name: str, jobs: int) -> None:
    path = GOLDEN / f"{name}.json"
    actual = json.dumps(pinned_json(name, jobs), indent=2, sort_keys=True) + "\n"
    if os.environ.get("SCOREPAD_UPDATE_GOLDEN") == "1" and jobs == 1:
        path.write_text(actual)
    assert path.is_file(), f"{path} is missing: run with SCOREPAD_UPDATE_GOLDEN=1 to write it"
    assert actual == path.read_text()
