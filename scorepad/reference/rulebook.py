"""The reference's reading of the knobs and its plain values.

Knobs: a mapping of every knob's key to its value as a preset file or a saved game writes
it (`"none"` for no loss limit, `"auto"` for the big-contract threshold, lists). A bid:
`(kind, number)`, kind "number", "nil", "bnil" (blind nil) or "blind" (a blind bid of
`number`); nil and blind nil have number 0. A hand: `(kind, number, tricks)`, a bid and
the tricks it took. A side's round: a list of hands, one per player, or one hand for a
joint team bid holding the team's tricks.
"""

from __future__ import annotations

from collections.abc import Mapping

Knobs = Mapping[str, object]
PlainBid = tuple[str, int]
Hand = tuple[str, int, int]

NIL_KINDS = ("nil", "bnil")

# docs/rules.md "Every knob": each knob's default, as a preset file writes it, a line for
# each part of the rules (the table, the end, the bids, the contract, nils, bags, bonuses).
DEFAULTS: dict[str, object] = {
    "players": 4, "partnerships": True, "jokers": False, "removed_cards": [],
    "redeal_without_spades": False,
    "target": 500, "loss_limit": "none", "tie": "play-on", "sets_to_lose": 0, "deal_limit": 0,
    "sets_in_a_row": 0, "misdeal_redeal": "same", "confirm_entries": False,
    "boston_wins": False,
    "nil": True, "zero_bid": "nil", "blind_nil": False, "blind_nil_deficit": 0,
    "blind_nil_exchange": 0, "blind_bids": False, "blind_bid_min": 6,
    "blind_bid_deficit": 100, "partner_bidding": False, "min_team_bid": 0,
    "suicide": False, "suicide_min_bid": 4, "no_hell": False,
    "contract_scoring": "standard", "trick_points": 10, "overtrick_points": 1,
    "set_scoring": "minus-bid",
    "nil_points": 100, "blind_nil_points": 200, "failed_nil_tricks": "bags",
    "double_nil": "separate",
    "bags": True, "bag_limit": 10, "bag_penalty": 100,
    "ten_for_200": False, "ten_for_200_bid": 10, "ten_for_200_points": 200,
    "ten_for_200_penalty": 200, "boston": False, "boston_points": 200,
    "boston_penalty": 200, "exact_bonus": 0, "exact_bonus_bids": [1, 2],
    "big_contract_bonus": 0, "big_contract_threshold": "auto",
}  # fmt: skip

# Knobs that change nothing the reference computes: how cards are dealt and passed.
NOT_JUDGED = {
    "redeal_without_spades": "the simulator redeals; a round that was played scores the same",
    "jokers": "two cards more, which the dealer discards: a deal has as many tricks",
    "blind_nil_exchange": "cards passed between partners, not points or bids",
    "misdeal_redeal": "who deals after a misdeal (read apart, in `deals.dealers`): no score",
    "confirm_entries": "a round waiting for the other side's OK is not yet a round to score",
}

# RULES.md, big-contract bonus: the contract size the bonus counts from, by players.
AUTO_THRESHOLD = {3: 10, 4: 8, 5: 7, 6: 6}


def with_defaults(knobs: Knobs) -> dict[str, object]:
    """The knobs given, every other knob at its default."""
    full = dict(DEFAULTS)
    full.update(knobs)
    return full


def whole_number(knobs: Knobs, key: str) -> int:
    """A knob that must be a whole number (a bool is not one)."""
    value = knobs[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{key} must be a whole number, not {value!r}")
    return value


def is_on(knobs: Knobs, key: str) -> bool:
    """Whether a yes-or-no knob is on."""
    return knobs[key] is True


def tricks_in_a_deal(knobs: Knobs) -> int:
    """RULES.md: the cards each player is dealt; the dealer discards what is left over
    (the jokers' two cards with four players)."""
    removed = knobs["removed_cards"]
    assert isinstance(removed, list | tuple)
    deck = 52 + (2 if is_on(knobs, "jokers") else 0) - len(removed)
    return deck // whole_number(knobs, "players")


def sides_at_the_table(knobs: Knobs) -> int:
    """The sides that score: partnerships of two, or every player alone."""
    players = whole_number(knobs, "players")
    return players // 2 if is_on(knobs, "partnerships") else players
