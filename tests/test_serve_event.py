"""The room's pages of a club night: the room, a table's keep link all night, the
organizer's forms and the table cards; every refusal a 4xx with nothing changed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.serve.app import ServeConfig, create_app
from scorepad.serve.urls import table_key

runner = CliRunner()
TOKENS = {"watch": "w" * 22, "keep": "k" * 22, "room": "r" * 22, "table": "t" * 22,
          "organizer": "o" * 22}  # fmt: skip


def ok(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.fixture
def client(home: Path) -> TestClient:
    ok("event", "new", "club", "--players", "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy", "--rounds",
       "3", "--deals", "1", "--seed", "4")  # fmt: skip
    return TestClient(
        create_app(ServeConfig(None, TOKENS, event="club")),
        base_url="http://127.0.0.1",
        headers={"sec-fetch-site": "same-origin"},  # its forms come from its own pages
        follow_redirects=False,
    )


def play(game: str, bids: list[str], tricks: list[str]) -> None:
    ok("bid", "-g", game, *bids)
    ok("tricks", "-g", game, *tricks)


def test_the_room_shows_standings_tables_and_the_next_round(client: TestClient) -> None:
    page = client.get(f"/room/{'r' * 22}/")
    assert page.status_code == 200
    assert "http-equiv" not in page.text and 'data-events="/room/' in page.text
    assert "Round 1, now:" in page.text and "Round 2, next:" in page.text
    assert "Dee &amp; Fay <b>0</b>" in page.text
    assert "<script>" not in page.text and "style=" not in page.text
    play("club-r1-t1", ["Dee=4", "Cid=3", "Fay=3", "Ann=3"], ["Dee=5", "Cid=3", "Fay=3", "Ann=2"])
    again = client.get(f"/room/{'r' * 22}/")
    assert "Dee &amp; Fay <b>71</b>" in again.text and "Cid &amp; Ann <b>-60</b>" in again.text


def table(number: int) -> str:
    """Table `number`'s link, with its own key."""
    return f"/table/{table_key('t' * 22, number)}/{number}/"


def test_a_table_link_opens_its_current_game_all_night(client: TestClient) -> None:
    link = table(2)
    assert client.get(link).headers["location"] == f"{link}g/club-r1-t2/"
    play("club-r1-t1", ["Dee=4", "Cid=3", "Fay=3", "Ann=3"], ["Dee=5", "Cid=3", "Fay=3", "Ann=2"])
    play("club-r1-t2", ["Eve=3", "Bob=4", "Hal=2", "Gus=4"], ["Eve=3", "Bob=4", "Hal=2", "Gus=4"])
    asked = client.post(f"/organizer/{'o' * 22}/seat")
    assert asked.status_code == 200 and "Seat round 2 now?" in asked.text
    assert client.get(link).headers["location"] == f"{link}g/club-r1-t2/"  # not yet
    seated = client.post(f"/organizer/{'o' * 22}/seat", data={"sure": "yes"})
    assert seated.status_code == 303
    said = client.get(seated.headers["location"]).text
    assert "Round 2 is seated at 2 tables; each card&#39;s link opens its game." in said
    assert client.get(link).headers["location"] == f"{link}g/club-r2-t2/"
    page = client.get(client.get(link).headers["location"])
    assert page.status_code == 200 and f"/keep/{'k' * 22}" not in page.text
    assert "all games" not in page.text
    missing = client.get(table(9))
    assert missing.status_code == 404 and "no table 9 in round 2" in missing.text


def test_refusals_are_4xx_and_change_nothing(client: TestClient, home: Path) -> None:
    before = (home / "events" / "club.toml").read_text()
    seat = client.post(f"/organizer/{'o' * 22}/seat", data={"sure": "yes"})
    assert seat.status_code == 409 and "still being played at tables 1, 2" in seat.text
    drop = client.post(f"/organizer/{'o' * 22}/drop", data={"player": "Zed", "sure": "yes"})
    assert drop.status_code == 409 and "does not play in club" in drop.text
    other_event = client.get(f"/table/{'x' * 22}/1/")  # a keep link of another event
    assert other_event.status_code == 403
    assert other_event.text == (
        "This club night's link lacks its token, or is another night's: open the link the"
        " organizer's terminal printed.\n"
    )
    assert client.get(f"/organizer/{'r' * 22}/").status_code == 403
    assert (home / "events" / "club.toml").read_text() == before


def test_the_table_cards_carry_a_qr_code_of_each_table_link(client: TestClient) -> None:
    page = client.get(f"/organizer/{'o' * 22}/cards")
    assert page.status_code == 200
    assert page.text.count("<svg") == 2 and table(2) in page.text
    assert "style=" not in page.text and "<script" not in page.text
    added = client.post(f"/organizer/{'o' * 22}/add", data={"player": "Zoe"})
    assert added.status_code == 303
    said = client.get(added.headers["location"]).text
    assert "Zoe joins from round 2; round 2 was drawn again." in said
    room = client.get(f"/room/{'r' * 22}/").text
    assert "Zoe" in room and "Round 2&#39;s seats were drawn again: the field changed." in room


def test_a_table_game_says_which_deal_of_the_limit_it_is(home: Path) -> None:
    ok("event", "new", "duo", "--players", "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal", "--rounds", "1",
       "--deals", "2", "--seed", "4")  # fmt: skip
    client = TestClient(
        create_app(ServeConfig(None, {}, event="duo")), base_url="http://127.0.0.1",
        headers={"sec-fetch-site": "same-origin"}, follow_redirects=False,
    )  # fmt: skip
    page = client.get("/keep/g/duo-r1-t1/")
    assert "deal 1 of 2" in page.text and "Round 1 (deal 1 of 2):" in page.text
    enter(client, "/keep/g/duo-r1-t1/", {f"bid-{seat}": "3" for seat in range(4)}, "bids")
    enter(client, "/keep/g/duo-r1-t1/", {"team-0": "7", "team-1": "6"}, "tricks")
    page = client.get("/keep/g/duo-r1-t1/")
    assert "deal 2 of 2" in page.text
    assert "the deal limit of 2 decides" in page.text and "needs " not in page.text


def enter(client: TestClient, game: str, fields: dict[str, str], kind: str) -> None:
    """Post one of a game page's entry forms, as drawn now."""
    import re

    page = client.get(game).text
    version = re.findall(r'name="version" value="([^"]+)"', page)[0]
    number = re.findall(r'name="round" value="([0-9]+)"', page)[0]
    sent = client.post(game + kind, data={"version": version, "round": number, **fields})
    assert sent.status_code == 303, sent.text


def test_a_table_link_opens_its_own_tables_games_alone(client: TestClient, home: Path) -> None:
    ok("new", "kitchen", "--players", "Ann,Bob,Cid,Dee")
    games = sorted((home / "games").iterdir())
    before = {path.name: path.read_bytes() for path in games}
    one, two = table(1), table(2)
    refused = [
        client.get(f"{one}g/club-r1-t2/"),  # another table's game
        client.post(f"{one}g/club-r1-t2/bids", data={"version": "x", "round": "1"}),
        client.get(f"{two[:-2]}1/g/club-r1-t1/"),  # table 2's key on table 1
        client.get(f"{one}g/kitchen/"),  # an ordinary game
        client.post(f"{one}g/kitchen/undo", data={"version": "x"}),
        client.get(f"{one}g/other-r1-t1/"),  # another night's game
        client.post(f"{one}new", data={"name": "x", "players": "A,B,C,D"}),
        client.get(f"{one}events"),
        client.get(f"/keep/{table_key('t' * 22, 1)}/"),  # a table's key is no keep token
    ]
    for answer in refused:
        assert answer.status_code == 403, answer.text
        assert answer.text.count("\n") == 1
    assert "Nothing was changed." in refused[0].text
    assert client.get(f"{one}g/club-r1-t1/").status_code == 200
    assert {path.name: path.read_bytes() for path in sorted((home / "games").iterdir())} == before


def test_a_finished_table_says_where_its_players_go_next(client: TestClient) -> None:
    play("club-r1-t1", ["Dee=4", "Cid=3", "Fay=3", "Ann=3"], ["Dee=5", "Cid=3", "Fay=3", "Ann=2"])
    play("club-r1-t2", ["Eve=3", "Bob=4", "Hal=2", "Gus=4"], ["Eve=3", "Bob=4", "Hal=2", "Gus=4"])
    game = f"{table(1)}g/club-r1-t1/"
    assert "where each of you goes" not in client.get(game).text
    assert client.post(f"/organizer/{'o' * 22}/seat", data={"sure": "yes"}).status_code == 303
    for page in (client.get(game).text, client.get(f"/watch/{'w' * 22}/g/club-r1-t1/").text):
        assert "Round 2 is seated: where each of you goes" in page
        said = re.findall(r"<li>([^<]*)</li>", page.split("next-seats")[1])
        assert [line.split(":")[0] for line in said] == ["Dee", "Cid", "Fay", "Ann"]
        assert all(re.fullmatch(
            r"\w+: (table \d, with \w+, against \w+ and \w+|sits out round 2)", line
        ) for line in said), said  # fmt: skip
    assert f'href="{table(1)}g/club-r2-t1/"' in client.get(game).text


def test_a_finished_table_of_a_night_moved_on_has_no_take_back(client: TestClient) -> None:
    play("club-r1-t1", ["Dee=4", "Cid=3", "Fay=3", "Ann=3"], ["Dee=5", "Cid=3", "Fay=3", "Ann=2"])
    play("club-r1-t2", ["Eve=3", "Bob=4", "Hal=2", "Gus=4"], ["Eve=3", "Bob=4", "Hal=2", "Gus=4"])
    pages = (f"{table(1)}g/club-r1-t1/", f"/keep/{'k' * 22}/g/club-r1-t1/")
    for page in pages:  # the round being played: its table may take its entry back
        assert 'g/club-r1-t1/undo"' in client.get(page).text
    assert client.post(f"/organizer/{'o' * 22}/seat", data={"sure": "yes"}).status_code == 303
    for page in pages:
        text = client.get(page).text
        assert 'g/club-r1-t1/undo"' not in text
        assert "can be reopened only from the organizer&#39;s page" in text
        asked = client.get(page + "undo", params={"version": "x"})
        assert asked.status_code == 409 and "only from the organizer" in asked.text


def test_the_organizer_reopens_a_finished_table_after_asking(
    client: TestClient, home: Path
) -> None:
    from scorepad.engine.game import standings
    from scorepad.files.store import load_game_file

    play("club-r1-t1", ["Dee=4", "Cid=3", "Fay=3", "Ann=3"], ["Dee=5", "Cid=3", "Fay=3", "Ann=2"])
    play("club-r1-t2", ["Eve=3", "Bob=4", "Hal=2", "Gus=4"], ["Eve=3", "Bob=4", "Hal=2", "Gus=4"])
    organizer = f"/organizer/{'o' * 22}/"
    assert client.post(organizer + "seat", data={"sure": "yes"}).status_code == 303
    page = client.get(organizer).text
    assert '<option value="1-1">round 1, table 1</option>' in page
    for number in (1, 2):  # every table's link, on the organizer's page itself
        assert f'href="{table(number)}"' in page
    game = home / "games" / "club-r1-t1.toml"
    before = game.read_bytes()
    asked = client.post(organizer + "reopen", data={"table": "1-1"})
    assert asked.status_code == 200 and "Reopen table 1 of round 1?" in asked.text
    assert 'name="sure" value="yes"' in asked.text and game.read_bytes() == before
    for table_asked, status in (("2-1", 409), ("9-9", 409), ("x", 409)):  # nothing changed
        refused = client.post(organizer + "reopen", data={"table": table_asked, "sure": "yes"})
        assert refused.status_code == status, table_asked
    assert game.read_bytes() == before
    room = client.get(f"/room/{'r' * 22}/").text
    assert "was reopened" not in room
    done = client.post(organizer + "reopen", data={"table": "1-1", "sure": "yes"})
    assert done.status_code == 303
    said = client.get(done.headers["location"]).text
    assert "Table 1 of round 1 is open again: the tricks of its deal 1 were taken back" in said
    assert f'href="/keep/{"k" * 22}/g/club-r1-t1/"' in said  # to enter it again
    assert not standings(load_game_file(game)).finished
    room = client.get(f"/room/{'r' * 22}/").text
    assert "Table 1 of round 1 was reopened after round 2 was seated: the standings" in room
    ok("tricks", "-g", "club-r1-t1", "Dee=5", "Cid=3", "Fay=3", "Ann=2")  # entered again
    assert "is open again" not in client.get(organizer).text



def test_the_organizer_is_offered_to_take_a_seating_back_only_until_a_table_enters(
    client: TestClient, home: Path
) -> None:
    from scorepad.files.store import load_game_file

    play("club-r1-t1", ["Dee=4", "Cid=3", "Fay=3", "Ann=3"], ["Dee=5", "Cid=3", "Fay=3", "Ann=2"])
    play("club-r1-t2", ["Eve=3", "Bob=4", "Hal=2", "Gus=4"], ["Eve=3", "Bob=4", "Hal=2", "Gus=4"])
    organizer = f"/organizer/{'o' * 22}/"
    assert 'action="unseat"' not in client.get(organizer).text  # round 1: nothing to take back
    assert client.post(organizer + "seat", data={"sure": "yes"}).status_code == 303
    assert "Take back the seating of round 2" in client.get(organizer).text
    players = load_game_file(home / "games" / "club-r2-t2.toml").players
    ok("bid", "-g", "club-r2-t2", *(f"{player}=3" for player in players))  # a table bids
    assert 'action="unseat"' not in client.get(organizer).text
