"""Ratings: a few games rated here by the model's equations, worked out in the test."""

from __future__ import annotations

import dataclasses
import math
from statistics import NormalDist

import pytest
from conftest import preset_rules

from scorepad.club.ratings import (
    BETA,
    DRAW_MARGIN,
    MU,
    PAIR_GAMES,
    SIGMA,
    TAU,
    K,
    Match,
    Ratings,
    Unrated,
    match_of,
    rate_games,
)
from scorepad.engine.bids import number
from scorepad.engine.game import Game, Round, SideEntry, new_game
from tests.test_stats import open_club_game, solo_game, won_then_more

NORMAL = NormalDist()


def won_by(players: tuple[str, str, str, str], side: int) -> Game:
    """Standard to 100, one round: the side `side` bids 5+5 and takes 11 (101), the other
    bids 1+1 and takes 2 (20). Side 0 is seats 1 and 3."""
    game = new_game("g", list(players), preset_rules("standard", "target=100"), preset="standard")
    winner = SideEntry((number(5), number(5)), (6, 5))
    loser = SideEntry((number(1), number(1)), (1, 1))
    sides = (winner, loser) if side == 0 else (loser, winner)
    return dataclasses.replace(game, rounds=(Round(0, sides),))


def worked_update(won: list[list[float]], lost: list[list[float]]) -> None:
    """One game by the paper's Thurstone-Mosteller full-pairing update (Weng and Lin,
    2011, algorithm 3), written out: `[mu, sigma]` of each player, changed in place."""
    for player in won + lost:
        player[1] = math.hypot(player[1], TAU)

    def v(x: float, t: float) -> float:
        return NORMAL.pdf(x - t) / NORMAL.cdf(x - t)

    def w(x: float, t: float) -> float:
        return v(x, t) * (v(x, t) + x - t)

    teams = [(won, 1.0), (lost, -1.0)]
    sums = [(sum(p[0] for p in team), sum(p[1] ** 2 for p in team)) for team, _ in teams]
    changes = []
    for index, (_, sign) in enumerate(teams):
        (mu, var), (other_mu, other_var) = sums[index], sums[1 - index]
        c = math.sqrt(var + other_var + 2 * BETA**2)
        x = sign * (mu - other_mu) / c
        omega = sign * var / c * v(x, DRAW_MARGIN / c)
        delta = math.sqrt(var) / c * var / c / c * w(x, DRAW_MARGIN / c)
        changes.append((var, omega, delta))
    for (team, _), (var, omega, delta) in zip(teams, changes, strict=True):
        for player in team:
            share = player[1] ** 2 / var
            player[0] += share * omega
            player[1] *= math.sqrt(max(1 - share * delta, 0.0001))


def test_two_games_rated_as_worked_out() -> None:
    # Ann & Cat beat Bob & Dan, then Ann & Bob beat Cat & Dan.
    games = [won_by(("Ann", "Bob", "Cat", "Dan"), 0), won_by(("Ann", "Cat", "Bob", "Dan"), 0)]
    people = {name: [MU, SIGMA] for name in ("Ann", "Bob", "Cat", "Dan")}
    worked_update([people["Ann"], people["Cat"]], [people["Bob"], people["Dan"]])
    # After one game between new players: the winners up, the losers down, by as much.
    assert people["Ann"][0] - MU == pytest.approx(MU - people["Bob"][0])
    worked_update([people["Ann"], people["Bob"]], [people["Cat"], people["Dan"]])
    rated = rate_games(games)
    found = {entry.player: entry for entry in rated.players()}
    for name, (mu, sigma) in people.items():
        assert found[name].mu == pytest.approx(mu, abs=1e-9)
        assert found[name].sigma == pytest.approx(sigma, abs=1e-9)
        assert found[name].rating == pytest.approx(mu - K * sigma, abs=1e-9)
        assert found[name].games == 2
        assert found[name].provisional
    # Ann won both, Dan lost both; Cat won the first, when the model knew least and
    # moved most, Bob the second.
    assert [entry.player for entry in rated.players()] == ["Ann", "Cat", "Bob", "Dan"]


def test_the_order_played_matters() -> None:
    first = won_by(("Ann", "Bob", "Cat", "Dan"), 0)  # Ann & Cat win
    second = won_by(("Ann", "Bob", "Cat", "Dan"), 1)  # Bob & Dan win
    one_way = {e.player: e.mu for e in rate_games([first, second]).players()}
    other_way = {e.player: e.mu for e in rate_games([second, first]).players()}
    # One win each either way, but the second game is an upset (the side rated lower
    # wins), which moves the ratings more than the first game did: its winners end above.
    assert one_way["Bob"] > one_way["Ann"]
    assert other_way["Ann"] > other_way["Bob"]


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        pytest.param(won_then_more(), Match((("Ann", "Cat"), ("Bob", "Dan")), 0),
                     id="rounds-after-the-end-count-for-nothing"),
        pytest.param(open_club_game(), Unrated.UNFINISHED, id="unfinished-not-rated"),
        pytest.param(solo_game(), Unrated.INDIVIDUAL, id="solo-3-not-rated"),
    ],
)  # fmt: skip
def test_what_a_game_counts_for(game: Game, expected: Match | Unrated) -> None:
    assert match_of(game) == expected


@pytest.mark.parametrize("preset", ["solo-5", "solo-6"])
def test_individual_play_is_not_rated(preset: str) -> None:
    rules = preset_rules(preset)
    names = [f"P{seat}" for seat in range(rules.players)]
    game = new_game("solo", names, rules, preset=preset)
    rated = rate_games([game, won_by(("A", "B", "C", "D"), 0)])
    assert (rated.rated, rated.unrated[Unrated.INDIVIDUAL]) == (1, 1)
    assert not rated.knows("P0")


def test_names_in_any_case_are_one_player_and_partnerships_need_games_together() -> None:
    games = [won_by(("Ann", "Bob", "cat", "Dan"), 0) for _ in range(PAIR_GAMES - 1)]
    rated = rate_games(games)
    assert rated.partnerships() == []
    rated.add(match_of(won_by(("ANN", "Bob", "Cat", "Dan"), 0)))
    assert [entry.player for entry in rated.players()][:2] == ["Ann", "cat"]
    pairs = rated.partnerships()
    assert [pair.pair for pair in pairs] == [("Ann", "cat"), ("Bob", "Dan")]
    assert pairs[0].games == PAIR_GAMES and pairs[0].mu > MU > pairs[1].mu


def test_chances_favour_the_better_side_and_add_up() -> None:
    rated = rate_games([won_by(("Ann", "Bob", "Cat", "Dan"), 0)] * 3)
    better, worse = rated.chances([("Ann", "Cat"), ("Bob", "Dan")])
    assert better > 0.5 > worse
    assert better + worse == pytest.approx(1.0)
    assert rated.chances([("Ann", "Bob"), ("Cat", "Dan")]) == pytest.approx([0.5, 0.5])
    # Someone never rated plays as a new player.
    assert rated.chances([("Zoe", "Yan"), ("Xia", "Wim")]) == pytest.approx([0.5, 0.5])


def test_the_state_goes_on_as_the_ratings_would() -> None:
    games = [won_by(("Ann", "Bob", "Cat", "Dan"), side % 2) for side in range(5)]
    whole = rate_games(games)
    later = Ratings.from_state(rate_games(games[:3]).state())
    for game in games[3:]:
        later.add(match_of(game))
    assert later.players() == whole.players()
    assert later.partnerships() == whole.partnerships()
    assert later.state() == whole.state()
