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

Every game is played under a director (`director.py`), who at seeded rates calls
misdeals, makes rulings of every kind, has the other side agree rounds under
`confirm_entries` and plays some games to a clock, through the engine's entry
functions, each read apart by the reference.

Every deal and every game's end is checked as in any run (the reference scores every
side and folds every game, with the rules it read from the preset file and the
overrides itself), and each game is kept and folded by the score pad too. The report
counts how often each knob value, bid kind, situation, ruling and misdeal was reached
(`reach.py`), names what was not, and lists every violation with its case and the deal
to replay.
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorepad.engine.bids import (
    BLIND_NIL,
    NIL,
    Bid,
    BidKind,
    number,
    open_bids,
    parse_bid,
    show_bid,
)
from scorepad.engine.clock import Clock
from scorepad.engine.game import Game, Standings, side_hands, standings
from scorepad.engine.rules import Rules, format_value
from scorepad.engine.scoring import LineKind, Said, judge_end, score_side
from scorepad.errors import ScorepadError
from scorepad.files.gamefile import game_from_toml
from scorepad.files.gamewrite import game_to_toml
from scorepad.files.presets import preset_names
from scorepad.reference import refusals, rulebook
from scorepad.sim.director import USUAL_DIRECTION, DirectorMix
from scorepad.sim.explorer import USUAL_MIX, ExplorerBot, ExplorerMix
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.nights import (
    NIGHT_SITUATIONS,
    NIGHTS,
    NightCase,
    NightPlayer,
    NightTally,
    night_cases,
)
from scorepad.sim.parallel import play_ranges
from scorepad.sim.reach import SITUATIONS, game_reach
from scorepad.sim.referee import PLAIN_KIND, Referee, knobs_of_preset
from scorepad.sim.refusaltries import OUT_OF_REACH, TRIED_REASONS, RefusalTry, try_problems
from scorepad.sim.results import GameResult, Violation
from scorepad.sim.sweepcases import (
    EDGE_CASES,
    SWEEP_VALUES,
    SweepCase,
    knob_pairs,
    knob_values,
    possible_pairs,
    sweep_cases,
)
from scorepad.sim.validate import Problem
from scorepad.sim.violated import rule_of

GAMES = 1000  # the default games of a sweep, over all its cases
MAX_DEALS = 150  # a sweep's game still going after this many deals is cut off

def game_problems(
    folded: Standings, rules: Rules, referee: Referee, clock: Clock | None = None
) -> list[Problem]:
    """What a sweep checks of a kept game beyond a run's checks, read from the score
    pad's fold: every line of the sheet has its words and its kind; each side's first
    round scored with no score and bags given (`score_side`'s defaults) is the
    reference's; and after every round, the end read from the scores and sets alone
    (`judge_end` without the history, as a caller with only the totals reads it) is the
    reference's reading without the history (`Referee.end` without `fell`), the deal in
    play when the game's `clock` was called given to both."""
    problems: list[Problem] = []
    sides = range(rules.sides)
    sets = [0] * rules.sides
    runs = [0] * rules.sides
    called = clock.called if clock is not None else None
    for result in folded.rounds:
        if result.sides is None or result.after_end:
            continue
        boston_by = None
        for side, scored in enumerate(result.sides):
            for line in scored.lines:
                if not (isinstance(line.said, Said) and isinstance(line.kind, LineKind)):
                    problems.append(Problem("engine", "line-words", {"points": line.points}))
            sets[side] += scored.was_set
            runs[side] = runs[side] + 1 if scored.was_set else 0
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
        outcome = judge_end(rules, scores, sets=sets, boston_by=boston_by, deals=result.number,
                            runs=runs, called=called)  # fmt: skip
        ended = (True, outcome.winner, outcome.reason.value) if outcome else (False, None, None)
        lost = [
            0 if referee.has_lost(scores[side], sets[side], runs[side]) else None for side in sides
        ]
        truth = referee.end(scores, sets, boston_by, lost, result.number, runs=runs,
                            called=called)  # fmt: skip
        if truth != ended:
            problems.append(Problem("end", "end", {"scores": scores, "engine": ended,
                                                   "reference": truth}))  # fmt: skip
    return problems


def open_bid_problems(rules: Rules, knobs: Mapping[str, object]) -> list[Problem]:
    """The bids a player may make on its own as the engine lists them (`bids.open_bids`,
    where the hints, the page's choices and the bots' choices start from), against the
    reference's reading of each bid alone, with the side trailing by less than, just at
    and more than each deficit the rules set: a bid the engine leaves out (or offers
    wrongly) shows here even where no bot would have tried it."""
    deal = rulebook.tricks_in_a_deal(knobs)
    candidates = [NIL, BLIND_NIL, *map(number, range(deal + 1))]
    candidates += [Bid(BidKind.BLIND, tricks) for tricks in range(1, deal + 1)]
    deficits = [knobs["blind_nil_deficit"], knobs["blind_bid_deficit"]]
    behind = {-50, 0, 1000}
    behind |= {deficit + step for deficit in deficits if isinstance(deficit, int)
               for step in (-1, 0, 1)}  # fmt: skip
    problems = []
    for trailing_by in sorted(behind):
        listed = set(open_bids(rules, trailing_by).bids())
        allowed = {
            bid for bid in candidates
            if not refusals.one_bid_refusal(
                knobs, PLAIN_KIND[bid.kind], bid.tricks, trailing_by, deal
            )
        }  # fmt: skip
        if listed != allowed:
            problems.append(Problem("bids", "open-bids", {
                "trailing_by": trailing_by, "missing": sorted(allowed - listed, key=_order),
                "extra": sorted(listed - allowed, key=_order),
            }))  # fmt: skip
    return problems


def file_problems(game: Game) -> list[Problem]:
    """A kept game written to its file and read back (docs/game-file.md): the same game,
    every bid read as it was written (a blind number, nil, blind nil, a plain 0); and
    each bid as the sheet shows it (`show_bid`, which a player may type back) read back."""
    try:
        for bid in {bid for round_ in game.rounds for entry in round_.sides for bid in entry.bids}:
            if parse_bid(show_bid(bid), game.rules) != bid:
                return [Problem("file", "file", {"error": f"{bid} shown as {show_bid(bid)}"})]
        again = game_from_toml(game_to_toml(game), game.name)
    except ScorepadError as error:
        return [Problem("file", "file", {"error": str(error)})]
    return [] if again == game else [Problem("file", "file", {"error": ""})]


def _order(bid: Bid) -> tuple[str, int]:
    return bid.kind.value, bid.tricks


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
    refusals_tried: Counter[str] = field(default_factory=Counter)  # by the reference's reason

    def merge(self, other: SweepTally) -> None:
        self.games += other.games
        self.deals += other.deals
        self.unfinished += other.unfinished
        self.violation_count += other.violation_count
        both = [*self.violations, *other.violations]
        self.violations = sorted(both, key=lambda found: (found[0], found[1].game))[:MAX_KEPT]
        self.reached.update(other.reached)
        self.knob_games.update(other.knob_games)
        self.refusals_tried.update(other.refusals_tried)


MAX_KEPT = 50


@dataclass(slots=True)
class SweepReport:
    """A finished sweep: its cases and sums, and what was not reached."""

    seed: int
    cases: list[SweepCase | NightCase]  # the rule sets, then the nights
    tally: SweepTally  # the nights' violations among them
    pairs_played: int
    pairs_possible: int | None  # None: not judged (a sweep of the fixed cases alone)
    elapsed_seconds: float = 0.0
    nights: NightTally = field(default_factory=NightTally)

    @property
    def rule_sets(self) -> int:
        """The rule sets played (the nights apart)."""
        return sum(isinstance(case, SweepCase) for case in self.cases)

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

    @property
    def untried_refusals(self) -> list[str]:
        tried = self.tally.refusals_tried
        return [why for why in TRIED_REASONS if not tried[why] and why not in OUT_OF_REACH]

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
            "cases": self.rule_sets,
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
            "refusals_tried": {why: tally.refusals_tried[why] for why in TRIED_REASONS},
            "nights": {
                "nights": self.nights.nights,
                "games": self.nights.games,
                "deals": self.nights.deals,
                "reached": {what: self.nights.reached[what] for what in NIGHT_SITUATIONS},
            },
            "not_reached": {
                "knob_values": [f"{key}={value}" for key, value in self.unreached_values],
                "situations": self.unreached_situations,
                "refusals": self.untried_refusals,
                "nights": [what for what in NIGHT_SITUATIONS if not self.nights.reached[what]],
            },
            "elapsed_seconds": round(self.elapsed_seconds, 3),
        }


class _Player:
    """This process's runners, one per case, made the first time a case is played."""

    def __init__(self, seed: int, cases: Sequence[tuple[SweepCase, Rules]], mix: ExplorerMix,
                 plan: Sequence[tuple[int, int]], direction: DirectorMix) -> None:  # fmt: skip
        self.seed = seed
        self.cases = cases
        self.mix = mix
        self.direction = direction
        self.plan = plan
        self.runners: dict[int, tuple[GameRunner, Referee]] = {}
        self.tries: list[RefusalTry] = []  # the explorers' tries of the game being played

    def runner(self, index: int) -> tuple[GameRunner, Referee]:
        found = self.runners.get(index)
        if found is None:
            case, rules = self.cases[index]
            knobs = knobs_of_preset(case.preset, case.overrides)
            explorer = functools.partial(ExplorerBot, knobs=knobs, mix=self.mix,
                                         tries=self.tries)  # fmt: skip
            found = self.runners[index] = GameRunner(
                rules, preset=case.preset, seed=self.seed + index, keep_game=True,
                max_deals=MAX_DEALS, knobs=knobs, seat_bots=[explorer] * rules.players,
                director=self.direction,
            ), Referee(rules, knobs)  # fmt: skip
        return found

    def play(self, tally: SweepTally, start: int, stop: int) -> None:
        for unit in range(start, stop):
            index, game = self.plan[unit]
            runner, referee = self.runner(index)
            result: GameResult = runner.play_game(game)
            assert result.game is not None
            folded = standings(result.game)
            problems = game_problems(folded, runner.rules, referee, result.game.clock)
            problems += file_problems(result.game)
            problems += try_problems(runner.rules, self.tries, referee.knobs)
            tally.refusals_tried.update(tried.refused for tried in self.tries)
            self.tries.clear()
            if game == 0:  # once a rule set
                problems += open_bid_problems(runner.rules, referee.knobs)
            result.violations += [
                Violation(runner.seed, result.index, result.deals, problem) for problem in problems
            ]
            tally.games += 1
            tally.deals += result.deals
            tally.unfinished += result.end == "unfinished"
            tally.violation_count += len(result.violations)
            room = MAX_KEPT - len(tally.violations)
            tally.violations.extend((index, found) for found in result.violations[: max(room, 0)])
            tally.reached.update(game_reach(folded, runner.rules, result.game))
            if runner.director is not None:
                tally.reached.update(runner.director.reached)
            tally.knob_games.update(knob_values(runner.rules).items())
            result.game = None


def play_sweep(
    seed: int = 0,
    games: int = GAMES,
    *,
    jobs: int = 1,
    mix: ExplorerMix = USUAL_MIX,
    direction: DirectorMix = USUAL_DIRECTION,
    nights: int = NIGHTS,
    progress: Callable[[int], None] | None = None,
) -> SweepReport:
    """Play a sweep of `games` games from `seed`, and `nights` club nights, on `jobs`
    processes (the same report whatever `jobs` is, but for the time). `mix`: how often
    the explorers make each kind of bid; `direction`: how often the director acts."""
    if games < 1:
        raise ScorepadError(f"--games {games}: a sweep plays at least 1 game")
    started = time.perf_counter()
    fixed = len(preset_names()) + len(EDGE_CASES)
    # About four games a rule set: the fixed cases, then as many sampled as the rest fill.
    sampled = max(0, games // 4 - fixed)
    cases = sweep_cases(seed, sampled)
    plan = [(unit % len(cases), unit // len(cases)) for unit in range(games)]
    player = _Player(seed, cases, mix, plan, direction)
    tally = play_ranges(SweepTally(), games, player.play, jobs=jobs, progress=progress)
    played: set[tuple[str, str]] = set()
    for index in {index for index, _ in plan}:
        played |= knob_pairs(knob_values(cases[index][1]))
    # Which pairs the rules allow is some seconds of trials, worth it only for a sweep
    # that samples combinations (one too small has the fixed cases alone).
    possible = possible_pairs(cases) if sampled else None
    nightly = night_cases(seed, nights)
    night_tally = play_ranges(NightTally(), len(nightly), NightPlayer(seed, nightly).play,
                              jobs=jobs)  # fmt: skip
    tally.violation_count += night_tally.violation_count
    room = max(MAX_KEPT - len(tally.violations), 0)
    tally.violations += [(len(cases) + number, found)
                         for number, found in night_tally.violations[:room]]  # fmt: skip
    return SweepReport(seed, [*(case for case, _ in cases), *nightly], tally,
                       len(played & possible) if possible else len(played),
                       len(possible) if possible else None,
                       time.perf_counter() - started, night_tally)  # fmt: skip
