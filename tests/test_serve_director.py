"""The director's kit on the served pages (issue 42), through Starlette's test client: a
ruling asked first and then recorded, a misdeal, a round whose tricks wait for the other
side's OK, and the clock's time left by the server's clock (injected, never waited on).
Every refusal is a 4xx that names what is wrong and what is allowed, with the game file
as it was."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from starlette.testclient import TestClient
from test_cli_clock import FakeClock
from test_serve import client, fresh, saved, text, version
from test_serve_event import TOKENS as EVENT_TOKENS
from test_serve_event import ok

from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import Game, new_game
from scorepad.files.presets import resolve_rules
from scorepad.files.store import load_game_file, save_game
from scorepad.serve.app import ServeConfig, create_app
from scorepad.serve.urls import table_key
from scorepad.service.games import Step, enter_tricks, waits_for
from scorepad.service.rulings import confirm

BIDS = ["Ann=4", "Bob=3", "Cat=4", "Dan=3"]
# Us (Ann & Cat) make 8 of 8: 80; Them (Bob & Dan) take 5 of 6: set, -60.
TRICKS = ["Ann=4", "Bob=3", "Cat=4", "Dan=2"]
# Three books of Them's for a renege go to Us: Us take 11 of 8 (80 + 3 overtricks = 83,
# 3 bags), Them keep 2 of their 5 on their contract of 6: still set, -60.
RENEGE = {"side": "1", "kind": "books", "amount": "3", "reason": "renege, Bob", "round": "1"}
RULED = (
    "Round 1: Them: ruling: 3 books to the other side (renege, Bob). Scores: Us 83, Them -60."
)


def played(*overrides: str) -> Game:
    return record_tricks(record_bids(fresh("standard", *overrides), BIDS), TRICKS)


def hidden(page: str) -> dict[str, str]:
    """The hidden fields of the question's form, as a browser would send them."""
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))


def asked(web: TestClient, fields: dict[str, str], base: str = "/keep/g/tue/") -> str:
    """The question before a ruling, asked from the keep page as it is now."""
    page = web.get(base).text
    return base + "ruling?" + urlencode({"version": version(page), **fields})


def message(page: str) -> str:
    found = re.search(r'<p class="message" role="alert">([^<]*)</p>', page)
    assert found, "the page says nothing"
    return text(found.group(1))


# ---------------------------------------------------------------------------
# A ruling: asked first, then recorded, and shown with its reason everywhere


def test_a_ruling_is_asked_first_then_recorded_and_shown_with_its_reason(home: Path) -> None:
    path = saved(home, played())
    web = client(path)
    page = web.get("/keep/g/tue/").text
    assert '<form class="entry ruling" method="get" action="/keep/g/tue/ruling"' in page
    assert 'action="/watch/' not in page and "ruling" not in web.get("/watch/g/tue/").text
    before = path.read_bytes()
    question = web.get(asked(web, RENEGE))
    assert question.status_code == 200 and path.read_bytes() == before  # asking saves nothing
    said = text(question.text)
    assert "Record this ruling?" in said and RULED in said
    assert '<a class="keep-it" href="/keep/g/tue/">Record nothing</a>' in question.text
    done = web.post("/keep/g/tue/ruling", data=hidden(question.text))
    assert done.status_code == 303
    landed = text(web.get(done.headers["location"]).text)
    assert RULED in landed and "Take back the last ruling on round 1" in landed
    assert load_game_file(path).rounds[0].rulings[0].reason == "renege, Bob"
    why = "Them: contract 6 set (2 taken); ruling: 3 books to the other side (renege, Bob)"
    watched = text(web.get("/watch/g/tue/").text)
    assert why in watched and "Us Ann & Cat 83 3 bags" in watched
    explained = text(web.get("/watch/g/tue/round/1").text)
    assert "ruling: 3 books to the other side (renege, Bob) 0 this round" in explained
    # Sent again (a second tap): the game has moved on, nothing is recorded twice.
    again = web.post("/keep/g/tue/ruling", data=hidden(question.text))
    assert again.status_code == 409 and len(load_game_file(path).rounds[0].rulings) == 1


def test_the_question_and_the_sheet_speak_german(home: Path) -> None:
    web = client(saved(home, played()))
    german = {"accept-language": "de"}
    question = web.get(asked(web, RENEGE), headers=german)
    said = text(question.text)
    assert "Diese Entscheidung festhalten?" in said
    assert "Entscheidung: 3 Stiche an die andere Partei (renege, Bob)" in said
    page = text(web.get("/keep/g/tue/", headers=german).text)
    assert "Turnierleitung: Vergeben oder Entscheidung" in page
    assert "Stiche an die andere Partei" in page and "Entscheidung prüfen" in page


def test_a_forfeit_in_a_round_in_play_is_shown_with_its_reason(home: Path) -> None:
    """A forfeit ends the game with its round unscored: the sheet, the explained round
    and the watchers say the ruling with its reason all the same."""
    path = saved(home, record_bids(fresh(), BIDS))
    web = client(path)
    forfeit = {"side": "1", "kind": "forfeit", "amount": "", "reason": "walked out", "round": "1"}
    question = web.get(asked(web, forfeit))
    ruled = "Round 1: Them: ruling: forfeits the game (walked out). Scores: Us 0, Them 0."
    assert ruled + " Us won after round 1 (a side forfeited)." in text(question.text)
    assert web.post("/keep/g/tue/ruling", data=hidden(question.text)).status_code == 303
    watched = text(web.get("/watch/g/tue/").text)
    assert "Us won after round 1 (a side forfeited)." in watched
    assert "Them: ruling: forfeits the game (walked out)" in watched
    explained = text(web.get("/watch/g/tue/round/1").text)
    assert "Them: ruling: forfeits the game (walked out)." in explained


@pytest.mark.parametrize(
    ("fields", "status", "said"),
    [
        ({"kind": "bonus"}, 400, "The form's kind must be one of books, points, set, forfeit"),
        ({"side": "x"}, 400, "The form's side must be a side's number, not 'x'"),
        ({"round": ""}, 400, "The form's round must be a round number"),
        ({"reason": " "}, 400, "A ruling's reason must say why, in 1 to 200 printable"),
        ({"amount": "14"}, 400, "A ruling of 14 books is not allowed: give 1 to 13 books."),
        ({"amount": "0"}, 400, "A ruling of 0 books is not allowed: give 1 to 13 books."),
        ({"kind": "points", "amount": "0"}, 400, "give -10000 to 10000, not 0"),
        ({"kind": "points", "amount": "20000"}, 400, "20000 points is not allowed"),
        ({"amount": ""}, 400, "A ruling in books needs their number."),
        ({"amount": "three"}, 400, "must be a whole number, not 'three'"),
        ({"side": "5"}, 400, "There is no side 6."),
        ({"round": "2"}, 400, "There is no round 2; round 1 is the only one."),
    ],
    ids=["bad-kind", "bad-side", "no-round", "no-reason", "books-14", "books-0", "points-0",
         "points-too-many", "no-amount", "not-a-number", "no-such-side", "no-such-round"],
)  # fmt: skip
def test_a_bad_ruling_is_refused_asked_or_sent(
    home: Path, fields: dict[str, str], status: int, said: str
) -> None:
    """Asked (the question) or sent straight (a hand-made form): the same refusal, and
    nothing recorded; what the rules refuse is said on the page, with the form open and
    as typed."""
    path = saved(home, played())
    before = path.read_bytes()
    web = client(path)
    question = web.get(asked(web, {**RENEGE, **fields}))
    form = {"version": version(web.get("/keep/g/tue/").text), **RENEGE, **fields}
    sent = web.post("/keep/g/tue/ruling", data=form)
    for response in (question, sent):
        assert response.status_code == status
        assert said in text(response.text)
        if "<html" in response.text:  # the rules' refusal: the page, its form as typed
            assert said in message(response.text)
            assert "<details class=\"director\" open>" in response.text
            assert f'name="reason" value="{fields.get("reason", RENEGE["reason"])}"' in (
                response.text.replace("&#39;", "'")
            )
        else:  # a form no page of ours sends: one line
            assert response.text.count("\n") == 1 and "Nothing was changed." in response.text
    assert path.read_bytes() == before


def test_a_ruling_drawn_before_another_change_records_nothing(home: Path) -> None:
    path = saved(home, played())
    web = client(path)
    question = web.get(asked(web, RENEGE))
    save_game(path, record_bids(load_game_file(path), BIDS))  # round 2's bids, elsewhere
    before = path.read_bytes()
    stale = web.post("/keep/g/tue/ruling", data=hidden(question.text))
    assert stale.status_code == 409
    assert message(stale.text) == (
        "Nothing was recorded. Round 2's bids were just entered on another device."
    )
    assert path.read_bytes() == before
    # Asked again from that old form: the question says the game changed, judged as it is.
    old = web.get("/keep/g/tue/ruling?" + urlencode(hidden(question.text))).text
    assert "The game was just changed on another device" in text(old)
    assert hidden(old)["version"] != hidden(question.text)["version"]


def test_set_and_points_need_no_books_and_a_three_sided_game_offers_no_books(home: Path) -> None:
    path = saved(home, played())
    web = client(path)
    question = web.get(asked(web, {**RENEGE, "kind": "set", "side": "0", "amount": ""}))
    assert "Round 1: Us: ruling: set for the round (renege, Bob)." in text(question.text)
    name, rules = resolve_rules("solo-3")
    solo = new_game("solo", ("Ann", "Bob", "Cat"), rules, preset=name)
    solo = record_tricks(record_bids(solo, ["Ann=4", "Bob=4", "Cat=4"]), ["Ann=5", "Bob=6",
                                                                         "Cat=6"])  # fmt: skip
    page = client(saved(home, solo, "solo")).get("/keep/g/solo/").text
    kinds = re.search(r'<select name="kind">(.*?)</select>', page, re.S)
    assert kinds and re.findall(r'value="(\w+)"', kinds.group(1)) == ["points", "set"]


# ---------------------------------------------------------------------------
# A misdeal


def test_a_misdeal_is_called_with_the_rules_redeal_picked_and_taken_back(home: Path) -> None:
    path = saved(home, fresh("standard", "misdeal_redeal=next"))
    web = client(path)
    page = web.get("/keep/g/tue/").text
    assert re.search(r'<option value="next" selected>the deal passes on: Bob deals</option>', page)
    assert "<option value=\"same\">Ann deals again</option>" in page
    assert "ruling" not in page  # no round yet: nothing to rule on
    done = web.post("/keep/g/tue/misdeal", data={"version": version(page), "redeal": "same"})
    assert done.status_code == 303
    landed = text(web.get(done.headers["location"]).text)
    assert "Misdeal before round 1: Ann dealt; Ann deals again." in landed
    assert "Round 1: Ann deals, Bob bids first." in landed
    assert "Take back the misdeal before round 1" in landed
    assert len(load_game_file(path).misdeals) == 1
    page = web.get("/keep/g/tue/").text
    undone = web.post("/keep/g/tue/undo", data={"version": version(page)})
    assert "Took back the misdeal before round 1." in text(web.get(undone.headers["location"]).text)
    assert load_game_file(path).misdeals == ()


def test_a_bad_or_stale_misdeal_changes_nothing(home: Path) -> None:
    path = saved(home, fresh())
    web = client(path)
    page = web.get("/keep/g/tue/").text
    before = path.read_bytes()
    bad = web.post("/keep/g/tue/misdeal", data={"version": version(page), "redeal": "later"})
    assert bad.status_code == 400 and "same or next, not 'later'" in bad.text
    assert bad.text.count("\n") == 1 and path.read_bytes() == before
    save_game(path, record_bids(load_game_file(path), BIDS))  # round 1's bids, elsewhere
    before = path.read_bytes()
    stale = web.post("/keep/g/tue/misdeal", data={"version": version(page), "redeal": "same"})
    assert stale.status_code == 409
    assert message(stale.text) == (
        "No misdeal was called. Round 1's bids were just entered on another device."
    )
    assert "entry misdeal" not in web.get("/keep/g/tue/").text  # a deal bid on is no misdeal
    assert path.read_bytes() == before


# ---------------------------------------------------------------------------
# The other side's OK


def test_a_round_waits_for_the_other_side_s_ok_until_agreed(home: Path) -> None:
    path = saved(home, record_bids(fresh("standard", "confirm_entries=true"), BIDS))
    web = client(path)
    page = web.get("/keep/g/tue/").text
    entered = web.post("/keep/g/tue/tricks", data={"version": version(page), "round": "1",
                                                    "team-0": "8", "team-1": "5"})  # fmt: skip
    assert entered.status_code == 303
    assert waits_for(load_game_file(path)) == Step(1, "ok")
    waiting = (
        "Round 1: Ann dealt; the tricks are in (Us 8; Them 5) and wait for the other side's OK."
    )
    kept, watched = web.get("/keep/g/tue/").text, web.get("/watch/g/tue/").text
    for page in (kept, watched):
        assert waiting in text(page) and "Its tricks wait for the other side's OK." in text(page)
        assert "form class=\"entry bids\"" not in page and "misdeal" not in page
    assert '<form class="entry agreed" method="post" action="/keep/g/tue/agreed"' in kept
    assert "<form" not in watched
    # New bids are refused until it is agreed: a form for round 2 says what the game waits for.
    before = path.read_bytes()
    bids = web.post("/keep/g/tue/bids", data={"version": version(kept), "round": "2",
                                               "bid-0": "3", "bid-1": "3", "bid-2": "3",
                                               "bid-3": "3"})  # fmt: skip
    assert bids.status_code == 409
    assert message(bids.text) == (
        "This form is not for this game's next entry; round 1's tricks wait for the other"
        " side's OK."
    )
    wrong = web.post("/keep/g/tue/agreed", data={"version": version(kept), "round": "2"})
    assert wrong.status_code == 409 and path.read_bytes() == before
    agreed = web.post("/keep/g/tue/agreed", data={"version": version(kept), "round": "1"})
    assert agreed.status_code == 303
    landed = text(web.get(agreed.headers["location"]).text)
    assert "Round 1's tricks agreed and scored. Scores: Us 80, Them -60." in landed
    assert "Round 2: Bob deals, Cat bids first." in landed
    assert waits_for(load_game_file(path)) == Step(2, "bids")
    again = web.post("/keep/g/tue/agreed", data={"version": version(kept), "round": "1"})
    assert again.status_code == 409 and "Nothing was agreed." in message(again.text)


def test_the_watch_page_follows_the_ok_live(home: Path) -> None:
    """The feed of a watch page sends the round waiting, then agreed."""
    path = saved(home, record_bids(fresh("standard", "confirm_entries=true"), BIDS))
    web = client(path)
    hub = web.app.state.hub  # type: ignore[attr-defined]
    async def follow() -> list[str]:
        stream = hub.events(path, "watch", "en")
        seen: list[str] = []
        async for chunk in stream:
            if chunk.startswith("event: state"):
                seen.append(text(json.loads(chunk.split("data: ", 1)[1])["html"]))
                if len(seen) == 1:
                    await asyncio.to_thread(enter_tricks, path, ((4, 4), (3, 2)))
                elif len(seen) == 2:
                    await asyncio.to_thread(confirm, path)
                else:
                    break
        await stream.aclose()
        return seen

    _bid, waiting, agreed = asyncio.run(asyncio.wait_for(follow(), 10))
    assert "wait for the other side's OK" in waiting and "Round 2" not in waiting
    assert "Round 2: Bob deals, Cat bids first." in agreed


# ---------------------------------------------------------------------------
# A club night's table: its own misdeal and OK; rulings are the director's


def test_a_table_calls_its_misdeal_and_the_keep_link_rules(home: Path) -> None:
    ok("event", "new", "club", "--players", "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal", "--rounds", "3",
       "--seed", "4")  # fmt: skip
    web = TestClient(create_app(ServeConfig(None, EVENT_TOKENS, event="club")),
                     base_url="http://127.0.0.1", headers={"sec-fetch-site": "same-origin"},
                     follow_redirects=False)  # fmt: skip
    table = f"/table/{table_key('t' * 22, 1)}/1/g/club-r1-t1/"
    keep = f"/keep/{'k' * 22}/g/club-r1-t1/"
    at_table = web.get(table).text
    assert f'action="{table}misdeal"' in at_table and "entry ruling" not in at_table
    assert web.get(table + "ruling").status_code == 404
    assert web.post(table + "ruling", data={}).status_code in (404, 405)
    ok("bid", "-g", "club-r1-t1", "1=3", "2=3", "3=3", "4=3")
    ok("tricks", "-g", "club-r1-t1", "1=3", "2=3", "3=3", "4=4")
    assert f'action="{keep}ruling"' in web.get(keep).text
    done = web.post(table + "misdeal", data={"version": version(web.get(table).text),
                                             "redeal": "same"})  # fmt: skip
    assert done.status_code == 303 and done.headers["location"].startswith(table)


# ---------------------------------------------------------------------------
# The clock, by the server's


@pytest.fixture
def clock(home: Path, monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr("scorepad.service.clock.now", fake.now)
    return fake


def test_a_game_s_pages_say_the_time_left_then_that_time_was_called(
    home: Path, clock: FakeClock
) -> None:
    ok("new", "tue", "--players", "Ann,Bob,Cat,Dan", "--minutes", "30")
    path = home / "games" / "tue.toml"
    web = client(path)
    clock.at(10)
    for role in ("keep", "watch"):
        assert '<p class="clock">Time left: 20:00.</p>' in web.get(f"/{role}/g/tue/").text
    clock.at(29.5)
    page = web.get("/keep/g/tue/").text  # drawn before the time ran out
    clock.at(31)
    called = '<p class="clock">Time is up: deal 1 is the last (a tie plays one more).</p>'
    for role in ("keep", "watch"):
        assert called in web.get(f"/{role}/g/tue/").text
    # Sent after the time ran out, from the page drawn before: taken, and time is called.
    form = {"version": version(page), "round": "1", "bid-0": "3", "bid-1": "3", "bid-2": "3",
            "bid-3": "3"}  # fmt: skip
    assert web.post("/keep/g/tue/bids", data=form).status_code == 303
    game = load_game_file(path)
    assert game.clock is not None and game.clock.called == 1 and len(game.rounds) == 1
    assert called in web.get("/watch/g/tue/").text


def test_an_open_watch_page_hears_the_time_run_out(home: Path, clock: FakeClock) -> None:
    ok("new", "tue", "--players", "Ann,Bob,Cat,Dan", "--minutes", "30")
    path = home / "games" / "tue.toml"
    hub = client(path).app.state.hub  # type: ignore[attr-defined]
    clock.at(10)

    async def follow() -> list[dict[str, object]]:
        stream = hub.events(path, "watch", "en")
        seen: list[dict[str, object]] = []
        async for chunk in stream:
            if chunk.startswith("event: state"):
                seen.append(json.loads(chunk.split("data: ", 1)[1]))
                clock.at(31)  # nobody writes: only the server's clock runs on
                if "Time is up" in str(seen[-1]["clock"]):
                    break
        await stream.aclose()
        return seen

    seen = asyncio.run(asyncio.wait_for(follow(), 10))
    assert seen[0]["clock"] == "Time left: 20:00."
    assert seen[-1]["clock"] == "Time is up: deal 1 is the last (a tie plays one more)."
    assert seen[-1]["version"] == seen[0]["version"]  # the game itself did not change
