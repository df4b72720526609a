"""`scorepad serve` in German: each request in its browser's language (or the one picked on
the page), every word of every page marked for translation, and two phones in two
languages answered at the same time, each in its own."""

from __future__ import annotations

import asyncio
import functools
import gettext
import itertools
import json
import os
import re
import threading
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_i18n import pseudo_catalog
from test_serve import BIDS, client, fresh, saved, text, version
from test_serve_cli import serving
from typer.testing import CliRunner

from scorepad import i18n
from scorepad.cli.main import app
from scorepad.engine.entry import record_bids, record_tricks
from scorepad.files.store import load_game_file
from scorepad.i18n import negotiate, set_language
from scorepad.pages import view
from scorepad.words.catalog import placeholders

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


def played(*rounds: tuple[list[str], list[str]]) -> Any:
    game = fresh()
    for bids, tricks in rounds:
        game = record_bids(game, bids)
        if tricks:
            game = record_tricks(game, tricks)
    return game


ROUND_ONE = (["Ann=4", "Bob=3", "Cat=nil", "Dan=5"], ["Ann=5", "Bob=3", "Cat=1", "Dan=4"])


# ---------------------------------------------------------------------------
# Choosing the language


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),
        ("de-AT", "de"),
        ("DE", "de"),
        ("fr-FR,fr;q=0.9", None),
        ("fr-FR,fr;q=0.9,de;q=0.5", "de"),
        ("de;q=0.4,en;q=0.6", "en"),
        ("en;q=0.5,de;q=0.5", "en"),
        ("de;q=0.5,en;q=0.5", "de"),
        ("de;q=0,en", "en"),
        ("de;q=0", None),
        ("*", "en"),
        ("fr,*;q=0.1", "en"),
        ("fr,*;q=0.1,de;q=0.2", "de"),
        ("de;q=lots,en;q=0.2", "en"),
        ("de;q=2,en;q=0.2", "en"),
        ("", None),
        (",;,q=", None),
    ],
    ids=[
        "German browser", "English browser", "a region", "upper case", "French only",
        "French then German", "q decides", "a tie: the earlier", "a tie the other way",
        "q=0 is not this one", "only refusals", "anything", "anything after French",
        "named beats anything", "an unreadable q", "q over 1", "empty", "rubbish",
    ],
)  # fmt: skip
def test_accept_language_is_negotiated_by_q_value(header: str, expected: str | None) -> None:
    assert negotiate(header) == expected


def test_the_page_speaks_the_browsers_language_and_says_so(home: Path) -> None:
    web = client(saved(home, played(ROUND_ONE)))
    german = web.get("/watch/g/tue/", headers=GERMAN)
    english = web.get("/watch/g/tue/", headers=ENGLISH)
    assert '<html lang="de">' in german.text and '<html lang="en">' in english.text
    assert german.headers["content-language"] == "de"
    assert german.headers["vary"] == "Accept-Language, Cookie"
    assert "Runde 2: Bob gibt, Cat sagt zuerst an." in text(german.text)
    assert "Round 2: Bob deals, Cat bids first." in text(english.text)


def test_a_language_we_do_not_speak_is_english_and_no_header_is_the_servers(home: Path) -> None:
    web = client(saved(home, fresh()))
    assert '<html lang="en">' in web.get("/watch/g/tue/", headers={"Accept-Language": "fr"}).text
    set_language("de")  # `scorepad --lang de serve`
    assert '<html lang="de">' in web.get("/watch/g/tue/").text
    assert '<html lang="en">' in web.get("/watch/g/tue/", headers={"Accept-Language": "fr"}).text


def test_the_switch_keeps_the_pick_for_that_browser(home: Path) -> None:
    path = saved(home, fresh())
    web = client(path)
    page = web.get("/watch/g/tue/", headers=GERMAN).text
    assert '<a href="/watch/g/tue/?lang=en" hreflang="en" lang="en">English</a>' in page
    switched = web.get("/watch/g/tue/?lang=en", headers=GERMAN)
    assert (switched.status_code, switched.headers["location"]) == (303, "/watch/g/tue/")
    assert "scorepad_lang=en" in switched.headers["set-cookie"]
    assert "httponly" in switched.headers["set-cookie"].lower()
    again = web.get("/watch/g/tue/", headers=GERMAN)  # the cookie wins over the browser
    assert "Round 1: Ann deals, Bob bids first." in text(again.text)
    assert '<a href="/watch/g/tue/?lang=de" hreflang="de" lang="de">Deutsch</a>' in again.text
    other = client(path)  # another browser keeps its own language
    assert '<html lang="de">' in other.get("/watch/g/tue/", headers=GERMAN).text


def test_the_switch_keeps_the_rest_of_the_address_and_refuses_an_unknown_language(
    home: Path,
) -> None:
    web = client(saved(home, fresh()))
    kept = web.get("/watch/g/tue/?x=1&lang=de")
    assert (kept.status_code, kept.headers["location"]) == (303, "/watch/g/tue/?x=1")
    web.cookies.clear()
    refused = web.get("/watch/g/tue/?lang=fr", headers=GERMAN)
    assert refused.status_code == 400
    assert refused.text == (
        "Unbekannte Sprache 'fr'; zur Wahl stehen en, de. Nichts wurde geändert.\n"
    )
    assert "set-cookie" not in refused.headers


def test_a_page_drawn_after_a_refusal_switches_to_the_page_not_the_form(home: Path) -> None:
    web = client(saved(home, fresh()))
    page = web.get("/keep/g/tue/", headers=GERMAN).text
    refused = web.post(
        "/keep/g/tue/bids",
        data={"version": version(page), "round": "1", **BIDS, "bid-3": "14"},
        headers=GERMAN,
    )
    assert refused.status_code == 400
    assert 'href="/keep/g/tue/?lang=en"' in refused.text


# ---------------------------------------------------------------------------
# Every word in German


@pytest.mark.parametrize(
    ("url", "phrases"),
    [
        ("/keep/g/tue/", [
            "standard · bis 500 · Punkte schreiben",
            "Us Ann & Cat -58 2 Überstiche braucht 558",
            "Runde 2: Bob hat gegeben; die Ansagen stehen (Us 4+2; Them 3+5), die Stiche fehlen "
            "noch.",
            "Runde 2: Stiche Lass ein Feld leer: es bekommt den Rest der 13 Stiche.",
            "Stiche eintragen Ansagen von Runde 2 zurücknehmen",
            "4+null 5+1 -58 -58 2",
            "Us: Null verloren (Cat): 1 Stich Them: Kontrakt 8 verfehlt (7 gemacht)",
            "Die Spieler schauen über den Zuschau-Link zu (nur lesen).",
        ]),
        ("/keep/g/tue/round/1", [
            "Runde 1, Geber: Ann Us",
            "vorher 0 Punkte, 0 Überstiche Null verloren (Cat): 1 Stich -100",
            "diese Runde -58 nachher -58 Punkte, 2 Überstiche",
            "Bob (sagt zuerst an) – null 1 2",
            "Ann (gibt)",
        ]),
    ],
    ids=["the keep page", "a round explained"],
)  # fmt: skip
def test_the_keep_page_and_a_round_in_german(home: Path, url: str, phrases: list[str]) -> None:
    path = saved(home, played(ROUND_ONE, (["Ann=4", "Bob=3", "Cat=2", "Dan=5"], [])))
    page = text(client(path).get(url, headers=GERMAN).text)
    assert [phrase for phrase in phrases if phrase not in page] == []


def test_a_round_on_the_page_tells_each_sides_entry_as_explain_does_in_german(
    home: Path,
) -> None:
    path = saved(home, played(ROUND_ONE))
    (home / "current").write_text("tue\n")
    said = CliRunner().invoke(app, ["--lang", "de", "explain", "1"], prog_name="scorepad")
    entries = re.findall(r"^(Us|Them): (.+)$", said.stdout, flags=re.MULTILINE)
    page = client(path).get("/watch/g/tue/round/1", headers=GERMAN).text
    shown = re.findall(r"<h3>(\w+)</h3>\s*<p>(.*?)</p>", page)
    assert said.exit_code == 0 and len(entries) == 2
    assert shown == entries
    assert "Ann sagt 4" in entries[0][1] and "Cat sagt Null an" in entries[0][1]


def test_the_end_of_a_game_in_german(home: Path) -> None:
    game = fresh("standard", "target=100")
    bid = record_bids(game, ["Ann=6", "Bob=1", "Cat=6", "Dan=0"])
    won = record_tricks(bid, ["Ann=7", "Bob=0", "Cat=6", "Dan=0"])
    web = client(saved(home, won))
    page = text(web.get("/keep/g/tue/", headers=GERMAN).text)
    assert "Sieg für Us nach Runde 1 (100 erreicht)." in page
    assert "Die Partie ist zu Ende. Eine Runde lässt sich auf ihrer Seite noch berichtigen." in page
    assert "Hier endet die Partie." in page
    explained = text(web.get("/keep/g/tue/round/1", headers=GERMAN).text)
    assert "Diese Runde beendet die Partie: Sieg für Us (Us 121, Them 90)." in explained


def test_the_list_of_games_in_german_with_a_german_date(home: Path) -> None:
    path = saved(home, played(ROUND_ONE))
    moment = datetime(2026, 12, 1, 14, 20).timestamp()
    os.utime(path, (moment, moment))
    page = text(client(None).get("/keep/", headers=GERMAN).text)
    assert "tue Us gegen Them 1 Runde: Us -58, Them -80. Geändert am 1. Dez. 2026, 14:20." in page
    assert "Neue Partie beginnen Name Spieler, im Uhrzeigersinn Parteien (optional)" in page


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"bid-3": "14"}, "Dan: die Ansage 14 geht nicht; möglich sind 1 bis 13, null (oder 0)."),
        ({"bid-3": ""}, "Keine Ansage für Dan; wähle die Ansage jedes Spielers."),
        ({"bid-9": "4"}, "Auf Platz 10 sitzt kein Spieler; die Spieler sind Ann, Bob, Cat, Dan."),
    ],
    ids=["too high", "missing", "no such seat"],
)
def test_a_refused_round_says_why_in_german_and_changes_nothing(
    home: Path, change: dict[str, str], said: str
) -> None:
    path = saved(home, fresh())
    before = path.read_bytes()
    web = client(path)
    page = web.get("/keep/g/tue/", headers=GERMAN).text
    refused = web.post(
        "/keep/g/tue/bids",
        data={"version": version(page), "round": "1", **BIDS, **change},
        headers=GERMAN,
    )
    assert refused.status_code == 400
    message = re.search(r'<p class="message" role="alert">(.*?)</p>', refused.text)
    assert message is not None and said in message.group(1).replace("&#39;", "'")
    assert path.read_bytes() == before


def test_a_stale_form_and_a_form_of_another_site_are_refused_in_german(home: Path) -> None:
    path = saved(home, fresh())
    web = client(path)
    form = {"version": version(web.get("/keep/g/tue/").text), "round": "1", **BIDS}
    assert web.post("/keep/g/tue/bids", data=form).status_code == 303
    stale = web.post("/keep/g/tue/bids", data={**form, "bid-0": "6"}, headers=GERMAN)
    assert stale.status_code == 409
    assert "Die Ansagen von Runde 1 wurden gerade auf einem anderen Gerät eingetragen." in (
        stale.text
    )
    other = web.post(
        "/keep/g/tue/undo",
        data=form,
        headers={**GERMAN, "Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
    )
    assert other.status_code == 403
    assert other.text == (
        "Ein Formular von einer anderen Seite (http://evil.example) wird nicht angenommen. "
        "Nichts wurde geändert.\n"
    )
    assert len(load_game_file(path).rounds) == 1


def test_a_link_without_its_token_and_an_unknown_game_are_refused_in_german(home: Path) -> None:
    web = client(saved(home, fresh()), {"watch": "w" * 22, "keep": "k" * 22})
    lacking = web.get("/keep/wrong/g/tue/", headers=GERMAN)
    assert (lacking.status_code, lacking.text) == (
        403,
        "Diesem Schreib-Link fehlt sein Schlüssel: öffne den Link, den das Terminal des "
        "Schreibers ausgegeben hat.\n",
    )
    missing = web.get(f"/watch/{'w' * 22}/g/wed/", headers=GERMAN)
    assert (missing.status_code, missing.text) == (
        404,
        "Eine Partie namens 'wed' gibt es hier nicht. Nichts wurde geändert.\n",
    )


def test_the_tricks_form_tells_the_script_the_deals_tricks_not_in_words(home: Path) -> None:
    path = saved(home, played((["Ann=4", "Bob=3", "Cat=2", "Dan=5"], [])))
    page = client(path).get("/keep/g/tue/", headers=GERMAN).text
    assert re.search(r'<form class="entry tricks"[^>]* data-tricks="13"', page)


# What the script may say as strings: names of events, elements, classes and attributes.
SCRIPT_NAMES = {
    "use strict", "live", "offline", "changed", "state", "form.entry.tricks", "input.took",
    "p.message, p.note:not(#changed)", "input", "change", "submit", "online", "visibilitychange",
    "", " ", ":", "scorepad:", "action", "version", "hidden", "button", "over", ".total",
    "form.entry.bids", "form.entry[data-round]", "form.entry[data-round], form.undo, form.confirm",
    "select[data-side]", "select[data-team]", "deal", "details", "details[open]", ".clock",
    "{number}", "{total}", "{side}", "{contract}",  # placeholders of the page's own words
}  # fmt: skip


@pytest.mark.parametrize(
    ("english", "german", "same"),
    [
        ("%(count)s bags", "%(count)s Überstiche", True),
        ("%(count)s bags", "%(anzahl)s Überstiche", False),
        ("%(count)s bags", "{count} Überstiche", False),
    ],
    ids=["same", "renamed", "another style"],
)
def test_a_templates_trans_block_placeholders_are_compared_too(
    english: str, german: str, same: bool
) -> None:
    assert (placeholders(english) == placeholders(german)) is same


def test_the_script_has_no_words_of_its_own() -> None:
    """What the live script shows comes from the page or the server, in the page's
    language: a string in the script would be English on a German page."""
    script = Path(view.__file__).parent.parent / "serve" / "static" / "live.js"
    code = re.sub(r"//[^\n]*", "", script.read_text())
    strings = set(re.findall(r'"([^"\\]*)"', code)) | set(re.findall(r"'([^'\\]*)'", code))
    assert strings - SCRIPT_NAMES == set()


def test_the_announcing_script_has_no_words_of_its_own() -> None:
    """announce.js reads out the page's own words (the new round), never its own."""
    script = Path(view.__file__).parent.parent / "serve" / "static" / "announce.js"
    code = re.sub(r"//[^\n]*", "", script.read_text())
    strings = set(re.findall(r'"([^"\\]*)"', code)) | set(re.findall(r"'([^'\\]*)'", code))
    assert strings == {"use strict", "live", "announce", ".banner, .turn", " "}


# ---------------------------------------------------------------------------
# Two phones, two languages, at the same time


def test_two_phones_in_two_languages_at_once_each_get_their_own(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first German and the first English request are inside the page's drawing at
    the same moment (a barrier holds each until the other arrives); a language kept for
    the process would give one of them the other's words. Later requests find their
    language's page drawn, or draw it again unheld (one thread may come back for the
    other language before the other thread has kept its page)."""
    path = saved(home, played(ROUND_ONE))
    together = threading.Barrier(2, timeout=10)
    drawings = itertools.count()
    drawn = view.game_view

    def met(*args: Any, **kwargs: Any) -> Any:
        if next(drawings) < 2:
            together.wait()
        return drawn(*args, **kwargs)

    monkeypatch.setattr(view, "game_view", met)
    web = client(path)
    headers = [GERMAN, ENGLISH] * 3
    with ThreadPoolExecutor(2) as pool:
        pages = list(pool.map(lambda said: web.get("/watch/g/tue/", headers=said).text, headers))
    for page, said in zip(pages, headers, strict=True):
        if said is GERMAN:
            assert "Runde 2: Bob gibt, Cat sagt zuerst an." in text(page)
            assert "Round" not in text(page)
        else:
            assert "Round 2: Bob deals, Cat bids first." in text(page)
            assert "Runde" not in text(page)
    assert i18n.language() == "en"  # the process's own language is left as it was


def test_live_updates_are_drawn_in_each_listeners_language(home: Path) -> None:
    path = saved(home, played(ROUND_ONE))
    hub = client(path).app.state.hub  # type: ignore[attr-defined]

    async def first_state(language: str) -> dict[str, Any]:
        stream = hub.events(path, "watch", language)
        async for chunk in stream:
            if chunk.startswith("event: state"):
                await stream.aclose()
                state: dict[str, Any] = json.loads(chunk.split("data: ", 1)[1])
                return state
        raise AssertionError("no state")

    async def both() -> list[dict[str, Any]]:
        return list(await asyncio.gather(first_state("de"), first_state("en")))

    german, english = asyncio.run(asyncio.wait_for(both(), 5))
    assert "Runde 2: Bob gibt, Cat sagt zuerst an." in text(german["html"])
    assert "Round 2: Bob deals, Cat bids first." in text(english["html"])


# ---------------------------------------------------------------------------
# Every word marked: every page under a pseudo-locale that brackets what is translated


class _Words(HTMLParser):
    """What a person reads on a page: its text and the words of its attributes, leaving
    out scripts and what is said in another language (the switch's `lang` links)."""

    SAID = ("placeholder", "aria-label", "title", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.read: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script" or (tag != "html" and "lang" in found):
            self.skipping.append(tag)
        self.read.extend(value or "" for key, value in attrs if key in self.SAID)

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.read.append(data)


# Words a page shows that are not scorepad's: the game's and players' names, preset names.
NAMES = {"tue", "wed", "Ann", "Bob", "Cat", "Dan", "Us", "Them", "scorepad", "target"}


def unmarked(page: str) -> list[str]:
    """The words of `page` outside ⟦ ⟧ that are not names."""
    from scorepad.files.presets import preset_names

    parser = _Words()
    parser.feed(page)
    words = " ".join(parser.read)
    while True:  # innermost first: a translation holds others (a refusal's reason, a bid)
        words, found = re.subn(r"⟦[^⟦⟧]*⟧", " ", words)
        if not found:
            break
    allowed = NAMES | {word for name in preset_names() for word in re.findall(r"\w+", name)}
    return [word for word in re.findall(r"[A-Za-z][A-Za-z']+", words) if word not in allowed]


@functools.cache  # the whole package's messages are extracted once, not per test
def pseudo_catalog_once() -> gettext.NullTranslations:
    return pseudo_catalog()


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """German requests speak the pseudo-locale: every translated word between ⟦ and ⟧."""
    monkeypatch.setitem(i18n._catalogs, "de", pseudo_catalog_once())
    yield


def pages_of_a_game(web: TestClient, role: str) -> list[str]:
    base = f"/{role}/g/tue/"
    return [web.get(base, headers=GERMAN).text, web.get(base + "round/1", headers=GERMAN).text]


@pytest.mark.parametrize(
    "rules",
    [(), ("blind_bids=true", "blind_nil=true", "blind_nil_deficit=100", "partner_bidding=true",
          "min_team_bid=4", "no_hell=true")],
    ids=["standard", "every hint"],
)  # fmt: skip
def test_every_word_of_every_page_is_marked_for_translation(
    home: Path, pseudo: None, rules: tuple[str, ...]
) -> None:
    game = fresh("standard", *rules)
    open_round = record_bids(game, ["Ann=4", "Bob=3", "Cat=nil", "Dan=5"])
    played_once = record_tricks(open_round, ["Ann=5", "Bob=3", "Cat=1", "Dan=4"])
    over = record_tricks(
        record_bids(fresh("standard", "target=100", *rules), ["Ann=6", "Bob=2", "Cat=6", "Dan=2"]),
        ["Ann=7", "Bob=0", "Cat=6", "Dan=0"],
    )
    seen: list[str] = []
    for state in (game, open_round, played_once, over):
        path = saved(home, state)
        web = client(None)
        for role in ("watch", "keep"):
            seen.append(web.get(f"/{role}/", headers=GERMAN).text)
            seen.append(web.get(f"/{role}/g/tue/", headers=GERMAN).text)
            if state.rounds:
                seen.append(web.get(f"/{role}/g/tue/round/1", headers=GERMAN).text)
        page = web.get("/keep/g/tue/", headers=GERMAN).text
        if state is played_once:  # a refused entry, a stale form, a refused new game
            form = {"version": version(page), "round": "2", **BIDS, "bid-3": "14"}
            seen.append(web.post("/keep/g/tue/bids", data=form, headers=GERMAN).text)
            stale = {**form, "version": "0" * 16}
            seen.append(web.post("/keep/g/tue/bids", data=stale, headers=GERMAN).text)
            seen.append(web.post("/keep/new", data={"name": "x"}, headers=GERMAN).text)
            seen.append(web.post("/keep/g/tue/bids", data={"x": "1"}, headers=GERMAN).text)
            seen.append(web.get("/keep/g/wed/", headers=GERMAN).text)
            seen.append(web.get("/watch/?lang=xx", headers=GERMAN).text)
            seen.append(web.post("/keep/g/tue/undo", content=b"a" * 20_000, headers=GERMAN).text)
            hub = web.app.state.hub  # type: ignore[attr-defined]
            seen.append(str(hub.draw(path, "keep", "de")["html"]))
        path.unlink()
    tokened = client(saved(home, game), {"watch": "w" * 22, "keep": "k" * 22})
    seen.append(tokened.get("/", headers=GERMAN).text)
    seen.append(tokened.get("/keep/x/", headers=GERMAN).text)
    seen.append(tokened.get("/watch/x/", headers=GERMAN).text)
    assert all("⟦" in page for page in seen)  # the pseudo-locale is what they speak
    found = [(index, unmarked(page)) for index, page in enumerate(seen) if unmarked(page)]
    assert found == []


def test_the_pseudo_locale_finds_an_unmarked_word() -> None:
    """The check above can fail: a word outside the brackets is found, a name is not."""
    assert unmarked("<p>⟦Runde⟧ Ann Offline</p><a lang='en'>English</a>") == ["Offline"]


# ---------------------------------------------------------------------------
# The command's own lines


def test_serve_says_its_lines_in_german_and_its_pages_default_to_the_servers_language(
    home: Path,
) -> None:
    saved(home, fresh())
    (home / "current").write_text("tue\n")
    with serving(language="de") as server:
        lines = server.lines
        assert lines[0].startswith("tue unter http://127.0.0.1:")
        assert lines[0].endswith(" (Strg-C beendet).")
        assert lines[1].startswith("Zuschauen (nur lesen): http://")
        assert lines[2].startswith("Punkte schreiben:      http://")
        assert lines[3] == (
            "Nur dieser Rechner kann diese Links öffnen, daher kein QR-Code: "
            "für die Handys am Tisch mit --lan starten."
        )
        assert not any("Code oben scannen" in line for line in lines)  # no code of a loopback link
        with urllib.request.urlopen(server.watch, timeout=10) as answer:  # no Accept-Language
            assert '<html lang="de">' in answer.read().decode()
