"""Pure-Python wheels for the page: scorepad from its own folder, and what it needs there
from the installed distributions, each without its compiled parts.

Only what the app imports goes in: scorepad (without the simulator's compiled kernel),
Jinja2 and MarkupSafe (its pure-Python path: `markupsafe._native`), tomli-w. Not Babel
(numbers and dates have a plain way, `i18n`), Typer, Rich, Starlette or uvicorn, which the
app never imports. Every wheel is built the same from the same files (fixed times, sorted
names), so the app's content hash changes only when a file does.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import scorepad

# The distributions the app needs in the page besides scorepad: name -> what it imports.
NEEDED = {
    "Jinja2": ("jinja2",), "MarkupSafe": ("markupsafe",), "segno": ("segno",),
    "tomli-w": ("tomli_w",),
}  # fmt: skip
DEPENDS = {"scorepad": ("jinja2", "segno", "tomli-w"), "jinja2": ("markupsafe",)}
_COMPILED = (".so", ".pyd", ".c", ".pyi", ".pyc")
_FIXED_TIME = (1980, 1, 1, 0, 0, 0)
# scorepad's files the page never loads: the catalogs' sources (the .mo are shipped),
# the compiled kernel and its source.
_LEFT_OUT = re.compile(r"(__pycache__/|\.po$|\.so$|\.c$|\.pyd$|\.pyc$)")


@dataclass(frozen=True)
class Wheel:
    """A built wheel: its lock-file name (normalised), version, file name and bytes."""

    name: str
    version: str
    file_name: str
    data: bytes
    imports: tuple[str, ...]

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _wheel(dist: str, version: str, files: dict[str, bytes], metadata: bytes) -> bytes:
    """A py3-none-any wheel of `files` (archive path -> bytes), with its dist-info."""
    stem = f"{re.sub(r'[-_.]+', '_', dist)}-{version}"
    info = f"{stem}.dist-info"
    files = dict(files)
    files[f"{info}/METADATA"] = metadata
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: scorepad app build\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n"
    )
    record = []
    for name in sorted(files):
        digest = base64.urlsafe_b64encode(hashlib.sha256(files[name]).digest()).rstrip(b"=")
        record.append(f"{name},sha256={digest.decode()},{len(files[name])}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, _FIXED_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, files[name])
    return buffer.getvalue()


def scorepad_wheel(presets: Path) -> Wheel:
    """scorepad's own wheel, from the folder it runs from, with the shipped presets inside
    (where `files.presets` looks first in an installed package)."""
    package = Path(scorepad.__file__).resolve().parent
    files: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package).as_posix()
        if path.is_file() and not _LEFT_OUT.search(relative):
            files[f"scorepad/{relative}"] = path.read_bytes()
    for preset in sorted(presets.glob("*.toml")):
        files[f"scorepad/presets/{preset.name}"] = preset.read_bytes()
    version = scorepad.__version__
    metadata = (
        f"Metadata-Version: 2.1\nName: scorepad\nVersion: {version}\n"
        "Requires-Dist: jinja2\nRequires-Dist: segno\nRequires-Dist: tomli-w\n"
    ).encode()
    data = _wheel("scorepad", version, files, metadata)
    return Wheel("scorepad", version, f"scorepad-{version}-py3-none-any.whl", data, ("scorepad",))


def installed_wheel(dist_name: str) -> Wheel:
    """A pure wheel of an installed distribution: its Python files, without compiled parts
    (MarkupSafe's speed-ups; its pure path is used)."""
    dist = importlib.metadata.distribution(dist_name)
    tops = NEEDED[dist_name]
    files: dict[str, bytes] = {}
    for entry in dist.files or ():
        posix = PurePosixPath(str(entry))
        if posix.parts[0] not in tops or posix.suffix in _COMPILED or "__pycache__" in posix.parts:
            continue
        files[str(posix)] = Path(str(dist.locate_file(entry))).read_bytes()
    version = dist.version
    metadata = (dist.read_text("METADATA") or "").encode()
    data = _wheel(dist_name, version, files, metadata)
    file_name = f"{re.sub(r'[-_.]+', '_', dist_name).lower()}-{version}-py3-none-any.whl"
    return Wheel(_normal(dist_name), version, file_name, data, tops)


def app_wheels(presets: Path) -> list[Wheel]:
    """Every wheel the app ships: scorepad's, then what it needs, by name."""
    return [scorepad_wheel(presets), *(installed_wheel(name) for name in sorted(NEEDED))]


def lock_entry(wheel: Wheel) -> dict[str, object]:
    """A wheel as Pyodide's lock file names it."""
    return {
        "name": wheel.name,
        "version": wheel.version,
        "file_name": wheel.file_name,
        "install_dir": "site",
        "sha256": wheel.sha256,
        "package_type": "package",
        "imports": list(wheel.imports),
        "depends": list(DEPENDS.get(wheel.name, ())),
        "unvendored_tests": False,
        "tool": {},
    }
