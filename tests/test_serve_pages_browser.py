"""The served pages in a real browser, at a phone's 390 px and a desk's 1200 px, in English
and German: no WCAG 2.1 A or AA violation that axe-core finds, targets a thumb can hit,
the phone's sheet saying what the wide one says, a level score, the light scheme, and a
new round read out to a screen reader.

One server (`serve --all` over a folder of games made for it) and one Chromium serve the
whole module; each language has one page, whose width is changed in place. With
SCOREPAD_SHOTS=DIR every page is also photographed into DIR at both widths.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import NEEDS_BROWSER, POLL
from test_serve_cli import Server, serving

from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import Game, new_game
from scorepad.files.presets import resolve_rules
from scorepad.files.store import save_game

pytestmark = NEEDS_BROWSER

WIDTHS = (390, 1200)
LANGUAGES = ("en", "de")
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
THUMB = 44  # px: the smallest target a keeper taps (WCAG 2.5.5's size)


def game(name: str, preset: str, *overrides: str, rounds: list[tuple[str, str]]) -> Game:
    found, rules = resolve_rules(preset, overrides)
    made = new_game(name, ("Ann", "Bob", "Cat", "Dan"), rules, preset=found, sides=("Us", "Them"))
    for bids, tricks in rounds:
        made = record_bids(made, bids.split())
        if tricks:
            made = record_tricks(made, tricks.split())
    return made


def games() -> list[Game]:
    late = game("late", "short", "target=200", rounds=[
        ("Ann=6 Bob=nil Cat=6 Dan=nil", "Ann=6 Bob=1 Cat=6 Dan=0"),
        ("Ann=3 Bob=3 Cat=3 Dan=3", "Ann=3 Bob=3 Cat=4 Dan=3"),
    ])  # fmt: skip
    # Corrected: both nils made, so round 1 reaches 200 and round 2 comes after the end.
    late = record_tricks(late, ["Ann=6", "Bob=0", "Cat=7", "Dan=0"], number=1)
    return [
        game("tue", "club", "loss_limit=-200", rounds=[
            ("Ann=4 Bob=nil Cat=3 Dan=5", "Ann=5 Bob=0 Cat=3 Dan=5"),
            ("Ann=3 Bob=4 Cat=3 Dan=2", "Ann=2 Bob=4 Cat=3 Dan=4"),
            ("Ann=4 Bob=3 Cat=4 Dan=2", ""),
        ]),
        game("tie", "standard", "target=100", rounds=[
            ("Ann=3 Bob=4 Cat=3 Dan=3", "Ann=3 Bob=4 Cat=3 Dan=3"),
            ("Ann=4 Bob=3 Cat=3 Dan=3", "Ann=4 Bob=3 Cat=3 Dan=3"),
        ]),
        late,
        game("live", "standard", rounds=[]),
    ]  # fmt: skip


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("pages") / "home"
    for made in games():
        save_game(home / "games" / f"{made.name}.toml", made)
    (home / "current").write_text("tue\n")
    return home


@pytest.fixture(scope="module")
def server(folder: Path) -> Iterator[Server]:
    with serving("--all", env={"SCOREPAD_HOME": str(folder)}) as served:
        yield served


@pytest.fixture(scope="module")
def pages(browser: Any) -> Iterator[dict[str, Any]]:
    """One page per language, each in its own context (its Accept-Language), with
    axe-core (shipped inside its Python package: nothing is fetched) put in every page it
    opens, before the page's own scripts: sent to the browser once, not once a page."""
    from axe_playwright_python.sync_playwright import Axe

    contexts = {code: browser.new_context(locale=code) for code in LANGUAGES}
    for context in contexts.values():
        context.add_init_script(Axe().axe_script)
    yield {code: context.new_page() for code, context in contexts.items()}
    for context in contexts.values():
        context.close()


def addresses(server: Server) -> dict[str, str]:
    """The pages a keeper and a watcher see, by name, each drawn from a game that shows
    much on it: an open round, a loss limit, corrections of a round played after the end.
    (The watch page is drawn from the current game, `tue`.)"""
    watch, keep = server.watch, server.keep
    return {
        "watch": watch + "g/tue/",
        "keep": keep + "g/tue/",
        "round": keep + "g/late/round/2",
        "games": watch,
        "new-game": keep,
    }


def live_page(server: Server) -> str:
    return server.watch + "g/live/"


def test_every_page_passes_axe_core_in_both_languages_at_both_widths(
    server: Server, pages: dict[str, Any]
) -> None:
    options = {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]}
    shots = os.environ.get("SCOREPAD_SHOTS")
    found, checked = [], 0
    for code, page in pages.items():
        for name, url in addresses(server).items():
            page.set_viewport_size({"width": WIDTHS[0], "height": 844})
            page.goto(url)
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": 844 if width < 900 else 900})
                # The felt everywhere; the light scheme (for daylight) on an English phone.
                light = width == WIDTHS[0] and code == LANGUAGES[0]
                for scheme in ("dark", "light") if light else ("dark",):
                    page.emulate_media(color_scheme=scheme)
                    result = page.evaluate("options => axe.run(document, options)", options)
                    checked += len(result["violations"]) == 0
                    found += [
                        f"{name} {code} {width} {scheme}: {violation['id']}: "
                        + "; ".join(node["target"][0] for node in violation["nodes"][:3])
                        for violation in result["violations"]
                    ]
                    if shots:
                        Path(shots).mkdir(parents=True, exist_ok=True)
                        page.screenshot(
                            path=f"{shots}/{name}-{code}-{width}-{scheme}.png", full_page=True
                        )
    assert found == []
    assert checked == (len(LANGUAGES) * len(WIDTHS) + 1) * len(addresses(server))


def every_link_and_button_a_keeper_taps_is_thumb_sized(
    server: Server, pages: dict[str, Any]
) -> None:
    page = pages["en"]
    page.set_viewport_size({"width": WIDTHS[0], "height": 844})
    small, measured = [], 0
    page.goto(addresses(server)["keep"])
    page.click("form.undo button")  # the question undo asks first
    page.wait_for_selector("form.confirm")
    for url in (page.url, *addresses(server).values(), server.keep + "g/late/"):
        page.goto(url)
        # Every visible target's size, measured in the page at once.
        shown = page.evaluate(
            """([url, least]) => [...document.querySelectorAll('a, button, select')]
                .filter(node => node.checkVisibility())
                .map(node => [node.textContent.trim(), node.getBoundingClientRect()])
                .map(([text, box]) => box.width < least || box.height < least
                     ? `${url}: ${text} ${box.width}x${box.height}` : '')""",
            [url, THUMB],
        )
        measured += len(shown)
        small += [said for said in shown if said]
    assert small == []
    assert measured > 40  # the round numbers, the forms' buttons, the links: all measured


def the_phone_says_a_round_after_the_end_does_not_count(
    server: Server, pages: dict[str, Any]
) -> None:
    page = pages["en"]
    page.set_viewport_size({"width": WIDTHS[0], "height": 844})
    page.goto(server.keep + "g/late/")
    sheet = page.locator(".sheet-box.narrow")
    assert sheet.is_visible() and not page.locator(".sheet-box.wide").is_visible()
    rows = sheet.locator("tbody tr").all_inner_texts()
    late = rows.index(next(row for row in rows if row.startswith("2")))
    # Round 2's cells: its points and entry, but no running total (70 + 70 = 140 and so on).
    assert rows[late].split() == ["2", "+61", "·", "3+3/3+4", "+60", "·", "3+3/3+3"]
    assert rows[late + 1].strip() == "Played after the end: does not count."
    before = [row.strip() for row in rows[:late]]
    assert before[1:] == ["Them: nil made (Bob); nil made (Dan)", "The game ends here."]


def a_tie_over_the_target_says_level_on_the_phone(
    server: Server, pages: dict[str, Any]
) -> None:
    for code, words, level in (
        ("en", "Us and Them are level at 130: round 3 decides.", "level"),
        ("de", "Us und Them stehen gleich bei 130: Runde 3 entscheidet.", "Gleichstand"),
    ):
        page = pages[code]
        page.set_viewport_size({"width": WIDTHS[0], "height": 844})
        page.goto(server.watch + "g/tie/")
        assert page.locator(".banner.level").inner_text() == words
        facts = page.locator(".side .facts").all_inner_texts()
        assert [fact.split()[-1] for fact in facts] == [level, level]


def the_page_follows_the_phone_s_light_or_dark_scheme(
    server: Server, pages: dict[str, Any]
) -> None:
    page = pages["en"]
    page.goto(addresses(server)["watch"])
    shown = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shown[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert shown == {"light": "rgb(238, 241, 236)", "dark": "rgb(15, 81, 50)"}


def test_on_a_phone(server: Server, pages: dict[str, Any]) -> None:
    """What a phone's user meets, each on the module's one server and tab (a test each
    would let a second worker start a server and a browser of its own for one of them)."""
    every_link_and_button_a_keeper_taps_is_thumb_sized(server, pages)
    the_phone_says_a_round_after_the_end_does_not_count(server, pages)
    a_tie_over_the_target_says_level_on_the_phone(server, pages)
    the_page_follows_the_phone_s_light_or_dark_scheme(server, pages)


def test_a_new_round_is_read_out_to_a_screen_reader(
    server: Server, pages: dict[str, Any], folder: Path
) -> None:
    page = pages["en"]
    page.goto(live_page(server))
    assert page.get_attribute("#announce", "role") == "status"
    assert page.get_attribute("#announce", "aria-live") == "polite"
    assert page.inner_text("#announce") == ""  # nothing new yet
    subprocess.run(
        [sys.executable, "-m", "scorepad", "bid", "-g", "live", "Ann=2", "Bob=4", "Cat=3",
         "Dan=4"],
        check=True, capture_output=True, env={**os.environ, "SCOREPAD_HOME": str(folder)},
    )  # fmt: skip
    # A function, not an expression: the page's CSP forbids the eval an expression needs.
    page.wait_for_function(
        "words => document.getElementById('announce').textContent.includes(words)",
        arg="Round 1: Ann dealt",
        timeout=3000,
        polling=POLL,
    )
