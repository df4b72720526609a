"""A disputed round, checked without a saved game: `BID:TRICKS` tokens for one side."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.engine.bids import BID_FORMS, check_side_bids, parse_bid
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import Hand, SideScore, score_side
from scorepad.errors import NotTrailingError, ScorepadError, Todo, TricksError
from scorepad.i18n import _
from scorepad.numbers import cut_text, small_number


def parse_token(text: str, rules: Rules) -> Hand:
    """Read one `BID:TRICKS` token, like `4:5`, `nil:0` or `bnil:1`."""
    bid_text, sep, tricks_text = text.partition(":")
    tricks = small_number(tricks_text.strip())
    if not sep or tricks is None:
        raise ScorepadError(
            _("not a token: {text}; write BID:TRICKS, where BID is {forms}").format(
                text=repr(cut_text(text)), forms=_(BID_FORMS)
            )
        )
    if tricks > rules.tricks:
        raise TricksError(
            _("{text}: {count} tricks is more than the {tricks} in a deal").format(
                text=text, count=tricks, tricks=rules.tricks
            )
        )
    return Hand(parse_bid(bid_text, rules), tricks)


def check_side_round(
    rules: Rules,
    tokens: Sequence[str],
    *,
    score: int = 0,
    bags: int = 0,
    trailing_by: int = 0,
) -> SideScore:
    """Score one side's round from its tokens, refusing anything that cannot happen."""
    if not 1 <= len(tokens) <= rules.side_size:
        said = (
            _("{count} tokens given; give one token per player (2), or one for a joint team bid")
            if rules.side_size > 1
            else _("{count} tokens given; give one token: this preset is played alone")
        )
        raise ScorepadError(said.format(count=len(tokens)))
    bag_limit = rules.bag_limit if rules.bags else 1
    if not 0 <= bags < bag_limit:
        raise ScorepadError(
            _("{bags} is out of range: 0 to {most}").format(bags=bags, most=bag_limit - 1),
            option="bags",
        )
    hands = [parse_token(token, rules) for token in tokens]
    taken = sum(hand.tricks for hand in hands)
    if taken > rules.tricks:
        raise TricksError(
            _("the tricks add up to {taken}; a deal has only {tricks}").format(
                taken=taken, tricks=rules.tricks
            )
        )
    joint = len(hands) == 1 and rules.side_size > 1
    names = [_("player {number}").format(number=index) for index in range(1, len(hands) + 1)]
    try:
        check_side_bids(
            rules,
            [hand.bid for hand in hands],
            who=[_("the team")] if joint else names,
            side=_("the side"),
            trailing_by=trailing_by,
            joint=joint,
        )
    except NotTrailingError as error:
        if trailing_by:
            raise
        raise NotTrailingError(refusal=error.refusal, todo=Todo.GIVE_TRAILING_BY) from None
    if len(hands) > 1:
        hands = [Hand(hand.bid, hand.tricks, name) for hand, name in zip(hands, names, strict=True)]
    return score_side(rules, hands, score=score, bags=bags)
