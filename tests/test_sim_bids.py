"""The simulator's bid choices agree with the score pad's own bid checks (`engine.bids`)."""

from __future__ import annotations

import pytest
from conftest import preset_rules
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.engine.bids import check_bid, check_side_bids, check_table_bids, contract_of, number
from scorepad.engine.rules import Rules
from scorepad.errors import BidError
from scorepad.sim.seen import bid_choice

VARIANTS: list[Rules] = [
    preset_rules("standard"),
    preset_rules("suicide"),
    preset_rules("no-hell"),
    preset_rules("solo-5"),
    preset_rules("standard", "min_team_bid=4"),
    preset_rules("standard", "zero_bid=plain"),
    preset_rules("standard", "nil=false"),
    preset_rules("no-hell", "min_team_bid=3", "partner_bidding=true"),
]

wishes = st.tuples(st.integers(min_value=-2, max_value=20), st.booleans())


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(VARIANTS),
    wishes,
    wishes,
    st.integers(min_value=0, max_value=17),
    st.booleans(),
)
def test_two_partners_bids_pass_the_side_checks(
    rules: Rules,
    first_wish: tuple[int, bool],
    second_wish: tuple[int, bool],
    others: int,
    second_is_last: bool,
) -> None:
    """Whatever the bots wish, the first partner's and then the second's fitted bids pass
    check_side_bids, and a last bidder never completes no hell's forbidden total."""
    first = bid_choice(rules, partner_bid=None, earlier_total=0, last=False).fit(*first_wish)
    check_bid(rules, first, who="first")
    if rules.side_size == 1:
        return
    total = others + contract_of([first])
    choice = bid_choice(rules, partner_bid=first, earlier_total=total, last=second_is_last)
    second = choice.fit(*second_wish)
    check_side_bids(rules, [first, second], who=["first", "second"], side="the side")
    if second_is_last and rules.no_hell:
        # The opponents' bids so far, as one number: only their total matters here.
        table = [first, number(others), second] if others else [first, second]
        try:
            check_table_bids(rules, table, last="second")
        except BidError:
            pytest.fail(f"no hell broken: {', '.join(map(str, table))}")


@pytest.mark.parametrize(
    "rules", [VARIANTS[0], VARIANTS[2], VARIANTS[7]], ids=["standard", "no-hell", "min-team-3"]
)
def test_a_joint_bid_passes_as_a_joint_bid(rules: Rules) -> None:
    for wish in range(-1, 16):
        bid = bid_choice(rules, partner_bid=None, earlier_total=0, last=False, joint=True).fit(wish)
        check_side_bids(rules, [bid], who=["the team"], side="the team", joint=True)


def test_no_hell_refuses_the_one_completing_bid() -> None:
    rules = preset_rules("no-hell")
    choice = bid_choice(rules, partner_bid=None, earlier_total=9, last=True)
    assert choice.refused == 4
    assert choice.fit(4).tricks in (3, 5)
    assert choice.fit(6).tricks == 6
