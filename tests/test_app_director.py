"""The director's kit in the phone app's pages, run by CPython as Pyodide runs them (the
same `scorepad.app.pages.answer`, the same page logic as the served keep page): a ruling
asked first, then recorded; a misdeal; a round's tricks agreed."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from scorepad.app import pages
from scorepad.engine.bids import number
from scorepad.service.games import enter_bids, enter_tricks, start_game


def ask(method: str, path: str, form: dict[str, str] | None = None) -> dict[str, Any]:
    answered: dict[str, Any] = json.loads(
        pages.answer(json.dumps({"method": method, "path": path, "form": form or {}}))
    )
    return answered


def words(answered: dict[str, Any]) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answered["html"])))


def hidden(page: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))


def version(page: str) -> str:
    found = re.search(r'name="version" value="([0-9a-f]+)"', page)
    assert found
    return found.group(1)


def test_the_app_asks_then_records_a_ruling_calls_a_misdeal_and_agrees(home: Path) -> None:
    pages.start(str(home), "https://example.org/scorepad/")
    path = start_game("fri", ["Ann", "Bob", "Cat", "Dan"], "standard", ["confirm_entries=true"],
                      teams=["Us", "Them"]).path  # fmt: skip
    page = ask("GET", "/g/fri/")
    assert 'action="#/g/fri/misdeal"' in page["html"] and "entry ruling" not in page["html"]
    misdeal = ask("POST", "/g/fri/misdeal", {"version": version(page["html"]), "redeal": "next"})
    assert misdeal["changed"] and misdeal["go"] == "/g/fri/"
    assert "Misdeal before round 1: Ann dealt; Bob deals." in words(ask("GET", "/g/fri/"))

    enter_bids(path, ((number(4), number(4)), (number(3), number(3))))
    enter_tricks(path, ((4, 4), (3, 2)))
    page = ask("GET", "/g/fri/")
    assert "wait for the other side's OK" in words(page)
    agreed = ask("POST", "/g/fri/agreed", {"version": version(page["html"]), "round": "1"})
    assert agreed["changed"]
    assert "Round 1's tricks agreed and scored. Scores: Us 80, Them -60." in words(
        ask("GET", "/g/fri/")
    )

    page = ask("GET", "/g/fri/")
    fields = {"version": version(page["html"]), "side": "1", "kind": "books", "amount": "3",
              "reason": "renege", "round": "1"}  # fmt: skip
    refused = ask("GET", "/g/fri/ruling?" + urlencode({**fields, "amount": "30"}))
    assert "A ruling of 30 books is not allowed: give 1 to 13 books." in words(refused)
    assert "<details class=\"director\" open>" in refused["html"]
    question = ask("GET", "/g/fri/ruling?" + urlencode(fields))
    said = words(question)
    assert "Record this ruling?" in said
    assert (
        "Round 1: Them: ruling: 3 books to the other side (renege). Scores: Us 83, Them -60."
        in said
    )
    recorded = ask("POST", "/g/fri/ruling", hidden(question["html"]))
    assert recorded["changed"]
    assert "Take back the last ruling on round 1" in words(ask("GET", "/g/fri/"))
    again = ask("POST", "/g/fri/ruling", hidden(question["html"]))
    assert "changed" not in again and "Nothing was recorded." in words(again)
