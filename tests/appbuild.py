"""The phone app, built once for the tests that need it (Node's parity test, the browser's).

The build fetches the pinned Pyodide runtime from the npm registry the first time (then
it is cached); where it cannot be had, the tests that need it skip and say why.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorepad.app.build import build_app
from scorepad.errors import ScorepadError

NODE = shutil.which("node")
_BUILT: dict[str, Path] = {}


def built_app(folder: Path, url: str = "") -> Path:
    """The app built into `folder` (once a session for each url); skips where the runtime
    cannot be fetched."""
    if url in _BUILT:
        return _BUILT[url]
    try:
        build_app(folder, url)
    except ScorepadError as error:
        pytest.skip(f"the app cannot be built here: {error}")
    _BUILT[url] = folder
    return folder
