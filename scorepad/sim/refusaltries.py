"""Bids the rules refuse, tried on purpose: a bid, a side's bids or a table's, which the
reference refuses and the engine must refuse for the same reason.

An explorer bot (`explorer.py`) now and then tries, beside the bid it makes, one the
reference refuses (`RefusalTry`): for the player alone (blind nil not trailing enough,
a blind bid under its least, above the deal, ...), for the side (suicide's pair rule,
`min_team_bid`, a joint team bid of nil or of 0), or, as the table's last bidder, for
the table (no hell's refused total). The sweep holds the engine's bid checks to each
(`try_problems`): they must refuse it, with the refusal whose kind `REFERENCE_NAME` maps
to the reason the reference gave. The facts are compared; of the words (in whatever
language is spoken), only that the refusal can be said, on one line, naming who bid and
the numbers of what is wrong and of what is allowed instead (`NAMED`), as every refusal
of bad input must.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from scorepad.engine.bids import (
    Bid,
    BidKind,
    BidRefusal,
    Refused,
    check_bid,
    check_side_bids,
    check_table_bids,
)
from scorepad.engine.rules import Rules
from scorepad.errors import BidError
from scorepad.reference import refusals, rulebook
from scorepad.sim.referee import PLAIN_KIND
from scorepad.sim.validate import Problem

# The engine's refusal kinds, by the reference's names for the same reasons. Blind nil
# and a blind number not trailing enough are one engine kind, told apart by the bid.
REFERENCE_NAME: dict[tuple[Refused, BidKind | None], str] = {
    (Refused.NIL_OFF, None): "nil-off",
    (Refused.BLIND_NIL_OFF, None): "blind-nil-off",
    (Refused.BLIND_BIDS_OFF, None): "blind-bids-off",
    (Refused.BLIND_TOO_LOW, None): "blind-bid-too-small",
    (Refused.NOT_TRAILING, BidKind.BLIND_NIL): "blind-nil-not-behind",
    (Refused.NOT_TRAILING, BidKind.BLIND): "blind-bid-not-behind",
    (Refused.OUT_OF_RANGE, None): "above-the-deal",
    (Refused.ZERO_IS_NIL, None): "zero-is-nil",
    (Refused.JOINT_NIL, None): "joint-nil",
    (Refused.JOINT_UNDER_SUICIDE, None): "joint-bid-under-suicide",
    (Refused.JOINT_TOO_LOW, None): "joint-bid-of-0",
    (Refused.SUICIDE, None): "suicide",
    (Refused.CONTRACT_TOO_LOW, None): "min-team-bid",
    (Refused.NO_HELL, None): "no-hell",
}

# The reference's reasons a try may have: every one the engine's bid checks give. (The
# reference's "joint-bid-without-partner-bidding" is refused where a bid is read as a
# team's, in the engine's entry of bids, not by the bid checks: it is not tried.)
TRIED_REASONS = tuple(REFERENCE_NAME.values())
# Reasons no rule set of a sweep can bring: a new game refuses their rules together (a
# game saved with them still opens as it was played). The report does not ask for them.
OUT_OF_REACH = {"joint-bid-under-suicide": "a new game refuses suicide with partner bidding"}

Level = Literal["bid", "side", "table"]

# The numbers a refusal names, by the reference's reason: of the bid refused (`bid`),
# the side's bids (`bids`, their `contract`), how far the side trails (`behind`, when it
# does), the tricks of a deal (`deal`), a knob, or the bids a player may type instead
# (`forms`: the lowest and highest plain numbers, the least blind bid, a 0 read as nil).
NAMED: dict[str, tuple[str, ...]] = {
    "nil-off": ("forms",),
    "blind-nil-off": ("forms",),
    "blind-bids-off": ("forms",),
    "blind-bid-too-small": ("bid", "blind_bid_min"),
    "blind-nil-not-behind": ("blind_nil_deficit", "behind"),
    "blind-bid-not-behind": ("blind_bid_deficit", "behind"),
    "above-the-deal": ("bid", "forms"),
    "zero-is-nil": ("bid",),
    "joint-nil": (),
    "joint-bid-under-suicide": (),
    "joint-bid-of-0": ("bid", "deal"),
    "suicide": ("bids", "suicide_min_bid"),
    "min-team-bid": ("contract", "min_team_bid"),
    "no-hell": ("bid", "deal"),
}


@dataclass(frozen=True, slots=True)
class RefusalTry:
    """Bids the reference refuses, for `level`: one bid (`sides` holds it alone), a side's
    bids (`joint`: one team bid) or the whole table (`sides`: each side's bids in seat
    order, `order` the table's bids in bidding order, the try last). `trailing` is how
    far each side trails; `refused` the reference's reason."""

    level: Level
    sides: tuple[tuple[Bid, ...], ...]
    trailing: tuple[int, ...]
    refused: str
    joint: tuple[bool, ...] = ()
    order: tuple[Bid, ...] = ()


def reference_name(refusal: BidRefusal) -> str:
    """The reference's name for the reason of an engine's refusal."""
    kind = refusal.bids[0].kind if refusal.why is Refused.NOT_TRAILING else None
    return REFERENCE_NAME[(refusal.why, kind)]


def engine_reason(rules: Rules, tried: RefusalTry, knobs: Mapping[str, object]) -> str | None:
    """Why the engine's bid checks refuse the try (the reference's name), None if they
    take it: each side's bids (one bid alone at the level `bid`), then the table's. A
    refusal whose words leave out who bid or a number it must name (`NAMED`) is given
    with its words."""
    try:
        if tried.level == "bid":
            check_bid(rules, tried.sides[0][0], who="player", trailing_by=tried.trailing[0])
            return None
        for side, bids in enumerate(tried.sides):  # sides named without a number
            check_side_bids(rules, bids, who=["player"] * len(bids), side=f"side {chr(65 + side)}",
                            trailing_by=tried.trailing[side], joint=tried.joint[side])  # fmt: skip
        if tried.level == "table":
            check_table_bids(rules, tried.order, last="the last bidder")
    except BidError as error:
        refusal = error.refusal
        assert isinstance(refusal, BidRefusal)
        name = reference_name(refusal)
        # No hell's refusal names the one bid refused: the last, which made the deal.
        if name == "no-hell" and refusal.refused != tried.order[-1].tricks:
            return f"no-hell, refusing {refusal.refused}"
        said = str(error)
        named = {int(found) for found in re.findall(r"\d+", said)}
        if name == tried.refused and (
            "\n" in said or refusal.who not in said or not _named(knobs, tried) <= named
        ):
            return f"{name}, said: {said}"
        return name
    return None


def _named(knobs: Mapping[str, object], tried: RefusalTry) -> set[int]:
    """The numbers the refusal of the try must name (`NAMED`), from the reference's
    reading of the rules and of which side's bids, and which bid, it refuses."""
    why, deal = tried.refused, rulebook.tricks_in_a_deal(knobs)
    side = 0
    if tried.level == "table" and why != "no-hell":  # the side whose bids are refused
        alone = {**knobs, "no_hell": False}
        side = next(number for number, bids in enumerate(tried.sides) if refusals.bid_refusal(
            alone, [[(PLAIN_KIND[bid.kind], bid.tricks) for bid in bids]],
            [tried.trailing[number]]) == why)  # fmt: skip
    bids, behind = tried.sides[side], tried.trailing[side]
    bid = tried.order[-1] if why == "no-hell" else next(
        (one for one in bids if refusals.one_bid_refusal(
            knobs, PLAIN_KIND[one.kind], one.tricks, behind, deal) == why), bids[0])  # fmt: skip
    plain, blind = ([n for n in range(deal + 1)
                     if not refusals.one_bid_refusal(knobs, kind, n, None, deal)]
                    for kind in ("number", "blind"))  # fmt: skip
    forms = {min(plain, default=deal), deal, *blind[:1]}
    if knobs["nil"] is True and knobs["zero_bid"] == "nil":
        forms.add(0)  # a 0 typed is nil
    numbers = [one.tricks for one in bids if not one.is_nil]
    facts = {"bid": {bid.tricks}, "bids": set(numbers), "contract": {sum(numbers)},
             "behind": {behind} if behind > 0 else set(), "deal": {deal},
             "forms": forms}  # fmt: skip
    found: set[int] = set()
    for fact in NAMED[why]:
        found |= facts[fact] if fact in facts else {rulebook.whole_number(knobs, fact)}
    return found


def try_problems(
    rules: Rules, tries: Sequence[RefusalTry], knobs: Mapping[str, object]
) -> list[Problem]:
    """Each try the engine's bid checks take, or refuse for another reason than the
    reference's (or in words that leave out what they must name); `knobs` the rules as
    the reference reads them."""
    problems = []
    for tried in tries:
        engine = engine_reason(rules, tried, knobs)
        if engine != tried.refused:
            problems.append(Problem("bids", "refusal", {
                "level": tried.level, "sides": tried.sides, "trailing": tried.trailing,
                "engine": engine, "reference": tried.refused,
            }))  # fmt: skip
    return problems
