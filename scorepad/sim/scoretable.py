"""Scored sides in one table that the processes of a run share (the kernel path's memo).

Every process of a run scores the same few thousand kinds of side deal: the same bids,
the same tricks, the same bag count. On the kernel path, where a deal costs a few
microseconds, asking the engine for each of them was a large part of a short run, and
each process asked again for what the others had already scored. So the kernel path
keeps each side's scored deal in a table of 64-bit numbers in memory shared with the
processes forked from the one that made it, as chess engines share one hash table
between their searchers: whichever process scores a side deal first writes it, and every
process reads it from then on.

A side deal's slot is its place (`_kernel.c`'s `side_places`: its seats' bids and tricks
as the digits of one number) times the bag counts there can be, plus its bags, so a
slot holds one side deal and no other. A slot holds 0 until it is written, and then the
same number for good: two processes that score the same side deal at once write the same
number, each with one aligned 8-byte store, which no reader sees half done. The number
packs what the game's fold reads of the engine's score (`pack`); the engine's lines are
not kept, and a score the validator found wrong is only flagged, to be scored again
where it is read (its problems then read the same as anywhere).
"""

from __future__ import annotations

import mmap

from scorepad.rules import Rules

# The kernel's bid codes of nil and blind nil, as in _kernel.c (a number bid is its own
# code), and of a seat whose partner made their joint bid; kernel.py takes them from here.
NIL_CODE, BLIND_NIL_CODE = 254, 255
JOINT_CODE = 252

MAX_SLOTS = 1 << 21  # 16 MiB of table at most; bigger sides keep a memo per process
# A side's numbers as the fold reads them: points, bags after, bag penalties, made (None:
# no contract), Boston, whether the validator found the score wrong, and the nils (nil
# bids, nil made, blind nil bids, blind nil made; None: no nil bid).
Numbers = tuple[int, int, int, bool | None, bool, bool, tuple[int, int, int, int] | None]

_MADE = {None: 0, True: 1, False: 2}
_MADE_OF = (None, True, False)
_POINTS_OFFSET = 1 << 31


def pack(
    points: int,
    bags: int,
    penalties: int,
    made: bool | None,
    boston: bool,
    wrong: bool,
    nils: tuple[int, ...] | None,
) -> int:
    """The table's number for a side's numbers (never 0), or 0 when they do not fit."""
    value = 1 | _MADE[made] << 1 | boston << 3 | wrong << 4
    if nils is not None:
        bids, made_nils, blind_bids, blind_made = nils
        if max(nils) > 3:
            return 0
        value |= 32 | bids << 6 | made_nils << 8 | blind_bids << 10 | blind_made << 12
    points += _POINTS_OFFSET
    if points < 0 or points >> 32 or bags < 0 or bags >> 12 or penalties < 0 or penalties >> 4:
        return 0
    return value | penalties << 14 | bags << 18 | points << 30


def unpack(value: int) -> Numbers:
    """The numbers `pack` packed into `value`."""
    nils = None
    if value >> 5 & 1:
        nils = (value >> 6 & 3, value >> 8 & 3, value >> 10 & 3, value >> 12 & 3)
    return (
        (value >> 30) - _POINTS_OFFSET,
        value >> 18 & 0xFFF,
        value >> 14 & 0xF,
        _MADE_OF[value >> 1 & 3],
        bool(value >> 3 & 1),
        bool(value >> 4 & 1),
        nils,
    )


class ScoreTable:
    """The slots of one set of rules: `values[slot]` (0 until scored). Beside them, a
    byte for each deal's bids as the kernel bids them without a blind nil: `checked[at]`
    (`bids_at`) is 0 until they are checked, then CLEAN or REFUSED (whose problems are
    then worded again where they are read)."""

    def __init__(self, radix: int, bag_slots: int, slots: int, players: int, tricks: int) -> None:
        self.radix = radix  # of a seat's digit in a side's place
        self.bag_slots = bag_slots
        # Anonymous and shared: processes forked after this see the same memory.
        self._memory = mmap.mmap(-1, 8 * slots)
        self.values = memoryview(self._memory).cast("q")
        # A deal's bids: the dealer, then each seat's bid digit (as in a place).
        self._bid_radix = tricks + 3
        self._digits = {code: code for code in range(tricks + 1)}
        # (The kernel makes joint bids only where 0 is no bid: the digit 0 is then free.)
        self._digits |= {NIL_CODE: tricks + 1, BLIND_NIL_CODE: tricks + 2, JOINT_CODE: 0}
        deals = players * self._bid_radix**players
        self._checks = mmap.mmap(-1, deals) if deals <= MAX_SLOTS else None
        self.checked = memoryview(self._checks) if self._checks is not None else None

    def bids_at(self, dealer: int, codes: tuple[int, ...]) -> int:
        """Where a deal's bids are in `checked`."""
        at, radix, digits = dealer, self._bid_radix, self._digits
        for code in codes:
            at = at * radix + digits[code]
        return at


CLEAN, REFUSED = 1, 2  # a deal's bids in `checked`: passed every check, or not


def table_shape(rules: Rules) -> tuple[int, int, int]:
    """The radix of a seat's digit in a side's place ((tricks + 3) * (tricks + 1)), the
    bag counts a side can hold, and the slots of the rules' table: a slot for each place
    of a side and bag count."""
    bag_slots = rules.bag_limit if rules.bags else 1
    radix = (rules.tricks + 3) * (rules.tricks + 1)
    return radix, bag_slots, radix**rules.side_size * bag_slots


def score_table(rules: Rules) -> ScoreTable | None:
    """An empty table for the rules, or None when a side is too big for one. A run makes
    it before it starts its workers, so that forked workers share it (a spawned worker
    makes its own: see `context.RunContext`)."""
    radix, bag_slots, slots = table_shape(rules)
    if slots > MAX_SLOTS:
        return None
    return ScoreTable(radix, bag_slots, slots, rules.players, rules.tricks)
