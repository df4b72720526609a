"""The presets for events (round-robin, bowl, league): each one's worked game in
docs/rules.md ("Presets for events"), scored by the engine and by the independent
reference, both against the numbers worked out by hand."""

from __future__ import annotations

import dataclasses

import pytest
from test_reference import engine_game, named_table, read_round, reference_hands

from scorepad.engine.game import standings
from scorepad.engine.rulings import Ruling, RulingKind
from scorepad.files.presets import load_preset
from scorepad.reference import deals, tally

# preset, rounds (Us | Them, BID:TRICKS), each round's rulings (side, kind, number), the
# end (winner, round, reason), the scores after the last round that counts.
WORKED = [
    # 4:5 4:4 = 81 | 3:2 2:2 set -50; 91 | -40; 91 | 30; nil +100, 6:7 61 | 60: Us 424.
    pytest.param("round-robin",
                 ["4:5 4:4 | 3:2 2:2", "5:5 4:5 | 2:1 2:2", "5:6 4:4 | 2:2 1:1",
                  "nil:0 6:7 | 3:3 3:3"],
                 [], (0, 4, "target"), (424, 0), id="round-robin-to-350"),
    # Round 1: Them renege, 3 books to Us: 83 | -60; then 90 | 40; Them 193 behind bid
    # blind nil and make it: 200 + 51 | Us 70.
    pytest.param("bowl",
                 ["4:4 4:4 | 3:3 3:2", "5:5 4:4 | 2:2 2:2", "4:4 3:3 | bnil:0 5:6"],
                 [[(1, "books", 3)]], None, (243, 231), id="bowl-renege-three-books"),
    # Them set in rounds 1 and 2: two in a row lose, before the 4 deals are up.
    pytest.param("league", ["4:4 4:4 | 3:3 3:2", "4:4 3:4 | 3:3 3:2"],
                 [], (0, 2, "sets-in-a-row"), (151, -120), id="league-set-twice-in-a-row"),
    # Four deals, nobody set twice in a row: the higher score wins by the deal limit.
    pytest.param("league",
                 ["4:4 4:4 | 3:3 3:2", "4:3 4:4 | 2:3 2:3", "5:6 4:4 | 2:2 2:1",
                  "4:4 4:5 | 2:2 2:2"],
                 [], (0, 4, "deal-limit"), (172, -18), id="league-four-hands"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "rounds", "rulings", "end", "scores"), WORKED)
def test_worked_games_of_the_event_presets(
    preset: str,
    rounds: list[str],
    rulings: list[list[tuple[int, str, int]]],
    end: tuple[int, int, str] | None,
    scores: tuple[int, int],
) -> None:
    table = named_table(preset, ())
    played = [read_round(text) for text in rounds]
    expected = tally.play_game(
        table.knobs, [[reference_hands(play) for play in round_] for round_ in played], rulings
    )
    game = engine_game(table, played)
    ruled = tuple(
        round_._replace(
            rulings=tuple(
                Ruling(side, RulingKind(kind), number, "renege")
                for side, kind, number in (rulings[index] if index < len(rulings) else [])
            )
        )
        for index, round_ in enumerate(game.rounds)
    )
    result = standings(dataclasses.replace(game, rounds=ruled))
    assert tuple(expected.totals) == result.scores == scores
    wanted = (expected.winner, expected.ended_after, expected.reason) if expected.reason else None
    outcome = result.outcome
    ours = (outcome.winner, result.ended_after, outcome.reason.value) if outcome else None
    assert wanted == ours == end


def test_the_event_presets_say_what_they_are() -> None:
    assert load_preset("bowl").rules.confirm_entries
    assert "three books" in load_preset("bowl").summary
    league = load_preset("league").rules
    assert (league.deal_limit, league.sets_in_a_row, league.misdeal_redeal) == (4, 2, "next")
    assert deals.who_deals(4, 0, ["played", "next", "played"]) == [0, 1, 2, 3]
    assert load_preset("round-robin").rules.target == 350
