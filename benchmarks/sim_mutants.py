"""Mutation testing of the engine with mutmut, two ways: the unit tests, and the sweep alone.

    nice -n 19 python benchmarks/sim_mutants.py
        [--paths scorepad/engine/scoring.py,scorepad/engine/bids.py,...]
        [--sweep-games N] [--minutes M] [--tests "tests/test_scoring.py ..."]

mutmut (the `mutation` extra: `pip install -e '.[mutation]'`) changes the engine's
source one small mutation at a time (`<` for `<=`, `+ 1`, `and` for `or`, a number, a
name) and runs a test command against each mutant; a mutant the command fails on is
killed. This runs it twice, each in its own copy of the committed tree (mutmut edits the
files it mutates in place, and keeps its results in the copy's `.mutmut-cache`):

- the unit tests: the test modules of what is mutated (`--tests`), with pytest;
- the sweep alone: `scorepad simulate --sweep --games N` (exit 1 on a violation).

A mutant is killed when its command fails, whatever its exit status: mutmut 2 itself
counts only status 1 as a failure, which is pytest's for failed tests, but a mutated
module that no longer imports stops pytest with status 2, and a sweep that stops with
an error (a bid its bots made refused, a game that no longer reads) ends with status 2
too; each command is run by this script's `--failing-as-1` (status 1 for any failure; the
command dies with it when mutmut kills it at a timeout).

That also removes the mutated modules' bytecode before each command. mutmut puts a
file back by moving its copy (written the second the mutant was) over it, so a mutant
as long as the line it replaced leaves bytecode whose recorded time and size match the
source put back: Python would go on running that mutant, unseen, under the mutants of
the other files tested after it. (In a run here, a mutant of the ratings stayed so under
the unit tests, whose conftest turns the bytecode cache on: mutants of the engine that no
unit test tells apart were "killed" by it.)

Both skip mutations of strings (the engine's words: labels and messages, which the unit
tests check and the sweep reads only for the numbers a refusal names). Each way stops
after `--minutes`; the mutants both ways tested are compared: the kill rate of each, the
share of the unit tests' kills the sweep also kills, and every mutant the unit tests kill
and the sweep does not (the survivors), with its diff. Mutation runs are CPU-heavy: run this with
`nice -n 19`, and quote the load it prints. While it runs, read a copy's cache only
read-only: `mutmut show` updates the cache's line numbers from the file as it is then,
mutated or not.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import ctypes
import importlib.util
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The unit tests of the modules mutated: the engine's, the event standings' and the
# ratings' (test_reference's random properties take minutes a run on a busy machine:
# `--tests` can add them).
UNIT_TESTS = ("tests/test_scoring.py tests/test_bids.py tests/test_game_end.py"
              " tests/test_ratings.py tests/test_event_ratings.py tests/test_gameindex.py"
              " tests/test_cli_event.py")  # fmt: skip
# The engine's bids and scoring, a club night's standings (`event_standings`, in the
# module of the event) and the ratings.
PATHS = ("scorepad/engine/scoring.py,scorepad/engine/bids.py,scorepad/club/event.py,"
         "scorepad/club/ratings.py")  # fmt: skip
SKIPPED_TYPES = "string,fstring,decorator"


def copy_tree(into: Path) -> None:
    """The committed tree (HEAD) written out under `into`."""
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, check=True,
                             capture_output=True).stdout  # fmt: skip
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


def mutmut(tree: Path, runner: str, paths: str, *ident: str, timeout: float | None = None) -> None:
    """`mutmut run` in the copy `tree` (with its own scorepad first on the path)."""
    env = dict(os.environ, PYTHONPATH=str(tree), SCOREPAD_LANG="en")
    command = [sys.executable, "-m", "mutmut", "run", *ident, "--paths-to-mutate", paths,
               "--runner", runner, "--tests-dir", "tests",
               "--disable-mutation-types", SKIPPED_TYPES, "--no-progress"]  # fmt: skip
    subprocess.run(command, cwd=tree, env=env, timeout=timeout,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip


def run_way(name: str, runner: str, paths: str, sample: int, seed: int, minutes: float,
            work: Path) -> Path:  # fmt: skip
    """Run mutmut with `runner` in a copy of the tree over a seeded sample of `sample`
    mutants (every mutant is listed first, by a run whose test command always passes),
    for at most `minutes`; the copy."""
    deadline = time.monotonic() + minutes * 60
    tree = work / name
    tree.mkdir()
    copy_tree(tree)
    mutmut(tree, "true", paths)  # lists every mutant in the cache, testing none
    idents = sorted(statuses(tree).values())
    chosen = random.Random(seed).sample(idents, min(sample, len(idents)))
    database = sqlite3.connect(tree / ".mutmut-cache")
    database.execute("UPDATE Mutant SET status = 'untested'")
    # The baseline time mutmut keeps is that of `true`: its timeout (ten times the
    # baseline) would stop every real run; the first real run measures it again.
    database.execute("DELETE FROM MiscData WHERE key IN ('baseline_time_elapsed', 'hash_of_tests')")
    database.commit()
    database.close()
    # In the sample's own (seeded) order: the mutants tested in the time are a random
    # part of the sample, the same for both ways, not the first lines of the first file.
    for ident, _ in chosen:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            mutmut(tree, runner, paths, str(ident), timeout=left)
        except subprocess.TimeoutExpired:
            break
    return tree


def statuses(tree: Path) -> dict[tuple[str, int, int], tuple[int, str]]:
    """Each mutant (file, line, index on the line) -> (mutmut's id, status)."""
    database = sqlite3.connect(tree / ".mutmut-cache")
    rows = database.execute(
        "SELECT Mutant.id, SourceFile.filename, Line.line_number, Mutant.\"index\","
        " Mutant.status FROM Mutant JOIN Line ON Mutant.line = Line.id"
        " JOIN SourceFile ON Line.sourcefile = SourceFile.id"
    ).fetchall()
    return {(file, line, index): (ident, status) for ident, file, line, index, status in rows}


def diff_of(tree: Path, ident: int) -> str:
    shown = subprocess.run([sys.executable, "-m", "mutmut", "show", str(ident)], cwd=tree,
                           capture_output=True, text=True)  # fmt: skip
    return "\n".join(line for line in shown.stdout.splitlines() if line.startswith(("-", "+"))
                     and not line.startswith(("---", "+++")))  # fmt: skip


def failing_as_1(paths: str, command: list[str]) -> int:
    """Run `command` and give 0 if it passed, else 1; it is killed when this process is
    (mutmut kills the command it started when it runs past its timeout). The bytecode of
    the modules `paths` names (commas between) is removed first."""
    for path in paths.split(","):
        Path(importlib.util.cache_from_source(path)).unlink(missing_ok=True)
    libc = ctypes.CDLL(None, use_errno=True)
    pr_set_pdeathsig = 1  # Linux: the signal the child gets when its parent dies
    status = subprocess.call(
        command, preexec_fn=lambda: libc.prctl(pr_set_pdeathsig, signal.SIGKILL)
    )
    return 0 if status == 0 else 1


def main() -> None:
    if sys.argv[1:2] == ["--failing-as-1"]:
        raise SystemExit(failing_as_1(sys.argv[2], sys.argv[3:]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paths", default=PATHS)
    parser.add_argument("--tests", default=UNIT_TESTS)
    parser.add_argument("--sweep-games", type=int, default=1000)
    parser.add_argument("--minutes", type=float, default=60.0, help="per way, in all")
    parser.add_argument("--sample", type=int, default=10**6, help="mutants (seeded)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if shutil.which("tar") is None:
        raise SystemExit("needs tar")
    python = sys.executable
    commands = {
        "unit": f"{python} -m pytest -x -q -p no:cacheprovider -n 0 {args.tests}",
        "sweep": f"{python} -m scorepad simulate --sweep --games {args.sweep_games}"
                 " --jobs 1 --json",
    }  # fmt: skip
    # Any failure kills, not status 1 alone (see above).
    wrapper = f"{python} {Path(__file__).resolve()} --failing-as-1 {args.paths}"
    ways = {name: f"{wrapper} {command}" for name, command in commands.items()}
    started = time.perf_counter()
    with open("/proc/loadavg") as load:
        print(f"load at the start {load.read().split()[0]}", flush=True)
    with tempfile.TemporaryDirectory(prefix="scorepad-mutants-") as folder:
        work = Path(folder)
        procs = {}
        # Both ways at once, each on its own copy (the machine has two cores).

        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            for name, runner in ways.items():
                procs[name] = pool.submit(run_way, name, runner, args.paths, args.sample,
                                          args.seed, args.minutes, work)  # fmt: skip
            trees = {name: future.result() for name, future in procs.items()}
        unit, sweep = statuses(trees["unit"]), statuses(trees["sweep"])
        done = {"ok_killed", "bad_survived", "bad_timeout", "ok_suspicious"}
        both = [key for key in unit if unit[key][1] in done and sweep.get(key, (0, ""))[1] in done]
        killed = {"ok_killed", "bad_timeout", "ok_suspicious"}
        unit_kills = [key for key in both if unit[key][1] in killed]
        sweep_kills = [key for key in both if sweep[key][1] in killed]
        shared = [key for key in unit_kills if sweep[key][1] in killed]
        print(f"mutants: {len(unit)} in {args.paths} (strings not mutated); "
              f"tested both ways: {len(both)}")  # fmt: skip
        print(f"unit tests kill {len(unit_kills)} of {len(both)} "
              f"({len(unit_kills) / max(len(both), 1):.1%})")  # fmt: skip
        print(f"the sweep alone kills {len(sweep_kills)} of {len(both)} "
              f"({len(sweep_kills) / max(len(both), 1):.1%})")  # fmt: skip
        print(f"of the unit tests' kills, the sweep kills {len(shared)} of {len(unit_kills)} "
              f"({len(shared) / max(len(unit_kills), 1):.1%})")  # fmt: skip
        print("survivors of the sweep that the unit tests kill:")
        for key in sorted(set(unit_kills) - set(shared)):
            print(f"  {key[0]}:{key[1]} ({sweep[key][1]})")
            print("    " + diff_of(trees["sweep"], sweep[key][0]).replace("\n", "\n    "))
        survived_both = [key for key in both if key not in unit_kills and key not in sweep_kills]
        print(f"surviving both ways: {len(survived_both)}")
        for key in sorted(survived_both):
            print(f"  {key[0]}:{key[1]}")
            print("    " + diff_of(trees["unit"], unit[key][0]).replace("\n", "\n    "))
    with open("/proc/loadavg") as load:
        print(f"{time.perf_counter() - started:.0f} s; load at the end {load.read().split()[0]}")


if __name__ == "__main__":
    main()
