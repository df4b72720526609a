"""The wheel carries every preset, byte for byte, so an installed scorepad finds them."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_wheel_ships_every_preset_and_the_type_marker(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("scorepad-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        shipped = {
            Path(name).name: archive.read(name)
            for name in archive.namelist()
            if name.startswith("scorepad/presets/")
        }
        assert "scorepad/py.typed" in archive.namelist()
    source = {path.name: path.read_bytes() for path in (ROOT / "presets").glob("*.toml")}
    assert shipped == source
    assert len(shipped) == 13
