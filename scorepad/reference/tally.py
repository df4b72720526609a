"""A whole game tallied: each side's ledger round by round, and the end checked side by
side (`play_game`, `check_the_end`, and the losses noted at each round)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorepad.reference.refusals import blind_bids_not_allowed
from scorepad.reference.rulebook import (
    Hand,
    Knobs,
    is_on,
    sides_at_the_table,
    whole_number,
)
from scorepad.reference.scorekeeper import Scorekeeper, SideResult


@dataclass
class Ledger:
    """A side's running account: what the score pad shows under its name."""

    score: int = 0
    bags: int = 0
    sets: int = 0
    in_a_row: int = 0  # the deals in a row, up to the last, in which the side was set
    lost_in: int | None = None  # the round in which the side lost, if it has
    fell: bool = False  # it lost by falling through the loss limit (then)
    ran: bool = False  # it lost by being set `sets_in_a_row` deals in a row (then)


@dataclass
class GameResult:
    """A game folded round by round."""

    rounds: list[list[SideResult]]  # every round, those after the end scored on
    winner: int | None  # None: not over, or a draw
    ended_after: int | None  # the round (1-based) that ended the game
    reason: str | None  # "target", "loss-limit", "sets", "sets-in-a-row", "boston",
    # "deal-limit", "time" or "forfeit"
    totals: list[int]  # each side's score as of the end (or of the last round)
    bags: list[int]
    sets: list[int]
    warnings: list[list[tuple[int, int]]]  # per round: blind bids the scores did not allow


# A director's ruling on a round, docs/rules.md "Rulings": (side, what, how many), what
# being "books", "points", "set" or "forfeit" (how many: 0 for set and forfeit).
Ruling = tuple[int, str, int]


def play_game(
    knobs: Knobs,
    rounds: Sequence[Sequence[Sequence[Hand]]],
    rulings: Sequence[Sequence[Ruling]] = (),
    *,
    time_called_in: int | None = None,
) -> GameResult:
    """Score every round in order; the first round that decides the game ends it.

    `time_called_in`: the deal that was being played when the clock's time was called
    (None: no clock, or time not called).

    Rounds after the end are scored on from the running scores (as a correction can bring
    them back), but the totals, bags and sets are those at the end. `rulings` holds each
    round's rulings, in the order they were made (none where the list is short).
    """
    ledgers = [Ledger() for _ in range(sides_at_the_table(knobs))]
    keeper = Scorekeeper(knobs)
    results: list[list[SideResult]] = []
    warnings: list[list[tuple[int, int]]] = []
    ending: tuple[int | None, int, str] | None = None
    kept: tuple[list[int], list[int], list[int]] | None = None
    for number, round_ in enumerate(rounds, start=1):
        warnings.append(blind_bids_not_allowed(knobs, round_, [led.score for led in ledgers]))
        ruled = list(rulings[number - 1]) if number <= len(rulings) else []
        this_round, bostons = score_a_round(keeper, ledgers, round_, ruled)
        results.append(this_round)
        if ending is not None:
            continue  # after the end: scored, but it decides nothing
        note_the_losses(knobs, ledgers, number)
        verdict = check_the_end(knobs, ledgers, bostons, number, time_called_in)
        forfeit = forfeited_by(ruled)
        if forfeit is not None:  # the game ends with this round; the other side wins
            verdict = (1 - forfeit, "forfeit")
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


def score_a_round(
    keeper: Scorekeeper,
    ledgers: Sequence[Ledger],
    round_: Sequence[Sequence[Hand]],
    ruled: Sequence[Ruling] = (),
) -> tuple[list[SideResult], list[int]]:
    """Score a played round into each side's ledger, after its rulings (docs/rules.md
    "Rulings": books and set change the tricks scored, points are added to the score and
    never to the bags): each side's result, and the sides that made a Boston. A set adds
    to the side's sets and its run of sets in a row; a round in which it is not set (made,
    or no contract to be set) breaks the run."""
    this_round = []
    bostons = []
    for side, hands in enumerate(tricks_after_rulings(round_, ruled)):
        ledger = ledgers[side]
        result = keeper.score_side(hands, ledger.score, ledger.bags)
        for against, what, how_many in ruled:
            if against == side and what == "points":  # points, never bags
                result.points += how_many
                result.score += how_many
        ledger.score, ledger.bags = result.score, result.bags
        if result.made is False:
            ledger.sets += 1
            ledger.in_a_row += 1
        else:
            ledger.in_a_row = 0
        if result.boston:
            bostons.append(side)
        this_round.append(result)
    return this_round, bostons


def forfeited_by(ruled: Sequence[Ruling]) -> int | None:
    """The side that forfeited the game in a round's rulings (the first to), if one did:
    the game ends with the round, and the other side wins (docs/rules.md "Rulings")."""
    for against, what, _ in ruled:
        if what == "forfeit":
            return against
    return None


def tricks_after_rulings(
    round_: Sequence[Sequence[Hand]], ruled: Sequence[Ruling]
) -> list[list[Hand]]:
    """A round's hands as the rulings leave them, docs/rules.md "Rulings": books come off
    the side's bids of a number, the first bidder's tricks first, never more than they
    took, and are added to the first bid of a number of the other side (if it bid none,
    they go nowhere); set leaves the side's bidders of a number one trick short of what
    they bid together (taken off the first bidder first), if they took that many."""
    hands = [list(side) for side in round_]

    def bids_a_number(hand: Hand) -> bool:
        return hand[0] in ("number", "blind")

    def take_off(side: int, how_many: int) -> int:
        left = how_many
        for place, (kind, bid, took) in enumerate(hands[side]):
            if left and bids_a_number((kind, bid, took)):
                off = took if took < left else left
                hands[side][place] = (kind, bid, took - off)
                left -= off
        return how_many - left

    for against, what, how_many in ruled:
        if what == "books" and len(hands) == 2:
            given = take_off(against, how_many)
            other = 1 - against
            for place, (kind, bid, took) in enumerate(hands[other]):
                if bids_a_number((kind, bid, took)):
                    hands[other][place] = (kind, bid, took + given)
                    break
        elif what == "set":
            bid_together = sum(hand[1] for hand in hands[against] if bids_a_number(hand))
            took_together = sum(hand[2] for hand in hands[against] if bids_a_number(hand))
            if bid_together > 0 and took_together >= bid_together:
                take_off(against, took_together - bid_together + 1)
    return hands


def note_the_losses(knobs: Knobs, ledgers: Sequence[Ledger], number: int) -> None:
    """Mark the sides that lost in round `number`: a side not out before that has lost
    now is out since this round, and fell through the loss limit if it stands at or
    below it (docs/rules.md); a side out before stays out as it was."""
    for ledger in ledgers:
        if ledger.lost_in is None and has_lost(knobs, ledger):
            ledger.lost_in = number
            ledger.fell = below_the_limit(knobs, ledger)
            ledger.ran = set_too_often_in_a_row(knobs, ledger)


def has_lost(knobs: Knobs, ledger: Ledger) -> bool:
    """Whether a side has lost, docs/rules.md: at or below the loss limit, set
    `sets_to_lose` times, or set in each of its last `sets_in_a_row` deals."""
    return (
        below_the_limit(knobs, ledger)
        or set_out(knobs, ledger)
        or set_too_often_in_a_row(knobs, ledger)
    )


def set_too_often_in_a_row(knobs: Knobs, ledger: Ledger) -> bool:
    """Whether a side was set in each of the last `sets_in_a_row` deals (0: never)."""
    run = whole_number(knobs, "sets_in_a_row")
    return run > 0 and ledger.in_a_row >= run


def below_the_limit(knobs: Knobs, ledger: Ledger) -> bool:
    """Whether a side stands at or below the loss limit (none: never)."""
    limit = knobs["loss_limit"]
    return isinstance(limit, int) and not isinstance(limit, bool) and ledger.score <= limit


def set_out(knobs: Knobs, ledger: Ledger) -> bool:
    """Whether a side has been set `sets_to_lose` times (none: never)."""
    most = whole_number(knobs, "sets_to_lose")
    return most > 0 and ledger.sets >= most


def fell_by_now(knobs: Knobs, ledger: Ledger) -> bool:
    """Whether a side out fell through the loss limit, read without the history of how it
    lost: if it stands at or below the limit now, or was never set out, in all or in a
    row (docs/rules.md)."""
    return below_the_limit(knobs, ledger) or not (
        set_out(knobs, ledger) or set_too_often_in_a_row(knobs, ledger)
    )


def check_the_end(
    knobs: Knobs,
    ledgers: Sequence[Ledger],
    bostons: Sequence[int],
    deal: int = 0,
    time_called_in: int | None = None,
) -> tuple[int | None, str] | None:
    """The end of a game as a player checks it after a round: (winner or None for a
    draw, why), or None to play on.

    docs/rules.md: a side that has lost, in this round or before, cannot win by the
    target or by Boston. Then: a Boston that wins at once; a side still in at or above
    the target; once any side is out, the best side still in (or, if none is, the best
    of those that lost last); with nobody out, after the `deal_limit`-th deal (`deal`
    is the deal just played), the best side; and so once time has been called, after the
    deal that was being played then (`time_called_in`) or any later one, by "time". A tie
    at the top plays on or is a draw.
    """
    in_play = [side for side, ledger in enumerate(ledgers) if ledger.lost_in is None]
    if is_on(knobs, "boston_wins"):
        for side in bostons:
            if side in in_play:
                return side, "boston"
    target = whole_number(knobs, "target")
    over = [side for side in in_play if ledgers[side].score >= target]
    if over:
        return _best_of(knobs, ledgers, over, "target")
    out = [side for side, ledger in enumerate(ledgers) if ledger.lost_in is not None]
    if not out:
        most_deals = whole_number(knobs, "deal_limit")
        if most_deals > 0 and deal >= most_deals:
            return _best_of(knobs, ledgers, in_play, "deal-limit")
        if time_called_in is not None and deal >= time_called_in:
            return _best_of(knobs, ledgers, in_play, "time")
        return None
    if not in_play:
        latest = max(ledgers[side].lost_in or 0 for side in out)
        in_play = [side for side in out if ledgers[side].lost_in == latest]
    # docs/rules.md: by the loss limit if a side that lost fell through it when it lost
    # (how it lost, not where it stands now); else by sets in a row if a side that lost
    # was set its `sets_in_a_row` deals in a row then; else by sets.
    why = "sets"
    for side in out:
        if ledgers[side].ran:
            why = "sets-in-a-row"
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
