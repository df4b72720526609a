"""The engine against the second scorer (tests/reference.py), on random rounds and games.

Every shipped preset with random knob overrides (only combinations the rules accept),
random bids of every kind the rules allow and random tricks. A round compares each
side's points, score, bags, penalties, contract, made or set, and Boston; a game compares
every round up to its end, and the end itself: the winner, the round and why.
"""

from __future__ import annotations

import ast
import dataclasses
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import reference
from conftest import preset_rules
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.bids import Bid, BidKind
from scorepad.errors import RulesError
from scorepad.game import Game, Round, SideEntry, standings
from scorepad.rules import (
    KNOBS,
    Rules,
    apply_overrides,
    format_value,
    load_preset,
    preset_names,
    rules_to_mapping,
)
from scorepad.scoring import Hand, SideScore, judge_end, score_side

PRESETS = preset_names()

# Values each knob may take in a random game; an override the rules refuse in the
# combination drawn is left out. Low targets and loss limits end games within a few rounds.
KNOB_VALUES: dict[str, list[object]] = {
    "target": [100, 150, 200, 300, 500],
    "loss_limit": ["none", "none", -100, -200, -500],
    "tie": ["play-on", "draw"],
    "sets_to_lose": [0, 0, 1, 2, 3],
    "boston_wins": [True, False],
    "nil": [True, False],
    "zero_bid": ["nil", "plain"],
    "blind_nil": [True, False],
    "blind_nil_points": [100, 200, 300],
    "blind_bids": [True, False],
    "partner_bidding": [True, False],
    "partnerships": [False],
    "jokers": [True],
    "contract_scoring": ["standard", "quicksand"],
    "trick_points": [5, 10],
    "overtrick_points": [0, 1, 2],
    "set_scoring": ["minus-bid", "zero"],
    "nil_points": [50, 100],
    "failed_nil_tricks": ["bags", "contract", "none"],
    "double_nil": ["separate", "all-or-nothing"],
    "bags": [True, False],
    "bag_limit": [1, 2, 3, 5, 10],
    "bag_penalty": [50, 100],
    "ten_for_200": [True, False],
    "ten_for_200_bid": [8, 10, 12, 13],
    "ten_for_200_points": [100, 200, 300],
    "ten_for_200_penalty": [100, 200],
    "boston": [True, False],
    "boston_points": [200, 500],
    "boston_penalty": [100, 200],
    "exact_bonus": [0, 20],
    "exact_bonus_bids": [[1, 2], [1], [3]],
    "big_contract_bonus": [0, 10],
    "big_contract_threshold": ["auto", 6, 8, 10],
}
OFTEN = {"failed_nil_tricks", "double_nil", "boston", "boston_wins"}

# What the properties compared in this run, and how often the cases the issue names came
# up; printed at the end of the module's run.
SEEN: Counter[str] = Counter()


@pytest.fixture(scope="module", autouse=True)
def report_what_was_compared(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    plugins = request.config.pluginmanager
    reporter, capture = plugins.get_plugin("terminalreporter"), plugins.get_plugin("capturemanager")
    if reporter is not None and capture is not None and SEEN:
        counts = ", ".join(f"{key} {count}" for key, count in sorted(SEEN.items()))
        with capture.global_and_fixture_disabled():
            reporter.write_line(f"\nreference compared: {counts}")


@dataclasses.dataclass
class Table:
    """Rules for a random game, as the engine holds them and as the reference reads them."""

    rules: Rules
    knobs: dict[str, object]
    preset: str


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """A shipped preset with random overrides, each kept only where the rules accept it."""
    preset = draw(st.sampled_from(PRESETS))
    rules = load_preset(preset).rules
    knobs = reference.preset_knobs(preset)
    overrides = []
    for key, values in KNOB_VALUES.items():
        # Each knob is set now and then; the rarer cases more often, to reach every
        # double nil setting and Boston.
        unset = [None] * (1 if key in OFTEN else 5)
        value = draw(st.sampled_from(unset + values))
        if value is not None:
            overrides.append((key, value))
    for key, value in draw(st.permutations(overrides)):
        try:
            rules = apply_overrides(rules, [f"{key}={format_value(value)}"])
        except RulesError:
            continue
        knobs[key] = value
    # The reference reads the same knobs the engine holds (a check of this test's own
    # bookkeeping: both come from the preset file and the overrides drawn).
    assert knobs == rules_to_mapping(rules)
    return Table(rules, knobs, preset)


def test_the_reference_reads_the_same_knobs_as_the_engine() -> None:
    """Every knob of Rules has a default in the reference, the same as the engine's."""
    engine_defaults = {key: Rules.__dataclass_fields__[key].default for key in KNOBS}
    assert set(reference.DEFAULTS) == set(KNOBS)
    for key, value in reference.DEFAULTS.items():
        engine = engine_defaults[key]
        expected = {"loss_limit": "none", "big_contract_threshold": "auto"}.get(key, engine)
        assert value == (list(engine) if isinstance(engine, tuple) else expected), key


def test_the_reference_covers_every_knob() -> None:
    """Each knob is read by the reference's scoring, or named as not about scoring."""
    source = (Path(__file__).parent / "reference.py").read_text()
    scoring = source[source.index("def tricks_in_a_deal") :]
    for key in KNOBS:
        assert f'"{key}"' in scoring or key in reference.NOT_SCORING, key


def test_the_reference_shares_no_code_with_the_engine() -> None:
    tree = ast.parse((Path(__file__).parent / "reference.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert all(not alias.name.startswith("scorepad") for alias in node.names)
        if isinstance(node, ast.ImportFrom):
            assert not (node.module or "").startswith("scorepad")


# ---------------------------------------------------------------------------
# Random rounds: a bid is (kind, number); a side's entry is its bids and tricks per player.

PlainBid = tuple[str, int]


def bid_choices(rules: Rules) -> st.SearchStrategy[PlainBid]:
    """Any single bid these rules let a player make."""
    tricks = rules.tricks
    low = 0 if rules.zero_bid == "plain" else 1
    fair = max(low, min(tricks, tricks // rules.players + 2))  # what a hand usually bids
    choices: list[st.SearchStrategy[PlainBid]] = [
        st.integers(low, fair).map(lambda n: ("number", n)),
        st.integers(low, fair).map(lambda n: ("number", n)),
        st.integers(low, tricks).map(lambda n: ("number", n)),
    ]
    if rules.nil:
        choices.append(st.just(("nil", 0)))
    if rules.blind_nil:
        choices.append(st.just(("bnil", 0)))
    if rules.blind_bids:
        choices.append(st.integers(rules.blind_bid_min, tricks).map(lambda n: ("blind", n)))
    return st.one_of(choices)


@dataclasses.dataclass
class SidePlay:
    bids: list[PlainBid]  # one per player, or one joint team bid
    tricks: list[int]  # one per player
    team_total: bool = False  # a saved game holds the tricks as one team total


@st.composite
def table_rounds(draw: st.DrawFn, rules: Rules) -> list[SidePlay]:
    """One round for every side: the bids, then who took each trick."""
    seats_of = [rules.seats_of(side) for side in range(rules.sides)]
    # Now and then one side bids every trick (Boston) or all its players bid nil.
    special = draw(st.sampled_from(["plain"] * 6 + ["boston", "double-nil"]))
    special_side = draw(st.integers(0, rules.sides - 1))
    sides: list[list[PlainBid]] = []
    for side, seats in enumerate(seats_of):
        if special == "boston" and side == special_side:
            first = draw(st.integers(1, rules.tricks)) if len(seats) > 1 else rules.tricks
            rest = rules.tricks - first
            bids = [("number", first)] + (
                [("nil", 0) if not rest else ("number", rest)] if len(seats) > 1 else []
            )
            if bids[-1] == ("nil", 0) and not rules.nil:
                bids[-1] = ("number", 1)
        elif special == "double-nil" and side == special_side and (rules.nil or rules.blind_nil):
            kinds = ["nil"] * rules.nil + ["bnil"] * rules.blind_nil
            bids = [(draw(st.sampled_from(kinds)), 0) for _ in seats]
        elif rules.partner_bidding and len(seats) > 1 and draw(st.booleans()):
            bids = [("number", draw(st.integers(1, rules.tricks)))]
        else:
            bids = [draw(bid_choices(rules)) for _ in seats]
        sides.append(bids)
    # Who took each trick: all by one side (a sweep), about what each player bid, or at
    # random.
    players = rules.players
    how = draw(
        st.sampled_from(
            ["sweep", "as-bid", "random"] if special == "boston" else ["as-bid", "random"]
        )
    )
    if how == "sweep":
        winners = draw(
            st.lists(
                st.sampled_from(seats_of[special_side]),
                min_size=rules.tricks,
                max_size=rules.tricks,
            )
        )
    elif how == "as-bid":
        winners = []
        for bids, seats in zip(sides, seats_of, strict=True):
            for (_, number), seat in zip(bids, seats, strict=False):
                winners += [seat] * number
        while len(winners) < rules.tricks:
            winners.append(draw(st.integers(0, players - 1)))
        winners = winners[: rules.tricks]
        for _ in range(draw(st.integers(0, 3))):  # a few tricks go elsewhere
            winners[draw(st.integers(0, rules.tricks - 1))] = draw(st.integers(0, players - 1))
    else:
        winners = draw(
            st.lists(st.integers(0, players - 1), min_size=rules.tricks, max_size=rules.tricks)
        )
    taken = [winners.count(seat) for seat in range(players)]
    plays = []
    for bids, seats in zip(sides, seats_of, strict=True):
        # A side without a nil bidder may enter its tricks as one team total.
        no_nil = all(kind in ("number", "blind") for kind, _ in bids)
        total = no_nil and len(bids) == len(seats) > 1 and draw(st.booleans())
        plays.append(SidePlay(bids, [taken[seat] for seat in seats], total))
    return plays


def engine_bid(bid: PlainBid) -> Bid:
    kind, tricks = bid
    return Bid(
        {
            "number": BidKind.NUMBER,
            "nil": BidKind.NIL,
            "bnil": BidKind.BLIND_NIL,
            "blind": BidKind.BLIND,
        }[kind],
        tricks,
    )


def reference_hands(play: SidePlay) -> list[tuple[str, int, int]]:
    if len(play.bids) < len(play.tricks):  # a joint bid holds the team's tricks
        kind, number = play.bids[0]
        return [(kind, number, sum(play.tricks))]
    return [
        (kind, number, took) for (kind, number), took in zip(play.bids, play.tricks, strict=True)
    ]


def engine_hands(play: SidePlay) -> list[Hand]:
    if len(play.bids) < len(play.tricks):
        return [Hand(engine_bid(play.bids[0]), sum(play.tricks))]
    return [Hand(engine_bid(bid), took) for bid, took in zip(play.bids, play.tricks, strict=True)]


def as_reference(result: SideScore) -> reference.SideResult:
    return reference.SideResult(
        points=result.points,
        score=result.score,
        bags=result.bags,
        new_bags=result.new_bags,
        penalties=result.penalties,
        contract=result.contract,
        made=result.made,
        boston=result.boston,
    )


def note_round(table: Table, round_: list[SidePlay], results: list[reference.SideResult]) -> None:
    """Count the situations the issue asks the properties to reach."""
    rules = table.rules
    for play, result in zip(round_, results, strict=True):
        nils = [kind for kind, _ in play.bids if kind in ("nil", "bnil")]
        if len(nils) > 1:
            SEEN[f"double nil {rules.double_nil}/{rules.failed_nil_tricks}"] += 1
        if result.penalties > 1:
            SEEN["several bag penalties in a round"] += 1
        if result.boston:
            SEEN["Boston made"] += 1


@settings(max_examples=600, deadline=None)
@given(data=st.data())
def test_rounds_score_as_the_reference_says(data: st.DataObject) -> None:
    table = data.draw(tables())
    rules = table.rules
    round_ = data.draw(table_rounds(rules))
    results = []
    for play in round_:
        score = data.draw(st.integers(-600, 600))
        bags = data.draw(st.integers(0, rules.bag_limit - 1)) if rules.bags else 0
        if rules.quicksand:
            bags = 0  # quicksand games never have bags
        expected = reference.score_side(table.knobs, reference_hands(play), score, bags)
        actual = score_side(rules, engine_hands(play), score=score, bags=bags)
        assert as_reference(actual) == expected, (table.preset, table.knobs, play)
        results.append(expected)
        SEEN["side-rounds"] += 1
    note_round(table, round_, results)


# ---------------------------------------------------------------------------
# Whole games: the reference folds the rounds itself.


def engine_game(table: Table, rounds: list[list[SidePlay]]) -> Game:
    rules = table.rules
    players = tuple(f"P{seat}" for seat in range(rules.players))
    sides = tuple(f"S{side}" for side in range(rules.sides))
    played = tuple(
        Round(
            number % rules.players,
            tuple(
                SideEntry(
                    tuple(map(engine_bid, play.bids)),
                    (sum(play.tricks),) if play.team_total else tuple(play.tricks),
                )
                for play in round_
            ),
        )
        for number, round_ in enumerate(rounds)
    )
    return Game("random", players, sides, table.preset, rules, 0, played)


def note_game(table: Table, expected: reference.GameResult) -> None:
    rules = table.rules
    SEEN["games"] += 1
    last = expected.ended_after or len(expected.rounds)
    SEEN["game rounds"] += last
    if not rules.partnerships:
        SEEN["games in individual play"] += 1
    if expected.reason:
        SEEN[f"games ended by {expected.reason}"] += 1
    if expected.ended_after and expected.winner is None:
        SEEN["games drawn"] += 1
    for results in expected.rounds[:last]:
        scores = sorted((result.score for result in results), reverse=True)
        if scores[0] >= rules.target and scores[0] == scores[1]:
            SEEN["rounds tied at the top over the target"] += 1


@settings(max_examples=250, deadline=None)
@given(data=st.data())
def test_games_end_as_the_reference_says(data: st.DataObject) -> None:
    table = data.draw(tables())
    rules = table.rules
    rounds = data.draw(st.lists(table_rounds(rules), min_size=3, max_size=30))
    expected = reference.play_game(
        table.knobs, [[reference_hands(play) for play in round_] for round_ in rounds]
    )
    result = standings(engine_game(table, rounds))
    last = expected.ended_after or len(rounds)
    for number in range(1, last + 1):
        sides = result.rounds[number - 1].sides
        assert sides is not None
        seen = [(side.points, side.score, side.bags) for side in sides]
        wanted = [(side.points, side.score, side.bags) for side in expected.rounds[number - 1]]
        assert seen == wanted, (number, table.preset, table.knobs)
    outcome = result.outcome
    actual_end = (outcome.winner, result.ended_after, outcome.reason.value) if outcome else None
    wanted_end = (
        (expected.winner, expected.ended_after, expected.reason) if expected.ended_after else None
    )
    assert actual_end == wanted_end, (table.preset, table.knobs)
    note_game(table, expected)
    last = expected.ended_after or len(rounds)
    for round_, results in zip(rounds[:last], expected.rounds, strict=False):
        note_round(table, round_, results)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_end_of_a_round_is_judged_as_the_reference_says(data: st.DataObject) -> None:
    """Scores near the target and the loss limit, so that ties and both at once come up."""
    table = data.draw(tables())
    rules = table.rules
    limit = rules.loss_limit if rules.loss_limit is not None else -1000
    near = [
        rules.target - 10,
        rules.target,
        rules.target + 10,
        rules.target + 20,
        limit - 10,
        limit,
        limit + 10,
        0,
    ]
    scores = data.draw(st.lists(st.sampled_from(near), min_size=rules.sides, max_size=rules.sides))
    sets = data.draw(st.lists(st.integers(0, 3), min_size=rules.sides, max_size=rules.sides))
    boston_by = data.draw(st.none() | st.integers(0, rules.sides - 1)) if rules.boston else None
    outcome = judge_end(rules, scores, sets=sets, boston_by=boston_by)
    actual = (True, outcome.winner, outcome.reason.value) if outcome else (False, None, None)
    assert actual == reference.end_of_round(table.knobs, scores, sets, boston_by)
    SEEN["ends judged"] += 1
    top = sorted(scores, reverse=True)
    if top[0] >= rules.target and top[0] == top[1]:
        SEEN["ends judged with a tie at the top over the target"] += 1


# ---------------------------------------------------------------------------
# Named games: the cases the issue lists, each scored by both and by hand. A round is
# written side by side, `|` between sides, BID:TRICKS per player.


def plain_bid(text: str) -> PlainBid:
    if text in ("nil", "bnil"):
        return (text, 0)
    if text.startswith("b"):
        return ("blind", int(text[1:]))
    return ("number", int(text))


def read_round(text: str) -> list[SidePlay]:
    plays = []
    for side in text.split("|"):
        pairs = [token.split(":") for token in side.split()]
        plays.append(SidePlay([plain_bid(bid) for bid, _ in pairs], [int(t) for _, t in pairs]))
    return plays


def named_table(preset: str, overrides: tuple[str, ...]) -> Table:
    rules = preset_rules(preset, *overrides)
    return Table(rules, rules_to_mapping(rules), preset)


GAMES = [
    pytest.param("standard", ("target=100", "overtrick_points=0"),
                 ["3:3 3:3 | 3:3 3:4", "3:3 3:3 | 3:3 3:4", "4:3 3:3 | 3:4 3:3"],
                 (1, 3, "target"), (50, 180), id="tie-at-the-target-plays-on"),
    pytest.param("standard", ("target=100", "overtrick_points=0", "tie=draw"),
                 ["3:3 3:3 | 3:3 3:4", "3:3 3:3 | 3:3 3:4", "4:3 3:3 | 3:4 3:3"],
                 (None, 2, "target"), (120, 120), id="tie-at-the-target-is-a-draw"),
    pytest.param("standard", ("loss_limit=-100",),
                 ["5:3 5:3 | 5:3 5:4", "5:2 5:2 | 1:4 1:5"],
                 (1, 2, "loss-limit"), (-200, -73), id="loss-limit-after-a-level-fall"),
    pytest.param("standard", ("sets_to_lose=1",), ["4:4 4:3 | nil:5 1:1"],
                 (1, 1, "sets"), (-80, -85), id="set-out-loses-with-the-higher-score"),
    pytest.param("house", ("boston_wins=true",), ["7:7 6:6 | 1:0 1:0"],
                 (0, 1, "boston"), (200, -20), id="boston-wins-at-once"),
    pytest.param("solo-3", ("target=100",), ["6:6 | 5:6 | 4:5", "6:7 | 5:5 | 5:5"],
                 (0, 2, "target"), (121, 101, 91), id="individual-play-highest-over-target"),
    pytest.param("standard", ("bag_limit=3",), ["1:6 1:5 | 1:1 1:1", "1:1 1:1 | 1:5 1:6"],
                 None, (-251, -251), id="three-bag-penalties-in-one-round"),
    pytest.param("standard", ("double_nil=all-or-nothing", "failed_nil_tricks=contract"),
                 ["nil:0 nil:2 | 6:6 5:5"], None, (-200, 110),
                 id="all-or-nothing-double-nil-failed-no-bags"),
    pytest.param("standard", ("failed_nil_tricks=contract",),
                 ["nil:1 nil:1 | 6:6 5:5"], None, (-198, 110),
                 id="separate-double-nil-tricks-over-a-contract-of-0"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "overrides", "rounds", "end", "scores"), GAMES)
def test_named_games(
    preset: str,
    overrides: tuple[str, ...],
    rounds: list[str],
    end: tuple[int | None, int, str] | None,
    scores: tuple[int, ...],
) -> None:
    table = named_table(preset, overrides)
    played = [read_round(text) for text in rounds]
    expected = reference.play_game(
        table.knobs, [[reference_hands(play) for play in round_] for round_ in played]
    )
    result = standings(engine_game(table, played))
    last = expected.ended_after or len(played)
    ours = tuple(side.score for side in expected.rounds[last - 1])
    engine_round = result.rounds[last - 1].sides
    assert engine_round is not None
    assert (ours, tuple(side.score for side in engine_round)) == (scores, scores)
    wanted = (expected.winner, expected.ended_after, expected.reason) if end else None
    outcome = result.outcome
    engine_end = (outcome.winner, result.ended_after, outcome.reason.value) if outcome else None
    assert (wanted, engine_end) == (end, end)
