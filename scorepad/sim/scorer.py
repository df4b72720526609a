"""Scoring a side's part of a deal with the engine, checked, memoised: `SideScorer`.

The engine (`scoring.score_side`) is pure, so the same inputs always score the same. A
side deal the scorer has not met is scored by the engine at the score it comes with,
checked for adding up (`validate.check_side_score`) and held to the reference scorer
(`referee.Referee.compare`); its numbers are then kept in one memo, keyed by
`keys.MemoKeys.scored` (the seats' bids and tricks, the bags, and the score where the
rules say the points read it), and met again they are read back. The memo spares
repeats of the same inputs, never the checks of new ones. On the kernel path it earns
2.1 to 2.5x with random bots, 1.7 to 2.0x with heuristic bots
(`python benchmarks/sim_memo.py [--bots heuristic]`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorepad.engine import scoring
from scorepad.engine.bids import Bid, BidKind
from scorepad.engine.fold import SideFold
from scorepad.engine.game import SideEntry, side_hands
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import Hand, SideScore
from scorepad.sim.keys import MemoKeys
from scorepad.sim.referee import Note, PlainHand, Referee, RefSide, plain_side
from scorepad.sim.results import Tally
from scorepad.sim.validate import Problem, check_side_score

if TYPE_CHECKING:
    from scorepad.sim.source import Deal

MEMO_LIMIT = 200_000  # entries in the memo: beyond it, new side deals are scored unkept

Engine = Callable[..., SideScore]  # scoring.score_side's signature


class PlayedSide(NamedTuple):
    """A side's played deal before it is scored."""

    entry: SideEntry
    hands: list[Hand]  # the engine's
    plain: tuple[PlainHand, ...]  # the reference's
    nils: tuple[int, int, int, int] | None  # nil bids, made, blind nil bids, made


class SideNumbers(NamedTuple):
    """What the game's fold reads of a side's scored deal, and what was wrong with it."""

    points: int
    bags: int  # after the deal
    penalties: int
    made: bool | None  # None: no contract
    boston: bool
    problems: tuple[Problem, ...]
    nils: tuple[int, int, int, int] | None


class DealFold(NamedTuple):
    """A deal's sides as the game's fold reads them (`scorepad.engine.fold.fold_round`)."""

    sides: tuple[SideFold, ...]  # points, bags after, set, Boston: a side each
    entries: tuple[SideEntry, ...]  # the sides' entries, for a Round


# Makes a side's played deal from the deal's bids (as the deal source gives them, by
# seat) and tricks: `played_of(side, bids, taken)`.
PlayedOf = Callable[[int, Sequence[object], Sequence[int]], PlayedSide]


class SideScorer:
    """Scores sides with the engine under one set of rules, checked and memoised."""

    def __init__(
        self,
        rules: Rules,
        names: Sequence[Sequence[str]],
        referee: Referee,
        *,
        validate: bool = True,
        engine: Engine | None = None,
    ) -> None:
        self.rules = rules
        self.keys = MemoKeys(rules)
        self.referee = referee
        self.validate = validate
        # The engine as `scoring` has it now (a test may plant a bug there), or another.
        self._engine = engine or scoring.score_side
        self._names = names
        self._seats = [rules.seats_of(side) for side in range(rules.sides)]
        self._memo: dict[tuple[object, ...], SideNumbers] = {}
        # Where a side deal new to the scorer goes with the reference's answer for it
        # (`GameFold.note`), so that the game's fold does not ask the reference again.
        self.note: Note | None = None

    def played_side(
        self, side: int, by_seat: Sequence[Bid | None], taken: Sequence[int]
    ) -> PlayedSide:
        """One side's played deal from each seat's bid (None: the partner made the side's
        joint bid) and tricks."""
        seats = self._seats[side]
        seat_bids = [by_seat[seat] for seat in seats]
        tricks = tuple([taken[seat] for seat in seats])
        entry = SideEntry(tuple([bid for bid in seat_bids if bid is not None]), tricks)
        hands = side_hands(self.rules, entry, self._names[side])
        nils = [0, 0, 0, 0]
        for bid, took in zip(seat_bids, tricks, strict=True):
            if bid is not None and bid.is_nil:
                blind = 2 if bid.kind is BidKind.BLIND_NIL else 0
                nils[blind] += 1
                nils[blind + 1] += took == 0
        counted = (nils[0], nils[1], nils[2], nils[3]) if any(nils) else None
        return PlayedSide(entry, hands, plain_side(seat_bids, tricks), counted)

    def fold(
        self,
        tally: Tally,
        deal: Deal,
        played_of: PlayedOf,
        scores: Sequence[int],
        bags: Sequence[int],
        entries: bool,
    ) -> DealFold:
        """Score each side's part of a deal at the game's scores and bags before it, as
        the game's fold reads it (`fold_round` folds it); count it in the tally, and a
        side's problems go to the deal's. `played_of` makes a side not met yet from the
        deal's bids; `entries` asks for the sides' entries, for a Round. (The sets and
        bags taken are counted once a game: see `close_game`.)"""
        problems = deal.problems
        memo, memo_key = self._memo, self.keys.scored
        folds = []
        for side, key in enumerate(deal.sides):
            score, side_bags = scores[side], bags[side]
            numbers = memo.get(memo_key(key, side_bags, score))
            if numbers is None:
                numbers = self.scored(side, key, deal, played_of, score, side_bags)
            points, after, penalties, made, boston, side_problems, nils = numbers
            folds.append((points, after, made is False, boston))
            if made is not None:
                tally.contracts += 1
            if side_problems:
                problems.extend(side_problems)
            if penalties:
                tally.bag_penalties += penalties
            if nils:
                tally.nil_bids += nils[0]
                tally.nil_made += nils[1]
                tally.blind_nil_bids += nils[2]
                tally.blind_nil_made += nils[3]
        if not entries:
            return DealFold(tuple(folds), ())
        sides = range(len(deal.sides))
        played = [played_of(side, deal.bids, deal.taken) for side in sides]
        return DealFold(tuple(folds), tuple(side.entry for side in played))

    def scored(
        self, side: int, key: object, deal: Deal, played_of: PlayedOf, score: int, bags: int
    ) -> SideNumbers:
        """A side's numbers for this deal (`key`: its bids and tricks whatever seat bid
        what), from the memo or, the first time, from the engine (checked, and handed to
        the game's fold with the reference's answer)."""
        memo_key = self.keys.scored(key, bags, score)
        numbers = self._memo.get(memo_key)
        if numbers is None:
            played = played_of(side, deal.bids, deal.taken)
            numbers, ref = self._score(played, score, bags)
            if self.note is not None and ref is not None:
                self.note(side, deal.keys, deal.taken, bags, score, ref)
            if len(self._memo) < MEMO_LIMIT:
                self._memo[memo_key] = numbers
        return numbers

    def close_game(self, tally: Tally, bags: Sequence[int], sets: Sequence[int]) -> None:
        """Count a game's sets and bags taken, from its sets and bags at the end: each
        deal's bags taken are the bags after it, less those before, plus its penalties
        times the limit, so over a game they add up to the bags at the end plus every
        penalty times the limit."""
        tally.sets += sum(sets)
        tally.bags += sum(bags) + tally.bag_penalties * self.rules.bag_limit

    def _score(
        self, played: PlayedSide, score: int, bags: int
    ) -> tuple[SideNumbers, RefSide | None]:
        """A played side scored by the engine, checked, and the reference's answer it was
        held to (None: not checked)."""
        scored = self._engine(self.rules, played.hands, score=score, bags=bags)
        problems: list[Problem] = []
        ref = None
        if self.validate:
            ref = self.referee.side(played.plain, score, bags)
            problems = check_side_score(self.rules, scored, score, bags)
            problems += self.referee.compare(played.plain, score, bags, scored, ref)
        numbers = SideNumbers(scored.points, scored.bags, scored.penalties, scored.made,
                              scored.boston, tuple(problems), played.nils)  # fmt: skip
        return numbers, ref
