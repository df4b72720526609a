"""The HTML export in a real browser: a phone, a desktop, and paper.

Chromium (Debian's `chromium` package, one browser for the module, driven by Playwright)
draws the page headless: at 390 px no side may push the page off the screen (the sheet
scrolls inside its own box instead), screenshots are taken at 390 and 1200 px, and the
page printed to PDF (Letter, Chromium's default 0.4 in margins) must keep every side within
the paper's width for 3 to 6 sides. Skipped, saying why, where no Chromium or Playwright is
installed.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import NEEDS_BROWSER, POLL
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import Game, new_game, standings
from scorepad.files.presets import resolve_rules
from scorepad.files.store import save_game

pytestmark = NEEDS_BROWSER

NAMES = ("Annabelle", "Bartholomew", "Catherine", "Dominique", "Evangeline", "Frederick")


def long_game(preset: str, players: int) -> Game:
    """Up to eight rounds of `preset` with long names: sets, failed nils and bags to mark."""
    name, rules = resolve_rules(preset)
    game = new_game(f"{preset} night", NAMES[:players], rules, preset=name)
    seats = range(1, players + 1)
    for number in range(8):
        nil = (number % players) + 1
        game = record_bids(game, [f"{s}={'nil' if s == nil else 2}" for s in seats])
        # The nil bidder takes a trick every other round; the rest go round the table.
        took = [1 if (s == nil and number % 2) else 0 for s in seats]
        for index in range(rules.tricks - sum(took)):
            took[(nil + index) % players] += 1
        game = record_tricks(game, [f"{s}={t}" for s, t in zip(seats, took, strict=True)])
        if standings(game).finished:
            break
    return game


def exported(home: Path, game: Game, name: str = "night") -> Path:
    path = home / "games" / f"{name}.toml"
    save_game(path, game)
    page = home / f"{name}.html"
    env = {"SCOREPAD_HOME": str(home), "COLUMNS": "80", "NO_COLOR": "1"}
    result = CliRunner().invoke(app, ["export", "-g", name, "-o", str(page)], env=env)
    assert result.exit_code == 0, result.stderr
    return page


@pytest.fixture(scope="module")
def tab(browser: Any) -> Iterator[Any]:
    """One tab for the module: each test loads its page into it (a fresh context and tab
    per test cost more than the test itself)."""
    context = browser.new_context()
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def long_page(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, int], Path]:
    """`long_game(preset, players)` exported, once per module for each pair."""
    home = tmp_path_factory.mktemp("export")
    made: dict[tuple[str, int], Path] = {}

    def page(preset: str, players: int) -> Path:
        if (preset, players) not in made:
            game = long_game(preset, players)
            made[preset, players] = exported(home, game, f"{preset}-{players}")
        return made[preset, players]

    return page


def drawn(tab: Any, host: Path) -> str:
    """The DOM of a `framed` host page once its frame is drawn and measured."""
    tab.goto(host.as_uri())
    tab.wait_for_function(
        "document.body.dataset.page !== undefined", timeout=10_000, polling=POLL
    )
    return str(tab.content())


def printed(tab: Any, page_file: Path, pdf: Path) -> None:
    """The page printed as Chromium prints it by default: Letter paper, 0.4 in margins."""
    tab.goto(page_file.as_uri())
    margin = "0.4in"
    tab.pdf(
        path=str(pdf),
        format="Letter",
        margin={"top": margin, "right": margin, "bottom": margin, "left": margin},
    )


def png_size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


def framed(page: Path, width: int) -> Path:
    """A page showing `page` in a frame `width` px wide, measuring it once it is drawn.

    Headless Chromium's window is at least 500 px wide, so a phone's 390 px is a frame of
    that width; the frame's own viewport is 390 px, media queries and all. The export has
    no script: the measuring one is the host page's, written into its body for --dump-dom.
    """
    from html import escape

    host = page.with_name(f"{page.stem}-{width}.html")
    host.write_text(
        '<!DOCTYPE html><html><body style="margin:0">'
        f'<iframe id="phone" style="border:0;width:{width}px;height:1100px" '
        f'srcdoc="{escape(page.read_text())}"></iframe>'
        "<script>phone.onload = () => {"
        " const d = phone.contentDocument, box = d.querySelector('.scroll');"
        " document.body.dataset.page = d.documentElement.scrollWidth + ' '"
        "   + phone.contentWindow.innerWidth;"
        " document.body.dataset.box = box.scrollWidth + ' ' + box.clientWidth + ' '"
        "   + getComputedStyle(box).overflowX;"
        " document.body.dataset.sides = [...d.querySelectorAll('thead tr:first-child th')]"
        "   .map(th => th.textContent).join('|');"
        " const top = d.querySelector('table.standings');"
        " document.body.dataset.first = Math.ceil(top.getBoundingClientRect().bottom) + '|'"
        "   + [...top.querySelectorAll('tbody tr')].map(tr => tr.cells[0].textContent"
        "   + '=' + tr.cells[1].textContent).join('|');"
        " document.body.dataset.boxes = [...d.querySelectorAll('.scroll')]"
        "   .map(b => b.scrollWidth + '/' + b.clientWidth).join(' ');"
        " const y = s => (d.querySelector(s) || {getBoundingClientRect: () => ({top: -1})})"
        "   .getBoundingClientRect().top;"
        " document.body.dataset.order = y('tbody.total') + ' ' + y('tbody.after-end');"
        "};</script></body></html>"
    )
    return host


def measure(dom: str) -> dict[str, str]:
    from html import unescape

    return {key: unescape(value) for key, value in re.findall(r'data-(\w+)="([^"]*)"', dom)}


PHONE_SCREEN = 844  # a 390 px phone's first screen, in CSS pixels (an iPhone 12 to 15)


@pytest.mark.parametrize(
    ("preset", "players"), [("club", 4), ("solo-6", 6)], ids=["4-players", "6-sides"]
)
def test_on_a_phone_every_side_is_on_the_page_and_its_score_on_the_first_screen(
    tab: Any, long_page: Callable[[str, int], Path], preset: str, players: int
) -> None:
    page = long_page(preset, players)
    measured = measure(drawn(tab, framed(page, 390)))
    page_width, screen = map(int, measured["page"].split())
    assert page_width <= screen == 390  # nothing pushes the page sideways
    inner, shown, overflow = measured["box"].split()
    assert int(shown) <= 390
    # A sheet wider than the phone scrolls inside its own box, where every side is.
    assert int(inner) <= int(shown) or overflow == "auto"
    for name in NAMES[:players] if players != 4 else ("Annabelle", "Bartholomew"):
        assert name in measured["sides"]
    # The first screen shows every side's score.
    bottom, *rows = measured["first"].split("|")
    assert int(bottom) <= PHONE_SCREEN
    game = long_game(preset, players)
    scores = standings(game).scores
    assert rows == [f"{game.sides[side]}={scores[side]}" for side in range(len(game.sides))]


def test_six_sides_fit_a_desktop_screen_without_a_sideways_scroll(
    tab: Any, long_page: Callable[[str, int], Path]
) -> None:
    dom = drawn(tab, framed(long_page("solo-6", 6), 1200))
    boxes = [tuple(map(int, box.split("/"))) for box in measure(dom)["boxes"].split()]
    assert len(boxes) == 2 and all(inner <= shown for inner, shown in boxes)


def test_rounds_after_the_end_are_drawn_below_the_total(tab: Any, home: Path) -> None:
    name, rules = resolve_rules("short", ["target=200"])
    game = new_game("late", ["Ann", "Bob", "Cy", "Dee"], rules, preset=name)
    game = record_bids(game, ["1=6", "2=nil", "3=6", "4=nil"])
    game = record_tricks(game, ["1=6", "2=1", "3=6", "4=0"])
    game = record_bids(game, ["1=3", "2=3", "3=3", "4=3"])
    game = record_tricks(game, ["1=3", "2=3", "3=4", "4=3"])
    # The corrected round 1 makes both nils: Bob & Dee reach 200 and the game ended there.
    game = record_tricks(game, ["1=6", "2=0", "3=7", "4=0"], number=1)
    assert [result.after_end for result in standings(game).rounds] == [False, True]
    page = exported(home, game)
    dom = drawn(tab, framed(page, 1200))
    total, after = map(float, measure(dom)["order"].split())
    assert 0 < total < after


@pytest.mark.parametrize("width", [390, 1200])
def test_screenshots_at_phone_and_desktop_widths(
    tab: Any, long_page: Callable[[str, int], Path], home: Path, width: int
) -> None:
    page = long_page("club", 4)
    shot = home / f"night-{width}.png"
    window = max(width, 500)  # a window no narrower than headless Chromium's own
    tab.set_viewport_size({"width": window, "height": 1100})
    drawn(tab, framed(page, width))
    tab.screenshot(path=str(shot))
    assert png_size(shot) == (window, 1100)
    assert shot.stat().st_size > 10_000  # a drawn page, not a blank one


def right_edge(pdf: Path, page: int) -> tuple[int, int]:
    """The page's rightmost ink at 60 dpi: its blank columns to the edge, its longest run.

    A sheet whose right border is drawn ends in a line as tall as the table; one cut off
    by the paper ends in the digits of its last column, a few pixels tall each.
    """
    done = subprocess.run(
        ["pdftoppm", "-gray", "-r", "60", "-f", str(page), "-l", str(page), str(pdf)],
        capture_output=True, check=True,
    )  # fmt: skip
    header, width, height, _, pixels = done.stdout.split(maxsplit=4)
    assert header == b"P5"
    columns, rows = int(width), int(height)

    def longest_run(column: int) -> int:
        longest = run = 0
        for row in range(rows):
            run = run + 1 if pixels[row * columns + column] < 240 else 0
            longest = max(longest, run)
        return longest

    # The rightmost column with more than an anti-aliased speck of ink in it.
    last = next(column for column in reversed(range(columns)) if longest_run(column) >= 4)
    return columns - 1 - last, max(longest_run(column) for column in (last - 1, last))


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext (poppler-utils)")
@pytest.mark.parametrize(
    ("preset", "players"),
    [("solo-3", 3), ("club", 4), ("solo-5", 5), ("solo-6", 6)],
    ids=["3-sides", "2-teams", "5-sides", "6-sides"],
)
def test_printed_every_side_stays_within_the_papers_width(
    tab: Any, long_page: Callable[[str, int], Path], home: Path, preset: str, players: int
) -> None:
    page = long_page(preset, players)
    pdf = home / "night.pdf"
    printed(tab, page, pdf)
    boxes = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = re.findall(r'<page width="([\d.]+)"', boxes)
    assert pages, "the PDF has no page"
    rights = re.findall(r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)"', boxes)
    assert max(float(right) for right in rights) <= float(pages[0])
    # Words beyond the paper's edge are not on the page at all: every side's last
    # column heading must be there, on the first page.
    sides = players if players != 4 else 2
    assert boxes.count(">Bags</word>") == sides + 1  # each side's column, and the standings
    # No border is clipped: every page's ink ends inside the paper, in the sheet's right
    # border (a tall line), not in cut-off digits.
    with_sheet = [n for n, text in enumerate(boxes.split("</page>"), 1) if ">Tricks</word>" in text]
    assert with_sheet and with_sheet[0] == 1
    for number in with_sheet:
        blank, line = right_edge(pdf, number)
        assert blank > 0 and line >= 60, (number, blank, line)
    first_page = boxes.split("</page>")[0]
    assert first_page.count(">Bags</word>") >= min(sides, 3) + 1


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext (poppler-utils)")
def test_a_ten_round_game_prints_on_one_page_without_a_footer_page(
    tab: Any, home: Path
) -> None:
    name, rules = resolve_rules("standard")
    players = ["Annabelle", "Bartholomew", "Catherine", "Dominique"]
    teams = ["The Long Team Name Here", "Another Long Team"]
    game = new_game("ten", players, rules, preset=name, sides=teams)
    for _ in range(10):
        game = record_bids(game, ["1=2", "2=2", "3=2", "4=2"])
        game = record_tricks(game, ["1=3", "2=3", "3=3", "4=4"])
    assert len(game.rounds) == 10 and not standings(game).finished
    page = exported(home, game)
    pdf = home / "night.pdf"
    printed(tab, page, pdf)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert text.count("\f") == 1  # one page: no second page holding only the footer
    assert "Score by round" in text


LONG_FIELD = (
    "Annabelle,Bartholomew,Catherine,Dominique,Evangeline,Frederick,Gwendolyn,Heathcliff,"
    "Isadora,Jonathan,Kimberley,Lucinda,Maximilian-Alexander-von-Hohenzollern"
)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_club_night_export_fits_a_phone(
    browser: Any, tmp_path: Path, lang: str
) -> None:
    """13 long names, a table of results and a late arrival: at 390 px nothing pushes the
    page sideways (a standings table too wide for the phone scrolls in its own box)."""
    env = {"SCOREPAD_HOME": str(tmp_path / "home"), "COLUMNS": "80", "NO_COLOR": "1"}

    def ok(*args: str) -> None:
        result = CliRunner().invoke(app, ["--lang", lang, *args], env=env)
        assert result.exit_code == 0, result.stderr

    try:
        ok("event", "new", "night", "--players", LONG_FIELD, "--rounds", "3", "--deals", "1",
           "--seed", "3")  # fmt: skip
        for table in (1, 2, 3):
            ok("bid", "-g", f"night-r1-t{table}", "1=3", "2=3", "3=3", "4=3")
            ok("tricks", "-g", f"night-r1-t{table}", "1=2", "2=6", "3=2", "4=3")
        ok("event", "seat", "night")
        ok("event", "add", "Nora", "night")
        page = tmp_path / "night.html"
        ok("event", "export", "night", "-o", str(page))
    finally:
        from scorepad.i18n import set_language

        set_language("en")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        tab = context.new_page()
        tab.goto(page.as_uri())
        assert tab.evaluate("window.innerWidth") == 390
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
        assert "-123" in tab.inner_text("table")
        tab.screenshot(path=str(tmp_path / f"night-{lang}-390.png"), full_page=True)
    finally:
        context.close()
