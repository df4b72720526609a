"""The game loop: deal after deal from a deal source, scored, folded, checked, to the end.

A game is played from its own seed, so a run gives the same result however its games
are spread over processes. Every deal comes from a deal source (source.py: bots in
Python, or a table of random bots in C or Python), is scored side by side with the
engine (`scorer.SideScorer`, as `game.standings` scores a saved game, and held to the
reference scorer), and folded into the game by the engine's one fold step
(`fold.fold_round`, which `game.standings` folds a saved game by), which judges the end.
Beside that fold, the reference folds the game on its own (`referee.GameFold`), and the
two must agree after every deal.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence

from scorepad.engine.fold import Running, SideFold, fold_round, start_running
from scorepad.engine.game import Game, Round, SideEntry, new_game, standings
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import Outcome
from scorepad.sim.botdeals import BotDeals
from scorepad.sim.bots import BOTS, Bot
from scorepad.sim.checker import DealChecker
from scorepad.sim.director import Director, DirectorMix
from scorepad.sim.kernel import KernelTable
from scorepad.sim.kerneldeals import SAMPLE_EVERY, KernelDeals
from scorepad.sim.referee import GameFold, Referee
from scorepad.sim.results import DealRecord, GameResult, Violation, seat_names
from scorepad.sim.scorer import Engine, SideScorer
from scorepad.sim.source import Deal, DealSource
from scorepad.sim.validate import Problem

MAX_DEALS = 500  # a game still going after this many deals is cut off as unfinished
CHECKS = ("sample", "full")  # how many kernel deals the Python validator replays


class GameRunner:
    """Plays games under one set of rules with bots per side; re-usable across games.

    `table` plays the deals on a kernel `Table` class (C or its Python twin) instead of
    bots in Python: one kind of bot at every seat, under rules `kernel.kernel_refusal`
    accepts.
    `check="full"` has the Python validator replay every table deal, not a sample.
    `seat_bots` makes each seat's bot (from the game's random stream) instead of `bots`
    (a league's players, a sweep's explorers). `knobs`: the rules as the reference read
    them from the preset file (`referee.knobs_of_preset`), which it scores and ends
    games by. `director`: a sweep's games are played under a director (director.py), who
    calls misdeals, makes rulings, agrees rounds and plays some games to a clock, on the
    game as the score pad keeps it (the game is kept).
    Each process of a run plays with its own runner and memos: nothing of the scores, the
    checks or the reference's fold is shared between processes."""

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
        table: Callable[..., KernelTable] | None = None,
        check: str = "sample",
        engine: Engine | None = None,
        seat_bots: Sequence[Callable[[random.Random], Bot]] | None = None,
        knobs: Mapping[str, object] | None = None,
        director: DirectorMix | None = None,
    ) -> None:
        unknown = [name for name in bots if name not in BOTS]
        if unknown or not bots:
            raise ValueError(f"unknown bots {unknown}; known: {', '.join(BOTS)}")
        if check not in CHECKS:
            raise ValueError(f"check {check!r}: choose from {', '.join(CHECKS)}")
        self.rules = rules
        self.preset = preset
        self.side_bots = tuple(bots[side % len(bots)] for side in range(rules.sides))
        self.seed = seed
        self.validate = validate
        self.keep_game = keep_game
        self.keep_records = keep_records
        self.max_deals = max_deals
        self.names = seat_names(rules.players)
        self.game_template = new_game("simulated", self.names, rules, preset=preset)
        side_names = [self.game_template.side_players(side) for side in range(rules.sides)]
        self.referee = Referee(rules, knobs)
        self.scorer = SideScorer(rules, side_names, self.referee, validate=validate, engine=engine)
        checker = DealChecker(rules, self.names, side_names) if validate else None
        self.source: DealSource
        if table is not None:
            every = 1 if check == "full" else SAMPLE_EVERY
            self.source = KernelDeals(rules, table, seed, checker, self.scorer, self.names,
                                     check_every=every, bot=self.side_bots[0])  # fmt: skip
        else:
            self.source = BotDeals(rules, self.side_bots, seed, checker, self.scorer, self.names,
                                   seat_bots)  # fmt: skip
        self.fold = GameFold(self.referee, self.source.plain_of)
        self.director = (
            Director(self.referee, seed, director) if director is not None else None
        )
        if validate:
            self.scorer.note = self.fold.note

    def close(self) -> None:
        """Let the runner's memos go as soon as the run is over: the scorer hands the
        reference's fold its answers (`note`), the fold asks the deal source for plain
        hands, and the source scores with the scorer, a ring the garbage collector would
        otherwise only break at its next full pass, in whatever comes next."""
        self.scorer.note = None

    def play_game(self, index: int) -> GameResult:
        """Play game `index` of the run to its end (or `max_deals` deals)."""
        rules, source, scorer, fold = self.rules, self.source, self.scorer, self.fold
        players, sides = rules.players, rules.sides
        first_dealer = source.start_game(index)
        result = GameResult(
            index=index, first_dealer_side=rules.side_of(first_dealer), side_bots=self.side_bots
        )
        running = start_running(sides)
        rounds: list[Round] | None = [] if self.keep_game else None
        director = self.director
        if director is not None:
            name = f"simulated game {index + 1}"
            director.start_game(
                dataclasses.replace(self.game_template, name=name, first_dealer=first_dealer),
                index,
            )
        want_entries = rounds is not None or director is not None
        validate, keep_records = self.validate, self.keep_records
        if validate:
            fold.start()
        played_of, fold_deal = source.played_of, fold.deal
        fold_sides = scorer.fold
        deal_of = source.deal
        number = 0
        dealer = first_dealer
        for number in range(1, self.max_deals + 1):
            if director is not None:
                dealer = director.before_deal(number, dealer)
            deal = deal_of(result, number, dealer, running.scores, running.bags, keep_records)
            keys, bids, taken, _, _, problems = deal
            folds, entries = fold_sides(result, deal, played_of, running.scores, running.bags,
                                        want_entries)  # fmt: skip
            if director is not None:
                running, outcome, stop = self._directed(director, running, number, dealer, deal,
                                                        folds, entries)  # fmt: skip
            else:
                if rounds is not None:
                    rounds.append(Round(dealer, entries))
                running, judged = fold_round(rules, running, number, folds)
                outcome = judged if isinstance(judged, Outcome) else None
                if validate:
                    problems += fold_deal(number, keys, bids, taken, outcome, running)
                stop = False
            if problems:
                self._note(result, number, problems, source.replay_record(deal))
            if outcome is not None:
                result.winner = outcome.winner
                result.end = outcome.reason.value if outcome.winner is not None else "draw"
                break
            if stop:
                break
            dealer = (dealer + 1) % players
        result.deals = number
        result.scores = running.scores
        scorer.close_game(result, running.bags, running.sets)
        if director is not None:
            self._keep(result, director.game)
        elif rounds is not None:
            self._keep_game(result, first_dealer, rounds)
        return result

    def _directed(
        self, director: Director, running: Running, number: int, dealer: int, deal: Deal,
        folds: Sequence[SideFold], entries: Sequence[SideEntry],
    ) -> tuple[Running, Outcome | None, bool]:  # fmt: skip
        """A deal entered into the game under the director, folded with what it did
        (rulings, a forfeit, time called) and held to the reference's fold of the same:
        the running numbers after it, the end, and whether play stops without one (a
        forfeit in play that the score pad did not end the game by: no tricks follow)."""
        fold, rules, problems = self.fold, self.rules, deal.problems
        hands = [self.source.plain_of(side, deal.bids, deal.taken) for side in range(rules.sides)]
        ref = (fold.scores, fold.bags) if self.validate else (running.scores, running.bags)
        directed = director.after_deal(number, dealer, entries, hands, *ref)
        problems += director.take_problems()
        called, ref_called = director.called, director.ref_called
        outcome: Outcome | None = None
        scored = folds if directed is None else directed.folds
        if scored is not None:  # (None: a forfeit in play, before the tricks)
            running, judged = fold_round(rules, running, number, scored, called=called)
            outcome = judged if isinstance(judged, Outcome) else None
        if directed is None:
            if self.validate:
                problems += fold.deal(number, deal.keys, deal.bids, deal.taken, outcome, running,
                                      ref_called)  # fmt: skip
            return running, outcome, False
        if any(what == "forfeit" for _, what, _ in directed.rulings):
            outcome = directed.outcome
        if self.validate:
            problems += fold.ruled_deal(number, directed.hands, directed.rulings, directed.engine,
                                        outcome, running, ref_called)  # fmt: skip
        return running, outcome, directed.folds is None

    def _note(
        self, result: GameResult, number: int, problems: list[Problem], record: DealRecord
    ) -> None:
        """Note a deal's problems as violations, with the deal to replay them."""
        names = tuple(self.names)
        for problem in problems:
            result.violations.append(
                Violation(self.seed, result.index, number, problem, record, names)
            )

    def _keep_game(self, result: GameResult, first_dealer: int, rounds: list[Round]) -> None:
        """The game as the score pad keeps it, checked by the score pad's own fold."""
        self._keep(result, Game(
            f"simulated game {result.index + 1}",
            self.names,
            self.game_template.sides,
            self.preset,
            self.rules,
            first_dealer,
            tuple(rounds),
        ))

    def _keep(self, result: GameResult, game: Game) -> None:
        """Keep `game`, checked by the score pad's own fold against the simulator's."""
        if self.validate:
            folded = standings(game)
            if folded.scores != result.scores or folded.winner != result.winner:
                result.violations.append(
                    Violation(
                        self.seed,
                        result.index,
                        result.deals,
                        Problem(
                            "standings",
                            "standings",
                            {
                                "scores": folded.scores,
                                "winner": folded.winner,
                                "sim_scores": result.scores,
                                "sim_winner": result.winner,
                            },
                        ),
                    )
                )
        result.game = game
