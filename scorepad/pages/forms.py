"""The entry forms of the keep page: only what the rules allow is offered.

Each form is plain values for the templates (`forms.html`): a field per player (or per
team) in bidding order, the choices the rules give, and the rules' limits said as hints
before anyone picks.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.engine.checks import tricks_by_player
from scorepad.engine.game import Game, Standings
from scorepad.i18n import _, format_number, pgettext
from scorepad.words.rounds import side_order


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a bid or tricks field: what the form sends and what a person reads."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Field:
    """One input of an entry form: a player's (or a team's) bid or tricks."""

    name: str  # the form field: bid-SEAT, team-SIDE, took-SEAT
    label: str
    side: str
    choices: tuple[Choice, ...] = ()  # a select's options; empty for a number box
    value: str = ""
    note: str = ""  # `bids first`, `deals`, `team`


@dataclass(frozen=True, slots=True)
class EntryForm:
    """A form that enters or corrects one round's bids or tricks."""

    kind: str  # "bids" or "tricks"
    number: int
    fields: tuple[Field, ...]
    team_fields: tuple[Field, ...] = ()  # joint team bids, where partner bidding is on
    hints: tuple[str, ...] = ()
    corrects: bool = False
    tricks: int = 0  # a deal's tricks, for the tricks form's script (the rest of the deal)
    # For the bids form's script, which has no words of its own: the running total of
    # the bids, and a side's contract over the deal, with {total}, {side} and {contract}
    # left for it to fill in.
    total_words: str = ""
    over_words: str = ""


def bid_choices(
    game: Game, *, team: bool = False, trailing_by: int | None = None
) -> tuple[Choice, ...]:
    """The bids a player (or a team, for a joint bid) may pick under the game's rules:
    `legal_bids` before anyone has bid, for a side `trailing_by` behind (None: blind bids
    as if the side trailed enough; the hints say when it must)."""
    from scorepad.engine.bids import BidKind, format_bid, legal_bids

    labels = {
        BidKind.NIL: lambda bid: pgettext("bid", "nil"),
        BidKind.NUMBER: lambda bid: str(bid.tricks),
        BidKind.BLIND_NIL: lambda bid: _("blind nil"),
        BidKind.BLIND: lambda bid: _("blind {tricks}").format(tricks=bid.tricks),
    }
    legal = legal_bids(game.rules, joint=team, trailing_by=trailing_by)
    return (Choice("", "–"),) + tuple(
        Choice(format_bid(bid), labels[bid.kind](bid)) for bid in legal.bids()
    )


def bid_hints(game: Game) -> tuple[str, ...]:
    """The rules' own limits on bidding, said before anyone picks a bid."""
    rules = game.rules
    hints = []
    if rules.blind_nil and rules.blind_nil_deficit:
        hints.append(
            _("Blind nil only for a side trailing by {points} or more.").format(
                points=rules.blind_nil_deficit
            )
        )
    if rules.blind_bids:
        said = (
            _("Blind bids of {least} or more, only for a side trailing by {points} or more.")
            if rules.blind_bid_deficit
            else _("Blind bids of {least} or more.")
        )
        hints.append(said.format(least=rules.blind_bid_min, points=rules.blind_bid_deficit))
    if rules.partner_bidding and rules.side_size > 1:
        hints.append(_("A team may give one joint bid instead of its players' bids."))
    if rules.min_team_bid:
        hints.append(
            _("A side's contract must be {least} or more.").format(least=rules.min_team_bid)
        )
    if rules.suicide:
        hints.append(
            _("Suicide: in each team one bids nil, the other {least} or more.").format(
                least=rules.suicide_min_bid
            )
        )
    if rules.no_hell:
        hints.append(_("No hell: the bids may not add up to {tricks}.").format(tricks=rules.tricks))
    return tuple(hints)


def bids_form(
    game: Game,
    number: int,
    dealer: int,
    result: Standings | None = None,
    *,
    values: dict[str, str] | None = None,
    corrects: bool = False,
) -> EntryForm:
    """The bids of round `number`, one field per player in bidding order (left of the dealer).

    With `result`, the standings the round is bid from, each side is offered only the
    blind bids its deficit allows.
    """
    rules = game.rules
    values = values or {}

    def trailing(side: int) -> int | None:
        return result.trailing_by(side) if result is not None else None

    choices = {
        side: bid_choices(game, trailing_by=trailing(side)) for side in range(len(game.sides))
    }
    fields = []
    for step, seat in enumerate(rules.bidding_order(dealer), start=1):
        note = ""
        if step == 1:
            note = _("bids first")
        elif seat == dealer:
            note = pgettext("seat", "deals")
        name = f"bid-{seat}"
        fields.append(
            Field(
                name=name,
                label=game.players[seat],
                side=game.sides[rules.side_of(seat)],
                choices=choices[rules.side_of(seat)],
                value=values.get(name, ""),
                note=note,
            )
        )
    team_fields: tuple[Field, ...] = ()
    if rules.partner_bidding and rules.side_size > 1:
        team_fields = tuple(
            Field(
                name=f"team-{side}",
                label=game.sides[side],
                side=game.sides[side],
                choices=bid_choices(game, team=True, trailing_by=trailing(side)),
                value=values.get(f"team-{side}", ""),
            )
            for side in side_order(game)
        )
    return EntryForm(
        "bids",
        number,
        tuple(fields),
        team_fields,
        bid_hints(game),
        corrects,
        rules.tricks,
        total_words=_("The bids add up to {total}; a deal has {tricks} tricks.").format(
            total="{total}", tricks=rules.tricks
        ),
        over_words=_(
            "{side}'s contract is {contract}, more than the {tricks} tricks in a deal. A typo?"
        ).format(side="{side}", contract="{contract}", tricks=rules.tricks),
    )


def tricks_form(
    game: Game, number: int, *, values: dict[str, str] | None = None, corrects: bool = False
) -> EntryForm:
    """The tricks of round `number`: a team's total, or each player's where a side has a
    nil bidder (or plays alone, or bid per player and took per player before)."""
    rules = game.rules
    round_ = game.rounds[number - 1]
    values = values or {}
    fields = []
    for side in side_order(game):
        entry = round_.sides[side]
        seats = rules.seats_of(side)
        # A correction shows tricks given per player as they were given.
        per_player = tricks_by_player(rules, entry.bids) or (
            entry.tricks is not None and len(entry.tricks) == len(seats)
        )
        if per_player:
            for index, seat in enumerate(seats):
                name = f"took-{seat}"
                value = values.get(name)
                if value is None and entry.tricks is not None:
                    value = str(entry.tricks[index])
                fields.append(Field(name, game.players[seat], game.sides[side], value=value or ""))
        else:
            name = f"team-{side}"
            value = values.get(name)
            if value is None and entry.tricks is not None:
                value = str(sum(entry.tricks))
            fields.append(
                Field(name, game.sides[side], game.sides[side], value=value or "", note=_("team"))
            )
    hints = (
        _("Leave one box empty: it takes the rest of the {tricks} tricks.").format(
            tricks=rules.tricks
        ),
    )
    return EntryForm("tricks", number, tuple(fields), (), hints, corrects, rules.tricks)


def round_values(game: Game, number: int) -> dict[str, str]:
    """A played round's bids as its correction form's fields (both page faces fill the
    form with them)."""
    from scorepad.engine.bids import format_bid

    values: dict[str, str] = {}
    round_ = game.rounds[number - 1]
    for side, entry in enumerate(round_.sides):
        seats = game.rules.seats_of(side)
        if len(entry.bids) == len(seats):
            for seat, bid in zip(seats, entry.bids, strict=True):
                values[f"bid-{seat}"] = format_bid(bid)
        else:
            values[f"team-{side}"] = format_bid(entry.bids[0])
    return values


# ---------------------------------------------------------------------------
# The director's forms: a ruling (asked first on a page of its own) and a misdeal


@dataclass(frozen=True, slots=True)
class RulingForm:
    """A ruling against a side: the sides, the kinds of ruling the rules allow, the rounds
    it may be made on (the last one picked), the numbers each kind takes, and what was
    typed (after a refusal, or on the way back from the question)."""

    sides: tuple[Choice, ...]  # value: the side's index
    kinds: tuple[Choice, ...]  # value: the kind's word (`books`, `points`, `set`, `forfeit`)
    rounds: tuple[Choice, ...]
    hints: tuple[str, ...]
    most_reason: int  # the reason's most characters (the engine's limit)
    least: int  # the least and the most number any kind takes (the box's limits)
    most: int
    side: str = ""
    kind: str = ""
    amount: str = ""
    reason: str = ""
    round: str = ""


RULING_FIELDS = ("side", "kind", "amount", "reason", "round")


def ruling_form(game: Game, values: dict[str, str] | None = None) -> RulingForm | None:
    """The ruling form of `game` (None before any round: a ruling is made on a round)."""
    from scorepad.engine.rulings import MOST_REASON, RulingKind, ruling_amounts, ruling_kinds

    if not game.rounds:
        return None
    values = values or {}
    kinds = ruling_kinds(game.rules)
    labels = {
        RulingKind.BOOKS: _("books to the other side"),
        RulingKind.POINTS: _("points (negative takes them)"),
        RulingKind.SET: _("set for the round"),
        RulingKind.FORFEIT: _("forfeits the game"),
    }
    hints = []
    for kind in kinds:
        amounts = ruling_amounts(game.rules, kind)
        if amounts is None:
            continue
        least, most = amounts
        said = (
            _("Books: {least} to {most}, taken from the side and given to the other side.")
            if kind is RulingKind.BOOKS
            else _("Points: {least} to {most}, not 0; they never count as bags.")
        )
        hints.append(said.format(least=format_number(least), most=format_number(most)))
    ranges = [amounts for kind in kinds if (amounts := ruling_amounts(game.rules, kind))]
    last = str(len(game.rounds))
    return RulingForm(
        sides=tuple(Choice(str(side), game.sides[side]) for side in side_order(game)),
        kinds=tuple(Choice(kind.value, labels[kind]) for kind in kinds),
        rounds=tuple(
            Choice(str(number), str(number)) for number in range(len(game.rounds), 0, -1)
        ),
        hints=tuple(hints),
        most_reason=MOST_REASON,
        least=min(least for least, _most in ranges),
        most=max(most for _least, most in ranges),
        side=values.get("side", ""),
        kind=values.get("kind", ""),
        amount=values.get("amount", ""),
        reason=values.get("reason", ""),
        round=values.get("round", "") or last,
    )


@dataclass(frozen=True, slots=True)
class MisdealForm:
    """A misdeal of the deal about to be bid (round `number`'s): who deals again, each
    choice saying who, the rules' own picked."""

    number: int
    dealer: str
    choices: tuple[Choice, ...]  # value: `same` or `next`
    value: str


def misdeal_form(game: Game) -> MisdealForm:
    """The misdeal form of a game that waits for a new round's bids."""
    from scorepad.engine.game import next_dealer
    from scorepad.engine.misdeals import Misdeal
    from scorepad.engine.rules import MisdealRedeal

    number, dealer = len(game.rounds) + 1, next_dealer(game)
    redeals: tuple[MisdealRedeal, ...] = ("same", "next")
    deals = {
        redeal: game.players[Misdeal(number, dealer, redeal).deals_again(len(game.players))]
        for redeal in redeals
    }
    return MisdealForm(
        number=number,
        dealer=game.players[dealer],
        choices=(
            Choice("same", _("{player} deals again").format(player=deals["same"])),
            Choice("next", _("the deal passes on: {player} deals").format(player=deals["next"])),
        ),
        value=game.rules.misdeal_redeal,
    )
