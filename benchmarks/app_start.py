"""The phone app's budgets: bytes of a first visit, start to ready-to-score, a round's redraw.

Run from the repository root (needs Playwright and Debian's /usr/bin/chromium, and the
pinned Pyodide in the cache or SCOREPAD_PYODIDE_TARBALL):

    python benchmarks/app_start.py               # 3 runs of each start, 9 rounds
    python benchmarks/app_start.py --runs 5 --rounds 15

It builds the app into a temporary folder and serves it on 127.0.0.1, then prints:

- first visit: the bytes of every file the service worker fetches, raw and gzip -6 as a
  static host serves them (target: at most 8 MB compressed);
- cold start (a new browser profile, nothing cached) and warm start (the same profile
  again, the app from the service worker's cache and Python's memory restored from the
  snapshot the cold start kept: shell/app.js), each at full speed and with the CPU
  slowed 4x (CDP Emulation.setCPUThrottlingRate, a stand-in for a mid-range phone): the
  wall time from navigation to ready-to-score (the games page drawn by Python), and the
  CPU seconds every process of that browser used, above the same browser opening a blank
  page (target: warm at most 3 CPU-seconds above a blank page);
- a round entered: the tap on "Enter the tricks" to the sheet redrawn, timed in the page
  (target: median under 100 ms).

Each figure is the median of the runs, with its range. A busy machine slows every figure;
print `uptime` beside them.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-features=RenderDocument,BackForwardCache"]
WAIT = 300_000


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
    }  # fmt: skip

    def log_message(self, format: str, *args: object) -> None:
        pass


def _serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Handler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def first_visit(folder: Path) -> tuple[int, int]:
    """Raw and gzip -6 bytes of every file the service worker fetches."""
    worker = (folder / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(worker.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    raw = packed = 0
    for name in listed:
        data = (folder / ("index.html" if name == "./" else name)).read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, 6))
    return raw, packed


def _cpu_seconds(profile: Path) -> float:
    """User + system seconds of every live process of the browser using `profile`."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if str(profile).encode() not in (entry / "cmdline").read_bytes():
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _start(playwright: Any, profile: Path, url: str, rate: float) -> tuple[float, float]:
    """Wall seconds to ready-to-score and the browser's CPU seconds, for one start."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=ARGS, viewport={"width": 390, "height": 844}
    )
    try:
        context.set_default_timeout(WAIT)
        page = context.pages[0] if context.pages else context.new_page()
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        cpu = _cpu_seconds(profile)
        began = time.perf_counter()
        page.goto(url)
        if url != "about:blank":
            page.wait_for_selector("body[data-ready='1']")
            page.wait_for_selector("form.new")
        wall, used = time.perf_counter() - began, _cpu_seconds(profile) - cpu
        if url != "about:blank":  # untimed: the service worker holds the app, and the
            # browser Python's memory, for a warm start (a start from that snapshot)
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            page.wait_for_selector("body[data-snapshot='kept']", state="attached")
        return wall, used
    finally:
        context.close()


_TAP = """async () => {
  const root = document.getElementById("root");
  const before = window.scorepadDrawn || 0;
  const began = performance.now();
  document.querySelector("form.entry.tricks button[type=submit]").click();
  while ((window.scorepadDrawn || 0) === before) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - began;
}"""


def round_taps(playwright: Any, profile: Path, url: str, rounds: int) -> list[float]:
    """Milliseconds from the tap on "Enter the tricks" to the sheet redrawn, per round."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=ARGS, viewport={"width": 390, "height": 844}
    )
    taps = []
    try:
        context.set_default_timeout(WAIT)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        page.fill("form.new input[name=name]", "bench")
        page.fill("form.new input[name=players]", "Ann,Bob,Cat,Dan")
        page.fill("form.new textarea[name=overrides]", "target=10000")  # no end in sight
        page.click("form.new button[type=submit]")
        page.wait_for_selector("form.entry.bids")
        for _ in range(rounds):
            form = page.locator("form.entry.bids")
            for seat in range(4):
                form.locator(f"[name=bid-{seat}]").select_option("3")
            form.locator("button[type=submit]").click()
            page.wait_for_selector("form.entry.tricks")
            tricks = page.locator("form.entry.tricks")
            tricks.locator("[name=team-0]").fill("7")
            tricks.locator("[name=team-1]").fill("6")
            taps.append(float(page.evaluate(_TAP)))
            page.wait_for_selector("form.entry.bids")
    finally:
        context.close()
    return taps


def _figure(values: list[float], unit: str, scale: float = 1.0) -> str:
    shown = [value * scale for value in values]
    return (f"median {statistics.median(shown):.2f} {unit} "
            f"(range {min(shown):.2f}-{max(shown):.2f}, n={len(shown)})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="starts of each kind (3)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds entered (9)")
    parser.add_argument("--taps-only", action="store_true", help="only the rounds entered")
    given = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from playwright.sync_api import sync_playwright

    from scorepad.app.build import build_app

    work = Path(tempfile.mkdtemp(prefix="scorepad-app-bench-"))
    built = build_app(work / "site")
    raw, packed = first_visit(built.folder)
    print(f"first visit: {raw / 1e6:.2f} MB raw, {packed / 1e6:.2f} MB gzip -6 (target <= 8 MB)")
    server, url = _serve(built.folder)
    try:
        with sync_playwright() as playwright:
            for rate in () if given.taps_only else (1.0, 4.0):
                blank, cold, warm = [], [], []
                for run in range(given.runs):
                    profile = work / f"profile-{rate:g}-{run}"
                    blank.append(_start(playwright, work / f"blank-{rate:g}-{run}",
                                        "about:blank", rate))  # fmt: skip
                    cold.append(_start(playwright, profile, url, rate))
                    warm.append(_start(playwright, profile, url, rate))
                floor = statistics.median(cpu for _wall, cpu in blank)
                label = f"CPU x{rate:g}"
                for name, runs in (("cold", cold), ("warm", warm)):
                    print(f"{label} {name} start, wall to ready: "
                          + _figure([wall for wall, _cpu in runs], "s"))  # fmt: skip
                    print(f"{label} {name} start, CPU above a blank page "
                          f"({floor:.2f} s): "
                          + _figure([cpu - floor for _wall, cpu in runs], "s"))  # fmt: skip
            taps = round_taps(playwright, work / "profile-taps", url, given.rounds)
            print("round entered, tap to redrawn sheet: " + _figure(taps, "ms")
                  + " (target median < 100 ms)")  # fmt: skip
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
