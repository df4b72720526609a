"""A disputed round, checked without a saved game: `BID:TRICKS` tokens for one side."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.bids import BID_FORMS, check_side_bids, parse_bid
from scorepad.errors import NotTrailingError, ScorepadError, TricksError
from scorepad.rules import Rules
from scorepad.scoring import Hand, SideScore, score_side

TOKEN_FORM = f"BID:TRICKS, where BID is {BID_FORMS}"


def parse_token(text: str, rules: Rules) -> Hand:
    """Read one `BID:TRICKS` token, like `4:5`, `nil:0` or `bnil:1`."""
    bid_text, sep, tricks_text = text.partition(":")
    if not sep or not tricks_text.strip().isdigit():
        raise ScorepadError(f"not a token: {text!r}; write {TOKEN_FORM}")
    tricks = int(tricks_text)
    if tricks > rules.tricks:
        raise TricksError(f"{text}: {tricks} tricks is more than the {rules.tricks} in a deal")
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
        allowed = (
            "one token per player (2), or one for a joint team bid"
            if rules.side_size > 1
            else "one token: this preset is played alone"
        )
        raise ScorepadError(f"{len(tokens)} tokens given; give {allowed}")
    bag_limit = rules.bag_limit if rules.bags else 1
    if not 0 <= bags < bag_limit:
        raise ScorepadError(f"--bags {bags} is out of range: 0 to {bag_limit - 1}")
    hands = [parse_token(token, rules) for token in tokens]
    taken = sum(hand.tricks for hand in hands)
    if taken > rules.tricks:
        raise TricksError(f"the tricks add up to {taken}; a deal has only {rules.tricks}")
    joint = len(hands) == 1 and rules.side_size > 1
    names = [f"player {index}" for index in range(1, len(hands) + 1)]
    try:
        check_side_bids(
            rules,
            [hand.bid for hand in hands],
            who=["the team"] if joint else names,
            side="the side",
            trailing_by=trailing_by,
            joint=joint,
        )
    except NotTrailingError as error:
        if trailing_by:
            raise
        raise NotTrailingError(f"{error} (give --trailing-by)") from None
    if len(hands) > 1:
        hands = [Hand(hand.bid, hand.tricks, name) for hand, name in zip(hands, names, strict=True)]
    return score_side(rules, hands, score=score, bags=bags)
