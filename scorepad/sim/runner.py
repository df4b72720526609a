"""Play games out: deal, bid, exchange, play, score with the engine, check everything.

A game is played from its own seed (`game_seed`), so a run gives the same result however
its games are spread over processes. Every deal becomes a `Round` of `SideEntry`s, the
shape a person enters at the table, and is scored by `scoring.score_side` and
`scoring.judge_end` exactly as `game.standings` scores a saved game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from operator import itemgetter
from typing import Any, cast

from scorepad.bids import (
    BLIND_NIL,
    Bid,
    BidKind,
    check_side_bids,
    check_table_bids,
)
from scorepad.cards import CODE_CARDS, format_cards
from scorepad.errors import BidError
from scorepad.game import (
    Game,
    Round,
    SideEntry,
    _trailing_by,
    new_game,
    side_hands,
    standings,
)
from scorepad.rules import Rules
from scorepad.scoring import Hand, judge_end, score_side
from scorepad.sim.bots import BOTS, Bot, RandomBot
from scorepad.sim.deal import DeckPlan, deck_plan, has_no_spade, shuffle_deal
from scorepad.sim.kernel import (
    BLIND_NIL_CODE,
    KERNEL,
    RANDOM_NIL,
    KernelTable,
    bids_of_codes,
    kernel_seed,
    random_bids,
    random_wishes,
    table_arguments,
)
from scorepad.sim.play import (
    BEATS,
    BIT,
    NO_SUIT,
    NON_SPADE_MASK,
    SPADE_LOW,
    SPADES,
    SUIT_MASKS,
    SUIT_OF,
    mask_of,
    suit_lists_of,
)
from scorepad.sim.scoretable import CLEAN, REFUSED, Numbers, pack, score_table, unpack
from scorepad.sim.table import _KEY_OF_ID, BidChoice, Seen, bid_choice, bid_key
from scorepad.sim.validate import (
    Problem,
    check_dealt,
    check_side_score,
    dealt_masks,
    reference_end,
    replay_clean,
    replay_masks,
    replay_play,
)

MAX_DEALS = 500  # a game still going after this many deals is cut off as unfinished
MAX_REDEALS = 100
# Every game is scored deal by deal through the engine and checked; the score pad's own
# fold (`game.standings`) re-scores a whole game, so it checks every kept (saved) game
# and one game in this many otherwise.
STANDINGS_EVERY = 8
SEAT_NAMES_4 = ("North", "East", "South", "West")
# The memo keys (`_KEY_OF_ID`) of the bids that are not blind: nil and the numbers.
_UNBLIND_KEYS = frozenset(key for bid_id, key in _KEY_OF_ID.items() if id(BLIND_NIL) != bid_id)
_BLIND_NIL_KEY: object = _KEY_OF_ID[id(BLIND_NIL)]
_UNSEEN = object()  # not yet in a memo table (None there means: checked, nothing wrong)
# A side's played deal before it is scored: its entry, the engine's hands for it, the
# side's nil bids and made, blind nil bids and made (None: no nil), and its bids and
# tricks in an order of their own (the same whatever seat bid what).
PlayedSide = tuple[SideEntry, list[Hand], tuple[int, ...] | None, tuple[object, ...]]
# A side's scored deal, as the game's fold reads it: its entry; of the engine's score
# the points, bags after, bag penalties, made (None: no contract) and Boston; what is
# wrong with the score; and its nils. Only these numbers are kept in the memo: the
# engine's lines (and their labels) are checked, then let go, which keeps the tables
# small enough to fill quickly.
ScoredPlay = tuple[
    SideEntry, int, int, int, bool | None, bool, tuple[Problem, ...], tuple[int, ...] | None
]
# The engine's numbers alone: points, bags after, penalties, made, Boston, problems.
ScoredNumbers = tuple[int, int, int, bool | None, bool, tuple[Problem, ...]]


def seat_names(players: int) -> tuple[str, ...]:
    return SEAT_NAMES_4 if players == 4 else tuple(f"P{seat + 1}" for seat in range(players))


def game_seed(seed: int, index: int) -> str:
    """The seed of game `index` of a run: the same whatever process plays it."""
    return f"scorepad-sim:{seed}:{index}"


@dataclass(slots=True)
class DealRecord:
    """Everything that happened in one deal, in card codes and seats."""

    dealer: int
    dealt: list[list[int]]
    discards: list[int] = field(default_factory=list)
    exchanges: list[tuple[int, int, list[int]]] = field(default_factory=list)
    bids: list[tuple[int, Bid]] = field(default_factory=list)  # (seat, bid) in bidding order
    joint: list[bool] = field(default_factory=list)  # per side
    plays: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    redeals: int = 0

    def by_seat(self, players: int) -> list[Bid | None]:
        """Each seat's bid (None: its partner made the side's joint bid)."""
        bids: list[Bid | None] = [None] * players
        for seat, bid in self.bids:
            bids[seat] = bid
        return bids

    def holdings(self) -> list[list[int]]:
        """Each seat's cards when play starts: dealt, less the discards, after exchanges."""
        if not self.discards and not self.exchanges:
            return self.dealt
        held = [list(hand) for hand in self.dealt]
        held[self.dealer] = [code for code in held[self.dealer] if code not in self.discards]
        for giver, taker, codes in self.exchanges:
            held[giver] = [code for code in held[giver] if code not in codes]
            held[taker] = held[taker] + list(codes)
        return held

    def describe(self, names: Sequence[str]) -> str:
        """The deal as text, enough to replay it by hand."""
        lines = [f"dealer {names[self.dealer]}"]
        for seat, hand in enumerate(self.dealt):
            cards = format_cards(sorted((CODE_CARDS[c] for c in hand), reverse=True))
            lines.append(f"{names[seat]}: {cards}")
        if self.discards:
            lines.append("discards: " + format_cards(CODE_CARDS[c] for c in self.discards))
        lines.append("bids: " + ", ".join(f"{names[seat]} {bid}" for seat, bid in self.bids))
        lines.append("play: " + format_cards(CODE_CARDS[c] for c in self.plays))
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Violation:
    """A check that failed, with what it takes to replay the deal."""

    seed: int
    game: int
    deal: int
    check: str
    message: str
    replay: str

    def as_json(self) -> dict[str, object]:
        return {
            "seed": self.seed,
            "game": self.game,
            "deal": self.deal,
            "check": self.check,
            "message": self.message,
            "replay": self.replay,
        }


@dataclass(slots=True)
class Tally:
    """What is counted in each game and summed over a run."""

    deals: int = 0
    redeals: int = 0
    nil_bids: int = 0
    nil_made: int = 0
    blind_nil_bids: int = 0
    blind_nil_made: int = 0
    contracts: int = 0
    sets: int = 0
    bag_penalties: int = 0

    def add_tally(self, other: Tally) -> None:
        """Add another game's (or run's) counts to these."""
        for name in TALLY_FIELDS:
            setattr(self, name, getattr(self, name) + getattr(other, name))


TALLY_FIELDS = tuple(f.name for f in fields(Tally))


@dataclass(slots=True, kw_only=True)
class GameResult(Tally):
    """One game's outcome and counts; plain numbers, so it travels between processes."""

    index: int
    winner: int | None = None
    end: str = "unfinished"
    scores: tuple[int, ...] = ()
    first_dealer_side: int = 0
    side_bots: tuple[str, ...] = ()
    violations: list[Violation] = field(default_factory=list)
    game: Game | None = None
    records: list[DealRecord] = field(default_factory=list)


class GameRunner:
    """Plays games under one set of rules with bots per side; re-usable across games."""

    def __init__(
        self,
        rules: Rules,
        *,
        preset: str,
        bots: Sequence[str] = ("heuristic",),
        seed: int = 0,
        validate: bool = True,
        keep_game: bool = False,
        keep_records: bool = False,
        max_deals: int = MAX_DEALS,
        fast_random: bool = True,
        kernel: bool = False,
        cross_check: bool = False,
    ) -> None:
        unknown = [name for name in bots if name not in BOTS]
        if unknown or not bots:
            raise ValueError(f"unknown bots {unknown}; known: {', '.join(BOTS)}")
        self.rules = rules
        self.preset = preset
        self.side_bots = tuple(bots[side % len(bots)] for side in range(rules.sides))
        self.seed = seed
        self.validate = validate
        self.keep_game = keep_game
        self.keep_records = keep_records
        self.max_deals = max_deals
        self.fast_random = fast_random  # all-random tables play on the inlined loop
        self.plan: DeckPlan = deck_plan(rules)
        self._deck_mask = sum(1 << code for code in set(self.plan.codes))
        self.names = seat_names(rules.players)
        self.game_template = new_game("simulated", self.names, rules, preset=preset)
        self.side_names = [self.game_template.side_players(side) for side in range(rules.sides)]
        self.side_seats = [rules.seats_of(side) for side in range(rules.sides)]
        self._seen = seen = Seen(rules)  # for every game (`Seen.new_game`)
        self._partner, self._side_of = seen.partner, seen.side_of
        # Each side's scored deal, by its bids, tricks and bags, and its played deal by
        # its bids and tricks alone (see `_fold_sides`).
        self._side_memo: dict[tuple[object, ...], ScoredPlay] = {}
        self._played_memo: dict[tuple[object, ...], PlayedSide] = {}
        self._unseated_memo: dict[tuple[object, ...], ScoredNumbers] = {}
        self._entries: tuple[SideEntry, ...] = ()
        self._bids_ok: dict[tuple[object, ...], str | None] = {}
        self._deal_bids_ok: dict[tuple[object, ...], tuple[Problem, ...]] = {}
        self._choices: dict[tuple[object, int, bool, bool], BidChoice] = {}
        # Each seat is asked once, for its own bid (see `_bid_plain`).
        self._plain_bids = not rules.blind_nil and not (rules.partner_bidding and not rules.suicide)
        self._deficit = max(rules.blind_nil_deficit, rules.blind_bid_deficit)
        # Random bots' bids, by the situation: (choice, blind nil open, nil, bid per wish).
        self._random_keyed: dict[tuple[object, int, bool], KeyedBids] = {}
        self._fits: dict[BidChoice, RandomBids] = {}
        self._wish = random_wishes(rules.tricks)
        # Random bots' deals need no bot asked under these rules (see `_random_deals`).
        self._plain_random = not (
            self.plan.discards
            or rules.redeal_without_spades
            or rules.blind_nil_exchange
            or rules.partner_bidding
            and rules.side_size > 1
            and not rules.suicide
        )
        # The compiled kernel plays the deals (see kernel.py); `cross_check` also replays
        # every one of its deals through the Python validator (tests do).
        self.cross_check = cross_check
        self._table: KernelTable | None = None
        if kernel:
            key = (id(KERNEL), rules)
            self._table = _KERNEL_TABLES.get(key) or self._kernel_table()
            _KERNEL_TABLES.clear()  # one at a time: a process runs one set of rules
            _KERNEL_TABLES[key] = self._table
        self._kernel_bids: dict[tuple[object, ...], tuple[Problem, ...]] = {}
        # The kernel path's scored sides, shared with the run's forked processes (see
        # scoretable.py), and its numbers unpacked, by the table's number.
        self._scores = score_table(rules, validate) if kernel else None
        self._unpacked: dict[int, Numbers] = {}
        self._unjoint = [False] * rules.sides  # the kernel's bids are never joint
        self._side_getters = [itemgetter(*seats) for seats in self.side_seats]
        # The seats after each leader, in playing order.
        self._followers = [
            tuple((leader + step) % rules.players for step in range(1, rules.players))
            for leader in range(rules.players)
        ]
        self._bid_of_code = bids_of_codes(rules.tricks)
        # The seats of a trick in playing order, by its leader.
        self._orders = [(leader, *seats) for leader, seats in enumerate(self._followers)]

    # -- a game ---------------------------------------------------------------------

    def play_game(self, index: int) -> GameResult:
        """Play game `index` of the run to its end (or MAX_DEALS deals)."""
        if self._table is not None:
            return self._play_game_kernel(index, self._table)
        rules = self.rules
        rng = random.Random(game_seed(self.seed, index))
        players = rules.players
        bots: list[Bot] = [
            BOTS[self.side_bots[rules.side_of(seat)]](rng) for seat in range(players)
        ]
        all_random = self.fast_random and all(type(bot) is RandomBot for bot in bots)
        first_dealer = int(rng.random() * players)
        result = GameResult(
            index=index,
            first_dealer_side=rules.side_of(first_dealer),
            side_bots=self.side_bots,
        )
        sides = rules.sides
        scores, bags, sets = [0] * sides, [0] * sides, [0] * sides
        fold = self.validate and (self.keep_game or index % STANDINGS_EVERY == 0)
        # Rounds are built only for the score pad's fold or a kept game.
        rounds: list[Round] | None = [] if self.keep_game or fold else None
        if all_random and self._plain_random:
            self._random_deals(result, rng, first_dealer, scores, bags, sets, rounds)
            result.scores = tuple(scores)
            if rounds is not None:
                self._finish_game(result, first_dealer, rounds, fold)
            return result
        seen = self._seen
        seen.new_game()
        validate, keep_records = self.validate, self.keep_records
        fold_sides, played_miss, key_of_id = self._fold_sides, self._played_side, _KEY_OF_ID
        for number in range(1, self.max_deals + 1):
            dealer = (first_dealer + number - 1) % players
            seen.new_deal(dealer)
            record = self._deal(rng, dealer, seen, bots, all_random)
            result.redeals += record.redeals
            by_seat = seen.bids  # `record.by_seat` (None: the partner bid for the side)
            if keep_records:
                result.records.append(record)
            problems = self._check_deal(record, scores, by_seat) if validate else []
            keys = [key_of_id.get(id(bid), bid) for bid in by_seat]
            boston_by = fold_sides(
                result, keys, record.taken, by_seat, played_miss, scores, bags, sets, problems
            )
            if rounds is not None:
                rounds.append(Round(dealer, self._entries))
            seen.scores[:], seen.bags[:] = scores, bags
            if self._close_deal(result, number, scores, sets, boston_by, problems, record):
                break
        result.scores = tuple(scores)
        if rounds is not None:
            self._finish_game(result, first_dealer, rounds, fold)
        return result

    def _random_deals(
        self,
        result: GameResult,
        rng: random.Random,
        first_dealer: int,
        scores: list[int],
        bags: list[int],
        sets: list[int],
        rounds: list[Round] | None,
    ) -> None:
        """The deals of a game of random bots under rules with no discards, redeals,
        exchanges or partner bidding (`_plain_random`): the same random numbers drawn in
        the same order as `_deal` with `RandomBot`s, with the bids read from memo tables
        and the play on per-suit lists (tests/test_sim_runner.py holds the two to each
        other), checked and scored with the runner's tables bound once a game."""
        rules, plan = self.rules, self.plan
        players, sides = rules.players, rules.sides
        validate, keep_records = self.validate, self.keep_records
        fold_sides, played_miss, close_deal = self._fold_sides, self._played_side, self._close_deal
        bid, play, check = self._bid_random, self._play_random, self._check_random
        rnd = rng.random
        for number in range(1, self.max_deals + 1):
            dealer = (first_dealer + number - 1) % players
            dealt = shuffle_deal(plan, dealer, rng)
            record = DealRecord(dealer, dealt, joint=[False] * sides)
            held = suit_lists_of(dealt)
            by_seat, keys = bid(record, held, scores, rnd)
            play(record, held, (dealer + 1) % players, rnd)
            if keep_records:
                result.records.append(record)
            problems = check(record, scores, by_seat, keys) if validate else []
            boston_by = fold_sides(
                result, keys, record.taken, by_seat, played_miss, scores, bags, sets, problems
            )
            if rounds is not None:
                rounds.append(Round(dealer, self._entries))
            if close_deal(result, number, scores, sets, boston_by, problems, record):
                break

    def _close_deal(
        self,
        result: GameResult,
        number: int,
        scores: list[int],
        sets: list[int],
        boston_by: int | None,
        problems: list[Problem],
        record: DealRecord | None,
    ) -> bool:
        """Judge the end of the game after deal `number` (by the engine, and checked
        against the reference reading), note the deal's problems as violations with its
        replay, and say whether the game is over."""
        rules = self.rules
        outcome = judge_end(rules, scores, sets=sets, boston_by=boston_by)
        if self.validate:
            ended, winner = reference_end(rules, scores, sets, boston_by)
            actual = (outcome is not None, outcome.winner if outcome else None)
            if actual != (ended, winner):
                problems.append(
                    Problem(
                        "end",
                        f"after scores {scores}: the engine says {actual},"
                        f" the rules say {(ended, winner)}",
                    )
                )
        if problems:
            replay = record.describe(self.names) if record is not None else ""
            for problem in problems:
                result.violations.append(
                    Violation(
                        self.seed, result.index, number, problem.check, problem.message, replay
                    )
                )
        result.deals = number
        if outcome is None:
            return False
        result.winner = outcome.winner
        result.end = outcome.reason.value if outcome.winner is not None else "draw"
        return True

    def _finish_game(
        self, result: GameResult, first_dealer: int, rounds: list[Round], fold: bool
    ) -> None:
        """The game as the score pad keeps it: checked by its fold, kept if asked."""
        game = Game(
            f"simulated game {result.index + 1}",
            self.names,
            self.game_template.sides,
            self.preset,
            self.rules,
            first_dealer,
            tuple(rounds),
        )
        if fold:
            self._check_standings(game, result)
        if self.keep_game:
            result.game = game

    def _play_game_kernel(self, index: int, table: KernelTable) -> GameResult:
        """Game `index` with the compiled kernel dealing, bidding and playing each deal
        (from the game's own 64-bit seed, `kernel_seed`) and checking it; here, as on the
        Python path, each deal is scored by the engine, its bids checked by
        `scorepad.bids`, and the end of the game judged twice. A deal the kernel's check
        refuses is replayed by the Python validator, which says what is wrong."""
        rules = self.rules
        players, sides = rules.players, rules.sides
        table.seed(kernel_seed(self.seed, index))
        first_dealer = table.below(players)
        result = GameResult(
            index=index, first_dealer_side=rules.side_of(first_dealer), side_bots=self.side_bots
        )
        scores, bags, sets = [0] * sides, [0] * sides, [0] * sides
        fold = self.validate and (self.keep_game or index % STANDINGS_EVERY == 0)
        rounds: list[Round] | None = [] if self.keep_game or fold else None
        validate, keep_records, cross_check = self.validate, self.keep_records, self.cross_check
        blind_deficit = rules.blind_nil_deficit if rules.blind_nil else None
        side_range = range(sides)
        fold_sides, played_miss = self._fold_sides, self._kernel_played_side
        shared = self._scores is not None
        bids_ok = self._kernel_bids_ok
        for number in range(1, self.max_deals + 1):
            dealer = (first_dealer + number - 1) % players
            blind_sides = 0
            if blind_deficit is not None:
                for side in side_range:
                    if _trailing_by(scores, side) >= blind_deficit:
                        blind_sides |= 1 << side
            codes, taken, bad, places = table.deal(dealer, blind_sides)
            problems: list[Problem] = []
            record = None
            if bad or keep_records or cross_check:
                record = self._kernel_record(table, dealer, codes, taken)
                if keep_records:
                    result.records.append(record)
                if validate and (bad or cross_check):
                    problems = self._check_deal(record, scores, record.by_seat(players))
                    if bad and not problems:
                        problems.append(
                            Problem("kernel", f"the kernel's own check failed (bits {bad})")
                        )
            elif validate:
                problems = bids_ok(dealer, codes, scores)
            boston_by = fold_sides(
                result, codes, taken, codes, played_miss, scores, bags, sets, problems,
                places if shared else None, rounds is not None,
            )  # fmt: skip
            if rounds is not None:
                rounds.append(Round(dealer, self._entries))
            if problems and record is None:
                record = self._kernel_record(table, dealer, codes, taken)
            if self._close_deal(result, number, scores, sets, boston_by, problems, record):
                break
        result.scores = tuple(scores)
        if rounds is not None:
            self._finish_game(result, first_dealer, rounds, fold)
        return result

    def _kernel_table(self) -> KernelTable:
        """The kernel's table for these rules: the deck, the seats, and the bid each
        situation gives a random bot, filled from the real bid rules (`bid_choice`,
        `BidChoice.fit`) as the Python path reads them."""
        assert KERNEL is not None, "the compiled kernel is not built"
        table: KernelTable = KERNEL.Table(**table_arguments(self.rules))
        return table

    def _kernel_record(
        self, table: KernelTable, dealer: int, codes: Sequence[int], taken: Sequence[int]
    ) -> DealRecord:
        """The kernel's last deal as a DealRecord (for the validator, a violation's replay
        and hand records)."""
        dealt, plays, winners = table.record()
        players = self.rules.players
        order = [(dealer + step) % players for step in range(1, players + 1)]
        return DealRecord(
            dealer,
            dealt,
            bids=[(seat, self._bid_of_code[codes[seat]]) for seat in order],
            joint=[False] * self.rules.sides,
            plays=plays,
            winners=winners,
            taken=list(taken),
        )

    def _fold_sides(
        self,
        result: GameResult,
        keys: Sequence[object],
        taken: Sequence[int],
        bids: Sequence[object],
        played_miss: Callable[[int, Any, Sequence[int]], PlayedSide],
        scores: list[int],
        bags: list[int],
        sets: list[int],
        problems: list[Problem],
        places: tuple[int, ...] | None = None,
        entries: bool = True,
    ) -> int | None:
        """Score each side's part of a deal with the engine and fold it into the game;
        the side that made a Boston, if one did.

        Each side's score is memoised by its seats' bid keys (`keys`: memo keys of the
        bids, or the kernel's bid codes), its tricks and its bags: the engine is pure,
        and a round's points do not depend on the score before it, so the same bids,
        tricks and bags always score the same (the side's names only label the engine's
        lines, which the simulator reads for their points alone). A score not seen yet is
        the engine's, called on the side's played deal (its entry and hands), which is
        memoised by the bids and tricks alone: the same deal comes with many bag counts,
        and a run's first games are mostly such misses. `played_miss(side, bids, taken)`
        makes a played deal not seen yet.

        A kernel deal gives each side's place (`places`): its score is then read from the
        run's shared table (scoretable.py) by its place and bags instead, and scored
        (`_table_miss`) where that slot is still empty. The sides' entries are left in
        `self._entries` when `entries` asks for them, for a Round."""
        memo = self._side_memo
        if places is not None:
            assert self._scores is not None
            values, bag_slots = self._scores.values, self._scores.bag_slots
            unpacked = self._unpacked
        boston_by = None
        sides_entries = []
        for side, get in enumerate(self._side_getters):
            side_bags = bags[side]
            if places is not None:
                slot = places[side] * bag_slots + side_bags
                value = values[slot] if 0 <= side_bags < bag_slots else 0
                if value:
                    numbers = unpacked.get(value)
                    if numbers is None:
                        numbers = unpacked[value] = unpack(value)
                else:
                    numbers = self._table_miss(side, bids, taken, side_bags, slot)
                points, bags[side], penalties, made, boston, wrong, nils = numbers
                # Only flagged in the table: its problems, worded, from this process's memo.
                engine_problems = (
                    self._kernel_numbers(side, bids, taken, side_bags)[5] if wrong else ()
                )
            else:
                key = (get(keys), get(taken), side_bags)
                cached = memo.get(key)
                if cached is None:
                    played = self._played(side, keys, bids, taken, played_miss)
                    cached = self._score_played(played, side_bags)
                    if len(memo) < 200_000:
                        memo[key] = cached
                entry, points, bags[side], penalties, made, boston, engine_problems, nils = cached
                sides_entries.append(entry)
            if engine_problems:
                problems.extend(engine_problems)
            scores[side] += points
            if penalties:
                result.bag_penalties += penalties
            if made is not None:
                result.contracts += 1
                if made is False:
                    sets[side] += 1
                    result.sets += 1
            if boston:
                boston_by = side
            if nils:
                result.nil_bids += nils[0]
                result.nil_made += nils[1]
                result.blind_nil_bids += nils[2]
                result.blind_nil_made += nils[3]
        if places is None:
            self._entries = tuple(sides_entries)
        elif entries:
            self._entries = tuple(
                self._kernel_played(side, bids, taken)[0] for side in range(len(places))
            )
        return boston_by

    def _table_miss(
        self, side: int, codes: Sequence[object], taken: Sequence[int], bags: int, slot: int
    ) -> Numbers:
        """A side's numbers scored by the engine, written to the shared table when its
        slot is one (its bags in range) and they fit in a slot's number. Partners who
        swap their bids and tricks score the same (see `_score_played`): when the swapped
        deal's slot is written already, its number is this slot's too."""
        table = self._scores
        assert table is not None
        in_range = 0 <= bags < table.bag_slots
        if in_range and self.rules.side_size == 2:
            first, second = divmod(slot // table.bag_slots, table.radix)
            value = table.values[(second * table.radix + first) * table.bag_slots + bags]
            if value:
                table.values[slot] = value
                swapped = self._unpacked.get(value)
                if swapped is None:
                    swapped = self._unpacked[value] = unpack(value)
                return swapped
        played = self._kernel_played(side, codes, taken)
        points, bags_after, penalties, made, boston, engine_problems = self._score_numbers(
            played, bags
        )
        numbers: Numbers = (
            points, bags_after, penalties, made, boston, bool(engine_problems), played[2],
        )  # fmt: skip
        if in_range and (value := pack(numbers)):
            table.values[slot] = value
        return numbers

    def _played(
        self,
        side: int,
        keys: Sequence[object],
        bids: Sequence[object],
        taken: Sequence[int],
        played_miss: Callable[[int, Any, Sequence[int]], PlayedSide],
    ) -> PlayedSide:
        """A side's played deal, memoised by its seats' bid keys and tricks (see
        `_fold_sides`); `played_miss(side, bids, taken)` makes one not seen yet."""
        get = self._side_getters[side]
        key = (get(keys), get(taken))
        played = self._played_memo.get(key)
        if played is None:
            played = played_miss(side, bids, taken)
            if len(self._played_memo) < 200_000:
                self._played_memo[key] = played
        return played

    def _kernel_played(
        self, side: int, codes: Sequence[object], taken: Sequence[int]
    ) -> PlayedSide:
        """A kernel deal's played side (`_played`), from its bid codes."""
        return self._played(side, codes, codes, taken, self._kernel_played_side)

    def _kernel_numbers(
        self, side: int, codes: Sequence[object], taken: Sequence[int], bags: int
    ) -> ScoredNumbers:
        return self._score_numbers(self._kernel_played(side, codes, taken), bags)

    def _kernel_played_side(
        self, side: int, codes: Sequence[object], taken: Sequence[int]
    ) -> PlayedSide:
        """`_played_side` for a kernel deal, from its bid codes."""
        bid_of = self._bid_of_code
        bids = [bid_of[code] for code in cast("Sequence[int]", codes)]
        return self._played_side(side, bids, taken)

    def _played_side(
        self, side: int, by_seat: Sequence[Bid | None], taken: Sequence[int]
    ) -> PlayedSide:
        """One side's played deal: its entry, the engine's hands for it, and the side's
        nil counts: nil bids and made, blind nil bids and made (None when it bid no nil)."""
        seats = self.side_seats[side]
        bids = tuple([bid for seat in seats if (bid := by_seat[seat]) is not None])
        tricks = tuple([taken[seat] for seat in seats])
        entry = SideEntry(bids, tricks)
        hands = side_hands(self.rules, entry, self.side_names[side])
        nils = None
        for seat in seats:
            bid = by_seat[seat]
            if bid is not None and bid.is_nil:
                nils = nils or [0, 0, 0, 0]
                blind = 2 if bid.kind is BidKind.BLIND_NIL else 0
                nils[blind] += 1
                nils[blind + 1] += taken[seat] == 0
        # Any fixed order does: two orders of the same pairs would only miss a share.
        unseated = tuple(sorted([(bid_key(hand.bid), hand.tricks) for hand in hands], key=hash))
        return entry, hands, tuple(nils) if nils else None, unseated

    def _score_played(self, played: PlayedSide, bags: int) -> ScoredPlay:
        """A played deal scored by the engine from zero points and `bags`, and what is
        wrong with the result.

        The numbers are memoised once more by the side's bids and tricks whatever seat
        bid what, and the bags: partners who swap their bids and tricks score the same
        (RULES.md scores a side, not its seats), so the engine is asked once for both.
        The score pad's own fold (`_check_standings`) scores such games again seat by
        seat and compares the totals."""
        entry, _, nils, _ = played
        return (entry, *self._score_numbers(played, bags), nils)

    def _score_numbers(self, played: PlayedSide, bags: int) -> ScoredNumbers:
        """`_score_played`'s numbers alone, memoised by the side's bids and tricks apart
        from its seats, and its bags."""
        _, hands, _, unseated = played
        key = (unseated, bags)
        numbers = self._unseated_memo.get(key)
        if numbers is None:
            scored = score_side(self.rules, hands, score=0, bags=bags)
            problems = check_side_score(self.rules, scored, 0, bags) if self.validate else ()
            numbers = (
                scored.points, scored.bags, scored.penalties, scored.made, scored.boston,
                tuple(problems),
            )  # fmt: skip
            if len(self._unseated_memo) < 200_000:
                self._unseated_memo[key] = numbers
        return numbers

    def _kernel_bids_ok(
        self, dealer: int, codes: tuple[int, ...], scores: Sequence[int]
    ) -> list[Problem]:
        """`_check_bids` for a kernel deal (its bids in bidding order from the dealer),
        memoised by the dealer, the bid codes and the deficits clipped as there."""
        # Only a blind bid's check reads the deficits.
        blind = BLIND_NIL_CODE in codes
        key = (dealer, codes, self._clipped(scores) if blind else None)
        problems = self._kernel_bids.get(key)
        if problems is None:
            # Bids without a blind nil are checked once for the run's processes (a
            # refusal is worded again here, from this process's memo).
            table = self._scores
            checked = table.checked if table is not None and not blind else None
            at = table.bids_at(dealer, codes) if table is not None and checked is not None else 0
            if checked is not None and checked[at] == CLEAN:
                problems = ()
            else:
                problems = self._kernel_bids_checked(dealer, codes, scores)
                if checked is not None:
                    checked[at] = REFUSED if problems else CLEAN
            if len(self._kernel_bids) < 200_000:
                self._kernel_bids[key] = problems
        return list(problems)  # the caller adds to it

    def _kernel_bids_checked(
        self, dealer: int, codes: tuple[int, ...], scores: Sequence[int]
    ) -> tuple[Problem, ...]:
        """A kernel deal's bids checked (each side's check, and the table's, memoised)."""
        players = self.rules.players
        bid_of = self._bid_of_code
        by_seat = [bid_of[code] for code in codes]
        in_order = [by_seat[seat % players] for seat in range(dealer + 1, dealer + 1 + players)]
        return tuple(self._check_side_bids(self._unjoint, in_order, scores, by_seat))

    def _check_standings(self, game: Game, result: GameResult) -> None:
        """The score pad's own fold over the saved rounds gives the same totals and winner."""
        folded = standings(game)
        if folded.scores != result.scores or folded.winner != result.winner:
            result.violations.append(
                Violation(
                    self.seed,
                    result.index,
                    result.deals,
                    "standings",
                    f"standings give {folded.scores}, winner {folded.winner}; the simulator"
                    f" {result.scores}, winner {result.winner}",
                    "",
                )
            )

    # -- a deal ---------------------------------------------------------------------

    def _bid_random(
        self,
        record: DealRecord,
        held: list[list[list[int]]],
        scores: Sequence[int],
        rnd: Callable[[], float],
    ) -> tuple[list[Bid | None], list[object]]:
        """RandomBot's bids (see `_bid`'s `ask`), each from a table of the bid the choice
        gives for each wish; the same random numbers in the same order. Returns each
        seat's bid and its memo key (`_KEY_OF_ID`)."""
        rules = self.rules
        players = rules.players
        dealer = record.dealer
        by_seat: list[Bid | None] = [None] * players
        keys: list[object] = [None] * players
        bids = record.bids
        partner_of, side_of = self._partner, self._side_of
        wish = self._wish
        blind_deficit = rules.blind_nil_deficit if rules.blind_nil else None
        tables = self._random_keyed
        total = 0
        seat = dealer
        for step in range(players):
            seat += 1
            if seat == players:
                seat = 0
            partner = partner_of[seat]
            last = step == players - 1
            key = (keys[partner] if partner != seat else None, total, last)
            table = tables.get(key)
            if table is None:
                table = tables[key] = self._keyed_bid_table(
                    by_seat[partner] if partner != seat else None, total, last
                )
            blind_open, nil_bid, by_wish = table
            if (
                blind_open
                and blind_deficit is not None
                and _trailing_by(scores, side_of[seat]) >= blind_deficit
                and rnd() < RANDOM_NIL
            ):
                bid, bid_key_, adds = BLIND_NIL, _BLIND_NIL_KEY, 0
            elif rnd() < RANDOM_NIL:
                bid, bid_key_, adds = nil_bid
            else:
                clubs, diamonds, hearts, spades = held[seat]
                aces = (
                    (12 in clubs) + (25 in diamonds) + (38 in hearts) + (51 in spades)
                )  # the codes of the four aces
                bid, bid_key_, adds = by_wish[wish[aces][len(spades)]]
            bids.append((seat, bid))
            by_seat[seat] = bid
            keys[seat] = bid_key_
            total += adds
        return by_seat, keys

    def _keyed_bid_table(self, partner_bid: Bid | None, total: int, last: bool) -> KeyedBids:
        """`_random_bid_table` with each bid beside its memo key and the tricks it adds
        to the table's total (none for a nil)."""
        blind_open, nil_bid, by_wish = self._random_bid_table(partner_bid, total, last)
        return (
            blind_open,
            _keyed(nil_bid),
            tuple(_keyed(bid) for bid in by_wish),
        )

    def _random_bid_table(self, partner_bid: Bid | None, total: int, last: bool) -> RandomBids:
        """Whether blind nil is open, the nil bid, and the bid for each wish, in this
        situation: from `bid_choice` and `BidChoice.fit` (memoised by the choice: many
        situations give the same choice)."""
        choice = self._choice(partner_bid, total, last, False)
        bids = self._fits.get(choice)
        if bids is None:
            wishes = max(max(row) for row in self._wish) + 1
            bids = self._fits[choice] = random_bids(choice, wishes)
        return bids

    def _deal(
        self, rng: random.Random, dealer: int, seen: Seen, bots: list[Bot], all_random: bool
    ) -> DealRecord:
        rules, plan = self.rules, self.plan
        players = rules.players
        redeals = 0
        while True:
            dealt = shuffle_deal(plan, dealer, rng)
            if not rules.redeal_without_spades or redeals >= MAX_REDEALS:
                break
            if not any(map(has_no_spade, dealt)):
                break
            redeals += 1
        record = DealRecord(dealer, dealt, redeals=redeals)
        # `mask_of`, in C: a hand's codes are distinct, so their bits sum to the mask (a
        # hand holds more than one card: the itemgetter gives a tuple).
        hands = [sum(itemgetter(*hand)(BIT)) for hand in dealt]
        if plan.discards:
            record.discards = bots[dealer].discard(dealer, hands[dealer], plan.discards, seen)
            hands[dealer] &= ~mask_of(record.discards)
        if self._plain_bids:
            self._bid_plain(record, hands, seen, bots)
        else:
            self._bid(record, hands, seen, bots)
        if rules.blind_nil_exchange:
            self._exchange(record, hands, seen, bots)
        seen.trick = []
        leader = (dealer + 1) % players
        if all_random:
            self._play_random(record, suit_lists_of(record.holdings()), leader, rng.random)
        else:
            self._play(record, hands, leader, seen, bots)
        return record

    def _bid(self, record: DealRecord, hands: list[int], seen: Seen, bots: list[Bot]) -> None:
        """The bids of a deal under rules with blind nil or partner bidding."""
        rules = self.rules
        players = rules.players
        dealer = record.dealer
        order = [(dealer + step) % players for step in range(1, players + 1)]
        joint = [False] * rules.sides
        record.joint = joint
        done: set[int] = set()
        total = 0  # the table's non-nil bids so far

        def ask(seat: int, partner_bid: Bid | None, last: bool) -> Bid:
            side = seen.side_of[seat]
            choice = self._choice(partner_bid, total, last, False)
            # A dealer who took up and discarded the extra cards has looked: no blind nil.
            looked = seat == dealer and bool(self.plan.discards)
            if (
                rules.blind_nil
                and choice.nil
                and choice.refused != 0
                and not looked
                and seen.trailing_by(side) >= rules.blind_nil_deficit
                and bots[seat].wants_blind_nil(seat, seen)
            ):
                return BLIND_NIL
            return bots[seat].bid(seat, hands[seat], seen, choice)

        for seat in order:
            if seat in done:
                continue
            side = seen.side_of[seat]
            partner = seen.partner[seat]
            partner_bid = seen.bids[partner] if partner != seat else None
            last = len(done) == players - 1
            if (
                rules.partner_bidding
                and not rules.suicide
                and partner != seat
                and partner not in done
            ):
                mine = ask(seat, None, False)
                if not mine.is_nil:
                    theirs = bots[partner].bid(
                        partner,
                        hands[partner],
                        seen,
                        self._choice(mine, total, False, False),
                    )
                    if not theirs.is_nil:
                        last = len(done) == players - 2
                        choice = self._choice(None, total, last, True)
                        bid = choice.fit(mine.tricks + theirs.tricks)
                        joint[side] = True
                        done.update((seat, partner))
                        self._note_bid(record, seen, seat, bid)
                        total += bid.tricks
                        continue
                bid = mine
            else:
                bid = ask(seat, partner_bid, last)
            done.add(seat)
            self._note_bid(record, seen, seat, bid)
            if not bid.is_nil:
                total += bid.tricks

    def _bid_plain(
        self, record: DealRecord, hands: list[int], seen: Seen, bots: list[Bot]
    ) -> None:
        """`_bid` under rules with no blind nil and no partner bidding: each seat in turn
        is asked once, for its own bid, beside its partner's if that is made."""
        players = self.rules.players
        dealer = record.dealer
        record.joint = [False] * self.rules.sides
        bids, nil, contract = seen.bids, seen.nil, seen.contract
        side_of, partner_of = seen.side_of, seen.partner
        noted = record.bids.append
        choices, key_of_id = self._choices, _KEY_OF_ID
        total = 0  # the table's non-nil bids so far
        for seat in self._orders[(dealer + 1) % players]:
            # The partner's bid (None: not made yet; a seat playing alone is its own partner).
            partner_bid = bids[partner_of[seat]]
            last = seat == dealer
            key = (key_of_id.get(id(partner_bid), partner_bid), total, last, False)  # `bid_key`
            choice = choices.get(key) or self._choice(partner_bid, total, last, False)
            bid = bots[seat].bid(seat, hands[seat], seen, choice)
            noted((seat, bid))
            bids[seat] = bid
            if bid.is_nil:
                nil[seat] = True  # (False from `Seen.new_deal` otherwise)
            else:
                contract[side_of[seat]] += bid.tricks
                total += bid.tricks

    def _choice(self, partner_bid: Bid | None, total: int, last: bool, joint: bool) -> BidChoice:
        """`bid_choice` for this runner's rules, memoised (the same few situations recur)."""
        key = (bid_key(partner_bid), total, last, joint)
        choice = self._choices.get(key)
        if choice is None:
            choice = self._choices[key] = bid_choice(
                self.rules, partner_bid=partner_bid, earlier_total=total, last=last, joint=joint
            )
        return choice

    @staticmethod
    def _note_bid(record: DealRecord, seen: Seen, seat: int, bid: Bid) -> None:
        record.bids.append((seat, bid))
        seen.bids[seat] = bid
        seen.nil[seat] = bid.is_nil
        if not bid.is_nil:
            seen.contract[seen.side_of[seat]] += bid.tricks

    def _exchange(self, record: DealRecord, hands: list[int], seen: Seen, bots: list[Bot]) -> None:
        count = self.rules.blind_nil_exchange
        for seat, bid in list(record.bids):
            if bid.kind is not BidKind.BLIND_NIL:
                continue
            partner = seen.partner[seat]
            if partner == seat:
                continue
            given = bots[seat].exchange(seat, hands[seat], count, seen, nil_bidder=True)
            hands[seat] &= ~mask_of(given)
            hands[partner] |= mask_of(given)
            back = bots[partner].exchange(partner, hands[partner], count, seen, nil_bidder=False)
            hands[partner] &= ~mask_of(back)
            hands[seat] |= mask_of(back)
            record.exchanges.append((seat, partner, list(given)))
            record.exchanges.append((partner, seat, list(back)))

    def _play(
        self, record: DealRecord, hands: list[int], leader: int, seen: Seen, bots: list[Bot]
    ) -> None:
        """Play the deal's tricks, asking a bot only when it has a choice. The trick's state
        (the cards left to play, the best card and its seat) is kept in locals and written
        to `seen` before each bot is asked (the cards left also at each trick's end); every
        trick gets a new `seen.trick` list, left alone once the trick is over, and its
        seats in playing order as `seen.trick_seats` (the two also as
        `seen.trick_with_seats`)."""
        plays, winners = record.plays, record.winners
        taken, side_taken, nil, side_of = seen.taken, seen.side_taken, seen.nil, seen.side_of
        self._note_live_nils(seen)
        choose = [bot.play for bot in bots]
        followers, orders = self._followers, self._orders
        suit_masks, suit_of, bits, beats = SUIT_MASKS, SUIT_OF, BIT, BEATS
        unplayed, broken = seen.unplayed, seen.broken
        for left in range(self.rules.tricks, 0, -1):
            seen.tricks_left = left
            trick: list[int] = []
            seats = orders[leader]
            seen.trick, seen.trick_seats, seen.led = trick, seats, NO_SUIT
            seen.trick_with_seats = trick, seats
            hand = hands[leader]
            legal = hand if broken else hand & NON_SPADE_MASK or hand
            # One legal card needs no decision.
            code = (
                choose[leader](leader, hand, legal, seen)
                if legal.bit_count() > 1
                else legal.bit_length() - 1
            )
            bit = bits[code]
            hands[leader] = hand ^ bit  # the card leaves the hand that holds it
            trick.append(code)
            unplayed ^= bit
            best, winner = code, leader
            seen.led = led = suit_of[code]
            led_mask = suit_masks[led]
            for seat in followers[leader]:
                hand = hands[seat]
                legal = hand & led_mask or hand
                if legal.bit_count() > 1:
                    seen.unplayed, seen.best, seen.winner = unplayed, best, winner
                    code = choose[seat](seat, hand, legal, seen)
                    bit = bits[code]
                else:  # the one legal card is its own bit
                    code, bit = legal.bit_length() - 1, legal
                hands[seat] = hand ^ bit
                trick.append(code)
                unplayed ^= bit
                if beats[best] & bit:
                    best, winner = code, seat
            # A spade played to the trick wins it (the highest one): spades are broken.
            broken = broken or best >= SPADE_LOW
            seen.unplayed, seen.broken = unplayed, broken  # (the next trick has no best card)
            plays += trick
            leader = winner  # kept card by card above; the validator re-checks it
            winners.append(leader)
            taken[leader] += 1
            if not nil[leader]:
                side_taken[side_of[leader]] += 1
            elif taken[leader] == 1:
                self._note_live_nils(seen)
        record.taken = list(taken)

    @staticmethod
    def _note_live_nils(seen: Seen) -> None:
        """For each seat, whether an opponent's nil still stands (public: bids and tricks)."""
        nil, taken = seen.nil, seen.taken
        seen.nil_bid = True in nil
        live = [bid and not taken[seat] for seat, bid in enumerate(nil)] if seen.nil_bid else ()
        if True not in live:  # the usual case: no nil stands
            seen.opponent_nil = [False] * len(nil)
            return
        seen.opponent_nil = [any(map(live.__getitem__, others)) for others in seen.opponents]

    def _play_random(
        self,
        record: DealRecord,
        holdings: list[list[list[int]]],
        leader: int,
        rnd: Callable[[], float],
    ) -> None:
        """The play of random bots, inlined on per-suit lists (`suit_lists`, emptied as the
        cards are played): the same cards `RandomBot.play` would choose from the same random
        numbers (the k-th lowest legal code; no number drawn for a single legal card, as
        `_play` asks no bot then), without a call or a mask walk per card."""
        suit_of = SUIT_OF
        plays = record.plays
        append = plays.append
        winners = record.winners
        followers = self._followers
        taken = [0] * len(holdings)
        broken = False
        code = best = 0
        # Every seat plays a card a trick, so each holds `held` cards as a trick starts.
        for held in range(self.rules.tricks, 0, -1):
            suits = holdings[leader]
            total = held
            if not broken:  # the leader may lead a spade only if it holds nothing else
                spades = len(suits[SPADES])
                if spades < total:
                    total -= spades
            # The k-th lowest legal card (spades are the highest codes, so the lowest
            # `total` cards are the legal ones); one legal card needs no decision.
            k = int(rnd() * total) if total > 1 else 0
            for cards in suits:
                if k < len(cards):
                    best = cards.pop(k)
                    break
                k -= len(cards)
            append(best)
            led = best_suit = suit_of[best]
            if led == SPADES:
                broken = True
            winner = leader
            for seat in followers[leader]:
                suits = holdings[seat]
                cards = suits[led]
                if cards:  # follows suit: beats the best card only if it is of the suit led
                    count = len(cards)
                    code = cards.pop(int(rnd() * count)) if count > 1 else cards.pop()
                    append(code)
                    if best_suit == led and code > best:
                        best, winner = code, seat
                    continue
                k = int(rnd() * held) if held > 1 else 0
                for cards in suits:
                    if k < len(cards):
                        code = cards.pop(k)
                        break
                    k -= len(cards)
                append(code)
                if suit_of[code] == SPADES and (best_suit != SPADES or code > best):
                    best, best_suit, winner, broken = code, SPADES, seat, True
            winners.append(winner)
            taken[winner] += 1
            leader = winner
        record.taken = taken

    # -- checks ---------------------------------------------------------------------

    def _check_deal(
        self, record: DealRecord, scores: Sequence[int], by_seat: Sequence[Bid | None]
    ) -> list[Problem]:
        rules, plan = self.rules, self.plan
        leader = (record.dealer + 1) % rules.players
        masks = None
        if not record.discards and not record.exchanges:  # then the holdings are as dealt
            masks = dealt_masks(
                self._deck_mask, record.dealt, record.dealer, plan.tricks, plan.discards
            )
        if masks is not None:
            problems: list[Problem] = []
            clean = replay_masks(masks, leader, record.plays, rules.tricks)
            holdings = record.dealt
        else:
            problems = check_dealt(
                plan.codes, record.dealt, record.dealer, plan.tricks, plan.discards
            )
            if record.discards and not set(record.discards) <= set(record.dealt[record.dealer]):
                problems.append(Problem("deal", "the dealer discarded cards it was not dealt"))
            holdings = record.holdings()
            if sorted(len(hand) for hand in holdings) != [plan.tricks] * rules.players:
                problems.append(Problem("deal", f"holdings {[len(h) for h in holdings]} at play"))
            clean = replay_clean(holdings, leader, record.plays, rules.tricks)
        if clean is None:
            replay = replay_play(holdings, leader, record.plays, self.names)
            problems.extend(replay.problems)
            winners, taken = replay.winners, replay.taken
        else:
            winners, taken = clean
        if winners != record.winners:
            problems.append(
                Problem("winner", f"trick winners {record.winners}, the rules say {winners}")
            )
        if taken != record.taken or sum(record.taken) != rules.tricks:
            problems.append(
                Problem("tricks", f"tricks {record.taken} (rules: {taken}), not {rules.tricks}")
            )
        problems.extend(self._check_bids(record, scores, by_seat))
        return problems

    def _check_random(
        self,
        record: DealRecord,
        scores: Sequence[int],
        by_seat: Sequence[Bid | None],
        keys: Sequence[object],
    ) -> list[Problem]:
        """`_check_deal` for a `_random_deals` deal (no discards or exchanges, no joint
        bids), its bids' checks memoised by the dealer and each seat's bid key: the
        bidding order and the joint flags follow from these alone."""
        plan = self.plan
        tricks = plan.tricks
        dealer = record.dealer
        masks = dealt_masks(self._deck_mask, record.dealt, dealer, tricks, 0)
        clean = None
        if masks is not None:
            clean = replay_masks(masks, (dealer + 1) % plan.players, record.plays, tricks)
        if clean is None:  # something is wrong: the full check says what
            return self._check_deal(record, scores, by_seat)
        winners, taken = clean
        problems: list[Problem] = []
        if winners != record.winners:
            problems.append(
                Problem("winner", f"trick winners {record.winners}, the rules say {winners}")
            )
        if taken != record.taken or sum(record.taken) != tricks:
            problems.append(
                Problem("tricks", f"tricks {record.taken} (rules: {taken}), not {tricks}")
            )
        # Only a blind bid's check reads the deficits.
        clipped = None if _UNBLIND_KEYS.issuperset(keys) else self._clipped(scores)
        key = ("random", clipped, dealer, *keys)
        found = self._deal_bids_ok.get(key)
        if found is None:
            in_order = [bid for _, bid in record.bids]
            found = tuple(self._check_side_bids(record.joint, in_order, scores, by_seat))
            if len(self._deal_bids_ok) < 200_000:
                self._deal_bids_ok[key] = found
        if found:
            problems.extend(found)
        return problems

    def _check_bids(
        self, record: DealRecord, scores: Sequence[int], by_seat: Sequence[Bid | None]
    ) -> list[Problem]:
        """The bids pass the same checks a person's bids pass (`scorepad.bids`). Memoised
        by the deal's bids in order with their seats, the joint bids, and each side's
        deficit clipped to the deficits the checks compare with."""
        bids = record.bids
        keys = [_KEY_OF_ID.get(id(bid), bid) for _, bid in bids]
        # Only a blind bid's check reads the deficits.
        clipped = None if _UNBLIND_KEYS.issuperset(keys) else self._clipped(scores)
        key = (clipped, *record.joint, *[seat for seat, _ in bids], *keys)
        problems = self._deal_bids_ok.get(key)
        if problems is None:
            in_order = [bid for _, bid in bids]
            problems = tuple(self._check_side_bids(record.joint, in_order, scores, by_seat))
            if len(self._deal_bids_ok) < 200_000:
                self._deal_bids_ok[key] = problems
        return list(problems)

    def _clipped(self, scores: Sequence[int]) -> tuple[int, ...]:
        """How far each side is behind the best other, clipped to -1..the largest deficit
        the bid checks compare with (beyond it, all deficits check alike)."""
        deficit = self._deficit
        if len(scores) == 2:
            behind = scores[1] - scores[0]
            return (max(-1, min(behind, deficit)), max(-1, min(-behind, deficit)))
        return tuple(
            max(-1, min(_trailing_by(scores, side), deficit)) for side in range(len(scores))
        )

    def _check_side_bids(
        self,
        joint: Sequence[bool],
        in_order: Sequence[Bid],
        scores: Sequence[int],
        by_seat: Sequence[Bid | None],
    ) -> list[Problem]:
        """`_check_bids` unmemoised by the deal (each side's check still is, and the
        table's): `joint` says which sides made a joint team bid, `in_order` is the
        table's bids in bidding order."""
        rules = self.rules
        deficit = self._deficit
        bids_ok = self._bids_ok
        problems = []
        for side, seats in enumerate(self.side_seats):
            bids = tuple([bid for seat in seats if (bid := by_seat[seat]) is not None])
            # Only a blind bid's check reads the deficit, and only compares with deficits.
            clipped = (
                max(-1, min(_trailing_by(scores, side), deficit))
                if any(bid.is_blind for bid in bids)
                else None
            )
            key: tuple[object, ...] = (
                side,
                clipped,
                *[_KEY_OF_ID.get(id(bid), bid) for bid in bids],
            )
            message = bids_ok.get(key, _UNSEEN)
            if message is _UNSEEN:
                team_bid = joint[side] and rules.side_size > 1
                names = self.side_names[side]
                try:
                    check_side_bids(
                        rules,
                        bids,
                        who=names[:1] if team_bid else names,
                        side=f"side {side + 1}",
                        trailing_by=clipped,
                        joint=team_bid,
                    )
                    message = bids_ok[key] = None
                except BidError as error:
                    message = bids_ok[key] = str(error)
            if message:
                problems.append(Problem("bids", str(message)))
        key = ("table", *[_KEY_OF_ID.get(id(bid), bid) for bid in in_order])
        message = bids_ok.get(key, _UNSEEN)
        if message is _UNSEEN:
            try:
                check_table_bids(rules, in_order, last="the last bidder")
                message = bids_ok[key] = None
            except BidError as error:
                message = bids_ok[key] = str(error)
        if message:
            problems.append(Problem("bids", str(message)))
        return problems


RandomBids = tuple[bool, Bid, tuple[Bid, ...]]
# The same with each bid beside its memo key (`_KEY_OF_ID`) and the tricks it adds.
KeyedBid = tuple[Bid, object, int]
KeyedBids = tuple[bool, KeyedBid, tuple[KeyedBid, ...]]


def _keyed(bid: Bid) -> KeyedBid:
    return bid, _KEY_OF_ID.get(id(bid), bid), 0 if bid.is_nil else bid.tricks


# The kernel's table of the rules last played (it holds a random stream, seeded per game).
_KERNEL_TABLES: dict[tuple[int, Rules], KernelTable] = {}
