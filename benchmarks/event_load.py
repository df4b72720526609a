"""Club night under load (benchmarks/event_load.py): seating speed, and the served room.

    python benchmarks/event_load.py [--deals N] [--watchers N] [--repeat N]

1. Seating: 40 players for 10 rounds (rotate) from `--repeat` seeds, and 20 pairs for 10
   rounds (a round robin; swiss round by round): the median and range of each. The
   issue's mark: 40 players for 10 rounds under 1 s.
2. The room: `scorepad serve --event` with 40 players at 10 tables; 10 keep clients (one a
   table, all at once) enter `--deals` deals each through the keep pages' forms, while
   `--watchers` clients watch the room's page as a browser does: its event stream (the
   old page: loaded again 1 s after each load), each client from its own loopback
   address. For every entry and watcher: the time from the entry's answer to
   the first room page that watcher loaded showing it. Prints entries lost or doubled (by
   the games' files afterwards), and the p50/p95/max of that delay. The mark: 0 lost or
   doubled, p95 within 2 s. Bounded: the run stops after 180 s whatever happens.
3. The idle room: `--idle-watchers` clients (each from its own loopback address, as phones
   are) left on the room page with nothing entered: the server process's CPU seconds (user
   and system, from /proc) per minute, measured over `--idle-repeat` windows of
   `--idle-seconds` each after a settling pause: median and range. Today's page holds one
   event stream each (`/room/events`); with `--before TREE` the same is measured for the
   server run from TREE (`PYTHONPATH=TREE`), e.g. `git worktree add /tmp/before c34a2e4`,
   whose room page reloaded itself every second (`<meta http-equiv="refresh">`): each
   watcher loads `/room/` again 1 s after each load (the page only, not its stylesheet).
   Bounded: each server runs at most `(repeat + 1) * seconds + 60` s.

Every figure is printed with the 1-minute load (`/proc/loadavg`).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path

from scorepad.club.seating import seat_pairs, seat_rotate, seat_swiss_round
from scorepad.club.seats import RoundSeats

DEADLINE = 180.0  # seconds: the whole served run
REFRESH = 1.0  # the room page's refresh (scorepad.serve.event.REFRESH_SECONDS)


def load() -> str:
    with open("/proc/loadavg") as loadavg:
        return loadavg.read().split()[0]


def timed(work: Callable[[], object], repeat: int) -> list[float]:
    seconds = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        seconds.append(time.perf_counter() - start)
    return seconds


def swiss_night(seed: int) -> None:
    names = [f"P{index:02}" for index in range(40)]
    pairs = [(names[2 * i], names[2 * i + 1]) for i in range(20)]
    draw = random.Random(seed)
    played: list[RoundSeats] = []
    for _round in range(10):
        ranking = sorted(pairs, key=lambda _pair: draw.random())
        played.extend(seat_swiss_round(pairs, ranking, draw, played).rounds)


def seating(repeat: int) -> None:
    names = [f"P{index:02}" for index in range(40)]
    pairs = [(names[2 * i], names[2 * i + 1]) for i in range(20)]
    seeds = iter(range(10**6))
    cases: dict[str, Callable[[], object]] = {
        "rotate, 40 players, 10 rounds": lambda: seat_rotate(
            names, 10, random.Random(next(seeds))
        ),
        "pairs, 20 pairs, 10 rounds": lambda: seat_pairs(pairs, 10, random.Random(next(seeds))),
        "swiss, 20 pairs, 10 rounds": lambda: swiss_night(next(seeds)),
    }
    for label, work in cases.items():
        seconds = timed(work, repeat)
        print(
            f"seating {label}: median {statistics.median(seconds):.3f} s, range"
            f" {min(seconds):.3f}-{max(seconds):.3f} s over {repeat} seeds (load {load()})"
        )


def fetch(url: str, data: dict[str, str] | None = None, source: int = 1) -> tuple[int, str]:
    """A page (or a form sent), without following a redirect, from 127.0.0.`source`: each
    client its own address, as each phone has its own (the server limits connections per
    address)."""
    parts = urllib.parse.urlsplit(url)
    body = urllib.parse.urlencode(data) if data is not None else None
    # A browser names where a form comes from: the server's own page (the other-site check).
    headers = {"Sec-Fetch-Site": "same-origin"}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    link = http.client.HTTPConnection(
        parts.hostname or "", parts.port, timeout=30, source_address=(f"127.0.0.{source}", 0)
    )
    try:
        link.request("POST" if body is not None else "GET", parts.path, body, headers)
        response = link.getresponse()
        return response.status, response.read().decode()
    finally:
        link.close()


# A table's state: on the old room page `table 3: ... (2 deals)`, on the live board's cards
# `Table 3 <small>2 deals</small>`.
STATE = re.compile(r"[Tt]able (\d+)(?::[^<]*?\(| <small>)(?:(\d+) deals?|(over))")


def night_server(deals: int, tree: Path | None = None) -> tuple[subprocess.Popen[str], str, Path]:
    """A night of 40 players at 10 tables, served on 127.0.0.1 from this tree (or `tree`):
    the server, its root address and the games' home."""
    home = Path(tempfile.mkdtemp(prefix="scorepad-event-load-"))
    env = {**os.environ, "SCOREPAD_HOME": str(home), "SCOREPAD_LANG": "en"}
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    players = ",".join(f"P{index:02}" for index in range(40))
    subprocess.run(
        [sys.executable, "-m", "scorepad", "event", "new", "load", "--players", players,
         "--rounds", "2", "--deals", str(deals), "--seed", "1", "--set", "target=10000"],
        env=env, check=True, capture_output=True, cwd=tree,
    )  # fmt: skip
    server = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "serve", "--event", "load", "--port", "0"],
        env=env, stdout=subprocess.PIPE, text=True, cwd=tree,
    )  # fmt: skip
    assert server.stdout is not None
    lines = []
    for line in server.stdout:
        lines.append(line)
        if line.startswith(("Scan the code", "Only this machine")):
            break
    root = re.findall(r"(http://[^/\s]+)/room/", "".join(lines))[0]
    return server, root, home


def stopped(server: subprocess.Popen[str]) -> None:
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


def served(deals: int, watchers: int) -> None:
    server, root, home = night_server(deals)
    try:
        run_room(root, deals, watchers, home)
    finally:
        stopped(server)


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system, its waited-for children's too)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    # After the command's name: utime, stime, cutime, cstime are fields 14-17 (from 1).
    ticks = sum(int(value) for value in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


def idle_room(
    label: str, tree: Path | None, watchers: int, seconds: float, repeat: int
) -> None:
    """The server's CPU per minute with `watchers` left on the room page, nothing entered."""
    server, root, _home = night_server(1, tree)
    bound = time.monotonic() + (repeat + 1) * seconds + 60
    stop = threading.Event()
    failures: list[str] = []
    host, port = root.removeprefix("http://").split(":")

    def connection(index: int) -> http.client.HTTPConnection:
        # Each watcher from its own loopback address, as each phone has its own.
        return http.client.HTTPConnection(
            host, int(port), timeout=30, source_address=(f"127.0.0.{2 + index}", 0)
        )

    def reloading(index: int) -> None:  # the old page: loaded again 1 s after each load
        while not stop.is_set() and time.monotonic() < bound:
            link = connection(index)
            try:
                link.request("GET", "/room/")
                response = link.getresponse()
                response.read()
                if response.status != 200:
                    failures.append(f"watcher {index}: {response.status}")
            except OSError as error:
                failures.append(f"watcher {index}: {error}")
            finally:
                link.close()
            stop.wait(REFRESH)

    def streaming(index: int) -> None:  # today's page: loaded once, then its event stream
        link = connection(index)
        try:
            link.request("GET", "/room/")
            link.getresponse().read()
        except OSError as error:
            failures.append(f"watcher {index}: {error}")
            return
        finally:
            link.close()
        # The stream read off a plain socket: a read that times out leaves it usable.
        request = f"GET /room/events HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()
        try:
            with socket.create_connection(
                (host, int(port)), timeout=30, source_address=(f"127.0.0.{2 + index}", 0)
            ) as stream:
                stream.sendall(request)
                head = stream.recv(65536)
                if not head.startswith(b"HTTP/1.1 200"):
                    failures.append(f"watcher {index}: {head[:40]!r}")
                    return
                stream.settimeout(1.0)
                while not stop.is_set() and time.monotonic() < bound:
                    try:
                        if not stream.recv(65536):
                            failures.append(f"watcher {index}: the stream ended")
                            return
                    except TimeoutError:
                        continue
        except OSError as error:
            failures.append(f"watcher {index}: {error}")

    stream = "events" in fetch(f"{root}/room/")[1]
    watch = streaming if stream else reloading
    threads = [threading.Thread(target=watch, args=(w,)) for w in range(watchers)]
    try:
        for thread in threads:
            thread.start()
        time.sleep(min(10.0, seconds))  # every watcher connected and the first draws done
        per_minute = []
        for _ in range(repeat):
            before = cpu_seconds(server.pid)
            time.sleep(seconds)
            per_minute.append((cpu_seconds(server.pid) - before) * 60 / seconds)
        way = "one event stream each" if stream else f"the page reloaded every {REFRESH:g} s"
        print(
            f"idle room, {label}: {watchers} watchers ({way}), nothing entered: server CPU"
            f" median {statistics.median(per_minute):.2f} s per minute, range"
            f" {min(per_minute):.2f}-{max(per_minute):.2f} over {repeat} windows of"
            f" {seconds:g} s; failed {len(failures)} (load {load()})"
        )
        if failures:
            print("  " + "; ".join(failures[:5]))
    finally:
        stop.set()
        stopped(server)
        for thread in threads:
            thread.join(5)


def run_room(root: str, deals: int, watchers: int, home: Path) -> None:
    stop = time.monotonic() + DEADLINE
    done: dict[tuple[int, int], float] = {}  # (table, deals entered) -> when it was answered
    seen: list[dict[tuple[int, int], float]] = [{} for _ in range(watchers)]
    failures: list[str] = []
    start = threading.Barrier(10 + watchers)
    finished = threading.Event()

    def keeper(table: int) -> None:
        start.wait()
        status, _ = fetch(f"{root}/table/{table}/", source=1 + table)
        game_url = f"{root}/keep/g/load-r1-t{table}/"
        for deal in range(1, deals + 1):
            for kind in ("bids", "tricks"):
                _status, page = fetch(game_url, source=1 + table)
                version = re.search(r'name="version" value="([^"]+)"', page)
                number = re.search(r'name="round" value="(\d+)"', page)
                if version is None or number is None:
                    failures.append(f"table {table} deal {deal}: no {kind} form")
                    return
                form = {"version": version.group(1), "round": number.group(1)}
                if kind == "bids":
                    form.update({f"bid-{seat}": "3" for seat in range(4)})
                else:
                    form.update({"team-0": "7", "team-1": "6"})
                status, _page = fetch(game_url + kind, form, source=1 + table)
                if status != 303:
                    failures.append(f"table {table} deal {deal} {kind}: {status}")
                    return
            done[(table, deal)] = time.monotonic()

    def streaming(index: int) -> None:
        """Today's room page: its event stream, each state as it comes."""
        start.wait()
        mine = seen[index]
        host, port = root.removeprefix("http://").split(":")
        request = f"GET /room/events HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()
        with socket.create_connection(
            (host, int(port)), timeout=30, source_address=(f"127.0.0.{12 + index}", 0)
        ) as stream:
            stream.sendall(request)
            stream.settimeout(0.5)
            buffered = b""
            while time.monotonic() < stop and not finished.is_set():
                try:
                    got = stream.recv(1 << 20)
                except TimeoutError:
                    continue
                if not got:
                    failures.append(f"watcher {index}: the stream ended")
                    return
                buffered += got
                *events, buffered = buffered.split(b"\n\n")
                now = time.monotonic()
                for event in events:
                    for line in event.split(b"\n"):
                        if line.startswith(b"data: "):
                            page = json.loads(line[6:]).get("html", "")
                            for table, count, over in STATE.findall(page):
                                entered = deals if over else int(count)
                                for deal in range(1, entered + 1):
                                    mine.setdefault((int(table), deal), now)

    def watcher(index: int) -> None:
        start.wait()
        mine = seen[index]
        while time.monotonic() < stop and not finished.is_set():
            _status, page = fetch(f"{root}/room/", source=12 + index)
            now = time.monotonic()
            for table, count, over in STATE.findall(page):
                entered = deals if over else int(count)
                for deal in range(1, entered + 1):
                    mine.setdefault((int(table), deal), now)
            # The browser loads the page again REFRESH seconds after it has it.
            time.sleep(REFRESH)

    threads = [threading.Thread(target=keeper, args=(t,)) for t in range(1, 11)]
    live = "data-events" in fetch(f"{root}/room/")[1]  # the live board, or the old page
    watch = streaming if live else watcher
    threads += [threading.Thread(target=watch, args=(w,)) for w in range(watchers)]
    begun = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads[:10]:
        thread.join(max(0.0, stop - time.monotonic()))
    entering = time.monotonic() - begun
    # Let every watcher load the page once more after the last entry.
    time.sleep(REFRESH + 1.0)
    finished.set()
    for thread in threads[10:]:
        thread.join(max(0.0, stop - time.monotonic()) + 5)
    from scorepad.files.store import load_game_file

    lost = doubled = 0
    for table in range(1, 11):
        game = load_game_file(home / "games" / f"load-r1-t{table}.toml")
        played = sum(1 for r in game.rounds if r.played)
        lost += max(0, deals - played)
        doubled += max(0, len(game.rounds) - deals)
    delays = sorted(
        mine[key] - when for when_key in [done] for key, when in when_key.items()
        for mine in seen if key in mine
    )  # fmt: skip
    missing = sum(1 for key in done for mine in seen if key not in mine)
    way = "each on the room's event stream" if live else f"each reloading every {REFRESH:g} s"
    print(
        f"room: 10 keep clients x {deals} deals in {entering:.1f} s, {watchers} watchers"
        f" ({way});"
        f" entries lost {lost}, doubled {doubled}, failed requests {len(failures)}"
        f" (load {load()})"
    )
    if failures:
        print("  " + "; ".join(failures[:5]))
    if delays:
        p95 = delays[min(len(delays) - 1, int(0.95 * len(delays)))]
        print(
            f"room: entry to standings on a watcher: p50 {statistics.median(delays):.2f} s,"
            f" p95 {p95:.2f} s, max {delays[-1]:.2f} s over {len(delays)} (entry, watcher)"
            f" pairs; {missing} never seen (load {load()})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--watchers", type=int, default=40)
    parser.add_argument("--idle-watchers", type=int, default=40)
    parser.add_argument("--idle-seconds", type=float, default=20.0)
    parser.add_argument("--idle-repeat", type=int, default=3)
    parser.add_argument("--before", type=Path, help="a tree of the code before, to compare")
    parser.add_argument("--only-idle", action="store_true", help="the idle room alone")
    args = parser.parse_args()
    if not args.only_idle:
        seating(args.repeat)
        served(args.deals, args.watchers)
    idle = (args.idle_watchers, args.idle_seconds, args.idle_repeat)
    if args.before is not None:
        idle_room(f"before ({args.before})", args.before.resolve(), *idle)
    idle_room("now", None, *idle)


if __name__ == "__main__":
    main()
