"""What a simulated game gives: its deals as records, its violations, its counts.

Plain data, so a game's result travels between the processes of a run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields

from scorepad.engine.bids import Bid
from scorepad.engine.game import Game
from scorepad.sim.validate import Problem

SEAT_NAMES_4 = ("North", "East", "South", "West")


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

    def replay_lines(self, names: Sequence[str]) -> list[str]:
        """The deal as lines in the language spoken here, enough to replay it by hand."""
        from scorepad.render.problems import replay_words

        return replay_words(names, self.dealer, self.dealt, self.discards, self.bids, self.plays)


@dataclass(frozen=True, slots=True)
class Violation:
    """A check that failed, with what it takes to replay the deal (its record and the
    seats' names; None where the problem is the game's, not a deal's)."""

    seed: int
    game: int
    deal: int
    problem: Problem
    record: DealRecord | None = None
    names: tuple[str, ...] = ()

    @property
    def check(self) -> str:
        return self.problem.check

    @property
    def message(self) -> str:
        """What is wrong, in English (the JSON's)."""
        return self.problem.message

    def replay_lines(self) -> list[str]:
        """The deal to replay, as lines in the language spoken here; none for a game's
        problem."""
        return self.record.replay_lines(self.names) if self.record is not None else []

    @property
    def replay(self) -> str:
        """The deal to replay, in English (the JSON's); empty for a game's problem."""
        if self.record is None:
            return ""
        from scorepad.render.problems import in_english

        return "\n".join(in_english(self.replay_lines))

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
    bags: int = 0  # bags taken, every side's (the engine's; `--compare` shows them)

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
