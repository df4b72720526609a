"""Parity without a browser: the built app's engine, run by Pyodide in Node and restored
from the memory snapshot the app keeps after its first start (as every later start is),
prints the same `show --json` as CPython's `scorepad show --json`, byte for byte, for
every game file the tests keep and for games the simulator plays under every shipped
preset."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorepad.files.presets import preset_names
from tests.appbuild import NODE, built_app

HERE = Path(__file__).parent
pytestmark = pytest.mark.skipif(NODE is None, reason="no Node (apt-get install nodejs to run it)")
GAMES_PER_PRESET = 16  # 13 presets: 208 simulated games


def _simulated(folder: Path) -> list[Path]:
    for preset in preset_names():
        subprocess.run(
            [sys.executable, "-m", "scorepad", "simulate", "--preset", preset, "--games",
             str(GAMES_PER_PRESET), "--seed", "40", "--bots", "heuristic,random",
             "--save", str(folder / preset)],
            check=True, capture_output=True,
        )  # fmt: skip
    return sorted(folder.rglob("*.toml"))


def _cpython_show_json(path: Path) -> str:
    from scorepad.cli.main import load_commands

    result = CliRunner().invoke(load_commands("show"), ["show", "--json", "--game", str(path)])
    if result.exit_code != 0:
        return "refused: " + result.stderr.strip().removeprefix("scorepad: ")
    return result.stdout


def test_the_apps_engine_shows_every_game_as_cpython_does(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    app = built_app(tmp_path_factory.mktemp("app"))
    simulated = _simulated(tmp_path_factory.mktemp("simulated"))
    kept = sorted((HERE / "fixtures").rglob("*.toml"))
    files = [*kept, *simulated]
    assert len(simulated) >= 200 and {path.parent.name for path in simulated} == set(
        preset_names()
    )
    run = subprocess.run(
        [NODE or "node", str(HERE / "app_parity.mjs"), str(app.resolve())],
        input=json.dumps([str(path) for path in files]),
        capture_output=True, text=True, check=False, timeout=900,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    answer = json.loads(run.stdout)
    assert answer["restored"]
    shown = answer["shown"]
    differing = [path for path in files if shown[str(path)] != _cpython_show_json(path)]
    assert not differing, f"{len(differing)} differ, first {differing[0]}"
    assert sum(text.startswith("{") for text in shown.values()) >= 200
