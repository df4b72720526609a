"""A game as a game file's text: the format `gamefile` reads back, and documents.

Text out: writing the file is the store's business (`store`).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from scorepad.engine.bids import Bid, BidKind, format_bid
from scorepad.engine.game import Game, Round
from scorepad.engine.misdeals import Misdeal
from scorepad.engine.ruledata import rules_to_mapping
from scorepad.engine.rulings import Ruling, RulingKind
from scorepad.files.gamefile import END_TABLE, FORMAT

_T = TypeVar("_T")

_HEADER = (
    f"# A scorepad game (format {FORMAT}). Scores are not stored: they are recomputed\n"
    "# from the rounds. Each round: its dealer, the bids and, once played, the tricks,\n"
    "# keyed by player (or by team, for a joint bid or a team's total).\n"
    "# The rules hold every knob and the file ends with its round count, so a file cut\n"
    "# short is refused, never read as a shorter game. Adding or removing a round by\n"
    "# hand, change round_count at the end too.\n"
)


def game_to_toml(game: Game) -> str:
    """The game as a game file's text; `game_from_toml` reads it back to an equal game.

    Each round is one line, an inline table: a file of many rounds stays short to read,
    for people and for the TOML parser, which is most of the time a load takes.
    """
    import tomli_w

    head = {
        "format": FORMAT,
        "name": game.name,
        "preset": game.preset,
        "players": list(game.players),
        "teams": list(game.sides),
        "first_dealer": game.players[game.first_dealer],
    }
    # Every knob on a line of its own, arrays too: a line lost from [rules] is then a
    # knob missing, which gamefile._check_whole names, never a different array that still loads.
    rules = "".join(
        f"{_key_value(key, value)}\n" for key, value in rules_to_mapping(game.rules).items()
    )
    end = {END_TABLE: {"round_count": len(game.rounds)}}  # written last: see gamefile._check_whole
    rounds = ""
    if game.rounds:
        lines = "".join(
            f"    {_inline_table(_round_data(game, round_))},\n" for round_ in game.rounds
        )
        rounds = f"\nrounds = [\n{lines}]\n"
    if game.misdeals:  # void deals (engine/misdeals): a line each, after the rounds
        lines = "".join(
            f"    {_inline_table(_misdeal_data(game, misdeal))},\n" for misdeal in game.misdeals
        )
        rounds += f"\nmisdeals = [\n{lines}]\n"
    tail = "\n[rules]\n" + rules + "\n" + tomli_w.dumps(end)
    if game.clock is not None:  # a game to a clock: after the rounds, before the rules
        clock: dict[str, object] = {
            "start": datetime.datetime.fromtimestamp(game.clock.start, datetime.UTC),
            "minutes": game.clock.minutes,
        }
        if game.clock.called is not None:
            clock["called"] = game.clock.called
        tail = "\n" + tomli_w.dumps({"clock": clock}) + tail
    if game.event is not None:  # a club night's table: after the rounds, before the rules
        seat = {"name": game.event.event, "round": game.event.round, "table": game.event.table}
        tail = "\n" + tomli_w.dumps({"event": seat}) + tail
    return _HEADER + tomli_w.dumps(head) + rounds + tail


def _inline_table(table: Mapping[str, object]) -> str:
    """A table of strings, numbers and such tables on one line: `{ a = 1, "b c" = "x" }`.

    Keys and values are written by tomli-w, each as it would write `key = value` alone.
    """
    items = [_key_value(key, value) for key, value in table.items()]
    return "{ " + ", ".join(items) + " }" if items else "{}"


def _key_value(key: str, value: object) -> str:
    """`key = value` on one line, tables and arrays inline, each part as tomli-w writes it."""
    import tomli_w

    name = tomli_w.dumps({key: 0})[:-5]
    if isinstance(value, Mapping):
        return f"{name} = {_inline_table(value)}"
    if isinstance(value, list | tuple) and value and isinstance(value[0], Mapping):
        return f"{name} = [{', '.join(_inline_table(item) for item in value)}]"
    if isinstance(value, list | tuple):
        items = ", ".join(tomli_w.dumps({"v": item})[4:-1] for item in value)
        return f"{name} = [{items}]"
    return tomli_w.dumps({key: value}).rstrip("\n")


def _round_data(game: Game, round_: Round) -> dict[str, Any]:
    bids: dict[str, object] = {}
    tricks: dict[str, object] = {}
    for seat in range(len(game.players)):
        side = game.rules.side_of(seat)
        entry = round_.sides[side]
        for table, values in ((bids, entry.bids), (tricks, entry.tricks)):
            if values is None:
                continue
            key, value = _seat_value(game, seat, values)
            if key is not None:
                table[key] = _bid_data(value) if isinstance(value, Bid) else value
    data: dict[str, Any] = {"dealer": game.players[round_.dealer], "bids": bids}
    if round_.played:
        data["tricks"] = tricks
    if round_.rulings:
        data["rulings"] = [_ruling_data(game, ruling) for ruling in round_.rulings]
    if round_.waiting:  # only while its tricks wait for the other side's OK
        data["waiting"] = True
    return data


def _misdeal_data(game: Game, misdeal: Misdeal) -> dict[str, object]:
    """`{ before_round = 3, dealer = "Bob", redeal = "same" }`."""
    return {
        "before_round": misdeal.before_round,
        "dealer": game.players[misdeal.dealer],
        "redeal": misdeal.redeal,
    }


def _ruling_data(game: Game, ruling: Ruling) -> dict[str, object]:
    """A ruling as the file keeps it: `{ side = "Them", books = 3, reason = "renege" }`;
    set and forfeit as `set = true`, `forfeit = true`."""
    kind = ruling.kind
    amount: object = True if kind in (RulingKind.SET, RulingKind.FORFEIT) else ruling.amount
    return {"side": game.sides[ruling.side], kind.value: amount, "reason": ruling.reason}


def _seat_value(game: Game, seat: int, values: tuple[_T, ...]) -> tuple[str | None, _T | None]:
    """The file's key and value for a seat: the player's own, or the team's at its first seat."""
    side = game.rules.side_of(seat)
    seats = game.rules.seats_of(side)
    if len(values) == len(seats):
        return game.players[seat], values[seats.index(seat)]
    if seat == seats[0]:
        return game.sides[side], values[0]
    return None, None


def _bid_data(bid: Bid) -> object:
    return bid.tricks if bid.kind is BidKind.NUMBER else format_bid(bid)
