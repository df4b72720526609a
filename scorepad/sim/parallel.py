"""Ranges of games played on several processes, each into its own sums, merged at the end.

`play_ranges` serves a simulation run (`run.simulate`, into a `RunSummary`) and a
comparison (`compare.compare`, into a `Column`): whatever is played, game `i` depends on
its index alone and the sums merge to the same whatever process played which range, so
the result does not depend on the number of processes.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkContext, SpawnContext
    from multiprocessing.process import BaseProcess
    from typing import TypeAlias

    Context: TypeAlias = ForkContext | SpawnContext


class Sums(Protocol):
    """What games are played into: sums that another process's sums merge into."""

    def merge(self, other: Any) -> None: ...


S = TypeVar("S", bound=Sums)
# Plays games start..stop-1 into the sums.
Play = Callable[[S, int, int], None]


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


def play_ranges(
    sums: S,
    games: int,
    play: Play[S],
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> S:
    """Play games 0..games-1 into `sums` (still empty), a range at a time, on `jobs`
    processes: this one and `jobs - 1` workers. `progress(n)` is told of n more games.

    Every process takes the next range from one shared counter until none is left, so
    all finish within about one range of each other, however busy the machine. Each
    plays into its own sums, a copy of the empty `sums` (inherited when forked, sent
    when spawned); a worker tells how many games it has played after each range, and
    sends its sums once, at the end, to be merged into these. This process reads the
    workers' pipes between its own ranges, so a worker never waits on a full pipe and
    progress is told as games end. Nothing else crosses between processes: no executor,
    no thread, no game's result. A worker that fails stops the run with its reason;
    Ctrl-C is left to this process, which stops the workers.
    """
    ranges = list(chunks(games, jobs))
    with fewer_collections():
        if jobs <= 1 or len(ranges) <= 1:
            for start, stop in ranges:
                play(sums, start, stop)
                if progress:
                    progress(stop - start)
            return sums
        _play_parallel(sums, ranges, play, jobs, progress)
    return sums


def _play_parallel(
    sums: S,
    ranges: Sequence[tuple[int, int]],
    play: Play[S],
    jobs: int,
    progress: Callable[[int], None] | None,
) -> None:
    import multiprocessing

    context: Context = (
        multiprocessing.get_context("fork") if _can_fork() else multiprocessing.get_context("spawn")
    )
    claims = _Claims(context)
    workers: list[tuple[BaseProcess, Connection]] = []
    parts: list[S] = []

    def take(message: _Message) -> bool:
        """File a worker's message; False once that worker is done."""
        kind, value = message
        if kind == "error":
            raise RuntimeError(f"a simulation worker failed: {value}")
        if kind == "done":
            parts.append(value)
            return False
        if progress:
            progress(value)
        return True

    try:
        for _ in range(jobs - 1):
            receive, send = context.Pipe(duplex=False)
            process = context.Process(
                target=_work, args=(sums, ranges, play, claims, send), daemon=True
            )
            process.start()
            send.close()  # the worker holds the sending end now: EOF when it dies
            workers.append((process, receive))
        busy = [receive for _, receive in workers]
        for start, stop in claims.taken(ranges):
            play(sums, start, stop)
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
    for part in parts:
        sums.merge(part)


# What a worker sends: ("played", games) after each range, then ("done", its sums), or
# ("error", why).
_Message = tuple[str, Any]


class _Claims:
    """The index of the next range to play, shared by the processes of a run."""

    def __init__(self, context: Context) -> None:
        self._next = context.RawValue("l", 0)
        self._lock = context.Lock()

    def taken(self, ranges: Sequence[tuple[int, int]]) -> Iterator[tuple[int, int]]:
        """The ranges this process takes, one at a time, until none is left."""
        while True:
            with self._lock:
                index: int = self._next.value
                self._next.value = index + 1
            if index >= len(ranges):
                return
            yield ranges[index]


def _work(
    sums: S,
    ranges: Sequence[tuple[int, int]],
    play: Play[S],
    claims: _Claims,
    send: Connection,
) -> None:
    """A worker process: play the ranges it claims into its own sums, telling the main
    process of each, and send the sums at the end.

    Ctrl-C reaches every process of the terminal's group: the worker leaves it to the
    main process, which stops the workers it started."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with fewer_collections():  # inherited when forked, not when spawned
            for start, stop in claims.taken(ranges):
                play(sums, start, stop)
                send.send(("played", stop - start))
        send.send(("done", sums))
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
