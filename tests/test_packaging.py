"""The wheel carries every preset, byte for byte, so an installed scorepad finds them, and
installs and simulates without a compiler.

One wheel, built without a compiler, serves every test here (a build costs seconds). That a
wheel built with one carries the compiled kernel is checked by `.ci/run`, which installs
`pip install .` in a fresh venv and requires `"kernel": "c"` from its `simulate --json`."""

from __future__ import annotations

import gettext
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def build_wheel(tmp_path: Path, **env: str) -> Path:
    """A wheel built from a clean copy of the source (no build/ folder or in-place kernel
    left by an earlier build), the way pip builds it for a user."""
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "dist", "*.so", "*.pyd", "__pycache__", ".*_cache",
            "*.egg-info", ".hypothesis", "*.mo",
        ),
    )  # fmt: skip
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "-w", str(tmp_path / "wheel"), str(source)],
        check=True,
        capture_output=True,
        env={**os.environ, **env},
    )  # fmt: skip
    (wheel,) = (tmp_path / "wheel").glob("scorepad-*.whl")
    return wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel pip builds where no compiler works (`CC=false`)."""
    if shutil.which("false") is None:
        pytest.skip("no `false` program to stand in for a missing compiler")
    return build_wheel(tmp_path_factory.mktemp("wheel"), CC="false", SCOREPAD_REQUIRE_KERNEL="0")


def test_wheel_ships_every_preset_the_type_marker_and_the_catalog(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        shipped = {
            Path(name).name: archive.read(name)
            for name in archive.namelist()
            if name.startswith("scorepad/presets/")
        }
        assert "scorepad/py.typed" in archive.namelist()
        # The German catalog, compiled from its .po by the build (the copy has no .mo).
        catalog = archive.read("scorepad/locale/de/LC_MESSAGES/scorepad.mo")
    german = gettext.GNUTranslations(io.BytesIO(catalog))
    assert german.gettext("Show this message and exit.") == "Diese Hilfe zeigen und beenden."
    source = {path.name: path.read_bytes() for path in (ROOT / "presets").glob("*.toml")}
    assert shipped == source
    assert len(shipped) == 16


def test_without_a_compiler_the_wheel_installs_and_simulates_in_python(
    wheel: Path, tmp_path: Path
) -> None:
    with zipfile.ZipFile(wheel) as archive:
        assert not [name for name in archive.namelist() if name.endswith((".so", ".pyd"))]
    target = tmp_path / "installed"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
         str(wheel)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "scorepad", "simulate", "--json", "--bots", "random",
         "--games", "5", "--seed", "1", "--preset", "solo-5"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(target)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["kernel"], data["violation_count"], data["games"]) == ("python", 0, 5)
    assert "not built" in data["kernel_reason"]
