"""`scorepad serve`'s pages through Starlette's test client: every action of the keep page,
what the watch page shows, and every refusal (bad input, a stale form, a missing token),
each leaving the game file as it was."""

from __future__ import annotations

import asyncio
import html
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import Game, new_game, standings
from scorepad.errors import GameError, Todo
from scorepad.files.library import saved_games
from scorepad.files.presets import resolve_rules
from scorepad.files.store import load_game_file, save_game
from scorepad.serve.app import ServeConfig, create_app
from scorepad.serve.guard import sentence
from scorepad.serve.live import Hub

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def saved(home: Path, game: Game, name: str = "tue") -> Path:
    path = home / "games" / f"{name}.toml"
    save_game(path, game)
    return path


def fresh(preset: str = "standard", *overrides: str, players: tuple[str, ...] = PLAYERS) -> Game:
    name, rules = resolve_rules(preset, overrides)
    return new_game("tue", players, rules, preset=name, sides=("Us", "Them"))


def client(path: Path | None, tokens: dict[str, str] | None = None) -> TestClient:
    """A browser on this machine: it names the server 127.0.0.1, and its forms come from
    the server's own pages (`Sec-Fetch-Site: same-origin`)."""
    return TestClient(
        create_app(ServeConfig(path, tokens or {})),
        base_url="http://127.0.0.1",
        headers={"sec-fetch-site": "same-origin"},
        follow_redirects=False,
    )


def version(page: str) -> str:
    found = re.search(r'name="version" value="([0-9a-f]+)"', page)
    assert found, "the page has no form"
    return found.group(1)


def text(page: str) -> str:
    """The page's words, tags removed and spaces folded."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).strip())


BIDS = {"bid-0": "4", "bid-1": "3", "bid-2": "nil", "bid-3": "5"}


def enter_bids(web: TestClient, bids: dict[str, str] | None = None, number: int = 1) -> object:
    page = web.get("/keep/g/tue/").text
    form = {"version": version(page), "round": str(number), **(bids or BIDS)}
    return web.post("/keep/g/tue/bids", data=form)


# ---------------------------------------------------------------------------
# What the pages show


def test_the_watch_page_shows_scores_bags_needs_dealer_and_who_bids(home: Path) -> None:
    game = record_tricks(record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=nil", "Dan=5"]),
                         ["Ann=5", "Bob=3", "Cat=0", "Dan=5"])  # fmt: skip
    path = saved(home, game)
    page = text(client(path).get("/watch/g/tue/").text)
    assert "Us Ann & Cat 141 1 bag needs 359" in page
    assert "Them Bob & Dan 80 0 bags needs 420" in page
    assert "Round 2: Bob deals, Cat bids first." in page
    assert "Enter the bids" not in page  # the watch page has no forms
    assert "<form" not in client(path).get("/watch/g/tue/").text


def test_the_root_and_the_role_home_lead_to_the_game(home: Path) -> None:
    web = client(saved(home, fresh()))
    assert web.get("/").headers["location"] == "/watch/"
    assert web.get("/keep/").headers["location"] == "/keep/g/tue/"


def test_names_are_text_never_markup(home: Path) -> None:
    players = ("<b>Ann</b>", "Bob & Co", '"Cat"', "<script>alert(1)</script>")
    name, rules = resolve_rules("standard")
    game = new_game("tue", players, rules, preset=name, sides=("<i>Us</i>", "Them"))
    game = record_bids(game, ["1=4", "2=3", "3=nil", "4=5"])
    path = saved(home, game)
    for url in ("/keep/g/tue/", "/watch/g/tue/", "/keep/g/tue/round/1", "/keep/"):
        page = client(None if url == "/keep/" else path).get(url).text
        assert "<script>alert" not in page and "<b>Ann" not in page and "<i>Us" not in page
        assert "&lt;i&gt;Us&lt;/i&gt;" in page
        if url != "/keep/":  # the list of games names the teams only
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_every_asset_comes_from_the_server_itself(home: Path) -> None:
    """No CDN, no web font: the page works on a network without the internet."""
    web = client(saved(home, record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"])))
    for url in ("/keep/g/tue/", "/watch/g/tue/round/1", "/keep/"):
        page = web.get(url, follow_redirects=True).text
        links = re.findall(r'(?:src|href|action)="([^"]*)"', page)
        assert links and all(link.startswith("/") for link in links), links
    for asset in ("/static/style.css", "/static/live.js"):
        response = web.get(asset)
        assert response.status_code == 200
        assert not re.search(r"https?:|@import|url\(|//cdn", response.text), asset


def test_the_end_of_the_game_is_announced(home: Path) -> None:
    game = fresh("standard", "target=100")
    game = record_bids(game, ["Ann=6", "Bob=1", "Cat=5", "Dan=1"])
    game = record_tricks(game, ["Ann=6", "Bob=1", "Cat=5", "Dan=1"])
    page = text(client(saved(home, game)).get("/keep/g/tue/").text)
    assert "Us won after round 1 (reached 100)." in page
    assert "The game is over." in page
    assert "Enter the bids" not in page


def test_a_round_that_stands_out_says_why(home: Path) -> None:
    game = record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=nil", "Dan=5"])
    game = record_tricks(game, ["Ann=3", "Bob=3", "Cat=2", "Dan=5"])
    page = text(client(saved(home, game)).get("/watch/g/tue/").text)
    assert "Us: nil failed (Cat): 2 tricks; contract 4 set (3 taken)" in page


# ---------------------------------------------------------------------------
# Keeping score: bids, tricks, undo, corrections, explain


def test_a_whole_round_entered_from_the_keep_page_is_in_the_game_file(home: Path) -> None:
    path = saved(home, fresh())
    web = client(path)
    response = enter_bids(web)
    assert response.status_code == 303
    assert response.headers["location"] == "/keep/g/tue/"
    page = web.get("/keep/g/tue/").text
    said = "Round 1: Ann dealt; the bids are in (Us 4+nil; Them 3+5), the tricks to come."
    assert said in text(page)
    # Dan's box is left empty: it takes the rest of the 13 tricks.
    form = {"version": version(page), "round": "1", "took-0": "5", "took-2": "0", "team-1": ""}
    assert web.post("/keep/g/tue/tricks", data=form).status_code == 303
    game = load_game_file(path)
    assert [entry.tricks for entry in game.rounds[0].sides] == [(5, 0), (8,)]
    assert standings(game).scores == (141, 80)
    assert "Us Ann & Cat 141 1 bag" in text(web.get("/watch/g/tue/").text)


def test_the_empty_box_takes_the_rest_of_the_deal(home: Path) -> None:
    path = saved(home, record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"]))
    web = client(path)
    page = web.get("/keep/g/tue/").text
    assert 'name="team-0"' in page and 'name="team-1"' in page  # no nil: a team total each
    form = {"version": version(page), "round": "1", "team-0": "6", "team-1": ""}
    assert web.post("/keep/g/tue/tricks", data=form).status_code == 303
    assert load_game_file(path).rounds[0].sides[1].tricks == (7,)


def test_undo_takes_back_one_entry_at_a_time(home: Path) -> None:
    game = record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"])
    path = saved(home, record_tricks(game, ["Ann=4", "Bob=3", "Cat=2", "Dan=4"]))
    web = client(path)
    page = web.get("/keep/g/tue/").text
    assert "Take back round 1's tricks" in text(page)
    assert web.post("/keep/g/tue/undo", data={"version": version(page)}).status_code == 303
    assert not load_game_file(path).rounds[0].played
    page = web.get("/keep/g/tue/").text
    assert "Take back round 1's bids" in text(page)
    assert web.post("/keep/g/tue/undo", data={"version": version(page)}).status_code == 303
    assert load_game_file(path).rounds == ()


def test_an_earlier_round_is_corrected_and_the_rest_rescored(home: Path) -> None:
    game = fresh()
    for _ in range(2):
        game = record_bids(game, ["Ann=4", "Bob=3", "Cat=2", "Dan=5"])
        game = record_tricks(game, ["Ann=4", "Bob=3", "Cat=2", "Dan=4"])
    path = saved(home, game)
    web = client(path)
    page = web.get("/keep/g/tue/round/1").text
    assert 'name="bid-0"' in page and '<option value="4" selected>' in page  # as entered
    form = {"version": version(page), "round": "1", "took-0": "4", "took-1": "2",
            "took-2": "2", "took-3": "5"}  # fmt: skip
    response = web.post("/keep/g/tue/round/1/tricks", data=form)
    assert response.status_code == 303, response.text
    assert response.headers["location"].startswith("/keep/g/tue/round/1?note=")
    assert standings(load_game_file(path)).scores == (120, -160)
    # The page it lands on says what the correction rescored (once: a reload is plain).
    said = "Round 1's tricks corrected. Rescored: Us 120, Them -160."
    assert said in text(web.get(response.headers["location"]).text)
    assert said not in text(web.get(response.headers["location"]).text)
    # The same form again (a double tap, a resend after a reconnect) enters nothing.
    again = web.post("/keep/g/tue/round/1/tricks", data=form)
    assert again.status_code == 303
    landed = text(web.get(again.headers["location"]).text)
    assert "Round 1's tricks are in already, as given; nothing changed." in landed


def test_a_corrected_round_s_bids(home: Path) -> None:
    game = record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"])
    path = saved(home, record_tricks(game, ["Ann=4", "Bob=3", "Cat=2", "Dan=4"]))
    web = client(path)
    page = web.get("/keep/g/tue/round/1").text
    form = {"version": version(page), "round": "1", "bid-0": "5", "bid-1": "3",
            "bid-2": "1", "bid-3": "4"}  # fmt: skip
    assert web.post("/keep/g/tue/round/1/bids", data=form).status_code == 303
    assert standings(load_game_file(path)).scores == (60, 70)


def test_a_round_is_explained_line_by_line(home: Path) -> None:
    game = record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=nil", "Dan=5"])
    game = record_tricks(game, ["Ann=5", "Bob=3", "Cat=0", "Dan=5"])
    page = text(client(saved(home, game)).get("/watch/g/tue/round/1").text)
    assert "Round 1, dealt by Ann" in page
    assert "Ann bid 4 took 5, Cat bid nil took 0" in page
    assert "before 0 points, 0 bags nil made (Cat) +100 contract 4 made +40" in page
    assert "this round +141 after 141 points, 1 bag" in page
    assert "Correct" not in page  # watchers only read


def test_a_joint_bid_is_explained_with_each_player_s_tricks(home: Path) -> None:
    game = fresh("standard", "partner_bidding=true")
    game = record_bids(game, ["Us=7", "Bob=3", "Dan=4"])
    game = record_tricks(game, ["Ann=3", "Cat=4", "Them=6"])
    page = text(client(saved(home, game)).get("/watch/g/tue/round/1").text)
    assert "team bid 7, Ann took 3, Cat took 4" in page
    assert "Bob bid 3, Dan bid 4, team took 6" in page


def test_only_the_rules_own_bids_are_offered(home: Path) -> None:
    standard = client(saved(home, fresh(), "tue")).get("/keep/g/tue/").text
    assert "blind nil" not in standard and "team-0" not in standard
    club = fresh("club", "partner_bidding=true", "blind_bids=true")
    page = client(saved(home, club, "tue")).get("/keep/g/tue/").text
    assert 'name="team-0"' in page
    assert "Blind nil only for a side trailing by 100 or more." in text(page)
    # Blind bids: not in round 1 (nobody trails), then only to the side far enough behind.
    assert "blind nil" not in page and "blind 6" not in page
    club = record_tricks(
        record_bids(club, ["Ann=4", "Bob=3", "Cat=4", "Dan=3"]),
        ["Ann=4", "Bob=0", "Cat=5", "Dan=4"],
    )  # Us 81, Them -60: Them (Bob, Dan) trail by 141
    page = client(saved(home, club, "tue")).get("/keep/g/tue/").text
    offered = {
        seat: ('<option value="bnil">blind nil</option>' in select, "blind 6" in select)
        for seat, select in re.findall(r'<select name="bid-(\d)"(.*?)</select>', page, re.S)
    }
    assert offered == {"0": (False, False), "1": (True, True), "2": (False, False),
                       "3": (True, True)}  # fmt: skip
    assert '<option value="b6">blind 6</option>' in page
    # Round 1's correction: judged as it was bid, when nobody trailed.
    assert "blind" not in client(saved(home, club, "tue")).get("/keep/g/tue/round/1").text
    plain = client(saved(home, fresh("standard", "zero_bid=plain"), "tue")).get("/keep/g/tue/")
    assert '<option value="0">0</option>' in plain.text
    assert '<option value="0">0</option>' not in standard


def test_a_blind_nil_is_refused_with_the_deficit_it_needs(home: Path) -> None:
    path = saved(home, fresh("club"))
    before = path.read_bytes()
    response = enter_bids(client(path), {**BIDS, "bid-2": "bnil"})
    assert response.status_code == 400
    said = "Cat: blind nil needs the side to trail by 100 or more; it does not trail"
    assert said in response.text
    assert path.read_bytes() == before


def test_a_team_bid_where_partner_bidding_is_on(home: Path) -> None:
    path = saved(home, fresh("standard", "partner_bidding=true"))
    response = enter_bids(client(path), {"team-0": "7", "bid-1": "3", "bid-3": "4"})
    assert response.status_code == 303
    assert [len(entry.bids) for entry in load_game_file(path).rounds[0].sides] == [1, 2]


# ---------------------------------------------------------------------------
# Two phones at once, resubmitted forms


def test_a_form_sent_twice_enters_the_round_once(home: Path) -> None:
    path = saved(home, fresh())
    web = client(path)
    form = {"version": version(web.get("/keep/g/tue/").text), "round": "1", **BIDS}
    assert web.post("/keep/g/tue/bids", data=form).status_code == 303
    after = path.read_bytes()
    again = web.post("/keep/g/tue/bids", data=form)
    assert again.status_code == 303  # quietly: the bids are in, as given
    landed = text(web.get(again.headers["location"]).text)
    assert "Round 1's bids are in already, as given; nothing changed." in landed
    assert "another device" not in landed and "the tricks to come." in landed
    assert path.read_bytes() == after
    # Other bids from the same old page: another device was first.
    other = web.post("/keep/g/tue/bids", data={**form, "bid-0": "6"})
    assert other.status_code == 409
    assert "Round 1&#39;s bids were just entered on another device." in other.text
    assert "the tricks to come." in text(other.text)  # the page as it stands now
    assert path.read_bytes() == after
    assert len(load_game_file(path).rounds) == 1


def test_many_taps_at_the_same_moment_enter_the_round_once(home: Path) -> None:
    path = saved(home, fresh())
    web = client(path)
    form = {"version": version(web.get("/keep/g/tue/").text), "round": "1", **BIDS}
    with ThreadPoolExecutor(8) as pool:
        statuses = sorted(
            pool.map(lambda _: web.post("/keep/g/tue/bids", data=form).status_code, range(8))
        )
    assert statuses == [303] * 8  # one enters the bids, the others find them in already
    assert len(load_game_file(path).rounds) == 1


def test_two_phones_entering_the_same_tricks_one_wins(home: Path) -> None:
    path = saved(home, record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"]))
    first, second = client(path), client(path)
    page = first.get("/keep/g/tue/").text
    second.get("/keep/g/tue/")
    form = {"version": version(page), "round": "1", "team-0": "6", "team-1": "7"}
    assert first.post("/keep/g/tue/tricks", data=form).status_code == 303
    lost = second.post("/keep/g/tue/tricks", data={**form, "team-0": "5", "team-1": "8"})
    assert lost.status_code == 409
    assert "Round 1&#39;s tricks were just entered on another device." in lost.text
    assert load_game_file(path).rounds[0].sides[0].tricks == (6,)


def test_a_change_from_the_cli_makes_an_open_form_stale(home: Path) -> None:
    path = saved(home, fresh())
    web = client(path)
    page = web.get("/keep/g/tue/").text
    save_game(path, record_bids(load_game_file(path), ["Ann=1", "Bob=1", "Cat=1", "Dan=1"]))
    form = {"version": version(page), "round": "1", **BIDS}
    assert web.post("/keep/g/tue/bids", data=form).status_code == 409
    assert load_game_file(path).rounds[0].sides[0].bids[0].tricks == 1


def test_a_stale_undo_takes_nothing_back(home: Path) -> None:
    path = saved(home, record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"]))
    web = client(path)
    page = web.get("/keep/g/tue/").text
    assert web.post("/keep/g/tue/undo", data={"version": version(page)}).status_code == 303
    again = web.post("/keep/g/tue/undo", data={"version": version(page)})
    assert again.status_code == 409
    assert "Nothing was taken back." in again.text
    # What happened since cannot be known from the version alone: what the game waits for
    # now is said, which is true whatever it was.
    assert "it waits for round 1&#39;s bids now." in again.text


# ---------------------------------------------------------------------------
# Bad input: a message or a 4xx, never a 5xx, and the game as it was


@pytest.mark.parametrize(
    ("fields", "status", "said"),
    [
        ({"bid-0": "14"}, 400, "Ann: bid 14 is out of range; bid 1 to 13, nil (or 0)"),
        ({"bid-0": "lots"}, 400, "Ann: not a bid: &#39;lots&#39;"),
        ({"bid-0": ""}, 400, "No bid for Ann; pick every player&#39;s bid"),
        ({"bid-7": "3"}, 400, "There is no player in seat 8"),
        ({"bid-x": "3"}, 400, "A bids form has no field"),
        ({"took-1": "3"}, 400, "A bids form has no field"),
    ],
    ids=["bid-14", "not-a-bid", "missing", "no-such-player", "bad-field", "tricks-field"],
)
def test_bad_bids_are_refused(home: Path, fields: dict[str, str], status: int, said: str) -> None:
    path = saved(home, fresh())
    before = path.read_bytes()
    response = enter_bids(client(path), {**BIDS, **fields})
    assert response.status_code == status
    assert said in response.text
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"team-0": "6", "team-1": "6"}, "The tricks add up to 12; a deal has 13."),
        ({"team-0": "14", "team-1": ""}, "Us: tricks &#39;14&#39; are not allowed; give 0 to 13"),
        ({"team-0": "9", "team-1": "", "took-0": "9"}, "The tricks add up to 18; a deal has 13."),
        ({"team-0": "", "team-1": ""}, "No tricks for Us, Them; leave at most one box empty"),
        ({"team-0": "-1", "team-1": "14"}, "tricks &#39;-1&#39; are not allowed"),
        ({"team-0": "6", "team-1": "7", "took-9": "1"}, "There is no player in seat 10"),
    ],
    ids=["sum-12", "14", "over-13-with-rest", "two-empty", "negative", "no-such-player"],
)
def test_bad_tricks_are_refused(home: Path, fields: dict[str, str], said: str) -> None:
    path = saved(home, record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"]))
    before = path.read_bytes()
    web = client(path)
    form = {"version": version(web.get("/keep/g/tue/").text), "round": "1", **fields}
    response = web.post("/keep/g/tue/tricks", data=form)
    assert response.status_code == 400
    assert said in response.text
    assert path.read_bytes() == before


def test_a_refused_form_keeps_what_was_typed(home: Path) -> None:
    path = saved(home, fresh())
    response = enter_bids(client(path), {**BIDS, "bid-3": "14"})
    assert '<select name="bid-2" data-side="Us">' in response.text
    assert re.search(r'name="bid-2"[^>]*>.*?<option value="nil" selected>', response.text, re.S)


def test_hand_made_requests_get_one_line_4xx_and_change_nothing(home: Path) -> None:
    path = saved(home, fresh())
    before = path.read_bytes()
    web = client(path)
    big = web.post("/keep/g/tue/bids", content=b"a=" + b"x" * 100_000,
                   headers={"content-type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert big.status_code == 413
    assert big.text == "The form is larger than 16 KiB; nothing was changed.\n"
    unsized = web.post("/keep/g/tue/bids", content=iter([b"a=" + b"x" * 10_000] * 3))
    assert unsized.status_code == 413
    assert web.post("/keep/g/tue/bids", content=b"\xff\xfe=1").status_code == 400
    no_version = web.post("/keep/g/tue/bids", data={"round": "1", **BIDS})
    assert no_version.status_code == 400
    assert "carries no version" in no_version.text
    other_site = web.post(
        "/keep/g/tue/bids",
        data={"round": "1", **BIDS},
        headers={"origin": "http://evil.example", "sec-fetch-site": "cross-site"},
    )
    assert other_site.status_code == 403
    assert other_site.text == (
        "A form from another site (http://evil.example) is not taken. Nothing was changed.\n"
    )
    no_round = web.post("/keep/g/tue/bids", data={"version": "x"})
    assert no_round.status_code == 400
    assert no_round.text.count("\n") == 1
    for name in ("..%2F..%2Fetc%2Fpasswd", "%2E%2E", "other", "%2Fetc%2Fpasswd"):
        assert web.get(f"/keep/g/{name}/").status_code == 404
        assert web.post(f"/keep/g/{name}/bids", data=BIDS).status_code in (404, 405)
    assert web.get("/keep/g/tue/round/9").status_code == 404
    assert web.post("/keep/g/tue/round/1/bogus", data={}).status_code == 404
    assert path.read_bytes() == before


def test_the_watch_link_cannot_change_the_game(home: Path) -> None:
    path = saved(home, fresh())
    before = path.read_bytes()
    web = client(path)
    form = {"version": version(web.get("/keep/g/tue/").text), "round": "1", **BIDS}
    for action in ("bids", "tricks", "undo"):
        assert web.post(f"/watch/g/tue/{action}", data=form).status_code in (404, 405)
    assert path.read_bytes() == before


def test_a_damaged_game_file_is_a_4xx_not_a_crash(home: Path) -> None:
    path = saved(home, fresh())
    path.write_text("format = 2\nname = ", encoding="utf-8")
    response = client(path).get("/watch/g/tue/")
    assert response.status_code == 409
    assert "damaged or cut short" in response.text


# ---------------------------------------------------------------------------
# Tokens


TOKENS = {"watch": "w" * 22, "keep": "k" * 22}


def test_without_the_right_token_every_request_is_403_and_changes_nothing(home: Path) -> None:
    path = saved(home, fresh())
    before = path.read_bytes()
    web = client(path, TOKENS)
    page = web.get(f"/keep/{TOKENS['keep']}/g/tue/").text
    assert f'action="/keep/{TOKENS["keep"]}/g/tue/bids"' in page
    form = {"version": version(page), "round": "1", **BIDS}
    for url in (
        "/keep/g/tue/bids",
        f"/keep/{TOKENS['watch']}/g/tue/bids",
        f"/keep/{'k' * 21}/g/tue/bids",
        "/keep/",
    ):
        response = web.post(url, data=form)
        assert response.status_code == 403, url
        assert response.text.count("\n") == 1
    for url in ("/watch/", "/watch/g/tue/", f"/watch/{TOKENS['keep']}/g/tue/", "/keep/g/tue/"):
        assert web.get(url).status_code == 403, url
    assert web.get("/").status_code == 404
    assert path.read_bytes() == before
    assert web.get(f"/watch/{TOKENS['watch']}/g/tue/").status_code == 200
    assert web.post(f"/keep/{TOKENS['keep']}/g/tue/bids", data=form).status_code == 303


# ---------------------------------------------------------------------------
# Every saved game (--all): pick one, start one


def test_all_games_are_listed_and_a_new_one_starts_like_new(home: Path) -> None:
    saved(home, fresh(), "tue")
    web = client(None)
    assert "tue Us vs Them 0 rounds: Us 0, Them 0." in text(web.get("/watch/").text)
    assert "Start a new game" not in web.get("/watch/").text
    form = {"name": "fri", "players": "Ann,Bob,Cat,Dan", "teams": "Us,Them",
            "preset": "club", "dealer": "Cat", "overrides": "target=300\n"}  # fmt: skip
    response = web.post("/keep/new", data=form)
    assert response.status_code == 303
    assert response.headers["location"] == "/keep/g/fri/"
    game = load_game_file(home / "games" / "fri.toml")
    assert (game.preset, game.rules.target, game.players[game.first_dealer]) == ("club", 300, "Cat")
    assert (home / "current").read_text().strip() == "fri"
    assert "Round 1: Cat deals, Dan bids first." in text(web.get("/watch/g/fri/").text)


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"name": "../evil"}, "cannot be a file name"),
        ({"name": "tue"}, "A game named &#39;tue&#39; exists already"),
        ({"preset": "/etc/passwd"}, "No preset named &#39;/etc/passwd&#39;"),
        ({"players": "Ann,Bob"}, "2 players given; preset standard needs 4"),
        ({"overrides": "target=lots"}, "Rule changes, target=lots: target = "),
        ({"dealer": "Zed"}, "Unknown player &#39;Zed&#39;"),
    ],
    ids=["dotdot", "taken", "preset-path", "players", "override", "dealer"],
)
def test_a_bad_new_game_is_refused(home: Path, fields: dict[str, str], said: str) -> None:
    saved(home, fresh(), "tue")
    form = {"name": "fri", "players": "Ann,Bob,Cat,Dan", "preset": "standard", **fields}
    response = client(None).post("/keep/new", data=form)
    assert response.status_code == 400
    assert said in response.text
    assert "--set" not in response.text  # the page names its field, not the terminal's flag
    assert [path.stem for path in saved_games()] == ["tue"]


@pytest.mark.parametrize("todo", list(Todo), ids=lambda todo: todo.value)
@pytest.mark.parametrize("language", ["en", "de"])
def test_what_to_do_is_said_in_the_page_s_terms_and_the_terminal_s(
    todo: Todo, language: str
) -> None:
    """Each refusal's "what to do": the terminal names a command, the page never does."""
    from scorepad.cli.core import error_words
    from scorepad.i18n import speaking

    error = GameError("round 3 has no bids yet", todo=todo, number=3, name="fri")
    with speaking(language):
        page, terminal = sentence(error), error_words(error)
    assert "scorepad " not in page and "--" not in page and "`" not in page, page
    assert page.startswith("Round 3 has no bids yet")
    assert terminal.startswith("round 3 has no bids yet")
    assert "scorepad" in terminal or "--" in terminal, terminal


@pytest.mark.parametrize(
    ("fields", "args"),
    [
        pytest.param({"players": "2,1,4,3"}, ["--players", "2,1,4,3"], id="numeric-player"),
        pytest.param({"teams": "1,Them"}, ["--teams", "1,Them"], id="numeric-team"),
        pytest.param({"players": "Ann,Bob,Cat"}, ["--players", "Ann,Bob,Cat"], id="3-players"),
        pytest.param({"players": "A,B,C,D,E,F,G"}, ["--players", "A,B,C,D,E,F,G"], id="7"),
        pytest.param({"preset": "solo-6"}, ["--preset", "solo-6"], id="4-for-solo-6"),
    ],
)
def test_a_new_game_on_the_web_is_refused_as_scorepad_new_refuses_it(
    home: Path, fields: dict[str, str], args: list[str]
) -> None:
    """The same refusal in the same words: a 4xx on the page, and no file written."""
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    done = CliRunner().invoke(app, ["new", "fri", "--players", "Ann,Bob,Cat,Dan", *args])
    assert done.exit_code != 0 and not saved_games()
    said = done.stderr.strip().removeprefix("scorepad: ")
    form = {"name": "fri", "players": "Ann,Bob,Cat,Dan", "preset": "standard", **fields}
    response = client(None).post("/keep/new", data=form)
    assert response.status_code == 400
    assert said[:1].upper() + said[1:] in text(response.text)
    assert not saved_games() and not (home / "games" / "fri.toml").exists()


def test_one_game_served_shows_no_other(home: Path) -> None:
    path = saved(home, fresh(), "tue")
    saved(home, fresh(), "wed")
    web = client(path)
    assert web.get("/watch/g/wed/").status_code == 404
    assert web.post("/keep/new", data={"name": "x"}).status_code == 404


# ---------------------------------------------------------------------------
# Live: the event stream follows the file, whoever changes it


def test_the_event_stream_sends_the_state_then_each_change_of_the_file(home: Path) -> None:
    path = saved(home, fresh())
    web = client(path)
    pages = web.app.state.hub  # type: ignore[attr-defined]
    assert isinstance(pages, Hub)

    async def follow() -> list[dict[str, object]]:
        stream = pages.events(path, "watch", "en")
        seen = []
        async for chunk in stream:
            if chunk.startswith("event: state"):
                seen.append(json.loads(chunk.split("data: ", 1)[1]))
                if len(seen) == 1:  # as a terminal would: `scorepad bid` saves the file
                    save_game(path, record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"]))
                else:
                    break
        await stream.aclose()
        return seen

    first, second = asyncio.run(asyncio.wait_for(follow(), 5))
    assert (first["entries"], second["entries"]) == (0, 1)
    assert "Round 1: Ann dealt; the bids are in" in text(str(second["html"]))
    assert "<form" not in str(second["html"])


def test_without_nil_every_face_names_the_same_lowest_bid_and_refuses_a_0(home: Path) -> None:
    """`--set nil=false`: `bid`, `check`, table mode and the page agree that bids start at
    1, and each refuses a 0 (which these rules read as nil) saying so."""
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    cli = CliRunner()
    started = cli.invoke(app, ["new", "tue", "--players", "Ann,Bob,Cat,Dan", "--set", "nil=false"])
    assert started.exit_code == 0, started.stderr
    said = "nil is not allowed by these rules; bid 1 to 13"
    bid = cli.invoke(app, ["bid", "Ann=0", "Bob=3", "Cat=3", "Dan=3"])
    assert bid.exit_code != 0 and said in bid.stderr
    check = cli.invoke(app, ["check", "0:0", "3:3", "--set", "nil=false"])
    assert check.exit_code != 0 and said in check.stderr
    table = cli.invoke(app, ["play"], input="0\nq\n")
    assert "Bids: 1 to 13." in table.stdout and said in table.stdout + table.stderr
    path = home / "games" / "tue.toml"
    web = client(path)
    page = web.get("/keep/g/tue/").text
    assert re.findall(r'<option value="([^"]*)"', page)[:3] == ["", "1", "2"]
    form = {"version": version(page), "round": "1", **BIDS, "bid-2": "0"}
    refused = web.post("/keep/g/tue/bids", data=form)
    assert refused.status_code == 400 and said in text(refused.text)
    assert load_game_file(path).rounds == ()


# ---------------------------------------------------------------------------
# A game's page is drawn once per change of its file (GamePages.game_page)


def test_a_kept_page_is_drawn_again_for_each_thing_its_key_holds(home: Path) -> None:
    """The kept page's key is the file's stamp, the role and the language: flipping each
    gives another page; what the key leaves out (a message, a typed form) is never kept."""
    path = saved(home, fresh())
    saved(home, record_bids(fresh(), ["Ann=1", "Bob=1", "Cat=1", "Dan=1"]), "wed")
    web = client(None)
    first = web.get("/watch/g/tue/").text
    assert web.get("/watch/g/tue/").text == first  # kept, and the same
    assert "Ann dealt; the bids are in" in text(web.get("/watch/g/wed/").text)  # the file
    assert "<form" in web.get("/keep/g/tue/").text and "<form" not in first  # the role
    german = web.get("/watch/g/tue/", headers={"accept-language": "de"}).text
    assert 'lang="de"' in german and "Runde 1" in german  # the language
    assert web.get("/watch/g/tue/").text == first
    save_game(path, record_bids(load_game_file(path), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"]))
    assert "the tricks to come" in text(web.get("/watch/g/tue/").text)  # the stamp
    refused = enter_bids(web, {**BIDS, "bid-0": "14"}, number=1)  # refused: a message
    assert refused.status_code in (400, 409) and 'role="alert"' in refused.text
    assert 'role="alert"' not in web.get("/keep/g/tue/").text


# ---------------------------------------------------------------------------
# Words for what a phone would leave unsaid (issue 28)


def level_game() -> Game:
    """Us and Them level at 130, over a target of 100: round 3 decides."""
    game = fresh("standard", "target=100")
    for bids in (["Ann=3", "Bob=4", "Cat=3", "Dan=3"], ["Ann=4", "Bob=3", "Cat=3", "Dan=3"]):
        game = record_tricks(record_bids(game, bids), bids)
    return game


def late_game() -> Game:
    """Round 1 corrected so that it ends the game: round 2 was played after the end."""
    game = fresh("short", "target=200")
    game = record_bids(game, ["Ann=6", "Bob=nil", "Cat=6", "Dan=nil"])
    game = record_tricks(game, ["Ann=6", "Bob=1", "Cat=6", "Dan=0"])
    game = record_bids(game, ["Ann=3", "Bob=3", "Cat=3", "Dan=3"])
    game = record_tricks(game, ["Ann=3", "Bob=3", "Cat=4", "Dan=3"])
    return record_tricks(game, ["Ann=6", "Bob=0", "Cat=7", "Dan=0"], number=1)


def test_a_tie_over_the_target_says_level_and_that_the_next_round_decides(home: Path) -> None:
    page = text(client(saved(home, level_game())).get("/watch/g/tue/").text)
    assert "Us and Them are level at 130: round 3 decides." in page
    assert "Us Ann & Cat 130 0 bags level" in page and "Them Bob & Dan 130 0 bags level" in page
    assert "needs 0" not in page
    listed = text(client(None).get("/watch/").text)
    assert "2 rounds: Us 130, Them 130; level, the next round decides." in listed
    german = client(saved(home, level_game())).get("/watch/g/tue/?lang=de", follow_redirects=True)
    assert "Us und Them stehen gleich bei 130: Runde 3 entscheidet." in text(german.text)
    assert "braucht 0" not in german.text and "Gleichstand" in german.text


def test_the_phone_sheet_says_a_round_after_the_end_does_not_count(home: Path) -> None:
    page = client(saved(home, late_game())).get("/watch/g/tue/").text
    narrow = page.split('class="sheet-box narrow"')[1].split('class="sheet-box wide"')[0]
    rows = re.findall(r'<tr class="[^"]*after[^"]*">(.*?)</tr>', narrow, re.S)
    assert rows and "<b>" not in rows[0]  # no running total for a round that does not count
    assert "Played after the end: does not count." in text(narrow)
    assert "The game ends here." in text(narrow)
    # Made nils are marked on the phone: both of round 1's, as corrected.
    assert "Them: nil made (Bob); nil made (Dan)" in text(narrow)
    cards = page.split('class="sides"')[1].split("</section>")[0]
    assert "needs" not in cards  # the game is over: nobody needs anything


def test_the_reasons_column_says_each_sentence_apart(home: Path) -> None:
    game = fresh("standard", "target=100")
    game = record_bids(game, ["Ann=6", "Bob=3", "Cat=5", "Dan=3"])
    game = record_tricks(game, ["Ann=6", "Bob=1", "Cat=5", "Dan=1"])
    page = client(saved(home, game)).get("/watch/g/tue/").text
    cell = re.search(r'<td class="reasons">(.*?)</td>', page, re.S)
    assert cell is not None
    lines = re.findall(r"<span>(.*?)</span>", cell.group(1))
    assert lines == ["Them: contract 6 set (2 taken)", "The game ends here."]
    made = record_tricks(record_bids(fresh(), ["Ann=4", "Bob=nil", "Cat=3", "Dan=5"]),
                         ["Ann=5", "Bob=0", "Cat=3", "Dan=5"])  # fmt: skip
    page = client(saved(home, made)).get("/watch/g/tue/").text
    cell = re.search(r'<td class="reasons">(.*?)</td>', page, re.S)
    assert cell is not None and '<span class="made">Them: nil made (Bob)</span>' in cell.group(1)


def test_with_a_loss_limit_each_card_says_how_far_it_is_from_losing(home: Path) -> None:
    game = record_bids(fresh("standard", "loss_limit=-200"), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"])
    game = record_tricks(game, ["Ann=4", "Bob=3", "Cat=2", "Dan=4"])
    page = text(client(saved(home, game)).get("/watch/g/tue/").text)
    assert "Us Ann & Cat 60 0 bags needs 440 260 above the loss limit" in page
    assert "Them Bob & Dan -80 0 bags needs 580 120 above the loss limit" in page
    plain = client(saved(home, fresh())).get("/watch/g/tue/").text
    assert "above the loss limit" not in plain


@pytest.mark.parametrize(
    ("address", "back"),
    [("/keep/g/tue/bids", "/keep/g/tue/"), ("/keep/g/tue/round/1/tricks", "/keep/g/tue/round/1"),
     ("/keep/new", "/keep/")],
    ids=["bids", "a-correction", "a-new-game"],
)  # fmt: skip
def test_a_get_of_a_form_address_is_a_page_with_the_way_back(
    home: Path, address: str, back: str
) -> None:
    web = client(saved(home, record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"])))
    before = web.get("/keep/g/tue/").text
    response = web.get(address, headers={"accept-language": "de"})
    assert (response.status_code, response.headers["allow"]) == (405, "POST")
    assert "Diese Adresse nimmt nur ein Formular" in response.text
    assert f'<a href="{back}">zurück zur Seite</a>' in response.text
    assert "Method Not Allowed" not in response.text
    assert web.get("/keep/g/tue/").text == before  # nothing changed


def test_the_page_can_be_added_to_a_home_screen_and_says_to_reload_without_script(
    home: Path,
) -> None:
    web = client(saved(home, fresh()))
    page = web.get("/watch/g/tue/").text
    assert '<meta name="theme-color" content="#0a3622">' in page
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page
    assert "<noscript><p" in page and "reload it to see new rounds" in page
    manifest = web.get("/static/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    shown = json.loads(manifest.text)
    assert shown["icons"][0]["src"] == "/static/icon.svg" and "start_url" not in shown
    assert web.get("/static/icon.svg").headers["content-type"].startswith("image/svg+xml")
    assert "default-src 'self'" in manifest.headers["content-security-policy"]


# ---------------------------------------------------------------------------
# Words for what would be silence


def test_undo_asks_first_on_a_page_of_its_own_and_keep_it_changes_nothing(home: Path) -> None:
    path = saved(home, record_bids(fresh(), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"]))
    web = client(path)
    page = web.get("/keep/g/tue/").text
    assert re.search(r'<form class="undo" method="get" action="/keep/g/tue/undo">', page)
    before = path.read_bytes()
    asked = web.get(f"/keep/g/tue/undo?version={version(page)}")
    assert asked.status_code == 200 and path.read_bytes() == before  # asking takes nothing
    said = text(asked.text)
    assert "Take back round 1's bids? " in said and "Take back Keep it" in said
    assert '<a class="keep-it" href="/keep/g/tue/">' in asked.text
    assert re.search(r'<form class="entry confirm" method="post" action="/keep/g/tue/undo">',
                     asked.text)  # fmt: skip
    done = web.post("/keep/g/tue/undo", data={"version": version(asked.text)})
    assert done.status_code == 303 and load_game_file(path).rounds == ()
    assert "Took back the bids of round 1." in text(web.get(done.headers["location"]).text)
    assert web.get("/watch/g/tue/undo").status_code == 404  # watchers take nothing back


def test_a_contract_over_the_deal_is_said_after_the_bids_and_priced_before(home: Path) -> None:
    path = saved(home, fresh())
    web = client(path)
    page = web.get("/keep/g/tue/").text
    # The script's words for the running total and the warning, from the page.
    assert 'data-total="The bids add up to {total}; a deal has 13 tricks."' in page
    assert "data-over=\"{side}&#39;s contract is {contract}, more than the 13 tricks" in page
    entered = enter_bids(web, {"bid-0": "13", "bid-1": "1", "bid-2": "13", "bid-3": "1"})
    assert entered.status_code == 303  # type: ignore[attr-defined]
    landed = text(web.get(entered.headers["location"]).text)  # type: ignore[attr-defined]
    assert (
        "Warning: Us's contract is 26, more than the 13 tricks in a deal; kept as entered."
        " A typo?" in landed
    )


def test_the_watch_page_of_a_finished_game_leaves_corrections_to_the_keeper(home: Path) -> None:
    game = record_bids(fresh("standard", "target=50"), ["Ann=4", "Bob=3", "Cat=2", "Dan=5"])
    path = saved(home, record_tricks(game, ["Ann=4", "Bob=3", "Cat=2", "Dan=4"]))
    web = client(path)
    watched = text(web.get("/watch/g/tue/").text)
    assert "The game is over." in watched and "corrected" not in watched
    assert "A round can still be corrected from its page." in text(web.get("/keep/g/tue/").text)
