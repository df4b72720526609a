"""A simulation run: many games, spread over processes, summed into one summary.

Game `i` of a run is played from its own seed alone (`game_seed(seed, i)`, which seeds the
kernel's tables too, as `kernel_seed(seed, i)`), and the processes' summaries merge
to what adding every game in index order gives (`RunSummary.merge`), so the result is the
same for any number of jobs.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from scorepad.engine.rules import Rules
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.sim.gameloop import CHECKS, MAX_DEALS, GameRunner
from scorepad.sim.kernel import KernelReason, choose_kernel, kernel_refusal, table_type
from scorepad.sim.parallel import play_ranges
from scorepad.sim.results import GameResult, Tally, Violation

END_KINDS = ("target", "loss-limit", "boston", "sets", "draw", "unfinished")
MAX_VIOLATIONS_KEPT = 100


@dataclass(frozen=True, slots=True)
class RunConfig:
    """What to simulate."""

    rules: Rules
    preset: str
    games: int
    seed: int = 0
    bots: tuple[str, ...] = ("heuristic",)
    validate: bool = True
    save_dir: Path | None = None
    save_hands: bool = False
    max_deals: int = MAX_DEALS
    kernel: str = "auto"  # auto, c or python: see kernel.py and docs/simulator.md
    check: str = "sample"  # sample or full: table deals the Python validator replays
    # The rules as the reference read them from the preset file and the overrides
    # (`referee.knobs_of_preset`); None: the engine's rules written back.
    knobs: Mapping[str, object] | None = None


@dataclass(slots=True, kw_only=True)
class RunSummary(Tally):
    """The sums of a run; `stats()` turns them into the figures people read."""

    config: RunConfig
    games: int = 0
    violation_count: int = 0
    violations: list[Violation] = field(default_factory=list)
    ends: dict[str, int] = field(default_factory=lambda: dict.fromkeys(END_KINDS, 0))
    first_dealer_wins: int = 0
    decided: int = 0
    side_wins: list[int] = field(default_factory=list)
    bot_games: dict[str, int] = field(default_factory=dict)
    bot_wins: dict[str, int] = field(default_factory=dict)
    elapsed_seconds: float = 0.0
    kernel: str = "python"  # the path that ran: "c" (the compiled kernel) or "python"
    kernel_reason: KernelReason | None = None  # why not the kernel, when it did not run

    def add(self, result: GameResult) -> None:
        """Fold one game into the sums."""
        self.games += 1
        self.add_tally(result)
        self.violation_count += len(result.violations)
        room = MAX_VIOLATIONS_KEPT - len(self.violations)
        self.violations.extend(result.violations[: max(room, 0)])
        self.ends[result.end] = self.ends.get(result.end, 0) + 1
        if not self.side_wins:
            self.side_wins = [0] * len(result.side_bots)
        for bot in set(result.side_bots):
            self.bot_games[bot] = self.bot_games.get(bot, 0) + 1
        if result.winner is not None:
            self.decided += 1
            self.side_wins[result.winner] += 1
            self.first_dealer_wins += result.winner == result.first_dealer_side
            bot = result.side_bots[result.winner]
            self.bot_wins[bot] = self.bot_wins.get(bot, 0) + 1

    def merge(self, other: RunSummary) -> None:
        """Fold in the sums of another process's games of the same run. The violations
        kept are the first of all by game, as if every game had been added in order:
        each process adds its games in order, so its first ones are among them."""
        self.games += other.games
        self.add_tally(other)
        self.violation_count += other.violation_count
        self.violations = sorted(
            [*self.violations, *other.violations], key=lambda violation: violation.game
        )[:MAX_VIOLATIONS_KEPT]
        for end, count in other.ends.items():
            self.ends[end] = self.ends.get(end, 0) + count
        self.first_dealer_wins += other.first_dealer_wins
        self.decided += other.decided
        if other.side_wins:
            mine = self.side_wins or [0] * len(other.side_wins)
            self.side_wins = [a + b for a, b in zip(mine, other.side_wins, strict=True)]
        for bot, count in other.bot_games.items():
            self.bot_games[bot] = self.bot_games.get(bot, 0) + count
        for bot, count in other.bot_wins.items():
            self.bot_wins[bot] = self.bot_wins.get(bot, 0) + count

    def stats(self) -> dict[str, Any]:
        """The figures of the run (no timing: those stay outside, see `as_json`)."""
        sides = len(self.side_wins) or self.config.rules.sides
        return {
            "deals_per_game": _ratio(self.deals, self.games),
            "redeals": self.redeals,
            "nil": _rate(self.nil_made, self.nil_bids, "bids", "made"),
            "blind_nil": _rate(self.blind_nil_made, self.blind_nil_bids, "bids", "made"),
            "sets": _rate(self.sets, self.contracts, "contracts", "sets"),
            "set_rate": _ratio(self.sets, self.contracts),
            "bag_penalties": self.bag_penalties,
            "bag_penalties_per_game": _ratio(self.bag_penalties, self.games),
            "ends": dict(self.ends),
            "side_wins": list(self.side_wins),
            "first_dealer": {
                "decided_games": self.decided,
                "wins": self.first_dealer_wins,
                "win_rate": _ratio(self.first_dealer_wins, self.decided),
                "fair_share": round(1 / sides, 4),
            },
            "bots": {
                bot: {
                    "games": self.bot_games[bot],
                    "wins": self.bot_wins.get(bot, 0),
                    "win_rate": _ratio(self.bot_wins.get(bot, 0), self.bot_games[bot]),
                }
                for bot in sorted(self.bot_games)
            },
        }

    def as_json(self) -> dict[str, Any]:
        """One JSON object; only `elapsed_seconds` and `deals_per_second` vary between
        runs of the same seed."""
        config = self.config
        return {
            "preset": config.preset,
            "seed": config.seed,
            "bots": list(config.bots),
            "kernel": self.kernel,
            "kernel_reason": self.kernel_reason and self.kernel_reason.as_json(),
            "games": self.games,
            "deals": self.deals,
            "violation_count": self.violation_count,
            "violations": [violation.as_json() for violation in self.violations],
            "stats": self.stats(),
            "elapsed_seconds": round(self.elapsed_seconds, 3),
            "deals_per_second": round(self.deals / self.elapsed_seconds)
            if self.elapsed_seconds
            else 0,
        }


def _ratio(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _rate(part: int, whole: int, whole_name: str, part_name: str) -> dict[str, Any]:
    return {whole_name: whole, part_name: part, "rate": _ratio(part, whole)}


def game_runner(config: RunConfig, path: str) -> GameRunner:
    """This process's game runner for a run on a path ("c" or "python"): the deals are
    played on the kernel's table, compiled or its twin, where the rules and bots let it
    (`kernel_refusal`), by bots in Python otherwise. Made before any worker is forked,
    so that the workers inherit it rather than each building their own."""
    table = table_type(path) if kernel_refusal(config.rules, config.bots) is None else None
    return GameRunner(
        config.rules,
        preset=config.preset,
        bots=config.bots,
        seed=config.seed,
        validate=config.validate,
        keep_game=config.save_dir is not None,
        keep_records=config.save_dir is not None and config.save_hands,
        max_deals=config.max_deals,
        table=table,
        check=config.check,
        knobs=config.knobs,
    )


def play_range(config: RunConfig, runner: GameRunner, start: int, stop: int) -> list[GameResult]:
    """Play games start..stop-1 of a run (in a worker process, or here)."""
    results = []
    for index in range(start, stop):
        result = runner.play_game(index)
        if config.save_dir is not None:
            save_result(config, result)
        # What travels back to the parent is only numbers and violations.
        result.game = None
        result.records = []
        results.append(result)
    return results


def save_result(config: RunConfig, result: GameResult) -> None:
    """Write the game as a normal game file, and its deals as hand records if asked."""
    from scorepad.files.store import save_game
    from scorepad.sim.record import hand_record, write_hand_record

    assert config.save_dir is not None and result.game is not None
    stem = f"game-{result.index + 1:05d}"
    save_game(config.save_dir / f"{stem}.toml", result.game)
    for number, record in enumerate(result.records, start=1):
        path = config.save_dir / f"{stem}-deal-{number:03d}.hand.toml"
        write_hand_record(path, hand_record(config.rules, config.preset, record, number))


def make_save_dir(folder: Path) -> None:
    """Make the --save folder, or refuse it in one line: a file, under a file, not writable."""
    from scorepad.errors import ScorepadError

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        # The first place on the way that is there and is no folder (a file, a dead link).
        blocker = next(
            (
                place
                for place in (*reversed(folder.parents), folder)
                if (place.exists() or place.is_symlink()) and not place.is_dir()
            ),
            None,
        )
        if blocker == folder:
            what = "is a file, not a folder" if folder.exists() else "is a link to nothing"
            message = f"--save {folder} {what}; give a folder (made if missing)"
        elif blocker is not None:
            message = f"--save {folder} lies under {blocker}, which is not a folder"
        else:
            message = f"--save {folder}: cannot make the folder: {error.strerror or error}"
        raise ScorepadError(message) from None


def simulate(
    config: RunConfig,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> RunSummary:
    """Play the run's games on `jobs` processes; `progress(n)` is told of n more games."""
    if config.save_dir is not None:
        make_save_dir(config.save_dir)
    if config.check not in CHECKS:
        raise ScorepadError(
            _("{value}: choose from {choices}").format(
                value=repr(config.check), choices=", ".join(CHECKS)
            ),
            option="check",
        )
    path, reason = choose_kernel(config.kernel, config.rules, config.bots)
    summary = RunSummary(config=config, kernel=path, kernel_reason=reason)
    started = time.perf_counter()
    runner = game_runner(config, path)
    play_ranges(summary, config.games, partial(_play_into, config, runner), jobs=jobs,
                progress=progress)  # fmt: skip
    runner.close()
    summary.elapsed_seconds = time.perf_counter() - started
    return summary


def _play_into(
    config: RunConfig, runner: GameRunner, summary: RunSummary, start: int, stop: int
) -> None:
    """Play games start..stop-1 of the run into a summary (`play_ranges`)."""
    for result in play_range(config, runner, start, stop):
        summary.add(result)
