"""Bids: a number, nil, blind nil or a blind number; their notation and the bidding rules."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

from scorepad.errors import BidError, NotTrailingError
from scorepad.i18n import N_, _, pgettext
from scorepad.numbers import cut_text, small_number
from scorepad.rules import Rules


class BidKind(enum.Enum):
    """What kind of promise a bid is."""

    NUMBER = "number"
    NIL = "nil"
    BLIND_NIL = "bnil"
    BLIND = "blind"


class Bid(NamedTuple):  # not a dataclass, whose methods every command would compile at import
    """One bid: `tricks` is the number promised (0 for nil and blind nil)."""

    kind: BidKind
    tricks: int = 0

    @property
    def is_nil(self) -> bool:
        return self.kind in _NIL_KINDS

    @property
    def is_blind(self) -> bool:
        return self.kind in _BLIND_KINDS

    def __str__(self) -> str:
        return format_bid(self)


# Sets hashed by identity-fast tuples: Enum class attribute lookups are slow in a hot loop.
_NIL_KINDS = (BidKind.NIL, BidKind.BLIND_NIL)
_BLIND_KINDS = (BidKind.BLIND, BidKind.BLIND_NIL)

NIL = Bid(BidKind.NIL)
BLIND_NIL = Bid(BidKind.BLIND_NIL)


def number(tricks: int) -> Bid:
    """A plain bid of `tricks`."""
    return Bid(BidKind.NUMBER, tricks)


BID_FORMS = N_("a number, nil (or 0), bnil for blind nil, or b6 for a blind 6")


def bid_forms(rules: Rules) -> str:
    """The bids these rules allow, in words a player types: `1 to 13, nil (or 0)`."""
    low = 0 if rules.zero_bid == "plain" or not rules.nil else 1
    forms = [_("{low} to {high}").format(low=low, high=rules.tricks)]
    if rules.nil:
        forms.append(_("nil (or 0)") if rules.zero_bid == "nil" else _("nil"))
    if rules.blind_nil:
        forms.append(_("blind nil (bnil)"))
    if rules.blind_bids:
        forms.append(_("blind {least} or more (b{least})").format(least=rules.blind_bid_min))
    return ", ".join(forms)


def parse_bid(text: str, rules: Rules | None = None) -> Bid:
    """Read `5`, `nil`, `0`, `bnil` or `b6`. A `0` is nil unless the rules make it a plain bid.

    German players' words are read too: `null` for nil, `blind null` or `bnull` for blind
    nil, and `blind 6` (as in English) for b6.
    """
    word = "".join(text.lower().split())
    if word in ("nil", "null"):
        return NIL
    if word in ("bnil", "blind-nil", "blindnil", "bnull", "blind-null", "blindnull"):
        return BLIND_NIL
    blind = word.startswith("b")
    digits = word.removeprefix("blind") if word.startswith("blind") else word[1:] if blind else word
    tricks = small_number(digits)
    if tricks is None:
        allowed = (
            _("bid {forms}").format(forms=bid_forms(rules))
            if rules is not None
            else _("a bid is {forms}").format(forms=_(BID_FORMS))
        )
        raise BidError(
            _("not a bid: {text}; {allowed}").format(text=repr(cut_text(text)), allowed=allowed)
        )
    if blind:
        return Bid(BidKind.BLIND, tricks)
    if tricks == 0 and (rules is None or rules.zero_bid == "nil"):
        return NIL
    return number(tricks)


def show_bid(bid: Bid) -> str:
    """A bid as a player of this run's language reads, and may type, it: `nil` or `null`."""
    if bid.kind is BidKind.NIL:
        return pgettext("bid", "nil")
    if bid.kind is BidKind.BLIND_NIL:
        return pgettext("bid", "bnil")
    return format_bid(bid)


def say_bid(bid: Bid) -> str:
    """A bid inside a sentence, as players of this run's language say it: `Blind Null`.

    English says it as the sheet writes it (`nil`, `bnil`); German says `Null` and
    `Blind Null` in a sentence, where the sheet's narrow column writes `null`, `bnull`.
    """
    if bid.kind is BidKind.NIL:
        return pgettext("said bid", "nil")
    if bid.kind is BidKind.BLIND_NIL:
        return pgettext("said bid", "bnil")
    return format_bid(bid)


def format_bid(bid: Bid) -> str:
    """The notation `parse_bid` reads back to the same bid."""
    if bid.kind is BidKind.NIL:
        return "nil"
    if bid.kind is BidKind.BLIND_NIL:
        return "bnil"
    if bid.kind is BidKind.BLIND:
        return f"b{bid.tricks}"
    return str(bid.tricks)


def contract_of(bids: Sequence[Bid]) -> int:
    """A side's contract: the sum of its non-nil bids."""
    return sum(bid.tricks for bid in bids if not bid.is_nil)


def check_bid(rules: Rules, bid: Bid, *, who: str, trailing_by: int | None = None) -> None:
    """Refuse one bid the rules do not allow; `trailing_by` is how far the side is behind."""
    if bid.kind is BidKind.NIL and not rules.nil:
        raise BidError(
            _("{who}: nil is not allowed by these rules; bid {forms}").format(
                who=who, forms=bid_forms(rules)
            )
        )
    if bid.kind is BidKind.BLIND_NIL:
        if not rules.blind_nil:
            raise BidError(
                _("{who}: blind nil is not allowed by these rules; bid {forms}").format(
                    who=who, forms=bid_forms(rules)
                )
            )
        _check_trailing(who, N_("blind nil"), rules.blind_nil_deficit, trailing_by)
    if bid.kind is BidKind.BLIND:
        if not rules.blind_bids:
            raise BidError(
                _("{who}: blind bids are not allowed by these rules; bid {forms}").format(
                    who=who, forms=bid_forms(rules)
                )
            )
        if bid.tricks < rules.blind_bid_min:
            raise BidError(
                _("{who}: a blind bid must be {least} or more, not {bid}").format(
                    who=who, least=rules.blind_bid_min, bid=say_bid(bid)
                )
            )
        _check_trailing(who, N_("a blind bid"), rules.blind_bid_deficit, trailing_by)
    if bid.tricks > rules.tricks:
        raise BidError(
            _("{who}: bid {bid} is out of range; bid {forms}").format(
                who=who, bid=say_bid(bid), forms=bid_forms(rules)
            )
        )
    if bid.kind is BidKind.NUMBER and bid.tricks == 0 and rules.zero_bid == "nil":
        # Written as 0 it would read back as nil: refuse it rather than let a saved game
        # score differently once it is loaded again.
        raise BidError(
            _('{who}: a bid of 0 is nil under these rules (zero_bid = "nil")').format(who=who)
        )


def _check_trailing(who: str, what: str, deficit: int, trailing_by: int | None) -> None:
    if deficit and trailing_by is not None and trailing_by < deficit:
        said = (
            _("{who}: {what} needs the side to trail by {deficit} or more; it trails by {by}")
            if trailing_by > 0
            else _("{who}: {what} needs the side to trail by {deficit} or more; it does not trail")
        )
        raise NotTrailingError(said.format(who=who, what=_(what), deficit=deficit, by=trailing_by))


def check_side_bids(
    rules: Rules,
    bids: Sequence[Bid],
    *,
    who: Sequence[str],
    side: str,
    trailing_by: int | None = None,
    joint: bool = False,
) -> None:
    """Refuse a side's bids that break the rules: each bid, then the side's contract.

    `joint` says the side announced one number for the team (partner bidding).
    """
    for bid, name in zip(bids, who, strict=True):
        check_bid(rules, bid, who=name, trailing_by=trailing_by)
    if joint:
        (bid,) = bids
        if bid.is_nil:
            raise BidError(
                _("{side}: a joint team bid cannot be nil; give each player's bid").format(
                    side=side
                )
            )
        if rules.suicide:
            raise BidError(
                _("{side}: under suicide each player bids; give each player's bid").format(
                    side=side
                )
            )
        if bid.tricks < 1:
            # docs/rules.md: a joint bid is one bid, 1 to the tricks in a deal, whatever a
            # player's 0 means; a team that means to take nothing bids nil each.
            raise BidError(
                _("{side}: a joint team bid is 1 to {tricks}, not {bid}").format(
                    side=side, tricks=rules.tricks, bid=say_bid(bid)
                )
            )
    # Partners may overbid (7 and 7 of 13): each bid is 0 to the tricks in a deal on its
    # own, and a contract no side can take is legal and simply set (RULES.md 2).
    contract = contract_of(bids)
    if rules.suicide and not joint and len(bids) == 2:
        nils = [bid for bid in bids if bid.is_nil]
        others = [bid for bid in bids if not bid.is_nil]
        if not nils or any(bid.tricks < rules.suicide_min_bid for bid in others):
            raise BidError(
                _(
                    "{side}: suicide needs one nil and one bid of {least} or more"
                    " (or double nil), not {bids}"
                ).format(
                    side=side,
                    least=rules.suicide_min_bid,
                    bids=_(" and ").join(map(say_bid, bids)),
                )
            )
    has_contract = any(not bid.is_nil for bid in bids)
    if has_contract and contract < rules.min_team_bid:
        raise BidError(
            _("{side}: the contract is {contract}; these rules need {least} or more").format(
                side=side, contract=contract, least=rules.min_team_bid
            )
        )


def check_table_bids(rules: Rules, bids: Sequence[Bid], *, last: str) -> None:
    """Refuse a full table of bids (in bidding order) that breaks no hell."""
    total = contract_of(bids)
    if rules.no_hell and total == rules.tricks:
        refused = rules.tricks - contract_of(bids[:-1])
        raise BidError(
            _(
                "{who}: no hell: the bids may not add up to {tricks}; the last bidder may bid"
                " anything but {refused}"
            ).format(who=last, tricks=rules.tricks, refused=refused)
        )
