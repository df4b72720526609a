"""The league: bots of graded skill, rated by the code that rates saved games."""

from __future__ import annotations

import json
import math

import pytest
from conftest import preset_rules
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.club.ratings import rate_games
from scorepad.sim.bots import SkilledBot
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.league import (
    Forecast,
    LeagueConfig,
    brier,
    calibration,
    kendall_tau,
    play_league,
    skill_of,
    wilson,
)


@pytest.mark.parametrize(
    ("first", "second", "tau"),
    [
        pytest.param([1, 2, 3, 4], [10, 20, 30, 40], 1.0, id="same-order"),
        pytest.param([1, 2, 3, 4], [4, 3, 2, 1], -1.0, id="reversed"),
        # 6 pairs: 5 concordant, 1 discordant: (5 - 1) / 6.
        pytest.param([1, 2, 3, 4], [1, 2, 4, 3], 4 / 6, id="one-swap"),
        # Ties in the truth: 5 pairs untied in it, all concordant; tau-b = 5 / sqrt(5 * 6).
        pytest.param([1, 1, 2, 3], [1, 2, 3, 4], 5 / math.sqrt(30), id="tie-in-truth"),
        pytest.param([1, 1, 1], [1, 2, 3], 0.0, id="all-tied"),
    ],
)
def test_kendall_tau_b(first: list[float], second: list[float], tau: float) -> None:
    assert kendall_tau(first, second) == pytest.approx(tau)


def test_wilson_interval_and_brier() -> None:
    # 8 of 10: the textbook 95% Wilson interval is 0.490 to 0.943.
    low, high = wilson(0.8, 10)
    assert (round(low, 3), round(high, 3)) == (0.49, 0.943)
    assert brier([(0.8, 1.0), (0.3, 0.0), (0.5, 0.5)]) == pytest.approx((0.04 + 0.09) / 3)


def test_calibration_per_tenth() -> None:
    forecasts = [Forecast(0.05, 0.5, 0.0), Forecast(0.15, 0.5, 1.0), Forecast(0.19, 0.5, 0.0),
                 Forecast(1.0, 0.5, 1.0)]  # fmt: skip
    rows = calibration(forecasts)
    assert [row["games"] for row in rows] == [1, 2, 0, 0, 0, 0, 0, 0, 0, 1]
    assert rows[1]["predicted"] == 0.17 and rows[1]["observed"] == 0.5
    assert rows[2]["observed"] is None and rows[9]["high"] == 1.0


@pytest.mark.parametrize(("skill", "bot"), [(1.0, "heuristic"), (0.0, "random")])
def test_a_skill_setting_at_either_end_is_that_bot(skill: float, bot: str) -> None:
    rules = preset_rules("standard")
    skilled = GameRunner(rules, preset="standard", seed=3, keep_game=True,
                         seat_bots=[lambda rng: SkilledBot(rng, skill)] * 4)  # fmt: skip
    plain = GameRunner(rules, preset="standard", seed=3, keep_game=True, bots=(bot,),
                       table=None)  # fmt: skip
    first, second = skilled.play_game(0), plain.play_game(0)
    assert first.game is not None and second.game is not None
    assert first.game.rounds == second.game.rounds


def test_a_small_league_is_rated_as_saved_games_are() -> None:
    config = LeagueConfig(8, 4, preset_rules("standard"), "standard", seed=2)
    report = play_league(config)
    assert report.games == len(report.played) == 8 * 4 // 4
    # Every player plays one game a round, with partners drawn anew.
    for name in report.names:
        assert sum(name in game.players for game in report.played) == 4
    assert report.ratings.players() == rate_games(report.played).players()
    assert len(report.tau_by_games) == 4 and len(report.forecasts) == report.games
    assert report.levels == [7, 6, 5, 4, 3, 2, 1, 0]
    assert skill_of(0, 8) == 0.0 and skill_of(7, 8) == 1.0
    assert report.violations == 0


def test_simulate_league_json_keys() -> None:
    result = CliRunner().invoke(
        app, ["simulate", "--league", "8", "--games-per-player", "2", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("players", "games", "levels", "kendall_tau", "tau_by_games", "calibration",
                "brier", "brier_win_rate"):  # fmt: skip
        assert key in data
    assert (data["players"], data["games"], len(data["tau_by_games"])) == (8, 4, 2)
    assert {"predicted", "observed", "games"} <= set(data["calibration"][0])
    assert data["levels"][0] == {"player": "P1", "level": 7, "heuristic_share": 1.0,
                                 "rating": data["levels"][0]["rating"]}  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--league", "10"], "--league 10: a league seats tables of four; give a multiple of 4"),
        (["--league", "4"], "--league 4: at least one player per skill level (8)"),
        (["--league", "8", "--games-per-player", "0"], "--games-per-player must be at least 1"),
    ],
)
def test_a_league_that_cannot_be_played_is_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["simulate", *args])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"scorepad: {message}\n"
