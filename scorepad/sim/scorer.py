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

On the kernel path the scored sides live in the run's shared table (scoretable.py)
when the rules let a slot stand for a side deal (points that do not read the score).
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
from scorepad.sim.referee import PlainHand, Referee, plain_side
from scorepad.sim.results import Tally
from scorepad.sim.scoretable import ScoreTable, pack, unpack
from scorepad.sim.table import bid_key
from scorepad.sim.validate import Problem, check_side_score

MEMO_LIMIT = 200_000  # entries per memo: beyond it, new side deals are scored unkept

Engine = Callable[..., SideScore]  # scoring.score_side's signature


class PlayedSide(NamedTuple):
    """A side's played deal before it is scored."""

    entry: SideEntry
    hands: list[Hand]  # the engine's
    plain: tuple[PlainHand, ...]  # the reference's
    nils: tuple[int, int, int, int] | None  # nil bids, made, blind nil bids, made
    unseated: tuple[object, ...]  # its bids and tricks, whatever seat bid what


class SideNumbers(NamedTuple):
    """What the game's fold reads of a side's scored deal, and what was wrong with it."""

    points: int
    bags: int  # after the deal
    penalties: int
    made: bool | None  # None: no contract
    boston: bool
    problems: tuple[Problem, ...]
    nils: tuple[int, int, int, int] | None


# A deal's sides folded into the game: the side that made a Boston (if one did), and the
# sides' entries for a Round (when asked for).
Folded = tuple[int | None, tuple[SideEntry, ...] | None]


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
        shared: ScoreTable | None = None,
        engine: Engine | None = None,
    ) -> None:
        self.rules = rules
        self.keys = MemoKeys(rules)
        self.referee = referee
        self.validate = validate
        # A slot stands for a side deal only when the points do not read the score.
        self.shared = shared if not self.keys.reads_score else None
        # The engine as `scoring` has it now (a test may plant a bug there), or another.
        self._engine = engine or scoring.score_side
        self._names = names
        self._seats = [rules.seats_of(side) for side in range(rules.sides)]
        self._getters = [itemgetter(*seats) for seats in self._seats]
        self._scored: dict[tuple[object, ...], tuple[SideEntry, SideNumbers]] = {}
        self._played: dict[tuple[object, ...], PlayedSide] = {}
        self._numbers: dict[tuple[object, ...], SideNumbers] = {}
        self._unpacked: dict[int, SideNumbers | None] = {}

    def played_side(
        self, side: int, by_seat: Sequence[Bid | None], taken: Sequence[int]
    ) -> PlayedSide:
        """One side's played deal from each seat's bid (None: the partner made the side's
        joint bid) and tricks."""
        seats = self._seats[side]
        bids = tuple([bid for seat in seats if (bid := by_seat[seat]) is not None])
        tricks = tuple([taken[seat] for seat in seats])
        entry = SideEntry(bids, tricks)
        hands = side_hands(self.rules, entry, self._names[side])
        nils = None
        for seat in seats:
            bid = by_seat[seat]
            if bid is not None and bid.is_nil:
                nils = nils or [0, 0, 0, 0]
                blind = 2 if bid.kind is BidKind.BLIND_NIL else 0
                nils[blind] += 1
                nils[blind + 1] += taken[seat] == 0
        plain = plain_side([by_seat[seat] for seat in seats], tricks)
        # Any fixed order does: two orders of the same pairs would only miss a share.
        unseated = tuple(sorted([(bid_key(hand.bid), hand.tricks) for hand in hands], key=hash))
        nils_made = (nils[0], nils[1], nils[2], nils[3]) if nils else None
        return PlayedSide(entry, hands, plain, nils_made, unseated)

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
        sets and counts; a side's problems go to `problems`.

        `keys` tell the seats' bids apart (memo keys of the bids, or the kernel's bid
        codes); `played_of` makes a played side not met yet from `bids`. A kernel deal
        gives each side's place (`places`): its numbers are then read from the shared
        table by place and bags. `entries` asks for the sides' entries, for a Round."""
        table = self.shared if places is not None else None
        if table is not None:
            values, bag_slots, unpacked = table.values, table.bag_slots, self._unpacked
        side_entries = []
        boston_by = None
        bag_limit = self.rules.bag_limit
        for side, get in enumerate(self._getters):
            side_bags = bags[side]
            if table is not None:
                assert places is not None
                place = places[side]
                # A slot written and not flagged wrong is a side deal scored already.
                value = values[place * bag_slots + side_bags] if side_bags < bag_slots else 0
                numbers = unpacked.get(value) if value else None
                if numbers is None:
                    numbers = self.from_table(side, keys, taken, played_of, place, side_bags,
                                              scores[side])  # fmt: skip
            else:
                key = self.keys.scored((get(keys), get(taken)), side_bags, scores[side])
                cached = self._scored.get(key)
                if cached is None:
                    played = self._played_side(side, keys, bids, taken, played_of)
                    cached = (played.entry, self.numbers(played, scores[side], side_bags))
                    if len(self._scored) < MEMO_LIMIT:
                        self._scored[key] = cached
                side_entries.append(cached[0])
                numbers = cached[1]
            points, bags[side], penalties, made, boston, side_problems, nils = numbers
            scores[side] += points
            # The bags taken: the engine's bags after the deal and its penalties say them
            # (bags before + taken = penalties * the limit + bags after).
            tally.bags += bags[side] - side_bags + penalties * bag_limit
            if made is not None:
                tally.contracts += 1
                if made is False:
                    sets[side] += 1
                    tally.sets += 1
            # Problems, penalties, a Boston and nils are rare: counted apart.
            if side_problems or penalties or boston or nils:
                self._count(tally, numbers, problems)
                if boston:
                    boston_by = side
        if table is None:
            return boston_by, tuple(side_entries)
        if not entries:
            return boston_by, None
        return boston_by, tuple(
            self._played_side(side, keys, bids, taken, played_of).entry
            for side in range(len(self._getters))
        )

    @staticmethod
    def _count(tally: Tally, numbers: SideNumbers, problems: list[Problem]) -> None:
        """A side's problems, bag penalties and nils, into the deal's and the game's."""
        _, _, penalties, _, _, side_problems, nils = numbers
        if side_problems:
            problems.extend(side_problems)
        if penalties:
            tally.bag_penalties += penalties
        if nils:
            tally.nil_bids += nils[0]
            tally.nil_made += nils[1]
            tally.blind_nil_bids += nils[2]
            tally.blind_nil_made += nils[3]

    def numbers(self, played: PlayedSide, score: int, bags: int) -> SideNumbers:
        """A played side scored by the engine from `score` and `bags`, checked, memoised
        by its bids and tricks apart from its seats, its bags, and its score where the
        points read it."""
        key = self.keys.scored(played.unseated, bags, score)
        numbers = self._numbers.get(key)
        if numbers is None:
            scored = self._engine(self.rules, played.hands, score=score, bags=bags)
            problems: list[Problem] = []
            if self.validate:
                problems = check_side_score(self.rules, scored, score, bags)
                problems += self.referee.compare(played.plain, score, bags, scored)
            numbers = SideNumbers(
                scored.points, scored.bags, scored.penalties, scored.made, scored.boston,
                tuple(problems), played.nils,
            )  # fmt: skip
            if len(self._numbers) < MEMO_LIMIT:
                self._numbers[key] = numbers
        return numbers

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

    def from_table(
        self,
        side: int,
        keys: Sequence[object],
        taken: Sequence[int],
        played_of: PlayedOf,
        place: int,
        bags: int,
        score: int,
    ) -> SideNumbers:
        """A kernel side deal's numbers from the shared table (scored and written there
        when its slot is empty). A slot flags a score found wrong; its problems are
        worded again from this process's memo."""
        table = self.shared
        assert table is not None
        in_range = 0 <= bags < table.bag_slots
        slot = place * table.bag_slots + bags
        value = table.values[slot] if in_range else 0
        if not value and in_range and self.rules.side_size == 2:
            # Partners who swap their bids and tricks score the same.
            first, second = divmod(place, table.radix)
            value = table.values[(second * table.radix + first) * table.bag_slots + bags]
            if value:
                table.values[slot] = value
        if value:
            numbers = self._unpacked.get(value, _UNREAD)
            if numbers is _UNREAD:
                points, bags_after, penalties, made, boston, wrong, nils = unpack(value)
                # A score found wrong is only flagged in the table: read it as a miss.
                numbers = (
                    None
                    if wrong
                    else SideNumbers(points, bags_after, penalties, made, boston, (), nils)
                )
                self._unpacked[value] = numbers
            if numbers is not None:
                return numbers
        played = self._played_side(side, keys, keys, taken, played_of)
        scored = self.numbers(played, score, bags)
        if in_range and not value:
            points, bags_after, penalties, made, boston, problems, nils = scored
            value = pack(points, bags_after, penalties, made, boston, bool(problems), nils)
            if value:
                table.values[slot] = value
        return scored


_UNREAD: SideNumbers | None = SideNumbers(0, 0, 0, None, False, (), None)  # a sentinel
