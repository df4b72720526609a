"""The director's kit on the keep page in a real headless browser (issue 42): a
three-book renege penalty asked first and recorded, then shown with its reason on the
sheet, the round's explained page and an open watch page; a misdeal called with the
script off; a round whose tricks wait for the other side's OK until "Agreed" is tapped.
The pages pass axe-core in English and German, and are photographed at 390 and 1200 px
into $SCOREPAD_KEEP_SHOTS (or build/screenshots/keep).

One `serve --all` and one Chromium for the module (`test_serve_browser`'s); each test
keeps a game of its own. Every wait is for what the page shows, never a sleep.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from conftest import NEEDS_BROWSER
from test_serve_browser import PHONE, Table, game, redrawn
from test_serve_cli import serving

from scorepad.engine.bids import number
from scorepad.files.store import load_game_file
from scorepad.service.games import enter_bids, enter_tricks, start_game

pytestmark = NEEDS_BROWSER

SHOTS = Path(
    os.environ.get(
        "SCOREPAD_KEEP_SHOTS", Path(__file__).parent.parent / "build" / "screenshots" / "keep"
    )
)
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
LOCALES = {"en": "en-GB", "de": "de-DE"}
# Us (Ann, Cat) bid 4+4 and take 4+4; Them (Bob, <b>Dan</b>) bid 3+3 and take 3+2.
BIDS = ((number(4), number(4)), (number(3), number(3)))
TRICKS = ((4, 4), (3, 2))


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    """The module's `serve --all` over a home of its own, where this process starts and
    changes games as `scorepad new` and `bid` do (as `test_serve_browser` serves)."""
    home = tmp_path_factory.mktemp("director") / "home"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SCOREPAD_HOME", str(home))
        patch.setenv("NO_COLOR", "1")
        start_game("first", ["Ann", "Bob", "Cat", "Dan"])
        with ExitStack() as servers:
            server = servers.enter_context(serving("--all"))
            yield Table(home, server, server.watch.split(":")[2].split("/")[0], servers)


@pytest.fixture(scope="module")
def contexts(browser: Any) -> Iterator[dict[str, Any]]:
    """A phone per language, each with axe-core put in every page it opens."""
    from axe_playwright_python.sync_playwright import Axe

    made = {code: browser.new_context(locale=locale, viewport=PHONE)
            for code, locale in LOCALES.items()}  # fmt: skip
    for context in made.values():
        context.add_init_script(Axe().axe_script)
    yield made
    for context in made.values():
        context.close()


def violations(page: Any, name: str) -> list[str]:
    """What axe-core finds on `page` against WCAG 2.1 A and AA, at both widths, on the
    felt (dark) and in daylight (light)."""
    options = {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]}
    found = []
    for width in (390, 1200):
        page.set_viewport_size({"width": width, "height": 844 if width < 900 else 900})
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            result = page.evaluate("options => axe.run(document, options)", options)
            found += [
                f"{name} {width} {scheme}: {violation['id']}: "
                + "; ".join(node["target"][0] for node in violation["nodes"][:3])
                for violation in result["violations"]
            ]
    page.set_viewport_size(PHONE)
    return found


def shoot(page: Any, name: str) -> list[Path]:
    """`page` photographed whole at a phone's width and a desk's, on the felt."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.emulate_media(color_scheme="dark")
    shots = []
    for width in (390, 1200):
        page.set_viewport_size({"width": width, "height": 844 if width < 900 else 900})
        shot = SHOTS / f"{name}-{width}.png"
        page.screenshot(path=str(shot), full_page=True)
        shots.append(shot)
    page.set_viewport_size(PHONE)
    return shots


def fits(page: Any) -> None:
    """No sideways scroll on the phone."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def open_director(page: Any) -> None:
    page.click("details.director > summary")
    page.wait_for_selector("details.director[open] form.entry", state="visible")


def test_a_renege_penalty_is_asked_first_then_shown_with_its_reason_everywhere(
    browser: Any, table: Table, contexts: dict[str, Any]
) -> None:
    path = game("renege")
    enter_bids(path, BIDS)
    enter_tricks(path, TRICKS)
    keep, watch = browser.new_page(viewport=PHONE), browser.new_page(viewport=PHONE)
    watch.goto(table.watch("renege"))
    watch.evaluate("window.notReloaded = true")
    keep.goto(table.keep("renege"))
    open_director(keep)
    keep.select_option("form.ruling select[name=side]", label="Them")
    keep.select_option("form.ruling select[name=kind]", "books")
    keep.fill("form.ruling input[name=amount]", "3")
    keep.fill("form.ruling input[name=reason]", "renege, <b>Dan</b>")
    assert keep.input_value("form.ruling select[name=round]") == "1"  # the last round
    keep.click("form.ruling button")

    # The question: what will be recorded, and nothing recorded yet.
    keep.wait_for_selector("form.ruled")
    ruled = (
        "Round 1: Them: ruling: 3 books to the other side (renege, <b>Dan</b>)."
        " Scores: Us 83, Them -60."
    )
    assert keep.inner_text("form.ruled .said") == ruled
    assert load_game_file(path).rounds[0].rulings == ()
    fits(keep)
    keep.click("form.ruled button.go")
    keep.wait_for_selector("p.note:not(#changed)")
    assert keep.inner_text("p.note:not(#changed)") == ruled
    assert load_game_file(path).rounds[0].rulings[0].amount == 3

    why = "Them: contract 6 set (2 taken); ruling: 3 books to the other side (renege, <b>Dan</b>)"
    assert why in keep.inner_text(".sheet-box.narrow")
    redrawn(watch, why)  # the open watch page, without a reload
    assert watch.inner_text(".sides").split()[:5] == ["Us", "Ann", "&", "Cat", "83"]
    watch.click(".sheet-box.narrow a:text-is('1')")
    watch.wait_for_selector("section.explain")
    assert "ruling: 3 books to the other side (renege, <b>Dan</b>)" in watch.inner_text("main")
    assert "Take back the last ruling on round 1" in keep.inner_text("form.undo button")
    for page in (keep, watch):
        page.close()


def test_the_director_s_forms_pass_axe_and_are_photographed_in_both_languages(
    table: Table, contexts: dict[str, Any]
) -> None:
    path = game("shots", "confirm_entries=true")
    enter_bids(path, BIDS)
    enter_tricks(path, TRICKS)  # waits for the other side's OK
    ruled = game("ruled")
    enter_bids(ruled, BIDS)
    enter_tricks(ruled, TRICKS)
    found: list[str] = []
    shots: list[Path] = []
    for code, context in contexts.items():
        page = context.new_page()
        page.goto(table.keep("shots"))
        found += violations(page, f"waiting {code}")
        shots += shoot(page, f"keep-waiting-{code}")
        page.goto(table.keep("ruled"))
        open_director(page)
        page.fill("form.ruling input[name=amount]", "3")
        page.fill("form.ruling input[name=reason]", "renege")
        found += violations(page, f"director {code}")
        shots += shoot(page, f"keep-director-{code}")
        page.click("form.ruling button")
        page.wait_for_selector("form.ruled")
        found += violations(page, f"question {code}")
        shots += shoot(page, f"keep-ruling-question-{code}")
        page.goto(table.keep("ruled"))
        open_director(page)
        page.select_option("form.ruling select[name=kind]", "points")
        page.fill("form.ruling input[name=amount]", "0")
        page.fill("form.ruling input[name=reason]", "late")
        page.click("form.ruling button")
        page.wait_for_selector("p.message[role=alert]")
        found += violations(page, f"refused {code}")
        shots += shoot(page, f"keep-ruling-refused-{code}")
        page.close()
    assert found == []
    assert all(shot.stat().st_size > 10_000 for shot in shots)


def test_a_misdeal_is_called_without_the_script(browser: Any, table: Table) -> None:
    game("misdeal", "misdeal_redeal=next")
    plain = browser.new_context(java_script_enabled=False, viewport=PHONE)
    keep, watch = plain.new_page(), browser.new_page(viewport=PHONE)
    watch.goto(table.watch("misdeal"))
    watch.evaluate("window.notReloaded = true")
    keep.goto(table.keep("misdeal"))
    keep.click("details.director > summary")
    assert keep.input_value("form.misdeal select[name=redeal]") == "next"  # the rules' own
    keep.click("form.misdeal button")
    assert keep.inner_text("p.note:not(#changed)") == (
        "Misdeal before round 1: Ann dealt; Bob deals."
    )
    assert "Round 1: Bob deals, Cat bids first." in keep.inner_text(".turn")
    redrawn(watch, "Round 1: Bob deals, Cat bids first.")
    keep.click("form.undo button")
    assert keep.inner_text("form.confirm h2") == "Take back the misdeal before round 1?"
    keep.click("form.confirm button")
    assert keep.inner_text("p.note:not(#changed)") == "Took back the misdeal before round 1."
    redrawn(watch, "Round 1: Ann deals, Bob bids first.")
    plain.close()
    watch.close()


def test_a_round_waits_for_the_other_side_s_ok_until_agreed_is_tapped(
    browser: Any, table: Table
) -> None:
    game("agree", "confirm_entries=true")
    keep, watch = browser.new_page(viewport=PHONE), browser.new_page(viewport=PHONE)
    watch.goto(table.watch("agree"))
    watch.evaluate("window.notReloaded = true")
    keep.goto(table.keep("agree"))
    for seat, bid in (("1", "3"), ("2", "4"), ("3", "3"), ("0", "4")):
        keep.select_option(f"select[name=bid-{seat}]", bid)
    keep.click("form.entry.bids button")
    keep.wait_for_selector("form.entry.tricks")
    keep.fill("input[name=team-0]", "8")
    keep.fill("input[name=team-1]", "5")
    keep.click("form.entry.tricks button")
    keep.wait_for_selector("form.entry.agreed")
    waiting = "the tricks are in (Us 8; Them 5) and wait for the other side's OK."
    assert waiting in keep.inner_text(".turn")
    assert keep.locator("form.entry.bids").count() == 0  # no new round before the OK
    redrawn(watch, waiting)
    assert "Its tricks wait for the other side's OK." in watch.inner_text(".sheet-box.narrow")
    assert watch.locator("form").count() == 0
    keep.click("form.entry.agreed button")
    keep.wait_for_selector("form.entry.bids")
    assert keep.inner_text("p.note:not(#changed)") == (
        "Round 1's tricks agreed and scored. Scores: Us 80, Them -60."
    )
    redrawn(watch, "Round 2: Bob deals, Cat bids first.")
    assert watch.inner_text(".sides").split()[:5] == ["Us", "Ann", "&", "Cat", "80"]
    for page in (keep, watch):
        page.close()
