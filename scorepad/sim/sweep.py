"""The sweep: every shipped preset and a seeded sample of knob combinations, played by
explorer bots and checked against the reference, with what was reached and what not.

`scorepad simulate` plays one rule set with realistic bots, so rules those bots never
bid into go unchecked. A sweep plays, with explorer bots (`explorer.py`, which make
every kind of bid the rules allow):

- every shipped preset as it is;
- edge cases: games whose scores move in tens (no overtrick points), so that a side
  lands exactly on the target, the loss limit and the blind nil deficit, with low and
  high targets and loss limits that are crossed and climbed back from;
- a seeded sample of knob combinations a new game accepts (the engine's own checks
  of `--set`), chosen greedily so that every value of every knob in `SWEEP_VALUES` is
  played and as many pairs of knobs as the rules allow are played together away from
  their defaults.

Every deal and every game's end is checked as in any run (the reference scores every
side and folds every game, with the rules it read from the preset file and the
overrides itself), and each game is kept and folded by the score pad too. The report
counts how often each knob value, bid kind and situation was reached, names what was
not, and lists every violation with its case and the deal to replay.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from scorepad import reference
from scorepad.bids import check_side_bids, check_table_bids
from scorepad.errors import BidError, ScorepadError
from scorepad.game import Standings, side_hands, standings
from scorepad.presets import apply_overrides, load_preset, preset_names
from scorepad.ruledata import rules_to_mapping
from scorepad.rules import Rules, format_value
from scorepad.scoring import LineKind, Said, judge_end, score_side
from scorepad.sim.explorer import USUAL_MIX, ExplorerBot, ExplorerMix
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.parallel import play_ranges
from scorepad.sim.referee import Referee, knobs_of_preset
from scorepad.sim.results import GameResult, Violation
from scorepad.sim.validate import Problem

# The values the sweep plays of every knob (docs/rules.md "Every knob"): each one
# reached in some game the rules accept. Low and high targets, loss limits near and
# far, small bag limits (two penalties in a round), the thresholds around their use.
SWEEP_VALUES: dict[str, tuple[object, ...]] = {
    "players": (3, 4, 5, 6),
    "partnerships": (True, False),
    "jokers": (True, False),
    "removed_cards": ((), ("2C",), ("2C", "2D"), ("2C", "2D", "2H", "2S")),
    "redeal_without_spades": (True, False),
    "target": (100, 150, 250, 500, 1000, 2000),
    "loss_limit": ("none", -50, -100, -200, -500),
    "tie": ("play-on", "draw"),
    "sets_to_lose": (0, 1, 2, 3),
    "deal_limit": (0, 6, 20),
    "boston_wins": (True, False),
    "nil": (True, False),
    "zero_bid": ("nil", "plain"),
    "blind_nil": (True, False),
    "blind_nil_deficit": (0, 50, 100, 200),
    "blind_nil_exchange": (0, 1, 2),
    "blind_bids": (True, False),
    "blind_bid_min": (4, 6, 8),
    "blind_bid_deficit": (0, 50, 100),
    "partner_bidding": (True, False),
    "min_team_bid": (0, 2, 4),
    "suicide": (True, False),
    "suicide_min_bid": (3, 4, 5),
    "no_hell": (True, False),
    "contract_scoring": ("standard", "quicksand"),
    "trick_points": (5, 10, 20),
    "overtrick_points": (0, 1, 2),
    "set_scoring": ("minus-bid", "zero"),
    "nil_points": (50, 100, 200),
    "blind_nil_points": (100, 200, 300),
    "failed_nil_tricks": ("bags", "contract", "none"),
    "double_nil": ("separate", "all-or-nothing"),
    "bags": (True, False),
    "bag_limit": (1, 3, 5, 10),
    "bag_penalty": (50, 100, 200),
    "ten_for_200": (True, False),
    "ten_for_200_bid": (8, 10, 12),
    "ten_for_200_points": (100, 200, 300),
    "ten_for_200_penalty": (100, 200),
    "boston": (True, False),
    "boston_points": (200, 500),
    "boston_penalty": (100, 200, 500),
    "exact_bonus": (0, 20),
    "exact_bonus_bids": ((1, 2), (1,), (3,)),
    "big_contract_bonus": (0, 10),
    "big_contract_threshold": ("auto", 5, 7),
}

# docs/rules.md "Every knob": the heading of each knob's table, from its first knob on in
# `SWEEP_VALUES`'s order (tests/test_sim_sweep.py holds this to the page).
_FIRST_UNDER = {"players": "The table and the deck", "target": "How a game ends",
                "nil": "Bidding", "contract_scoring": "Scoring"}  # fmt: skip


def _headings() -> dict[str, str]:
    headings, heading = {}, ""
    for key in SWEEP_VALUES:
        heading = headings[key] = _FIRST_UNDER.get(key, heading)
    return headings


HEADINGS = _headings()

# Games whose scores move in tens land on the target, the loss limit and the deficit
# exactly; with several sides, a side through the limit while the others are level at
# the top stays out while play goes on, and may climb back.
EDGE_CASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("club", ("overtrick_points=0", "blind_nil_deficit=50", "target=250")),
    ("club", ("overtrick_points=0", "target=150", "blind_bids=true", "blind_bid_deficit=50")),
    ("standard", ("overtrick_points=0", "loss_limit=-100", "sets_to_lose=2", "target=250")),
    ("standard", ("overtrick_points=0", "loss_limit=-50", "target=100", "tie=draw")),
    ("solo-3", ("overtrick_points=0", "loss_limit=-50")),
    ("solo-3", ("overtrick_points=0", "loss_limit=-100", "target=250")),
    ("solo-5", ("overtrick_points=0", "loss_limit=-50", "target=150")),
    ("house", ("blind_bids=true", "blind_bid_deficit=0", "target=1000", "bag_limit=3")),
    ("house", ("partner_bidding=true", "target=2000", "loss_limit=-200", "bag_limit=5")),
    ("quicksand", ("blind_nil=true", "target=250", "loss_limit=-100")),
    ("bonus", ("blind_bids=true", "blind_bid_deficit=0", "blind_bid_min=4", "boston=true")),
    ("standard", ("boston=true", "boston_wins=true", "double_nil=all-or-nothing")),
    ("club", ("boston=true", "boston_wins=true", "partner_bidding=true", "target=250")),
)  # fmt: skip

GAMES = 1000  # the default games of a sweep, over all its cases
MAX_DEALS = 150  # a sweep's game still going after this many deals is cut off


@dataclass(frozen=True, slots=True)
class SweepCase:
    """One rule set of a sweep: a shipped preset and `--set` overrides."""

    preset: str
    overrides: tuple[str, ...] = ()

    def label(self) -> str:
        sets = "".join(f" --set {text}" for text in self.overrides)
        return f"--preset {self.preset}{sets}"


def _knob_values(rules: Rules) -> dict[str, str]:
    """Each knob's value in these rules, as the report names it."""
    return {key: format_value(value) for key, value in rules_to_mapping(rules).items()}


_DEFAULTS = {key: format_value(value) for key, value in reference.DEFAULTS.items()}


def sweep_cases(seed: int, sampled: int) -> list[tuple[SweepCase, Rules]]:
    """The sweep's rule sets: every shipped preset, the edge cases, and `sampled`
    combinations a new game accepts, drawn from `seed` and chosen greedily for the knob
    values and the pairs of knobs (both away from their defaults) not played yet."""
    cases: list[tuple[SweepCase, Rules]] = []
    bases = {name: load_preset(name).rules for name in preset_names()}
    for name, rules in bases.items():
        cases.append((SweepCase(name), rules))
    for name, overrides in EDGE_CASES:
        cases.append((SweepCase(name, overrides), apply_overrides(bases[name], overrides)))
    values: set[tuple[str, str]] = set()
    pairs: set[tuple[str, str]] = set()
    for _, rules in cases:
        values.update(_knob_values(rules).items())
        pairs.update(_pairs(_knob_values(rules)))
    rng = random.Random(f"scorepad-sweep:{seed}")
    names = sorted(bases)
    for _ in range(sampled):
        best: tuple[int, SweepCase, Rules] | None = None
        for _ in range(12):  # candidates for each pick
            case, rules = _candidate(rng, names, bases, values)
            knobs = _knob_values(rules)
            gain = 20 * len(set(knobs.items()) - values) + len(_pairs(knobs) - pairs)
            if best is None or gain > best[0]:
                best = (gain, case, rules)
        assert best is not None
        _, case, rules = best
        cases.append((case, rules))
        values.update(_knob_values(rules).items())
        pairs.update(_pairs(_knob_values(rules)))
    return cases


def _pairs(knobs: Mapping[str, str]) -> set[tuple[str, str]]:
    away = sorted(key for key, value in knobs.items() if value != _DEFAULTS[key])
    return set(combinations(away, 2))


def _candidate(
    rng: random.Random, names: Sequence[str], bases: Mapping[str, Rules],
    values: set[tuple[str, str]],
) -> tuple[SweepCase, Rules]:  # fmt: skip
    """A random combination: a preset, then knobs set one at a time in a random order,
    each kept only where the engine accepts it as `--set` would (values not played yet
    first)."""
    name = rng.choice(list(names))
    rules = bases[name]
    kept: list[str] = []
    keys = list(SWEEP_VALUES)
    rng.shuffle(keys)
    for key in keys:
        if rng.random() >= 0.3:
            continue
        choices = SWEEP_VALUES[key]
        fresh = [value for value in choices if (key, format_value(value)) not in values]
        value = rng.choice(fresh or list(choices))
        text = f"{key}={format_value(value)}"
        try:
            rules = apply_overrides(rules, [text])
        except ScorepadError:
            continue
        kept.append(text)
    return SweepCase(name, tuple(kept)), rules


# ---------------------------------------------------------------------------
# What a game reached


def game_reach(folded: Standings, rules: Rules) -> Counter[str]:
    """The bid kinds and situations a played game reached, read from its rounds as the
    score pad folds them (`game.standings`)."""
    reached: Counter[str] = Counter()
    scores = [0] * rules.sides
    out = [False] * rules.sides
    limit = rules.loss_limit
    for result in folded.rounds:
        if result.sides is None or result.after_end:
            continue
        for side, (entry, scored) in enumerate(zip(result.round.sides, result.sides, strict=True)):
            behind = max(s for other, s in enumerate(scores) if other != side) - scores[side]
            _bids_reached(reached, rules, entry.bids, entry.tricks or (), scored, behind)
        before = scores
        scores = [scored.score for scored in result.sides]
        if limit is not None:
            fell = [side for side in range(rules.sides) if scores[side] <= limit]
            if len(fell) > 1 and len({scores[side] for side in fell}) == 1:
                reached["sides through the loss limit together, level"] += 1
            for side in range(rules.sides):
                if scores[side] == limit:
                    reached["a score exactly at the loss limit"] += 1
                if scores[side] <= limit and not out[side]:
                    reached["a side through the loss limit"] += 1
                    out[side] = True
                elif out[side] and before[side] <= limit < scores[side]:
                    reached["a side out climbed back above the loss limit"] += 1
        if rules.target in scores:
            reached["a score exactly at the target"] += 1
    outcome = folded.outcome
    reached[f"ended by {outcome.reason.value if outcome else 'nothing yet'}"] += 1
    return reached


def _bids_reached(
    reached: Counter[str], rules: Rules, bids: Sequence[Any], tricks: Sequence[int],
    scored: Any, behind: int,
) -> None:  # fmt: skip
    kinds = [bid.kind.value for bid in bids]
    for bid, took in zip(bids, tricks, strict=False):
        kind = bid.kind.value
        if kind == "nil":
            reached["nil" if took == 0 else "nil failed"] += 1
        elif kind == "bnil":
            reached["blind nil" if took == 0 else "blind nil failed"] += 1
            deficit = rules.blind_nil_deficit
            if deficit and behind == deficit:
                reached["blind nil at exactly the deficit"] += 1
            elif deficit and deficit < behind <= deficit + 10:
                reached["blind nil just past the deficit"] += 1
        elif kind == "blind":
            reached["blind bid"] += 1
    if len(bids) == 1 and rules.side_size == 2:
        reached["joint team bid"] += 1
    if len(bids) == 2 and all(kind in ("nil", "bnil") for kind in kinds):
        reached["double nil"] += 1
        if rules.double_nil == "all-or-nothing":
            reached["double nil, all or nothing"] += 1
    if scored.made is None:
        return
    contract = scored.contract
    if "blind" in kinds and not scored.made:
        reached["blind contract set"] += 1
    if contract > rules.tricks:
        reached["overbid of the deal"] += 1
    elif contract == rules.tricks:
        reached["Boston bid" if rules.boston else "every trick bid"] += 1
    if rules.ten_for_200 and rules.ten_for_200_bid <= contract < rules.tricks:
        reached["10-for-200 contract"] += 1
    if any(kind in ("nil", "bnil") for kind in kinds) and any(
        kind in ("nil", "bnil") and took for kind, took in zip(kinds, tricks, strict=False)
    ):
        reached["failed nil beside a contract"] += 1
    if scored.penalties >= 2:
        reached["two or more bag penalties in a round"] += 1
    taken = sum(tricks)
    if rules.exact_bonus and contract in rules.exact_bonus_bids and scored.made:
        reached["exact bonus bid made exactly" if taken == contract else
                "exact bonus bid made with overtricks"] += 1  # fmt: skip
    if rules.big_contract_bonus and scored.made and contract >= rules.big_contract_from:
        reached["big contract made at its threshold" if contract == rules.big_contract_from
                else "big contract made above its threshold"] += 1  # fmt: skip


# Every situation the report looks for, so that it can say which were not reached.
SITUATIONS = (
    "nil", "nil failed", "blind nil", "blind nil failed", "blind nil at exactly the deficit",
    "blind nil just past the deficit", "blind bid", "blind contract set", "joint team bid",
    "double nil", "double nil, all or nothing", "overbid of the deal", "Boston bid",
    "10-for-200 contract",
    "failed nil beside a contract", "two or more bag penalties in a round",
    "exact bonus bid made exactly", "exact bonus bid made with overtricks",
    "big contract made at its threshold", "big contract made above its threshold",
    "a score exactly at the target", "a score exactly at the loss limit",
    "a side through the loss limit", "sides through the loss limit together, level",
    "a side out climbed back above the loss limit", "ended by target", "ended by loss-limit",
    "ended by sets", "ended by boston", "ended by deal-limit",
)  # fmt: skip


def game_problems(folded: Standings, rules: Rules, referee: Referee) -> list[Problem]:
    """What a sweep checks of a kept game beyond a run's checks, read from the score
    pad's fold: every line of the sheet has its words and its kind; each side's first
    round scored with no score and bags given (`score_side`'s defaults) is the
    reference's; and after every round, the end read from the scores and sets alone
    (`judge_end` without the history, as a caller with only the totals reads it) is the
    reference's reading without the history (`Referee.end` without `fell`)."""
    problems: list[Problem] = []
    sides = range(rules.sides)
    sets = [0] * rules.sides
    for result in folded.rounds:
        if result.sides is None or result.after_end:
            continue
        boston_by = None
        for side, scored in enumerate(result.sides):
            for line in scored.lines:
                if not (isinstance(line.said, Said) and isinstance(line.kind, LineKind)):
                    problems.append(Problem("engine", "line-words", {"points": line.points}))
            sets[side] += scored.was_set
            if scored.boston:
                boston_by = side
        if result.number == 1:
            for entry in result.round.sides:
                hands = side_hands(rules, entry, ())
                plain = tuple((hand.bid.kind.value, 0 if hand.bid.is_nil else hand.bid.tricks,
                               hand.tricks) for hand in hands)  # fmt: skip
                ref = referee.side(plain, 0, 0)
                problems += referee.compare(plain, 0, 0, score_side(rules, hands), ref)
        scores = [scored.score for scored in result.sides]
        outcome = judge_end(rules, scores, sets=sets, boston_by=boston_by, deals=result.number)
        ended = (True, outcome.winner, outcome.reason.value) if outcome else (False, None, None)
        lost = [0 if referee.has_lost(scores[side], sets[side]) else None for side in sides]
        truth = referee.end(scores, sets, boston_by, lost, result.number)
        if truth != ended:
            problems.append(Problem("end", "end", {"scores": scores, "engine": ended,
                                                   "reference": truth}))  # fmt: skip
    return problems


# ---------------------------------------------------------------------------
# The rule a violation concerns

# The rules of play and the score pad's fold are no knob.
PLAY, FOLD = "play", "fold"
RULE_DOCS = {PLAY: "RULES.md 1-4, the game", FOLD: "docs/rules.md, Scoring and How a game ends"}
_END_KNOBS = {"target": "target", "loss-limit": "loss_limit", "sets": "sets_to_lose",
              "boston": "boston_wins", "deal-limit": "deal_limit"}  # fmt: skip
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
    key = _knob_of(problem, knobs)
    return key, RULE_DOCS.get(key) or f"docs/rules.md, {HEADINGS.get(key, 'Every knob')}"


def _knob_of(problem: Problem, knobs: Mapping[str, object]) -> str:
    values, kind = problem.values, problem.kind
    if kind == "bids":
        return _bid_knob(values)
    if kind == "end":
        engine, truth = values["engine"], values["reference"]
        if engine[2] == truth[2] and None in (engine[1], truth[1]):
            return "tie"  # the same end, one of them a draw
        return _END_KNOBS.get(truth[2] if truth[0] else engine[2], "target")
    if kind == "reference":
        return _scoring_knob(values, knobs)
    if kind in ("fold", "standings"):
        return FOLD
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
        ("failed_nil_tricks", any(hand[2] for hand in nils)),
        ("blind_bids", any(hand[0] == "blind" for hand in bidders)),
        ("boston", knobs["boston"] is True and contract >= reference.tricks_in_a_deal(knobs)),
        ("ten_for_200", knobs["ten_for_200"] is True and contract >= ten_at),
        ("exact_bonus", bool(made and knobs["exact_bonus"] and contract in exact_bids)),
        ("big_contract_bonus", bool(made and knobs["big_contract_bonus"])),
        ("nil_points", bool(nils)),
        ("set_scoring", made is False),
    ):
        if applies:
            return key
    return "trick_points"


# ---------------------------------------------------------------------------
# Playing a sweep


@dataclass(slots=True)
class SweepTally:
    """A sweep's sums: games, deals, what was reached, and the violations (by case)."""

    games: int = 0
    deals: int = 0
    unfinished: int = 0
    violation_count: int = 0
    violations: list[tuple[int, Violation]] = field(default_factory=list)
    reached: Counter[str] = field(default_factory=Counter)
    knob_games: Counter[tuple[str, str]] = field(default_factory=Counter)

    def merge(self, other: SweepTally) -> None:
        self.games += other.games
        self.deals += other.deals
        self.unfinished += other.unfinished
        self.violation_count += other.violation_count
        both = [*self.violations, *other.violations]
        self.violations = sorted(both, key=lambda found: (found[0], found[1].game))[:MAX_KEPT]
        self.reached.update(other.reached)
        self.knob_games.update(other.knob_games)


MAX_KEPT = 50


@dataclass(slots=True)
class SweepReport:
    """A finished sweep: its cases and sums, and what was not reached."""

    seed: int
    cases: list[SweepCase]
    tally: SweepTally
    pairs_played: int
    pairs_possible: int | None  # None: not judged (a sweep of the fixed cases alone)
    elapsed_seconds: float = 0.0

    @property
    def unreached_values(self) -> list[tuple[str, str]]:
        return [
            (key, format_value(value))
            for key, values in SWEEP_VALUES.items()
            for value in values
            if not self.tally.knob_games[(key, format_value(value))]
        ]

    @property
    def unreached_situations(self) -> list[str]:
        return [what for what in SITUATIONS if not self.tally.reached[what]]

    def rule_of(self, case: int, violation: Violation) -> tuple[str, str]:
        """The rule a violation in case `case` concerns, and where it is written."""
        found = self.cases[case]
        return rule_of(violation.problem, knobs_of_preset(found.preset, found.overrides))

    def _violation_json(self, case: int, violation: Violation) -> dict[str, object]:
        rule, doc = self.rule_of(case, violation)
        found = {"case": self.cases[case].label(), **violation.as_json()}
        return {**found, "rule": rule, "rule_doc": doc}

    def as_json(self) -> dict[str, Any]:
        tally = self.tally
        return {
            "seed": self.seed,
            "cases": len(self.cases),
            "games": tally.games,
            "deals": tally.deals,
            "unfinished": tally.unfinished,
            "violation_count": tally.violation_count,
            "violations": [
                self._violation_json(case, violation) for case, violation in tally.violations
            ],
            "reached": {what: tally.reached[what] for what in SITUATIONS},
            "knob_values": {
                key: {format_value(v): tally.knob_games[(key, format_value(v))] for v in values}
                for key, values in SWEEP_VALUES.items()
            },
            "knob_pairs": {"played": self.pairs_played, "possible": self.pairs_possible},
            "not_reached": {
                "knob_values": [f"{key}={value}" for key, value in self.unreached_values],
                "situations": self.unreached_situations,
            },
            "elapsed_seconds": round(self.elapsed_seconds, 3),
        }


class _Player:
    """This process's runners, one per case, made the first time a case is played."""

    def __init__(self, seed: int, cases: Sequence[tuple[SweepCase, Rules]], mix: ExplorerMix,
                 plan: Sequence[tuple[int, int]]) -> None:  # fmt: skip
        self.seed = seed
        self.cases = cases
        self.mix = mix
        self.plan = plan
        self.runners: dict[int, tuple[GameRunner, Referee]] = {}

    def runner(self, index: int) -> tuple[GameRunner, Referee]:
        found = self.runners.get(index)
        if found is None:
            case, rules = self.cases[index]
            knobs = knobs_of_preset(case.preset, case.overrides)
            explorer = functools.partial(ExplorerBot, knobs=knobs, mix=self.mix)
            found = self.runners[index] = GameRunner(
                rules, preset=case.preset, seed=self.seed + index, keep_game=True,
                max_deals=MAX_DEALS, knobs=knobs, seat_bots=[explorer] * rules.players,
            ), Referee(rules, knobs)  # fmt: skip
        return found

    def play(self, tally: SweepTally, start: int, stop: int) -> None:
        for unit in range(start, stop):
            index, game = self.plan[unit]
            runner, referee = self.runner(index)
            result: GameResult = runner.play_game(game)
            assert result.game is not None
            folded = standings(result.game)
            result.violations += [
                Violation(runner.seed, result.index, result.deals, problem)
                for problem in game_problems(folded, runner.rules, referee)
            ]
            tally.games += 1
            tally.deals += result.deals
            tally.unfinished += result.end == "unfinished"
            tally.violation_count += len(result.violations)
            room = MAX_KEPT - len(tally.violations)
            tally.violations.extend((index, found) for found in result.violations[: max(room, 0)])
            tally.reached.update(game_reach(folded, runner.rules))
            tally.knob_games.update(_knob_values(runner.rules).items())
            result.game = None


def play_sweep(
    seed: int = 0,
    games: int = GAMES,
    *,
    jobs: int = 1,
    mix: ExplorerMix = USUAL_MIX,
    progress: Callable[[int], None] | None = None,
) -> SweepReport:
    """Play a sweep of `games` games from `seed` on `jobs` processes (the same report
    whatever `jobs` is, but for the time)."""
    if games < 1:
        raise ScorepadError(f"--games {games}: a sweep plays at least 1 game")
    started = time.perf_counter()
    fixed = len(preset_names()) + len(EDGE_CASES)
    # About four games a rule set: the fixed cases, then as many sampled as the rest fill.
    sampled = max(0, games // 4 - fixed)
    cases = sweep_cases(seed, sampled)
    plan = [(unit % len(cases), unit // len(cases)) for unit in range(games)]
    player = _Player(seed, cases, mix, plan)
    tally = play_ranges(SweepTally(), games, player.play, jobs=jobs, progress=progress)
    played: set[tuple[str, str]] = set()
    for index in {index for index, _ in plan}:
        played |= _pairs(_knob_values(cases[index][1]))
    # Which pairs the rules allow is some seconds of trials, worth it only for a sweep
    # that samples combinations (one too small has the fixed cases alone).
    possible = _possible_pairs(cases) if sampled else None
    return SweepReport(seed, [case for case, _ in cases], tally,
                       len(played & possible) if possible else len(played),
                       len(possible) if possible else None,
                       time.perf_counter() - started)  # fmt: skip


@functools.cache
def _pair_allowed(first: str, second: str) -> bool:
    """Whether some preset with some values of the two knobs, both away from their
    defaults, is a game the rules accept."""
    bases = [load_preset(name).rules for name in preset_names()]
    # Two values of each away from the default, tried on every preset: a pair refused
    # this way is taken as one the rules refuse.
    ones = [one for one in SWEEP_VALUES[first] if format_value(one) != _DEFAULTS[first]][:2]
    twos = [two for two in SWEEP_VALUES[second] if format_value(two) != _DEFAULTS[second]][:2]
    for base in bases:
        for one in ones:
            for two in twos:
                texts = [f"{first}={format_value(one)}", f"{second}={format_value(two)}"]
                try:
                    apply_overrides(base, texts)
                except ScorepadError:
                    continue
                return True
    return False


def _possible_pairs(cases: Iterable[tuple[SweepCase, Rules]]) -> set[tuple[str, str]]:
    """The pairs of knobs some game the rules accept has both away from their defaults:
    those played, and those a preset with the two set accepts."""
    played: set[tuple[str, str]] = set()
    for _, rules in cases:
        played |= _pairs(_knob_values(rules))
    every = set(combinations(sorted(SWEEP_VALUES), 2))
    return played | {pair for pair in every - played if _pair_allowed(*pair)}
