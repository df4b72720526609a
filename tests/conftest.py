"""Shared test helpers: compact ways to write hands and rules as a rulebook would."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from hypothesis import settings

from scorepad.engine.bids import parse_bid
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import Hand
from scorepad.files.presets import apply_overrides, load_preset
from scorepad.sim.kernel import IMPLEMENTATIONS, kernel_built

# The suite rewrites the asserts of some 70 test modules in each worker and starts scorepad
# in hundreds of subprocesses. Where the environment turns Python's bytecode cache off
# (PYTHONDONTWRITEBYTECODE), it is turned back on for the suite and what it starts, so that
# each module is compiled once rather than in every process: about 5 s a worker otherwise.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# English unless a test asks for German, whatever the machine's locale (a subprocess too).
os.environ["SCOREPAD_LANG"] = "en"

# No test times the machine: Hypothesis's deadline for each example (200 ms by default)
# fails a test on a busy machine, so the suite's profile has none.
settings.register_profile("scorepad", deadline=None)
settings.load_profile("scorepad")


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """Every test starts in English, and one that switched language leaves it so."""
    from scorepad.i18n import set_language

    set_language("en")
    yield
    set_language("en")


def hands(*tokens: str, rules: Rules | None = None) -> list[Hand]:
    """`hands("nil:0", "4:5")`: one Hand per BID:TRICKS token."""
    out = []
    for token in tokens:
        bid, _, tricks = token.partition(":")
        out.append(Hand(parse_bid(bid, rules), int(tricks)))
    return out


GOLDEN = Path(__file__).parent / "golden"


def assert_golden(name: str, text: str, *, rewrite: bool = True) -> None:
    """`text` is exactly tests/golden/NAME, byte for byte; a difference fails.

    With SCOREPAD_UPDATE_GOLDEN=1 (and `rewrite`) the file is written instead, for a
    deliberate change of output whose diff is then reviewed.
    """
    path = GOLDEN / name
    if rewrite and os.environ.get("SCOREPAD_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    assert path.is_file(), f"{path} is missing: run with SCOREPAD_UPDATE_GOLDEN=1 to write it"
    assert text == path.read_bytes().decode("utf-8"), f"{name} differs from its golden file"


def preset_rules(name: str, *overrides: str) -> Rules:
    return apply_overrides(load_preset(name).rules, overrides)


@pytest.fixture
def standard() -> Rules:
    return preset_rules("standard")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh SCOREPAD_HOME, and plain 80-column output, for tests of saved games."""
    monkeypatch.setenv("SCOREPAD_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path / "home"


def totals_shown(text: str) -> list[int]:
    """Every number on a sheet's total lines, top to bottom: score and bags per side."""
    return [
        int(number)
        for line in text.splitlines()
        if "total" in line
        for number in re.findall(r"-?\d+", line)
    ]


@pytest.fixture(params=IMPLEMENTATIONS)
def kernel_implementation(request: pytest.FixtureRequest) -> str:
    """Each implementation of the deal kernel in turn, as markupsafe tests its two: "c" (the
    compiled kernel; skipped where it is not built, except where SCOREPAD_REQUIRE_KERNEL=1,
    as in CI, which fails then) and "python" (its pure-Python twin)."""
    implementation: str = request.param
    if implementation == "c" and not kernel_built():
        if os.environ.get("SCOREPAD_REQUIRE_KERNEL") == "1":
            pytest.fail("SCOREPAD_REQUIRE_KERNEL=1 but scorepad.sim._kernel is missing")
        pytest.skip("the compiled kernel is not built here (no C compiler at install)")
    return implementation


def scorepad_process(
    *args: str, env: dict[str, str] | None = None, stdin: int | None = None,
    stderr: int | IO[str] = subprocess.PIPE,
) -> subprocess.Popen[str]:  # fmt: skip
    """`python -m scorepad ARGS` running on its own, its output piped as text (its input
    too, with `stdin=subprocess.PIPE`; its errors to a file, with `stderr`), to be stopped
    with Ctrl-C (SIGINT) as a person at a terminal would, then `stopped`."""
    return subprocess.Popen(
        [sys.executable, "-m", "scorepad", *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        env=env,
        preexec_fn=_as_at_a_terminal,
    )


# The last line serve prints before it serves: a QR code's caption, or on this machine's
# loopback (no QR code: no phone could open the link) the line that says so.
LAST_LINES = ("Scan the code", "Den Code oben scannen", "Only this machine", "Nur dieser Rechner")


def announcement(process: subprocess.Popen[str]) -> list[str]:
    """The lines `scorepad serve` (running as `process`) prints before it serves: its
    links. Fewer lines than that where it stopped before serving."""
    assert process.stdout is not None
    lines = []
    for line in process.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith(LAST_LINES):
            break
    return lines


def _as_at_a_terminal() -> None:
    """Run in the child before it starts: Ctrl-C reaches it as at a terminal, even where
    the tests themselves run with SIGINT ignored (a background job of a script), which a
    child would otherwise inherit, and so never see Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stopped(process: subprocess.Popen[str], timeout: float = 20) -> tuple[str, str]:
    """What a process told once it has ended; killed if it has not within `timeout` s, so
    that a failing test leaves no process behind to slow the rest of the suite."""
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise


# The browser tests' Chromium: Debian's, driven by Playwright (its own browser download
# cannot be had here). Each browser test module marks itself with NEEDS_BROWSER.
CHROMIUM = next(
    (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None
)
try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    sync_playwright = None  # type: ignore[assignment]
NEEDS_BROWSER = [
    pytest.mark.skipif(
        sync_playwright is None, reason="no Playwright (pip install playwright to run these)"
    ),
    pytest.mark.skipif(
        CHROMIUM is None, reason="no Chromium installed (apt-get install chromium to run these)"
    ),
]


# No sandbox (the tests may run as root); the pages of the one site the tests serve are
# kept in one renderer across navigations, rather than given a new one for each.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-site-isolation-trials",
    "--disable-features=RenderDocument,BackForwardCache",
]
# A page's waits look every 50 ms, not on every frame (Playwright's default), which had
# Chromium lay the page out some 60 times a second while a test waited.
POLL = 50


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for a module; each test opens its own pages, each in a fresh
    context (starting a browser for each page took most of each test's time)."""
    assert sync_playwright is not None
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
