"""Ratings that know how sure they are: every player rated from finished games, in order.

Pure: it takes the games' facts (`stats.GameFacts`, or a `Game` through `match_of`) in
the order they were played and returns numbers. The model is openskill's
Thurstone-Mosteller with full pairing (`MODEL`): each side's strength is the sum of its
players' skills, each skill a normal belief (`mu`, `sigma`), and a side's play in one game
that strength plus noise of spread `BETA`. Partners share the game's result, so a player
who changes partners from game to game is rated through every partner. Each player is
ranked by the conservative value `mu - K * sigma`, and is provisional while `sigma` is
above `PROVISIONAL_SIGMA`. A partnership that played `PAIR_GAMES` games or more together
is rated too, as one player against the pair across the table (from all its games).

Only finished partnership games are rated: an unfinished game has no result, and a game
of individual play (3, 5 or 6 players, each for themself) is left out, since its places
below the winner are not what the table played for and the model's noise is set for
sides. Rounds after the round that ended a game count for nothing, as everywhere. A game
that ended without a winner is rated as a draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from openskill.models import ThurstoneMostellerFull, ThurstoneMostellerFullRating

from scorepad.club.stats import GameFacts, count_game
from scorepad.engine.game import Game

# openskill's defaults, but for BETA (see docs/ratings.md, "Choosing beta").
MU = 25.0  # a new player's skill
SIGMA = MU / 3  # and how unsure it is
# The spread of a side's play in one game around its strength. openskill's default is
# SIGMA / 2 (4.17); its chances were far too sure on simulated leagues (a tenth predicted
# at 75% won 60%): one game of Spades says less. 14 had the best log-loss of the
# chances on 17 leagues (seeds 101-117) kept apart from every figure quoted.
BETA = 14.0
TAU = MU / 300  # added to every sigma before a game: skill may drift, so doubt stays
DRAW_MARGIN = 0.1  # openskill's epsilon: how close two sides' play is a draw
K = 3.0  # the rating ranked by is mu - K * sigma
# A player is provisional until sigma falls below this: after about 9 games (sigma is
# 7.3 after 10 games in the simulated leagues, and 6.2 after 30).
PROVISIONAL_SIGMA = 7.5
PAIR_GAMES = 3  # games together before a partnership's rating is shown

# The model and its settings, as openskill names them.
MODEL_SETTINGS = (
    f"openskill ThurstoneMostellerFull (mu={MU:g}, sigma={SIGMA:.4g}, beta={BETA:.4g},"
    f" tau={TAU:.4g}, epsilon={DRAW_MARGIN:g})"
)
MODEL = (
    f"{MODEL_SETTINGS}; rating = mu - {K:g} sigma; provisional while sigma > "
    f"{PROVISIONAL_SIGMA:g}; partnerships rated from {PAIR_GAMES} games together"
)


def new_model(beta: float = BETA) -> ThurstoneMostellerFull:
    """The model with scorepad's settings (`beta` other than BETA only to choose it)."""
    return ThurstoneMostellerFull(mu=MU, sigma=SIGMA, beta=beta, tau=TAU, epsilon=DRAW_MARGIN)


class Unrated(Enum):
    """Why a game is not rated."""

    UNFINISHED = "unfinished"
    INDIVIDUAL = "individual"


class Match(NamedTuple):
    """A finished partnership game as the ratings see it: the players of each side, by
    name, and the side that won (None: a draw)."""

    sides: tuple[tuple[str, ...], ...]
    winner: int | None


def match_from(facts: GameFacts) -> Match | Unrated:
    """The match a game's facts hold, or why it is not rated."""
    if any(len(seats) < 2 for seats in facts.sides):
        return Unrated.INDIVIDUAL
    if not facts.finished:
        return Unrated.UNFINISHED
    names = facts.players
    return Match(tuple(tuple(names[seat] for seat in seats) for seats in facts.sides), facts.winner)


def match_of(game: Game) -> Match | Unrated:
    """The match a game holds, from its standings, or why it is not rated."""
    return match_from(count_game(game))


def player_key(name: str) -> str:
    """Players are one player by name in any case, as in the statistics."""
    return name.casefold()


class PlayerRating(NamedTuple):
    """One player's rating: the belief (`mu`, `sigma`), the value ranked by, games rated."""

    player: str
    mu: float
    sigma: float
    rating: float
    games: int
    provisional: bool

    def as_json(self) -> dict[str, Any]:
        return _rating_json({"player": self.player}, self)


class PairRating(NamedTuple):
    """A partnership's rating, as one player against the pair across the table."""

    pair: tuple[str, str]
    mu: float
    sigma: float
    rating: float
    games: int
    provisional: bool

    def as_json(self) -> dict[str, Any]:
        return _rating_json({"pair": list(self.pair)}, self)


def _rating_json(data: dict[str, Any], rated: PlayerRating | PairRating) -> dict[str, Any]:
    data.update(
        mu=round(rated.mu, 3),
        sigma=round(rated.sigma, 3),
        rating=round(rated.rating, 3),
        games=rated.games,
        provisional=rated.provisional,
    )
    return data


@dataclass(slots=True)
class _Belief:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0


class Ratings:
    """The ratings after the matches added so far, each added in the order it was played.

    `beta` other than BETA is for choosing BETA (benchmarks/league.py --fit-beta)."""

    def __init__(self, beta: float = BETA) -> None:
        self._model = new_model(beta)
        self._players: dict[str, _Belief] = {}
        self._pairs: dict[tuple[str, ...], _Belief] = {}
        self._spellings: dict[str, Counter[str]] = {}
        self.rated = 0
        self.unrated: Counter[Unrated] = Counter()

    def add(self, match: Match | Unrated) -> None:
        """Update the ratings by one match's result (or count why a game is not)."""
        if isinstance(match, Unrated):
            self.unrated[match] += 1
            return
        sides = match.sides
        for names in sides:
            for name in names:
                self._spellings.setdefault(player_key(name), Counter())[name] += 1
        ranks = [0.0] * len(sides) if match.winner is None else [
            0.0 if side == match.winner else 1.0 for side in range(len(sides))
        ]  # fmt: skip
        players = [[self._belief(self._players, player_key(n)) for n in names] for names in sides]
        self._update(players, ranks)
        if all(len(names) == 2 for names in sides):
            pairs = [[self._belief(self._pairs, _pair_key(names))] for names in sides]
            self._update(pairs, ranks)
        self.rated += 1

    @staticmethod
    def _belief(beliefs: dict[Any, _Belief], key: Any) -> _Belief:
        belief = beliefs.get(key)
        if belief is None:
            belief = beliefs[key] = _Belief()
        return belief

    def _update(self, teams: list[list[_Belief]], ranks: list[float]) -> None:
        model = self._model
        rated = model.rate(
            [[model.rating(mu=b.mu, sigma=b.sigma) for b in team] for team in teams],
            ranks=ranks,
        )
        for team, new in zip(teams, rated, strict=True):
            for belief, after in zip(team, new, strict=True):
                belief.mu, belief.sigma = after.mu, after.sigma
                belief.games += 1

    def chances(self, sides: Sequence[Sequence[str]]) -> list[float]:
        """Each side's chance to win, from the ratings (a player not rated yet is new)."""
        model = self._model
        teams: list[list[ThurstoneMostellerFullRating]] = []
        for names in sides:
            beliefs = [self._players.get(player_key(name), _Belief()) for name in names]
            teams.append([model.rating(mu=b.mu, sigma=b.sigma) for b in beliefs])
        return model.predict_win(teams)

    def rating_of(self, names: Sequence[str]) -> float | None:
        """The rating of one player, or of a partnership of two (once it has played
        `PAIR_GAMES` games together); None for one not rated (yet)."""
        if len(names) == 1:
            belief = self._players.get(player_key(names[0]))
        else:
            belief = self._pairs.get(_pair_key(names))
            if belief is not None and belief.games < PAIR_GAMES:
                belief = None
        return _figures(belief)[2] if belief is not None else None

    def knows(self, name: str) -> bool:
        """Whether a player of this name (in any case) has been rated."""
        return player_key(name) in self._players

    def shown(self, key: str) -> str:
        """A player's name in the spelling most of their rated games use."""
        return self._spellings[key].most_common(1)[0][0]

    def players(self) -> list[PlayerRating]:
        """Every player rated, best first (by `rating`, then by name)."""
        found = [
            PlayerRating(self.shown(key), *_figures(belief))
            for key, belief in self._players.items()
        ]
        return sorted(found, key=lambda p: (-p.rating, player_key(p.player)))

    def partnerships(self) -> list[PairRating]:
        """The partnerships of `PAIR_GAMES` games or more together, best first."""
        found = []
        for key, belief in self._pairs.items():
            if belief.games >= PAIR_GAMES:
                first, second = sorted((self.shown(k) for k in key), key=player_key)
                found.append(PairRating((first, second), *_figures(belief)))
        return sorted(found, key=lambda p: (-p.rating, [player_key(n) for n in p.pair]))

    def state(self) -> dict[str, Any]:
        """Everything the ratings hold, as JSON, to go on from later (`from_state`)."""
        return {
            "players": {key: [b.mu, b.sigma, b.games] for key, b in self._players.items()},
            "pairs": [[list(key), b.mu, b.sigma, b.games] for key, b in self._pairs.items()],
            "spellings": {key: dict(counts) for key, counts in self._spellings.items()},
            "rated": self.rated,
            "unrated": {reason.value: count for reason, count in self.unrated.items()},
        }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Ratings:
        """The ratings `state` was taken from."""
        ratings = cls()
        for key, (mu, sigma, games) in state["players"].items():
            ratings._players[key] = _Belief(mu, sigma, games)
        for key, mu, sigma, games in state["pairs"]:
            ratings._pairs[tuple(key)] = _Belief(mu, sigma, games)
        for key, counts in state["spellings"].items():
            ratings._spellings[key] = Counter(counts)
        ratings.rated = state["rated"]
        ratings.unrated.update({Unrated(r): n for r, n in state["unrated"].items()})
        return ratings


def _pair_key(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(player_key(name) for name in names))


def _figures(belief: _Belief) -> tuple[float, float, float, int, bool]:
    rating = belief.mu - K * belief.sigma
    return belief.mu, belief.sigma, rating, belief.games, belief.sigma > PROVISIONAL_SIGMA


def rate_matches(matches: Iterable[Match | Unrated]) -> Ratings:
    """The ratings after every match, in the order given (the order played)."""
    ratings = Ratings()
    for match in matches:
        ratings.add(match)
    return ratings


def rate_games(games: Iterable[Game]) -> Ratings:
    """The ratings after every game, in the order given (the order played)."""
    return rate_matches(map(match_of, games))
