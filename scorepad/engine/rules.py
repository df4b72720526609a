"""Rules: every knob of a Spades game in one frozen value, its derived facts, and the
values each knob allows.

`Rules` refuses a value no game can be played with, naming the key, the value and what
is allowed. `ruledata` reads Rules from TOML data (presets, saved games, --set) and
`refusals` names the knobs another knob makes meaningless. Pure: no files, no parser.
"""

# No `from __future__ import annotations`: reading a saved game looks up every knob's type
# (ruledata), and objects spare it compiling each of the 50 annotations from a string.

import dataclasses
import functools
import typing
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from scorepad.errors import CardError, RulesError
from scorepad.i18n import _

if TYPE_CHECKING:
    from scorepad.engine.cards import Card

FailedNilTricks = Literal["bags", "contract", "none"]
DoubleNil = Literal["separate", "all-or-nothing"]
ZeroBid = Literal["nil", "plain"]
SetScoring = Literal["minus-bid", "zero"]
ContractScoring = Literal["standard", "quicksand"]
TieRule = Literal["play-on", "draw"]
MisdealRedeal = Literal["same", "next"]

# RULES.md, big-contract bonus: the contract size above which each trick earns the bonus.
BIG_CONTRACT_THRESHOLDS = {3: 10, 4: 8, 5: 7, 6: 6}


def knob(default: Any, doc: str) -> Any:
    """A field of `Rules` with its one-line description."""
    return field(default=default, metadata={"doc": doc})


def _derived() -> Any:
    """A field of `Rules` computed from the knobs, not set, compared or shown."""
    return field(init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every rule variant of RULES.md as a field with a default (the `standard` game)."""

    # The table and the deck
    players: int = knob(4, "players at the table, 3 to 6")
    partnerships: bool = knob(True, "partners sit opposite and score as one side (4 players)")
    jokers: bool = knob(False, "big and little joker are the two highest spades")
    removed_cards: tuple[str, ...] = knob((), "cards taken out of the deck, like 2C")
    redeal_without_spades: bool = knob(False, "a player dealt no spade may ask for a new deal")
    misdeal_redeal: MisdealRedeal = knob(
        "same", "after a misdeal the same player deals again, or the next (same or next)"
    )
    # How a game ends
    target: int = knob(500, "a side at or above this after a round wins")
    loss_limit: int | None = knob(None, 'a side at or below this loses at once ("none": off)')
    tie: TieRule = knob("play-on", "both sides level at the end: play-on or draw")
    sets_to_lose: int = knob(0, "a side set this many times in a game loses (0: never)")
    sets_in_a_row: int = knob(0, "a side set this many deals in a row loses (0: never)")
    deal_limit: int = knob(
        0, "after this many deals the higher score wins; a tie plays one more (0: no limit)"
    )
    # Keeping the score
    confirm_entries: bool = knob(
        False, "a round's tricks count only once someone of the other side has agreed"
    )
    # Bidding
    nil: bool = knob(True, "players may bid nil")
    zero_bid: ZeroBid = knob("nil", "a bid of 0 means nil, or a plain bid of no tricks")
    blind_nil: bool = knob(False, "players may bid nil before looking at their cards")
    blind_nil_deficit: int = knob(0, "blind nil only when the side trails by this many")
    blind_nil_exchange: int = knob(0, "cards the blind nil bidder and partner pass each other")
    blind_bids: bool = knob(False, "blind bids of blind_bid_min or more, scored double")
    blind_bid_min: int = knob(6, "the smallest blind bid")
    blind_bid_deficit: int = knob(100, "blind bids only when the side trails by this many")
    partner_bidding: bool = knob(False, "each team announces one joint bid")
    min_team_bid: int = knob(0, "the smallest contract a side may bid (nil bids aside)")
    suicide: bool = knob(False, "in each team one bids nil, the other at least suicide_min_bid")
    suicide_min_bid: int = knob(4, "the partner's smallest bid under suicide")
    no_hell: bool = knob(False, "the bids may not add up to the tricks in the deal")
    # Scoring
    contract_scoring: ContractScoring = knob("standard", "standard, or quicksand (no bags)")
    trick_points: int = knob(10, "points per contract trick")
    overtrick_points: int = knob(1, "points per overtrick")
    set_scoring: SetScoring = knob("minus-bid", "a set scores minus-bid (-10 a bid trick) or zero")
    nil_points: int = knob(100, "nil made: +this; failed: -this")
    blind_nil_points: int = knob(200, "blind nil made: +this; failed: -this")
    failed_nil_tricks: FailedNilTricks = knob(
        "bags", "a failed nil's tricks are bags, count for the contract, or count for nothing"
    )
    double_nil: DoubleNil = knob(
        "separate", "both partners nil: each scored alone, or all-or-nothing for the team"
    )
    bags: bool = knob(True, "overtricks are counted as bags toward a penalty")
    bag_limit: int = knob(10, "bags that bring a penalty")
    bag_penalty: int = knob(100, "points lost each time the bags reach bag_limit")
    ten_for_200: bool = knob(False, "a contract of ten_for_200_bid or more scores a flat bonus")
    ten_for_200_bid: int = knob(10, "the smallest contract for 10-for-200")
    ten_for_200_points: int = knob(200, "10-for-200 made: +this")
    ten_for_200_penalty: int = knob(200, "10-for-200 set: -this")
    boston: bool = knob(False, "a contract of every trick (moon/Boston) scores a flat bonus")
    boston_points: int = knob(200, "Boston made: +this")
    boston_penalty: int = knob(200, "Boston set: -this")
    boston_wins: bool = knob(False, "making Boston wins the game at once")
    exact_bonus: int = knob(0, "bonus for making a contract in exact_bonus_bids exactly")
    exact_bonus_bids: tuple[int, ...] = knob((1, 2), "contracts that earn the exact bonus")
    big_contract_bonus: int = knob(0, "bonus per contract trick above big_contract_threshold")
    big_contract_threshold: int | None = knob(
        None, 'contract size the big bonus counts from ("auto": 10/8/7/6 for 3/4/5/6 players)'
    )

    # Facts derived from the knobs, computed once: the engine reads them on every round.
    tricks: int = _derived()  # tricks in a deal: cards each player holds after the deal
    sides: int = _derived()  # sides that score: 2 teams, or every player alone
    side_size: int = _derived()  # players in a side
    quicksand: bool = _derived()
    big_contract_from: int = _derived()  # big_contract_threshold, resolved

    def __post_init__(self) -> None:
        _check_cards(self)
        derive = functools.partial(object.__setattr__, self)
        derive("tricks", self.deck_size // self.players)
        derive("side_size", 2 if self.partnerships else 1)
        derive("sides", self.players // self.side_size)
        derive("quicksand", self.contract_scoring == "quicksand")
        threshold = self.big_contract_threshold
        derive(
            "big_contract_from",
            BIG_CONTRACT_THRESHOLDS.get(self.players, 0) if threshold is None else threshold,
        )
        _check_values(self)

    @property
    def deck(self) -> "tuple[Card, ...]":
        return _deck(self.jokers, self.removed_cards)

    @property
    def deck_size(self) -> int:
        """Cards in the deck; counted without building it (`_check_cards` vouches for it)."""
        return 52 + 2 * self.jokers - len(self.removed_cards)

    @property
    def discards(self) -> int:
        """Cards the dealer takes up and discards (the jokers' two extra cards)."""
        return self.deck_size - self.tricks * self.players

    @property
    def points_read_score(self) -> bool:
        """Whether a side's points for a round depend on its score before the round.

        No knob makes them so (RULES.md scores a round from its bids, tricks and bags);
        the simulator's memo keys leave the score out while this is False, so a knob that
        reads the score must say so here.
        """
        return False

    def bid_check_reads_deficit(self, blind: bool) -> bool:
        """Whether checking a side's bids reads how far the side trails: only a blind
        bid's check does (blind nil and blind bids need a deficit), so `blind` says
        whether the side bid blind. The simulator's bid-check memo keys follow this."""
        return blind

    def side_of(self, seat: int) -> int:
        """The side of a seat: partners are seats 0 and 2, 1 and 3."""
        return seat % self.sides

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if seat % self.sides == side)

    def first_leader(self, dealer: int) -> int:
        """The seat that bids first and leads the first trick of a deal `dealer` deals:
        the dealer's left (RULES.md 1)."""
        return (dealer + 1) % self.players

    def bidding_order(self, dealer: int) -> tuple[int, ...]:
        """The seats in the order they bid a deal `dealer` deals: from the dealer's left
        (`first_leader`, who leads the first trick), the dealer last (RULES.md 1)."""
        first = self.first_leader(dealer)
        return tuple((first + step) % self.players for step in range(self.players))


@cache
def _deck(jokers: bool, removed: tuple[str, ...]) -> "tuple[Card, ...]":
    from scorepad.engine.cards import build_deck, parse_card  # only a dealt game needs the cards

    return build_deck(jokers=jokers, removed=[parse_card(text) for text in removed])


KNOBS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules) if f.init)
KNOB_SET = frozenset(KNOBS)
METADATA_KEYS = ("summary",)


def describe_knob(key: str) -> str:
    """The one-line description of a knob, in this run's language."""
    return _(str(Rules.__dataclass_fields__[key].metadata["doc"]))


def reject(key: str, value: object, allowed: str) -> typing.NoReturn:
    """Refuse a knob's value, naming the knob, the value (cut if very long) and what is allowed."""
    shown = format_value(value)
    if len(shown) > 40 and isinstance(value, int):  # hundreds of digits: named, not printed
        shown = _("a number of {digits} digits").format(digits=len(shown.lstrip("-")))
    elif len(shown) > 40:
        shown = _("{start}... ({length} characters)").format(start=shown[:30], length=len(shown))
    raise RulesError(
        _("{key} = {value} is not allowed: {allowed}").format(key=key, value=shown, allowed=allowed)
    )


def _check_cards(rules: Rules) -> None:
    """Refuse a table and deck that cannot be dealt."""
    if rules.players not in (3, 4, 5, 6):
        reject("players", rules.players, _("3, 4, 5 or 6"))
    if rules.partnerships and rules.players != 4:
        reject("partnerships", True, _("partnerships need 4 players; 3, 5, 6 play alone"))
    if rules.removed_cards:
        _check_removed_cards(rules)
    cards = rules.deck_size
    if cards % rules.players and not rules.jokers:
        reject(
            "removed_cards",
            list(rules.removed_cards),
            _("{cards} cards do not deal evenly to {players} players").format(
                cards=cards, players=rules.players
            ),
        )


def _check_removed_cards(rules: Rules) -> None:
    """Each removed card a real card of this deck, listed once."""
    from scorepad.engine.cards import build_deck, parse_card

    listed = list(rules.removed_cards)
    whole = build_deck(jokers=rules.jokers)
    seen: set[Card] = set()
    for text in rules.removed_cards:
        try:
            card = parse_card(text)
        except CardError as error:
            reject("removed_cards", listed, str(error))
        if card in seen:
            reject("removed_cards", listed, _("{card} is listed twice").format(card=card))
        if card not in whole:
            reject("removed_cards", listed, _("{card} is not in the deck").format(card=card))
        seen.add(card)


# What the game can mean: no score needs more points than this in one knob, no count of
# sets or bags more than MOST_COUNT, and no bid threshold more than the cards of the
# largest deck. A bigger number is a typing slip (and a 300-digit one would overflow a
# float in the exports).
MOST_POINTS = 10_000
MOST_COUNT = 100
MOST_CARDS = 54
_POINTS = (
    "trick_points",
    "overtrick_points",
    "nil_points",
    "blind_nil_points",
    "bag_penalty",
    "ten_for_200_points",
    "ten_for_200_penalty",
    "boston_points",
    "boston_penalty",
    "exact_bonus",
    "big_contract_bonus",
    "blind_nil_deficit",
    "blind_bid_deficit",
)


def _check_values(rules: Rules) -> None:
    """Refuse a knob whose value cannot be played, whatever the other knobs say."""
    tricks = rules.tricks
    if not 1 <= rules.target <= MOST_POINTS:
        reject(
            "target",
            rules.target,
            _("a positive number of points, at most {most}").format(most=MOST_POINTS),
        )
    if rules.loss_limit is not None and not -MOST_POINTS <= rules.loss_limit < 0:
        reject(
            "loss_limit",
            rules.loss_limit,
            _('a negative number of points, -{most} or more, or "none"').format(most=MOST_POINTS),
        )
    for key in _POINTS:
        if not 0 <= getattr(rules, key) <= MOST_POINTS:
            reject(key, getattr(rules, key), _zero_or_more(MOST_POINTS))
    if not 0 <= rules.sets_to_lose <= MOST_COUNT:
        reject("sets_to_lose", rules.sets_to_lose, _zero_or_more(MOST_COUNT))
    if not 0 <= rules.sets_in_a_row <= MOST_COUNT:
        reject("sets_in_a_row", rules.sets_in_a_row, _zero_or_more(MOST_COUNT))
    if not 0 <= rules.deal_limit <= MOST_COUNT:
        reject("deal_limit", rules.deal_limit, _zero_or_more(MOST_COUNT))
    if not 1 <= rules.bag_limit <= MOST_COUNT:
        reject(
            "bag_limit",
            rules.bag_limit,
            _("1 or more bags, at most {most}").format(most=MOST_COUNT),
        )
    for key in ("min_team_bid", "blind_nil_exchange"):
        if not 0 <= getattr(rules, key) <= tricks:
            reject(key, getattr(rules, key), _range(0, tricks))
    # A bid threshold is checked against the deal only when its variant is on: the
    # defaults (10-for-200 from 10) must not stop a 6-player game of 8 tricks.
    for switch, key in (
        ("blind_bids", "blind_bid_min"),
        ("suicide", "suicide_min_bid"),
        ("ten_for_200", "ten_for_200_bid"),
    ):
        value = getattr(rules, key)
        if getattr(rules, switch) and not 1 <= value <= tricks:
            reject(key, value, _range(1, tricks))
        if not 0 <= value <= MOST_CARDS:
            reject(key, value, _range(0, MOST_CARDS))
    for bid in rules.exact_bonus_bids:
        if not 1 <= bid <= (tricks if rules.exact_bonus else MOST_CARDS):
            most = tricks if rules.exact_bonus else MOST_CARDS
            bids = list(rules.exact_bonus_bids)
            reject("exact_bonus_bids", bids, _("bids from 1 to {most}").format(most=most))
    if len(rules.exact_bonus_bids) > MOST_CARDS:
        bids = list(rules.exact_bonus_bids)
        reject("exact_bonus_bids", bids, _("at most {most} bids").format(most=MOST_CARDS))
    if rules.big_contract_threshold is not None and not 0 <= rules.big_contract_threshold <= tricks:
        reject(
            "big_contract_threshold",
            rules.big_contract_threshold,
            _('0 to {most}, or "auto"').format(most=tricks),
        )
    if rules.exact_bonus and rules.players > 4:
        reject("exact_bonus", rules.exact_bonus, _("0 with 5 or 6 players (RULES.md: 3 or 4 only)"))
    needs_partners = ("suicide", "partner_bidding", "blind_nil_exchange")
    for key in needs_partners:
        if getattr(rules, key) and not rules.partnerships:
            reject(key, getattr(rules, key), _("only in partnership play (partnerships = true)"))
    if rules.suicide and not rules.nil:
        reject("suicide", True, _("suicide needs nil bids (nil = true)"))
    if rules.blind_nil_exchange and not rules.blind_nil:
        reject("blind_nil_exchange", rules.blind_nil_exchange, _("0 unless blind_nil = true"))


def _zero_or_more(most: int) -> str:
    return _("zero or more, at most {most}").format(most=most)


def _range(low: int, high: int) -> str:
    return _("{low} to {high}").format(low=low, high=high)


# ---------------------------------------------------------------------------
# A knob's value as TOML writes it

NONE_WORDS = {"loss_limit": "none", "big_contract_threshold": "auto"}


def toml_value(key: str, value: object) -> object:
    """A knob's value as TOML data: None is the knob's word for it."""
    return NONE_WORDS[key] if value is None else value


def format_value(value: object) -> str:
    """A knob's value as it would be written in TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(format_value(item) for item in value) + "]"
    return str(value)
