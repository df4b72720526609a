"""`scorepad serve` under load, with keep-alive connections as a browser makes them.

Run from the repository root:

    python benchmarks/serve_load.py                      # all three parts
    python benchmarks/serve_load.py --parts cpu --baseline /tmp/base   # and an old checkout

Every server listens on 127.0.0.1 only, on a port of its own, in a scratch SCOREPAD_HOME;
nothing else is contacted, and every loop is bounded in count and time. Three parts:

- **busy**: a busy table. 20 watching pages hold event streams; 4 scorekeepers enter
  rounds into the same game as fast as the page lets them, each on one kept-alive
  connection as a phone's browser does: load the page, post its form with the version it
  carries, follow the redirect on the same connection; a form another writer beat is
  refused (409) and the page is loaded again. Games run to `--rounds` rounds, then every
  one moves to the next game. Printed: entries made and lost (made but missing from the
  files: must be 0), stale forms, the median and 95th percentile of the time from an
  entry's answer to every watcher having it (target: under 250 ms on 2 cores), memory.
- **paired**: the watch page's requests per second against a minimal Starlette app
  (`benchmarks/minimal_web.py`, served by the same `bind` and `run`), run by run, each
  for `--pair-seconds` on 4 kept-alive connections; the ratio of each pair, its median
  and range; and the server's CPU time a request of each (which the machine's other work
  disturbs far less than the rate).
- **cpu**: the server's CPU time per watch-page request (its /proc figures over the
  requests of a few seconds on one kept-alive connection), in games of 20 and of 400
  rounds; with `--baseline DIR`, the same for the scorepad of another checkout (an export
  of an older commit, say), run by run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The scorepad this script reads and writes games with: this checkout's, or (for the games
# of `--baseline`, which may not read files a newer scorepad writes) the baseline's.
sys.path.insert(0, os.environ.get("SCOREPAD_CHECKOUT", str(ROOT)))

from scorepad.engine.entry import record_bids, record_tricks  # noqa: E402
from scorepad.engine.game import new_game  # noqa: E402
from scorepad.files.presets import resolve_rules  # noqa: E402
from scorepad.files.store import load_game_file, save_game  # noqa: E402
from scorepad.pages.view import entry_count  # noqa: E402

TARGET_P95 = 0.250  # seconds
PLAYERS = ("Ann", "Bob", "Cat", "Dan")
BIDS = {"bid-0": "4", "bid-1": "3", "bid-2": "2", "bid-3": "5"}
TRICKS = {"team-0": "6", "team-1": "7"}  # Us make 6, Them are set: the game goes on
OWN_PAGE = {"Sec-Fetch-Site": "same-origin"}  # what a browser says of a form of the page


def game_name(index: int) -> str:
    return f"load-{index:03d}"


def make_game(home: Path, index: int, rounds: int = 0, name: str = "") -> str:
    """A game nobody wins soon, with `rounds` rounds played (each side made, then set,
    in turn: the scores go up and down by less than 100); its name."""
    preset, rules = resolve_rules("standard", ["target=10000"])
    name = name or game_name(index)
    game = new_game(name, PLAYERS, rules, preset=preset, sides=("Us", "Them"))
    for number in range(rounds):
        game = record_bids(game, ["Ann=4", "Bob=3", "Cat=2", "Dan=5"])
        game = record_tricks(game, ["Us=6", "Them=7"] if number % 2 else ["Us=5", "Them=8"])
    save_game(home / "games" / f"{name}.toml", game)
    return name


class Connection:
    """One kept-alive HTTP/1.1 connection, as a browser holds one."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        """The status, headers and body of one request; reconnects if the server closed."""
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
        for key, value in (headers or {}).items():
            head += f"{key}: {value}\r\n"
        if body:
            head += "Content-Type: application/x-www-form-urlencoded\r\n"
            head += f"Content-Length: {len(body)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)
        top = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        fields = {}
        for line in top[1:]:
            key, _, value = line.partition(":")
            fields[key.strip().lower()] = value.strip()
        answer = await self.reader.readexactly(int(fields.get("content-length", "0")))
        if fields.get("connection", "").lower() == "close":
            self.close()
        return int(top[0].split()[1]), fields, answer

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.writer = None


# ---------------------------------------------------------------------------
# Servers


@dataclass
class Served:
    process: subprocess.Popen[str]
    port: int
    watch: str  # the links' paths
    keep: str

    def cpu(self) -> float:
        """The server's CPU time so far, user and system, in seconds (Linux)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def serving(home: Path, *args: str, checkout: Path = ROOT) -> Iterator[Served]:
    """`scorepad serve ARGS` of a checkout, on a free port of 127.0.0.1."""
    env = {**os.environ, "SCOREPAD_HOME": str(home), "PYTHONPATH": str(checkout)}
    process = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "serve", *args, "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=checkout,
    )
    try:
        assert process.stdout is not None
        links = {}
        for line in process.stdout:
            if line.startswith(("Watch", "Keep")):
                links[line.split()[0]] = urllib.parse.urlsplit(line.split()[-1])
            if line.startswith(("Scan", "Only this machine")):
                break
        port = links["Watch"].port
        assert port is not None
        yield Served(process, port, links["Watch"].path, links["Keep"].path)
    finally:
        process.terminate()
        process.wait(10)


@contextmanager
def minimal_serving() -> Iterator[Served]:
    """The minimal Starlette app of `benchmarks/minimal_web.py`, served the same way."""
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("minimal_web.py"))],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().split()[1])
        yield Served(process, port, "/", "/")
    finally:
        process.terminate()
        process.wait(10)


# ---------------------------------------------------------------------------
# busy: watchers and writers


@dataclass
class Run:
    port: int
    home: Path
    keep: str  # the keep link's path prefix
    watch: str
    rounds: int
    watchers: int
    deadline: float
    game: int = 0
    # (game, entries) -> when the writer got its answer
    made: list[tuple[int, int, float]] = field(default_factory=list)
    stale: int = 0
    already: int = 0  # the same entry sent by a second writer, answered as in already
    entered: set[tuple[int, int]] = field(default_factory=set)
    # per watcher: (game, entries) -> when it first had a state with at least that many
    seen: list[dict[tuple[int, int], float]] = field(default_factory=list)
    created: dict[int, asyncio.Event] = field(default_factory=dict)
    ready: dict[int, asyncio.Event] = field(default_factory=dict)
    opened: dict[int, int] = field(default_factory=dict)

    def created_for(self, game: int) -> asyncio.Event:
        """Set once game `game`'s file is saved: watchers open it then, not before."""
        return self.created.setdefault(game, asyncio.Event())

    def ready_for(self, game: int) -> asyncio.Event:
        """Set once every watcher has game `game` open: writers start on it then."""
        return self.ready.setdefault(game, asyncio.Event())


async def watch(run: Run, index: int) -> None:
    """One phone's page: an event stream per game, moving on when a game is full."""
    seen = run.seen[index]
    game = 0
    while True:
        await run.created_for(game).wait()
        path = f"{run.watch}g/{game_name(game)}/events"
        reader, writer = await asyncio.open_connection("127.0.0.1", run.port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{run.port}\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            raise RuntimeError(f"{path}: {head.splitlines()[0].decode()}")
        buffer = b""
        best = -1
        full = 2 * run.rounds
        while best < full:
            size = int((await reader.readline()).strip(), 16)  # chunked transfer
            buffer += (await reader.readexactly(size + 2))[:-2]
            *events, buffer = buffer.split(b"\n\n")
            now = time.monotonic()
            for event in events:
                for line in event.split(b"\n"):
                    if not line.startswith(b"data: "):
                        continue
                    entries = int(json.loads(line[6:])["entries"])
                    if best < 0:
                        run.opened[game] = run.opened.get(game, 0) + 1
                        if run.opened[game] == run.watchers:
                            run.ready_for(game).set()
                    for count in range(best + 1, entries + 1):
                        seen[(game, count)] = now
                    best = max(best, entries)
        writer.close()
        game += 1


FORM = re.compile(rb'<form class="entry (bids|tricks)".*?name="version" value="(\w+)".*?'
                  rb'name="round" value="(\d+)"', re.S)  # fmt: skip


async def write(run: Run) -> None:
    """A scorekeeper entering rounds as fast as the page lets them, on one connection."""
    connection = Connection(run.port)
    while time.monotonic() < run.deadline:
        game = run.game
        try:
            await asyncio.wait_for(run.ready_for(game).wait(), run.deadline - time.monotonic())
        except TimeoutError:
            break
        base = f"{run.keep}g/{game_name(game)}/"
        status, _, page = await connection.request("GET", base)
        form = FORM.search(page)
        assert status == 200 and form, f"no entry form on {base} ({status})"
        kind, version, number = form.group(1).decode(), form.group(2), int(form.group(3))
        if number > run.rounds:  # this game is full: open the next one, once
            if run.game == game:
                make_game(run.home, game + 1)
                run.game = game + 1
                run.created_for(game + 1).set()
            continue
        fields = BIDS if kind == "bids" else TRICKS
        body = urllib.parse.urlencode({"version": version.decode(), "round": number, **fields})
        status, _, _ = await connection.request("POST", base + kind, body.encode(), OWN_PAGE)
        now = time.monotonic()
        entry = (game, 2 * number - (kind == "bids"))
        if status == 303 and entry in run.entered:
            run.already += 1  # another writer's same entry: found in already, not entered
        elif status == 303:
            run.entered.add(entry)
            run.made.append((*entry, now))
        elif status == 409:
            run.stale += 1
        else:
            raise RuntimeError(f"an entry got {status}")
    connection.close()


def memory(pid: int) -> tuple[int, int]:
    """The server's resident memory now and at its peak, in KiB (Linux)."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(value.split()[0])
    return values.get("VmRSS", 0), values.get("VmHWM", 0)


async def drive(run: Run, writers: int) -> None:
    run.created_for(0).set()
    watching = [asyncio.create_task(watch(run, index)) for index in range(run.watchers)]
    await asyncio.gather(*(write(run) for _ in range(writers)))
    await asyncio.sleep(2.0)  # the last entries reach every watcher, or count as late
    for task in watching:
        task.cancel()
    for outcome in await asyncio.gather(*watching, return_exceptions=True):
        if not isinstance(outcome, asyncio.CancelledError | None):
            raise outcome  # a watcher that failed is a failed run, not a slow one


def busy(args: argparse.Namespace) -> None:
    home = Path(tempfile.mkdtemp(prefix="scorepad-serve-load-"))
    make_game(home, 0)
    with serving(home, "--all") as served:
        run = Run(
            port=served.port,
            home=home,
            keep=served.keep,
            watch=served.watch,
            rounds=args.rounds,
            watchers=args.watchers,
            deadline=time.monotonic() + args.seconds,
        )
        run.seen = [{} for _ in range(args.watchers)]
        started = time.monotonic()
        asyncio.run(drive(run, args.writers))
        elapsed = time.monotonic() - started - 2.0
        rss, peak = memory(served.process.pid)

    in_files = sum(
        entry_count(load_game_file(home / "games" / f"{game_name(index)}.toml"))
        for index in range(run.game + 1)
    )
    delays = []
    late = 0
    for game, entries, answered in run.made:
        arrivals = [seen.get((game, entries)) for seen in run.seen]
        if any(arrival is None for arrival in arrivals):
            late += 1
            continue
        delays.append(max(0.0, max(a for a in arrivals if a is not None) - answered))
    delays.sort()
    p95 = delays[int(0.95 * (len(delays) - 1))] if delays else float("nan")
    print(
        f"busy: {args.watchers} watchers, {args.writers} keep-alive writers, {elapsed:.1f} s, "
        f"games of {args.rounds} rounds (load: {os.getloadavg()[0]:.2f})"
    )
    print(
        f"  entries made: {len(run.made)} ({len(run.made) / elapsed:.1f}/s), "
        f"in {run.game + 1} games"
    )
    print(f"  entries lost: {len(run.made) - in_files} (the game files hold {in_files})")
    print(f"  stale forms refused: {run.stale}; found in already: {run.already}")
    print(
        f"  to every watcher: median {1000 * statistics.median(delays):.0f} ms, "
        f"95th percentile {1000 * p95:.0f} ms (target < {1000 * TARGET_P95:.0f} ms); "
        f"not seen by all within 2 s after the run: {late}"
    )
    print(f"  server memory: {rss / 1024:.1f} MiB resident, peak {peak / 1024:.1f} MiB")
    shutil.rmtree(home, ignore_errors=True)


# ---------------------------------------------------------------------------
# paired: the watch page against a minimal app; cpu: the page's CPU by rounds


async def rate(
    served: Served, path: str, seconds: float, connections: int = 4
) -> tuple[float, float]:
    """Requests per second of `path`, answered on `connections` kept-alive connections,
    and the server's CPU time per request meanwhile (which other work on the machine
    disturbs far less than the rate)."""
    done = 0
    deadline = time.monotonic() + seconds

    async def client() -> None:
        nonlocal done
        connection = Connection(served.port)
        while time.monotonic() < deadline:
            status, _, _ = await connection.request("GET", path)
            assert status == 200, status
            done += 1
        connection.close()

    started, cpu = time.monotonic(), served.cpu()
    await asyncio.gather(*(client() for _ in range(connections)))
    return done / (time.monotonic() - started), (served.cpu() - cpu) / done


async def cpu_per_request(served: Served, path: str, seconds: float) -> tuple[float, float, int]:
    """The server's CPU and the wall time per request of `path` on one kept-alive
    connection, over the requests of `seconds` (after 5 to warm up), and how many."""
    connection = Connection(served.port)
    for _ in range(5):
        await connection.request("GET", path)
    count = 0
    cpu, started = served.cpu(), time.monotonic()
    while time.monotonic() - started < seconds or count < 10:
        status, _, _ = await connection.request("GET", path)
        assert status == 200, status
        count += 1
    wall = time.monotonic() - started
    connection.close()
    return (served.cpu() - cpu) / count, wall / count, count


def paired(args: argparse.Namespace) -> None:
    home = Path(tempfile.mkdtemp(prefix="scorepad-serve-paired-"))
    name = make_game(home, 0, rounds=20, name="twenty")
    ratios, pages, floors, costs, floor_costs, cost_ratios = [], [], [], [], [], []
    with serving(home, name) as served, minimal_serving() as minimal:
        path = f"{served.watch}g/{name}/"
        for _ in range(args.pairs):
            page, cost = asyncio.run(rate(served, path, args.pair_seconds))
            floor, floor_cost = asyncio.run(rate(minimal, "/", args.pair_seconds))
            pages.append(page)
            floors.append(floor)
            ratios.append(page / floor)
            costs.append(1000 * cost)
            floor_costs.append(1000 * floor_cost)
            cost_ratios.append(cost / floor_cost)
    print(
        f"paired: the watch page (20 rounds) against a minimal Starlette app, {args.pairs} "
        f"pairs of {args.pair_seconds:g} s, 4 kept-alive connections each "
        f"(load: {os.getloadavg()[0]:.2f})"
    )
    print(f"  watch page: median {statistics.median(pages):.0f} requests/s "
          f"(range {min(pages):.0f}-{max(pages):.0f})")  # fmt: skip
    print(f"  minimal app: median {statistics.median(floors):.0f} requests/s "
          f"(range {min(floors):.0f}-{max(floors):.0f})")  # fmt: skip
    print(f"  ratio: median {statistics.median(ratios):.3f} "
          f"(range {min(ratios):.3f}-{max(ratios):.3f})")  # fmt: skip
    print(f"  server CPU a request: watch page median {statistics.median(costs):.2f} ms "
          f"({min(costs):.2f}-{max(costs):.2f}), minimal app "
          f"{statistics.median(floor_costs):.2f} ms "
          f"({min(floor_costs):.2f}-{max(floor_costs):.2f}); ratio median "
          f"{statistics.median(cost_ratios):.2f} "
          f"({min(cost_ratios):.2f}-{max(cost_ratios):.2f})")  # fmt: skip
    shutil.rmtree(home, ignore_errors=True)


CPU_ROUNDS = (20, 400)


def cpu_games(home: Path) -> None:
    """The cpu part's games, of 20 and of 400 rounds, written into `home`."""
    for rounds in CPU_ROUNDS:
        make_game(home, 0, rounds=rounds, name=f"r{rounds}")


def cpu(args: argparse.Namespace) -> None:
    names = {rounds: f"r{rounds}" for rounds in CPU_ROUNDS}
    checkouts = {"this checkout": ROOT}
    if args.baseline:
        checkouts["baseline"] = Path(args.baseline).resolve()
    homes = {}
    for label, checkout in checkouts.items():
        homes[label] = Path(tempfile.mkdtemp(prefix="scorepad-serve-cpu-"))
        # Each checkout's games written by its own scorepad, as its own server reads them.
        subprocess.run(
            [sys.executable, __file__, "--write-games", str(homes[label])],
            env={**os.environ, "SCOREPAD_CHECKOUT": str(checkout)},
            check=True,
        )
    figures: dict[tuple[str, int], list[tuple[float, float, int]]] = {}
    servers = {}
    with contextlib.ExitStack() as stack:
        for label, checkout in checkouts.items():
            servers[label] = stack.enter_context(
                serving(homes[label], "--all", checkout=checkout)
            )
        for _ in range(args.repeats):
            for label, served in servers.items():
                for rounds, name in names.items():
                    path = f"{served.watch}g/{name}/"
                    figure = asyncio.run(cpu_per_request(served, path, args.cpu_seconds))
                    figures.setdefault((label, rounds), []).append(figure)
    print(
        f"cpu: the server's CPU per watch-page request on one kept-alive connection, "
        f"{args.repeats} runs of {args.cpu_seconds:g} s each (load: {os.getloadavg()[0]:.2f})"
    )
    for (label, rounds), runs in figures.items():
        cpus = [1000 * run[0] for run in runs]
        walls = [1000 * run[1] for run in runs]
        print(
            f"  {label}, {rounds} rounds: CPU median {statistics.median(cpus):.2f} ms "
            f"(range {min(cpus):.2f}-{max(cpus):.2f}), wall median "
            f"{statistics.median(walls):.2f} ms, {sum(run[2] for run in runs)} requests"
        )
    if args.baseline:
        for rounds in names:
            base = statistics.median(run[0] for run in figures["baseline", rounds])
            now = statistics.median(run[0] for run in figures["this checkout", rounds])
            print(f"  {rounds} rounds: the baseline's CPU / this checkout's: {base / now:.1f}")
    for home in homes.values():
        shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--parts", default="busy,paired,cpu", help="which parts, comma-separated")
    parser.add_argument("--seconds", type=float, default=20.0, help="of the busy part")
    parser.add_argument("--watchers", type=int, default=20)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=25, help="rounds in each busy game")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--pair-seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=5, help="runs of the cpu part")
    parser.add_argument("--cpu-seconds", type=float, default=2.0)
    parser.add_argument("--baseline", help="another checkout's root, measured beside this")
    parser.add_argument("--write-games", help=argparse.SUPPRESS)  # the cpu part's, into HOME
    args = parser.parse_args()
    if args.write_games:
        cpu_games(Path(args.write_games))
        return
    parts = {"busy": busy, "paired": paired, "cpu": cpu}
    for part in args.parts.split(","):
        parts[part](args)


if __name__ == "__main__":
    main()
