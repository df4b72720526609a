"""Scoring a side's part of a deal with the engine, checked, memoised: `SideScorer`.

The engine (`scoring.score_side`) is pure, so the same inputs always score the same: a
side's bids and tricks, its bags, and its score where the rules say the points read it
(`keys.MemoKeys`). A side deal the scorer has not met is scored by the engine at the
score it comes with, checked for adding up (`validate.check_side_score`) and held to the
reference scorer (`referee.Referee.compare`); its numbers are then kept, and met again
they are read back. The memo spares repeats of the same inputs, never the checks of new
ones.

Three memos, from the cheapest key to the dearest miss: a side's scored deal by its
seats' bid keys, tricks and bags (`_scored`); its played deal (entry, the engine's hands,
the reference's plain hands) by its bids and tricks alone (`_played`); and the engine's
numbers by the side's bids and tricks whatever seat bid what, and its bags (`_numbers`):
partners who swap their bids and tricks score the same (RULES.md scores a side, not its
seats), so the engine and the reference are asked once for both.

On the kernel path a side deal is kept by its slot (its place and bags: slots.py)
when the rules let a slot stand for a side deal (points that do not read the score):
each process keeps them by slot (`_slots`, under both orders of a side's partners), as
the game's fold takes them (`SideFold`), so a table deal's sides are two dictionary
lookups (`fold`). A side deal new to the scorer is handed, with the reference's answer
its comparison had, to the reference's fold of the game (`note`), which then need not
ask the reference again. A game's sets and bags taken are counted once, at its end
(`close_game`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import NamedTuple

from scorepad import scoring
from scorepad.bids import Bid, BidKind
from scorepad.game import SideEntry, side_hands
from scorepad.rules import Rules
from scorepad.scoring import Hand, SideScore
from scorepad.sim.keys import MemoKeys
from scorepad.sim.referee import Note, PlainHand, Referee, RefSide, plain_side
from scorepad.sim.results import Tally
from scorepad.sim.slots import SlotShape
from scorepad.sim.table import bid_key
from scorepad.sim.validate import Problem, check_side_score

MEMO_LIMIT = 200_000  # entries per memo: beyond it, new side deals are scored unkept
# (`tuple.__new__` makes the named tuples below without NamedTuple's Python-level
# constructor: a run's first games score thousands of new side deals.)
_new = tuple.__new__

Engine = Callable[..., SideScore]  # scoring.score_side's signature


class PlayedSide(NamedTuple):
    """A side's played deal before it is scored."""

    entry: SideEntry
    hands: list[Hand]  # the engine's
    plain: tuple[PlainHand, ...]  # the reference's
    nils: tuple[int, int, int, int] | None  # nil bids, made, blind nil bids, made
    # Its bids and tricks, whatever seat bid what (None: not asked for, on the table's
    # path, which memoises by slot and never reads it).
    unseated: tuple[object, ...] | None


class SideNumbers(NamedTuple):
    """What the game's fold reads of a side's scored deal, and what was wrong with it."""

    points: int
    bags: int  # after the deal
    penalties: int
    made: bool | None  # None: no contract
    boston: bool
    problems: tuple[Problem, ...]
    nils: tuple[int, int, int, int] | None


# A side's scored deal as the game's fold takes it, made once for each memo entry: its
# points, its bags after, whether it was set (1 or 0), whether it had a contract (1 or 0),
# and its numbers when they hold something rare to count (problems, bag penalties, a
# Boston, nils), else None.
SideFold = tuple[int, int, int, int, SideNumbers | None]

# A deal's sides folded into the game: the side that made a Boston (if one did), and the
# sides' entries for a Round (when asked for).
Folded = tuple[int | None, tuple[SideEntry, ...] | None]


def side_fold(numbers: SideNumbers) -> SideFold:
    """What the game's fold takes of a side's numbers (`SideFold`)."""
    points, bags, penalties, made, boston, problems, nils = numbers
    rare = numbers if problems or penalties or boston or nils else None
    return points, bags, int(made is False), int(made is not None), rare


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
        slots: SlotShape | None = None,
        engine: Engine | None = None,
    ) -> None:
        self.rules = rules
        self.keys = MemoKeys(rules)
        self.referee = referee
        self.validate = validate
        # A slot stands for a side deal only when the points do not read the score.
        self.shape = slots if not self.keys.reads_score else None
        # The engine as `scoring` has it now (a test may plant a bug there), or another.
        self._engine = engine or scoring.score_side
        self._names = names
        self._seats = [rules.seats_of(side) for side in range(rules.sides)]
        self._getters = [itemgetter(*seats) for seats in self._seats]
        self._scored: dict[tuple[object, ...], tuple[SideEntry, SideFold]] = {}
        self._played: dict[tuple[object, ...], PlayedSide] = {}
        self._numbers: dict[tuple[object, ...], SideNumbers] = {}
        # A table deal's side as the fold takes it, by its slot.
        self._slots: dict[int, SideFold] = {}
        self._folds: dict[SideFold, SideFold] = {}  # each tuple of numbers once (`_keep`)
        self._two_sides = self.shape is not None and rules.sides == 2
        self._bag_slots = self.shape.bag_slots if self.shape is not None else 0
        self._radix = self.shape.radix if self.shape is not None else 0
        # Where a table deal's side new to this process goes with the reference's answer
        # for it (`GameFold.note`), so that the game's fold does not ask again.
        self.note: Note | None = None

    def played_side(
        self,
        side: int,
        by_seat: Sequence[Bid | None],
        taken: Sequence[int],
        plain: tuple[PlainHand, ...] | None = None,
    ) -> PlayedSide:
        """One side's played deal from each seat's bid (None: the partner made the side's
        joint bid) and tricks; `plain`, the reference's hands when the source has them."""
        seats = self._seats[side]
        seat_bids = [by_seat[seat] for seat in seats]
        tricks = tuple([taken[seat] for seat in seats])
        entry = SideEntry(tuple([bid for bid in seat_bids if bid is not None]), tricks)
        hands = side_hands(self.rules, entry, self._names[side])
        nils = None
        for bid, took in zip(seat_bids, tricks, strict=True):
            if bid is not None and bid.is_nil:
                nils = nils or [0, 0, 0, 0]
                blind = 2 if bid.kind is BidKind.BLIND_NIL else 0
                nils[blind] += 1
                nils[blind + 1] += took == 0
        if plain is None:
            plain = plain_side(seat_bids, tricks)
        key: tuple[object, ...] | None = None
        if self.shape is None:  # sides kept by slot are never scored through `numbers`
            # Any fixed order does: two orders of the same pairs would only miss a share.
            pairs = [(bid_key(hand.bid), hand.tricks) for hand in hands]
            if len(pairs) == 2:
                first, second = pairs
                key = (first, second) if hash(first) <= hash(second) else (second, first)
            else:
                key = tuple(sorted(pairs, key=hash))
        nils_made = (nils[0], nils[1], nils[2], nils[3]) if nils else None
        return _new(PlayedSide, (entry, hands, plain, nils_made, key))

    def fold(
        self,
        tally: Tally,
        keys: Sequence[object],
        bids: Sequence[object],
        taken: Sequence[int],
        played_of: PlayedOf,
        scores: list[int],
        bags: list[int],
        sets: list[int],
        problems: list[Problem],
        places: tuple[int, ...] | None = None,
        entries: bool = True,
    ) -> Folded:
        """Score each side's part of a deal and fold it into the game's scores, bags,
        sets and counts; a side's problems go to `problems`. (The sets and bags taken are
        counted once a game, from the game's sets and bags: see `close_game`.)

        `keys` tell the seats' bids apart (memo keys of the bids, or the kernel's bid
        codes); `played_of` makes a played side not met yet from `bids`. A kernel deal
        gives each side's place (`places`): its numbers are then kept by its slot, its
        place and bags (`by_slot`). `entries` asks for the sides' entries, for a
        Round."""
        if places is not None and not entries and self._two_sides:
            # The kernel path's deal, tens of thousands a second: the loop below written
            # out for two sides kept by slot (the loop was a twentieth of a deal).
            slots, bag_slots = self._slots, self._bag_slots
            place, other_place = places
            side_bags, other_bags = bags
            in_range = 0 <= side_bags < bag_slots
            folded = slots.get(place * bag_slots + side_bags) if in_range else None
            if folded is None:
                folded = self.by_slot(0, keys, taken, played_of, place, side_bags, scores[0])
            points, bags[0], set_out, contract, rare = folded
            scores[0] += points
            sets[0] += set_out
            boston_by = 0 if rare is not None and self._count(tally, rare, problems) else None
            in_range = 0 <= other_bags < bag_slots
            folded = slots.get(other_place * bag_slots + other_bags) if in_range else None
            if folded is None:
                folded = self.by_slot(1, keys, taken, played_of, other_place, other_bags,
                                         scores[1])  # fmt: skip
            points, bags[1], set_out, other_contract, rare = folded
            scores[1] += points
            sets[1] += set_out
            if rare is not None and self._count(tally, rare, problems):
                boston_by = 1
            tally.contracts += contract + other_contract
            return boston_by, None
        table = self.shape if places is not None else None
        if table is not None:
            slots, bag_slots = self._slots, table.bag_slots
        side_entries = []
        boston_by = None
        contracts = 0
        for side, get in enumerate(self._getters):
            side_bags = bags[side]
            if table is not None:
                assert places is not None
                place = places[side]
                in_range = 0 <= side_bags < bag_slots
                folded = slots.get(place * bag_slots + side_bags) if in_range else None
                if folded is None:
                    folded = self.by_slot(side, keys, taken, played_of, place, side_bags,
                                             scores[side])  # fmt: skip
            else:
                key = self.keys.scored((get(keys), get(taken)), side_bags, scores[side])
                cached = self._scored.get(key)
                if cached is None:
                    played = self._played_side(side, keys, bids, taken, played_of)
                    numbers, ref = self._numbers_of(played, scores[side], side_bags)
                    if self.note is not None and ref is not None:
                        self.note(side, keys, taken, side_bags, scores[side], ref)
                    cached = (played.entry, side_fold(numbers))
                    if len(self._scored) < MEMO_LIMIT:
                        self._scored[key] = cached
                side_entries.append(cached[0])
                folded = cached[1]
            points, bags[side], set_out, contract, rare = folded
            scores[side] += points
            sets[side] += set_out
            contracts += contract
            # Problems, penalties, a Boston and nils are rare: counted apart.
            if rare is not None and self._count(tally, rare, problems):
                boston_by = side
        tally.contracts += contracts
        if table is None:
            return boston_by, tuple(side_entries)
        if not entries:
            return boston_by, None
        return boston_by, tuple(
            self._played_side(side, keys, bids, taken, played_of).entry
            for side in range(len(self._getters))
        )

    def close_game(self, tally: Tally, bags: Sequence[int], sets: Sequence[int]) -> None:
        """Count a game's sets and bags taken, from its sets and bags at the end: each
        deal's bags taken are the bags after it, less those before, plus its penalties
        times the limit, so over a game they add up to the bags at the end plus every
        penalty times the limit."""
        tally.sets += sum(sets)
        tally.bags += sum(bags) + tally.bag_penalties * self.rules.bag_limit

    @staticmethod
    def _count(tally: Tally, numbers: SideNumbers, problems: list[Problem]) -> bool:
        """A side's problems, bag penalties and nils, into the deal's and the game's;
        whether it made a Boston."""
        _, _, penalties, _, boston, side_problems, nils = numbers
        if side_problems:
            problems.extend(side_problems)
        if penalties:
            tally.bag_penalties += penalties
        if nils:
            tally.nil_bids += nils[0]
            tally.nil_made += nils[1]
            tally.blind_nil_bids += nils[2]
            tally.blind_nil_made += nils[3]
        return boston

    def numbers(self, played: PlayedSide, score: int, bags: int) -> SideNumbers:
        """A played side scored by the engine from `score` and `bags`, checked, memoised
        by its bids and tricks apart from its seats, its bags, and its score where the
        points read it."""
        return self._numbers_of(played, score, bags)[0]

    def _numbers_of(
        self, played: PlayedSide, score: int, bags: int
    ) -> tuple[SideNumbers, RefSide | None]:
        """`numbers`, and the reference's answer where it was asked for them just now
        (None: read from the memo, or not checked)."""
        assert played.unseated is not None, "a played side keyed for `numbers`"
        key = self.keys.scored(played.unseated, bags, score)
        numbers = self._numbers.get(key)
        if numbers is not None:
            return numbers, None
        numbers, ref = self._score(played, score, bags)
        if len(self._numbers) < MEMO_LIMIT:
            self._numbers[key] = numbers
        return numbers, ref

    def _score(
        self, played: PlayedSide, score: int, bags: int
    ) -> tuple[SideNumbers, RefSide | None]:
        """A played side scored by the engine, checked (`numbers` without its memo), and
        the reference's answer it was held to (None: not checked)."""
        scored = self._engine(self.rules, played.hands, score=score, bags=bags)
        problems: list[Problem] = []
        ref = None
        if self.validate:
            ref = self.referee.side(played.plain, score, bags)
            problems = check_side_score(self.rules, scored, score, bags)
            problems += self.referee.compare(played.plain, score, bags, scored, ref)
        numbers = _new(SideNumbers, (
            scored.points, scored.bags, scored.penalties, scored.made, scored.boston,
            tuple(problems), played.nils,
        ))  # fmt: skip
        return numbers, ref

    def _played_side(
        self,
        side: int,
        keys: Sequence[object],
        bids: Sequence[object],
        taken: Sequence[int],
        played_of: PlayedOf,
    ) -> PlayedSide:
        """A side's played deal, memoised by its seats' bid keys and tricks."""
        get = self._getters[side]
        key = (get(keys), get(taken))
        played = self._played.get(key)
        if played is None:
            played = played_of(side, bids, taken)
            if len(self._played) < MEMO_LIMIT:
                self._played[key] = played
        return played

    def by_slot(
        self,
        side: int,
        keys: Sequence[object],
        taken: Sequence[int],
        played_of: PlayedOf,
        place: int,
        bags: int,
        score: int,
    ) -> SideFold:
        """A kernel side deal not kept yet by its slot: scored, checked, handed to the
        game's fold with the reference's answer, and kept (where its bags are in range
        of the slots), as the game's fold takes it."""
        bag_slots = self._bag_slots
        played = self._played_side(side, keys, keys, taken, played_of)
        scored, ref = self._score(played, score, bags)
        if self.note is not None and ref is not None:
            # The reference's answer the comparison has just had, for the game's fold.
            self.note(side, keys, taken, bags, score, ref)
        folded = side_fold(scored)
        if 0 <= bags < bag_slots:
            # Partners who swap their bids and tricks score the same: a side of two seats
            # keeps its numbers under the swapped deal's slot too.
            swapped = -1
            if self.rules.side_size == 2:
                first, second = divmod(place, self._radix)
                swapped = (second * self._radix + first) * bag_slots + bags
            self._keep(place * bag_slots + bags, swapped, folded)
        return folded

    def _keep(self, slot: int, swapped: int, folded: SideFold) -> None:
        """Keep a side deal's numbers in this process under its slot, and the swapped
        partners' slot (-1: none). Equal numbers are kept as one tuple: thousands of
        slots hold a few hundred different ones, which then stay in the CPU's caches."""
        rare = folded[4]
        if rare is None or not rare.problems:
            folded = self._folds.setdefault(folded, folded)
        if len(self._slots) < MEMO_LIMIT:
            self._slots[slot] = folded
            if swapped >= 0:
                self._slots[swapped] = folded
