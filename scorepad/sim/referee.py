"""The second truth at run time: the reference scorer, fed from what was played.

`scorepad.reference` is a plain scorer written from the rules alone; it shares no code with
`scorepad.engine.scoring` (tests/test_reference.py holds the two apart). The simulator asks it
about each side deal once, from plain hands built from the seats' bids and tricks, and
reads its answer twice, never through the engine's memo keys or the kernel's slots:

- `Referee.compare`: every side deal the engine scores (a memo of the engine spares
  only the same inputs again) is scored by the reference too, and any difference is a
  violation;
- `GameFold`: every game is folded deal by deal with the reference's scores, bags and
  sets, and the end of the game read from the rules here (`Referee.end`, not the
  engine's `judge_end`), beside the simulator's own fold of the engine's numbers; the
  two must agree after every deal. The fold keeps the answers under its own keys: those
  the scorer's comparisons have just had (`GameFold.note`), and those it asks for.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import NamedTuple

from scorepad.engine.bids import Bid, BidKind
from scorepad.engine.fold import Running
from scorepad.engine.ruledata import rules_to_mapping
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import Outcome, SideScore
from scorepad.files.presets import load_preset
from scorepad.reference import rulebook, scorekeeper, tally
from scorepad.sim.validate import Problem

PlainHand = tuple[str, int, int]  # the reference's (kind, number bid, tricks)
# A side's round as the engine scored it: points, bags after, penalties, made, Boston.
EngineSide = tuple[int, int, int, bool | None, bool]
MEMO_LIMIT = 400_000
# A bid's kind as the reference names it.
PLAIN_KIND = {
    BidKind.NUMBER: "number",
    BidKind.NIL: "nil",
    BidKind.BLIND_NIL: "bnil",
    BidKind.BLIND: "blind",
}


def reference_knobs(rules: Rules) -> dict[str, object]:
    """The engine's rules written back as a preset file's mapping of every knob: the
    reference's knobs only for rules built in code (a test's, a benchmark's), where no
    preset file is at hand. Every run the CLI starts (a single run, `--compare`,
    `--league`, `--sweep`) hands the reference its own reading of the file instead
    (`knobs_of_preset`)."""
    return rules_to_mapping(rules)


def knobs_of_preset(preset: str, overrides: Sequence[str] = ()) -> dict[str, object]:
    """The knobs of a preset (a shipped name or a file) with `--set` overrides, as the
    reference reads them itself from the file's text (`read_knobs`), not
    through the engine's parsed rules. (The engine's loader finds the file, and has
    refused it if it is bad.)"""
    path = load_preset(preset).path
    return read_knobs(path.read_text(encoding="utf-8"), overrides)


def read_knobs(preset_text: str, overrides: Sequence[str] = ()) -> dict[str, object]:
    """A game's knobs read from its preset file's TOML text and its `--set key=value`
    overrides (each value TOML, or a bare word as a string), every other knob at the
    reference's default (`rulebook.with_defaults`): the reference's own reading, never
    the engine's parsed rules, so that a knob the engine's loader misreads shows up as a
    difference. (The reference itself does no I/O and parses no text: it is handed this
    mapping.)"""
    knobs = tomllib.loads(preset_text)
    knobs.pop("summary", None)
    for text in overrides:
        key, _, raw = text.partition("=")
        try:
            value: object = tomllib.loads(f"v = {raw.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            value = raw.strip()
        knobs[key.strip()] = value
    return rulebook.with_defaults(knobs)


def plain_side(bids: Sequence[Bid | None], tricks: Sequence[int]) -> tuple[PlainHand, ...]:
    """A side's hands as the reference takes them, from its seats' bids (None: the seat's
    partner made the side's joint bid) and tricks: a hand a bidder, or one joint hand
    holding the side's tricks."""
    made = [bid for bid in bids if bid is not None]
    if len(made) < len(bids):
        (bid,) = made
        return ((PLAIN_KIND[bid.kind], bid.tricks, sum(tricks)),)
    return tuple(
        (PLAIN_KIND[bid.kind], 0 if bid.is_nil else bid.tricks, took)
        for bid, took in zip(made, tricks, strict=True)
    )


class RefSide(NamedTuple):
    """What the reference says of a side's round."""

    points: int
    bags: int  # after the round
    penalties: int
    made: bool | None
    boston: bool


class Referee:
    """The reference scorer for one set of rules, and the end of a game by them."""

    def __init__(self, rules: Rules, knobs: Mapping[str, object] | None = None) -> None:
        """`knobs`: the rules as the reference read them from the preset file and the
        overrides (`knobs_of_preset`); without them, the engine's rules written back.
        The engine's `rules` only give the table's shape (its sides and seats)."""
        self.rules = rules
        self.knobs = dict(knobs) if knobs is not None else reference_knobs(rules)
        knobs = self.knobs
        self.keeper = scorekeeper.Scorekeeper(knobs)
        self.reads_score = rules.points_read_score

    def side(self, hands: tuple[PlainHand, ...], score: int, bags: int) -> RefSide:
        """A side's round as the reference scores it. Not memoised here: each caller
        keeps what it asked under its own key (the engine's scorer compares each side deal
        new to it once; the game's fold keeps its answers by the seats' bids)."""
        result = self.keeper.score_side(hands, score, bags)
        return RefSide(result.points, result.bags, result.penalties, result.made, result.boston)

    def compare(
        self, hands: tuple[PlainHand, ...], score: int, bags: int, scored: SideScore, ref: RefSide
    ) -> list[Problem]:
        """The engine's score of a side against the reference's (`ref`, of `hands` at
        `score` and `bags`): points, score, bags, penalties, contract made and Boston."""
        engine = (scored.points, scored.bags, scored.penalties, scored.made, scored.boston)
        if engine == ref and scored.score == score + ref.points:
            return []
        return [
            Problem(
                "reference",
                "reference",
                {"hands": hands, "score": score, "bags": bags, "engine": engine,
                 "result": scored.score, "reference": tuple(ref)},
            )
        ]  # fmt: skip

    def has_lost(self, score: int, sets: int, in_a_row: int = 0) -> bool:
        """Whether a side at `score`, `sets` and sets `in_a_row` has lost, as the
        reference reads it."""
        return tally.has_lost(
            self.knobs, tally.Ledger(score=score, sets=sets, in_a_row=in_a_row)
        )

    def note_losses(
        self, number: int, scores: Sequence[int], sets: Sequence[int],
        out_since: list[int | None], fell: list[bool],
        runs: Sequence[int] | None = None, ran: list[bool] | None = None,
    ) -> None:  # fmt: skip
        """Note the sides that lost in deal `number`, as the reference notes them
        (`tally.note_the_losses`): the deal in `out_since`, in `fell` whether it fell
        through the loss limit then, and in `ran` whether its sets in a row (`runs`) had
        reached `sets_in_a_row` then (a side out before stays out, as it lost)."""
        runs = runs or [0] * len(scores)
        was_run = ran or [False] * len(scores)
        ledgers = [
            tally.Ledger(score=score, sets=count, in_a_row=run, lost_in=lost_in, fell=fallen,
                         ran=by_run)
            for score, count, run, lost_in, fallen, by_run in zip(
                scores, sets, runs, out_since, fell, was_run, strict=True)
        ]  # fmt: skip
        tally.note_the_losses(self.knobs, ledgers, number)
        out_since[:] = [ledger.lost_in for ledger in ledgers]
        fell[:] = [ledger.fell for ledger in ledgers]
        if ran is not None:
            ran[:] = [ledger.ran for ledger in ledgers]

    def end(
        self,
        scores: list[int],
        sets: list[int],
        boston_by: int | None,
        out_since: list[int | None],
        number: int = 0,
        fell: Sequence[bool] | None = None,
        runs: Sequence[int] | None = None,
        ran: Sequence[bool] | None = None,
        called: int | None = None,
    ) -> tuple[bool, int | None, str | None]:
        """Whether the game is over after a round, its winner (None: a draw) and why: the
        reference's own reading of the end (`tally.check_the_end`), never the
        engine's `judge_end`.

        `out_since`: the round each side lost in (None: still in), this round's too;
        `fell`: whether each side out fell through the loss limit then (None: judged from
        where the sides stand now, `tally.fell_by_now`, for a caller with no
        history); `number`: the deal just played; `runs`: each side's sets in a row, and
        `ran` whether a side out lost by them (None: judged from `runs` now); `called`:
        the deal in play when the clock's time was called (None: no clock, or not yet),
        the last but for a tie (docs/rules.md, The clock)."""
        runs = runs or [0] * len(scores)
        ledgers = [
            tally.Ledger(score=score, sets=count, in_a_row=run, lost_in=lost_in)
            for score, count, run, lost_in in zip(scores, sets, runs, out_since, strict=True)
        ]
        for side, ledger in enumerate(ledgers):
            ledger.fell = fell[side] if fell is not None else tally.fell_by_now(
                self.knobs, ledger
            )
            ledger.ran = ran[side] if ran is not None else tally.set_too_often_in_a_row(
                self.knobs, ledger
            )
        bostons = () if boston_by is None else (boston_by,)
        verdict = tally.check_the_end(self.knobs, ledgers, bostons, number, called)
        return _NOT_OVER if verdict is None else (True, *verdict)


_NOT_OVER: tuple[bool, int | None, str | None] = (False, None, None)


# Makes a side's plain hands from the deal's bids (as the deal source gives them) and
# tricks: `plain_of(side, bids, taken)`.
PlainOf = Callable[[int, Sequence[object], Sequence[int]], tuple[PlainHand, ...]]
# `GameFold.note(side, keys, taken, bags, score, ref)`.
Note = Callable[[int, Sequence[object], Sequence[int], int, int, RefSide], None]


class GameFold:
    """A game folded by the reference beside the simulator's fold, checked every deal.

    Its memo is its own, keyed by the seats' bids as the deal source gives them (the
    kernel's bid codes, or the Python path's bid keys) and tricks: nothing of the
    engine's memo keys or the kernel's score slots. Each process of a run folds with its
    own memo and its own referee: nothing of the fold is shared between processes. The
    memo is there for speed and earns it: 1.35x on the kernel path with random bots
    (1.41x when first measured), 1.27x with heuristic bots (`python
    benchmarks/sim_memo.py --memo fold [--bots heuristic]`, five paired rounds of 1,000
    games)."""

    def __init__(self, referee: Referee, plain_of: PlainOf) -> None:
        rules = referee.rules
        self.referee = referee
        self._plain_of = plain_of
        seats = [rules.seats_of(side) for side in range(rules.sides)]
        self._getters = [itemgetter(*side_seats) for side_seats in seats]
        self._pairs = [
            (side, side_seats[0], side_seats[1] if len(side_seats) == 2 else -1)
            for side, side_seats in enumerate(seats)
        ]
        # A side's deal as the fold reads it: points, bags after, set (1 or 0), Boston.
        self._memo: dict[tuple[object, ...], tuple[int, int, int, bool]] = {}
        self._reads_score = referee.reads_score
        self._sides = range(rules.sides)
        self.out_since: list[int | None] = []
        self.fell: list[bool] = []  # whether a side out fell through the loss limit
        self.runs: list[int] = []  # each side's sets in a row
        self.ran: list[bool] = []  # whether a side out lost by its sets in a row
        self.scores: list[int] = []
        self.bags: list[int] = []
        self.sets: list[int] = []

    def start(self) -> None:
        """A new game: no points, bags or sets, nobody out."""
        sides = self.referee.rules.sides
        self.out_since = [None] * sides
        self.fell = [False] * sides
        self.runs = [0] * sides
        self.ran = [False] * sides
        self.scores, self.bags, self.sets = [0] * sides, [0] * sides, [0] * sides

    def deal(
        self,
        number: int,
        keys: Sequence[object],
        bids: Sequence[object],
        taken: Sequence[int],
        outcome: Outcome | None,
        theirs: Running,
        called: int | None = None,
    ) -> list[Problem]:
        """Fold deal `number` (its seats' bid keys, bids and tricks) and compare the running
        scores, bags and sets, and the end of the game (`outcome`, the engine's: None
        plays on), with the simulator's after the same deal (`theirs`); `called`: the deal
        in play when the clock's time was called, as the reference reads it. After a
        difference the fold takes the simulator's numbers, so each deal is judged on its
        own. Every deal's end is judged by the reference: a quick test that skipped the
        judging of a deal far from the end bought 1.13 and 1.22x with random bots, 1.21
        and 1.19x with heuristic bots on the kernel path (`python benchmarks/sim_memo.py
        --memo usual` at commit 7f3b17a, five and nine paired rounds), under the 1.3x a
        speed-only piece must show."""
        memo = self._memo
        ref_scores, ref_bags, ref_sets = self.scores, self.bags, self.sets
        runs = self.runs
        boston_by = None
        for side in self._sides:
            key = self._key(side, keys, taken, ref_bags[side], ref_scores[side])
            found = memo.get(key)
            if found is None:
                found = self._side(side, bids, taken, key)
            points, ref_bags[side], set_out, boston = found
            ref_scores[side] += points
            ref_sets[side] += set_out
            runs[side] = runs[side] + 1 if set_out else 0
            if boston:
                boston_by = side
        scores, bags, sets = theirs.scores, theirs.bags, theirs.sets
        same = (
            tuple(ref_scores) == scores and tuple(ref_bags) == bags and tuple(ref_sets) == sets
        )
        return self._judge(number, outcome, boston_by, same, theirs, called)

    def _side(
        self, side: int, bids: Sequence[object], taken: Sequence[int], key: tuple[object, ...]
    ) -> tuple[int, int, int, bool]:
        """A side's deal not met yet: the reference's points, bags after, set (1 or 0),
        Boston (kept: `_keep`)."""
        hands = self._plain_of(side, bids, taken)
        ref = self.referee.side(hands, self.scores[side], self.bags[side])
        return self._keep(key, self._folded(ref))

    def note(
        self, side: int, keys: Sequence[object], taken: Sequence[int], bags: int, score: int,
        ref: RefSide,
    ) -> None:  # fmt: skip
        """Keep the reference's answer `ref` for a side deal its scorer has just compared
        (at `bags` and `score`) under this fold's own key, so the fold does not ask again.
        (A key met before had the same answer: the same hands, bags and score.)"""
        self._keep(self._key(side, keys, taken, bags, score), self._folded(ref))

    def _key(
        self, side: int, keys: Sequence[object], taken: Sequence[int], bags: int, score: int
    ) -> tuple[object, ...]:
        """A side's deal in the fold's memo: its seats' bids (as the deal source gives them)
        and tricks, its bags before, and its score where the points read it. A side of two
        seats by its seats."""
        _, first, second = self._pairs[side]
        key: tuple[object, ...] = (
            (keys[first], keys[second], taken[first], taken[second], bags)
            if second >= 0
            else (self._getters[side](keys), self._getters[side](taken), bags)
        )
        return key + (score,) if self._reads_score else key

    def _folded(self, ref: RefSide) -> tuple[int, int, int, bool]:
        """A side's deal as the fold reads it: points, bags after, set (1 or 0), Boston."""
        return (ref.points, ref.bags, int(ref.made is False), ref.boston)

    def _keep(
        self, key: tuple[object, ...], found: tuple[int, int, int, bool]
    ) -> tuple[int, int, int, bool]:
        """Keep a side deal's numbers in the memo under the seats' order and, for two
        seats, the other order too (the reference scores a side, not its seats)."""
        swapped = None
        if len(key) == 5:  # a side of two seats, whose points do not read the score
            first, second, took, other_took, bags_before = key
            swapped = (second, first, other_took, took, bags_before)
        memo = self._memo
        if len(memo) < MEMO_LIMIT:
            memo[key] = found
            if swapped:
                memo[swapped] = found
        return found

    def ruled_deal(
        self, number: int, hands: Sequence[tuple[PlainHand, ...]] | None,
        rulings: Sequence[tally.Ruling], engine: Sequence[EngineSide], outcome: Outcome | None,
        theirs: Running, called: int | None = None,
    ) -> list[Problem]:  # fmt: skip
        """Fold deal `number`, on which the director ruled (docs/rules.md, Rulings), by the
        reference's own reading of the rulings (`tally.score_a_round`), and hold each
        side's round to the engine's (`engine`: points, bags after, penalties, made,
        Boston, as the score pad scored the ruled round), then the running numbers and
        the end to the simulator's, as `deal` does. `hands`: each side's plain hands as
        played; None for a deal whose tricks were never entered (a forfeit in play)."""
        problems: list[Problem] = []
        boston_by = None
        if hands is not None:
            ledgers = [
                tally.Ledger(score=score, bags=bags, sets=count, in_a_row=run)
                for score, bags, count, run in zip(
                    self.scores, self.bags, self.sets, self.runs, strict=True)
            ]  # fmt: skip
            results, bostons = tally.score_a_round(self.referee.keeper, ledgers, hands, rulings)
            for side, (result, scored) in enumerate(zip(results, engine, strict=True)):
                ref = (result.points, result.bags, result.penalties, result.made, result.boston)
                if tuple(scored) != ref:
                    problems.append(Problem("ruling", "ruling", {
                        "hands": hands[side], "rulings": list(rulings), "side": side,
                        "score": self.scores[side], "bags": self.bags[side],
                        "engine": tuple(scored), "reference": ref}))  # fmt: skip
            self.scores[:] = [ledger.score for ledger in ledgers]
            self.bags[:] = [ledger.bags for ledger in ledgers]
            self.sets[:] = [ledger.sets for ledger in ledgers]
            self.runs[:] = [ledger.in_a_row for ledger in ledgers]
            boston_by = bostons[-1] if bostons else None
        same = (tuple(self.scores), tuple(self.bags), tuple(self.sets)) == (
            theirs.scores, theirs.bags, theirs.sets)  # fmt: skip
        forfeit = tally.forfeited_by(rulings)
        return problems + self._judge(number, outcome, boston_by, same, theirs, called, forfeit,
                                      judge=hands is not None)  # fmt: skip

    def _judge(
        self, number: int, outcome: Outcome | None, boston_by: int | None, same: bool,
        theirs: Running, called: int | None = None, forfeit: int | None = None,
        judge: bool = True,
    ) -> list[Problem]:  # fmt: skip
        """The end of the game by the reference, and what differs from the simulator's:
        a forfeit (by side `forfeit`) ends it with the deal, the other side winning; with
        `judge` False (a deal whose tricks never came) nothing else is judged."""
        scores, bags, sets = theirs.scores, theirs.bags, theirs.sets
        ended = (True, outcome.winner, outcome.reason.value) if outcome is not None else _NOT_OVER
        referee = self.referee
        ref_scores, ref_bags, ref_sets = self.scores, self.bags, self.sets
        out_since = self.out_since
        truth = _NOT_OVER
        if judge:
            referee.note_losses(
                number, ref_scores, ref_sets, out_since, self.fell, self.runs, self.ran
            )
            truth = referee.end(ref_scores, ref_sets, boston_by, out_since, number, self.fell,
                                self.runs, self.ran, called)  # fmt: skip
        if forfeit is not None:
            truth = (True, 1 - forfeit, "forfeit")
        if same and truth == ended:
            return _NOTHING
        problems = []
        if tuple(ref_scores) != scores or tuple(ref_bags) != bags or tuple(ref_sets) != sets:
            problems.append(
                Problem(
                    "fold",
                    "fold",
                    {"scores": list(scores), "bags": list(bags), "sets": list(sets),
                     "ref_scores": list(ref_scores), "ref_bags": list(ref_bags),
                     "ref_sets": list(ref_sets)},
                )
            )  # fmt: skip
            ref_scores[:], ref_bags[:], ref_sets[:] = scores, bags, sets
        if truth != ended:
            problems.append(
                Problem("end", "end", {"scores": list(scores), "engine": ended, "reference": truth})
            )
        return problems


_NOTHING: list[Problem] = []  # never added to: the caller adds it to its own list
