"""Games: players, sides and rounds (inputs only); standings are folded from the rounds.

A round holds what was said and taken at the table: its dealer and, for each side, the
bids (one per player, or one joint team bid) and the tricks (one per player, or one team
total), the tricks being None until the round is played. Scores, bags and the winner are
never stored: `standings` recomputes them with the engine every time, round by round by
the fold step (`fold.fold_round`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scorepad.engine.bids import Bid, BidKind
from scorepad.engine.clock import Clock, deal_in_play
from scorepad.engine.fold import Running, fold_round, start_running
from scorepad.engine.misdeals import Misdeal
from scorepad.engine.names import check_game_names
from scorepad.engine.rules import Rules
from scorepad.engine.rulings import Ruling, forfeited_by, ruled_hands, ruling_lines
from scorepad.engine.scoring import (
    EndReason,
    Hand,
    Level,
    Line,
    Outcome,
    SideScore,
    score_side,
)
from scorepad.errors import GameError
from scorepad.i18n import _

# Read once: an Enum member looked up on its class is slow in a loop over every bid.
_BLIND = BidKind.BLIND
_BLIND_NIL = BidKind.BLIND_NIL


# A side's entry and a round are NamedTuples, not dataclasses, like the results below:
# values read and never changed in place, and creating a dataclass is the larger part of
# what importing this module costs every command (a millisecond of `scorepad show`).
class SideEntry(NamedTuple):
    """One side's part of a round: its bids, and its tricks once the round is played."""

    bids: tuple[Bid, ...]
    tricks: tuple[int, ...] | None = None

    @property
    def played(self) -> bool:
        return self.tricks is not None


class Round(NamedTuple):
    """One deal: who dealt (a seat), each side's entry, in side order, the rulings made
    on it (`rulings`), in the order they were made, and whether it waits for an OK."""

    dealer: int
    sides: tuple[SideEntry, ...]
    rulings: tuple[Ruling, ...] = ()
    # Under `confirm_entries`: its tricks are in, but not yet agreed by the other side, so
    # not yet scored (docs/rules.md, The other side's OK). Only the last round waits.
    waiting: bool = False

    @property
    def played(self) -> bool:
        # Asked of every round by every load and fold: no property call per side.
        return all(side.tricks is not None for side in self.sides)


class EventSeat(NamedTuple):
    """Where a game is played at a club night: the event, its round and the table."""

    event: str
    round: int
    table: int


@dataclass(frozen=True, slots=True)
class Game:
    """A game's facts: names, the rules snapshot, the first dealer and the rounds, for a
    club night's table its event, round and table, and its clock, if it plays to one."""

    name: str
    players: tuple[str, ...]
    sides: tuple[str, ...]
    preset: str
    rules: Rules
    first_dealer: int = 0
    rounds: tuple[Round, ...] = ()
    event: EventSeat | None = None
    clock: Clock | None = None
    misdeals: tuple[Misdeal, ...] = ()  # void deals, in the order called (engine/misdeals)

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


class BidWarning(NamedTuple):
    """A blind bid the scores before its round did not allow (a correction moved them):
    kept and scored as entered, and named. A fact: `gametext.warning_words` says it in
    the reader's words; `str()` is the stable English that JSON keeps."""

    number: int  # the round
    who: str  # the player, or the side for a joint bid
    side: str
    blind: int | None  # the blind bid's tricks; None for blind nil
    deficit: int  # what it needed the side to trail by
    behind: int  # how far the side trailed before the round (0 level, below 0 led)

    def __str__(self) -> str:
        what = "blind nil" if self.blind is None else f"blind {self.blind}"
        if self.behind > 0:
            fact = f"trailed by only {self.behind}"
        else:
            fact = f"led by {-self.behind}" if self.behind else "were level"
        return (
            f"round {self.number}: {self.who}'s {what} needed {self.side} to trail by "
            f"{self.deficit} or more; before round {self.number} they {fact}"
        )


class RoundResult(NamedTuple):
    """A round with its scores; `sides` is None while its tricks are not in.

    `sides` continue the running scores even after the end, so that a correction that
    moves the end later brings such a round back with the numbers it would have had.
    """

    number: int
    round: Round
    sides: tuple[SideScore, ...] | None
    outcome: Outcome | None  # the game ended with this round (None after the end)
    after_end: bool = False  # played after the round that ended the game: does not count
    warnings: tuple[BidWarning, ...] = ()  # bids the scores before the round did not allow


class Standings(NamedTuple):
    """Everything derived from a game's rounds; scores, bags and sets as of the end."""

    rounds: tuple[RoundResult, ...]
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    sets: tuple[int, ...]
    outcome: Outcome | None
    ended_after: int | None  # the number of the round that ended the game
    # The scores after the last scored round, rounds after the end included: what the
    # table saw when it bid the next round, and so what blind bids are judged by.
    latest_scores: tuple[int, ...] = ()
    # The last round scored left the top sides level where the game would have ended:
    # it plays on, and the next round decides (None otherwise, and once finished).
    level: Level | None = None

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def status(self) -> str:
        """`finished`, `level` (a tie at the top that plays on) or `playing`: the stable
        word `show --json` and `games --json` give."""
        if self.outcome is not None:
            return "finished"
        return "level" if self.level is not None else "playing"

    @property
    def winner(self) -> int | None:
        return self.outcome.winner if self.outcome else None

    def trailing_by(self, side: int) -> int:
        """How far a side was behind the best other side when the next round was bid
        (0 or less when it leads)."""
        return trailing_by(self.latest_scores or self.scores, side)


def trailing_by(scores: Sequence[int], side: int) -> int:
    """How far a side is behind the best other side (0 or less when it leads)."""
    others = [score for index, score in enumerate(scores) if index != side]
    return max(others) - scores[side] if others else 0


def standings(game: Game) -> Standings:
    """Fold the engine over the played rounds. The first round that ends the game decides it.

    Rounds after it (possible after a correction) stay in the game and are scored on from
    the running scores, but are marked `after_end` and do not count: the totals, bags,
    sets and winner are those at the end (RULES.md 10-11). A tie at the top where the
    game would have ended plays on: `level` says so until a later round is scored.
    """
    rules = game.rules
    running = start_running(rules.sides)
    results: list[RoundResult] = []
    outcome: Outcome | None = None
    ended_after: int | None = None
    at_end: Running | None = None
    level: Level | None = None
    names = _side_names(game)
    called = game.clock.called if game.clock is not None else None
    for number, round_ in enumerate(game.rounds, start=1):
        after_end = ended_after is not None
        warnings = _bid_warnings(game, names, number, round_, running.scores)
        # docs/rules.md, Rulings: a forfeit ends the game with its round, played or not.
        forfeit = forfeited_by(round_.rulings) if round_.rulings else None
        ended: Outcome | None = None
        if not round_.played or round_.waiting:  # a waiting round is not scored yet
            if forfeit is not None and not after_end:
                ended, level = Outcome(1 - forfeit, EndReason.FORFEIT), None
                outcome, ended_after, at_end = ended, number, running
            results.append(RoundResult(number, round_, None, ended, after_end, warnings))
            continue
        scored = _score_round(rules, names, round_, running.scores, running.bags)
        folds = [(side.points, side.bags, side.was_set, side.boston) for side in scored]
        running, judged = fold_round(
            rules, running, number, folds, judge=not after_end, called=called
        )
        ended = None
        if not after_end:
            level = judged if isinstance(judged, Level) else None
            ended = judged if isinstance(judged, Outcome) else None
            if forfeit is not None:
                ended, level = Outcome(1 - forfeit, EndReason.FORFEIT), None
        if ended is not None:
            outcome, ended_after, at_end = ended, number, running
        results.append(RoundResult(number, round_, scored, ended, after_end, warnings))
    final = at_end or running
    return Standings(
        tuple(results), final.scores, final.bags, final.sets, outcome, ended_after,
        running.scores, level,
    )  # fmt: skip


def bid_warnings(
    game: Game, number: int, round_: Round, scores: Sequence[int]
) -> tuple[BidWarning, ...]:
    """The blind bids of a round that the scores before it did not allow.

    A correction of an earlier round can change who trails; the round was played and is
    kept and scored as entered, but each such bid is named, with what it needed.
    """
    return _bid_warnings(game, _side_names(game), number, round_, scores)


def _side_names(game: Game) -> tuple[tuple[str, ...], ...]:
    """Each side's players, in seat order."""
    return tuple(game.side_players(side) for side in range(game.rules.sides))


def _bid_warnings(
    game: Game,
    side_names: Sequence[Sequence[str]],
    number: int,
    round_: Round,
    scores: Sequence[int],
) -> tuple[BidWarning, ...]:
    rules = game.rules
    found: list[BidWarning] = []
    for side, entry in enumerate(round_.sides):
        for index, bid in enumerate(entry.bids):
            # Most bids are not blind: they are passed over before any other work.
            kind = bid.kind
            if kind is _BLIND_NIL:
                deficit = rules.blind_nil_deficit
            elif kind is _BLIND:
                deficit = rules.blind_bid_deficit
            else:
                continue
            behind = trailing_by(scores, side)
            if not deficit or behind >= deficit:
                continue
            names = side_names[side]
            who = names[index] if len(entry.bids) == len(names) else game.sides[side]
            blind = None if kind is _BLIND_NIL else bid.tricks
            found.append(BidWarning(number, who, game.sides[side], blind, deficit, behind))
    return tuple(found)


def _score_round(
    rules: Rules,
    side_names: Sequence[Sequence[str]],
    round_: Round,
    scores: Sequence[int],
    bags: Sequence[int],
) -> tuple[SideScore, ...]:
    hands = [
        side_hands(rules, entry, side_names[side]) for side, entry in enumerate(round_.sides)
    ]
    rulings = round_.rulings
    if rulings:  # books and set change the tricks scored (docs/rules.md, Rulings)
        hands = ruled_hands(hands, rulings)
    scored = tuple(
        score_side(rules, side, score=scores[index], bags=bags[index])
        for index, side in enumerate(hands)
    )
    if not rulings:
        return scored
    return tuple(
        _with_lines(side, ruling_lines(rulings, index)) for index, side in enumerate(scored)
    )


def _with_lines(scored: SideScore, lines: Sequence[Line]) -> SideScore:
    """A side's round with the lines of its rulings after its own: their points count to
    the score, never to the bags."""
    extra = sum(line.points for line in lines)
    return scored._replace(
        lines=scored.lines + tuple(lines), points=scored.points + extra, score=scored.score + extra
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
    name, names, side_names = check_game_names(name, players, rules, sides)
    if not 0 <= first_dealer < len(names):
        raise GameError(
            _("dealer must be one of the players, seats 1 to {seats}").format(seats=len(names))
        )
    return Game(name, names, side_names, preset, rules, first_dealer)


def open_round(game: Game) -> int | None:
    """The number of the round whose bids are in and whose tricks are not, if any."""
    if game.rounds and not game.rounds[-1].played:
        return len(game.rounds)
    return None


def awaiting_ok(game: Game) -> int | None:
    """The number of the round whose tricks wait for the other side's OK, if any
    (docs/rules.md, The other side's OK): only the last round waits, and until it is
    agreed no new round is bid."""
    if game.rounds and game.rounds[-1].waiting:
        return len(game.rounds)
    return None


def next_dealer(game: Game) -> int:
    """The seat that deals the next new round: left of the last round's dealer, or after
    a misdeal since, who the misdeal says deals again."""
    if game.misdeals and game.misdeals[-1].before_round > len(game.rounds):
        return game.misdeals[-1].deals_again(len(game.players))
    if not game.rounds:
        return game.first_dealer
    return (game.rounds[-1].dealer + 1) % len(game.players)


def deals_left(game: Game, standings: Standings) -> int | None:
    """How many deals are left before the `deal_limit` decides an unfinished game (None:
    no limit, or the game is over). Past the limit on a tie, the next deal may decide: 1."""
    limit = game.rules.deal_limit
    if not limit or standings.finished:
        return None
    played = sum(1 for round_ in game.rounds if round_.played and not round_.waiting)
    return max(limit - played, 1)


def deal_number(game: Game, standings: Standings) -> int | None:
    """The deal being played (the round whose tricks are awaited) or dealt next, counted
    from 1; None once the game is over. Rounds played after the end are not counted."""
    if standings.finished:
        return None
    played = sum(1 for round_ in game.rounds if round_.played and not round_.waiting)
    return played + 1


def most_points_in_a_deal(rules: Rules) -> int:
    """More than any side can score in one deal under `rules`: every trick bid and made
    (doubled for a blind bid), every overtrick, every bonus that could apply, and each nil
    bidder's best nil. An upper bound, not a score: it only tells when the target is out
    of reach, and too high a bound only says "needs" where "leads" would do."""
    tricks = rules.tricks
    per_trick = rules.trick_points * (2 if rules.blind_bids else 1) + max(
        0, rules.overtrick_points
    )
    contract = (
        tricks * per_trick
        + (max(0, rules.ten_for_200_points) if rules.ten_for_200 else 0)
        + (max(0, rules.boston_points) if rules.boston else 0)
        + max(0, rules.exact_bonus)
        + max(0, rules.big_contract_bonus) * tricks
    )
    nil = max(
        rules.nil_points if rules.nil else 0,
        rules.blind_nil_points if rules.blind_nil else 0,
        0,
    )
    return max(
        nils * nil + (contract if nils < rules.side_size else 0)
        for nils in range(rules.side_size + 1)
    )


def limit_decides(game: Game, standings: Standings) -> bool:
    """Whether the deal limit, not the target, will end the game: a limit counts down and
    no side can reach the target in the deals left (`most_points_in_a_deal` each)."""
    left = deals_left(game, standings)
    if left is None or game.rules.boston_wins:
        return False
    reach = left * most_points_in_a_deal(game.rules)
    return all(game.rules.target - score > reach for score in standings.scores)


def call_time(game: Game, now: float) -> Game:
    """The game with time called at `now` (seconds since the epoch), if its clock has run
    out and time was not called yet: the deal in play is noted as the last (a tie plays on
    past it, `engine.clock`). A game over already is left as it is: nothing is in play."""
    clock = game.clock
    if clock is None or clock.called is not None or now < clock.end:
        return game
    if standings(game).finished:
        return game
    called = dataclasses.replace(clock, called=deal_in_play(game))
    return dataclasses.replace(game, clock=called)


def standings_before(game: Game, number: int) -> Standings:
    """The standings after the rounds before round `number`."""
    return standings(dataclasses.replace(game, rounds=game.rounds[: number - 1]))


@dataclass(frozen=True, slots=True)
class Correction:
    """What correcting round `number` changed beyond its own numbers."""

    stopped_counting: tuple[int, ...]  # rounds now played after the end that counted before
    counting_again: tuple[int, ...]  # rounds that count again, the end having moved later
    after_end: bool  # the corrected round itself is now played after the end
    later_warnings: tuple[BidWarning, ...]  # later rounds' bids the new scores do not allow


def correction_of(before: Standings, after: Standings, number: int) -> Correction:
    """What correcting round `number` changed, from the standings before and after it."""
    # A round only bid is not played: it is named once its tricks are in.
    was = {result.number for result in before.rounds if result.after_end and result.sides}
    now = {result.number for result in after.rounds if result.after_end and result.sides}
    return Correction(
        tuple(sorted(now - was)),
        tuple(sorted(was - now)),
        number in now,
        tuple(warning for result in after.rounds[number:] for warning in result.warnings),
    )
