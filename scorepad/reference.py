"""A second scorer, written from RULES.md and docs/rules.md alone, to hold the engine to.

It shares no code with the engine (`scoring`, `game`, `rules`, `bids`) and imports nothing
of scorepad; it does no I/O. It is plain and slow on purpose, and shaped as a scorekeeper
works at the table rather than as the engine is: a side's round is a list of entries
written down one by one, and the end of a game is a check of each side in turn.

Everything is plain values:

- knobs: a mapping of every knob's key to its value as a preset file or a saved game
  writes it (`"none"` for no loss limit, `"auto"` for the big-contract threshold, lists);
- a bid: `(kind, number)`, kind "number", "nil", "bnil" (blind nil) or "blind" (a blind
  bid of `number`); nil and blind nil have number 0;
- a hand: `(kind, number, tricks)`, a bid and the tricks it took;
- a side's round: a list of hands, one per player, or one hand for a joint team bid
  holding the team's tricks; a round: a list of sides in side order.

The public API:

- `score_side(knobs, hands, score, bags) -> SideResult`: one side's round;
- `bid_refusal(knobs, sides, trailing) -> str | None`: why a table of bids is refused;
- `play_game(knobs, rounds) -> GameResult`: a game folded round by round, with every
  round's side results (rounds after the end scored on, as the table would see them), the
  end (winner, round, reason), the totals as of the end, and the blind bids each round
  held that the scores before it did not allow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

Knobs = Mapping[str, object]
PlainBid = tuple[str, int]
Hand = tuple[str, int, int]

NIL_KINDS = ("nil", "bnil")

# docs/rules.md "Every knob": each knob's default, as a preset file writes it.
DEFAULTS: dict[str, object] = {
    "players": 4,
    "partnerships": True,
    "jokers": False,
    "removed_cards": [],
    "redeal_without_spades": False,
    "target": 500,
    "loss_limit": "none",
    "tie": "play-on",
    "sets_to_lose": 0,
    "boston_wins": False,
    "nil": True,
    "zero_bid": "nil",
    "blind_nil": False,
    "blind_nil_deficit": 0,
    "blind_nil_exchange": 0,
    "blind_bids": False,
    "blind_bid_min": 6,
    "blind_bid_deficit": 100,
    "partner_bidding": False,
    "min_team_bid": 0,
    "suicide": False,
    "suicide_min_bid": 4,
    "no_hell": False,
    "contract_scoring": "standard",
    "trick_points": 10,
    "overtrick_points": 1,
    "set_scoring": "minus-bid",
    "nil_points": 100,
    "blind_nil_points": 200,
    "failed_nil_tricks": "bags",
    "double_nil": "separate",
    "bags": True,
    "bag_limit": 10,
    "bag_penalty": 100,
    "ten_for_200": False,
    "ten_for_200_bid": 10,
    "ten_for_200_points": 200,
    "ten_for_200_penalty": 200,
    "boston": False,
    "boston_points": 200,
    "boston_penalty": 200,
    "exact_bonus": 0,
    "exact_bonus_bids": [1, 2],
    "big_contract_bonus": 0,
    "big_contract_threshold": "auto",
}

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


@dataclass
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


@dataclass
class _Sheet:
    """What the scorekeeper has written for a side this round."""

    points: list[int] = field(default_factory=list)
    bags: int = 0


def score_side(knobs: Knobs, hands: Sequence[Hand], score: int = 0, bags: int = 0) -> SideResult:
    """Score one side's round from its hands, given its score and bags before the round."""
    sheet = _Sheet()
    quicksand = knobs["contract_scoring"] == "quicksand"
    bidders = [hand for hand in hands if hand[0] not in NIL_KINDS]
    nil_bidders = [hand for hand in hands if hand[0] in NIL_KINDS]

    # Step 1, the nils. Tricks a failed nil took go where failed_nil_tricks says.
    spare = _write_nils(knobs, sheet, nil_bidders, has_contract=bool(bidders))

    # Step 2, the contract: the bidders' tricks, with the spare tricks if they count.
    contract = sum(hand[1] for hand in bidders)
    counted = sum(hand[2] for hand in bidders)
    if knobs["failed_nil_tricks"] == "contract":
        counted += spare
    made: bool | None = None
    boston = False
    if bidders:
        made = counted >= contract
        blind = any(hand[0] == "blind" for hand in bidders)
        if quicksand:
            _write_quicksand(knobs, sheet, contract, counted)
        else:
            boston = _write_contract(knobs, sheet, contract, counted, blind=blind)
    elif counted:
        # A side without a contract (only nils) has a contract of 0: every counted trick
        # is one over it.
        if quicksand:
            sheet.points.append(-counted * _number(knobs, "trick_points"))
        else:
            _write_overtricks(knobs, sheet, counted)

    # Step 3, bags: each time the count reaches the limit, a penalty; the rest carries.
    penalties = 0
    total_bags = bags
    if _on(knobs, "bags") and not quicksand:
        total_bags = bags + sheet.bags
        limit = _number(knobs, "bag_limit")
        while total_bags >= limit:
            total_bags -= limit
            penalties += 1
            sheet.points.append(-_number(knobs, "bag_penalty"))
    new_bags = sheet.bags if _on(knobs, "bags") and not quicksand else 0
    points = sum(sheet.points)
    return SideResult(
        points=points,
        score=score + points,
        bags=total_bags,
        new_bags=new_bags,
        penalties=penalties,
        contract=contract,
        made=made,
        boston=boston,
    )


def _nil_worth(knobs: Knobs, kind: str) -> int:
    return _number(knobs, "blind_nil_points" if kind == "bnil" else "nil_points")


def _write_nils(knobs: Knobs, sheet: _Sheet, nils: Sequence[Hand], *, has_contract: bool) -> int:
    """Write the nils; return the failed nils' tricks that count toward the contract."""
    if not nils:
        return 0
    worth = [_nil_worth(knobs, hand[0]) for hand in nils]
    if knobs["double_nil"] == "all-or-nothing" and len(nils) >= 2 and not has_contract:
        # Both values if the team took nothing, else minus both, and no bags either way.
        clean = all(hand[2] == 0 for hand in nils)
        sheet.points.append(sum(worth) if clean else -sum(worth))
        return 0
    spare = 0
    for hand, value in zip(nils, worth, strict=True):
        took = hand[2]
        if took == 0:
            sheet.points.append(value)
            continue
        sheet.points.append(-value)
        where = knobs["failed_nil_tricks"]
        if where == "contract":
            spare += took
        elif where == "bags" and knobs["contract_scoring"] != "quicksand":
            _write_overtricks(knobs, sheet, took)  # quicksand: they score nothing
    return spare


def _write_overtricks(knobs: Knobs, sheet: _Sheet, count: int) -> None:
    sheet.points.append(count * _number(knobs, "overtrick_points"))
    sheet.bags += count


def _write_quicksand(knobs: Knobs, sheet: _Sheet, contract: int, counted: int) -> None:
    """Seed 004: exact +10 a trick; over: +10 a bid trick, -10 a trick over; under: -10 a
    missing trick. No bags."""
    per_trick = _number(knobs, "trick_points")
    if counted < contract:
        sheet.points.append(-(contract - counted) * per_trick)
    else:
        sheet.points.append(contract * per_trick - (counted - contract) * per_trick)


def _write_contract(
    knobs: Knobs, sheet: _Sheet, contract: int, counted: int, *, blind: bool
) -> bool:
    """Write a contract under standard scoring; return whether it was a Boston made."""
    made = counted >= contract
    deal = tricks_in_a_deal(knobs)
    is_boston = _on(knobs, "boston") and contract == deal
    is_ten = _on(knobs, "ten_for_200") and contract >= _number(knobs, "ten_for_200_bid")
    if is_boston:
        sheet.points.append(
            _number(knobs, "boston_points") if made else -_number(knobs, "boston_penalty")
        )
    elif is_ten:
        sheet.points.append(
            _number(knobs, "ten_for_200_points") if made else -_number(knobs, "ten_for_200_penalty")
        )
    else:
        value = contract * _number(knobs, "trick_points") * (2 if blind else 1)
        if made:
            sheet.points.append(value)
        elif knobs["set_scoring"] == "minus-bid":
            sheet.points.append(-value)
    if not made:
        return False  # a set contract's tricks are neither overtricks nor bags
    _write_overtricks(knobs, sheet, counted - contract)
    # Seed 004's bonuses, paid on top of the flat scores and never doubled.
    exact = _number(knobs, "exact_bonus")
    listed = knobs["exact_bonus_bids"]
    assert isinstance(listed, list | tuple)
    if exact and counted == contract and contract in listed:
        sheet.points.append(exact)
    per_trick = _number(knobs, "big_contract_bonus")
    if per_trick:
        threshold = knobs["big_contract_threshold"]
        start = AUTO_THRESHOLD[_number(knobs, "players")] if threshold == "auto" else threshold
        assert isinstance(start, int)
        if contract > start:
            sheet.points.append((contract - start) * per_trick)
    return is_boston


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
            why = _one_bid_refusal(knobs, kind, number, behind, deal)
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


def _one_bid_refusal(knobs: Knobs, kind: str, number: int, behind: int | None, deal: int) -> str:
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
class _Ledger:
    """A side's running account: what the score pad shows under its name."""

    score: int = 0
    bags: int = 0
    sets: int = 0
    lost_in: int | None = None  # the round in which the side lost, if it has


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
    ledgers = [_Ledger() for _ in range(sides_at_the_table(knobs))]
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
            result = score_side(knobs, hands, ledger.score, ledger.bags)
            ledger.score, ledger.bags = result.score, result.bags
            if result.made is False:
                ledger.sets += 1
            if result.boston:
                bostons.append(side)
            this_round.append(result)
        results.append(this_round)
        if ending is not None:
            continue  # after the end: scored, but it decides nothing
        for ledger in ledgers:
            if ledger.lost_in is None and _has_lost(knobs, ledger):
                ledger.lost_in = number
        verdict = check_the_end(knobs, ledgers, bostons)
        if verdict is not None:
            ending = (verdict[0], number, verdict[1])
            kept = (
                [led.score for led in ledgers],
                [led.bags for led in ledgers],
                [led.sets for led in ledgers],
            )
    if kept is None:
        kept = ([led.score for led in ledgers], [led.bags for led in ledgers],
                [led.sets for led in ledgers])  # fmt: skip
    if ending is None:
        return GameResult(results, None, None, None, *kept, warnings)
    return GameResult(results, ending[0], ending[1], ending[2], *kept, warnings)


def _has_lost(knobs: Knobs, ledger: _Ledger) -> bool:
    """docs/rules.md: at or below the loss limit, or set `sets_to_lose` times."""
    limit = knobs["loss_limit"]
    if isinstance(limit, int) and not isinstance(limit, bool) and ledger.score <= limit:
        return True
    most = _number(knobs, "sets_to_lose")
    return most > 0 and ledger.sets >= most


def check_the_end(
    knobs: Knobs, ledgers: Sequence[_Ledger], bostons: Sequence[int]
) -> tuple[int | None, str] | None:
    """The end of a game as a player checks it after a round: (winner or None for a
    draw, why), or None to play on.

    docs/rules.md: a side that has lost, in this round or before, cannot win by the
    target or by Boston. Then: a Boston that wins at once; a side still in at or above
    the target; once any side is out, the best side still in (or, if none is, the best
    of those that lost last). A tie at the top plays on or is a draw.
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
        return None
    if not in_play:
        latest = max(ledgers[side].lost_in or 0 for side in out)
        in_play = [side for side in out if ledgers[side].lost_in == latest]
    why = "sets"
    for side in out:
        if _lost_by_the_limit(knobs, ledgers[side]):
            why = "loss-limit"
    return _best_of(knobs, ledgers, in_play, why)


def _lost_by_the_limit(knobs: Knobs, ledger: _Ledger) -> bool:
    """docs/rules.md: a side that lost is taken to have fallen through the loss limit if
    it is at or below it now, or was never set `sets_to_lose` times."""
    most = _number(knobs, "sets_to_lose")
    set_out = most > 0 and ledger.sets >= most
    limit = knobs["loss_limit"]
    below = isinstance(limit, int) and not isinstance(limit, bool) and ledger.score <= limit
    return below or not set_out


def _best_of(
    knobs: Knobs, ledgers: Sequence[_Ledger], sides: Sequence[int], why: str
) -> tuple[int | None, str] | None:
    ranked = sorted(sides, key=lambda side: ledgers[side].score, reverse=True)
    if len(ranked) > 1 and ledgers[ranked[0]].score == ledgers[ranked[1]].score:
        return (None, why) if knobs["tie"] == "draw" else None
    return ranked[0], why
