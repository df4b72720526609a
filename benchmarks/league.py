"""The figures of the simulated league: does the rating find the bots' true order?

Plays `scorepad simulate --league 16 --games-per-player 30` (16 bots in 8 skill levels,
the standard preset) for seeds 1 to 5 and prints Kendall's tau at 30 games and both
Brier scores for each, and their medians; then pools seeds 1 to 17 (2,040 games) for the
calibration of the ratings' chances per tenth, each tenth with its 95% Wilson interval
and the gap between predicted and observed. The goals of issue 31 are printed beside
the figures, met or not. Beside the ratings' tau, a bound on what the results hold: the
tau of a Bradley-Terry fit of each whole league at once (`batch_tau`).

`--fit-beta` shows how `ratings.BETA` was chosen: the same league for seeds 101 to 117,
none of which any figure above uses, rated again at each beta, with the log-loss and
Brier score of the chances (lower is better).

    python benchmarks/league.py
    python benchmarks/league.py --games-per-player 100   # tau with more games
    python benchmarks/league.py --fit-beta
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.club.ratings import BETA, Match, Ratings, match_of  # noqa: E402
from scorepad.files.presets import load_preset  # noqa: E402
from scorepad.sim.league import (  # noqa: E402
    LeagueConfig,
    LeagueReport,
    brier,
    calibration,
    kendall_tau,
    play_league,
)

TAU_GOAL, GAP_GOAL, BIN_GAMES = 0.8, 0.05, 100


def league(seed: int, games_per_player: int) -> LeagueReport:
    rules = load_preset("standard").rules
    return play_league(LeagueConfig(16, games_per_player, rules, "standard", seed=seed))


def figures(games_per_player: int) -> None:
    started = time.perf_counter()
    reports = {seed: league(seed, games_per_player) for seed in range(1, 18)}
    print(
        f"17 leagues of 16 bots, {games_per_player} games a player, played and rated in"
        f" {time.perf_counter() - started:.0f} s"
    )
    taus, ours, theirs = [], [], []
    for seed in range(1, 6):
        report = reports[seed]
        mine, win_rate = report.brier()
        taus.append(report.kendall_tau)
        ours.append(mine)
        theirs.append(win_rate)
        print(
            f"  seed {seed}: tau {report.kendall_tau:.3f}, Brier {mine:.4f} (win rate"
            f" {win_rate:.4f}), violations {report.violations}"
        )
    median_tau = statistics.median(taus)
    print(
        f"seeds 1-5: median tau {median_tau:.3f} (goal >= {TAU_GOAL}:"
        f" {'met' if median_tau >= TAU_GOAL else 'not met'}); Brier better than the win-rate"
        f" predictor in {sum(a < b for a, b in zip(ours, theirs, strict=True))} of 5"
        f" (median {statistics.median(ours):.4f} against {statistics.median(theirs):.4f})"
    )
    by_games = [
        statistics.median(reports[s].tau_by_games[g] for s in range(1, 18))
        for g in range(games_per_player)
    ]
    reached = next((g + 1 for g, tau in enumerate(by_games) if tau >= TAU_GOAL), None)
    batch = [batch_tau(reports[seed]) for seed in range(1, 18)]
    print(
        "a bound on what the results hold: a Bradley-Terry fit of each whole league at once"
        f" (every game seen together, not one after another) has a median tau of"
        f" {statistics.median(batch):.3f} over seeds 1-17 ({statistics.median(batch[:5]):.3f}"
        f" over 1-5); the ratings {statistics.median(r.kendall_tau for r in reports.values()):.3f}"
    )
    print(
        "median tau over seeds 1-17 after games a player: "
        + ", ".join(f"{g + 1}: {by_games[g]:.2f}" for g in range(4, games_per_player, 5))
        + (f"; first at least {TAU_GOAL} after {reached}" if reached else "")
    )
    pooled = [forecast for report in reports.values() for forecast in report.forecasts]
    everything = (
        brier([(f.chance, f.result) for f in pooled]),
        brier([(f.win_rate_chance, f.result) for f in pooled]),
    )
    print(
        f"seeds 1-17, {len(pooled)} games: Brier {everything[0]:.4f}, win-rate predictor"
        f" {everything[1]:.4f}; calibration of the first side's chance:"
    )
    worst = 0.0
    for row in calibration(pooled):
        if not row["games"]:
            continue
        gap = row["observed"] - row["predicted"]
        if row["games"] >= BIN_GAMES:
            worst = max(worst, abs(gap))
        low, high = row["interval"]
        inside = low <= row["predicted"] <= high
        print(
            f"  {row['low']:.1f}-{row['high']:.1f}: {row['games']:4d} games, predicted"
            f" {row['predicted']:.3f}, observed {row['observed']:.3f} [{low:.3f}, {high:.3f}],"
            f" gap {100 * gap:+.1f} points{'' if inside else ' (outside the interval)'}"
        )
    print(
        f"largest gap in a tenth of {BIN_GAMES}+ games: {100 * worst:.1f} points (goal within"
        f" {100 * GAP_GOAL:.0f}: {'met' if worst <= GAP_GOAL else 'not met'})"
    )


def batch_tau(report: LeagueReport) -> float:
    """Kendall's tau of a Bradley-Terry fit of the whole league at once: each player's
    strength by maximum likelihood (a side's strength the sum of its players'; a small
    ridge keeps it finite), by gradient ascent."""
    index = {name: number for number, name in enumerate(report.names)}
    games = []
    for match in map(match_of, report.played):
        if isinstance(match, Match):
            first, second = ([index[name] for name in side] for side in match.sides)
            games.append((first, second, 0.5 if match.winner is None else float(match.winner == 0)))
    strength = [0.0] * len(report.names)
    for _ in range(2000):
        step = [-0.05 * value for value in strength]
        for first, second, result in games:
            gap = sum(strength[i] for i in first) - sum(strength[i] for i in second)
            surprise = result - 1 / (1 + math.exp(-gap))
            for i in first:
                step[i] += surprise
            for i in second:
                step[i] -= surprise
        strength = [value + 0.05 * change for value, change in zip(strength, step, strict=True)]
    return kendall_tau([float(level) for level in report.levels], strength)


def fit_beta() -> None:
    matches: list[list[Match]] = []
    for seed in range(101, 118):
        report = league(seed, 30)
        matches.append([m for m in map(match_of, report.played) if isinstance(m, Match)])
    for beta in (25 / 6, 6, 8, 10, 12, 13, 14, 15, 16, 18, 20):
        loss, squares, count = 0.0, 0.0, 0
        for played in matches:
            ratings = Ratings(beta=beta)
            for match in played:
                chance = ratings.chances(match.sides)[0]
                result = 0.5 if match.winner is None else float(match.winner == 0)
                loss -= result * math.log(chance) + (1 - result) * math.log(1 - chance)
                squares += (chance - result) ** 2
                count += 1
                ratings.add(match)
        chosen = "  <- ratings.BETA" if beta == BETA else ""
        print(
            f"beta {beta:6.3f}: log-loss {loss / count:.4f}, Brier {squares / count:.4f}"
            f" over {count} games{chosen}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games-per-player", type=int, default=30)
    parser.add_argument("--fit-beta", action="store_true")
    args = parser.parse_args()
    if args.fit_beta:
        fit_beta()
    else:
        figures(args.games_per_player)


if __name__ == "__main__":
    main()
