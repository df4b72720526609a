"""The Pyodide runtime, pinned: fetched from the npm registry once, checked, cached.

The tarball's sha512 must equal the integrity the registry published for the pinned
version (`npm view pyodide@VERSION dist.integrity`); anything else is refused and
nothing is cached. The cache is the user's cache folder (`$XDG_CACHE_HOME/scorepad`),
or `SCOREPAD_CACHE`; `SCOREPAD_PYODIDE_TARBALL` names a tarball already on disk (it is
checked the same way).
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import urllib.request
from pathlib import Path

from scorepad.errors import ScorepadError
from scorepad.i18n import _

PYODIDE_VERSION = "314.0.8"
PYODIDE_INTEGRITY = (
    "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
)
TARBALL_URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
# What the app loads of the package: the loader, the interpreter, its standard library.
# The lock file is written anew (`build`), naming only the wheels the app ships.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK_FILE = "pyodide-lock.json"


class RuntimeFetchError(ScorepadError):
    """The runtime could not be fetched, or is not the one pinned."""


def cache_dir() -> Path:
    """Where fetched runtimes are kept between builds."""
    env = os.environ.get("SCOREPAD_CACHE")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "scorepad"


def integrity_of(data: bytes) -> str:
    """`sha512-BASE64`, as npm writes a package's integrity."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def checked(data: bytes, where: str) -> bytes:
    """`data` if it is the pinned runtime; else a refusal naming both integrities."""
    found = integrity_of(data)
    if found != PYODIDE_INTEGRITY:
        raise RuntimeFetchError(
            _("{where}: not pyodide {version} as published (integrity {found}, expected"
              " {expected}); nothing was built").format(
                where=where, version=PYODIDE_VERSION, found=found[:24] + "...",
                expected=PYODIDE_INTEGRITY[:24] + "...",
            )
        )  # fmt: skip
    return data


def runtime_tarball() -> bytes:
    """The pinned runtime's tarball, checked: from SCOREPAD_PYODIDE_TARBALL, the cache, or
    the registry (then cached)."""
    given = os.environ.get("SCOREPAD_PYODIDE_TARBALL")
    if given:
        return checked(Path(given).expanduser().read_bytes(), given)
    cached = cache_dir() / f"pyodide-{PYODIDE_VERSION}.tgz"
    if cached.exists():
        return checked(cached.read_bytes(), str(cached))
    try:
        with urllib.request.urlopen(TARBALL_URL, timeout=120) as response:  # noqa: S310
            data: bytes = response.read()
    except OSError as error:
        raise RuntimeFetchError(
            _("cannot fetch pyodide {version} from {url}: {reason}").format(
                version=PYODIDE_VERSION, url=TARBALL_URL, reason=error
            )
        ) from None
    checked(data, TARBALL_URL)
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(cached)
    return data


def runtime_files(tarball: bytes) -> dict[str, bytes]:
    """The runtime's files the app serves, and the package's own lock file, by name."""
    wanted = {*RUNTIME_FILES, LOCK_FILE}
    found: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if name in wanted and member.isfile():
                extracted = archive.extractfile(member)
                if extracted is not None:
                    found[name] = extracted.read()
    missing = wanted - found.keys()
    if missing:
        raise RuntimeFetchError(
            _("the pyodide package lacks {files}").format(files=", ".join(sorted(missing)))
        )
    return found
