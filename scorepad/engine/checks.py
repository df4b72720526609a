"""Checking what is entered into a game: bids the rules allow, tricks that add up, a
round number that exists.

The game's values and its fold are `scorepad.engine.game`; these checks read a game and
refuse, with a message that names what is wrong, what the rules do not allow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from scorepad.engine.bids import Bid, check_side_bids, check_table_bids
from scorepad.engine.game import Game, Round, Standings
from scorepad.engine.rules import Rules
from scorepad.errors import GameError, TricksError
from scorepad.i18n import _


def check_round_bids(game: Game, round_: Round, before: Standings | None) -> None:
    """Refuse bids the rules forbid, judged by the standings before the round.

    Without standings (`before` None) the side's deficit is unknown, and blind nil's
    "only when trailing" is not judged.
    """
    _check_bids(game, _seating(game), round_, before)


def _check_bids(game: Game, seating: _Seating, round_: Round, before: Standings | None) -> None:
    rules = game.rules
    teams = rules.side_size > 1
    for side, entry in enumerate(round_.sides):
        joint = teams and len(entry.bids) == 1
        check_side_bids(
            rules,
            entry.bids,
            who=(game.sides[side],) if joint else seating.names[side],
            side=game.sides[side],
            trailing_by=before.trailing_by(side) if before is not None else None,
            joint=joint,
        )
    in_order, last = _bids_in_order(game, seating, round_)
    check_table_bids(rules, in_order, last=last)


def check_round_entries(game: Game, round_: Round) -> None:
    """What a round may hold at any moment: bids the rules allow, tricks that add up.

    Used on a saved game. Blind nil's "only when trailing" is left out: a later
    correction may change who trails, and the game must still load.
    """
    round_checker(game)(round_)


def round_checker(game: Game) -> Callable[[Round], None]:
    """`check_round_entries` for the rounds of `game`, its seating worked out once.

    Loading a game checks every round: the sides' seats, players and bidding orders are
    the same for all of them.
    """
    seating = _seating(game)

    def check(round_: Round) -> None:
        _check_bids(game, seating, round_, None)
        if round_.played:
            check_round_tricks(game, round_)

    return check


class _Seating(NamedTuple):
    """Who sits where in a game, worked out once rather than per round or per bid."""

    names: tuple[tuple[str, ...], ...]  # each side's players, in seat order
    # For each dealer, the bidding order from the dealer's left: (seat, side, place in side).
    orders: tuple[tuple[tuple[int, int, int], ...], ...]


def _seating(game: Game) -> _Seating:
    rules, seats = game.rules, len(game.players)
    side_seats = [rules.seats_of(side) for side in range(rules.sides)]
    places = {
        seat: (side, place)
        for side, in_side in enumerate(side_seats)
        for place, seat in enumerate(in_side)
    }
    orders = tuple(
        tuple((seat, *places[seat]) for seat in rules.bidding_order(dealer))
        for dealer in range(seats)
    )
    names = tuple(tuple(game.players[seat] for seat in in_side) for in_side in side_seats)
    return _Seating(names, orders)


def _bids_in_order(game: Game, seating: _Seating, round_: Round) -> tuple[list[Bid], str]:
    """The round's bids in bidding order, from the left of the dealer (a joint bid once),
    and who bid last."""
    teams = game.rules.side_size > 1
    order: list[Bid] = []
    last = ""
    joint_sides: set[int] = set()
    for seat, side, place in seating.orders[round_.dealer % len(game.players)]:
        bids = round_.sides[side].bids
        if teams and len(bids) == 1:
            if side not in joint_sides:
                joint_sides.add(side)
                order.append(bids[0])
                last = game.sides[side]
        else:
            order.append(bids[place])
            last = game.players[seat]
    return order, last


def tricks_by_player(rules: Rules, bids: Sequence[Bid]) -> bool:
    """Whether a side's tricks are given player by player: a player alone, or a side with
    a nil bidder, whose tricks are scored apart from the partner's (RULES.md 8)."""
    return rules.side_size == 1 or any(bid.is_nil for bid in bids)


def rest_of_deal(rules: Rules, taken: Iterable[int]) -> int | None:
    """The tricks left for the one hand (or side) not given yet when the others took
    `taken`; None when those are already more than a deal has."""
    rest = rules.tricks - sum(taken)
    return rest if rest >= 0 else None


def check_round_tricks(game: Game, round_: Round) -> None:
    """Refuse tricks that cannot have been taken: negative, a team total beside a nil,
    or a table total other than the tricks in a deal."""
    rules, total = game.rules, 0
    most = rules.tricks
    for side, entry in enumerate(round_.sides):
        assert entry.tricks is not None
        if min(entry.tricks, default=0) < 0 or max(entry.tricks, default=0) > most:
            raise TricksError(
                _("{side}: tricks must be 0 to {most}, not {tricks}").format(
                    side=game.sides[side], most=rules.tricks, tricks=list(entry.tricks)
                )
            )
        if len(entry.tricks) == 1 < len(entry.bids) and tricks_by_player(rules, entry.bids):
            raise TricksError(
                _("{side} has a nil bidder: give each player's tricks, not a team total").format(
                    side=game.sides[side]
                )
            )
        total += sum(entry.tricks)
    if total != rules.tricks:
        raise TricksError(
            _("the tricks add up to {total}; a deal has {tricks}").format(
                total=total, tricks=rules.tricks
            )
        )



def check_round_number(game: Game, number: int) -> None:
    """Refuse a round number that does not exist."""
    if not 1 <= number <= len(game.rounds):
        count = len(game.rounds)
        said = (
            _("there is no round {number}; rounds are 1 to {count}")
            if count > 1
            else _("there is no round {number}; round 1 is the only one")
            if count
            else _("there is no round {number}; no round is entered yet")
        )
        raise GameError(said.format(number=number, count=count))
