"""The phone app in a real browser, offline: Debian's Chromium driven by Playwright.

The app is built once for the session (tests/appbuild.py) and served by `scorepad app
serve` on 127.0.0.1. Each test opens it once online (the service worker caches it), then
goes offline and reloads: every later page comes from the cache, and the games from the
browser's own storage. The browser is one with a profile folder that outlives it (a
persistent context), so that closing it and starting it again is what a phone does when
the browser is killed. Every wait is for what the page shows, never a sleep; the long
limit is for Pyodide starting on a busy machine. Screenshots go to $SCOREPAD_SHOTS (or
build/screenshots/app). Skipped, saying why, where Playwright, Chromium or the runtime
is missing.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, NEEDS_BROWSER, POLL, scorepad_process
from typer.testing import CliRunner

from tests.appbuild import built_app

pytestmark = NEEDS_BROWSER

SHOTS = Path(
    os.environ.get("SCOREPAD_SHOTS", Path(__file__).parent.parent / "build" / "screenshots")
) / "app"
PHONE = {"width": 390, "height": 844}
WAIT = 180_000  # ms: the longest any wait may take (Pyodide's start on a busy machine)
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
LOCALES = {"en": "en-GB", "de": "de-DE"}
SAVED = {"en": "Saved on this device.", "de": "Auf diesem Gerät gespeichert."}
# Six rounds for Ann, Bob, Cat, Dan (Ann & Cat against Bob & Dan), blind nil allowed:
# a nil made, a blind nil failed, a set, then Bob & Dan's tenth bag; bids and tricks by seat.
ROUNDS = [
    (("nil", "3", "4", "3"), (0, 4, 5, 4)),  # Ann's nil made
    (("3", "bnil", "3", "5"), (4, 1, 3, 5)),  # Bob's blind nil fails
    (("5", "2", "5", "1"), (4, 3, 4, 2)),  # Ann & Cat are set
    (("3", "1", "3", "1"), (3, 3, 3, 4)),  # Bob & Dan reach 10 bags: -100
    (("4", "3", "3", "3"), (4, 3, 3, 3)),  # corrected below to (5, 2, 3, 3)
    (("2", "4", "2", "4"), (2, 5, 2, 4)),  # its tricks taken back, entered again
]
CORRECTED = (5, 2, 3, 3)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built app, served by `scorepad app serve` on a free port."""
    folder = built_app(tmp_path_factory.mktemp("app") / "site")
    process = scorepad_process("app", "serve", str(folder), "--port", "0")
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert found, line
        yield found.group(0)
    finally:
        process.kill()
        process.wait(10)


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as started:
        yield started


@contextmanager
def phone(playwright: Any, profile: Path, code: str, *, offline: bool = False) -> Iterator[Any]:
    """A browser with a profile kept in `profile`, the phone's language `code`, and axe-core
    put in each page before its scripts."""
    from axe_playwright_python.sync_playwright import Axe

    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE,
        locale=LOCALES[code], accept_downloads=True,
    )  # fmt: skip
    context.set_default_timeout(WAIT)
    context.add_init_script(Axe().axe_script)
    context.set_offline(offline)
    try:
        yield context
    finally:
        context.close()


def opened(context: Any, url: str) -> Any:
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def drawn(page: Any, act: Any) -> None:
    """Do `act` and wait until the app has drawn the page it leads to."""
    count = page.evaluate("window.scorepadDrawn || 0")
    act()
    page.wait_for_function("n => (window.scorepadDrawn || 0) > n", arg=count, polling=POLL)


def go(page: Any, hash_: str) -> None:
    drawn(page, lambda: page.evaluate("h => { location.hash = h; }", hash_))


def cached_then_offline(context: Any, url: str) -> Any:
    """Open the app online until its service worker holds every file and the browser keeps
    Python's memory for the next start, then reload it offline (a start from that
    snapshot)."""
    page = opened(context, url)
    assert page.evaluate("document.body.dataset.start") == "fresh"
    page.wait_for_function("navigator.serviceWorker.controller !== null", polling=POLL)
    page.wait_for_selector("body[data-snapshot='kept']", state="attached")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.body.dataset.start") == "snapshot"
    return page


def start_game(page: Any, name: str) -> None:
    page.fill("form.new input[name=name]", name)
    page.fill("form.new input[name=players]", "Ann,Bob,Cat,Dan")
    page.fill("form.new textarea[name=overrides]", "blind_nil=true")
    drawn(page, lambda: page.click("form.new button[type=submit]"))
    assert page.locator("main#live").count() == 1


def enter_bids(page: Any, bids: tuple[str, ...]) -> None:
    form = page.locator("form.entry.bids")
    for seat, bid in enumerate(bids):
        form.locator(f"[name=bid-{seat}]").select_option(bid)
    drawn(page, lambda: form.locator("button[type=submit]").click())


def fill_tricks(form: Any, tricks: tuple[int, ...]) -> None:
    """Each player's tricks where the form asks for them, else the team's total."""
    for seat, took in enumerate(tricks):
        field = form.locator(f"[name=took-{seat}]")
        if field.count():
            field.fill(str(took))
        else:
            form.locator(f"[name=team-{seat % 2}]").fill(str(took + tricks[(seat + 2) % 4]))


def enter_tricks(page: Any, tricks: tuple[int, ...]) -> None:
    form = page.locator("form.entry.tricks")
    fill_tricks(form, tricks)
    drawn(page, lambda: form.locator("button[type=submit]").click())


def scores_shown(page: Any) -> list[int]:
    return [
        int(text.replace("\u2212", "-").replace(".", "").replace(",", ""))
        for text in page.locator(".sides .score").all_inner_texts()
    ]


def show_json(path: Path) -> dict[str, Any]:
    from scorepad.cli.main import load_commands

    result = CliRunner().invoke(load_commands("show"), ["show", "--json", "--game", str(path)])
    assert result.exit_code == 0, result.stderr
    shown: dict[str, Any] = json.loads(result.stdout)
    return shown


def downloaded(page: Any, game: str, folder: Path) -> Path:
    go(page, f"#/g/{game}/share")
    with page.expect_download() as download:
        page.click(f"a[href='#/g/{game}/file']")
    target = folder / f"{game}.toml"
    download.value.save_as(target)
    return target


def axe_violations(page: Any, name: str) -> list[str]:
    options = {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]}
    result = page.evaluate("options => axe.run(document, options)", options)
    return [
        f"{name}: {violation['id']}: "
        + "; ".join(str(node["target"][0]) for node in violation["nodes"][:3])
        for violation in result["violations"]
    ]


def photographed(page: Any, name: str, code: str) -> list[str]:
    """Every width and scheme of the page as it stands: photographed, and checked by
    axe-core; the violations found."""
    found = []
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (390, 1200):
        page.set_viewport_size({"width": width, "height": 844 if width < 900 else 900})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(SHOTS / f"{name}-{code}-{width}-{scheme}.png"), full_page=True)
            found += axe_violations(page, f"{name} {code} {width} {scheme}")
    page.set_viewport_size(PHONE)
    return found


@pytest.mark.parametrize("code", ["en", "de"])
def test_a_game_kept_offline_survives_the_browser_and_scores_as_the_cli_does(
    site: str, playwright: Any, tmp_path: Path, code: str
) -> None:
    profile = tmp_path / "profile"
    with phone(playwright, profile, code) as context:
        page = cached_then_offline(context, site)
        assert page.evaluate("navigator.onLine") is False
        start_game(page, "friday")
        found = []
        for number, (bids, tricks) in enumerate(ROUNDS, start=1):
            enter_bids(page, bids)
            if number == 1:
                found += photographed(page, "bids", code)
            enter_tricks(page, tricks)
            assert page.locator("#status").inner_text() == SAVED[code]
        # Round 6's tricks taken back (undo asks first), then entered again.
        drawn(page, lambda: page.click("form.undo button"))
        found += photographed(page, "undo", code)
        drawn(page, lambda: page.click("form.confirm button[type=submit]"))
        assert page.locator("form.entry.tricks").count() == 1
        enter_tricks(page, ROUNDS[5][1])
        # Round 5 corrected: the round's page, explained, with its forms.
        go(page, "#/g/friday/round/5")
        found += photographed(page, "round", code)
        form = page.locator("form.entry.tricks")
        fill_tricks(form, CORRECTED)
        drawn(page, lambda: form.locator("button[type=submit]").click())
        assert page.locator("[role=status].note").count() == 1
        go(page, "#/g/friday/")
        found += photographed(page, "sheet", code)
        before = scores_shown(page)
        go(page, "#/g/friday/share")
        found += photographed(page, "share", code)
        go(page, "#/")
        found += photographed(page, "games", code)
    assert found == []
    # The browser killed and started again, still offline: every round is there.
    with phone(playwright, profile, code, offline=True) as context:
        page = opened(context, site + "#/g/friday/")
        assert page.evaluate("document.body.dataset.start") == "snapshot"
        page.wait_for_selector("main#live")
        assert scores_shown(page) == before
        file = downloaded(page, "friday", tmp_path)
    shown = show_json(file)
    assert [team["score"] for team in shown["teams"]] == before
    assert len(shown["rounds"]) == 6 and all(r["played"] for r in shown["rounds"])
    by_hand = _scored_by_the_cli(tmp_path / "cli")
    assert [team["score"] for team in by_hand["teams"]] == before
    assert [team["bags"] for team in shown["teams"]] == [team["bags"] for team in by_hand["teams"]]


_DAMAGE_THE_SNAPSHOT = """async () => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("snapshot-")) continue;
    const cache = await caches.open(name);
    const kept = new Uint8Array(await (await cache.match("python.snapshot")).arrayBuffer());
    await cache.put("python.snapshot", new Response(kept.slice(0, kept.length / 2)));
    return kept.length;
  }
  return 0;
}"""


def test_a_damaged_snapshot_starts_the_app_afresh_and_is_made_again(
    site: str, playwright: Any, tmp_path: Path
) -> None:
    with phone(playwright, tmp_path / "profile", "en") as context:
        page = cached_then_offline(context, site)
        assert page.evaluate(_DAMAGE_THE_SNAPSHOT) > 0
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        assert page.evaluate("document.body.dataset.start") == "fresh"
        assert page.locator("#status.bad").count() == 0
        assert page.locator("form.new").count() == 1
        page.wait_for_selector("body[data-snapshot='kept']", state="attached")
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        assert page.evaluate("document.body.dataset.start") == "snapshot"
        start_game(page, "after")
        enter_bids(page, ROUNDS[0][0])
        enter_tricks(page, ROUNDS[0][1])
        assert page.locator("#status").inner_text() == SAVED["en"]


def _scored_by_the_cli(home: Path) -> dict[str, Any]:
    """The same six rounds and correction entered with the CLI: its `show --json`."""
    env = {**os.environ, "SCOREPAD_HOME": str(home), "SCOREPAD_LANG": "en"}
    names = ("Ann", "Bob", "Cat", "Dan")

    def run(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "scorepad", *args], env=env,
                              capture_output=True, text=True, check=True)  # fmt: skip
        return done.stdout

    run("new", "friday", "--players", ",".join(names), "--set", "blind_nil=true")
    for bids, tricks in ROUNDS:
        run("bid", *(f"{name}={bid}" for name, bid in zip(names, bids, strict=True)))
        run("tricks", *(f"{name}={took}" for name, took in zip(names, tricks, strict=True)))
    run("tricks", "--round", "5", *(f"{n}={t}" for n, t in zip(names, CORRECTED, strict=True)))
    shown: dict[str, Any] = json.loads(run("show", "--json"))
    return shown


def test_a_link_goes_to_the_app_and_back_and_a_damaged_one_is_refused(
    site: str, playwright: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_app_link import run

    monkeypatch.setenv("SCOREPAD_HOME", str(tmp_path / "home"))
    names = ("Ann", "Bob", "Cat", "Dan")
    assert run("new", "tuesday", "--players", ",".join(names))[0] == 0
    for bids, tricks in ROUNDS[:1] + ROUNDS[2:4]:
        assert run("bid", *(f"{n}={b}" for n, b in zip(names, bids, strict=True)))[0] == 0
        assert run("tricks", *(f"{n}={t}" for n, t in zip(names, tricks, strict=True)))[0] == 0
    code, out, err = run("export", "--format", "link", "--url", site)
    assert (code, err) == (0, "")
    link = out.strip()
    with phone(playwright, tmp_path / "profile", "en") as context:
        page = cached_then_offline(context, site)
        count = page.locator("ul.games > li").count()
        # A damaged link: one line said, nothing taken in.
        damaged = link[:-9] + ("A" if link[-9] != "A" else "B") + link[-8:]
        drawn(page, lambda: page.goto(damaged))
        said = page.locator("[role=alert]").inner_text()
        assert "damaged" in said and "\n" not in said
        assert page.locator("ul.games > li").count() == count
        # The good one: taken in, two more rounds entered there.
        drawn(page, lambda: page.goto(link))
        page.wait_for_selector("main#live")
        for bids, tricks in ROUNDS[4:]:
            enter_bids(page, bids)
            enter_tricks(page, tricks)
        sheet = scores_shown(page)
        go(page, "#/g/tuesday/share")
        back = page.locator("input[readonly]").input_value()
    assert back.startswith(site + "#game=1.")
    code, out, err = run("import", back, "--as", "tuesday-back")
    assert (code, err) == (0, ""), err
    code, out, err = run("show", "--json", "--game", "tuesday-back")
    shown = json.loads(out)
    assert [team["score"] for team in shown["teams"]] == sheet
    assert len(shown["rounds"]) == 5
