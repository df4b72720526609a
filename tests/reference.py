"""A second scorer, written from RULES.md and docs/rules.md alone, to check the engine.

Deliberately plain and slow: no code from scorepad.scoring, game, rules or bids, no
tables of closures, no caching. It reads the knobs as a plain mapping (key -> value, as a
preset file or a saved game writes them) and works on plain values:

- a hand is `(kind, number, tricks)`: kind is "number", "nil", "bnil" (blind nil) or
  "blind" (a blind bid of `number`); a joint team bid is one "number" hand holding the
  team's tricks;
- a round is a list of sides, each side a list of hands.

`score_side` scores one side's round; `play_game` folds a game's rounds and says when
and how it ended. The property tests in test_reference.py hold the engine to both.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

# docs/rules.md "Every knob": the default of each, as a preset file writes it.
DEFAULTS: dict[str, object] = {
    "players": 4,
    "partnerships": True,
    "jokers": False,
    "removed_cards": [],
    "redeal_without_spades": False,
    "target": 500,
    "loss_limit": "none",
    "tie": "play-on",
    "sets_to_lose": 0,
    "boston_wins": False,
    "nil": True,
    "zero_bid": "nil",
    "blind_nil": False,
    "blind_nil_deficit": 0,
    "blind_nil_exchange": 0,
    "blind_bids": False,
    "blind_bid_min": 6,
    "blind_bid_deficit": 100,
    "partner_bidding": False,
    "min_team_bid": 0,
    "suicide": False,
    "suicide_min_bid": 4,
    "no_hell": False,
    "contract_scoring": "standard",
    "trick_points": 10,
    "overtrick_points": 1,
    "set_scoring": "minus-bid",
    "nil_points": 100,
    "blind_nil_points": 200,
    "failed_nil_tricks": "bags",
    "double_nil": "separate",
    "bags": True,
    "bag_limit": 10,
    "bag_penalty": 100,
    "ten_for_200": False,
    "ten_for_200_bid": 10,
    "ten_for_200_points": 200,
    "ten_for_200_penalty": 200,
    "boston": False,
    "boston_points": 200,
    "boston_penalty": 200,
    "exact_bonus": 0,
    "exact_bonus_bids": [1, 2],
    "big_contract_bonus": 0,
    "big_contract_threshold": "auto",
}

# Knobs that say who may bid what, how cards are dealt or what the simulator does: they
# never change the score of a round that was bid and played, nor the end of a game.
# (The number of players, partnerships, jokers and removed cards do: they make the sides
# and the tricks in a deal.)
NOT_SCORING = {
    "redeal_without_spades": "the simulator redeals; a played round is scored the same",
    "zero_bid": "only how a 0 is read; a hand here says what it is",
    "blind_nil_deficit": "who may bid blind nil, not what it scores",
    "blind_nil_exchange": "cards passed, not points",
    "blind_bid_min": "who may bid blind, not what it scores",
    "blind_bid_deficit": "who may bid blind, not what it scores",
    "partner_bidding": "a joint bid is a hand of its own here",
    "min_team_bid": "a refused bid, not a score",
    "suicide": "a refused bid, not a score",
    "suicide_min_bid": "a refused bid, not a score",
    "no_hell": "a refused bid, not a score",
    "nil": "who may bid nil; a nil bid scores nil_points",
    "blind_nil": "who may bid blind nil; a blind nil scores blind_nil_points",
    "blind_bids": "who may bid blind; a blind bid is doubled",
}

# RULES.md, big-contract bonus: the threshold for 3, 4, 5 and 6 players.
AUTO_THRESHOLD = {3: 10, 4: 8, 5: 7, 6: 6}

PRESETS = Path(__file__).parent.parent / "presets"


def preset_knobs(name: str) -> dict[str, object]:
    """A shipped preset's knobs: the defaults with the file's own on top."""
    with open(PRESETS / f"{name}.toml", "rb") as file:
        data = tomllib.load(file)
    knobs = dict(DEFAULTS)
    for key, value in data.items():
        if key != "summary":
            knobs[key] = value
    return knobs


def tricks_in_a_deal(knobs: dict[str, object]) -> int:
    """RULES.md: 13 for four (jokers too: the dealer discards two), 17, 10, 8 alone."""
    cards = 52
    if knobs["jokers"]:
        cards = cards + 2
    removed = knobs["removed_cards"]
    assert isinstance(removed, list | tuple)
    cards = cards - len(removed)
    players = knobs["players"]
    assert isinstance(players, int)
    return cards // players


def number_of_sides(knobs: dict[str, object]) -> int:
    players = knobs["players"]
    assert isinstance(players, int)
    if knobs["partnerships"]:
        return players // 2
    return players


def _int(knobs: dict[str, object], key: str) -> int:
    value = knobs[key]
    assert isinstance(value, int) and not isinstance(value, bool), (key, value)
    return value


@dataclass
class SideResult:
    """One side's round as the rules score it."""

    points: int
    score: int  # after the round
    bags: int  # after the round
    new_bags: int
    penalties: int
    contract: int
    made: bool | None  # None: the side bid no contract
    boston: bool  # the side made a Boston this round


def score_side(
    knobs: dict[str, object],
    hands: list[tuple[str, int, int]],
    score: int = 0,
    bags: int = 0,
) -> SideResult:
    """Score one side's round from its hands, its score and its bags before the round."""
    tricks_in_deal = tricks_in_a_deal(knobs)
    quicksand = knobs["contract_scoring"] == "quicksand"
    trick_points = _int(knobs, "trick_points")
    overtrick_points = _int(knobs, "overtrick_points")
    count_bags = knobs["bags"] is True and not quicksand

    points = 0
    new_bags = 0

    # Which hands are nil bids, and the side's contract (RULES.md 2: non-nil bids).
    nil_hands = []
    contract_hands = []
    for hand in hands:
        if hand[0] == "nil" or hand[0] == "bnil":
            nil_hands.append(hand)
        else:
            contract_hands.append(hand)
    has_contract = len(contract_hands) > 0
    contract = 0
    taken = 0
    blind = False
    for kind, bid, tricks in contract_hands:
        contract = contract + bid
        taken = taken + tricks
        if kind == "blind":
            blind = True

    # Nil (RULES.md 8, 9; docs: failed_nil_tricks, double_nil).
    failed_nil_tricks_for_contract = 0
    all_or_nothing = (
        knobs["double_nil"] == "all-or-nothing" and len(nil_hands) >= 2 and not has_contract
    )
    if all_or_nothing:
        worth = 0
        team_tricks = 0
        for kind, _bid, tricks in nil_hands:
            worth = worth + nil_value(knobs, kind)
            team_tricks = team_tricks + tricks
        if team_tricks > 0:
            worth = -worth  # and no bags
        points = points + worth
    else:
        for kind, _bid, tricks in nil_hands:
            if tricks == 0:
                points = points + nil_value(knobs, kind)
                continue
            points = points - nil_value(knobs, kind)
            where = knobs["failed_nil_tricks"]
            if where == "bags":
                if not quicksand:  # quicksand: a failed nil's tricks score nothing
                    points = points + tricks * overtrick_points
                    if count_bags:
                        new_bags = new_bags + tricks
            elif where == "contract":
                failed_nil_tricks_for_contract = failed_nil_tricks_for_contract + tricks
            else:
                assert where == "none", where

    # The contract (RULES.md 5, 6; knobs: quicksand, 10-for-200, Boston, bonuses).
    made: bool | None = None
    boston = False
    side_tricks = taken + failed_nil_tricks_for_contract
    if has_contract:
        made = side_tricks >= contract
        if quicksand:
            if side_tricks == contract:
                points = points + contract * trick_points
            elif side_tricks > contract:
                points = points + contract * trick_points
                points = points - (side_tricks - contract) * trick_points
            else:
                points = points - (contract - side_tricks) * trick_points
        else:
            if knobs["boston"] is True and contract == tricks_in_deal:
                if made:
                    points = points + _int(knobs, "boston_points")
                    boston = True
                else:
                    points = points - _int(knobs, "boston_penalty")
            elif knobs["ten_for_200"] is True and contract >= _int(knobs, "ten_for_200_bid"):
                if made:
                    points = points + _int(knobs, "ten_for_200_points")
                else:
                    points = points - _int(knobs, "ten_for_200_penalty")
            else:
                worth = contract * trick_points
                if blind:
                    worth = worth * 2
                if made:
                    points = points + worth
                elif knobs["set_scoring"] == "minus-bid":
                    points = points - worth
                else:
                    assert knobs["set_scoring"] == "zero"
            if made:
                overtricks = side_tricks - contract
                points = points + overtricks * overtrick_points
                if count_bags:
                    new_bags = new_bags + overtricks
                points = points + bonuses(knobs, contract, side_tricks)
    elif failed_nil_tricks_for_contract > 0:
        # docs: they count toward a contract of 0: each is a trick over it.
        over = failed_nil_tricks_for_contract
        if quicksand:
            points = points - over * trick_points
        else:
            points = points + over * overtrick_points
            if count_bags:
                new_bags = new_bags + over

    # Bags (RULES.md 7): each time the count reaches the limit, a penalty.
    penalties = 0
    bags_after = bags
    if knobs["bags"] is True:
        bags_after = bags + new_bags
        while bags_after >= _int(knobs, "bag_limit"):
            bags_after = bags_after - _int(knobs, "bag_limit")
            penalties = penalties + 1
            points = points - _int(knobs, "bag_penalty")

    return SideResult(
        points=points,
        score=score + points,
        bags=bags_after,
        new_bags=new_bags,
        penalties=penalties,
        contract=contract,
        made=made,
        boston=boston,
    )


def nil_value(knobs: dict[str, object], kind: str) -> int:
    if kind == "bnil":
        return _int(knobs, "blind_nil_points")
    return _int(knobs, "nil_points")


def bonuses(knobs: dict[str, object], contract: int, taken: int) -> int:
    """Seed 004's bonuses for a made contract; never doubled, on top of the flat scores."""
    extra = 0
    exact_bids = knobs["exact_bonus_bids"]
    assert isinstance(exact_bids, list | tuple)
    if _int(knobs, "exact_bonus") > 0 and contract in exact_bids and taken == contract:
        extra = extra + _int(knobs, "exact_bonus")
    if _int(knobs, "big_contract_bonus") > 0:
        threshold = knobs["big_contract_threshold"]
        if threshold == "auto" or threshold is None:
            threshold = AUTO_THRESHOLD[_int(knobs, "players")]
        assert isinstance(threshold, int)
        if contract > threshold:
            extra = extra + (contract - threshold) * _int(knobs, "big_contract_bonus")
    return extra


@dataclass
class GameResult:
    """A game folded round by round: each round's sides, and how it ended."""

    rounds: list[list[SideResult]]
    winner: int | None  # None: not over, or a draw
    ended_after: int | None  # the round (1-based) that ended the game
    reason: str | None  # "target", "loss-limit", "sets" or "boston"


Hand = tuple[str, int, int]  # (kind, number bid, tricks taken)


def play_game(knobs: dict[str, object], rounds: list[list[list[Hand]]]) -> GameResult:
    """Score every round in order; the game ends after the first round that decides it."""
    sides = number_of_sides(knobs)
    scores = [0] * sides
    bags = [0] * sides
    sets = [0] * sides
    results = []
    for number, round_ in enumerate(rounds, start=1):
        this_round = []
        boston_by = None
        for side in range(sides):
            result = score_side(knobs, round_[side], scores[side], bags[side])
            scores[side] = result.score
            bags[side] = result.bags
            if result.made is False:
                sets[side] = sets[side] + 1
            if result.boston:
                boston_by = side
            this_round.append(result)
        results.append(this_round)
        over, winner, reason = end_of_round(knobs, scores, sets, boston_by)
        if over:
            return GameResult(results, winner, number, reason)
    return GameResult(results, None, None, None)


def end_of_round(
    knobs: dict[str, object], scores: list[int], sets: list[int], boston_by: int | None
) -> tuple[bool, int | None, str | None]:
    """RULES.md 10-11 and docs/rules.md: (over, winner or None for a draw, why)."""
    if boston_by is not None and knobs["boston_wins"] is True:
        return True, boston_by, "boston"

    target = _int(knobs, "target")
    reached = []
    for side in range(len(scores)):
        if scores[side] >= target:
            reached.append(side)
    if reached:
        return pick_highest(knobs, scores, reached, "target")

    limit = knobs["loss_limit"]
    sets_to_lose = _int(knobs, "sets_to_lose")
    fell = []
    set_out = []
    for side in range(len(scores)):
        if limit != "none" and limit is not None:
            assert isinstance(limit, int)
            if scores[side] <= limit:
                fell.append(side)
        if sets_to_lose > 0 and sets[side] >= sets_to_lose:
            set_out.append(side)
    if not fell and not set_out:
        return False, None, None
    still_in = []
    for side in range(len(scores)):
        if side not in fell and side not in set_out:
            still_in.append(side)
    if not still_in:
        still_in = list(range(len(scores)))  # every side lost: the highest of all
    if fell:
        return pick_highest(knobs, scores, still_in, "loss-limit")
    return pick_highest(knobs, scores, still_in, "sets")


def pick_highest(
    knobs: dict[str, object], scores: list[int], sides: list[int], reason: str
) -> tuple[bool, int | None, str | None]:
    best = max(scores[side] for side in sides)
    leaders = [side for side in sides if scores[side] == best]
    if len(leaders) == 1:
        return True, leaders[0], reason
    if knobs["tie"] == "draw":
        return True, None, reason
    return False, None, None
