"""The compiled deal kernel's Python side: which tables it takes, its bid table, its seeds.

The kernel (`_kernel.c`, built where a C compiler is present) deals, bids from a table
filled here by the real bid rules, plays random legal cards and checks every deal. It
takes tables of random bots under rules without jokers, blind nil's exchange, redeals or
joint partner bids; every other run, and every run where it is not built, goes through
the pure-Python path. `simulate --json` says which ran (`"kernel": "c"` or `"python"`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from types import ModuleType
from typing import Protocol

from scorepad.bids import BLIND_NIL, NIL, Bid
from scorepad.errors import ScorepadError
from scorepad.rules import Rules
from scorepad.sim.deal import deck_plan
from scorepad.sim.table import NUMBER_BIDS

KERNEL_CHOICES = ("auto", "c", "python")
NIL_CODE, BLIND_NIL_CODE = 254, 255  # as in _kernel.c; a number bid is its own code


class KernelTable(Protocol):
    """The kernel's `Table` (typed here; it is a C type)."""

    def seed(self, value: int, /) -> None: ...
    def below(self, count: int, /) -> int: ...
    def deal(
        self, dealer: int, blind_sides: int, /
    ) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]: ...
    def record(self) -> tuple[list[list[int]], list[int], list[int]]: ...


def _load() -> ModuleType | None:
    try:
        from scorepad.sim import _kernel  # type: ignore[attr-defined]
    except ImportError:
        return None
    module: ModuleType = _kernel
    return module


KERNEL: ModuleType | None = _load()


def kernel_built() -> bool:
    """Whether this install has the compiled kernel."""
    return KERNEL is not None


def kernel_refusal(rules: Rules, bots: Sequence[str]) -> str | None:
    """Why the kernel cannot play this run (None: it can). The reasons are the features
    only the Python path has."""
    if any(bot != "random" for bot in bots):
        return "it plays random bots only"
    if rules.jokers or deck_plan(rules).discards:
        return "it does not play jokers or the dealer's discard"
    if rules.blind_nil_exchange:
        return "it does not play blind nil's exchange"
    if rules.redeal_without_spades:
        return "it does not redeal"
    if rules.partner_bidding and rules.side_size > 1 and not rules.suicide:
        return "it does not make joint partner bids"
    if rules.players * rules.tricks > 52 or rules.players > 6 or rules.tricks > 18:
        return "its deck is at most 52 cards for at most 6 players"
    return None


def choose_kernel(choice: str, rules: Rules, bots: Sequence[str]) -> tuple[str, str | None]:
    """The path a run takes for `--kernel CHOICE` ("c" or "python"), and why not the
    kernel when it is not. `c` refuses a run the kernel cannot play."""
    if choice not in KERNEL_CHOICES:
        raise ScorepadError(f"--kernel {choice!r}: choose from {', '.join(KERNEL_CHOICES)}")
    if choice == "python":
        return "python", "--kernel python"
    reason = kernel_refusal(rules, bots)
    if reason is None and KERNEL is None:
        reason = "it is not built in this install (no C compiler when it was installed)"
    if reason is None:
        return "c", None
    if choice == "c":
        raise ScorepadError(
            f"--kernel c: the compiled kernel cannot play this run: {reason};"
            " use --kernel auto or python"
        )
    return "python", f"the compiled kernel: {reason}"


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


def bids_of_codes(tricks: int) -> tuple[Bid, ...]:
    """The Bid of each code 0..255 (numbers up to the tricks of a deal, nil, blind nil):
    the shared Bid objects the bid table's bids are (`table.NUMBER_BIDS`)."""
    numbers = NUMBER_BIDS[: tricks + 1]
    return tuple(
        numbers[code] if code <= tricks else NIL if code == NIL_CODE else BLIND_NIL
        for code in range(256)
    )
