"""Bids: the notation, and every bidding rule a preset can switch on."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from conftest import preset_rules
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from scorepad.engine.bids import (
    BLIND_NIL,
    NIL,
    Bid,
    BidKind,
    Refused,
    bid_forms,
    check_bid,
    check_side_bids,
    check_table_bids,
    format_bid,
    legal_bids,
    number,
    parse_bid,
)
from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import new_game, standings
from scorepad.engine.rules import Rules
from scorepad.errors import BidError, NotTrailingError, RulesError
from scorepad.i18n import speaking


@pytest.mark.parametrize(
    ("text", "bid"),
    [
        ("4", number(4)),
        ("13", number(13)),
        ("nil", NIL),
        ("NIL", NIL),
        ("0", NIL),
        ("bnil", BLIND_NIL),
        ("b6", Bid(BidKind.BLIND, 6)),
        (" 7 ", number(7)),
    ],
)
def test_parse_bid(text: str, bid: Bid) -> None:
    assert parse_bid(text) == bid


def test_zero_is_a_plain_bid_when_the_rules_say_so() -> None:
    assert parse_bid("0", preset_rules("standard", "zero_bid=plain")) == number(0)
    assert parse_bid("nil", preset_rules("standard", "zero_bid=plain")) == NIL


@pytest.mark.parametrize("text", ["", "x", "-1", "4.5", "nill", "b", "bx", "٣"])
def test_bad_bids_are_refused_with_the_forms_allowed(text: str) -> None:
    with pytest.raises(BidError, match="a bid is a number, nil"):
        parse_bid(text)


BIDS = st.one_of(
    st.just(NIL),
    st.just(BLIND_NIL),
    st.integers(1, 17).map(number),
    st.integers(1, 17).map(lambda n: Bid(BidKind.BLIND, n)),
)


@given(BIDS)
def test_bid_notation_round_trips(bid: Bid) -> None:
    assert parse_bid(format_bid(bid)) == bid


def check(rules: Rules, *texts: str, trailing_by: int = 0, joint: bool = False) -> None:
    bids = [parse_bid(text, rules) for text in texts]
    names = [f"p{index}" for index in range(len(bids))]
    check_side_bids(rules, bids, who=names, side="Us", trailing_by=trailing_by, joint=joint)


@pytest.mark.parametrize(
    ("preset", "overrides", "bids", "trailing_by", "joint", "message"),
    [
        pytest.param("standard", (), ("14",), 0, False, "range; bid 1 to 13, nil \\(or 0\\)$",
                     id="range"),
        pytest.param("solo-6", (), ("9",), 0, False, "bid 1 to 8, nil \\(or 0\\)$",
                     id="range-solo-6"),
        pytest.param("standard", (), ("bnil", "4"), 200, False,
                     "^p0: blind nil is not allowed by these rules; bid 1 to 13, nil \\(or 0\\)$",
                     id="blind-nil-off"),
        pytest.param("club", (), ("bnil", "4"), 99, False, "trail by 100 or more; it trails by 99",
                     id="blind-nil-not-behind-enough"),
        pytest.param("club", (), ("bnil", "4"), -30, False, "it does not trail",
                     id="blind-nil-leading"),
        pytest.param("standard", ("nil=false",), ("nil", "4"), 0, False, "nil is not allowed",
                     id="nil-off"),
        pytest.param("standard", ("blind_bids=true",), ("b5", "4"), 200, False,
                     "blind bid must be 6 or more", id="blind-bid-too-small"),
        pytest.param("standard", ("blind_bids=true",), ("b6", "4"), 50, False,
                     "trail by 100", id="blind-bid-not-behind"),
        pytest.param("standard", (), ("b6", "4"), 200, False,
                     "^p0: blind bids are not allowed by these rules; bid 1 to 13, nil \\(or 0\\)$",
                     id="blind-bids-off"),
        pytest.param("suicide", (), ("3", "4"), 0, False, "suicide needs one nil",
                     id="suicide-no-nil"),
        pytest.param("suicide", (), ("nil", "3"), 0, False, "bid of 4 or more", id="suicide-low"),
        pytest.param("suicide", (), ("7",), 0, True, "under suicide each player bids",
                     id="suicide-joint"),
        pytest.param("standard", ("min_team_bid=4",), ("1", "2"), 0, False,
                     "the contract is 3; these rules need 4", id="min-team-bid"),
        pytest.param("standard", ("partner_bidding=true",), ("nil",), 0, True,
                     "joint team bid cannot be nil", id="joint-nil"),
    ],
)
def test_refused_bids(
    preset: str,
    overrides: tuple[str, ...],
    bids: tuple[str, ...],
    trailing_by: int,
    joint: bool,
    message: str,
) -> None:
    with pytest.raises(BidError, match=message):
        check(preset_rules(preset, *overrides), *bids, trailing_by=trailing_by, joint=joint)


@pytest.mark.parametrize(
    ("preset", "overrides", "bids", "trailing_by"),
    [
        pytest.param("club", (), ("bnil", "4"), 100, id="blind-nil-exactly-100-behind"),
        pytest.param("house", (), ("bnil", "4"), 150, id="house-blind-nil"),
        pytest.param("suicide", (), ("nil", "4"), 0, id="suicide-nil-and-4"),
        pytest.param("suicide", (), ("nil", "nil"), 0, id="suicide-double-nil"),
        pytest.param("standard", ("min_team_bid=4",), ("nil", "nil"), 0, id="double-nil-no-min"),
        pytest.param("standard", ("blind_bids=true",), ("b7", "3"), 100, id="blind-7"),
        pytest.param("standard", ("partner_bidding=true",), ("13",), 0, id="joint-13"),
        pytest.param("standard", (), ("7", "7"), 0, id="partners-overbid-7-7"),
        pytest.param("standard", (), ("13", "13"), 0, id="partners-overbid-13-13"),
        pytest.param("standard", ("blind_bids=true",), ("b7", "7"), 100, id="blind-overbid"),
        pytest.param("solo-6", (), ("8",), 0, id="solo-6-all-8"),
    ],
)
def test_allowed_bids(
    preset: str, overrides: tuple[str, ...], bids: tuple[str, ...], trailing_by: int
) -> None:
    rules = preset_rules(preset, *overrides)
    joint = len(bids) == 1 < rules.side_size
    check(rules, *bids, trailing_by=trailing_by, joint=joint)


def test_no_hell_refuses_the_one_bid_that_makes_thirteen() -> None:
    rules = preset_rules("no-hell")
    with pytest.raises(BidError, match="may bid anything but 3"):
        check_table_bids(rules, [number(3), number(4), number(3), number(3)], last="Dee")
    check_table_bids(rules, [number(3), number(4), number(3), number(2)], last="Dee")
    check_table_bids(rules, [number(3), number(4), number(3), number(4)], last="Dee")


def test_no_hell_off_allows_thirteen() -> None:
    check_table_bids(Rules(), [number(3), number(4), number(3), number(3)], last="Dee")


def test_a_plain_zero_is_refused_where_zero_means_nil() -> None:
    """Written to a game file as 0, it would read back as nil and score differently."""
    with pytest.raises(BidError, match='a bid of 0 is nil under these rules'):
        check_side_bids(Rules(), [number(0), number(4)], who=["a", "b"], side="Us")
    plain = preset_rules("standard", "zero_bid=plain")
    check_side_bids(plain, [number(0), number(4)], who=["a", "b"], side="Us")


def test_repro_4_partners_may_overbid() -> None:
    """Issue 7, repro 4: `bid A=7 B=1 C=7 D=1` is a real table's round; A & C are set."""
    game = new_game("t", ("A", "B", "C", "D"), Rules(), preset="standard")
    game = record_bids(game, ["A=7", "B=1", "C=7", "D=1"])
    game = record_tricks(game, ["A=6", "B=1", "C=5", "D=1"])
    result = standings(game)
    assert result.scores == (-140, 20)
    assert result.sets == (1, 0)


@pytest.mark.parametrize("zero_bid", ["nil", "plain"])
def test_joint_team_bid_of_0(zero_bid: str) -> None:
    """docs/rules.md: a joint team bid is 1 to the tricks in a deal, under either reading
    of a player's 0."""
    rules = preset_rules("standard", "partner_bidding=true", f"zero_bid={zero_bid}")
    game = new_game("t", ("A", "B", "C", "D"), rules, preset="standard", sides=("Us", "Them"))
    if zero_bid == "plain":
        with pytest.raises(BidError, match="^Us: a joint team bid is 1 to 13, not 0$"):
            check_side_bids(rules, [number(0)], who=["Us"], side="Us", joint=True)
    refusal = "a joint team bid is 1 to 13, not 0" if zero_bid == "plain" else "cannot be nil"
    with pytest.raises(BidError, match=refusal):
        record_bids(game, ["Us=0", "B=4", "D=4"])
    game = record_bids(game, ["Us=1", "B=4", "D=4"])
    assert game.rounds[0].sides[0].bids == (number(1),)


# ---------------------------------------------------------------------------
# legal_bids: the bids it lists are exactly those the checks accept


ALL_TRICKS = range(19)  # past every deal: solo-3 has 17 tricks
EVERY_BID = (NIL, BLIND_NIL, *map(number, ALL_TRICKS), *(Bid(BidKind.BLIND, t) for t in ALL_TRICKS))


@st.composite
def bidding_rules(draw: st.DrawFn) -> Rules:
    """Rules with every knob that bears on a bid drawn, solo play among them."""
    knobs = {
        "nil": draw(st.booleans()),
        "zero_bid": draw(st.sampled_from(["nil", "plain"])),
        "blind_nil": draw(st.booleans()),
        "blind_nil_deficit": draw(st.sampled_from([0, 100])),
        "blind_bids": draw(st.booleans()),
        "blind_bid_min": draw(st.sampled_from([1, 6])),
        "blind_bid_deficit": draw(st.sampled_from([0, 100])),
        "min_team_bid": draw(st.sampled_from([0, 4, 9])),
        "no_hell": draw(st.booleans()),
    }
    try:
        if draw(st.booleans()):
            return dataclasses.replace(preset_rules("solo-3"), **knobs)
        suicide = draw(st.booleans())
        return Rules(
            **knobs,
            suicide=suicide,
            suicide_min_bid=draw(st.sampled_from([1, 4, 7])),
            partner_bidding=draw(st.booleans()) and not suicide,
        )
    except RulesError:  # knobs no game can have (suicide without nil)
        assume(False)
        raise


def _accepted(check: Callable[[], None]) -> bool:
    try:
        check()
    except BidError:
        return False
    return True


@settings(max_examples=120, deadline=None)
@given(rules=bidding_rules(), trailing_by=st.sampled_from([None, -40, 0, 99, 100, 250]))
@example(Rules(suicide=True, suicide_min_bid=4, no_hell=True), None)
@example(Rules(partner_bidding=True, zero_bid="plain", min_team_bid=0), None)
@example(Rules(blind_bids=True, blind_bid_deficit=0, blind_nil=True, min_team_bid=9), 100)
@example(Rules(nil=False, blind_nil=True, min_team_bid=4), None)
@example(Rules(suicide=True, suicide_min_bid=7, blind_bids=True, blind_bid_min=1), 100)
def test_legal_bids_lists_exactly_the_bids_the_checks_accept(
    rules: Rules, trailing_by: int | None
) -> None:
    """For a bidder alone, the first or second of a side, or a team's joint bid, as the
    last bid or not: a bid is listed if and only if `check_side_bids` (and, for the last
    bid, `check_table_bids`) accepts it; for the first of a side, if some bid of the
    partner's completes a side it accepts."""
    side = {"who": ["Ann", "Cat"], "side": "Us", "trailing_by": trailing_by}
    on_its_own = [bid for bid in EVERY_BID if _accepted(
        lambda bid=bid: check_bid(rules, bid, who="Cat", trailing_by=trailing_by))]  # fmt: skip
    if rules.side_size == 1:
        alone = {bid: _accepted(lambda bid=bid: check_side_bids(
            rules, [bid], **{**side, "who": ["Ann"]}))
            for bid in on_its_own}  # fmt: skip
        turns: list[tuple[str, Bid | None, dict[Bid, bool]]] = [("alone", None, alone)]
    else:
        beside = {(bid, other): _accepted(lambda bid=bid, other=other: check_side_bids(
            rules, [bid, other], **side))
            for bid in on_its_own for other in on_its_own}  # fmt: skip
        first = {bid: any(beside[bid, other] for other in on_its_own) for bid in on_its_own}
        turns = [("first", None, first)]
        turns += [
            ("second", other, {bid: beside[bid, other] for bid in on_its_own})
            for other in on_its_own
        ]
        if rules.partner_bidding:
            joint = {bid: _accepted(lambda bid=bid: check_side_bids(
                rules, [bid], **{**side, "who": ["Us"]}, joint=True))
                for bid in on_its_own}  # fmt: skip
            turns.append(("joint", None, joint))
    # No hell turns on the total against the deal's tricks: the totals near them.
    for turn, partner, side_takes in turns:
        for last, earlier_total in [(False, 0)] + [
            (True, max(0, rules.tricks - short)) for short in (13, 1, 0, -1) if turn != "first"
        ]:
            legal = legal_bids(
                rules,
                partner_bid=partner,
                last=last,
                earlier_total=earlier_total,
                trailing_by=trailing_by,
                joint=turn == "joint",
            )
            taken = [
                bid
                for bid in EVERY_BID
                if side_takes.get(bid, False)
                and (not last or _accepted(lambda bid=bid, total=earlier_total: check_table_bids(
                    rules, [number(total), bid], last="Ann")))  # fmt: skip
            ]
            listed = [bid for bid in EVERY_BID if bid in legal]
            assert listed == taken, (turn, partner, last, earlier_total)
            assert sorted(legal.bids(), key=format_bid) == sorted(listed, key=format_bid)


@pytest.mark.parametrize(
    ("overrides", "forms"),
    [
        pytest.param((), "1 to 13, nil (or 0)", id="standard"),
        pytest.param(("nil=false",), "1 to 13", id="no-nil"),
        pytest.param(("nil=false", 'zero_bid="plain"'), "0 to 13", id="no-nil-plain-0"),
        pytest.param(('zero_bid="plain"',), "0 to 13, nil", id="plain-0"),
    ],
)
def test_the_hint_names_the_lowest_bid_the_check_takes(
    overrides: tuple[str, ...], forms: str
) -> None:
    rules = preset_rules("standard", *overrides)
    assert bid_forms(rules) == forms
    lowest = legal_bids(rules).low
    check_bid(rules, parse_bid(str(lowest), rules), who="Ann")
    zero_taken = _accepted(lambda: check_bid(rules, parse_bid("0", rules), who="Ann"))
    assert zero_taken == (lowest == 0 or "(or 0)" in forms)


def test_a_refusal_is_a_fact_worded_where_it_is_shown() -> None:
    """The refusal is raised once, as data (why, who, the bid, the numbers); its words
    are made when it is shown, in the language spoken there, not where it was raised."""
    with pytest.raises(NotTrailingError) as caught:
        check_bid(preset_rules("club"), BLIND_NIL, who="Ann", trailing_by=40)
    refusal = caught.value.refusal
    assert refusal is not None
    assert (refusal.why, refusal.who, refusal.bids, refusal.least, refusal.by) == (
        Refused.NOT_TRAILING, "Ann", (BLIND_NIL,), 100, 40
    )
    assert str(caught.value) == (
        "Ann: blind nil needs the side to trail by 100 or more; it trails by 40"
    )
    with speaking("de"):
        german = str(caught.value)
    assert german == (
        "Ann: Blind Null geht nur, wenn die Partei 100 oder mehr Punkte zurückliegt;"
        " sie liegt 40 zurück"
    )
