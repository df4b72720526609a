"""Every simulator benchmark in one command: speed, heuristic vs random, the soak.

Run from the repository root:

    python benchmarks/sim_all.py            # full sizes (about a quarter of an hour on 2 cores)
    python benchmarks/sim_all.py --quick    # small sizes, a minute or two
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    runs = [
        ["sim_speed.py"] + (["--repeats", "3", "--scale", "0.3"] if args.quick else []),
        ["sim_winrate.py"] + (["--games", "50"] if args.quick else []),
        ["sim_soak.py"] + (["--games", "60", "--random-games", "20"] if args.quick else []),
    ]
    failed = False
    for run in runs:
        print(f"\n$ python benchmarks/{' '.join(run)}", flush=True)
        failed |= subprocess.run([sys.executable, str(HERE / run[0]), *run[1:]]).returncode != 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
