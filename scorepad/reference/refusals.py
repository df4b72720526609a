"""The bids at the table: why a table of bids is refused (`bid_refusal`; None: allowed)."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.reference.rulebook import (
    NIL_KINDS,
    Hand,
    Knobs,
    PlainBid,
    is_on,
    tricks_in_a_deal,
    whole_number,
)


def bid_refusal(
    knobs: Knobs, sides: Sequence[Sequence[PlainBid]], trailing: Sequence[int | None]
) -> str | None:
    """Why the rules refuse this table of bids, or None if they allow it.

    `sides` holds each side's bids in seat order (a partnership side with one bid made a
    joint bid); `trailing` how far each side was behind the best other side when it bid,
    or None where that is not judged. The answer is a short reason, like "no-hell".
    """
    deal = tricks_in_a_deal(knobs)
    teams = is_on(knobs, "partnerships")
    everyone = 0
    for side, bids in enumerate(sides):
        behind = trailing[side]
        for kind, number in bids:
            why = one_bid_refusal(knobs, kind, number, behind, deal)
            if why:
                return why
        joint = teams and len(bids) == 1
        if joint:
            kind, number = bids[0]
            if not is_on(knobs, "partner_bidding"):
                return "joint-bid-without-partner-bidding"
            if kind in NIL_KINDS:
                return "joint-nil"
            if is_on(knobs, "suicide"):
                return "joint-bid-under-suicide"
            if number < 1:
                return "joint-bid-of-0"
        contract = sum(number for kind, number in bids if kind not in NIL_KINDS)
        bid_something = any(kind not in NIL_KINDS for kind, _ in bids)
        if is_on(knobs, "suicide") and not joint:
            nils = [kind for kind, _ in bids if kind in NIL_KINDS]
            least = whole_number(knobs, "suicide_min_bid")
            if not nils or any(number < least for kind, number in bids if kind not in NIL_KINDS):
                return "suicide"
        if bid_something and contract < whole_number(knobs, "min_team_bid"):
            return "min-team-bid"
        everyone += contract
    if is_on(knobs, "no_hell") and everyone == deal:
        return "no-hell"
    return None


def one_bid_refusal(knobs: Knobs, kind: str, number: int, behind: int | None, deal: int) -> str:
    """Why the rules refuse one player's bid on its own ("" if they allow it): `behind`
    is how far its side trails (None: not judged), `deal` the tricks in a deal."""
    if kind == "nil" and not is_on(knobs, "nil"):
        return "nil-off"
    if kind == "bnil":
        if not is_on(knobs, "blind_nil"):
            return "blind-nil-off"
        if _short_of(behind, whole_number(knobs, "blind_nil_deficit")):
            return "blind-nil-not-behind"
    if kind == "blind":
        if not is_on(knobs, "blind_bids"):
            return "blind-bids-off"
        if number < whole_number(knobs, "blind_bid_min"):
            return "blind-bid-too-small"
        if _short_of(behind, whole_number(knobs, "blind_bid_deficit")):
            return "blind-bid-not-behind"
    if number > deal:
        return "above-the-deal"
    if kind == "number" and number == 0 and knobs["zero_bid"] == "nil":
        return "zero-is-nil"
    return ""


def _short_of(behind: int | None, deficit: int) -> bool:
    """A side must trail by `deficit` (if any) to bid blind; unknown is not judged."""
    return deficit > 0 and behind is not None and behind < deficit


def how_far_behind(scores: Sequence[int], side: int) -> int:
    """How far a side trails the best other side (0 or less: it does not trail)."""
    best_other = max(score for other, score in enumerate(scores) if other != side)
    return best_other - scores[side]


def blind_bids_not_allowed(
    knobs: Knobs, round_: Sequence[Sequence[Hand]], scores: Sequence[int]
) -> list[tuple[int, int]]:
    """The blind bids of a round (side, place in the side) that the scores before it
    did not allow: a correction of an earlier round can change who trails."""
    deficit_for = {"bnil": "blind_nil_deficit", "blind": "blind_bid_deficit"}
    found = []
    for side, hands in enumerate(round_):
        behind = how_far_behind(scores, side)
        for place, (kind, _number_bid, _took) in enumerate(hands):
            if kind in deficit_for and _short_of(behind, whole_number(knobs, deficit_for[kind])):
                found.append((side, place))
    return found
