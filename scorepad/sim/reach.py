"""What a sweep's game reached: the bid kinds and situations it played, read from its
rounds as the score pad folds them, and what its director did (`SITUATIONS` lists every
one a sweep looks for, so that its report can say which were not reached)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from scorepad.engine.game import Game, Standings
from scorepad.engine.rules import Rules


def game_reach(folded: Standings, rules: Rules, game: Game | None = None) -> Counter[str]:
    """The bid kinds and situations a played game reached, read from its rounds as the
    score pad folds them (`game.standings`), and from the game (`game`): its rulings by
    kind, its misdeals by who dealt again, its clock."""
    reached: Counter[str] = Counter()
    if game is not None:
        _director_reached(reached, folded, game)
    scores = [0] * rules.sides
    out = [False] * rules.sides
    limit = rules.loss_limit
    for result in folded.rounds:
        if result.sides is None or result.after_end:
            continue
        for side, (entry, scored) in enumerate(zip(result.round.sides, result.sides, strict=True)):
            behind = max(s for other, s in enumerate(scores) if other != side) - scores[side]
            _bids_reached(reached, rules, entry.bids, entry.tricks or (), scored, behind)
        before = scores
        scores = [scored.score for scored in result.sides]
        if limit is not None:
            fell = [side for side in range(rules.sides) if scores[side] <= limit]
            if len(fell) > 1 and len({scores[side] for side in fell}) == 1:
                reached["sides through the loss limit together, level"] += 1
            for side in range(rules.sides):
                if scores[side] == limit:
                    reached["a score exactly at the loss limit"] += 1
                if scores[side] <= limit and not out[side]:
                    reached["a side through the loss limit"] += 1
                    out[side] = True
                elif out[side] and before[side] <= limit < scores[side]:
                    reached["a side out climbed back above the loss limit"] += 1
        if rules.target in scores:
            reached["a score exactly at the target"] += 1
    outcome = folded.outcome
    reached[f"ended by {outcome.reason.value if outcome else 'nothing yet'}"] += 1
    return reached


def _director_reached(reached: Counter[str], folded: Standings, game: Game) -> None:
    """What a game's director did, as the game keeps it (docs/rules.md, Rulings,
    Misdeals and The clock)."""
    for result in folded.rounds:
        if not result.after_end:
            reached.update(f"{ruling.kind.value} ruling" for ruling in result.round.rulings)
    for misdeal in game.misdeals:
        reached[f"misdeal, redeal {misdeal.redeal}"] += 1
    clock, outcome = game.clock, folded.outcome
    if clock is not None and clock.called is not None:
        reached["game to a clock, time called"] += 1
        ended = folded.ended_after
        if outcome is not None and outcome.reason.value == "time" and (ended or 0) > clock.called:
            reached["a tie at the call played on"] += 1


def _bids_reached(
    reached: Counter[str], rules: Rules, bids: Sequence[Any], tricks: Sequence[int],
    scored: Any, behind: int,
) -> None:  # fmt: skip
    kinds = [bid.kind.value for bid in bids]
    for bid, took in zip(bids, tricks, strict=False):
        kind = bid.kind.value
        if kind == "nil":
            reached["nil" if took == 0 else "nil failed"] += 1
        elif kind == "bnil":
            reached["blind nil" if took == 0 else "blind nil failed"] += 1
            deficit = rules.blind_nil_deficit
            if deficit and behind == deficit:
                reached["blind nil at exactly the deficit"] += 1
            elif deficit and deficit < behind <= deficit + 10:
                reached["blind nil just past the deficit"] += 1
        elif kind == "blind":
            reached["blind bid"] += 1
    if len(bids) == 1 and rules.side_size == 2:
        reached["joint team bid"] += 1
    if len(bids) == 2 and all(kind in ("nil", "bnil") for kind in kinds):
        reached["double nil"] += 1
        if rules.double_nil == "all-or-nothing":
            reached["double nil, all or nothing"] += 1
    if scored.made is None:
        return
    contract = scored.contract
    if "blind" in kinds and not scored.made:
        reached["blind contract set"] += 1
    if contract > rules.tricks:
        reached["overbid of the deal"] += 1
    elif contract == rules.tricks:
        reached["Boston bid" if rules.boston else "every trick bid"] += 1
    if rules.ten_for_200 and rules.ten_for_200_bid <= contract < rules.tricks:
        reached["10-for-200 contract"] += 1
    if any(kind in ("nil", "bnil") for kind in kinds) and any(
        kind in ("nil", "bnil") and took for kind, took in zip(kinds, tricks, strict=False)
    ):
        reached["failed nil beside a contract"] += 1
    if scored.penalties >= 2:
        reached["two or more bag penalties in a round"] += 1
    taken = sum(tricks)
    if rules.exact_bonus and contract in rules.exact_bonus_bids and scored.made:
        reached["exact bonus bid made exactly" if taken == contract else
                "exact bonus bid made with overtricks"] += 1  # fmt: skip
    if rules.big_contract_bonus and scored.made and contract >= rules.big_contract_from:
        reached["big contract made at its threshold" if contract == rules.big_contract_from
                else "big contract made above its threshold"] += 1  # fmt: skip


# Every situation the report looks for, so that it can say which were not reached.
SITUATIONS = (
    "nil", "nil failed", "blind nil", "blind nil failed", "blind nil at exactly the deficit",
    "blind nil just past the deficit", "blind bid", "blind contract set", "joint team bid",
    "double nil", "double nil, all or nothing", "overbid of the deal", "Boston bid",
    "10-for-200 contract",
    "failed nil beside a contract", "two or more bag penalties in a round",
    "exact bonus bid made exactly", "exact bonus bid made with overtricks",
    "big contract made at its threshold", "big contract made above its threshold",
    "a score exactly at the target", "a score exactly at the loss limit",
    "a side through the loss limit", "sides through the loss limit together, level",
    "a side out climbed back above the loss limit", "ended by target", "ended by loss-limit",
    "ended by sets", "ended by sets-in-a-row", "ended by boston", "ended by deal-limit",
    # What the director did (director.py): rulings of each kind, misdeals, the other
    # side's OK, the clock.
    "books ruling", "points ruling", "set ruling", "forfeit ruling", "forfeit ruling in play",
    "misdeal, redeal same", "misdeal, redeal next", "round agreed by the other side",
    "game to a clock, time called", "time called in play", "time called between deals",
    "a tie at the call played on", "ended by time", "ended by forfeit",
)  # fmt: skip
