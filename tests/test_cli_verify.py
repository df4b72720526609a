"""`scorepad verify FILE`: replays a hand record, reports revokes, gives the tricks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import preset_rules
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.cards import parse_cards
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.record import HandRecord, format_hand_record, hand_record

runner = CliRunner()


@pytest.fixture(autouse=True)
def plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("NO_COLOR", "1")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def played_record(tmp_path: Path) -> tuple[Path, list[int]]:
    rules = preset_rules("standard")
    simulator = GameRunner(rules, preset="standard", bots=("heuristic",), seed=2, keep_records=True)
    deal = simulator.play_game(0).records[0]
    path = tmp_path / "deal.toml"
    path.write_text(format_hand_record(hand_record(rules, "standard", deal, 1)), encoding="utf-8")
    return path, deal.taken


def test_a_legal_deal_gives_the_tricks_ready_for_the_tricks_command(tmp_path: Path) -> None:
    path, taken = played_record(tmp_path)
    code, out, err = run("verify", str(path))
    assert (code, err) == (0, "")
    assert "every play is legal" in out
    expected = " ".join(
        f"{name}={count}"
        for name, count in zip(("North", "East", "South", "West"), taken, strict=True)
    )
    assert f"scorepad tricks {expected}" in out


def test_json_gives_tricks_per_player(tmp_path: Path) -> None:
    path, taken = played_record(tmp_path)
    code, out, _ = run("verify", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["ok"] is True and data["problems"] == []
    assert list(data["tricks"].values()) == taken
    assert len(data["winners"]) == 13


HANDS = (
    "8C 7C 6C 5C 4C 3C 2C 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC 10C 9C 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD 10D 9D 8D AH KH QH JH 10H 9H",
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
)


def revoke_record(tmp_path: Path) -> Path:
    """A hand record of one trick in which Ann revokes: 2D on a club lead."""
    record = HandRecord(
        rules=preset_rules("standard"),
        preset="standard",
        players=("Ann", "Bob", "Cat", "Dan"),
        dealer=0,
        hands=tuple(tuple(parse_cards(hand)) for hand in HANDS),
        bids=(),
        play=(tuple(parse_cards("9C 8D 2S 2D")),),
    )
    path = tmp_path / "revoke.toml"
    path.write_text(format_hand_record(record), encoding="utf-8")
    return path


def test_a_revoke_names_who_which_trick_and_the_suit_to_follow(tmp_path: Path) -> None:
    path = revoke_record(tmp_path)
    code, out, _ = run("verify", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False
    revoke = next(p for p in data["problems"] if p["check"] == "legal")
    assert (revoke["player"], revoke["trick"]) == ("Ann", 1)
    assert "on a clubs lead, holding 8C 7C 6C 5C 4C 3C 2C" in revoke["message"]
    code, out, _ = run("verify", str(path))
    assert code == 1 and "illegal: Ann revoked in trick 1" in out


def test_an_unreadable_record_is_one_line_on_stderr(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("format = 3\n", encoding="utf-8")
    code, out, err = run("verify", str(path))
    assert code != 0 and out == "" and "not a hand record" in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            "x = 1\n", 'not a hand record (format = "scorepad-hand" expected)', id="format"
        ),
        pytest.param(None, "dealer 'Nobody' is not one of North, East, South, West", id="dealer"),
    ],
)
def test_a_bad_record_names_its_path_once(tmp_path: Path, text: str | None, message: str) -> None:
    path, _ = played_record(tmp_path)
    if text is None:
        text = "\n".join(
            'dealer = "Nobody"' if line.startswith("dealer =") else line
            for line in path.read_text(encoding="utf-8").splitlines()
        )
    path.write_text(text, encoding="utf-8")
    code, out, err = run("verify", str(path))
    assert (code, out, err) == (2, "", f"scorepad: {path}: {message}\n")
