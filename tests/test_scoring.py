"""The engine, row by row against RULES.md's worked examples and every scoring knob."""

from __future__ import annotations

import pytest
from conftest import hands, preset_rules
from hypothesis import given
from hypothesis import strategies as st

from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import new_game, standings
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import EndReason, LineKind, Outcome, judge_end, score_side

# RULES.md "Worked examples from the seeds (all must hold)":
# (preset, score before, bags before, tokens, points, score after, bags after)
WORKED_EXAMPLES = [
    pytest.param("standard", 337, 7, ["5:7"], 52, 389, 9, id="337+7-bags-team5-takes7"),
    pytest.param("standard", 337, 7, ["5:8"], -47, 290, 0, id="337+7-bags-team5-takes8-penalty"),
    pytest.param("standard", 0, 0, ["nil:0", "4:5"], 141, 141, 1, id="nil-made-partner-over"),
    pytest.param("standard", 0, 0, ["nil:1", "4:4"], -59, -59, 1, id="nil-failed-trick-is-bag"),
    pytest.param("standard", 0, 0, ["nil:0", "5:6"], 151, 151, 1, id="nil+5-made-over"),
    pytest.param("standard", 0, 0, ["nil:1", "5:5"], -49, -49, 1, id="nil+5-nil-failed"),
    pytest.param("standard", 0, 0, ["nil:0", "5:4"], 50, 50, 0, id="nil+5-partner-set"),
    pytest.param("standard", 0, 0, ["nil:0", "4:3"], 60, 60, 0, id="nil+4-partner-set"),
    pytest.param("standard", 0, 0, ["nil:1", "4:5"], -58, -58, 2, id="nil-failed-partner-over"),
    pytest.param("standard", 0, 0, ["nil:1", "4:3"], -139, -139, 1, id="nil-failed-and-set"),
    pytest.param("standard", 0, 0, ["8:7"], -80, -80, 0, id="team8-set"),
    pytest.param("standard", 0, 0, ["7:7"], 70, 70, 0, id="table-7-7"),
    pytest.param("standard", 0, 0, ["7:9"], 72, 72, 2, id="table-7-9"),
    pytest.param("standard", 0, 0, ["4:8"], 44, 44, 4, id="table-4-8"),
    pytest.param("standard", 0, 0, ["10:10"], 100, 100, 0, id="table-10-10"),
    pytest.param("quicksand", 0, 0, ["7:9"], 50, 50, 0, id="quicksand-over"),
    pytest.param("quicksand", 0, 0, ["6:4"], -20, -20, 0, id="quicksand-under"),
    pytest.param("bonus", 0, 0, ["10:11"], 121, 121, 1, id="big-contract-bonus"),
    pytest.param("bonus", 0, 0, ["2:3"], 21, 21, 1, id="exact-bonus-not-exact"),
]


@pytest.mark.parametrize(
    ("preset", "score", "bags", "tokens", "points", "after", "bags_after"), WORKED_EXAMPLES
)
def test_worked_examples(
    preset: str,
    score: int,
    bags: int,
    tokens: list[str],
    points: int,
    after: int,
    bags_after: int,
) -> None:
    rules = preset_rules(preset)
    result = score_side(rules, hands(*tokens, rules=rules), score=score, bags=bags)
    assert (result.points, result.score, result.bags) == (points, after, bags_after)


def test_four_rounds_with_bag_penalty(standard: Rules) -> None:
    """RULES.md: 6/9, 5/8, 7/9, 4/7 give 63, 116, 188, then +43 -100: 131 and 1 bag."""
    score, bags, seen = 0, 0, []
    for token in ["6:9", "5:8", "7:9", "4:7"]:
        result = score_side(standard, hands(token), score=score, bags=bags)
        score, bags = result.score, result.bags
        seen.append((result.points, score, bags))
    assert seen == [(63, 63, 3), (53, 116, 6), (72, 188, 8), (-57, 131, 1)]
    assert [line.points for line in result.lines] == [40, 3, -100]


def test_nil_lines_are_itemized(standard: Rules) -> None:
    result = score_side(standard, hands("nil:1", "4:4"))
    assert [(line.kind, line.points) for line in result.lines] == [
        (LineKind.NIL_FAILED, -100),
        (LineKind.CONTRACT, 40),
        (LineKind.NIL_TRICKS, 1),
    ]


@pytest.mark.parametrize(
    ("tokens", "points", "bags"),
    [
        pytest.param(["nil:0", "nil:0"], 200, 0, id="both-made"),
        pytest.param(["nil:0", "nil:2"], 2, 2, id="one-failed-tricks-are-bags"),
        pytest.param(["nil:1", "nil:1"], -198, 2, id="both-failed"),
        pytest.param(["bnil:0", "nil:0"], 300, 0, id="blind-and-nil"),
    ],
)
def test_double_nil_separate(tokens: list[str], points: int, bags: int) -> None:
    rules = preset_rules("club")
    result = score_side(rules, hands(*tokens))
    assert (result.points, result.bags, result.made) == (points, bags, None)


@pytest.mark.parametrize(
    ("tokens", "points", "bags"),
    [
        pytest.param(["nil:0", "nil:0"], 200, 0, id="made"),
        pytest.param(["nil:0", "nil:2"], -200, 0, id="failed-no-bags"),
    ],
)
def test_double_nil_all_or_nothing(tokens: list[str], points: int, bags: int) -> None:
    rules = preset_rules("standard", "double_nil=all-or-nothing")
    result = score_side(rules, hands(*tokens))
    assert (result.points, result.bags) == (points, bags)


@pytest.mark.parametrize(
    ("mode", "points", "bags"),
    [
        pytest.param("bags", -100 - 40 + 1, 1, id="bags-default"),
        pytest.param("contract", -100 + 40, 0, id="contract-saves-partner"),
        pytest.param("none", -100 - 40, 0, id="none-count-nothing"),
    ],
)
def test_failed_nil_tricks(mode: str, points: int, bags: int) -> None:
    """Nil 1 trick, partner bids 4 takes 3: where the nil's trick goes decides the contract."""
    rules = preset_rules("standard", f"failed_nil_tricks={mode}")
    result = score_side(rules, hands("nil:1", "4:3"))
    assert (result.points, result.bags) == (points, bags)


@pytest.mark.parametrize(
    ("preset", "tokens", "points", "bags"),
    [
        pytest.param("standard", ["nil:1", "nil:1"], -198, 2, id="double-nil-both-failed"),
        pytest.param("standard", ["nil:0", "nil:1"], 1, 1, id="double-nil-one-failed"),
        pytest.param("solo-3", ["nil:3"], -97, 3, id="solo-nil-failed"),
        pytest.param("standard", ["nil:0", "nil:0"], 200, 0, id="double-nil-made"),
        pytest.param("quicksand", ["nil:3", "nil:0"], -30, 0, id="quicksand-tricks-over-0"),
    ],
)
def test_repro_2_failed_nil_tricks_count_toward_a_contract_of_0(
    preset: str, tokens: list[str], points: int, bags: int
) -> None:
    """Issue 7, repro 2: with no contract, a failed nil's tricks are overtricks over 0."""
    rules = preset_rules(preset, "failed_nil_tricks=contract")
    result = score_side(rules, hands(*tokens))
    assert (result.points, result.new_bags, result.made) == (points, bags, None)


@pytest.mark.parametrize(
    ("token", "points"),
    [
        pytest.param("10:10", 200 + 20, id="10-for-200-plus-2-over-8"),
        pytest.param("11:12", 200 + 30 + 1, id="10-for-200-plus-3-over-8-and-overtrick"),
        pytest.param("13:13", 200 + 50, id="boston-plus-5-over-8"),
        pytest.param("9:9", 90 + 10, id="below-10-for-200"),
        pytest.param("10:9", -200, id="set-no-bonus"),
    ],
)
def test_big_contract_bonus_on_top_of_10_for_200_and_boston(token: str, points: int) -> None:
    """docs/rules.md decision: the flat scores replace 10 a trick, never the bonus."""
    rules = preset_rules("house", "big_contract_bonus=10")
    assert score_side(rules, hands(token)).points == points


def test_blind_nil_values() -> None:
    rules = preset_rules("club")
    assert score_side(rules, hands("bnil:0", "4:4")).points == 240
    assert score_side(rules, hands("bnil:1", "4:4")).points == -200 + 40 + 1


def test_nil_worth_50() -> None:
    rules = preset_rules("standard", "nil_points=50")
    assert score_side(rules, hands("nil:0", "4:4")).points == 90


def test_zero_as_plain_bid_takes_bags() -> None:
    rules = preset_rules("standard", "zero_bid=plain")
    result = score_side(rules, hands("0:2", "4:4", rules=rules))
    assert (result.points, result.bags, result.contract) == (42, 2, 4)
    assert all(line.kind is not LineKind.NIL for line in result.lines)


@pytest.mark.parametrize(
    ("setting", "points"),
    [pytest.param("minus-bid", -80, id="minus-bid"), pytest.param("zero", 0, id="zero")],
)
def test_set_scoring(setting: str, points: int) -> None:
    rules = preset_rules("standard", f"set_scoring={setting}")
    result = score_side(rules, hands("8:7"))
    assert (result.points, result.was_set) == (points, True)


def test_set_tricks_are_not_bags(standard: Rules) -> None:
    assert score_side(standard, hands("8:7"), bags=9).bags == 9


def test_bags_off_keeps_overtrick_points() -> None:
    rules = preset_rules("standard", "bags=false")
    result = score_side(rules, hands("4:9"), score=0, bags=0)
    assert (result.points, result.bags, result.penalties) == (45, 0, 0)


@pytest.mark.parametrize(
    ("limit", "penalty", "bags_before", "taken", "points", "bags_after"),
    [
        pytest.param(10, 100, 9, 6, 51 - 100, 0, id="tenth-bag"),
        pytest.param(5, 50, 4, 6, 51 - 50, 0, id="limit-5-penalty-50"),
        pytest.param(5, 50, 4, 11, 56 - 100, 0, id="two-penalties-at-once"),
        pytest.param(10, 100, 0, 13, 58, 8, id="no-penalty"),
    ],
)
def test_bag_limit_and_penalty(
    limit: int, penalty: int, bags_before: int, taken: int, points: int, bags_after: int
) -> None:
    """Bid 5 and take `taken` with some bags already on the sheet."""
    rules = preset_rules("standard", f"bag_limit={limit}", f"bag_penalty={penalty}")
    result = score_side(rules, hands(f"5:{taken}"), bags=bags_before)
    assert (result.points, result.bags) == (points, bags_after)


def test_twenty_bags_at_once_is_two_penalties() -> None:
    rules = preset_rules("standard", "bag_limit=5")
    result = score_side(rules, hands("1:13"), bags=4)
    assert result.penalties == 3 and result.bags == 1


@pytest.mark.parametrize(
    ("overrides", "tokens", "points"),
    [
        pytest.param(("ten_for_200=true",), ["10:10"], 200, id="made"),
        pytest.param(("ten_for_200=true",), ["6:6", "5:6"], 201, id="made-with-overtrick"),
        pytest.param(("ten_for_200=true",), ["10:9"], -200, id="set"),
        pytest.param(("ten_for_200=true", "ten_for_200_penalty=100"), ["10:9"], -100, id="set-100"),
        pytest.param(("ten_for_200=true",), ["9:9"], 90, id="below-threshold"),
    ],
)
def test_ten_for_200(overrides: tuple[str, ...], tokens: list[str], points: int) -> None:
    rules = preset_rules("standard", *overrides)
    assert score_side(rules, hands(*tokens)).points == points


@pytest.mark.parametrize(
    ("tokens", "points", "boston"),
    [
        pytest.param(["13:13"], 200, True, id="made"),
        pytest.param(["7:7", "6:6"], 200, True, id="two-bids-make-13"),
        pytest.param(["13:12"], -200, False, id="set"),
    ],
)
def test_boston(tokens: list[str], points: int, boston: bool) -> None:
    rules = preset_rules("house")
    result = score_side(rules, hands(*tokens))
    assert (result.points, result.boston) == (points, boston)


@pytest.mark.parametrize(
    ("token", "points"),
    [
        pytest.param("1:1", 30, id="one-exactly"),
        pytest.param("2:2", 40, id="two-exactly"),
        pytest.param("2:3", 21, id="two-not-exactly"),
        pytest.param("3:3", 30, id="three-no-bonus"),
        pytest.param("1:0", -10, id="set-no-bonus"),
    ],
)
def test_exact_bonus(token: str, points: int) -> None:
    assert score_side(preset_rules("bonus"), hands(token)).points == points


@pytest.mark.parametrize(
    ("preset", "token", "points"),
    [
        pytest.param("bonus", "9:9", 100, id="4p-over-8"),
        pytest.param("bonus", "8:8", 80, id="4p-at-8-no-bonus"),
        pytest.param("bonus", "10:9", -100, id="4p-set-no-bonus"),
        pytest.param("solo-3", "12:12", 140, id="3p-over-10"),
        pytest.param("solo-5", "9:9", 110, id="5p-over-7"),
        pytest.param("solo-6", "8:8", 100, id="6p-over-6"),
    ],
)
def test_big_contract_bonus(preset: str, token: str, points: int) -> None:
    assert score_side(preset_rules(preset), hands(token)).points == points


def test_big_contract_threshold_auto_follows_players() -> None:
    rules = preset_rules("solo-5", "big_contract_threshold=auto")
    assert rules.big_contract_from == 7


@pytest.mark.parametrize(
    ("tokens", "points"),
    [
        pytest.param(["7:7"], 70, id="exact"),
        pytest.param(["7:9"], 50, id="over"),
        pytest.param(["6:4"], -20, id="under"),
        pytest.param(["nil:1", "4:4"], -60, id="nil-trick-no-bag"),
        pytest.param(["nil:0", "4:6"], 120, id="nil-made-over"),
    ],
)
def test_quicksand(tokens: list[str], points: int) -> None:
    result = score_side(preset_rules("quicksand"), hands(*tokens))
    assert (result.points, result.bags, result.new_bags) == (points, 0, 0)


def test_blind_bid_scores_double() -> None:
    rules = preset_rules("standard", "blind_bids=true")
    assert score_side(rules, hands("b6:7")).points == 121
    assert score_side(rules, hands("b6:5")).points == -120


def test_custom_trick_and_overtrick_points() -> None:
    rules = preset_rules("standard", "trick_points=5", "overtrick_points=2")
    assert score_side(rules, hands("4:6")).points == 24


# ---------------------------------------------------------------------------
# The end of a game (RULES.md 10-11)


@pytest.mark.parametrize(
    ("overrides", "scores", "outcome"),
    [
        pytest.param((), (499, 300), None, id="below-target"),
        pytest.param((), (500, 300), Outcome(0, EndReason.TARGET), id="exactly-target"),
        pytest.param((), (510, 530), Outcome(1, EndReason.TARGET), id="both-higher-wins"),
        pytest.param((), (520, 520), None, id="tie-plays-on"),
        pytest.param(("tie=draw",), (520, 520), Outcome(None, EndReason.TARGET), id="tie-draw"),
        pytest.param((), (-900, 100), None, id="no-loss-limit"),
        pytest.param(("loss_limit=-200",), (-200, 100), Outcome(1, EndReason.LOSS_LIMIT),
                     id="at-limit-loses"),
        pytest.param(("loss_limit=-200",), (-250, -210), Outcome(1, EndReason.LOSS_LIMIT),
                     id="both-below-higher-wins"),
        pytest.param(("loss_limit=-200",), (-250, -250), None, id="both-below-tie-plays-on"),
        pytest.param(("loss_limit=-200",), (-250, 510), Outcome(1, EndReason.TARGET),
                     id="target-beats-limit"),
        pytest.param(("target=250",), (260, 100), Outcome(0, EndReason.TARGET), id="short-game"),
    ],
)
def test_judge_end(
    overrides: tuple[str, ...], scores: tuple[int, int], outcome: Outcome | None
) -> None:
    assert judge_end(preset_rules("standard", *overrides), scores) == outcome


def test_boston_wins_at_once_when_the_rules_say_so() -> None:
    rules = preset_rules("house", "boston_wins=true")
    assert judge_end(rules, (100, 300), boston_by=0) == Outcome(0, EndReason.BOSTON)
    assert judge_end(preset_rules("house"), (100, 300), boston_by=0) is None


@pytest.mark.parametrize(
    ("overrides", "scores", "sets", "outcome"),
    [
        pytest.param(("sets_to_lose=3",), (100, 50), (3, 1), Outcome(1, EndReason.SETS),
                     id="set-out-loses-with-the-higher-score"),
        pytest.param(("sets_to_lose=3",), (50, 100), (3, 1), Outcome(1, EndReason.SETS),
                     id="set-out-loses-with-the-lower-score"),
        pytest.param(("sets_to_lose=3",), (100, 50), (2, 1), None, id="not-yet-set-out"),
        pytest.param(("sets_to_lose=3",), (100, 50), (3, 3), Outcome(0, EndReason.SETS),
                     id="both-set-out-higher-wins"),
        pytest.param(("sets_to_lose=3",), (100, 100), (3, 3), None,
                     id="both-set-out-tie-plays-on"),
        pytest.param(("sets_to_lose=3",), (510, 480), (0, 3), Outcome(0, EndReason.TARGET),
                     id="target-beats-sets"),
        pytest.param(("sets_to_lose=3",), (480, 510), (0, 3), Outcome(0, EndReason.SETS),
                     id="set-out-side-over-the-target-cannot-win"),
        pytest.param(("sets_to_lose=3", "loss_limit=-200"), (-250, 100), (0, 3),
                     Outcome(1, EndReason.LOSS_LIMIT), id="both-lost-higher-wins"),
    ],
)
def test_losing_after_sets(
    overrides: tuple[str, ...],
    scores: tuple[int, int],
    sets: tuple[int, int],
    outcome: Outcome | None,
) -> None:
    assert judge_end(preset_rules("standard", *overrides), scores, sets=sets) == outcome


def test_repro_1_the_side_set_out_is_not_the_winner() -> None:
    """Issue 7, repro 1: with sets_to_lose=1, A & C set (-80) and B & D not (-85): B & D win."""
    game = new_game("t", ("A", "B", "C", "D"), preset_rules("standard", "sets_to_lose=1"),
                    preset="standard")
    game = record_tricks(record_bids(game, ["A=4", "B=nil", "C=4", "D=1"]),
                         ["A=4", "B=5", "C=3", "D=1"])
    result = standings(game)
    assert (result.scores, result.sets) == ((-80, -85), (1, 0))
    assert result.outcome == Outcome(1, EndReason.SETS)
    assert game.sides[1] == "B & D"


def test_solo_set_out_the_highest_of_the_others_wins() -> None:
    rules = preset_rules("solo-3", "sets_to_lose=2")
    assert judge_end(rules, (300, 200, 250), sets=(2, 0, 1)) == Outcome(2, EndReason.SETS)
    assert judge_end(rules, (300, 250, 250), sets=(2, 0, 1)) is None


def test_solo_target_highest_wins() -> None:
    rules = preset_rules("solo-3")
    assert judge_end(rules, (505, 520, 100)) == Outcome(1, EndReason.TARGET)
    assert judge_end(rules, (520, 520, 100)) is None


# ---------------------------------------------------------------------------
# Properties

TOKENS = st.one_of(
    st.tuples(st.sampled_from(["nil", "bnil"]), st.integers(0, 13)),
    st.tuples(st.integers(1, 13).map(str), st.integers(0, 13)),
)
PRESETS = ["standard", "club", "house", "quicksand", "bonus", "long"]


def side_tokens() -> st.SearchStrategy[list[str]]:
    return st.lists(TOKENS, min_size=1, max_size=2).filter(
        lambda pairs: sum(t for _, t in pairs) <= 13
    ).map(lambda pairs: [f"{bid}:{tricks}" for bid, tricks in pairs])


@given(
    preset=st.sampled_from(PRESETS),
    tokens=side_tokens(),
    score=st.integers(-1000, 1000),
    bags=st.integers(0, 9),
)
def test_lines_sum_to_points_and_bags_stay_in_range(
    preset: str, tokens: list[str], score: int, bags: int
) -> None:
    rules = preset_rules(preset)
    result = score_side(rules, hands(*tokens), score=score, bags=bags if rules.bags else 0)
    assert sum(line.points for line in result.lines) == result.points
    assert result.score == score + result.points
    assert 0 <= result.bags < rules.bag_limit


@given(rounds=st.lists(side_tokens(), min_size=1, max_size=30))
def test_standard_last_digit_is_the_bag_count(rounds: list[list[str]]) -> None:
    """Seed 000's rule of thumb holds whenever the score is not negative."""
    rules = preset_rules("standard")
    score, bags = 0, 0
    for tokens in rounds:
        result = score_side(rules, hands(*tokens), score=score, bags=bags)
        score, bags = result.score, result.bags
        assert (score - bags) % 10 == 0
        if score >= 0:
            assert score % 10 == bags


def test_the_sides_that_lose_in_a_round_are_noted_out_since_that_round() -> None:
    """`note_losses` notes who is out since when (a side already out keeps its round);
    then the end: if every side lost, the one that lost last wins, though lower."""
    from scorepad.engine.scoring import note_losses

    rules = preset_rules("standard", "loss_limit=-200")
    out_since: list[int | None] = [1, None]
    fell = [True, False]
    note_losses(rules, 2, [-210, -250], [0, 0], out_since, fell)
    assert (out_since, fell) == ([1, 2], [True, True])
    outcome = judge_end(rules, [-210, -250], sets=[0, 0], out_since=out_since, fell=fell)
    assert outcome == Outcome(1, EndReason.LOSS_LIMIT)
