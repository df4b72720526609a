"""The static app, written to a folder any static HTTPS host can serve.

DIR/index.html, DIR/manifest.webmanifest and DIR/sw.js at its root; the shell's script
and styles beside them; DIR/pyodide/ holds the pinned runtime, the wheels, and a lock file
naming exactly those wheels (a lock naming a wheel the site does not serve breaks the
load). The service worker caches every file under a name made from their content, so a
changed file is a new cache, picked up on the next start.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from scorepad.app import runtime
from scorepad.app.icons import icon_png
from scorepad.app.wheels import Wheel, app_wheels, lock_entry
from scorepad.errors import ScorepadError
from scorepad.i18n import _

SHELL = Path(__file__).parent / "shell"
SERVED_STATIC = Path(__file__).parent.parent / "serve" / "static"
RUNTIME_DIR = "pyodide"
# The served page's styles, then the app's own few rules after them.
STYLES = (SERVED_STATIC / "style.css", SHELL / "app.css")
_MARK = ".scorepad-app"  # in a folder a build wrote: only such a folder is replaced


@dataclass(frozen=True)
class Built:
    """What a build wrote: the folder, every file (by path), the content hash."""

    folder: Path
    files: dict[str, int]  # path inside the folder -> bytes
    cache_name: str

    @property
    def total(self) -> int:
        return sum(self.files.values())


def lock_file(base: dict[str, object], wheels: list[Wheel]) -> bytes:
    """Pyodide's lock file with the runtime's `info` and exactly `wheels` as packages."""
    lock = {"info": base["info"], "packages": {wheel.name: lock_entry(wheel) for wheel in wheels}}
    return (json.dumps(lock, indent=1, sort_keys=True) + "\n").encode()


def manifest(url: str) -> bytes:
    """The web manifest: installable, with PNG icons (maskable) and the vector one."""
    data = {
        "name": "scorepad",
        "short_name": "scorepad",
        "description": "A score pad for Spades: every rule scored right, offline.",
        "start_url": "./",
        "scope": "./",
        "id": url or "./",
        "display": "standalone",
        "background_color": "#0f5132",
        "theme_color": "#0a3622",
        "icons": [
            {"src": "icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "icon-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
            {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        ],
    }  # fmt: skip
    return (json.dumps(data, indent=1) + "\n").encode()


def app_files(url: str = "") -> dict[str, bytes]:
    """Every file of the app, by its path in the folder."""
    tarball = runtime.runtime_tarball()
    shipped = runtime.runtime_files(tarball)
    from scorepad.service.reads import presets_dir

    wheels = app_wheels(presets_dir())
    files: dict[str, bytes] = {}
    for name in runtime.RUNTIME_FILES:
        files[f"{RUNTIME_DIR}/{name}"] = shipped[name]
    base_lock = json.loads(shipped[runtime.LOCK_FILE])
    files[f"{RUNTIME_DIR}/{runtime.LOCK_FILE}"] = lock_file(base_lock, wheels)
    for wheel in wheels:
        files[f"{RUNTIME_DIR}/{wheel.file_name}"] = wheel.data
    files["app.js"] = (SHELL / "app.js").read_bytes()
    files["style.css"] = b"\n".join(path.read_bytes() for path in STYLES)
    files["icon.svg"] = (SERVED_STATIC / "icon.svg").read_bytes()
    files["icon-192.png"] = icon_png(192)
    files["icon-512.png"] = icon_png(512)
    files["manifest.webmanifest"] = manifest(url)
    index = (SHELL / "index.html").read_text(encoding="utf-8")
    worker = (SHELL / "sw.js").read_text(encoding="utf-8")
    # The cache's name: every file's content, and the two written from it.
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    digest.update(index.encode() + worker.encode() + url.encode())
    build = digest.hexdigest()[:16]
    files["index.html"] = (
        index.replace("{{BUILD}}", build).replace("{{URL}}", _attribute(url)).encode()
    )
    listed = ["./", *sorted(files)]
    files["sw.js"] = (
        worker.replace("{{BUILD}}", build).replace("{{FILES}}", json.dumps(listed)).encode()
    )
    return files


def _attribute(text: str) -> str:
    from html import escape

    return escape(text, quote=True)


def build_app(folder: Path, url: str = "") -> Built:
    """Write the app into `folder` (a new or empty folder, or one a build wrote before)."""
    if folder.exists() and any(folder.iterdir()) and not (folder / _MARK).exists():
        raise ScorepadError(
            _("{folder} holds files that no app build wrote; give a new or empty folder").format(
                folder=folder
            )
        )
    files = app_files(url)
    if folder.exists():
        shutil.rmtree(folder)
    for name, data in files.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    (folder / _MARK).write_text("written by scorepad app build\n", encoding="utf-8")
    cache = json.loads(files["sw.js"].decode().split("const BUILD = ", 1)[1].split(";", 1)[0])
    return Built(folder, {name: len(data) for name, data in files.items()}, f"scorepad-{cache}")
