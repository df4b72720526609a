"""A simulation run: many games, spread over processes, summed into one summary.

Game `i` of a run is played from its own seed alone (`game_seed(seed, i)` on the Python
path, `kernel_seed(seed, i)` on the compiled kernel's), and the summary is built from the
games in index order, so the result is the same for any number of jobs.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad.rules import Rules
from scorepad.sim.kernel import choose_kernel
from scorepad.sim.runner import MAX_DEALS, GameResult, GameRunner, Tally, Violation

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkContext, SpawnContext
    from multiprocessing.process import BaseProcess
    from typing import TypeAlias

    Context: TypeAlias = ForkContext | SpawnContext

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
    kernel_reason: str | None = None  # why not the kernel, when it did not run

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
            "kernel_reason": self.kernel_reason,
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


_RUNNERS: dict[tuple[RunConfig, str], GameRunner] = {}


def runner_for(config: RunConfig, path: str = "python") -> GameRunner:
    """The process's runner for a run on a path ("c" or "python"): made once, so its memo
    tables stay warm."""
    runner = _RUNNERS.get((config, path))
    if runner is None:
        _RUNNERS.clear()
        runner = _RUNNERS[config, path] = GameRunner(
            config.rules,
            preset=config.preset,
            bots=config.bots,
            seed=config.seed,
            validate=config.validate,
            keep_game=config.save_dir is not None,
            keep_records=config.save_dir is not None and config.save_hands,
            max_deals=config.max_deals,
            kernel=path == "c",
        )
    return runner


def play_range(config: RunConfig, start: int, stop: int, path: str) -> list[GameResult]:
    """Play games start..stop-1 of a run on a path (in a worker process, or here)."""
    runner = runner_for(config, path)
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
    from scorepad.sim.record import hand_record, write_hand_record
    from scorepad.store import save_game

    assert config.save_dir is not None and result.game is not None
    stem = f"game-{result.index + 1:05d}"
    save_game(config.save_dir / f"{stem}.toml", result.game)
    for number, record in enumerate(result.records, start=1):
        path = config.save_dir / f"{stem}-deal-{number:03d}.hand.toml"
        write_hand_record(path, hand_record(config.rules, config.preset, record, number))


def chunks(games: int, jobs: int) -> Iterator[tuple[int, int]]:
    """Game index ranges, in order. One process plays ranges of up to 100 games. Several
    take them from a shared counter, so the ranges shrink toward the end (guided
    scheduling): up to 40 games (some milliseconds of play, so that claiming one and
    telling its end cost nothing next to it), then a share of what is left, down to 4,
    so that no process waits long for the last range of another."""
    if jobs <= 1:
        size = max(1, min(100, games))
        for start in range(0, games, size):
            yield start, min(games, start + size)
        return
    start = 0
    while start < games:
        size = max(4, min(40, (games - start) // (jobs * 8)))
        yield start, min(games, start + size)
        start += size


def simulate(
    config: RunConfig,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> RunSummary:
    """Play the run's games on `jobs` processes; `progress(n)` is told of n more games."""
    if config.save_dir is not None:
        config.save_dir.mkdir(parents=True, exist_ok=True)
    path, reason = choose_kernel(config.kernel, config.rules, config.bots)
    summary = RunSummary(config=config, kernel=path, kernel_reason=reason)
    started = time.perf_counter()
    ranges = list(chunks(config.games, jobs))
    with fewer_collections():
        if jobs <= 1 or config.games <= 1:
            for start, stop in ranges:
                for result in play_range(config, start, stop, path):
                    summary.add(result)
                if progress:
                    progress(stop - start)
        else:
            _simulate_parallel(config, path, jobs, ranges, summary, progress)
    summary.elapsed_seconds = time.perf_counter() - started
    return summary


@contextmanager
def fewer_collections(young: int = 50_000) -> Iterator[None]:
    """Run the garbage collector less often while games are played (and as before after).

    A run's first games fill the runner's memo tables with tens of thousands of small
    objects that live as long as the run and hold no cycles; at the default threshold
    (700 new objects) the collector keeps walking them, about a tenth of a short run's
    time (`benchmarks/sim_speed.py`). Games themselves make no cycles to wait for."""
    before = gc.get_threshold()
    gc.set_threshold(max(young, before[0]), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _simulate_parallel(
    config: RunConfig,
    path: str,
    jobs: int,
    ranges: Sequence[tuple[int, int]],
    summary: RunSummary,
    progress: Callable[[int], None] | None,
) -> None:
    """Play the ranges on `jobs` processes: this one and `jobs - 1` workers.

    Every process takes the next range from one shared counter until none is left, so
    all finish within about one range of each other, however busy the machine. Each
    process adds its own games to its own summary, in order; a worker tells how many
    games it has played after each range, and sends its summary once, at the end, to be
    merged into this one (`RunSummary.merge`: the same sums as adding every game here).
    This process reads the workers' pipes between its own ranges, so a worker never
    waits on a full pipe and progress is told as games end.

    Nothing else crosses between processes: no executor, no thread, and no game's
    result. Forked workers start from this process's memory; each process builds its
    own runner (in parallel) unless this one already had it warm.
    """
    import multiprocessing

    context: Context = (
        multiprocessing.get_context("fork") if _can_fork() else multiprocessing.get_context("spawn")
    )
    claims = _Claims(context)
    workers: list[tuple[BaseProcess, Connection]] = []
    partials: list[RunSummary] = []

    def take(message: _Message) -> bool:
        """File a worker's message; False once that worker is done."""
        kind, value = message
        if kind == "error":
            raise RuntimeError(f"a simulation worker failed: {value}")
        if kind == "done":
            partials.append(value)
            return False
        if progress:
            progress(value)
        return True

    try:
        for _ in range(jobs - 1):
            receive, send = context.Pipe(duplex=False)
            process = context.Process(
                target=_work, args=(config, path, ranges, claims, send), daemon=True
            )
            process.start()
            send.close()  # the worker holds the sending end now: EOF when it dies
            workers.append((process, receive))
        busy = [receive for _, receive in workers]
        while (index := claims.next()) < len(ranges):
            start, stop = ranges[index]
            for result in play_range(config, start, stop, path):
                summary.add(result)
            if progress:
                progress(stop - start)
            busy = [receive for receive in busy if _drain(receive, take)]
        for receive in busy:
            while take(_receive(receive)):
                pass
    except BaseException:
        for worker, _ in workers:
            worker.terminate()  # Ctrl-C, or a worker failed: stop the others now
        raise
    finally:
        for worker, receive in workers:
            worker.join()
            receive.close()
    for partial in partials:
        summary.merge(partial)


# What a worker sends: ("played", games) after each range, then ("done", its summary),
# or ("error", why).
_Message = tuple[str, Any]


class _Claims:
    """The index of the next range to play, shared by the processes of a run."""

    def __init__(self, context: Context) -> None:
        self._next = context.RawValue("l", 0)
        self._lock = context.Lock()

    def next(self) -> int:
        with self._lock:
            index: int = self._next.value
            self._next.value = index + 1
        return index


def _work(
    config: RunConfig,
    path: str,
    ranges: Sequence[tuple[int, int]],
    claims: _Claims,
    send: Connection,
) -> None:
    """A worker process: play the ranges it claims into its own summary, telling the
    main process of each, and send the summary at the end.

    Ctrl-C reaches every process of the terminal's group: the worker leaves it to the
    main process, which stops the workers it started."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    summary = RunSummary(config=config)
    try:
        with fewer_collections():  # inherited when forked, not when spawned
            while (index := claims.next()) < len(ranges):
                start, stop = ranges[index]
                for result in play_range(config, start, stop, path):
                    summary.add(result)
                send.send(("played", stop - start))
        send.send(("done", summary))
    except BrokenPipeError:
        pass  # the main process is gone: nobody to tell
    except Exception as error:  # noqa: BLE001 - told to the main process, which raises it
        send.send(("error", f"{type(error).__name__}: {error}"))
    finally:
        send.close()


def _drain(receive: Connection, take: Callable[[_Message], bool]) -> bool:
    """Take what a worker has sent so far, without waiting; False once it is done."""
    while receive.poll():
        if not take(_receive(receive)):
            return False
    return True


def _receive(receive: Connection) -> _Message:
    try:
        message: _Message = receive.recv()
    except EOFError:
        return ("error", "it stopped before its games were played")
    return message


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()
