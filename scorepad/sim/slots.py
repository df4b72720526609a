"""Where a kernel deal's side is kept in a process's memo: its slot.

A side deal's slot is its place (`_kernel.c`'s `side_places`: its seats' bids and tricks
as the digits of one number, each seat's digit its bid times the tricks there can be,
plus its tricks; nil and blind nil as the two numbers after the last trick) times the
bag counts a side can hold, plus its bags: so a slot stands for one side deal and no
other, and the scorer keeps a table deal's side by one integer (`scorer.SideScorer`).
Two side deals the kernel put in one slot would share its numbers; the reference's
fold, keyed by the seats' bids and tricks as given, not by slots, tells them apart.
Each process of a run keeps its own slots (docs/simulator.md says why none are shared).
"""

from __future__ import annotations

from typing import NamedTuple

from scorepad.rules import Rules

# The kernel's bid codes of nil and blind nil, as in _kernel.c (a number bid is its own
# code), and of a seat whose partner made their joint bid; kernel.py takes them from here.
NIL_CODE, BLIND_NIL_CODE = 254, 255
JOINT_CODE = 252

MAX_SLOTS = 1 << 21  # sides with more slots (five or six seats) are kept by their codes


class SlotShape(NamedTuple):
    """How a side's place and bags make its slot: `place * bag_slots + bags`."""

    radix: int  # of a seat's digit in a side's place: (tricks + 3) * (tricks + 1)
    bag_slots: int  # the bag counts a side can hold
    slots: int  # a slot for each place of a side and bag count


def table_shape(rules: Rules) -> SlotShape:
    """The rules' slots: a seat's digit's radix, the bag counts, and the slots."""
    bag_slots = rules.bag_limit if rules.bags else 1
    radix = (rules.tricks + 3) * (rules.tricks + 1)
    return SlotShape(radix, bag_slots, radix**rules.side_size * bag_slots)


def slot_shape(rules: Rules) -> SlotShape | None:
    """The rules' slots, or None when a side has too many to keep by slot."""
    shape = table_shape(rules)
    return shape if shape.slots <= MAX_SLOTS else None
