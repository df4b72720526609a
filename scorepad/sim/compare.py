"""House rules side by side: the same games, seed for seed, under several rule sets.

Each rule set plays `games` games with the same run seed, so game `i` of every column
starts from the same seed (`runner.game_seed`): where the decks are the same, the same
first deal and dealer, and the differences come from the rules rather than from the luck
of the deal. Each rate carries a Wilson 95% interval, and a column whose interval does not
overlap the first column's is marked as different.

Rates the rules make impossible (blind nil under a preset without it, a loss-limit end
without a loss limit) are None, never "0% of 0". Games cut off at the deal cap, and games
whose scores run away, are the bots' failing rather than the rules', and are named in
warnings next to the figures.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from scorepad.engine.rules import Rules
from scorepad.i18n import N_
from scorepad.sim.deal import deck_plan
from scorepad.sim.gameloop import MAX_DEALS, GameRunner
from scorepad.sim.kernel import choose_kernel
from scorepad.sim.parallel import play_ranges
from scorepad.sim.results import GameResult
from scorepad.sim.run import RunConfig, RunSummary, game_runner

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
CAP_WARNING = 0.05  # more games than this cut off at the deal cap is worth a warning
RUNAWAY = 10  # an average score beyond this many times the target is a runaway

# The lines under a comparison: each a message and the values it names (`Note`).
CAPPED = N_(
    "{name}: {capped} of {games} games hit the {cap}-deal cap"
    " (the bots' failing, not the rules')"
)
RUNAWAY_SCORES = N_(
    "{name}: scores average {average}, over 10x the target {target}"
    " (the bots' failing, not the rules')"
)
DECKS_DIFFER = N_("the decks differ ({shapes}): the same seeds deal different hands")
DECK = N_("{cards} cards to {players}")


def _same(message: str) -> str:
    return message


def _grouped(number: float) -> str:
    return f"{number:,.0f}"


@dataclass(frozen=True, slots=True)
class Note:
    """A line under a comparison as a fact: its message, the values it names, an average
    score and the decks as (rule set, cards, players). Each face words it in its language
    (`worded`); the JSON keeps its one English (`english`)."""

    message: str
    values: Mapping[str, int | str]
    average: float | None = None
    decks: tuple[tuple[str, int, int], ...] = ()

    def worded(
        self, translate: Callable[[str], str] = _same, number: Callable[[float], str] = _grouped
    ) -> str:
        values: dict[str, object] = dict(self.values)
        if self.average is not None:
            values["average"] = number(self.average)
        if self.decks:
            values["shapes"] = "; ".join(
                f"{given}: " + translate(DECK).format(cards=cards, players=players)
                for given, cards, players in self.decks
            )
        return translate(self.message).format(**values)

    def english(self) -> str:
        return self.worded()


def wilson(count: int, of: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of `count` successes in `of` trials."""
    if of <= 0:
        return 0.0, 1.0
    p = count / of
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * of)) / (1 + z2 / of)
    half = Z95 * math.sqrt(p * (1 - p) / of + z2 / (4 * of * of)) / (1 + z2 / of)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(slots=True)
class Rate:
    """`count` of `of`, with its Wilson interval; `differs` once compared with a base."""

    count: int
    of: int
    differs: bool = False

    @property
    def rate(self) -> float:
        return self.count / self.of if self.of else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.of)

    def overlaps(self, other: Rate) -> bool:
        low, high = self.interval
        other_low, other_high = other.interval
        return low <= other_high and other_low <= high

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "count": self.count,
            "of": self.of,
            "rate": round(self.rate, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "differs": self.differs,
        }


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One column's rules: what was given (a preset name or a file), its name, the rules,
    and the rules as the reference read them from the file and the overrides itself
    (`referee.knobs_of_preset`; None, for rules built in code: the engine's written back)."""

    given: str
    preset: str
    rules: Rules
    knobs: Mapping[str, object] | None = None


@dataclass(slots=True)
class Column:
    """One rule set's run: the runner's sums, and the figures only a comparison needs."""

    rule_set: RuleSet
    summary: RunSummary
    bags: int = 0
    score_total: int = 0  # every side's final score, summed over the games
    margin_total: int = 0  # the winner's lead over the next side, summed over decided games
    rates: dict[str, Rate | None] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return self.summary.games

    @property
    def finished(self) -> int:
        return self.games - self.summary.ends.get("unfinished", 0)

    @property
    def average_score(self) -> float:
        sides = self.rule_set.rules.sides
        return self.score_total / (self.games * sides) if self.games else 0.0

    @property
    def average_margin(self) -> float | None:
        decided = self.summary.decided
        return self.margin_total / decided if decided else None

    def per_game(self, total: int) -> float:
        return total / self.games if self.games else 0.0

    def add(self, result: GameResult, bags: int) -> None:
        """Fold one game in: its counts, the bags its sides took, its final scores."""
        self.summary.add(result)
        self.bags += bags
        self.score_total += sum(result.scores)
        if result.winner is not None and len(result.scores) > 1:
            others = [s for side, s in enumerate(result.scores) if side != result.winner]
            self.margin_total += result.scores[result.winner] - max(others)

    def merge(self, other: Column) -> None:
        """Fold in another process's games of the same column (see `parallel.play_ranges`)."""
        self.summary.merge(other.summary)
        self.bags += other.bags
        self.score_total += other.score_total
        self.margin_total += other.margin_total

    def set_rates(self) -> None:
        """Each rate of the column, or None where its rules make it impossible."""
        rules, summary = self.rule_set.rules, self.summary
        games, ends = self.games, summary.ends
        hands = summary.deals * rules.players

        def end(kind: str, possible: bool) -> Rate | None:
            return Rate(ends.get(kind, 0), games) if possible else None

        self.rates = {
            "ended_target": end("target", True),
            "ended_loss_limit": end("loss-limit", rules.loss_limit is not None),
            "ended_sets": end("sets", bool(rules.sets_to_lose)),
            "ended_boston": end("boston", rules.boston and rules.boston_wins),
            "ended_cap": end("unfinished", True),
            "nil_bid": Rate(summary.nil_bids, hands) if rules.nil else None,
            "nil_made": Rate(summary.nil_made, summary.nil_bids) if rules.nil else None,
            "blind_nil_bid": Rate(summary.blind_nil_bids, hands) if rules.blind_nil else None,
            "blind_nil_made": Rate(summary.blind_nil_made, summary.blind_nil_bids)
            if rules.blind_nil
            else None,
            "contracts_set": Rate(summary.sets, summary.contracts),
            "first_dealer_won": Rate(summary.first_dealer_wins, summary.decided),
        }

    def notes(self) -> list[Note]:
        """The figures that say more about the bots than about the rules."""
        notes = []
        rules, name = self.rule_set.rules, self.rule_set.given
        capped = self.summary.ends.get("unfinished", 0)
        if self.games and capped / self.games > CAP_WARNING:
            cap = self.summary.config.max_deals
            notes.append(Note(CAPPED, {"name": name, "capped": capped, "games": self.games,
                                       "cap": cap}))  # fmt: skip
        if abs(self.average_score) > RUNAWAY * rules.target:
            named: dict[str, int | str] = {"name": name, "target": rules.target}
            notes.append(Note(RUNAWAY_SCORES, named, average=self.average_score))
        return notes

    def warnings(self) -> list[str]:
        """The notes in the JSON's English."""
        return [note.english() for note in self.notes()]

    def as_json(self) -> dict[str, Any]:
        summary = self.summary
        margin = self.average_margin
        return {
            "rules": self.rule_set.given,
            "preset": self.rule_set.preset,
            "games": self.games,
            "deals": summary.deals,
            "deals_per_game": round(self.per_game(summary.deals), 2),
            "violations": summary.violation_count,
            "finished": self.finished,
            **{key: rate.as_json() if rate else None for key, rate in self.rates.items()},
            "bags_per_game": round(self.per_game(self.bags), 2),
            "bag_penalties_per_game": round(self.per_game(summary.bag_penalties), 2)
            if self.rule_set.rules.bags
            else None,
            "average_margin": round(margin, 1) if margin is not None else None,
            "average_score": round(self.average_score, 1),
            "warnings": self.warnings(),
        }


@dataclass(slots=True)
class Comparison:
    """Every column of a comparison, and whether their decks (and so their deals) agree."""

    columns: list[Column]
    games: int
    seed: int
    bots: tuple[str, ...]

    @property
    def same_decks(self) -> bool:
        plans = {_deal_shape(column.rule_set.rules) for column in self.columns}
        return len(plans) == 1

    def notes(self) -> list[Note]:
        """Whether the decks differ (the same seeds then deal different hands), then each
        column's notes."""
        notes = [note for column in self.columns for note in column.notes()]
        if self.same_decks:
            return notes
        decks = tuple((column.rule_set.given, *_deck_of(column.rule_set.rules))
                      for column in self.columns)  # fmt: skip
        return [Note(DECKS_DIFFER, {}, decks=decks), *notes]

    def warnings(self) -> list[str]:
        """The notes in the JSON's English."""
        return [note.english() for note in self.notes()]

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "same_decks": self.same_decks,
            "columns": [column.as_json() for column in self.columns],
            "warnings": self.warnings(),
        }


def _deal_shape(rules: Rules) -> tuple[object, ...]:
    plan = deck_plan(rules)
    return plan.codes, plan.players, plan.tricks, plan.discards


def _deck_of(rules: Rules) -> tuple[int, int]:
    """How many cards are dealt to how many players."""
    plan = deck_plan(rules)
    return len(plan.codes), plan.players


# ---------------------------------------------------------------------------
# Playing


def _play(runner: GameRunner, column: Column, start: int, stop: int) -> None:
    """Games start..stop-1 of a column, each with the bags its sides took, added to it
    (in a worker process, or here)."""
    for index in range(start, stop):
        result = runner.play_game(index)
        column.add(result, result.bags)  # the engine's, as the game loop folded them


def compare(
    rule_sets: Sequence[RuleSet],
    *,
    games: int,
    seed: int = 0,
    bots: tuple[str, ...] = ("heuristic",),
    jobs: int = 1,
    max_deals: int = MAX_DEALS,
    progress: Callable[[int], None] | None = None,
) -> Comparison:
    """Play `games` games under each rule set from the same seed, and compare them."""
    columns = []
    for rule_set in rule_sets:
        # The kernel's table where it can play the rule set (the same games as bots in
        # Python, sooner), bots in Python otherwise.
        path, _ = choose_kernel("auto", rule_set.rules, bots)
        config = RunConfig(rule_set.rules, rule_set.preset, games, seed=seed, bots=bots,
                           max_deals=max_deals, knobs=rule_set.knobs)  # fmt: skip
        column = Column(rule_set, RunSummary(config=config))
        runner = game_runner(config, path)
        play_ranges(column, games, partial(_play, runner), jobs=jobs, progress=progress)
        runner.close()
        column.set_rates()
        columns.append(column)
    comparison = Comparison(columns, games, seed, bots)
    mark_differences(comparison)
    return comparison


def mark_differences(comparison: Comparison) -> None:
    """Mark each rate whose interval does not overlap the first column's."""
    if not comparison.columns:
        return
    base = comparison.columns[0].rates
    for column in comparison.columns[1:]:
        for key, rate in column.rates.items():
            first = base.get(key)
            if rate is not None and first is not None and rate.of and first.of:
                rate.differs = not rate.overlaps(first)
