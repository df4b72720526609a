"""Games: players, sides and rounds (inputs only); standings are folded from the rounds.

A round holds what was said and taken at the table: its dealer and, for each side, the
bids (one per player, or one joint team bid) and the tricks (one per player, or one team
total), the tricks being None until the round is played. Scores, bags and the winner are
never stored: `standings` recomputes them with the engine every time.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from scorepad.bids import Bid, BidKind, check_side_bids, check_table_bids
from scorepad.errors import GameError, TricksError
from scorepad.rules import Rules
from scorepad.scoring import Hand, Outcome, SideScore, judge_end, score_side


@dataclass(frozen=True, slots=True)
class SideEntry:
    """One side's part of a round: its bids, and its tricks once the round is played."""

    bids: tuple[Bid, ...]
    tricks: tuple[int, ...] | None = None

    @property
    def joint_bid(self) -> bool:
        return len(self.bids) == 1

    @property
    def played(self) -> bool:
        return self.tricks is not None


@dataclass(frozen=True, slots=True)
class Round:
    """One deal: who dealt (a seat) and each side's entry, in side order."""

    dealer: int
    sides: tuple[SideEntry, ...]

    @property
    def played(self) -> bool:
        return all(side.played for side in self.sides)


@dataclass(frozen=True, slots=True)
class Game:
    """A game's facts: names, the rules snapshot, the first dealer and the rounds."""

    name: str
    players: tuple[str, ...]
    sides: tuple[str, ...]
    preset: str
    rules: Rules
    first_dealer: int = 0
    rounds: tuple[Round, ...] = ()

    def dealer_for(self, number: int) -> int:
        """The seat that deals round `number` (1-based): the deal passes clockwise."""
        return (self.first_dealer + number - 1) % len(self.players)

    def side_players(self, side: int) -> tuple[str, ...]:
        return tuple(self.players[seat] for seat in self.rules.seats_of(side))


def side_hands(rules: Rules, entry: SideEntry, names: Sequence[str]) -> list[Hand]:
    """The engine's view of a played side entry: a hand per bidder, or one for the team."""
    assert entry.tricks is not None, "side_hands needs a played entry"
    bids, tricks = entry.bids, entry.tricks
    if len(bids) == len(tricks):
        labels = names if len(bids) == len(names) else [""] * len(bids)
        return [
            Hand(bid, took, label) for bid, took, label in zip(bids, tricks, labels, strict=True)
        ]
    if len(bids) == 1:  # a joint bid, tricks per player
        return [Hand(bids[0], sum(tricks))]
    # Bids per player, tricks as one team total: only for a side without a nil bidder.
    kind = BidKind.BLIND if any(bid.is_blind for bid in bids) else BidKind.NUMBER
    return [Hand(Bid(kind, sum(bid.tricks for bid in bids)), sum(tricks))]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A round with its scores; `sides` is None while its tricks are not in."""

    number: int
    round: Round
    sides: tuple[SideScore, ...] | None
    outcome: Outcome | None


@dataclass(frozen=True, slots=True)
class Standings:
    """Everything derived from a game's rounds."""

    rounds: tuple[RoundResult, ...]
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    sets: tuple[int, ...]
    outcome: Outcome | None
    ended_after: int | None  # the number of the round that ended the game

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        return self.outcome.winner if self.outcome else None

    def trailing_by(self, side: int) -> int:
        """How far a side is behind the best other side (0 or less when it leads)."""
        others = [score for index, score in enumerate(self.scores) if index != side]
        return max(others) - self.scores[side] if others else 0


def standings(game: Game) -> Standings:
    """Fold the engine over the played rounds. The first round that ends the game decides it;
    rounds after it (possible after a correction) are still scored and shown."""
    rules = game.rules
    count = rules.sides
    scores, bags, sets = [0] * count, [0] * count, [0] * count
    results: list[RoundResult] = []
    outcome: Outcome | None = None
    ended_after: int | None = None
    for number, round_ in enumerate(game.rounds, start=1):
        if not round_.played:
            results.append(RoundResult(number, round_, None, None))
            continue
        scored = score_round(game, round_, scores, bags)
        boston_by = None
        for side, result in enumerate(scored):
            scores[side], bags[side] = result.score, result.bags
            sets[side] += result.was_set
            if result.boston:
                boston_by = side
        ended = judge_end(rules, scores, sets=sets, boston_by=boston_by)
        if outcome is None and ended is not None:
            outcome, ended_after = ended, number
        results.append(RoundResult(number, round_, scored, ended))
    return Standings(tuple(results), tuple(scores), tuple(bags), tuple(sets), outcome, ended_after)


def score_round(
    game: Game, round_: Round, scores: Sequence[int], bags: Sequence[int]
) -> tuple[SideScore, ...]:
    """Score every side of a played round from the scores and bags before it."""
    return tuple(
        score_side(
            game.rules,
            side_hands(game.rules, entry, game.side_players(side)),
            score=scores[side],
            bags=bags[side],
        )
        for side, entry in enumerate(round_.sides)
    )


# ---------------------------------------------------------------------------
# Checking what is entered


def check_round_bids(game: Game, round_: Round, before: Standings) -> None:
    """Refuse bids the rules forbid, judged by the standings before the round."""
    rules = game.rules
    for side, entry in enumerate(round_.sides):
        names = game.side_players(side)
        who = (game.sides[side],) if entry.joint_bid and len(names) > 1 else names
        check_side_bids(
            rules,
            entry.bids,
            who=who,
            side=game.sides[side],
            trailing_by=before.trailing_by(side),
            joint=entry.joint_bid and len(names) > 1,
        )
    in_order = _bids_in_order(game, round_)
    check_table_bids(rules, [bid for _, bid in in_order], last=in_order[-1][0])


def _bids_in_order(game: Game, round_: Round) -> list[tuple[str, Bid]]:
    """The round's bids in bidding order, from the left of the dealer; a joint bid once."""
    rules, seats = game.rules, len(game.players)
    order: list[tuple[str, Bid]] = []
    joint_sides: set[int] = set()
    for step in range(1, seats + 1):
        seat = (round_.dealer + step) % seats
        side = rules.side_of(seat)
        entry = round_.sides[side]
        if entry.joint_bid and rules.side_size > 1:
            if side not in joint_sides:
                joint_sides.add(side)
                order.append((game.sides[side], entry.bids[0]))
        else:
            order.append((game.players[seat], entry.bids[rules.seats_of(side).index(seat)]))
    return order


def check_round_tricks(game: Game, round_: Round) -> None:
    """Refuse tricks that cannot have been taken: negative, a team total beside a nil,
    or a table total other than the tricks in a deal."""
    rules, total = game.rules, 0
    for side, entry in enumerate(round_.sides):
        assert entry.tricks is not None
        if any(took < 0 or took > rules.tricks for took in entry.tricks):
            raise TricksError(
                f"{game.sides[side]}: tricks must be 0 to {rules.tricks}, not {list(entry.tricks)}"
            )
        if len(entry.tricks) == 1 < len(entry.bids) and any(bid.is_nil for bid in entry.bids):
            raise TricksError(
                f"{game.sides[side]} has a nil bidder: give each player's tricks, not a team total"
            )
        total += sum(entry.tricks)
    if total != rules.tricks:
        raise TricksError(f"the tricks add up to {total}; a deal has {rules.tricks}")


# ---------------------------------------------------------------------------
# Names


def check_name(name: str, what: str) -> str:
    """A player, team or game name, stripped; refuse empty names and control characters."""
    text = name.strip()
    if not text:
        raise GameError(f"{what} name is empty; give it at least one visible character")
    if any(unicodedata.category(char).startswith("C") for char in text):
        raise GameError(f"{what} name {text!r} has a control character; use printable text")
    return text


def default_side_names(rules: Rules, players: Sequence[str]) -> tuple[str, ...]:
    """'A & C' and 'B & D' for partnerships; each player's own name in solo play."""
    return tuple(
        " & ".join(players[seat] for seat in rules.seats_of(side)) for side in range(rules.sides)
    )


def new_game(
    name: str,
    players: Sequence[str],
    rules: Rules,
    *,
    preset: str,
    sides: Sequence[str] | None = None,
    first_dealer: int = 0,
) -> Game:
    """A game with no rounds, after checking its names against the rules."""
    name = check_name(name, "game")
    names = tuple(check_name(player, "player") for player in players)
    if len(names) != rules.players:
        raise GameError(
            f"{len(names)} players given; preset needs {rules.players} (players in seat order)"
        )
    _check_unique(names, "player")
    side_names = tuple(check_name(side, "team") for side in sides) if sides else None
    if side_names is None:
        side_names = default_side_names(rules, names)
    elif len(side_names) != rules.sides:
        raise GameError(f"{len(side_names)} team names given; this game has {rules.sides} sides")
    _check_unique(side_names, "team")
    if not 0 <= first_dealer < len(names):
        raise GameError(f"dealer must be one of the players, seats 1 to {len(names)}")
    return Game(name, names, side_names, preset, rules, first_dealer)


def _check_unique(names: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise GameError(f"{what} name {name!r} is given twice; names must differ")
        seen.add(name.casefold())
