"""A league of bots of known skill, rated as people are: does the rating find the truth?

Players are heuristic bots at graded skill settings (`sim.bots.SkilledBot`: level L of
`levels` makes each choice the heuristic's with chance L / (levels - 1), else the random
bot's), as many players at each level. Every round of the league seats all players at
tables of four at random (so partners change from game to game), and each table plays
one game under the rules given, checked deal by deal as every simulated game is. Each
finished game is rated, in order, by exactly the code that rates saved games
(`ratings.Ratings.add(ratings.match_of(game))`).

Before each game, the ratings' chance that the first side wins is noted beside the
chance a win-percentage predictor gives (`win_rate_chance`); after it, the result. The
report: Kendall's tau between true skill and rating after every round (each player one
game more), the calibration of the ratings' chances per tenth of predicted chance (with
Wilson intervals), and both predictors' Brier scores.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorepad.club.ratings import MODEL, Match, Ratings, match_of
from scorepad.engine.game import Game
from scorepad.engine.rules import Rules
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.sim.bots import Bot, SkilledBot

LEVELS = 8
TABLE = 4  # players at a table: two sides of two
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True, slots=True)
class LeagueConfig:
    """What a league plays: how many players, games each, the skill levels, the rules."""

    players: int
    games_per_player: int
    rules: Rules
    preset: str
    seed: int = 0
    levels: int = LEVELS
    # The rules as the reference read them from the preset file and the overrides
    # (`referee.knobs_of_preset`); None, for rules built in code: the engine's written back.
    knobs: Mapping[str, object] | None = None


@dataclass(slots=True)
class Forecast:
    """One game's two forecasts of the first side's chance, and what happened (1 won,
    0 lost, 0.5 a draw)."""

    chance: float
    win_rate_chance: float
    result: float


@dataclass(slots=True)
class LeagueReport:
    """What a league found."""

    config: LeagueConfig
    names: list[str]
    levels: list[int]  # each player's level, by name's index
    games: int = 0
    unfinished: int = 0
    tau_by_games: list[float] = field(default_factory=list)
    forecasts: list[Forecast] = field(default_factory=list)
    ratings: Ratings = field(default_factory=Ratings)
    played: list[Game] = field(default_factory=list)  # every game, named, in order
    violations: int = 0

    @property
    def kendall_tau(self) -> float:
        return self.tau_by_games[-1] if self.tau_by_games else 0.0

    def calibration(self) -> list[dict[str, Any]]:
        """Per tenth of the ratings' chance: the mean chance, the rate observed, its 95%
        interval, and the games."""
        return calibration(self.forecasts)

    def brier(self) -> tuple[float, float]:
        """The Brier scores of the ratings' chances and of the win-rate predictor's."""
        return (
            brier([(f.chance, f.result) for f in self.forecasts]),
            brier([(f.win_rate_chance, f.result) for f in self.forecasts]),
        )

    def as_json(self) -> dict[str, Any]:
        ours, win_rate = self.brier()
        rated = {entry.player: entry for entry in self.ratings.players()}
        config = self.config
        return {
            "players": config.players,
            "games_per_player": config.games_per_player,
            "games": self.games,
            "unfinished": self.unfinished,
            "seed": config.seed,
            "preset": config.preset,
            "model": MODEL,
            "levels": [
                {
                    "player": name,
                    "level": level,
                    "heuristic_share": round(skill_of(level, config.levels), 4),
                    "rating": round(rated[name].rating, 3) if name in rated else None,
                }
                for name, level in zip(self.names, self.levels, strict=True)
            ],
            "kendall_tau": round(self.kendall_tau, 4),
            "tau_by_games": [round(tau, 4) for tau in self.tau_by_games],
            "calibration": self.calibration(),
            "brier": round(ours, 4),
            "brier_win_rate": round(win_rate, 4),
            "violations": self.violations,
        }


def skill_of(level: int, levels: int) -> float:
    """The chance that a bot of `level` makes the heuristic's choice: 0 to 1 over the levels."""
    return level / (levels - 1) if levels > 1 else 1.0


def check_league(players: int, games_per_player: int, levels: int = LEVELS) -> None:
    """Refuse a league that cannot be seated or graded."""
    if players < TABLE or players % TABLE:
        raise ScorepadError(
            _("{players}: a league seats tables of four; give a multiple of 4").format(
                players=players
            ),
            option="league",
        )
    if players < levels:
        raise ScorepadError(
            _("{players}: at least one player per skill level ({levels})").format(
                players=players, levels=levels
            ),
            option="league",
        )
    if games_per_player < 1:
        raise ScorepadError(_("must be at least 1"), option="games-per-player")


def play_league(config: LeagueConfig) -> LeagueReport:
    """Play the league round by round and rate it as it goes."""
    from scorepad.sim.gameloop import GameRunner

    check_league(config.players, config.games_per_player, config.levels)
    width = len(str(config.players))
    names = [f"P{number:0{width}d}" for number in range(1, config.players + 1)]
    # The levels from the best down, as many players at each (the first levels one more
    # when they do not divide evenly).
    levels = [
        config.levels - 1 - index * config.levels // config.players
        for index in range(config.players)
    ]
    report = LeagueReport(config, names, levels)
    rng = random.Random(f"scorepad-league:{config.seed}")
    wins = {name: 0.0 for name in names}
    played = {name: 0 for name in names}
    index = 0
    for _round in range(config.games_per_player):
        order = list(range(config.players))
        rng.shuffle(order)
        for start in range(0, config.players, TABLE):
            seats = order[start : start + TABLE]
            makers = [_maker(SkilledBot, skill_of(levels[seat], config.levels)) for seat in seats]
            runner = GameRunner(
                config.rules, preset=config.preset, seed=config.seed, keep_game=True,
                seat_bots=makers, knobs=config.knobs,
            )  # fmt: skip
            result = runner.play_game(index)
            index += 1
            report.violations += len(result.violations)
            assert result.game is not None
            game = dataclasses.replace(result.game, players=tuple(names[seat] for seat in seats))
            report.played.append(game)
            match = match_of(game)
            report.games += 1
            if not isinstance(match, Match):
                report.unfinished += 1
                report.ratings.add(match)
                continue
            _forecast(report, match, wins, played)
            report.ratings.add(match)
            for side, side_names in enumerate(match.sides):
                for name in side_names:
                    played[name] += 1
                    wins[name] += 0.5 if match.winner is None else float(match.winner == side)
        report.tau_by_games.append(_tau_now(report))
    return report


def _maker(kind: type[SkilledBot], skill: float) -> Callable[[random.Random], Bot]:
    return lambda rng: kind(rng, skill)


def _forecast(
    report: LeagueReport, match: Match, wins: dict[str, float], played: dict[str, int]
) -> None:
    chance = report.ratings.chances(match.sides)[0]
    strength = [sum(win_rate(wins[n], played[n]) for n in side) / len(side) for side in match.sides]
    result = 0.5 if match.winner is None else float(match.winner == 0)
    report.forecasts.append(Forecast(chance, win_rate_chance(*strength), result))


def win_rate(wins: float, games: int) -> float:
    """A player's win percentage, with one win and one loss added so that a player with
    few games is taken as about even (Laplace's rule of succession)."""
    return (wins + 1) / (games + 2)


def win_rate_chance(first: float, second: float) -> float:
    """The win-rate predictor: the first side's share of the two sides' mean win rates."""
    return first / (first + second)


def _tau_now(report: LeagueReport) -> float:
    rated = {entry.player: entry.rating for entry in report.ratings.players()}
    truth = [float(level) for level in report.levels]
    found = [rated.get(name, -math.inf) for name in report.names]
    return kendall_tau(truth, found)


def kendall_tau(first: Sequence[float], second: Sequence[float]) -> float:
    """Kendall's tau-b between two rankings (ties allowed in either; 0 when one is all ties)."""
    concordant = discordant = ties_first = ties_second = 0
    count = len(first)
    for i in range(count):
        for j in range(i + 1, count):
            a = (first[i] > first[j]) - (first[i] < first[j])
            b = (second[i] > second[j]) - (second[i] < second[j])
            if a == 0 and b == 0:
                continue
            if a == 0:
                ties_first += 1
            elif b == 0:
                ties_second += 1
            elif a == b:
                concordant += 1
            else:
                discordant += 1
    left = concordant + discordant + ties_first
    right = concordant + discordant + ties_second
    if not left or not right:
        return 0.0
    return (concordant - discordant) / math.sqrt(left * right)


def calibration(forecasts: Sequence[Forecast]) -> list[dict[str, Any]]:
    """Per tenth of predicted chance (0-10%, ..., 90-100%): the games in it, the mean
    chance predicted, the rate observed (a draw half a win) and its 95% Wilson interval."""
    bins: list[list[Forecast]] = [[] for _ in range(10)]
    for forecast in forecasts:
        bins[min(int(forecast.chance * 10), 9)].append(forecast)
    found = []
    for tenth, held in enumerate(bins):
        games = len(held)
        predicted = sum(f.chance for f in held) / games if games else None
        observed = sum(f.result for f in held) / games if games else None
        low, high = wilson(observed or 0.0, games) if games else (None, None)
        found.append(
            {
                "low": tenth / 10,
                "high": (tenth + 1) / 10,
                "games": games,
                "predicted": _rounded(predicted),
                "observed": _rounded(observed),
                "interval": [_rounded(low), _rounded(high)],
            }
        )
    return found


def _rounded(value: float | None) -> float | None:
    return round(value, 4) if value is not None else None


def wilson(rate: float, count: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate observed over `count` trials."""
    z2 = Z95 * Z95
    middle = (rate + z2 / (2 * count)) / (1 + z2 / count)
    spread = (
        Z95 * math.sqrt(rate * (1 - rate) / count + z2 / (4 * count * count)) / (1 + z2 / count)
    )
    return max(0.0, middle - spread), min(1.0, middle + spread)


def brier(pairs: Sequence[tuple[float, float]]) -> float:
    """The mean squared difference between chance and result (lower is better)."""
    return sum((chance - result) ** 2 for chance, result in pairs) / len(pairs) if pairs else 0.0
