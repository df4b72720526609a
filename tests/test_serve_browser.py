"""The table's page in a real headless browser: a keep page and a watch page on phones.

Debian's Chromium, driven by Playwright with the system browser as its executable (its
own browser download cannot be had here). A whole round is entered on the keep page and
the watch page must show it within a second without a reload; then `scorepad bid` in a
terminal changes the game and both pages must show that. Screenshots at 390 and 1200 px
are written to build/screenshots/ (or $SCOREPAD_SCREENSHOTS). Then the keep page that
forgives (issue 28): nothing typed is lost, a form sent twice lands quietly, the web
refuses and warns as the CLI does, undo asks first, watchers follow along.

One server (`serve --all`) and one Chromium for the module; each test keeps a game of
its own, started in this process as `scorepad new` starts one, and changed as another
device would (the service, as the CLI calls it). Every wait is for what the page shows,
never a sleep. Skipped, saying why, where Playwright or Chromium is missing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import NEEDS_BROWSER, POLL
from test_serve_cli import Server, serving

from scorepad.engine.bids import NIL, number
from scorepad.service.games import correct_round, enter_bids, enter_tricks, start_game

pytestmark = NEEDS_BROWSER

SHOTS = Path(
    os.environ.get("SCOREPAD_SCREENSHOTS", Path(__file__).parent.parent / "build" / "screenshots")
)
PHONE = {"width": 390, "height": 844}
WITHIN = 1000  # ms: every open page redraws within a second of a change


@dataclass
class Table:
    """One `serve --all` for a module's tests, each on a game of its own."""

    home: Path
    server: Server
    port: str
    servers: ExitStack  # every server the module started, stopped at its end

    def keep(self, name: str) -> str:
        return f"{self.server.keep}g/{name}/"

    def watch(self, name: str) -> str:
        return f"{self.server.watch}g/{name}/"

    def restart(self) -> None:
        """The server killed (a laptop's lid closed), then started again on its port."""
        self.server.process.kill()
        self.server.process.wait(5)
        self.server = self.servers.enter_context(serving("--all", "--port", self.port))


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    """The module's server (starting one took a second of each test) and its home, where
    this process starts and changes games as `scorepad new` and `bid` do."""
    home = tmp_path_factory.mktemp("table") / "home"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SCOREPAD_HOME", str(home))
        patch.setenv("NO_COLOR", "1")
        start_game("first", ["Ann", "Bob", "Cat", "Dan"])
        with ExitStack() as servers:
            server = servers.enter_context(serving("--all"))
            yield Table(home, server, server.watch.split(":")[2].split("/")[0], servers)


def game(name: str, *overrides: str) -> Path:
    """A game of its own for a test (and the current one)."""
    players = ["Ann", "Bob", "Cat", "<b>Dan</b>"]
    return start_game(name, players, "standard", overrides, teams=["Us", "Them"]).path


def fits_the_phone(page: Any) -> None:
    """No sideways scroll, and every side's score, bags and need on the first screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for box in page.locator(".side").all():
        shown = box.bounding_box()
        assert shown is not None
        assert shown["x"] >= 0 and shown["x"] + shown["width"] <= PHONE["width"]
        assert shown["y"] + shown["height"] <= PHONE["height"]
        assert "needs" in box.inner_text()


def redrawn(page: Any, words: str) -> None:
    """The page shows `words` within a second, without a reload."""
    page.wait_for_function(
        "words => document.getElementById('live').innerText.includes(words)",
        arg=words,
        timeout=WITHIN,
        polling=POLL,
    )
    assert page.evaluate("window.notReloaded") is True


def bid_in_a_terminal(name: str) -> None:
    """`scorepad bid` in another process, as someone at the laptop would type it."""
    subprocess.run(
        [sys.executable, "-m", "scorepad", "bid", "--game", name, "Ann=2", "Bob=4", "Cat=3",
         "4=4"],
        check=True,
        capture_output=True,
    )  # fmt: skip


def bid_elsewhere(path: Path) -> None:
    """Round 1's bids from another device (the service, as `scorepad bid` calls it)."""
    enter_bids(path, ((number(2), number(3)), (number(4), NIL)))


BIDS = ((number(4), number(3)), (NIL, number(5)))  # Us (Ann, Cat) 4+3; Them (Bob, Dan) nil+5


def picked(page: Any) -> dict[str, str]:
    return {
        seat: page.input_value(f"form.entry.bids select[name=bid-{seat}]") for seat in "0123"
    }


def shows(page: Any, selector: str, words: str) -> None:
    page.wait_for_function(
        "([selector, words]) => [...document.querySelectorAll(selector)]"
        ".some(node => !node.hidden && node.innerText.includes(words))",
        arg=[selector, words],
        timeout=2 * WITHIN,  # a change made in this process: its save, then the page
        polling=POLL,
    )


def shoot(page: Any, name: str, width: int) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": 900})
    shot = SHOTS / f"serve-{name}-{width}.png"
    page.screenshot(path=str(shot), full_page=True)
    print(f"screenshot: {shot}")
    return shot


def test_a_round_on_the_keep_page_shows_on_the_watch_page_and_the_cli_on_both(
    browser: Any, table: Table
) -> None:
    game("tue")
    keep = browser.new_page(viewport=PHONE)
    watch = browser.new_page(viewport=PHONE)
    keep.goto(table.keep("tue"))
    watch.goto(table.watch("tue"))
    watch.evaluate("window.notReloaded = true")
    assert "&lt;b&gt;Dan&lt;/b&gt;" in watch.content()  # a name is text, never markup
    for page in (keep, watch):
        fits_the_phone(page)
        assert "Round 1: Ann deals, Bob bids first." in page.inner_text(".turn")

    # A whole round on the keep page: the bids player by player, then the tricks.
    for seat, bid in (("1", "3"), ("2", "nil"), ("3", "5"), ("0", "4")):
        keep.select_option(f"select[name=bid-{seat}]", bid)
    keep.click("form.entry.bids button")
    keep.wait_for_selector("form.entry.tricks")
    redrawn(watch, "the bids are in (Us 4+nil; Them 3+5)")
    keep.fill("input[name=took-0]", "5")
    keep.fill("input[name=took-2]", "0")
    # The one box left empty is offered the rest of the 13 tricks.
    assert keep.get_attribute("input[name=team-1]", "placeholder") == "8"
    keep.click("form.entry.tricks button")
    keep.wait_for_selector("form.entry.bids")
    redrawn(watch, "Round 2: Bob deals, Cat bids first.")
    assert watch.inner_text(".sides").split() == [
        "Us", "Ann", "&", "Cat", "141", "1", "bag", "needs", "359",
        "Them", "Bob", "&", "<b>Dan</b>", "80", "0", "bags", "needs", "420",
    ]  # fmt: skip
    keep.evaluate("window.notReloaded = true")

    # A change from a terminal shows on both pages.
    bid_in_a_terminal("tue")
    for page in (keep, watch):
        redrawn(page, "Round 2: Bob dealt; the bids are in (Us 2+3; Them 4+4)")
    assert keep.locator("form.entry.tricks").count() == 1  # the keep page's form follows

    shots = [shoot(watch, "watch", 390), shoot(keep, "keep", 390)]
    shots += [shoot(watch, "watch", 1200), shoot(keep, "keep", 1200)]
    assert watch.locator(".sheet-box.wide").is_visible()
    assert not watch.locator(".sheet-box.narrow").is_visible()
    for shot in shots:
        assert shot.stat().st_size > 10_000  # a drawn page, not a blank one
    keep.close()
    watch.close()


def test_offline_a_keep_page_keeps_what_was_typed_and_both_catch_up_after_a_restart(
    browser: Any, table: Table
) -> None:
    """The server killed and started again: the watch page says it is offline and catches
    up; the keep page keeps half-typed bids through another device's correction, the
    dead server (its buttons wait, a send is held) and the restart, and a reload; and a
    damaged file is said while the sheet stays."""
    watched, typed = game("offline"), game("typed")
    enter_bids(typed, BIDS)
    enter_tricks(typed, ((4, 4), (0, 5)))
    watch, keep = browser.new_page(viewport=PHONE), browser.new_page(viewport=PHONE)
    watch.goto(table.watch("offline"))
    keep.goto(table.keep("typed"))
    for page in (watch, keep):
        page.evaluate("window.notReloaded = true")
    assert watch.locator("#offline").is_hidden()
    keep.select_option("select[name=bid-2]", "3")
    keep.select_option("select[name=bid-3]", "nil")
    half = {"0": "", "1": "", "2": "3", "3": "nil"}
    assert picked(keep) == half

    # Another device corrects round 1: the page redraws around the form and says so.
    old = keep.input_value("form.entry.bids input[name=version]")
    correct_round(typed, 1, BIDS, ((5, 3), (0, 5)))
    shows(keep, "#changed", "Round 1 was just corrected on another device")
    assert picked(keep) == half
    assert keep.input_value("form.entry.bids input[name=version]") != old

    # The server goes away: entry waits, and a send is no browser error page.
    table.server.process.kill()
    for page in (watch, keep):
        page.wait_for_selector("#offline", state="visible", timeout=5000)
    assert "Offline" in watch.inner_text("#offline")
    assert keep.is_disabled("form.entry.bids button")
    keep.select_option("select[name=bid-0]", "4")
    keep.evaluate("document.querySelector('form.entry.bids').requestSubmit()")
    bid_elsewhere(watched)
    table.restart()  # on the same port
    for page in (watch, keep):
        page.wait_for_selector("#offline", state="hidden", timeout=15000)
        assert page.evaluate("window.notReloaded") is True  # never an error page
    redrawn(watch, "Round 1: Ann dealt; the bids are in")
    assert keep.is_enabled("form.entry.bids button")
    assert picked(keep) == {**half, "0": "4"}
    keep.reload()  # even a reload keeps them (this tab's storage)
    assert picked(keep) == {**half, "0": "4"}
    keep.select_option("select[name=bid-1]", "2")
    keep.click("form.entry.bids button")
    keep.wait_for_selector("form.entry.tricks")
    assert "Round 2: Bob dealt; the bids are in (Us 4+3; Them 2+nil)" in keep.inner_text(".turn")

    # A game file that cannot be read is said, and the sheet stays as it was.
    watched.write_text("format = 2\nname = ", encoding="utf-8")
    watch.wait_for_selector("#offline", state="visible", timeout=WITHIN)
    assert "damaged or cut short" in watch.inner_text("#offline")
    assert "Round 1: Ann dealt; the bids are in" in watch.inner_text("#live")
    for page in (watch, keep):
        page.close()
    watched.unlink()  # the list of games is no place for it


def test_a_whole_round_is_entered_with_javascript_off(browser: Any, table: Table) -> None:
    game("plain")
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    keep = context.new_page()
    keep.goto(table.keep("plain"))
    for seat, bid in (("1", "3"), ("2", "2"), ("3", "5"), ("0", "4")):
        keep.select_option(f"select[name=bid-{seat}]", bid)
    keep.click("form.entry.bids button")
    keep.fill("input[name=team-0]", "6")  # Them's box left empty: the rest, 7
    keep.click("form.entry.tricks button")
    assert "Round 2: Bob deals, Cat bids first." in keep.inner_text(".turn")
    assert keep.inner_text(".sides").split() == [
        "Us", "Ann", "&", "Cat", "60", "0", "bags", "needs", "440",
        "Them", "Bob", "&", "<b>Dan</b>", "-80", "0", "bags", "needs", "580",
    ]  # fmt: skip
    context.close()


def test_the_language_switch_sticks_for_one_phone_while_another_stays_german(
    browser: Any, table: Table
) -> None:
    """Two phones set to German; one switches to English with the link on the page (no
    script needed), keeps it after a reload, and both follow a change live, each in its
    own language."""
    path = game("german")
    phones = [browser.new_context(locale="de-DE", viewport=PHONE) for _ in range(2)]
    switched, german = (phone.new_page() for phone in phones)
    for page in (switched, german):
        page.goto(table.watch("german"))
        assert page.get_attribute("html", "lang") == "de"
        assert "Runde 1: Ann gibt, Bob sagt zuerst an." in page.inner_text(".turn")
    switched.click("nav.language a[hreflang=en]")
    switched.wait_for_selector("html[lang=en]")
    switched.reload()
    assert switched.get_attribute("html", "lang") == "en"
    assert "Round 1: Ann deals, Bob bids first." in switched.inner_text(".turn")
    assert switched.locator("nav.language a[hreflang=de]").inner_text() == "Deutsch"
    for page in (switched, german):
        page.evaluate("window.notReloaded = true")
    bid_elsewhere(path)
    redrawn(switched, "Round 1: Ann dealt; the bids are in")
    redrawn(german, "Runde 1: Ann hat gegeben; die Ansagen stehen")
    for phone in phones:
        phone.close()


def test_a_form_sent_again_lands_quietly_and_bids_entered_elsewhere_are_said(
    browser: Any, table: Table
) -> None:
    game("twice")
    # One phone's two taps: the same form sent twice, the second as it was drawn (no
    # script redraws it), after the first went in.
    plain = browser.new_context(java_script_enabled=False, viewport=PHONE)
    first, second = browser.new_page(viewport=PHONE), plain.new_page()
    for page in (first, second):
        page.goto(table.keep("twice"))
        for seat, bid in (("1", "3"), ("2", "nil"), ("3", "5"), ("0", "4")):
            page.select_option(f"select[name=bid-{seat}]", bid)
    first.click("form.entry.bids button")
    first.wait_for_selector("form.entry.tricks")
    second.click("form.entry.bids button")
    second.wait_for_selector("form.entry.tricks")
    assert second.locator(".message[role=alert]").count() == 0  # no refusal
    assert "Round 1's bids are in already, as given; nothing changed." in second.inner_text(
        "p.note:not(#changed)"
    )
    # A phone half way through the same round's bids hears that another was first.
    elsewhere = game("elsewhere")
    first.goto(table.keep("elsewhere"))
    first.select_option("select[name=bid-1]", "3")
    enter_bids(elsewhere, BIDS)
    shows(first, "#changed", "Round 1's bids were just entered on another device.")
    first.wait_for_selector("form.entry.tricks")
    first.close()
    plain.close()


def test_a_contract_over_the_deal_is_warned_before_and_after_the_submit(
    browser: Any, table: Table
) -> None:
    game("over")
    keep = browser.new_page(viewport=PHONE)
    keep.goto(table.keep("over"))
    assert keep.locator("form.entry.bids .total").is_hidden()  # nothing picked, nothing said
    for seat, bid in (("1", "1"), ("2", "13"), ("3", "1")):
        keep.select_option(f"select[name=bid-{seat}]", bid)
    assert keep.inner_text(".total") == "The bids add up to 15; a deal has 13 tricks."
    keep.select_option("select[name=bid-0]", "13")
    assert keep.inner_text(".total") == (
        "The bids add up to 28; a deal has 13 tricks."
        " Us's contract is 26, more than the 13 tricks in a deal. A typo?"
    )
    keep.click("form.entry.bids button")
    keep.wait_for_selector("form.entry.tricks")
    assert keep.inner_text("p.note:not(#changed)") == (
        "Warning: Us's contract is 26, more than the 13 tricks in a deal; kept as entered."
        " A typo?"
    )
    keep.close()


def test_the_new_game_form_refuses_a_numeric_name_in_the_cli_s_words(
    browser: Any, table: Table
) -> None:
    keep = browser.new_page(viewport=PHONE)
    keep.goto(table.server.keep)
    keep.fill("input[name=name]", "numbers")
    keep.fill("input[name=players]", "Ann,3,Cat,Dan")
    keep.click("form.entry.new button")
    keep.wait_for_selector(".message")
    assert keep.inner_text(".message") == (
        "Player name '3' is a whole number, which is read as a seat number;"
        " give a name with a letter in it."
    )
    assert keep.input_value("input[name=players]") == "Ann,3,Cat,Dan"  # kept to mend
    assert not (table.home / "games" / "numbers.toml").exists()
    keep.close()


def test_undo_asks_first_and_keep_it_keeps_it(browser: Any, table: Table) -> None:
    path = game("undone")
    enter_bids(path, BIDS)
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)  # asks without it
    keep = context.new_page()
    keep.goto(table.keep("undone"))
    keep.click("form.undo button")
    assert keep.inner_text("form.confirm h2") == "Take back round 1's bids?"
    keep.click("a.keep-it")
    assert "Round 1: Ann dealt; the bids are in" in keep.inner_text(".turn")
    keep.click("form.undo button")
    keep.click("form.confirm button")
    assert keep.inner_text("p.note:not(#changed)") == "Took back the bids of round 1."
    assert "Round 1: Ann deals, Bob bids first." in keep.inner_text(".turn")
    context.close()


def test_watchers_follow_the_keeper_to_the_next_game_and_the_list_is_live(
    browser: Any, table: Table
) -> None:
    path = game("short", "target=50")
    enter_bids(path, BIDS)
    watch, games = browser.new_page(viewport=PHONE), browser.new_page(viewport=PHONE)
    watch.goto(table.watch("short"))
    games.goto(table.server.watch)
    enter_tricks(path, ((4, 4), (0, 5)))  # Us 71: over the target of 50
    shows(watch, "#live", "The game is over.")
    assert "corrected" not in watch.inner_text("#live")  # only the keeper corrects
    correct_round(path, 1, BIDS, ((5, 3), (0, 5)))
    shows(watch, "#changed", "Round 1 was corrected; the scores are redrawn.")
    game("next")  # the keeper starts the next game (and makes it current)
    watch.wait_for_url("**/g/next/", timeout=WITHIN)
    shows(games, "#live", "next")
    old = browser.new_page(viewport=PHONE)  # a watcher looks back at the finished game
    old.goto(table.watch("short"))
    shows(old, "#live", "The game is over.")
    game("third")  # only another new game moves them on, straight to it
    old.wait_for_url("**/g/third/", timeout=WITHIN)
    for page in (watch, games, old):
        page.close()
