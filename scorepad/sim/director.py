"""The director: misdeals, rulings, the other side's OK and a clock, in a sweep's games.

A sweep's games are played by explorer bots under a director, who at seeded rates
(`DirectorMix`, drawn from a stream of its own seeded by the game, so the deals are the
same with or without it):

- calls a misdeal before a deal is bid (as `misdeal_redeal` says, or now and then with
  `--redeal` giving the other rule), so that the same player deals again or the deal
  passes on
  (docs/rules.md, Misdeals);
- makes rulings of every kind on the deal just played (docs/rules.md, Rulings): books,
  points and set, now and then two on one deal; and in some games a forfeit at a deal
  drawn at the start (so that a long game is not cut short more often than a short
  one), after the tricks or in play, before them;
- under `confirm_entries` has the other side agree each round's tricks, and now and then
  looks at the sheet while the round waits (docs/rules.md, The other side's OK);
- plays some games to a clock, whose time runs out at a moment drawn from the game's
  seed: moments advance by seeded minutes at each change to the game, never by the wall
  clock (docs/rules.md, The clock). A deal that the reference scores level at the top
  is, at its rate, one in which a break runs the clock out, so that a tie at the call
  plays on.

Each is done on the game as the score pad keeps it, through the engine's entry
functions the CLI and the service call (`entry.call_misdeal`, `entry.set_tricks`,
`entry.agree_round`, `entry.rule_on`, and `game.call_time` before every change, as the
service's guard does), and each is read apart by the reference: who deals after a misdeal
(`reference.deals.who_deals`), the deal in play when time is called
(`reference.clock.deal_called`), a waiting round left out of the scores, and a ruled
deal's scores and the end (`referee.GameFold.ruled_deal`, which the game loop asks).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scorepad.engine.clock import Clock
from scorepad.engine.entry import agree_round, call_misdeal, rule_on, set_tricks
from scorepad.engine.fold import SideFold
from scorepad.engine.game import Game, Round, SideEntry, call_time, next_dealer, standings
from scorepad.engine.rules import MisdealRedeal
from scorepad.engine.rulings import Ruling, RulingKind
from scorepad.engine.scoring import Outcome
from scorepad.errors import ScorepadError
from scorepad.reference import clock as reference_clock
from scorepad.reference import deals
from scorepad.sim.referee import EngineSide, PlainHand, Referee
from scorepad.sim.validate import Problem

START = 1_735_732_800  # the moment every game's clock starts (2025-01-01 12:00 UTC)
MOST_MISDEALS = 3  # misdeals in a row before a deal, at most
# Misdeals and ruled deals in a game, at most: each is a fold of the game so far (the
# engine's entry functions judge the game as it stands), so a long game is not made
# to pay for many.
MOST_IN_A_GAME = 3


@dataclass(frozen=True, slots=True)
class DirectorMix:
    """How often the director acts (0 to 1)."""

    misdeal: float = 0.03  # a misdeal before a deal (and again after one)
    redeal_given: float = 0.3  # a misdeal called with --redeal, the other rule than the knob's
    ruling: float = 0.05  # a ruling on a deal
    second_ruling: float = 0.2  # a second ruling on a ruled deal
    forfeit: float = 0.1  # a game with a forfeit, at a deal drawn at its start
    in_play: float = 0.4  # a forfeit made in play, before the deal's tricks
    look: float = 0.2  # a look at the sheet while a round waits for the other side's OK
    clock: float = 0.15  # a game played to a clock
    tie_call: float = 0.8  # a break that runs the clock out in a deal that ends level

    def __post_init__(self) -> None:
        for name in self.__slots__:
            rate = getattr(self, name)
            if not 0 <= rate <= 1:
                raise ValueError(f"director rate {name} = {rate}: give 0 to 1")


USUAL_DIRECTION = DirectorMix()  # the rates a sweep plays by

FORFEIT_BY = 25  # the deal of a game's forfeit is drawn from 1 to this
# The kinds of ruling on a deal and how often each is made where it can be: books need
# two sides (a forfeit too, made apart).
_TWO_SIDES = ((RulingKind.BOOKS, 0.4), (RulingKind.POINTS, 0.3), (RulingKind.SET, 0.3))
_MORE_SIDES = ((RulingKind.POINTS, 0.55), (RulingKind.SET, 0.45))
_POINTS = (-100, -50, -30, -20, -10, -5, 5, 10, 20, 25, 50)


class DirectedDeal(NamedTuple):
    """What the director did with a deal, for the game loop to fold and check."""

    rulings: tuple[tuple[int, str, int], ...]  # as the reference reads them
    hands: tuple[tuple[PlainHand, ...], ...] | None  # each side's, as played; None: no tricks
    engine: tuple[EngineSide, ...]  # each side's round as the score pad scored it, ruled
    folds: tuple[SideFold, ...] | None  # the same as the fold reads it (None: no tricks)
    outcome: Outcome | None  # the end the score pad gives a forfeit (None: not forfeited)


class Director:
    """The director of a sweep's games under one set of rules; re-usable across games."""

    def __init__(self, referee: Referee, seed: int, mix: DirectorMix = USUAL_DIRECTION) -> None:
        rules = self.rules = referee.rules
        self.referee = referee
        self.knobs = referee.knobs  # as the reference read them from the preset file
        self.seed = seed
        self.mix = mix
        self.kinds = _TWO_SIDES if rules.sides == 2 else _MORE_SIDES
        self.reached: Counter[str] = Counter()  # what it did in the game (not in its file)
        self.problems: list[Problem] = []  # found since the loop last took them
        self._start(0, Game("", (), (), "", rules))

    def _start(self, first_dealer: int, game: Game) -> None:
        self.rng = random.Random()
        self.game: Game = game  # as the score pad keeps it, through the entry functions
        self.first_dealer = first_dealer
        self.now = START
        self.end: int | None = None  # the moment the clock runs out (None: no clock)
        self.changes: list[reference_clock.Change] = []
        self.dealt: list[str] = []  # "played", or a misdeal's redeal: the reference's
        self.ref_called: int | None = None
        self._told_clock = False
        self.forfeit_in: int | None = None
        self.misdeals = self.ruled = 0  # in the game so far

    def start_game(self, game: Game, index: int) -> None:
        """A new game (`game`: no rounds yet, its first dealer set), played to a clock or
        not, from the game's own stream."""
        self._start(game.first_dealer, game)
        self.rng = random.Random(f"scorepad-director:{self.seed}:{index}")
        self.reached.clear()
        rng, mix = self.rng, self.mix
        if rng.random() < mix.clock:
            minutes = rng.randint(10, 180)
            self.end = START + 60 * minutes
            self.game = dataclasses.replace(game, clock=Clock(START, minutes))
        self.forfeit_in = None  # the deal of the game's forfeit (None: none)
        if rng.random() < mix.forfeit and self.rules.sides == 2:
            self.forfeit_in = rng.randint(1, FORFEIT_BY)

    @property
    def called(self) -> int | None:
        """The deal in play when time was called, as the score pad noted it."""
        clock = self.game.clock
        return clock.called if clock is not None else None

    def take_problems(self) -> list[Problem]:
        found, self.problems = self.problems, []
        return found

    # -----------------------------------------------------------------------
    # Changes to the game

    def _change(
        self, least: int, most: int, deal: int, in_play: bool = False, pause: bool = False
    ) -> Game:
        """The game at the next change, `least` to `most` minutes on (`pause`: and at least
        until the clock runs out), for deal `deal` (`in_play`: the deal's bids are in, its
        tricks awaited): time called first, if the clock has run out, as the service's
        guard does; the call held to the reference's."""
        self.now += self.rng.randint(60 * least, 60 * most)
        if pause and self.end is not None:
            self.now = max(self.now, self.end)
        self.changes.append((self.now, deal))
        before = self.called
        self.game = call_time(self.game, self.now)
        if self.end is not None:
            if self.ref_called is None:
                self.ref_called = reference_clock.deal_called(self.end, self.changes)
            engine = self.called
            if engine is not None and before is None:
                self.reached["time called in play" if in_play else
                             "time called between deals"] += 1  # fmt: skip
            if engine != self.ref_called and not self._told_clock:
                self._told_clock = True
                self.problems.append(Problem("clock", "clock", {
                    "minutes": self.game.clock.minutes if self.game.clock else 0,
                    "engine": engine, "reference": self.ref_called}))  # fmt: skip
        return self.game

    def _refused(self, what: str, error: ScorepadError, deal: int) -> None:
        """A call the docs allow, which the engine refused."""
        self.problems.append(Problem(what, "refused", {"call": what, "deal": deal,
                                                       "error": str(error)}))  # fmt: skip

    def before_deal(self, number: int, dealer: int) -> int:
        """Now and then a misdeal (or more) before deal `number`; the seat that deals it,
        as the score pad says (`next_dealer`), held to the reference's."""
        rng, mix = self.rng, self.mix
        for _ in range(MOST_MISDEALS):
            if rng.random() >= mix.misdeal or self.misdeals >= MOST_IN_A_GAME:
                break
            self.misdeals += 1
            redeal: MisdealRedeal | None = None
            if rng.random() < mix.redeal_given:
                redeal = "next" if self.knobs["misdeal_redeal"] == "same" else "same"
            game = self._change(1, 2, number)
            try:
                self.game = game = call_misdeal(game, redeal)
            except ScorepadError as error:
                self._refused("misdeal", error, number)
                break
            rule = redeal or str(self.knobs["misdeal_redeal"])
            self.dealt.append(rule)
            dealer = next_dealer(game)
            truth = deals.who_deals(len(game.players), self.first_dealer, self.dealt)[-1]
            if dealer != truth:
                self.problems.append(Problem("misdeal", "dealer", {
                    "dealt": list(self.dealt), "engine": dealer, "reference": truth}))  # fmt: skip
        return dealer

    def after_deal(
        self, number: int, dealer: int, entries: Sequence[SideEntry],
        hands: Sequence[tuple[PlainHand, ...]], ref_scores: Sequence[int],
        ref_bags: Sequence[int],
    ) -> DirectedDeal | None:  # fmt: skip
        """Deal `number`, played (`entries`: each side's bids and tricks; `hands`: the
        same as the reference takes them), entered into the game: its bids, then its
        tricks (agreed by the other side where the rules ask), then any rulings; or its
        bids and a forfeit in play. None where no ruling was made (the loop folds the deal
        as scored); else what the director did. `ref_scores` and `ref_bags`: the scores
        and bags before the deal, as the reference's fold has them."""
        rng, mix = self.rng, self.mix
        game = self._change(1, 3, number)  # the bids
        bids_only = Round(dealer, tuple(SideEntry(entry.bids) for entry in entries))
        self.game = game = dataclasses.replace(game, rounds=(*game.rounds, bids_only))
        self.dealt.append("played")
        kinds = self._kinds()
        if number == self.forfeit_in and rng.random() < mix.in_play:
            self.forfeit_in = None
            game = self._change(3, 8, number, in_play=True)
            ruled = self._rule(game, number, [RulingKind.FORFEIT], hands, in_play=True)
            if ruled:
                last = standings(self.game).rounds[-1]
                return DirectedDeal(ruled, None, (), None, last.outcome)
            game = self.game
        pause = self._ends_level(hands, ref_scores, ref_bags)
        game = self._change(3, 8, number, in_play=True, pause=pause)  # the tricks
        try:
            game = set_tricks(game, [entry.tricks or () for entry in entries])
        except ScorepadError as error:
            self._refused("tricks", error, number)
            played = Round(dealer, tuple(entries))
            game = dataclasses.replace(game, rounds=(*game.rounds[:-1], played))
        self.game = game = self._agreed(game, number, ref_scores)
        if number == self.forfeit_in:
            kinds.append(RulingKind.FORFEIT)
        ruled = self._rule(game, number, kinds, hands)
        if not ruled:
            return None
        last = standings(self.game).rounds[-1]
        assert last.sides is not None
        engine = tuple((side.points, side.bags, side.penalties, side.made, side.boston)
                       for side in last.sides)  # fmt: skip
        folds = tuple((side.points, side.bags, side.was_set, side.boston) for side in last.sides)
        forfeit = any(what == "forfeit" for _, what, _ in ruled)
        return DirectedDeal(ruled, tuple(hands), engine, folds, last.outcome if forfeit else None)

    def _ends_level(
        self, hands: Sequence[tuple[PlainHand, ...]], scores: Sequence[int], bags: Sequence[int]
    ) -> bool:
        """Whether, in a game to a clock not called yet, the director lets a break run the
        clock out in this deal (at its rate), the reference scoring it level at the top."""
        if self.end is None or self.ref_called is not None:
            return False
        after = [score + self.referee.side(side, score, side_bags).points
                 for side, score, side_bags in zip(hands, scores, bags, strict=True)]  # fmt: skip
        top = max(after)
        return after.count(top) > 1 and self.rng.random() < self.mix.tie_call

    def _agreed(self, game: Game, number: int, ref_scores: Sequence[int]) -> Game:
        """The round just entered, agreed by the other side where the rules ask for it: it
        waits until then (and only then), and a look at the sheet while it waits shows
        it unscored, the scores as they were before it."""
        waiting = game.rounds[-1].waiting
        if waiting != self.rules.confirm_entries:
            self.problems.append(Problem("confirm", "waiting", {
                "deal": number, "waiting": waiting, "scores": None,
                "ref_scores": None}))  # fmt: skip
        if not waiting:
            return game
        if self.rng.random() < self.mix.look:
            look = standings(game)
            scores = list(look.scores)
            if look.rounds[-1].sides is not None or scores != list(ref_scores) or look.finished:
                self.problems.append(Problem("confirm", "waiting", {
                    "deal": number, "waiting": True, "scores": scores,
                    "ref_scores": list(ref_scores)}))  # fmt: skip
        try:
            game = agree_round(game)
        except ScorepadError as error:
            self._refused("confirm", error, number)
            return game
        self.reached["round agreed by the other side"] += 1
        return game

    # -----------------------------------------------------------------------
    # Rulings

    def _kinds(self) -> list[RulingKind]:
        """The rulings the director will make on this deal, but for a forfeit (none,
        mostly)."""
        rng = self.rng
        kinds: list[RulingKind] = []
        if rng.random() >= self.mix.ruling or self.ruled >= MOST_IN_A_GAME:
            return kinds
        self.ruled += 1
        for _ in range(2):
            draw, kind = rng.random(), self.kinds[-1][0]
            for candidate, share in self.kinds:
                if draw < share:
                    kind = candidate
                    break
                draw -= share
            kinds.append(kind)
            if rng.random() >= self.mix.second_ruling:
                break
        return kinds

    def _rule(
        self, game: Game, number: int, kinds: Sequence[RulingKind],
        hands: Sequence[tuple[PlainHand, ...]], in_play: bool = False,
    ) -> tuple[tuple[int, str, int], ...]:  # fmt: skip
        """Make the rulings of `kinds` on the round just entered, through `rule_on`; each
        as the reference reads it. A set goes against a side that bid a contract of 1 or
        more (none: a points ruling instead); a forfeit once the game is over is no
        ruling (the score pad refuses it: the end is held to the reference's apart)."""
        rng = self.rng
        made: list[tuple[int, str, int]] = []
        for kind in kinds:
            side = rng.randrange(self.rules.sides)
            amount = 0
            if kind is RulingKind.SET:
                able = [one for one in range(self.rules.sides) if _contract(hands[one]) >= 1]
                if able:
                    side = able[rng.randrange(len(able))]
                else:
                    kind = RulingKind.POINTS
            if kind is RulingKind.BOOKS:
                amount = rng.randint(1, 3)
            elif kind is RulingKind.POINTS:
                amount = _POINTS[rng.randrange(len(_POINTS))]
            reason = f"renege, deal {number}" if kind is not RulingKind.POINTS else "table talk"
            try:
                self.game = game = rule_on(game, Ruling(side, kind, amount, reason))
            except ScorepadError as error:
                if kind is not RulingKind.FORFEIT or in_play or not standings(game).finished:
                    self._refused("ruling", error, number)
                continue
            made.append((side, kind.value, amount))
            if in_play:  # (the game keeps every ruling: the sweep counts them there)
                self.reached["forfeit ruling in play"] += 1
        return tuple(made)


def _contract(hands: Sequence[PlainHand]) -> int:
    """A side's contract as the reference reads its hands: its bids of a number."""
    return sum(bid for kind, bid, _ in hands if kind in ("number", "blind"))
