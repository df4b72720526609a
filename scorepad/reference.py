"""A second scorer, written from RULES.md and docs/rules.md alone, to hold the engine to.

It shares no code with the engine (`scoring`, `game`, `rules`, `bids`) and imports nothing
of scorepad; it does no I/O. It is plain on purpose, and shaped as a scorekeeper works at
the table rather than as the engine is: a side's round is a list of entries written down
one by one (by a `Scorekeeper`, who reads the knobs once), and the end of a game is a
check of each side in turn.

Everything is plain values. Knobs: a mapping of every knob's key to its value as a preset
file or a saved game writes it (`"none"` for no loss limit, `"auto"` for the big-contract
threshold, lists). A bid: `(kind, number)`, kind "number", "nil", "bnil" (blind nil) or
"blind" (a blind bid of `number`); nil and blind nil have number 0. A hand: `(kind,
number, tricks)`, a bid and the tricks it took. A side's round: a list of hands, one per
player, or one hand for a joint team bid holding the team's tricks.

The public API: `score_side(knobs, hands, score, bags) -> SideResult`, one side's round
(`Scorekeeper(knobs).score_side` for many rounds); `bid_refusal(knobs, sides, trailing)`,
why a table of bids is refused (None: allowed); `play_game(knobs, rounds) -> GameResult`,
a game folded round by round, with every round's side results (rounds after the end
scored on, as the table would see them), the end (winner, round, reason), the totals as
of the end, and the blind bids each round held that the scores before it did not allow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

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
}

# RULES.md, big-contract bonus: the contract size the bonus counts from, by players.
AUTO_THRESHOLD = {3: 10, 4: 8, 5: 7, 6: 6}


def with_defaults(knobs: Knobs) -> dict[str, object]:
    """The knobs given, every other knob at its default."""
    full = dict(DEFAULTS)
    full.update(knobs)
    return full


def _number(knobs: Knobs, key: str) -> int:
    value = knobs[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{key} must be a whole number, not {value!r}")
    return value


def _on(knobs: Knobs, key: str) -> bool:
    return knobs[key] is True


def tricks_in_a_deal(knobs: Knobs) -> int:
    """RULES.md: the cards each player is dealt; the dealer discards what is left over
    (the jokers' two cards with four players)."""
    removed = knobs["removed_cards"]
    assert isinstance(removed, list | tuple)
    deck = 52 + (2 if _on(knobs, "jokers") else 0) - len(removed)
    return deck // _number(knobs, "players")


def sides_at_the_table(knobs: Knobs) -> int:
    players = _number(knobs, "players")
    return players // 2 if _on(knobs, "partnerships") else players


# ---------------------------------------------------------------------------
# A side's round, as a scorekeeper writes it: one entry after the other.


@dataclass(slots=True)
class SideResult:
    """One side's round as the rules score it."""

    points: int
    score: int  # after the round
    bags: int  # after the round
    new_bags: int
    penalties: int
    contract: int
    made: bool | None  # None: the side bid no contract
    boston: bool  # the side made a Boston this round


class Scorekeeper:
    """A scorekeeper who has read the scoring knobs once (and held the numbers to being
    whole numbers), and scores sides' rounds by them without reading them again."""

    def __init__(self, knobs: Knobs) -> None:
        self.quicksand = knobs["contract_scoring"] == "quicksand"
        self.bags_count = _on(knobs, "bags") and not self.quicksand
        self.bag_limit = _number(knobs, "bag_limit")
        self.bag_penalty = _number(knobs, "bag_penalty")
        self.failed_nil_tricks = knobs["failed_nil_tricks"]
        self.all_or_nothing = knobs["double_nil"] == "all-or-nothing"
        self.nil_points = _number(knobs, "nil_points")
        self.blind_nil_points = _number(knobs, "blind_nil_points")
        self.trick_points = _number(knobs, "trick_points")
        self.overtrick_points = _number(knobs, "overtrick_points")
        self.minus_bid = knobs["set_scoring"] == "minus-bid"
        # A Boston is a contract of every trick of the deal; 10 for 200 a contract of at
        # least ten_for_200_bid. Each pays its own points instead of the contract's.
        self.boston_at = tricks_in_a_deal(knobs) if _on(knobs, "boston") else None
        self.boston_points = _number(knobs, "boston_points")
        self.boston_penalty = _number(knobs, "boston_penalty")
        self.ten_at = _number(knobs, "ten_for_200_bid") if _on(knobs, "ten_for_200") else None
        self.ten_points = _number(knobs, "ten_for_200_points")
        self.ten_penalty = _number(knobs, "ten_for_200_penalty")
        self.exact = _number(knobs, "exact_bonus")
        listed = knobs["exact_bonus_bids"]
        assert isinstance(listed, list | tuple)
        self.exact_bids = tuple(listed)
        self.big_bonus = _number(knobs, "big_contract_bonus")
        start = knobs["big_contract_threshold"] if self.big_bonus else 0  # read for a bonus
        start = AUTO_THRESHOLD[_number(knobs, "players")] if start == "auto" else start
        assert isinstance(start, int)
        self.big_from = start

    def score_side(self, hands: Sequence[Hand], score: int = 0, bags: int = 0) -> SideResult:
        """Score one side's round from its hands, given its score and bags before it."""
        sheet: list[int] = []  # the points written down, one entry after the other
        # The hands read once: the nil bidders apart, the others' bids and tricks summed.
        nil_bidders = []
        bidders = contract = counted = 0
        blind = False
        for hand in hands:
            if hand[0] in NIL_KINDS:
                nil_bidders.append(hand)
            else:
                bidders += 1
                contract += hand[1]
                counted += hand[2]
                blind = blind or hand[0] == "blind"

        # Step 1, the nils. Tricks a failed nil took go where failed_nil_tricks says.
        spare, new_bags = self._write_nils(sheet, nil_bidders, has_contract=bidders > 0)

        # Step 2, the contract: the bidders' tricks, with the spare tricks if they count.
        if self.failed_nil_tricks == "contract":
            counted += spare
        made: bool | None = None
        boston = False
        if bidders:
            made = counted >= contract
            if self.quicksand:
                # Seed 004: exact +10 a trick; over: +10 a bid trick, -10 a trick over;
                # under: -10 a missing trick. No bags.
                if counted < contract:
                    sheet.append(-(contract - counted) * self.trick_points)
                else:
                    sheet.append((contract - (counted - contract)) * self.trick_points)
            else:
                boston, over = self._write_contract(sheet, contract, counted, blind=blind)
                new_bags += over
        elif counted:
            # A side without a contract (only nils) has a contract of 0: every counted
            # trick is one over it.
            if self.quicksand:
                sheet.append(-counted * self.trick_points)
            else:
                sheet.append(counted * self.overtrick_points)
                new_bags += counted

        # Step 3, bags: each time the count reaches the limit, a penalty; the rest carries.
        penalties = 0
        total_bags = bags
        if self.bags_count:
            total_bags = bags + new_bags
            while total_bags >= self.bag_limit:
                total_bags -= self.bag_limit
                penalties += 1
                sheet.append(-self.bag_penalty)
        else:
            new_bags = 0
        points = sum(sheet)
        return SideResult(
            points, score + points, total_bags, new_bags, penalties, contract, made, boston
        )

    def _write_nils(
        self, sheet: list[int], nils: Sequence[Hand], *, has_contract: bool
    ) -> tuple[int, int]:
        """Write the nils; return the failed nils' tricks that count toward the contract,
        and the bags they made."""
        if not nils:
            return 0, 0
        worth = [self.blind_nil_points if hand[0] == "bnil" else self.nil_points for hand in nils]
        if self.all_or_nothing and len(nils) >= 2 and not has_contract:
            # Both values if the team took nothing, else minus both, and no bags either way.
            clean = all(hand[2] == 0 for hand in nils)
            sheet.append(sum(worth) if clean else -sum(worth))
            return 0, 0
        spare = new_bags = 0
        for hand, value in zip(nils, worth, strict=True):
            took = hand[2]
            if took == 0:
                sheet.append(value)
                continue
            sheet.append(-value)
            if self.failed_nil_tricks == "contract":
                spare += took
            elif self.failed_nil_tricks == "bags" and not self.quicksand:
                sheet.append(took * self.overtrick_points)  # quicksand: they score nothing
                new_bags += took
        return spare, new_bags

    def _write_contract(
        self, sheet: list[int], contract: int, counted: int, *, blind: bool
    ) -> tuple[bool, int]:
        """Write a contract under standard scoring; return whether it was a Boston made,
        and its overtricks (bags)."""
        made = counted >= contract
        is_boston = contract == self.boston_at
        if is_boston:
            sheet.append(self.boston_points if made else -self.boston_penalty)
        elif self.ten_at is not None and contract >= self.ten_at:
            sheet.append(self.ten_points if made else -self.ten_penalty)
        else:
            value = contract * self.trick_points * (2 if blind else 1)
            if made:
                sheet.append(value)
            elif self.minus_bid:
                sheet.append(-value)
        if not made:
            return False, 0  # a set contract's tricks are neither overtricks nor bags
        over = counted - contract
        sheet.append(over * self.overtrick_points)
        # Seed 004's bonuses, paid on top of the flat scores and never doubled.
        if self.exact and counted == contract and contract in self.exact_bids:
            sheet.append(self.exact)
        if self.big_bonus and contract > self.big_from:
            sheet.append((contract - self.big_from) * self.big_bonus)
        return is_boston, over


def score_side(knobs: Knobs, hands: Sequence[Hand], score: int = 0, bags: int = 0) -> SideResult:
    """Score one side's round from its hands, given its score and bags before it."""
    return Scorekeeper(knobs).score_side(hands, score, bags)


# ---------------------------------------------------------------------------
# The bids at the table


def bid_refusal(
    knobs: Knobs, sides: Sequence[Sequence[PlainBid]], trailing: Sequence[int | None]
) -> str | None:
    """Why the rules refuse this table of bids, or None if they allow it.

    `sides` holds each side's bids in seat order (a partnership side with one bid made a
    joint bid); `trailing` how far each side was behind the best other side when it bid,
    or None where that is not judged. The answer is a short reason, like "no-hell".
    """
    deal = tricks_in_a_deal(knobs)
    teams = _on(knobs, "partnerships")
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
            if not _on(knobs, "partner_bidding"):
                return "joint-bid-without-partner-bidding"
            if kind in NIL_KINDS:
                return "joint-nil"
            if _on(knobs, "suicide"):
                return "joint-bid-under-suicide"
            if number < 1:
                return "joint-bid-of-0"
        contract = sum(number for kind, number in bids if kind not in NIL_KINDS)
        bid_something = any(kind not in NIL_KINDS for kind, _ in bids)
        if _on(knobs, "suicide") and not joint:
            nils = [kind for kind, _ in bids if kind in NIL_KINDS]
            least = _number(knobs, "suicide_min_bid")
            if not nils or any(number < least for kind, number in bids if kind not in NIL_KINDS):
                return "suicide"
        if bid_something and contract < _number(knobs, "min_team_bid"):
            return "min-team-bid"
        everyone += contract
    if _on(knobs, "no_hell") and everyone == deal:
        return "no-hell"
    return None


def one_bid_refusal(knobs: Knobs, kind: str, number: int, behind: int | None, deal: int) -> str:
    """Why the rules refuse one player's bid on its own ("" if they allow it): `behind`
    is how far its side trails (None: not judged), `deal` the tricks in a deal."""
    if kind == "nil" and not _on(knobs, "nil"):
        return "nil-off"
    if kind == "bnil":
        if not _on(knobs, "blind_nil"):
            return "blind-nil-off"
        if _short_of(behind, _number(knobs, "blind_nil_deficit")):
            return "blind-nil-not-behind"
    if kind == "blind":
        if not _on(knobs, "blind_bids"):
            return "blind-bids-off"
        if number < _number(knobs, "blind_bid_min"):
            return "blind-bid-too-small"
        if _short_of(behind, _number(knobs, "blind_bid_deficit")):
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
            if kind in deficit_for and _short_of(behind, _number(knobs, deficit_for[kind])):
                found.append((side, place))
    return found


# ---------------------------------------------------------------------------
# A whole game: each side's ledger, and the end checked side by side.


@dataclass
class Ledger:
    """A side's running account: what the score pad shows under its name."""

    score: int = 0
    bags: int = 0
    sets: int = 0
    lost_in: int | None = None  # the round in which the side lost, if it has
    fell: bool = False  # it lost by falling through the loss limit (then)


@dataclass
class GameResult:
    """A game folded round by round."""

    rounds: list[list[SideResult]]  # every round, those after the end scored on
    winner: int | None  # None: not over, or a draw
    ended_after: int | None  # the round (1-based) that ended the game
    reason: str | None  # "target", "loss-limit", "sets" or "boston"
    totals: list[int]  # each side's score as of the end (or of the last round)
    bags: list[int]
    sets: list[int]
    warnings: list[list[tuple[int, int]]]  # per round: blind bids the scores did not allow


def play_game(knobs: Knobs, rounds: Sequence[Sequence[Sequence[Hand]]]) -> GameResult:
    """Score every round in order; the first round that decides the game ends it.

    Rounds after the end are scored on from the running scores (as a correction can bring
    them back), but the totals, bags and sets are those at the end.
    """
    ledgers = [Ledger() for _ in range(sides_at_the_table(knobs))]
    keeper = Scorekeeper(knobs)
    results: list[list[SideResult]] = []
    warnings: list[list[tuple[int, int]]] = []
    ending: tuple[int | None, int, str] | None = None
    kept: tuple[list[int], list[int], list[int]] | None = None
    for number, round_ in enumerate(rounds, start=1):
        warnings.append(blind_bids_not_allowed(knobs, round_, [led.score for led in ledgers]))
        this_round = []
        bostons = []
        for side, hands in enumerate(round_):
            ledger = ledgers[side]
            result = keeper.score_side(hands, ledger.score, ledger.bags)
            ledger.score, ledger.bags = result.score, result.bags
            if result.made is False:
                ledger.sets += 1
            if result.boston:
                bostons.append(side)
            this_round.append(result)
        results.append(this_round)
        if ending is not None:
            continue  # after the end: scored, but it decides nothing
        note_the_losses(knobs, ledgers, number)
        verdict = check_the_end(knobs, ledgers, bostons, number)
        if verdict is not None:
            ending = (verdict[0], number, verdict[1])
            kept = ([led.score for led in ledgers], [led.bags for led in ledgers],
                    [led.sets for led in ledgers])  # fmt: skip
    if kept is None:
        kept = ([led.score for led in ledgers], [led.bags for led in ledgers],
                [led.sets for led in ledgers])  # fmt: skip
    if ending is None:
        return GameResult(results, None, None, None, *kept, warnings)
    return GameResult(results, ending[0], ending[1], ending[2], *kept, warnings)


def note_the_losses(knobs: Knobs, ledgers: Sequence[Ledger], number: int) -> None:
    """Mark the sides that lost in round `number`: a side not out before that has lost
    now is out since this round, and fell through the loss limit if it stands at or
    below it (docs/rules.md); a side out before stays out as it was."""
    for ledger in ledgers:
        if ledger.lost_in is None and has_lost(knobs, ledger):
            ledger.lost_in = number
            ledger.fell = below_the_limit(knobs, ledger)


def has_lost(knobs: Knobs, ledger: Ledger) -> bool:
    """Whether a side has lost, docs/rules.md: at or below the loss limit, or set
    `sets_to_lose` times."""
    return below_the_limit(knobs, ledger) or set_out(knobs, ledger)


def below_the_limit(knobs: Knobs, ledger: Ledger) -> bool:
    """Whether a side stands at or below the loss limit (none: never)."""
    limit = knobs["loss_limit"]
    return isinstance(limit, int) and not isinstance(limit, bool) and ledger.score <= limit


def set_out(knobs: Knobs, ledger: Ledger) -> bool:
    """Whether a side has been set `sets_to_lose` times (none: never)."""
    most = _number(knobs, "sets_to_lose")
    return most > 0 and ledger.sets >= most


def fell_by_now(knobs: Knobs, ledger: Ledger) -> bool:
    """Whether a side out fell through the loss limit, read without the history of how it
    lost: if it stands at or below the limit now, or was never set out (docs/rules.md)."""
    return below_the_limit(knobs, ledger) or not set_out(knobs, ledger)


def check_the_end(
    knobs: Knobs, ledgers: Sequence[Ledger], bostons: Sequence[int], deal: int = 0
) -> tuple[int | None, str] | None:
    """The end of a game as a player checks it after a round: (winner or None for a
    draw, why), or None to play on.

    docs/rules.md: a side that has lost, in this round or before, cannot win by the
    target or by Boston. Then: a Boston that wins at once; a side still in at or above
    the target; once any side is out, the best side still in (or, if none is, the best
    of those that lost last); with nobody out, after the `deal_limit`-th deal (`deal`
    is the deal just played), the best side. A tie at the top plays on or is a draw.
    """
    in_play = [side for side, ledger in enumerate(ledgers) if ledger.lost_in is None]
    if _on(knobs, "boston_wins"):
        for side in bostons:
            if side in in_play:
                return side, "boston"
    target = _number(knobs, "target")
    over = [side for side in in_play if ledgers[side].score >= target]
    if over:
        return _best_of(knobs, ledgers, over, "target")
    out = [side for side, ledger in enumerate(ledgers) if ledger.lost_in is not None]
    if not out:
        most_deals = _number(knobs, "deal_limit")
        if most_deals > 0 and deal >= most_deals:
            return _best_of(knobs, ledgers, in_play, "deal-limit")
        return None
    if not in_play:
        latest = max(ledgers[side].lost_in or 0 for side in out)
        in_play = [side for side in out if ledgers[side].lost_in == latest]
    # docs/rules.md: by the loss limit if a side that lost fell through it when it lost
    # (how it lost, not where it stands now), else by sets.
    why = "sets"
    for side in out:
        if ledgers[side].fell:
            why = "loss-limit"
    return _best_of(knobs, ledgers, in_play, why)


def _best_of(
    knobs: Knobs, ledgers: Sequence[Ledger], sides: Sequence[int], why: str
) -> tuple[int | None, str] | None:
    ranked = sorted(sides, key=lambda side: ledgers[side].score, reverse=True)
    if len(ranked) > 1 and ledgers[ranked[0]].score == ledgers[ranked[1]].score:
        return (None, why) if knobs["tie"] == "draw" else None
    return ranked[0], why
