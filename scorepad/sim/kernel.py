"""The deal kernel's Python side: its two implementations, which tables it takes, its bid
table, its seeds.

The kernel deals, bids and plays for a table of random bots (bids from a table filled here
by the real bid rules, random legal cards) or of heuristic bots (`heuristic.HeuristicBot`'s
decisions, from tables of hand values and bid choices filled here), and checks every
deal (redeals, jokers and the dealer's discard, blind nil's exchange, joint partner bids
too). It comes twice, with one API (`Table`) and one random stream,
as markupsafe ships `_speedups.c` beside `_native.py`: compiled (`_kernel.c`, built where
a C compiler is present) and in pure Python (`_kernel_py.py`). `table_type()` gives the
one chosen at import (the compiled one where it is built), `table_type("c")` or
`table_type("python")` either; the same seed plays the same deals on both, and the same
games as the Python path's bots. `simulate --json` says which path ran (`"kernel"`).
"""

from __future__ import annotations

import enum
import hashlib
from array import array
from collections.abc import Sequence
from types import ModuleType
from typing import Protocol

from scorepad.engine.bids import BLIND_NIL, NIL, Bid
from scorepad.engine.rules import Rules
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.sim import _kernel_py
from scorepad.sim.deal import deck_plan
from scorepad.sim.seen import NUMBER_BIDS, BidChoice, Seen, bid_choice, choice_reads_total
from scorepad.sim.valuation import (
    RANK_OF,
    SIDE_RISKS,
    SIDE_VALUES,
    SPADE_RISKS,
    average_count,
    median_nil_chance,
    spade_tricks,
    suit_parts,
)

KERNEL_CHOICES = ("auto", "c", "python")
IMPLEMENTATIONS = ("c", "python")  # the kernel compiled, and its pure-Python twin
RANDOM_NIL = 0.02  # RandomBot's chance of a nil bid, and of a blind nil when open to it
KERNEL_BOTS = ("random", "heuristic")  # the bots the kernel plays (one kind a table)
SPADE_KEYS, SIDE_KEYS = 1 << 15, 1 << 13  # the bot's tables: by the spades' bits, a side's
# The kernel's bid codes of nil and blind nil, as in _kernel.c (a number bid is its own
# code), and of a seat whose partner made their joint bid.
NIL_CODE, BLIND_NIL_CODE, JOINT_CODE = 254, 255, 252


class KernelTable(Protocol):
    """The kernel's `Table`, compiled (a C type, typed here) or its twin."""

    def seed(self, value: int, /) -> None: ...
    def below(self, count: int, /) -> int: ...
    def deal(
        self, dealer: int, blind_sides: int, scores: Sequence[int] = (), /
    ) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]: ...
    def record(self) -> tuple[list[list[int]], list[int], list[int]]: ...
    def extras(self) -> tuple[int, list[tuple[int, int, list[int]]], tuple[int, ...]]: ...
    def choose(
        self,
        seat: int,
        hand: int,
        legal: int,
        unplayed: int,
        trick: Sequence[int],
        leader: int,
        bids: Sequence[int],
        taken: Sequence[int],
        voids: Sequence[int],
        /,
    ) -> int: ...


def _load() -> ModuleType | None:
    try:
        from scorepad.sim import _kernel  # type: ignore[attr-defined]
    except ImportError:
        return None
    module: ModuleType = _kernel
    return module


KERNEL: ModuleType | None = _load()
# The implementation a table is of unless asked otherwise: the compiled one where built.
DEFAULT_IMPLEMENTATION = "c" if KERNEL is not None else "python"


def kernel_built() -> bool:
    """Whether this install has the compiled kernel."""
    return KERNEL is not None


def kernel_module(implementation: str = DEFAULT_IMPLEMENTATION) -> ModuleType:
    """The kernel's module: "c" the compiled `_kernel`, "python" its twin `_kernel_py`
    (each has `Table`, `NIL`, `BLIND_NIL` and `MUTATE`)."""
    if implementation == "python":
        return _kernel_py
    if implementation != "c":
        raise ScorepadError(f"kernel {implementation!r}: choose from {', '.join(IMPLEMENTATIONS)}")
    if KERNEL is None:
        raise ScorepadError(
            "kernel 'c': the compiled kernel is not built in this install"
            " (no C compiler when it was installed); use python"
        )
    return KERNEL


def table_type(implementation: str = DEFAULT_IMPLEMENTATION) -> type[KernelTable]:
    """The kernel's `Table` class, compiled ("c") or the twin ("python"); by default the
    one chosen at import."""
    if implementation == "python":
        twin: type[KernelTable] = _kernel_py.Table  # mypy holds it to KernelTable
        return twin
    table: type[KernelTable] = kernel_module(implementation).Table
    return table


def new_table(
    rules: Rules, implementation: str = DEFAULT_IMPLEMENTATION, bot: str = "random"
) -> KernelTable:
    """A kernel table for these rules and bot (`table_arguments`), compiled or the twin."""
    return table_type(implementation)(**table_arguments(rules, bot))


def random_wishes(tricks: int) -> list[list[int]]:
    """RandomBot's wish by its aces and spades: `wishes[aces][spades]` (see RandomBot.bid:
    its aces and half its spades, scaled to the hand size)."""
    return [[round((aces + spades / 2) * tricks / 13) for spades in range(16)] for aces in range(5)]


def random_bids(choice: BidChoice, wishes: int) -> tuple[bool, Bid, tuple[Bid, ...]]:
    """What a random bot bids when given `choice`: whether blind nil is open, its nil bid,
    and its bid for each wish 0..wishes-1 (`BidChoice.fit`)."""
    return choice.blind_nil, choice.fit(0, nil=True), tuple(choice.fit(w) for w in range(wishes))


def table_arguments(rules: Rules, bot: str = "random") -> dict[str, object]:
    """A kernel `Table`'s arguments for these rules and bot (at every seat): the deck, the
    seats, and the bid table: for each situation (the partner's bid, the total bid so far,
    whether last), blind nil open, the nil bid and the bid for each wish, from the real bid
    rules (`bid_choice`, `random_bids`) as the Python path reads them; under partner
    bidding, the choice of a side's joint bid by the total so far and whether last
    (`joint`); for heuristic bots, also `heuristic_arguments`."""
    tricks, players = rules.tricks, rules.players
    wish = random_wishes(tricks)
    wishes = max(max(row) for row in wish) + 1
    totals = tricks * (players - 1) + 1  # the table's earlier non-nil bids, 0..
    partner_bids: list[Bid | None] = [None, NIL, BLIND_NIL, *NUMBER_BIDS[: tricks + 1]]
    entries = bytearray()
    # Many situations give the same choice: each is encoded once.
    encoded: dict[BidChoice, bytes] = {}
    choices = bytearray()  # each situation's BidChoice, for the heuristic bot
    for partner_bid in partner_bids:
        # A choice and its rows by whether last and the total where the choice reads it
        # (a run builds its table once, and this was most of a short run's set-up).
        rows: dict[tuple[bool, int], tuple[bytes, bytes]] = {}
        for total in range(totals):
            for last in (False, True):
                situation = (last, total if choice_reads_total(rules, last) else 0)
                made = rows.get(situation)
                if made is None:
                    choice = bid_choice(
                        rules, partner_bid=partner_bid, earlier_total=total, last=last, joint=False
                    )
                    row = encoded.get(choice)
                    if row is None:
                        blind_open, nil_bid, by_wish = random_bids(choice, wishes)
                        codes = [blind_open, bid_code(nil_bid), *map(bid_code, by_wish)]
                        row = encoded[choice] = bytes(codes)
                    made = rows[situation] = (row, choice_bytes(choice))
                entries += made[0]
                choices += made[1]
    # A side's joint bid (partner bidding): its choice by the total so far and whether last.
    joint = bytearray()
    if joint_bids(rules):
        for total in range(totals):
            for last in (False, True):
                joint += choice_bytes(
                    bid_choice(rules, partner_bid=None, earlier_total=total, last=last, joint=True)
                )
    seen = Seen(rules)
    heuristic = heuristic_arguments(rules, bytes(choices)) if bot == "heuristic" else {}
    return {
        "deck": bytes(deck_plan(rules).codes),
        "players": players,
        "tricks": tricks,
        "partner": bytes(seen.partner),
        "side_of": bytes(seen.side_of),
        "bid_table": bytes(entries),
        "totals": totals,
        "wishes": wishes,
        "wish": bytes(min(value, 255) for row in wish for value in row),
        "nil_chance": RANDOM_NIL,
        "redeal": rules.redeal_without_spades,
        "discards": deck_plan(rules).discards,
        "exchange": rules.blind_nil_exchange,
        "joint": bytes(joint),
        "rules": rules,  # for the twin, which plays by the Python path; the C ignores it
        **heuristic,
    }


def joint_bids(rules: Rules) -> bool:
    """Whether a side's partners may bid as one (`BotDeals._bid` asks them so)."""
    return rules.partner_bidding and rules.side_size > 1 and not rules.suicide


def choice_bytes(choice: BidChoice) -> bytes:
    """A bid choice as the kernel reads it: low, high, nil open, must nil, refused (255:
    none)."""
    refused = 255 if choice.refused is None else choice.refused
    return bytes((choice.low, choice.high, choice.nil, choice.must_nil, refused))


def heuristic_arguments(rules: Rules, choices: bytes) -> dict[str, object]:
    """What a kernel `Table` of heuristic bots needs beside the random one's: each bid
    situation's choice (`choices`: low, high, nil open, must nil, refused or 255), the hand
    values valuation.py sums (in `_kernel.c`'s order: the average count, the median nil
    chance, then its tables by a suit's bits or by valuation's keys), the deck's highest
    card, and the facts of the rules the bot reads."""
    return {
        "heuristic": True,
        "choices": choices,
        "values": heuristic_values(rules),
        "top": max(deck_plan(rules).codes),
        "target": rules.target,
        "suicide": int(rules.suicide),
        "nil": int(rules.nil),
    }


def heuristic_values(rules: Rules) -> bytes:
    """The hand values of `heuristic_arguments`, as doubles: some 0.05 to 0.15 s of work,
    done once a table (a run builds its table before its workers fork, and they inherit
    it). No cache by rules: a run, a comparison or a sweep builds one table per set of
    rules, so only a second run of the same rules in one process would read it back (a
    cache bought 1.19x on 100-game runs of the standard preset and 1.40x of the jokers
    preset, 1.00x on 1,000-game runs, all repeated in one process: `python
    benchmarks/sim_memo.py --memo values --bots heuristic` at commit 7f3b17a)."""
    spade_top = RANK_OF[max(deck_plan(rules).codes)]
    # The spades' tables are by 15 bits (the jokers above the ace), filled as far as the
    # deck reaches. The bot reads a hand's nil chance and suicide count only under
    # suicide: elsewhere their tables stay zero, unread.
    spade_keys = 1 << (15 if rules.jokers else 13)
    unread = (0.0, 0.0, 0.0, 0.0)
    suits = [suit_parts(bits) if rules.suicide else unread for bits in range(spade_keys)]
    pad = [0.0] * (SPADE_KEYS - spade_keys)
    values = array(
        "d",
        [
            average_count(rules),
            median_nil_chance(rules),
            *(spade_tricks(bits, spade_top) for bits in range(spade_keys)),
            *pad,
            *SIDE_VALUES,
            *SIDE_RISKS,
            *SPADE_RISKS,
            *(parts[1] for parts in suits),
            *pad,
            *(parts[0] for parts in suits[:SIDE_KEYS]),
            *(parts[3] for parts in suits),
            *pad,
            *(parts[2] for parts in suits[:SIDE_KEYS]),
        ],
    )
    return values.tobytes()


class KernelReason(enum.StrEnum):
    """Why a run is not played by the compiled kernel, as a fact: the faces word it in the
    reader's language; its value is the one stable English of the JSON."""

    CHOSEN_PYTHON = "--kernel python"  # asked for the Python path
    BOTS = f"it plays {' or '.join(KERNEL_BOTS)} bots only"
    MIXED_BOTS = "it plays one kind of bot at every seat"
    JOINT_PLAIN_ZERO = "it makes joint partner bids only where a bid of 0 means nil"
    DECK = "its deck is at most 54 cards for at most 6 players"
    DISCARDS = "its dealer discards at most 4 cards"
    NOT_BUILT = "it is not built in this install (no C compiler when it was installed)"

    def as_json(self) -> str:
        """The reason as the JSON gives it: `the compiled kernel: its dealer discards ...`."""
        if self is KernelReason.CHOSEN_PYTHON:
            return self.value
        return f"the compiled kernel: {self.value}"


class KernelRefusedError(ScorepadError):
    """`--kernel c` for a run the compiled kernel cannot play: `reason` says why."""

    def __init__(self, reason: KernelReason) -> None:
        super().__init__(f"the compiled kernel cannot play this run: {reason.value}")
        self.reason = reason


def kernel_refusal(rules: Rules, bots: Sequence[str]) -> KernelReason | None:
    """Why the kernel cannot play this run (None: it can). The reasons are the features
    only the Python path has."""
    if any(bot not in KERNEL_BOTS for bot in bots):
        return KernelReason.BOTS
    if len(set(bots)) > 1:
        return KernelReason.MIXED_BOTS
    if joint_bids(rules) and rules.zero_bid == "plain":
        # A joint partner holds no bid: its digit in a side's place is that of a 0 bid.
        return KernelReason.JOINT_PLAIN_ZERO
    if len(deck_plan(rules).codes) > 54 or rules.players > 6 or rules.tricks > 18:
        return KernelReason.DECK
    if deck_plan(rules).discards > 4:
        return KernelReason.DISCARDS
    return None


def choose_kernel(
    choice: str, rules: Rules, bots: Sequence[str]
) -> tuple[str, KernelReason | None]:
    """The path a run takes for `--kernel CHOICE` ("c" or "python"), and why not the
    kernel when it is not. `c` refuses a run the kernel cannot play."""
    if choice not in KERNEL_CHOICES:
        raise ScorepadError(
            _("{value}: choose from {choices}").format(
                value=repr(choice), choices=", ".join(KERNEL_CHOICES)
            ),
            option="kernel",
        )
    if choice == "python":
        return "python", KernelReason.CHOSEN_PYTHON
    reason = kernel_refusal(rules, bots)
    if reason is None and KERNEL is None:
        reason = KernelReason.NOT_BUILT
    if reason is None:
        return "c", None
    if choice == "c":
        raise KernelRefusedError(reason)
    return "python", reason


def kernel_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run for a kernel table: the integer the Python path's
    `random.Random(f"scorepad-sim:{seed}:{index}")` is seeded with (its text and the text's
    SHA-512, read as one big-endian number), so both draw the same stream."""
    text = f"scorepad-sim:{seed}:{index}".encode()
    return int.from_bytes(text + hashlib.sha512(text).digest(), "big")


def bid_code(bid: Bid) -> int:
    if bid == NIL:
        return NIL_CODE
    if bid == BLIND_NIL:
        return BLIND_NIL_CODE
    assert not bid.is_blind and bid.tricks < NIL_CODE, bid
    return bid.tricks


def bids_of_codes(tricks: int) -> tuple[Bid | None, ...]:
    """The Bid of each code 0..255 (numbers up to the tricks of a deal, nil, blind nil;
    None for a seat whose partner made their joint bid): the shared Bid objects the bid
    table's bids are (`table.NUMBER_BIDS`)."""
    numbers = NUMBER_BIDS[: tricks + 1]
    return tuple(
        numbers[code]
        if code <= tricks
        else NIL
        if code == NIL_CODE
        else None
        if code == JOINT_CODE
        else BLIND_NIL
        for code in range(256)
    )
