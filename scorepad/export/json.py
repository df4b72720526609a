"""JSON: the game as one object (what `show --json` prints and `export -f json` writes),
and a scored side's round as `check --json` prints it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from scorepad.engine.game import deal_number, deals_left
from scorepad.engine.ruledata import rules_to_mapping
from scorepad.engine.scoring import Line, SideScore
from scorepad.export.view import next_dealer
from scorepad.words.gametext import line_english
from scorepad.words.rounds import side_order, side_rounds

if TYPE_CHECKING:
    from scorepad.engine.game import Game, RoundResult, Standings


def line_json(line: Line) -> dict[str, Any]:
    return {"label": line_english(line), "points": line.points, "kind": line.kind.value}


def side_score_json(result: SideScore) -> dict[str, Any]:
    """A scored side's round: the keys `check --json` and `show --json` share."""
    return {
        "points": result.points,
        "score": result.score,
        "bags": result.bags,
        "lines": [line_json(line) for line in result.lines],
        "contract": result.contract,
        "made": result.made,
        "new_bags": result.new_bags,
        "bag_penalties": result.penalties,
    }


# The keys of `side_score_json` with their value for a round whose tricks are not in.
_OPEN_SIDE: dict[str, Any] = {
    "points": None,
    "score": None,
    "bags": None,
    "lines": [],
    "contract": None,
    "made": None,
    "new_bags": None,
    "bag_penalties": None,
}


def game_json(game: Game, standings: Standings) -> dict[str, Any]:
    """The whole game as one JSON object: what `show --json` prints and `export` writes.

    Teams come in seat order of their first player, and so does each round's `teams`.
    `deal` is the deal being played or dealt next (null once over); `deals_left` the deals
    before the deal limit decides (null with no limit, or once over). `clock` is the
    game's clock as the event's JSON gives a night's (`start`, in seconds since the
    epoch, and `minutes`), with the moment time runs out (`end`) and the deal in play
    when time was called (`called`, null until then); null without a clock. Facts of the
    file, never of the moment it is read: the time left is `end` less now.
    A round whose tricks are not in yet has null tricks, points, score and bags.
    """
    order = side_order(game)
    outcome = standings.outcome
    return {
        "name": game.name,
        "preset": game.preset,
        "status": standings.status,
        "winner": game.sides[outcome.winner]
        if outcome is not None and outcome.winner is not None
        else None,
        "end_reason": outcome.reason.value if outcome is not None else None,
        "ended_after": standings.ended_after,
        "target": game.rules.target,
        "deal": deal_number(game, standings),
        "deals_left": deals_left(game, standings),
        "next_dealer": next_dealer(game, standings),
        "players": list(game.players),
        "teams": [
            {
                "name": game.sides[side],
                "players": list(game.side_players(side)),
                "score": standings.scores[side],
                "bags": standings.bags[side],
                "sets": standings.sets[side],
                "to_target": max(0, game.rules.target - standings.scores[side]),
            }
            for side in order
        ],
        "clock": _clock_json(game),
        "rounds": [_round_json(game, result) for result in standings.rounds],
        "rules": rules_to_mapping(game.rules),
    } | _misdeals_json(game)


def _clock_json(game: Game) -> dict[str, Any] | None:
    """The game's clock: the keys of the event's (`start`, `minutes`), `end` and `called`."""
    clock = game.clock
    if clock is None:
        return None
    return {"start": clock.start, "minutes": clock.minutes, "end": clock.end,
            "called": clock.called}  # fmt: skip


def _misdeals_json(game: Game) -> dict[str, Any]:
    """`misdeals`, only where a deal was called void: older readers see no new key."""
    if not game.misdeals:
        return {}
    return {
        "misdeals": [
            {"before_round": misdeal.before_round, "dealer": game.players[misdeal.dealer],
             "redeal": misdeal.redeal}
            for misdeal in game.misdeals
        ]
    }  # fmt: skip


def _round_json(game: Game, result: RoundResult) -> dict[str, Any]:
    data = _round_data(game, result)
    if result.round.waiting:  # its tricks wait for the other side's OK: not yet scored
        data["waiting"] = True
    if result.round.rulings:  # only where a director ruled: older readers see no new key
        data["rulings"] = [
            {"team": game.sides[ruling.side], "kind": ruling.kind.value,
             "number": ruling.amount, "reason": ruling.reason}
            for ruling in result.round.rulings
        ]  # fmt: skip
    return data


def _round_data(game: Game, result: RoundResult) -> dict[str, Any]:
    return {
        "number": result.number,
        "dealer": game.players[result.round.dealer],
        "played": result.sides is not None,
        "after_end": result.after_end,
        "warnings": [str(warning) for warning in result.warnings],  # one stable English
        "teams": [
            {
                "name": row.name,
                "bid": row.bid,
                "bids": list(row.bids),
                "tricks": row.tricks,
                "player_tricks": list(row.player_tricks) if row.player_tricks else None,
                **(side_score_json(row.result) if row.result is not None else _OPEN_SIDE),
            }
            for row in side_rounds(game, result)
        ],
    }


def export_json(game: Game, standings: Standings) -> str:
    """`game_json` as indented text, names as they are (not \\u escapes)."""
    return json.dumps(game_json(game, standings), indent=2, ensure_ascii=False) + "\n"
