"""The rule a sweep's violation concerns: a knob and the heading of docs/rules.md it is
under, or the rules of play, or the fold of the scores from round to round, read from the
violation's facts and the rules as the reference read them."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from scorepad.engine.bids import Bid, check_side_bids, check_table_bids
from scorepad.engine.rules import Rules
from scorepad.errors import BidError, ScorepadError
from scorepad.reference import rulebook
from scorepad.sim.sweepcases import HEADINGS
from scorepad.sim.validate import Problem

# The rules of play, the score pad's fold, the clock and the director's rulings are no
# knob; misdeals and the other side's OK have a section of their own beside their knob.
PLAY, FOLD, FILE, CLOCK, RULINGS = "play", "fold", "file", "the clock", "rulings"
RULE_DOCS = {PLAY: "RULES.md 1-4, the game", FOLD: "docs/rules.md, Scoring and How a game ends",
             FILE: "docs/game-file.md", CLOCK: "docs/rules.md, The clock",
             "misdeal_redeal": "docs/rules.md, Misdeals",
             "confirm_entries": "docs/rules.md, The other side's OK"}  # fmt: skip
NIGHT_DOC = "README.md, Club night"
RATINGS_DOC = "docs/ratings.md, Which games, in which order"
_END_KNOBS = {"target": "target", "loss-limit": "loss_limit", "sets": "sets_to_lose",
              "sets-in-a-row": "sets_in_a_row",
              "boston": "boston_wins", "deal-limit": "deal_limit", "time": CLOCK,
              "forfeit": "rulings: forfeit"}  # fmt: skip
# The reference's reasons for refusing bids, by the knob each reads.
_REFUSAL_KNOBS = {
    "nil-off": "nil", "blind-nil-off": "blind_nil", "blind-nil-not-behind": "blind_nil_deficit",
    "blind-bids-off": "blind_bids", "blind-bid-too-small": "blind_bid_min",
    "blind-bid-not-behind": "blind_bid_deficit", "above-the-deal": "players",
    "zero-is-nil": "zero_bid", "joint-nil": "partner_bidding",
    "joint-bid-under-suicide": "partner_bidding", "joint-bid-of-0": "partner_bidding",
    "suicide": "suicide", "min-team-bid": "min_team_bid", "no-hell": "no_hell",
}  # fmt: skip
# The director's checks (director.py), by kind, and its calls the engine refused.
_DIRECTOR_KNOBS = {"dealer": "misdeal_redeal", "waiting": "confirm_entries", "clock": CLOCK}
_CALL_KNOBS = {"misdeal": "misdeal_redeal", "confirm": "confirm_entries", "ruling": RULINGS}
_OPEN_KNOBS = {"nil": "nil", "bnil": "blind_nil", "blind": "blind_bids", "number": "players"}
# Each bid rule at its most permissive: the first whose loosening lets the engine
# accept the bids it refused is the rule it read.
_LOOSER: tuple[tuple[str, Any], ...] = (
    ("blind_nil_deficit", 0), ("blind_bid_deficit", 0), ("blind_bid_min", 1),
    ("min_team_bid", 0), ("suicide_min_bid", 1), ("no_hell", False), ("suicide", False),
    ("partner_bidding", True), ("nil", True), ("blind_nil", True), ("blind_bids", True),
    ("zero_bid", "plain"),
)  # fmt: skip


def rule_of(problem: Problem, knobs: Mapping[str, object]) -> tuple[str, str]:
    """The rule a violation concerns, read from its facts and the rules as the reference
    read them (`knobs`): a knob and its docs/rules.md heading, or the rules of play, or
    the fold of scores, bags and sets from round to round."""
    if problem.kind == "night":  # a club night's standings, by the column that differs
        return f"standings, {problem.values['column']}", NIGHT_DOC
    if problem.kind == "ratings":
        return "ratings in the order played", RATINGS_DOC
    key = _knob_of(problem, knobs)
    if key.startswith(RULINGS):
        return key, "docs/rules.md, Rulings"
    return key, RULE_DOCS.get(key) or f"docs/rules.md, {HEADINGS.get(key, 'Every knob')}"


def _knob_of(problem: Problem, knobs: Mapping[str, object]) -> str:
    values, kind = problem.values, problem.kind
    if kind == "bids":
        return _bid_knob(values)
    if kind == "refusal":  # a try of bids the reference refuses, by the reason it gives
        return _REFUSAL_KNOBS[values["reference"]]
    if kind == "open-bids":  # the first bid the engine lists wrongly, by its kind's knob
        bid: Bid = [*values["missing"], *values["extra"]][0]
        return _OPEN_KNOBS[bid.kind.value] if bid.tricks or bid.is_nil else "zero_bid"
    if kind == "end":
        engine, truth = values["engine"], values["reference"]
        if engine[2] == truth[2] and None in (engine[1], truth[1]):
            return "tie"  # the same end, one of them a draw
        return _END_KNOBS.get(truth[2] if truth[0] else engine[2], "target")
    if kind == "reference":
        return _scoring_knob(values, knobs)
    if kind == "ruling":  # a ruled side's round, by the kinds of ruling made on the deal
        made = dict.fromkeys(what for _, what, _ in values["rulings"])
        return f"{RULINGS}: {', '.join(made)}"
    if kind in _DIRECTOR_KNOBS:
        return _DIRECTOR_KNOBS[kind]
    if kind == "refused":  # a call the docs allow, refused by the engine's entry function
        return _CALL_KNOBS.get(values["call"], PLAY)
    if kind in ("fold", "standings"):
        return FOLD
    if kind == "file":
        return FILE
    if problem.check == "bags":
        return "bag_limit"
    return "trick_points" if problem.check == "engine" else PLAY


def _bid_knob(values: Mapping[str, Any]) -> str:
    """The bid rule the engine read to refuse the bids: the first whose loosening lets
    the bid check accept them."""
    rules: Rules = values["rules"]
    for key, value in _LOOSER:
        if getattr(rules, key) == value:
            continue
        try:
            looser = dataclasses.replace(rules, **{key: value})
            if values["side"] is None:
                check_table_bids(looser, values["bids"], last="the last bidder")
            else:
                check_side_bids(looser, values["bids"], who=values["who"], side="side",
                                trailing_by=values["deficit"], joint=values["joint"])  # fmt: skip
        except (BidError, ScorepadError):
            continue
        return key
    return PLAY


def _scoring_knob(values: Mapping[str, Any], knobs: Mapping[str, object]) -> str:
    """The scoring rule a side's round turns on, the most particular first: what of the
    knobs its hands and the reference's answer bring into play."""
    hands, engine, truth = values["hands"], values["engine"], values["reference"]
    nils = [hand for hand in hands if hand[0] in ("nil", "bnil")]
    bidders = [hand for hand in hands if hand[0] not in ("nil", "bnil")]
    contract = sum(hand[1] for hand in bidders)
    made = truth[3]
    ten_at = knobs["ten_for_200_bid"]
    exact_bids = knobs["exact_bonus_bids"]
    assert isinstance(ten_at, int) and isinstance(exact_bids, list | tuple)
    for key, applies in (
        ("contract_scoring", knobs["contract_scoring"] == "quicksand"),
        ("bag_limit", engine[2] != truth[2]),
        ("double_nil", len(nils) > 1 and not bidders and knobs["double_nil"] != "separate"),
        ("blind_nil_points", any(hand[0] == "bnil" and hand[2] for hand in nils)),
        # A blind bid is the rarer fact where a partner's nil failed beside it.
        ("blind_bids", any(hand[0] == "blind" for hand in bidders)),
        ("failed_nil_tricks", any(hand[2] for hand in nils)),
        ("boston", knobs["boston"] is True and contract >= rulebook.tricks_in_a_deal(knobs)),
        ("ten_for_200", knobs["ten_for_200"] is True and contract >= ten_at),
        ("exact_bonus", bool(made and knobs["exact_bonus"] and contract in exact_bids)),
        ("big_contract_bonus", bool(made and knobs["big_contract_bonus"])),
        ("nil_points", bool(nils)),
        ("set_scoring", made is False),
    ):
        if applies:
            return key
    return "trick_points"


