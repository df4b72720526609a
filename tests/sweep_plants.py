"""Small, plausible bugs of the engine and the club night, each a one-line change of
their source, planted one at a time for the sweep to catch.

A bug is planted by compiling the function again from its source with one line
changed, and putting the new function in place of the old one wherever a module holds
it (its own module, and those that imported its name), with a `MonkeyPatch`, so that
it is taken out again at the end. Used by tests/test_sim_sweep.py and
benchmarks/sim_planted_sweep.py (all of them).
"""

from __future__ import annotations

import inspect
import sys
import textwrap
from types import FunctionType, ModuleType
from typing import NamedTuple

import pytest

from scorepad.club import event, ratings
from scorepad.engine import bids, clock, entry, fold, game, rulings, scoring
from scorepad.files import gameindex


class Plant(NamedTuple):
    """A bug: in `module`'s function `name`, the text `old` written as `new`."""

    module: ModuleType
    name: str
    old: str
    new: str
    rule: str  # the rule it breaks, in the words of RULES.md and docs/rules.md


PLANTS: dict[str, Plant] = {
    "failed-nil-helps-the-contract": Plant(
        scoring, "score_side", 'if rules.failed_nil_tricks == "contract":',
        'if rules.failed_nil_tricks in ("contract", "bags"):',
        "a nil bidder's tricks never help the partner's contract"),
    "one-bag-penalty-a-round": Plant(
        scoring, "score_side",
        "penalties, bags_after = divmod(bags + new_bags, rules.bag_limit)",
        "penalties = int(bags + new_bags >= rules.bag_limit); "
        "bags_after = bags + new_bags - penalties * rules.bag_limit",
        "20 bags at once are two penalties"),
    "overbid-scored-as-boston": Plant(
        scoring, "_contract_lines", "if rules.boston and contract == rules.tricks:",
        "if rules.boston and contract >= rules.tricks:",
        "an overbid is never Boston"),
    "blind-set-loses-single": Plant(
        scoring, "_contract_lines",
        'lost = factor * rules.trick_points * contract if rules.set_scoring == "minus-bid" else 0',
        'lost = rules.trick_points * contract if rules.set_scoring == "minus-bid" else 0',
        "a blind bid doubles the contract's points, made or set"),
    "exact-bonus-with-overtricks": Plant(
        scoring, "_bonus_lines", "contract in rules.exact_bonus_bids and taken == contract",
        "contract in rules.exact_bonus_bids and taken >= contract",
        "the exact bonus is for a contract made exactly"),
    "big-bonus-off-by-one": Plant(
        scoring, "_bonus_lines", "above = contract - rules.big_contract_from",
        "above = contract - rules.big_contract_from + 1",
        "+10 per contract trick above the threshold"),
    "failed-blind-nil-costs-100": Plant(
        scoring, "score_side", "Line(said, -value, NIL_FAILED,",
        "Line(said, -rules.nil_points, NIL_FAILED,",
        "blind nil failed: -200"),
    "blind-nil-refused-at-the-deficit": Plant(
        bids, "_check_trailing", "trailing_by < deficit", "trailing_by <= deficit",
        "blind nil is allowed when the side trails by at least the deficit"),
    "quicksand-nil-tricks-as-bags": Plant(
        scoring, "score_side", 'elif rules.failed_nil_tricks == "bags" and not rules.quicksand:',
        'elif rules.failed_nil_tricks == "bags":',
        "quicksand has no bags at all, a failed nil's tricks score nothing"),
    "loss-limit-needs-a-score-below": Plant(
        scoring, "sides_losing", "(limit is not None and score <= limit)",
        "(limit is not None and score < limit)",
        "a side at or below the loss limit loses"),
    "target-needs-a-score-above": Plant(
        scoring, "judge_round", "if scores[side] >= rules.target]",
        "if scores[side] > rules.target]",
        "a side at or above the target wins"),
    "climbing-back-is-back-in": Plant(
        scoring, "judge_round", "    if not out_since:\n", "    if True:\n",
        "a side that climbs back above the loss limit stays out"),
    # Three the bid checks of a side and a table let through, which no bot's bid reaches:
    # the explorers' tries of bids the reference refuses catch them.
    "suicide-accepts-two-numbers": Plant(
        bids, "check_side_bids",
        "if not nils or any(bid.tricks < rules.suicide_min_bid for bid in others):",
        "if nils and any(bid.tricks < rules.suicide_min_bid for bid in others):",
        "under suicide one player of each side bids nil"),
    "min-team-bid-not-enforced": Plant(
        bids, "check_side_bids", "if has_contract and contract < rules.min_team_bid:",
        "if has_contract and contract < 0:",
        "a side's contract is at least min_team_bid"),
    "no-hell-accepts-the-deal": Plant(
        bids, "check_table_bids", "if rules.no_hell and total == rules.tricks:",
        "if rules.no_hell and total == rules.tricks + 1:",
        "under no hell the bids may not add up to the tricks in a deal"),
    # Issue 42's director's kit, which only the sweep's director reaches: the scoring of
    # rulings, sets in a row, the clock's end, misdeals, the other side's OK.
    "books-cost-ten-points-a-book": Plant(
        rulings, "ruling_lines", "ruling.amount if ruling.kind is RulingKind.POINTS else 0,",
        "ruling.amount if ruling.kind is RulingKind.POINTS else -10 * ruling.amount,",
        "books move tricks from one side's contract to the other's: no points of their own"),
    "set-ruling-spares-an-exact-contract": Plant(
        rulings, "ruled_hands", "if contract >= 1 and took >= contract:",
        "if contract >= 1 and took > contract:",
        "a side ruled set is scored as if it took one trick fewer than its contract"),
    "books-taken-from-a-nil": Plant(
        rulings, "_take", "for index in _contract_hands(hands):",
        "for index in range(len(hands)):",
        "books come off the side's bidders of a number: a nil bidder's tricks are never touched"),
    "forfeit-won-by-the-forfeiter": Plant(
        rulings, "forfeited_by", "return ruling.side", "return 1 - ruling.side",
        "a forfeit ends the game: the other side wins"),
    "a-made-deal-keeps-the-run": Plant(
        fold, "fold_round",
        "[run + 1 if side[2] else 0 for run, side in", "[run + side[2] for run, side in",
        "a deal in which a side is not set breaks its run of sets in a row"),
    "time-plays-one-deal-more": Plant(
        scoring, "judge_round", "if called is not None and deals >= called:",
        "if called is not None and deals > called:",
        "when time is called, the deal in play is the last (but for a tie)"),
    "time-called-in-the-next-deal": Plant(
        clock, "deal_in_play", "return len(game.rounds)\n", "return len(game.rounds) + 1\n",
        "the deal in play at the call is the one whose tricks are awaited"),
    "misdeal-not-seen-by-the-next-dealer": Plant(
        game, "next_dealer", "game.misdeals[-1].before_round > len(game.rounds)",
        "game.misdeals[-1].before_round > len(game.rounds) + 1",
        "after a misdeal under \"next\" the deal passes on"),
    "tricks-never-wait-for-the-ok": Plant(
        entry, "set_tricks", "waiting=game.rules.confirm_entries and number == len(game.rounds),",
        "waiting=False,",
        "under confirm_entries a round's tricks wait for the other side's OK"),
    "a-waiting-round-is-scored": Plant(
        game, "standings", "if not round_.played or round_.waiting:", "if not round_.played:",
        "a round waiting for the other side's OK is not scored"),
    # Four of the club night and its ratings, which only whole nights reach.
    "bye-counted-as-a-win": Plant(
        event, "event_standings", "row(unit)[4] += 1", "row(unit)[4] += 1; row(unit)[1] += 1",
        "a bye scores nothing: no win"),
    "bye-counted-as-a-game": Plant(
        event, "event_standings", "row(unit)[4] += 1", "row(unit)[4] += 1; row(unit)[0] += 1",
        "a bye scores nothing: no game"),
    "standings-by-points-first": Plant(
        event, "event_standings", "key=lambda u: [-value for value in tally[u][1:keyed]]",
        "key=lambda u: (-tally[u][3], -tally[u][1], -tally[u][2])",
        "the standings rank by wins, then the margin, then points"),
    "ratings-in-file-name-order": Plant(
        gameindex, "in_order_played", "key=lambda game: (game.mtime_ns, str(game.path))",
        "key=lambda game: str(game.path)",
        "games are rated in the order played"),
    # What a night's pages show beside its standings (scorepad.sim.nightviews).
    "deals-played-counted-twice": Plant(
        event, "_table_state", "played = sum(1 for r in game.rounds if r.played)",
        "played = sum(2 for r in game.rounds if r.played)",
        "a table shows the deals its game played"),
    "next-seat-without-opponents": Plant(
        event, "next_seats", "against = there.sides[1 - side]", "against = ()",
        "a finished table's page says who each player plays next"),
    "field-without-the-byes": Plant(
        event, "round_field", "for name in table.players), *seats.byes)",
        "for name in table.players),)",
        "who sits out a round is still in the field"),
    "round-robin-one-round-short": Plant(
        event, "check_rounds", "if rounds <= most:", "if rounds < most:",
        "pairs meet each other pair once: N-1 rounds, or N for an odd N"),
    "unfinished-game-rated-as-a-draw": Plant(
        ratings, "match_from", "if not facts.finished:", "if facts.finished is None:",
        "only finished games are rated; an unfinished one is counted as such"),
}  # fmt: skip


def plant(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Plant bug `name` for as long as `monkeypatch` lasts."""
    bug = PLANTS[name]
    original = getattr(bug.module, bug.name)
    source = textwrap.dedent(inspect.getsource(original))
    assert source.count(bug.old) == 1, (name, "the line to change is not there once")
    namespace = dict(vars(bug.module))
    exec(compile(source.replace(bug.old, bug.new), f"<planted {name}>", "exec"), namespace)
    planted = namespace[bug.name]
    assert isinstance(planted, FunctionType)
    for module in list(sys.modules.values()):
        if module is not None and getattr(module, bug.name, None) is original:
            monkeypatch.setattr(module, bug.name, planted)
