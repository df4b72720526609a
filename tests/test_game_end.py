"""Who wins when a side is out (docs/rules.md, the end of a game).

A side that has lost, by sets or by the loss limit, in this round or before, cannot win
by the target or by Boston; both kinds of loss are for good. Each game is played through
`game` as the CLI would, a round written `BIDS / TRICKS`.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest
from conftest import preset_rules

from scorepad.engine.clock import Clock, ClockReading, clock_reading
from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import Game, call_time, new_game, standings
from scorepad.engine.scoring import EndReason, Level, Outcome
from scorepad.words.gametext import clock_words, describe_end, level_text, need_words

END_GAMES = [
    pytest.param(
        "standard", ("target=90", "sets_to_lose=1"), "Ann,Bob,Cy,Di",
        ["Ann=nil Bob=1 Cy=1 Di=1 / Ann=0 Bob=7 Cy=0 Di=6"],
        (90, -69), Outcome(1, EndReason.SETS), 1,
        id="set-out-side-at-the-target-does-not-win",
    ),
    pytest.param(
        "solo-3", ("sets_to_lose=1", "target=50"), "A,B,C",
        ["A=5 B=3 C=3 / A=1 B=8 C=8", "A=nil B=1 C=1 / A=0 B=9 C=8"],
        (50, -47, -48), Outcome(1, EndReason.SETS), 2,
        id="a-side-out-before-does-not-win-by-the-target-later",
    ),
    pytest.param(
        "solo-3", ("sets_to_lose=1", "boston=true", "boston_wins=true"), "A,B,C",
        ["A=5 B=3 C=3 / A=1 B=8 C=8", "A=1 B=3 C=3 / A=11 B=3 C=3",
         "A=17 B=nil C=1 / A=17 B=0 C=0"],
        (140, 165, 55), Outcome(1, EndReason.SETS), 3,
        id="a-side-out-does-not-win-by-boston",
    ),
    pytest.param(
        "solo-3", ("sets_to_lose=1",), "A,B,C",
        ["A=5 B=5 C=5 / A=5 B=6 C=6", "A=5 B=6 C=6 / A=3 B=7 C=7",
         "A=5 B=7 C=7 / A=7 B=5 C=5"],
        (52, 42, 42), None, None,
        id="the-sides-that-lost-last-tied-play-on",
    ),
    pytest.param(
        "solo-3", ("sets_to_lose=1", "tie=draw"), "A,B,C",
        ["A=6 B=7 C=7 / A=5 B=6 C=6"],
        (-60, -70, -70), Outcome(0, EndReason.SETS), 1,
        id="every-side-out-in-one-round-the-highest-wins",
    ),
    pytest.param(
        "solo-3", ("loss_limit=-100",), "A,B,C",
        ["A=11 B=3 C=3 / A=1 B=8 C=8", "A=5 B=3 C=3 / A=5 B=6 C=6",
         "A=5 B=3 C=3 / A=5 B=4 C=8"],
        (-10, 99, 3), Outcome(1, EndReason.LOSS_LIMIT), 3,
        id="through-the-loss-limit-stays-out-after-climbing-back",
    ),
    pytest.param(
        # Both at -100 together, level: play on. Then both climb back above the limit by
        # a made nil and are set a second time: how they lost decides, not where they
        # stand, so the game ends by the loss limit, not by sets.
        "standard", ("loss_limit=-100", "sets_to_lose=2"), "Ann,Bob,Cy,Di",
        ["Ann=5 Bob=5 Cy=5 Di=5 / Ann=3 Bob=4 Cy=3 Di=3",
         "Ann=nil Bob=nil Cy=7 Di=8 / Ann=0 Bob=0 Cy=6 Di=7"],
        (-70, -80), Outcome(0, EndReason.LOSS_LIMIT), 2,
        id="through-the-limit-together-level-then-set-out-ends-by-the-loss-limit",
    ),
    pytest.param(
        "standard", ("deal_limit=2",), "Ann,Bob,Cy,Di",
        ["Ann=3 Bob=3 Cy=3 Di=3 / Ann=4 Bob=3 Cy=3 Di=3",
         "Ann=3 Bob=3 Cy=3 Di=3 / Ann=3 Bob=3 Cy=4 Di=3"],
        (122, 120), Outcome(0, EndReason.DEAL_LIMIT), 2,
        id="after-the-deal-limit-the-higher-score-wins",
    ),
    pytest.param(
        "standard", ("deal_limit=2",), "Ann,Bob,Cy,Di",
        ["Ann=3 Bob=3 Cy=3 Di=3 / Ann=4 Bob=3 Cy=3 Di=3",
         "Ann=3 Bob=3 Cy=3 Di=3 / Ann=3 Bob=4 Cy=3 Di=3",
         "Ann=3 Bob=3 Cy=3 Di=3 / Ann=4 Bob=3 Cy=3 Di=3"],
        (182, 181), Outcome(0, EndReason.DEAL_LIMIT), 3,
        id="a-tie-at-the-deal-limit-plays-one-more-deal",
    ),
    pytest.param(
        "standard", ("deal_limit=2", "tie=draw"), "Ann,Bob,Cy,Di",
        ["Ann=3 Bob=3 Cy=3 Di=3 / Ann=4 Bob=3 Cy=3 Di=3",
         "Ann=3 Bob=3 Cy=3 Di=3 / Ann=3 Bob=4 Cy=3 Di=3"],
        (121, 121), Outcome(None, EndReason.DEAL_LIMIT), 2,
        id="a-tie-at-the-deal-limit-is-a-draw-under-tie-draw",
    ),
    pytest.param(
        "standard", ("deal_limit=5", "target=100"), "Ann,Bob,Cy,Di",
        ["Ann=5 Bob=1 Cy=5 Di=1 / Ann=6 Bob=1 Cy=5 Di=1"],
        (101, 20), Outcome(0, EndReason.TARGET), 1,
        id="the-target-first-ends-it-before-the-deal-limit",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "overrides", "players", "rounds", "scores", "outcome",
                          "after"), END_GAMES)  # fmt: skip
def test_who_wins_when_a_side_is_out(
    preset: str,
    overrides: tuple[str, ...],
    players: str,
    rounds: list[str],
    scores: tuple[int, ...],
    outcome: Outcome | None,
    after: int | None,
) -> None:
    game = new_game("g", players.split(","), preset_rules(preset, *overrides), preset=preset)
    for text in rounds:
        bids, tricks = text.split(" / ")
        game = record_tricks(record_bids(game, bids.split()), tricks.split())
    result = standings(game)
    assert (result.scores, result.outcome, result.ended_after) == (scores, outcome, after)


@pytest.mark.parametrize(
    ("sets_to_lose", "words"),
    [(1, "a side was set once"), (2, "a side was set 2 times")],
    ids=["once", "twice"],
)
def test_the_end_by_sets_says_how_often_in_plain_words(sets_to_lose: int, words: str) -> None:
    rules = preset_rules("standard", f"sets_to_lose={sets_to_lose}")
    assert describe_end(rules, Outcome(1, EndReason.SETS)) == words


def test_the_sheet_counts_down_the_deals_left() -> None:
    from scorepad.words.gametext import deals_left_text

    game = new_game("g", ["A", "B", "C", "D"], preset_rules("standard", "deal_limit=3"),
                    preset="standard")  # fmt: skip
    said = []
    for _deal in range(3):
        said.append(deals_left_text(game, standings(game)))
        game = record_tricks(
            record_bids(game, ["A=3", "B=3", "C=3", "D=3"]), ["A=4", "B=3", "C=3", "D=3"]
        )
    assert said == [
        "3 deals left before the deal limit of 3.",
        "2 deals left before the deal limit of 3.",
        "1 deal left before the deal limit of 3.",
    ]
    assert deals_left_text(game, standings(game)) is None  # over: A & C won


LEVEL_ROUNDS = ["Ann=3 Bob=4 Cy=3 Di=3 / Ann=3 Bob=4 Cy=3 Di=3",
                "Ann=4 Bob=3 Cy=3 Di=3 / Ann=4 Bob=3 Cy=3 Di=3"]  # fmt: skip


def played(rules: str, *rounds: str, overrides: tuple[str, ...] = ()) -> Game:
    game = new_game("g", ["Ann", "Bob", "Cy", "Di"], preset_rules(rules, *overrides),
                    preset=rules, sides=("Us", "Them"))  # fmt: skip
    for text in rounds:
        bids, tricks = text.split(" / ")
        game = record_tricks(record_bids(game, bids.split()), tricks.split())
    return game


@pytest.mark.parametrize(
    ("overrides", "level"),
    [
        (("target=100",), Level((0, 1), 130, EndReason.TARGET)),
        (("target=500", "deal_limit=2"), Level((0, 1), 130, EndReason.DEAL_LIMIT)),
        (("target=100", "tie=draw"), None),
    ],
    ids=["level-over-the-target", "level-at-the-deal-limit", "a-draw-is-not-level"],
)
def test_a_tie_where_the_game_would_end_is_level_until_the_next_round(
    overrides: tuple[str, ...], level: Level | None
) -> None:
    game = played("standard", *LEVEL_ROUNDS, overrides=overrides)
    result = standings(game)
    assert result.scores == (130, 130)
    assert result.level == level
    assert result.finished is (level is None)  # tie=draw ends it: a draw, not level
    if level is None:
        return
    assert need_words(game, result, 0) == need_words(game, result, 1) == "level"
    assert level_text(game, result) == "Us and Them are level at 130: round 3 decides."
    # Bids in, tricks to come: still level, and the round being played decides.
    bid = record_bids(game, ["Ann=4", "Bob=3", "Cy=3", "Di=3"])
    assert level_text(bid, standings(bid)) == "Us and Them are level at 130: round 3 decides."
    decided = record_tricks(bid, ["Ann=4", "Bob=3", "Cy=3", "Di=3"])
    after = standings(decided)
    assert (after.level, after.outcome) == (None, Outcome(0, level.reason))


def test_one_side_over_the_target_alone_is_not_level() -> None:
    game = played("standard", LEVEL_ROUNDS[0], overrides=("target=60",))
    result = standings(game)
    assert (result.level, result.winner) == (None, 1)
    assert level_text(game, result) is None


# ---------------------------------------------------------------------------
# The clock (docs/rules.md): time is called at the first entry after the clock ran out;
# the deal in play then is finished, the side ahead wins, a tie plays one more deal. The
# clock is injected: every moment below is a value, nothing waits.

START = int(datetime(2025, 3, 14, 19, 0, tzinfo=UTC).timestamp())
US_AHEAD = "Ann=3 Bob=3 Cy=3 Di=3 / Ann=4 Bob=3 Cy=3 Di=3"  # Us 61, Them 60
LEVEL = "Ann=3 Bob=3 Cy=3 Di=3 / Ann=3 Bob=3 Cy=3 Di=4"  # Us 60, Them 61: level after both
BOTH_SET = "Ann=4 Bob=4 Cy=4 Di=4 / Ann=3 Bob=4 Cy=3 Di=3"  # -80 each


def at(minutes: float) -> float:
    return START + 60 * minutes


def on_the_clock(*rounds: str, minutes: int = 60) -> Game:
    return dataclasses.replace(played("standard", *rounds), clock=Clock(START, minutes))


def entered(game: Game, text: str, now: float) -> Game:
    """A round entered as the service enters it: bids, then tricks, each a change made at
    `now` (time is called first, if it has run out)."""
    bids, tricks = text.split(" / ")
    game = record_bids(call_time(game, now), bids.split())
    return record_tricks(call_time(game, now), tricks.split())


def test_time_called_mid_deal_the_deal_is_finished_and_the_side_ahead_wins() -> None:
    game = on_the_clock(US_AHEAD)
    game = record_bids(call_time(game, at(50)), ["Ann=3", "Bob=3", "Cy=3", "Di=3"])
    assert game.clock is not None and game.clock.called is None  # 50 minutes: not yet
    assert clock_reading(game, at(50)) == ClockReading(600, False, None)
    # The clock runs out while deal 2 is played: its tricks are the first entry after.
    game = record_tricks(call_time(game, at(61)), ["Ann=4", "Bob=3", "Cy=3", "Di=3"])
    assert game.clock is not None and game.clock.called == 2
    result = standings(game)
    assert (result.scores, result.outcome, result.ended_after) == (
        (122, 120), Outcome(0, EndReason.TIME), 2,
    )  # fmt: skip
    assert describe_end(game.rules, Outcome(0, EndReason.TIME)) == "time was called"


def test_time_run_out_between_deals_the_next_deal_is_the_last() -> None:
    game = on_the_clock(US_AHEAD)
    # Nobody wrote between 60 and 65: the next deal's cards are out, and it is the last.
    reading = clock_reading(game, at(65))
    assert reading == ClockReading(0, True, 2)
    assert clock_words(reading) == "Time is up: deal 2 is the last (a tie plays one more)."
    game = entered(game, LEVEL, at(65))
    result = standings(game)
    assert (result.scores, result.outcome) == ((121, 121), None)
    assert result.level == Level((0, 1), 121, EndReason.TIME)


def test_a_tie_at_the_call_plays_one_more_deal() -> None:
    game = on_the_clock(US_AHEAD)
    game = entered(game, LEVEL, at(61))  # called in deal 2, which ends level
    result = standings(game)
    assert (result.scores, result.finished) == ((121, 121), False)
    assert clock_reading(game, at(70)) == ClockReading(0, True, 3)
    game = entered(game, BOTH_SET, at(72))  # still level: one more again
    assert clock_reading(game, at(73)) == ClockReading(0, True, 4)
    assert not standings(game).finished
    game = entered(game, US_AHEAD, at(80))
    result = standings(game)
    assert (result.scores, result.outcome, result.ended_after) == (
        (102, 101), Outcome(0, EndReason.TIME), 4,
    )  # fmt: skip
    assert game.clock is not None and game.clock.called == 2  # the call is kept as made
    assert clock_reading(game, at(90), finished=True) == ClockReading(0, True, None)


def test_a_reconnect_after_the_call_reads_the_same_call() -> None:
    """A phone that reads the game again later (the file, and the server's clock) sees
    time up and the same last deal, whether or not an entry has been made since."""
    game = on_the_clock(US_AHEAD)
    before_any_entry = clock_reading(game, at(61))
    game = record_bids(call_time(game, at(62)), ["Ann=3", "Bob=3", "Cy=3", "Di=3"])
    reconnected = clock_reading(game, at(75))
    assert before_any_entry == reconnected == ClockReading(0, True, 2)
    assert clock_words(ClockReading(3725, False, None)) == "Time left: 1:02:05."
    assert clock_words(ClockReading(59, False, None)) == "Time left: 0:59."


def test_a_game_over_before_the_clock_ran_out_is_not_called() -> None:
    game = dataclasses.replace(
        played("standard", "Ann=6 Bob=3 Cy=4 Di=1 / Ann=7 Bob=3 Cy=3 Di=0", overrides=(
            "target=100",)), clock=Clock(START, 30))  # fmt: skip
    assert standings(game).finished
    assert call_time(game, at(45)) == game
