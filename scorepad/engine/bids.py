"""Bids: a number, nil, blind nil or a blind number; their notation and the bidding rules."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scorepad.engine.rules import Rules
from scorepad.errors import BidError, NotTrailingError
from scorepad.i18n import N_, _, pgettext
from scorepad.numbers import cut_text, small_number


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
    """The bids these rules allow, in words a player types: `1 to 13, nil (or 0)`.

    Said from `open_bids`, the bids `check_bid` takes before anything is known of the
    round (blind bids as if the side trailed enough), so that the hint and the check
    agree on the lowest bid.
    """
    legal = open_bids(rules)
    forms = [_("{low} to {high}").format(low=legal.low, high=legal.high)]
    if legal.nil:
        forms.append(_("nil (or 0)") if rules.zero_bid == "nil" else _("nil"))
    if legal.blind_nil:
        forms.append(_("blind nil (bnil)"))
    if legal.blind_low is not None:
        forms.append(_("blind {least} or more (b{least})").format(least=legal.blind_low))
    return ", ".join(forms)


@dataclass(frozen=True, slots=True)
class LegalBids:
    """The bids open to one bidder at its turn, as `legal_bids` reads them from the rules.

    Plain numbers `low` to `high`, nil and blind nil where open, blind numbers
    `blind_low` to `high` (None: none), less every bid that adds `refused` tricks to the
    table's total (no hell's last bid; a nil adds 0). `check_bid`, `check_side_bids` and
    `check_table_bids` accept exactly these (tests/test_bids.py holds them together).
    """

    low: int
    high: int
    nil: bool
    blind_nil: bool
    blind_low: int | None = None
    refused: int | None = None

    def __contains__(self, bid: object) -> bool:
        if not isinstance(bid, Bid):
            return False
        if bid.is_nil:
            return (self.nil if bid.kind is BidKind.NIL else self.blind_nil) and self.refused != 0
        least = self.low if bid.kind is BidKind.NUMBER else self.blind_low
        return least is not None and least <= bid.tricks <= self.high and bid.tricks != self.refused

    def bids(self) -> tuple[Bid, ...]:
        """Every bid open, in the order a list of choices shows them: nil, the numbers,
        blind nil, the blind numbers."""
        found = [NIL] if NIL in self else []
        found += [number(tricks) for tricks in range(self.low, self.high + 1)]
        found += [BLIND_NIL] if BLIND_NIL in self else []
        if self.blind_low is not None:
            found += [Bid(BidKind.BLIND, tricks) for tricks in range(self.blind_low, self.high + 1)]
        return tuple(bid for bid in found if bid in self)

    @property
    def numbers(self) -> bool:
        """Whether any plain number is open."""
        return any(number(tricks) in self for tricks in range(self.low, self.high + 1))


def legal_bids(
    rules: Rules,
    *,
    partner_bid: Bid | None = None,
    last: bool = False,
    earlier_total: int = 0,
    trailing_by: int | None = None,
    joint: bool = False,
) -> LegalBids:
    """The bids a player (or a team, `joint`) may make at its turn: the one reading of
    which bids are legal, for every face's hints and choices and for the bots.

    `partner_bid` is the partner's bid when it is made; in partnership play without it the
    partner bids later, and a bid is open when some bid of the partner's completes a side
    the rules allow. `last` is the table's last bid, after bids whose contracts add up to
    `earlier_total` (no hell refuses the bid that would make them all the deal's tricks).
    `trailing_by` is how far the side is behind; None leaves blind bids' "only when
    trailing" unjudged, as `check_bid` does.
    """
    alone = open_bids(rules, trailing_by)
    low, high, nil, blind_low = alone.low, alone.high, alone.nil, alone.blind_low
    if joint:
        if rules.suicide:
            return LegalBids(high + 1, high, False, False)
        least = max(1, rules.min_team_bid)
        legal = LegalBids(max(low, least), high, False, False, _at_least(blind_low, least))
    elif partner_bid is not None:
        legal = _beside(rules, partner_bid, alone)
    elif rules.side_size > 1:
        # Beside a partner's nil (blind or not) a bid is judged alike; beside a number,
        # the higher the partner's contract, the more is open: those two partners' bids
        # open all that any does.
        partners = [bid for bid in (NIL, BLIND_NIL) if bid in alone][:1]
        partners += [bid for bid in (number(high), Bid(BidKind.BLIND, high)) if bid in alone][:1]
        options = [_beside(rules, bid, alone) for bid in partners]
        lows = [option.low for option in options if option.low <= high]
        blind_lows = [option.blind_low for option in options if option.blind_low is not None]
        legal = LegalBids(
            min(lows, default=high + 1),
            high,
            any(option.nil for option in options),
            any(option.blind_nil for option in options),
            min(blind_lows, default=None),
        )
    else:  # a side of one: its contract is its own bid
        least = rules.min_team_bid
        legal = LegalBids(max(low, least), high, nil, alone.blind_nil, _at_least(blind_low, least))
    if last and rules.no_hell and 0 <= rules.tricks - earlier_total <= rules.tricks:
        legal = dataclasses.replace(legal, refused=rules.tricks - earlier_total)
    return legal


def open_bids(rules: Rules, trailing_by: int | None = None) -> LegalBids:
    """The bids `check_bid` takes from anyone, before the side's and the table's rules:
    what a hint of the bids says (`trailing_by` as for `legal_bids`)."""
    blind_low = (
        rules.blind_bid_min
        if rules.blind_bids and _trails_enough(rules.blind_bid_deficit, trailing_by)
        else None
    )
    # A plain 0 exists only when the rules say 0 is not nil.
    low = 0 if rules.zero_bid == "plain" else 1
    blind_nil = rules.blind_nil and _trails_enough(rules.blind_nil_deficit, trailing_by)
    return LegalBids(low, rules.tricks, rules.nil, blind_nil, blind_low)


def _trails_enough(deficit: int, trailing_by: int | None) -> bool:
    return not deficit or trailing_by is None or trailing_by >= deficit


def _at_least(low: int | None, least: int) -> int | None:
    return None if low is None else max(low, least)


def _beside(rules: Rules, partner: Bid, alone: LegalBids) -> LegalBids:
    """`alone` narrowed by the side's rules, the partner having bid `partner`."""
    high = alone.high
    nil, blind_nil = alone.nil, alone.blind_nil
    contract = 0 if partner.is_nil else partner.tricks
    least = rules.min_team_bid - contract
    if not partner.is_nil and contract < rules.min_team_bid:
        nil = blind_nil = False  # the side's contract would be the partner's alone
    low, blind_low = max(alone.low, least), _at_least(alone.blind_low, least)
    if rules.suicide:
        if partner.is_nil:
            least = rules.suicide_min_bid
            low, blind_low = max(low, least), _at_least(blind_low, least)
        else:
            low, blind_low = high + 1, None  # one of the two bids nil
            if contract < rules.suicide_min_bid:
                nil = blind_nil = False
    return LegalBids(low, high, nil, blind_nil, blind_low)


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


class Refused(enum.Enum):
    """Why the rules refuse a bid: a fact, worded where it is shown (`BidRefusal`)."""

    NIL_OFF = "nil-off"
    BLIND_NIL_OFF = "blind-nil-off"
    BLIND_BIDS_OFF = "blind-bids-off"
    BLIND_TOO_LOW = "blind-too-low"  # below `least`, the rules' blind_bid_min
    NOT_TRAILING = "not-trailing"  # `bid` is blind: the side trails by `by`, not `least`
    OUT_OF_RANGE = "out-of-range"
    ZERO_IS_NIL = "zero-is-nil"  # a plain 0 where a 0 is nil
    JOINT_NIL = "joint-nil"
    JOINT_UNDER_SUICIDE = "joint-under-suicide"
    JOINT_TOO_LOW = "joint-too-low"  # a joint team bid under 1
    SUICIDE = "suicide"  # `bids` are not one nil and one bid of `least` or more
    CONTRACT_TOO_LOW = "contract-too-low"  # `contract` under `least`, the min_team_bid
    NO_HELL = "no-hell"  # the last bid makes the table's bids the deal; `refused` is it


@dataclass(frozen=True, slots=True)
class BidRefusal:
    """A bid (or a side's bids) the rules refuse, as a fact: why, who (a player's or a
    side's name), the bids and numbers it is about, and the rules, which say what is
    allowed instead. `words` says it in the language spoken where it is shown."""

    why: Refused
    who: str
    rules: Rules
    bids: tuple[Bid, ...] = ()
    least: int = 0
    by: int | None = None  # how far the side trails
    contract: int = 0
    refused: int = 0

    def words(self) -> str:
        why, who, rules = self.why, self.who, self.rules
        bid = say_bid(self.bids[0]) if self.bids else ""
        if why is Refused.NIL_OFF:
            said = _("{who}: nil is not allowed by these rules; bid {forms}")
        elif why is Refused.BLIND_NIL_OFF:
            said = _("{who}: blind nil is not allowed by these rules; bid {forms}")
        elif why is Refused.BLIND_BIDS_OFF:
            said = _("{who}: blind bids are not allowed by these rules; bid {forms}")
        elif why is Refused.BLIND_TOO_LOW:
            said = _("{who}: a blind bid must be {least} or more, not {bid}")
        elif why is Refused.NOT_TRAILING:
            said = (
                _("{who}: {what} needs the side to trail by {deficit} or more; it trails by {by}")
                if self.by is not None and self.by > 0
                else _(
                    "{who}: {what} needs the side to trail by {deficit} or more; it does not trail"
                )
            )
            blind_nil = self.bids[0].kind is BidKind.BLIND_NIL
            what = _("blind nil") if blind_nil else _("a blind bid")
            return said.format(who=who, what=what, deficit=self.least, by=self.by)
        elif why is Refused.OUT_OF_RANGE:
            said = _("{who}: bid {bid} is out of range; bid {forms}")
        elif why is Refused.ZERO_IS_NIL:
            said = _('{who}: a bid of 0 is nil under these rules (zero_bid = "nil")')
        elif why is Refused.JOINT_NIL:
            said = _("{side}: a joint team bid cannot be nil; give each player's bid")
        elif why is Refused.JOINT_UNDER_SUICIDE:
            said = _("{side}: under suicide each player bids; give each player's bid")
        elif why is Refused.JOINT_TOO_LOW:
            said = _("{side}: a joint team bid is 1 to {tricks}, not {bid}")
        elif why is Refused.SUICIDE:
            said = _(
                "{side}: suicide needs one nil and one bid of {least} or more"
                " (or double nil), not {bids}"
            )
        elif why is Refused.CONTRACT_TOO_LOW:
            said = _("{side}: the contract is {contract}; these rules need {least} or more")
        else:
            said = _(
                "{who}: no hell: the bids may not add up to {tricks}; the last bidder may bid"
                " anything but {refused}"
            )
        forms = bid_forms(rules) if "{forms}" in said else ""
        return said.format(
            who=who, side=who, forms=forms, bid=bid, least=self.least, tricks=rules.tricks,
            bids=_(" and ").join(map(say_bid, self.bids)), contract=self.contract,
            refused=self.refused,
        )  # fmt: skip


def check_bid(rules: Rules, bid: Bid, *, who: str, trailing_by: int | None = None) -> None:
    """Refuse one bid the rules do not allow; `trailing_by` is how far the side is behind."""

    def refuse(why: Refused, least: int = 0) -> BidError:
        return BidError(refusal=BidRefusal(why, who, rules, (bid,), least=least))

    if bid.kind is BidKind.NIL and not rules.nil:
        raise refuse(Refused.NIL_OFF)
    if bid.kind is BidKind.BLIND_NIL:
        if not rules.blind_nil:
            raise refuse(Refused.BLIND_NIL_OFF)
        _check_trailing(rules, bid, who, rules.blind_nil_deficit, trailing_by)
    if bid.kind is BidKind.BLIND:
        if not rules.blind_bids:
            raise refuse(Refused.BLIND_BIDS_OFF)
        if bid.tricks < rules.blind_bid_min:
            raise refuse(Refused.BLIND_TOO_LOW, rules.blind_bid_min)
        _check_trailing(rules, bid, who, rules.blind_bid_deficit, trailing_by)
    if bid.tricks > rules.tricks:
        raise refuse(Refused.OUT_OF_RANGE)
    if bid.kind is BidKind.NUMBER and bid.tricks == 0 and rules.zero_bid == "nil":
        # Written as 0 it would read back as nil: refuse it rather than let a saved game
        # score differently once it is loaded again.
        raise refuse(Refused.ZERO_IS_NIL)


def _check_trailing(
    rules: Rules, bid: Bid, who: str, deficit: int, trailing_by: int | None
) -> None:
    if deficit and trailing_by is not None and trailing_by < deficit:
        refusal = BidRefusal(Refused.NOT_TRAILING, who, rules, (bid,), least=deficit,
                             by=trailing_by)  # fmt: skip
        raise NotTrailingError(refusal=refusal)


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
            raise BidError(refusal=BidRefusal(Refused.JOINT_NIL, side, rules, (bid,)))
        if rules.suicide:
            raise BidError(refusal=BidRefusal(Refused.JOINT_UNDER_SUICIDE, side, rules, (bid,)))
        if bid.tricks < 1:
            # docs/rules.md: a joint bid is one bid, 1 to the tricks in a deal, whatever a
            # player's 0 means; a team that means to take nothing bids nil each.
            raise BidError(refusal=BidRefusal(Refused.JOINT_TOO_LOW, side, rules, (bid,)))
    # Partners may overbid (7 and 7 of 13): each bid is 0 to the tricks in a deal on its
    # own, and a contract no side can take is legal and simply set (RULES.md 2).
    contract = contract_of(bids)
    if rules.suicide and not joint and len(bids) == 2:
        nils = [bid for bid in bids if bid.is_nil]
        others = [bid for bid in bids if not bid.is_nil]
        if not nils or any(bid.tricks < rules.suicide_min_bid for bid in others):
            refusal = BidRefusal(Refused.SUICIDE, side, rules, tuple(bids),
                                 least=rules.suicide_min_bid)  # fmt: skip
            raise BidError(refusal=refusal)
    has_contract = any(not bid.is_nil for bid in bids)
    if has_contract and contract < rules.min_team_bid:
        refusal = BidRefusal(Refused.CONTRACT_TOO_LOW, side, rules, tuple(bids),
                             least=rules.min_team_bid, contract=contract)  # fmt: skip
        raise BidError(refusal=refusal)


def check_table_bids(rules: Rules, bids: Sequence[Bid], *, last: str) -> None:
    """Refuse a full table of bids (in bidding order) that breaks no hell."""
    total = contract_of(bids)
    if rules.no_hell and total == rules.tricks:
        refused = rules.tricks - contract_of(bids[:-1])
        refusal = BidRefusal(Refused.NO_HELL, last, rules, tuple(bids), refused=refused)
        raise BidError(refusal=refusal)
