"""Ranges of games played on several processes, each into its own sums, merged in order.

`play_ranges` serves a simulation run (`run.simulate`), a comparison (`compare.compare`)
and a sweep (`sweep.play_sweep`): game `i` depends on its index alone and the ranges'
sums are merged in index order, so the result does not depend on the number of processes.
The processes are the standard library's pool, forked, so each worker inherits the
caller's `play` (its runner and memos included) and keeps it warm from range to range.
"""

from __future__ import annotations

import copy
import multiprocessing
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar


class Sums(Protocol):
    """What games are played into: sums that another range's sums merge into."""

    def merge(self, other: Any) -> None: ...


S = TypeVar("S", bound=Sums)
# Plays games start..stop-1 into the sums.
Play = Callable[[S, int, int], None]


def chunks(games: int, jobs: int) -> Iterator[tuple[int, int]]:
    """Game index ranges, in order: up to 100 games for one process; for several, up to
    40, shrinking toward the end (down to 4) so that no worker waits long for another's
    last range."""
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


def can_fork() -> bool:
    """Whether workers can be forked here (elsewhere every range is played here)."""
    return "fork" in multiprocessing.get_all_start_methods()


def play_ranges(
    sums: S,
    games: int,
    play: Play[S],
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> S:
    """Play games 0..games-1 into `sums` (still empty), a range at a time, on `jobs`
    forked worker processes (this one alone for `jobs` 1, or where there is no fork);
    `progress(n)` is told of n more games. Each worker plays a range into a copy of the
    empty sums and sends it back; they are merged here in index order. A worker that
    fails stops the run with its reason."""
    ranges = list(chunks(games, jobs))
    if jobs <= 1 or len(ranges) <= 1 or not can_fork():
        for start, stop in ranges:
            play(sums, start, stop)
            if progress:
                progress(stop - start)
        return sums
    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_start_worker, initargs=(copy.deepcopy(sums), play)
    )
    try:
        futures = [pool.submit(_play_range, start, stop) for start, stop in ranges]
        for future, (start, stop) in zip(futures, ranges, strict=True):
            sums.merge(_part(future))
            if progress:
                progress(stop - start)
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)  # Ctrl-C, or a worker failed
        raise
    pool.shutdown()
    return sums


# This worker's empty sums and play function, given by the pool when it forks it.
_worker: tuple[Any, Callable[[Any, int, int], None]] | None = None


def _start_worker(empty: Any, play: Callable[[Any, int, int], None]) -> None:
    """A worker's start: keep what it plays; Ctrl-C is left to the main process."""
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker = empty, play


def _play_range(start: int, stop: int) -> Any:
    """Games start..stop-1 played in a worker, into a copy of the empty sums."""
    assert _worker is not None
    empty, play = _worker
    part = copy.deepcopy(empty)
    play(part, start, stop)
    return part


def _part(future: Future[Any]) -> Any:
    """A worker's sums, or its failure as one `RuntimeError` naming the reason."""
    try:
        return future.result()
    except BrokenProcessPool:
        raise RuntimeError(
            "a simulation worker failed: it stopped before its games were played"
        ) from None
    except Exception as error:
        raise RuntimeError(f"a simulation worker failed: {type(error).__name__}: {error}") from None
