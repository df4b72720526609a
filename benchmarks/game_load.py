"""What the compiled tomli buys: reading a saved game with tomli, and with tomllib alone.

Saved games are read by a compiled tomli where one is installed (`toml_reader` names it),
otherwise by the standard library's tomllib. For games of 10, 40 and 200 rounds this
prints, each the median of fresh processes taking turns (alternating which goes first):

- `load`: one `load_game_file` in a process that has imported scorepad, its reader's
  import included (the first read pays it), and the reading of the same file 50 times
  more (`again`, per read): what `scorepad stats` pays per game;
- `show`: the whole `scorepad show` of that game, from start to exit.

"tomllib" runs the same code with tomli made unimportable, so the reader falls back.

Run from the repository root:

    python benchmarks/game_load.py             # 15 runs
    python benchmarks/game_load.py --runs 30 --rounds 40
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from cli_startup import long_game  # noqa: E402

from scorepad.files.store import save_game  # noqa: E402

# tomli made unimportable: the reader falls back to tomllib, as where tomli is not installed.
NO_TOMLI = "import sys; sys.modules['tomli'] = None; "
READ = """
import json, sys, time
from pathlib import Path
from scorepad.files.store import load_game_file
from scorepad.files.tomltext import toml_reader
path = Path(sys.argv[1])
start = time.perf_counter()
load_game_file(path)
first = time.perf_counter() - start
start = time.perf_counter()
for _ in range(50):
    load_game_file(path)
again = (time.perf_counter() - start) / 50
print(json.dumps({"reader": toml_reader(), "first": first, "again": again}))
"""
SHOW = "import sys; from scorepad.cli.main import main; sys.exit(main())"


def child(code: str, *args: str, env: dict[str, str]) -> tuple[float, str]:
    """Seconds a fresh `python -c code args` takes, and what it printed; it must succeed."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"a run failed ({done.returncode}):\n{done.stderr}")
    return elapsed, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per reader and size")
    parser.add_argument("--rounds", type=int, nargs="*", default=[10, 40, 200])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-") as folder:
        home = Path(folder)
        env = {**os.environ, "SCOREPAD_HOME": str(home), "COLUMNS": "80", "NO_COLOR": "1"}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: from cached bytecode
        env["PYTHONPYCACHEPREFIX"] = str(home / "pycache")
        readers = {"tomli": "", "tomllib": NO_TOMLI}
        reader_of: dict[str, str] = {}
        print(f"{sys.executable} (Python {sys.version.split()[0]}), {args.runs} runs each")
        print(f"{'rounds':>6} {'reader':<26}{'load':>9}{'again':>9}{'show':>9}{'show pairs':>12}")
        for rounds in args.rounds:
            path = home / f"game{rounds}.toml"
            save_game(path, long_game(rounds, [f"target={max(1000, rounds * 40)}"]))
            loads: dict[str, list[dict[str, float]]] = {key: [] for key in readers}
            shows: dict[str, list[float]] = {key: [] for key in readers}
            for run in range(args.runs + 1):  # the first, a warm-up, is not counted
                order = list(readers.items())
                if run % 2:
                    order.reverse()
                for key, pre in order:
                    _, out = child(pre + READ, str(path), env=env)
                    took, _ = child(pre + SHOW, "show", "-g", str(path), env=env)
                    if run:
                        loads[key].append(json.loads(out))
                        shows[key].append(took)
                    reader_of[key] = json.loads(out)["reader"]
            pairs = statistics.median(
                a / b for a, b in zip(shows["tomli"], shows["tomllib"], strict=True)
            )
            for key in readers:
                first = statistics.median(item["first"] for item in loads[key])
                again = statistics.median(item["again"] for item in loads[key])
                show = statistics.median(shows[key])
                ratio = f"{pairs:>11.2f}x" if key == "tomli" else ""
                print(
                    f"{rounds:>6} {reader_of[key]:<26}{first * 1000:>7.2f}ms"
                    f"{again * 1000:>7.2f}ms{show * 1000:>7.0f}ms{ratio}"
                )
        print("'show pairs': the median of tomli's show time over tomllib's, run by run")


if __name__ == "__main__":
    main()
