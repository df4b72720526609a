"""The sweep's director: misdeals, rulings, the other side's OK and a clock, played
through the engine's entry functions and held to the reference's own reading.

The reference reads the clock's end (`tally.check_the_end`), the deal time is called in
(`reference.clock.deal_called`) and ruled rounds (`tally.score_a_round`) from
docs/rules.md; the simulator's referee (`Referee.end`, `GameFold`) asks it of every deal
a director played.
"""

from __future__ import annotations

import functools
from collections import Counter

from scorepad.files.presets import resolve_rules
from scorepad.reference import clock, rulebook, tally
from scorepad.sim.director import DirectorMix
from scorepad.sim.explorer import ExplorerBot
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.referee import Referee, knobs_of_preset

STANDARD = resolve_rules("standard", [])[1]
# A director who does everything often: every game to a clock, many rulings and misdeals.
BUSY = DirectorMix(misdeal=0.3, redeal_given=0.5, ruling=0.5, second_ruling=0.5,
                   forfeit=0.5, in_play=0.5, look=1.0, clock=1.0, tie_call=1.0)  # fmt: skip


def test_time_is_called_in_the_deal_in_play_at_the_first_change_after_the_clock_ran_out() -> None:
    end = 1000
    # The bids of deal 3 come after the end: time is called between deals, in deal 3.
    assert clock.deal_called(end, [(100, 1), (400, 1), (700, 2), (900, 2), (1200, 3)]) == 3
    # The tricks of deal 2 come at the end: time is called in play, in deal 2.
    assert clock.deal_called(end, [(100, 1), (400, 1), (700, 2), (1000, 2)]) == 2
    assert clock.deal_called(end, [(100, 1), (999, 1)]) is None


def test_the_referee_ends_a_game_to_a_clock_after_the_deal_in_play_and_a_tie_plays_on() -> None:
    referee = Referee(STANDARD, knobs_of_preset("standard"))
    nobody = [None, None]
    # Before the deal in play at the call is finished, play goes on.
    assert referee.end([210, 150], [0, 0], None, nobody, 3, called=4) == (False, None, None)
    assert referee.end([210, 150], [0, 0], None, nobody, 4, called=4) == (True, 0, "time")
    # A tie at the call plays one more deal, and the next deal decides.
    assert referee.end([210, 210], [0, 0], None, nobody, 4, called=4) == (False, None, None)
    assert referee.end([210, 250], [0, 0], None, nobody, 5, called=4) == (True, 1, "time")
    # The target is reached first; no clock, no end.
    assert referee.end([510, 250], [0, 0], None, nobody, 4, called=4) == (True, 0, "target")
    assert referee.end([210, 150], [0, 0], None, nobody, 4) == (False, None, None)


def test_the_deal_limit_reached_in_the_called_deal_names_the_deal_limit() -> None:
    knobs = rulebook.with_defaults({"deal_limit": 4})
    ledgers = [tally.Ledger(score=120), tally.Ledger(score=80)]
    assert tally.check_the_end(knobs, ledgers, (), 4, time_called_in=4) == (0, "deal-limit")
    assert tally.check_the_end(knobs, ledgers, (), 3, time_called_in=3) == (0, "time")


def test_a_ruled_round_is_scored_by_the_reference_from_the_rules_page() -> None:
    """docs/rules.md, Rulings: 3 books move from Them's contract to Us's; a set leaves a
    contract made exactly one trick short; points are never bags."""
    keeper_knobs = rulebook.with_defaults({})
    from scorepad.reference.scorekeeper import Scorekeeper

    keeper = Scorekeeper(keeper_knobs)
    round_ = [[("number", 4, 4), ("number", 4, 4)], [("number", 3, 3), ("number", 3, 2)]]
    ledgers = [tally.Ledger(), tally.Ledger()]
    results, _ = tally.score_a_round(keeper, ledgers, round_, [(1, "books", 3)])
    assert [result.points for result in results] == [83, -60]
    assert [(ledger.sets, ledger.in_a_row) for ledger in ledgers] == [(0, 0), (1, 1)]
    ledgers = [tally.Ledger(), tally.Ledger()]
    results, _ = tally.score_a_round(keeper, ledgers, round_, [(0, "set", 0), (1, "points", 7)])
    assert [(result.points, result.bags) for result in results] == [(-80, 0), (-53, 0)]
    assert tally.forfeited_by([(0, "points", 7), (1, "forfeit", 0)]) == 1


def test_games_under_a_busy_director_are_held_to_the_reference_with_no_violation() -> None:
    """Every kind of ruling, misdeals under both rules, rounds agreed, and games to a
    clock, each made through the engine's entry functions on the kept game."""
    reached: Counter[str] = Counter()
    for preset, overrides in (("bowl", ["target=250"]), ("league", ["deal_limit=0"]),
                              ("solo-3", ["target=250"])):  # fmt: skip
        name, rules = resolve_rules(preset, overrides)
        knobs = knobs_of_preset(preset, overrides)
        explorer = functools.partial(ExplorerBot, knobs=knobs)
        runner = GameRunner(rules, preset=name, seed=5, keep_game=True, knobs=knobs,
                            seat_bots=[explorer] * rules.players, director=BUSY)  # fmt: skip
        for index in range(12):
            result = runner.play_game(index)
            assert result.violations == [], [v.message for v in result.violations[:3]]
            game = result.game
            assert game is not None and game.clock is not None
            reached["clock called"] += game.clock.called is not None
            reached.update(f"end {result.end}" for _ in [0])
            reached.update(f"misdeal {misdeal.redeal}" for misdeal in game.misdeals)
            reached.update(ruling.kind.value for round_ in game.rounds for ruling in round_.rulings)
            reached.update(runner.director.reached if runner.director else {})
    for what in ("books", "points", "set", "forfeit", "misdeal same", "misdeal next",
                 "clock called", "end time", "end forfeit", "round agreed by the other side",
                 "forfeit ruling in play"):  # fmt: skip
        assert reached[what], (what, reached)


def test_the_director_plays_the_same_games_from_the_same_seed() -> None:
    name, rules = resolve_rules("standard", [])
    knobs = knobs_of_preset("standard")

    def play() -> list[object]:
        explorer = functools.partial(ExplorerBot, knobs=knobs)
        runner = GameRunner(rules, preset=name, seed=11, keep_game=True, knobs=knobs,
                            seat_bots=[explorer] * 4, director=BUSY)  # fmt: skip
        return [runner.play_game(index).game for index in (3, 1)]

    assert play() == play()
