"""One run's context: its settings and this process's runner, made once and passed,
never a global.

A run makes its context before it starts any worker, and the context makes the game
runner then, once, so forked workers inherit it rather than each building a runner
(some milliseconds) before its first game. Each process keeps its runner for the run,
so its memo tables stay warm from one range of games to the next; no memo is shared
between processes. A spawned worker gets the context pickled, without the runner, and
makes its own the first time it plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from scorepad.rules import Rules
from scorepad.sim.kernel import heuristic_values, table_type
from scorepad.sim.parallel import fewer_collections
from scorepad.sim.runner import MAX_DEALS, GameRunner


@dataclass(eq=False)
class RunContext:
    """A run's settings, and this process's runner for it."""

    rules: Rules
    preset: str
    bots: tuple[str, ...]
    seed: int = 0
    validate: bool = True
    keep_game: bool = False
    keep_records: bool = False
    max_deals: int = MAX_DEALS
    table: str | None = None  # deals on the kernel's Table: "c" or "python" (its twin)
    check: str = "sample"
    knobs: Mapping[str, object] | None = None  # the reference's reading of the rules
    _runner: GameRunner | None = field(default=None, init=False, repr=False)
    _open: ExitStack | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.table is not None and "heuristic" in self.bots:
            heuristic_values(self.rules)  # before the workers, which inherit the values
        self.runner()

    def runner(self) -> GameRunner:
        """This process's runner for the run (made with the context, or in a spawned
        worker on first use)."""
        if self._runner is None:
            self._runner = GameRunner(
                self.rules,
                preset=self.preset,
                bots=self.bots,
                seed=self.seed,
                validate=self.validate,
                keep_game=self.keep_game,
                keep_records=self.keep_records,
                max_deals=self.max_deals,
                table=table_type(self.table) if self.table is not None else None,
                check=self.check,
                knobs=self.knobs,
            )
        return self._runner

    def close(self) -> None:
        """The run is over here: this process's runner and its memos go now."""
        if self._runner is not None:
            self._runner.close()
            self._runner = None

    def __enter__(self) -> RunContext:
        """Open for the run: the collector runs less often (`fewer_collections`) until the
        run ends and its memos are gone, so that it never walks them after the games."""
        self._open = ExitStack()
        self._open.enter_context(fewer_collections())
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
        if self._open is not None:
            self._open.close()
            self._open = None

    def __getstate__(self) -> dict[str, Any]:
        """What a spawned worker gets: the settings, not this process's runner."""
        state = dict(self.__dict__)
        state["_runner"] = None
        state["_open"] = None
        return state
