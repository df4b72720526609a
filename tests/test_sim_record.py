"""Hand records: written and read back equal, replayed to the same tricks, damage named."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import preset_rules

from scorepad.engine.cards import parse_cards
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.record import (
    HandRecord,
    HandRecordError,
    format_hand_record,
    hand_record,
    parse_hand_record,
    read_hand_record,
    verify_record,
    write_hand_record,
)


@pytest.mark.parametrize("preset", ["standard", "house", "jokers", "solo-3", "solo-6"])
def test_records_round_trip_and_replay_to_the_same_tricks(preset: str) -> None:
    rules = preset_rules(preset)
    runner = GameRunner(rules, preset=preset, bots=("heuristic",), seed=8, keep_records=True)
    result = runner.play_game(0)
    for number, deal in enumerate(result.records[:6], start=1):
        record = hand_record(rules, preset, deal, number)
        assert parse_hand_record(format_hand_record(record)) == record
        verified = verify_record(record)
        assert verified.ok, verified.problems
        assert list(verified.tricks) == deal.taken
        assert list(verified.winners) == deal.winners


def sample_text() -> str:
    rules = preset_rules("standard")
    runner = GameRunner(rules, preset="standard", bots=("random",), seed=1, keep_records=True)
    deal = runner.play_game(0).records[0]
    return format_hand_record(hand_record(rules, "standard", deal, 1))


def test_a_record_file_round_trips(tmp_path: Path) -> None:
    record = parse_hand_record(sample_text())
    path = tmp_path / "deal.toml"
    write_hand_record(path, record)
    assert read_hand_record(path) == record


# North deals, so East leads. North holds clubs and diamonds, East clubs and hearts,
# South diamonds and hearts, West all thirteen spades.
HANDS = (
    "8C 7C 6C 5C 4C 3C 2C 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC 10C 9C 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD 10D 9D 8D AH KH QH JH 10H 9H",
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
)


def handmade(first_trick: str) -> HandRecord:
    rules = preset_rules("standard")
    return HandRecord(
        rules=rules,
        preset="standard",
        players=("North", "East", "South", "West"),
        dealer=0,
        hands=tuple(tuple(parse_cards(hand)) for hand in HANDS),
        bids=(),
        play=(tuple(parse_cards(first_trick)),),
    )


def test_a_revoke_is_reported_with_who_which_trick_and_what_to_follow() -> None:
    # East leads 9C; South and West are void; North plays a diamond holding seven clubs.
    problems = verify_record(handmade("9C 8D 2S 2D")).problems
    revokes = [p for p in problems if p.check == "legal"]
    assert [(p.seat, p.trick) for p in revokes] == [(0, 1)]
    assert revokes[0].message == (
        "North revoked in trick 1: played 2D on a clubs lead, holding 8C 7C 6C 5C 4C 3C 2C"
    )


def test_following_suit_or_discarding_when_void_is_legal() -> None:
    verified = verify_record(handmade("9C 8D 2S 8C"))
    assert not [p for p in verified.problems if p.check == "legal"]
    assert verified.winners == (3,)  # West's spade trumps the club lead


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('format = "scorepad-hand"', 'format = "other"'), "not a hand record"),
        (lambda t: t.replace("version = 1", "version = 9"), "version 9"),
        (lambda t: t.replace('dealer = "', 'dealer = "Nobody'), "dealer"),
        (lambda t: t.replace("hands = [", 'hands = [\n    "ZZ",', 1), "not a card"),
        (lambda t: t + "\n[[[", "not valid TOML"),
    ],
    ids=["format", "version", "dealer", "card", "toml"],
)
def test_a_damaged_record_is_refused_with_the_reason(change: object, message: str) -> None:
    assert callable(change)
    with pytest.raises(HandRecordError, match=message):
        parse_hand_record(change(sample_text()), source="deal.toml")


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(HandRecordError, match="cannot read"):
        read_hand_record(tmp_path / "nope.toml")
