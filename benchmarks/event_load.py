"""Club night under load (benchmarks/event_load.py): seating speed, and the served room.

    python benchmarks/event_load.py [--deals N] [--watchers N] [--repeat N]

1. Seating: 40 players for 10 rounds (rotate) from `--repeat` seeds, and 20 pairs for 10
   rounds (a round robin; swiss round by round): the median and range of each. The
   issue's mark: 40 players for 10 rounds under 1 s.
2. The room: `scorepad serve --event` with 40 players at 10 tables; 10 keep clients (one a
   table, all at once) enter `--deals` deals each through the keep pages' forms, while
   `--watchers` clients load the room's page as a browser does under its refresh (again
   1 s after each load). For every entry and watcher: the time from the entry's answer to
   the first room page that watcher loaded showing it. Prints entries lost or doubled (by
   the games' files afterwards), and the p50/p95/max of that delay. The mark: 0 lost or
   doubled, p95 within 2 s. Bounded: the run stops after 180 s whatever happens.

Every figure is printed with the 1-minute load (`/proc/loadavg`).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
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


def fetch(url: str, data: dict[str, str] | None = None) -> tuple[int, str]:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    # A browser names where a form comes from: the server's own page (the other-site check).
    request = urllib.request.Request(url, data=body, headers={"Sec-Fetch-Site": "same-origin"})
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


STATE = re.compile(r"table (\d+): [^<]*?\((?:(\d+) deals?|(over))\)")


def served(deals: int, watchers: int) -> None:
    home = Path(tempfile.mkdtemp(prefix="scorepad-event-load-"))
    env = {**os.environ, "SCOREPAD_HOME": str(home), "SCOREPAD_LANG": "en"}
    players = ",".join(f"P{index:02}" for index in range(40))
    subprocess.run(
        [sys.executable, "-m", "scorepad", "event", "new", "load", "--players", players,
         "--rounds", "2", "--deals", str(deals), "--seed", "1", "--set", "target=10000"],
        env=env, check=True, capture_output=True,
    )  # fmt: skip
    server = subprocess.Popen(
        [sys.executable, "-m", "scorepad", "serve", "--event", "load", "--port", "0"],
        env=env, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        lines = []
        for line in server.stdout:
            lines.append(line)
            if line.startswith(("Scan the code", "Only this machine")):
                break
        root = re.findall(r"(http://[^/\s]+)/room/", "".join(lines))[0]
        run_room(root, deals, watchers, home)
    finally:
        server.terminate()
        server.wait(10)


def run_room(root: str, deals: int, watchers: int, home: Path) -> None:
    stop = time.monotonic() + DEADLINE
    done: dict[tuple[int, int], float] = {}  # (table, deals entered) -> when it was answered
    seen: list[dict[tuple[int, int], float]] = [{} for _ in range(watchers)]
    failures: list[str] = []
    start = threading.Barrier(10 + watchers)
    finished = threading.Event()

    def keeper(table: int) -> None:
        start.wait()
        status, _ = fetch(f"{root}/table/{table}/")
        game_url = f"{root}/keep/g/load-r1-t{table}/"
        for deal in range(1, deals + 1):
            for kind in ("bids", "tricks"):
                _status, page = fetch(game_url)
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
                status, _page = fetch(game_url + kind, form)
                if status != 303:
                    failures.append(f"table {table} deal {deal} {kind}: {status}")
                    return
            done[(table, deal)] = time.monotonic()

    def watcher(index: int) -> None:
        start.wait()
        mine = seen[index]
        while time.monotonic() < stop and not finished.is_set():
            _status, page = fetch(f"{root}/room/")
            now = time.monotonic()
            for table, count, over in STATE.findall(page):
                entered = deals if over else int(count)
                for deal in range(1, entered + 1):
                    mine.setdefault((int(table), deal), now)
            # The browser loads the page again REFRESH seconds after it has it.
            time.sleep(REFRESH)

    threads = [threading.Thread(target=keeper, args=(t,)) for t in range(1, 11)]
    threads += [threading.Thread(target=watcher, args=(w,)) for w in range(watchers)]
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
    print(
        f"room: 10 keep clients x {deals} deals in {entering:.1f} s, {watchers} watchers;"
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
    args = parser.parse_args()
    seating(args.repeat)
    served(args.deals, args.watchers)


if __name__ == "__main__":
    main()
