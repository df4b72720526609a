"""Ranges of games played on several processes, each into its own sums, merged at the end.

`play_ranges` serves a simulation run (`run.simulate`, into a `RunSummary`) and a
comparison (`compare.compare`, into a `Column`): whatever is played, game `i` depends on
its index alone and the sums merge to the same whatever process played which range, so
the result does not depend on the number of processes.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess


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
    """Run the garbage collector less often while games are played (and as before after):
    for as long as a run's context is open (`context.RunContext`), and in a spawned
    worker, which does not inherit it (`_work`).

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
    played: Callable[[], None] | None = None,
) -> S:
    """Play games 0..games-1 into `sums` (still empty), a range at a time, on `jobs`
    processes: this one and `jobs - 1` workers. `progress(n)` is told of n more games;
    `played()`, once this process has played its last range, before it waits for the
    workers' (a run lets its memos go then, while the workers finish).

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
    if jobs <= 1 or len(ranges) <= 1:
        for start, stop in ranges:
            play(sums, start, stop)
            if progress:
                progress(stop - start)
        if played:
            played()
        return sums
    _play_parallel(sums, ranges, play, jobs, progress, played)
    return sums


def _play_parallel(
    sums: S,
    ranges: Sequence[tuple[int, int]],
    play: Play[S],
    jobs: int,
    progress: Callable[[int], None] | None,
    played: Callable[[], None] | None,
) -> None:
    forked = _can_fork()
    # Forked, the workers are started with `os.fork` and talk over plain pipes: a run of
    # a second or less would wait some 15 ms for `multiprocessing` (and `ctypes` for its
    # shared counter) to import and start a process, and this process's games with it.
    claims: _Claims = _Baton() if forked else _Counter()
    start_worker = _fork if forked else _spawn
    workers: list[_Worker] = []
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
            workers.append(start_worker(sums, ranges, play, claims))
        busy = [worker.inbox for worker in workers]
        for start, stop in claims.taken(ranges):
            play(sums, start, stop)
            if progress:
                progress(stop - start)
            busy = [inbox for inbox in busy if _drain(inbox, take)]
        if played:
            played()
        for inbox in busy:
            while take(inbox.receive()):
                pass
    except BaseException:
        for worker in workers:
            worker.stop()  # Ctrl-C, or a worker failed: stop the others now
        raise
    finally:
        for worker in workers:
            worker.join()
        claims.close()
    for part in parts:
        sums.merge(part)


# What a worker sends: ("played", games) after each range, then ("done", its sums), or
# ("error", why).
_Message = tuple[str, Any]
_GONE: _Message = ("error", "it stopped before its games were played")  # its pipe ended


class _Claims(Protocol):
    """The index of the next range to play, shared by the processes of a run."""

    def taken(self, ranges: Sequence[tuple[int, int]]) -> Iterator[tuple[int, int]]:
        """The ranges this process takes, one at a time, until none is left."""
        ...

    def close(self) -> None: ...


class _Baton:
    """Claims among forked processes: a pipe that holds one message, the next index. A
    process claims by reading it (a read of 8 bytes that are there takes all 8 at once),
    so the others wait on the empty pipe until it writes the index after it back."""

    def __init__(self) -> None:
        self._read, self._write = os.pipe()
        os.write(self._write, (0).to_bytes(8, "little"))

    def taken(self, ranges: Sequence[tuple[int, int]]) -> Iterator[tuple[int, int]]:
        while True:
            index = int.from_bytes(os.read(self._read, 8), "little")
            os.write(self._write, (index + 1).to_bytes(8, "little"))
            if index >= len(ranges):
                return
            yield ranges[index]

    def close(self) -> None:
        os.close(self._read)
        os.close(self._write)


class _Counter:
    """Claims among spawned processes: a counter in shared memory, under a lock."""

    def __init__(self) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        self._next = context.RawValue("l", 0)
        self._lock = context.Lock()

    def taken(self, ranges: Sequence[tuple[int, int]]) -> Iterator[tuple[int, int]]:
        while True:
            with self._lock:
                index: int = self._next.value
                self._next.value = index + 1
            if index >= len(ranges):
                return
            yield ranges[index]

    def close(self) -> None:
        pass


class _Inbox(Protocol):
    """Where this process reads a worker's messages."""

    def poll(self) -> bool:
        """Whether a message (or the end) can be read without waiting."""
        ...

    def receive(self) -> _Message:
        """The next message, waiting for it; an error once the worker is gone."""
        ...


class _Outbox(Protocol):
    def send(self, message: _Message) -> None: ...

    def close(self) -> None: ...


class _Worker(Protocol):
    @property
    def inbox(self) -> _Inbox: ...

    def stop(self) -> None: ...

    def join(self) -> None: ...


class _Forked:
    """A worker started by `os.fork`, with a pipe of length-prefixed pickles to this
    process."""

    def __init__(self, pid: int, inbox: _PipeInbox) -> None:
        self.pid = pid
        self.inbox = inbox

    def stop(self) -> None:
        import signal

        with suppress(ProcessLookupError):  # it has ended already
            os.kill(self.pid, signal.SIGTERM)

    def join(self) -> None:
        os.waitpid(self.pid, 0)
        self.inbox.close()


class _PipeInbox:
    """A forked worker's messages, each a 4-byte length and a pickle, read from a pipe
    that this process never waits on while it has games to play."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._buffer = bytearray()
        self._ended = False
        os.set_blocking(fd, False)

    def poll(self) -> bool:
        self._fill()
        return self._ended or self._complete()

    def receive(self) -> _Message:
        while not self._complete():
            if self._ended:
                return _GONE
            import select

            select.select([self._fd], [], [])
            self._fill()
        import pickle

        size = int.from_bytes(self._buffer[:4], "little")
        message: _Message = pickle.loads(self._buffer[4 : 4 + size])
        del self._buffer[: 4 + size]
        return message

    def close(self) -> None:
        os.close(self._fd)

    def _complete(self) -> bool:
        """Whether the buffer holds a whole message."""
        held = len(self._buffer)
        return held >= 4 and held >= 4 + int.from_bytes(self._buffer[:4], "little")

    def _fill(self) -> None:
        """Read what the pipe holds now, without waiting."""
        while not self._ended:
            try:
                chunk = os.read(self._fd, 1 << 16)
            except BlockingIOError:
                return
            self._buffer += chunk
            self._ended = not chunk


class _PipeOutbox:
    def __init__(self, fd: int) -> None:
        self._fd = fd

    def send(self, message: _Message) -> None:
        import pickle

        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(len(data).to_bytes(4, "little") + data)
        while view:
            view = view[os.write(self._fd, view) :]

    def close(self) -> None:
        os.close(self._fd)


def _fork(sums: S, ranges: Sequence[tuple[int, int]], play: Play[S], claims: _Claims) -> _Worker:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: it never returns to the caller
        code = 1
        try:
            os.close(read)
            _work(sums, ranges, play, claims, _PipeOutbox(write))
            code = 0
        finally:
            os._exit(code)
    os.close(write)  # the worker holds the writing end now: EOF when it ends
    return _Forked(pid, _PipeInbox(read))


class _Spawned:
    """A worker started by `multiprocessing` (where there is no fork), with its pipe."""

    def __init__(self, process: BaseProcess, receive: Connection) -> None:
        self._process = process
        self.inbox = self
        self._receive = receive

    def poll(self) -> bool:
        return self._receive.poll()

    def receive(self) -> _Message:
        try:
            message: _Message = self._receive.recv()
        except EOFError:
            return _GONE
        return message

    def stop(self) -> None:
        self._process.terminate()

    def join(self) -> None:
        self._process.join()
        self._receive.close()


def _spawn(sums: S, ranges: Sequence[tuple[int, int]], play: Play[S], claims: _Claims) -> _Worker:
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_work, args=(sums, ranges, play, claims, send), daemon=True)
    process.start()
    send.close()  # the worker holds the sending end now: EOF when it dies
    return _Spawned(process, receive)


def _work(
    sums: S,
    ranges: Sequence[tuple[int, int]],
    play: Play[S],
    claims: _Claims,
    send: _Outbox,
) -> None:
    """A worker process: play the ranges it claims into its own sums, telling the main
    process of each, and send the sums at the end.

    Ctrl-C reaches every process of the terminal's group: the worker leaves it to the
    main process, which stops the workers it started."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with fewer_collections():  # a forked worker has it already, a spawned one not
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


def _drain(inbox: _Inbox, take: Callable[[_Message], bool]) -> bool:
    """Take what a worker has sent so far, without waiting; False once it is done."""
    while inbox.poll():
        if not take(inbox.receive()):
            return False
    return True


def _can_fork() -> bool:
    return hasattr(os, "fork")
