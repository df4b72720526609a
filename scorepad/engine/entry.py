"""Entry: what people type at the table, read into a game's rounds, and taken back.

`PLAYER=VALUE` words name a player by name or seat (or a team by name; `lookup` finds
them) and give a bid or tricks; `record_bids` and `record_tricks` check them against the
rules and the game so far and return the game with the round entered or corrected;
`undo_last` takes the last entry back. The game itself, and what its rounds add up to, is `game`'s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Literal, TypeVar

from scorepad.engine.bids import Bid, contract_of, parse_bid
from scorepad.engine.checks import check_round_bids, check_round_number, check_round_tricks
from scorepad.engine.game import (
    Game,
    Round,
    SideEntry,
    Standings,
    awaiting_ok,
    next_dealer,
    open_round,
    standings,
    standings_before,
)
from scorepad.engine.lookup import find_bidder
from scorepad.engine.misdeals import Misdeal
from scorepad.engine.rules import MisdealRedeal, Rules
from scorepad.engine.rulings import MOST_REASON, Ruling, RulingKind, ruling_amounts, ruling_kinds
from scorepad.errors import BidError, GameError, Todo, TricksError
from scorepad.i18n import _
from scorepad.numbers import cut_text, small_number

_T = TypeVar("_T")


# ---------------------------------------------------------------------------
# Recording rounds: bids, then tricks; corrections and undo


def _refusals(what: str) -> dict[str, str]:
    """The refusals of entering `what` (`bid` or `tricks`), each a whole sentence to translate."""
    if what == "bid":
        return {
            "form": _("not PLAYER=BID: {token}; write it like Ann=4"),
            "none": _("no bids given; write PLAYER=BID for every player"),
            "twice": _("{who} is given twice; give each player's bid once"),
            "both": _("{team}: give the team's bid or each player's, not both"),
            "missing": _("no bid for {names}; give every player's bid"),
            "missing_team": _("no bid for {names}; give every player's bid (or the team's)"),
        }
    return {
        "form": _("not PLAYER=TRICKS: {token}; write it like Ann=4"),
        "none": _("no tricks given; write PLAYER=TRICKS for every player"),
        "twice": _("{who} is given twice; give each player's tricks once"),
        "both": _("{team}: give the team's tricks or each player's, not both"),
        "missing": _("no tricks for {names}; give every player's tricks"),
        "missing_team": _("no tricks for {names}; give every player's tricks (or the team's)"),
    }


def read_assignments(tokens: Sequence[str], what: str) -> list[tuple[str, str]]:
    """Split `PLAYER=VALUE` tokens; the last `=` separates, so a name may hold one."""
    pairs: list[tuple[str, str]] = []
    for token in tokens:
        ref, sep, value = token.rpartition("=")
        if not sep or not ref.strip() or not value.strip():
            raise GameError(_refusals(what)["form"].format(token=repr(token)))
        pairs.append((ref.strip(), value.strip()))
    if not pairs:
        raise GameError(_refusals(what)["none"])
    return pairs


Given = tuple[int, int | None, str]  # (side, seat or None for the whole team, value as given)


def locate(game: Game, pairs: Sequence[tuple[str, str]]) -> list[Given]:
    """`(PLAYER, VALUE)` pairs with each player (or team) found by name or seat number."""
    return [(*find_bidder(game, ref), value) for ref, value in pairs]


def _collect(game: Game, given: Sequence[Given], what: str) -> list[dict[int | None, str]]:
    """Per side, the values given: keyed by seat, or None for the whole team."""
    per_side: list[dict[int | None, str]] = [{} for _ in game.sides]
    for side, seat, value in given:
        who = game.sides[side] if seat is None else game.players[seat]
        if seat in per_side[side]:
            raise GameError(_refusals(what)["twice"].format(who=who))
        per_side[side][seat] = value
        if None in per_side[side] and len(per_side[side]) > 1:
            raise GameError(_refusals(what)["both"].format(team=game.sides[side]))
    missing = [
        game.players[seat]
        for side, values in enumerate(per_side)
        if None not in values
        for seat in game.rules.seats_of(side)
        if seat not in values
    ]
    if missing:
        said = _refusals(what)["missing_team" if game.rules.side_size > 1 else "missing"]
        raise GameError(said.format(names=", ".join(missing)))
    return per_side


def parse_round_bids(game: Game, pairs: Sequence[tuple[str, str]]) -> tuple[tuple[Bid, ...], ...]:
    """Each side's bids from `PLAYER=BID` pairs: one per player, or a joint team bid."""
    return bids_given(game, locate(game, pairs))


def bids_given(game: Game, given: Sequence[Given]) -> tuple[tuple[Bid, ...], ...]:
    """Each side's bids from bid words by seat (or by side, for a joint bid), as `Bid`s."""
    return _per_side(
        game, given, "bid", lambda text, who, team: read_bid(game.rules, text, who, team)
    )


def read_bid(rules: Rules, text: str, who: str, team: bool = False) -> Bid:
    """One player's (or, `team`, one side's joint) bid from its word, refused naming `who`."""
    if team and not rules.partner_bidding:
        raise BidError(
            _(
                "{who}: a joint team bid needs partner bidding"
                " (partner_bidding = true); give each player's bid"
            ).format(who=who)
        )
    try:
        return parse_bid(text, rules)
    except BidError as error:
        raise BidError(f"{who}: {error}") from None


def parse_round_tricks(game: Game, pairs: Sequence[tuple[str, str]]) -> tuple[tuple[int, ...], ...]:
    """Each side's tricks from `PLAYER=N` pairs: one per player, or a team total."""
    return tricks_given(game, locate(game, pairs))


def tricks_given(game: Game, given: Sequence[Given]) -> tuple[tuple[int, ...], ...]:
    """Each side's tricks from numbers by seat (or by side, for a team's total)."""
    return _per_side(
        game, given, "tricks", lambda text, who, team: parse_tricks(text, who, game.rules)
    )


def _per_side(
    game: Game,
    given: Sequence[Given],
    what: str,
    read: Callable[[str, str, bool], _T],
) -> tuple[tuple[_T, ...], ...]:
    """Each side's values, read by `read(text, who, team)`: the team's one, or per player."""
    sides: list[tuple[_T, ...]] = []
    for side, values in enumerate(_collect(game, given, what)):
        if None in values:
            sides.append((read(values[None], game.sides[side], True),))
        else:
            seats = game.rules.seats_of(side)
            sides.append(tuple(read(values[seat], game.players[seat], False) for seat in seats))
    return tuple(sides)


def parse_tricks(text: str, who: str, rules: Rules) -> int:
    """A number of tricks someone took, as typed: 0 to the tricks in a deal."""
    tricks = small_number(text)
    if tricks is None or tricks > rules.tricks:
        raise TricksError(
            _("{who}: tricks {text} are not allowed; give 0 to {tricks}").format(
                who=who, text=repr(cut_text(text)), tricks=rules.tricks
            )
        )
    return tricks


def set_bids(
    game: Game,
    bids: Sequence[tuple[Bid, ...]],
    *,
    number: int | None = None,
    before: Standings | None = None,
) -> Game:
    """The game with the bids of a new round, or of round `number` rewritten.

    A new round is refused while a round waits for its tricks, and once the game is over.
    Bids are judged by the standings before their round (blind nil eligibility); a caller
    that has them from `check_new_round` passes them as `before`.
    """
    if number is None:
        if before is None:
            before = check_new_round(game)
        number = len(game.rounds) + 1
        old: Round | None = None
        dealer = next_dealer(game)
    else:
        check_round_number(game, number)
        old = game.rounds[number - 1]
        dealer = old.dealer
    if len(bids) != len(game.sides):
        raise GameError(
            _("{given} sides of bids given; this game has {sides}").format(
                given=len(bids), sides=len(game.sides)
            )
        )
    entries = []
    for side, side_bids in enumerate(bids):
        tricks = old.sides[side].tricks if old else None
        entries.append(SideEntry(tuple(side_bids), tricks))
    round_ = Round(dealer, tuple(entries), old.rulings if old else ())
    check_round_bids(game, round_, before or standings_before(game, number))
    if round_.played:
        try:
            check_round_tricks(game, round_)
        except TricksError as error:
            raise TricksError(
                _("round {number}: {error}").format(number=number, error=error),
                todo=Todo.CORRECT_TRICKS,
                number=number,
            ) from None
    return _with_round(game, number, round_)


def set_tricks(game: Game, tricks: Sequence[tuple[int, ...]], *, number: int | None = None) -> Game:
    """The game with the tricks of the round waiting for them, or of round `number`."""
    number = check_tricks_round(game, number)
    old = game.rounds[number - 1]
    if len(tricks) != len(game.sides):
        raise GameError(
            _("{given} sides of tricks given; this game has {sides}").format(
                given=len(tricks), sides=len(game.sides)
            )
        )
    round_ = old._replace(
        sides=tuple(
            SideEntry(entry.bids, tuple(took))
            for entry, took in zip(old.sides, tricks, strict=True)
        ),
        # docs/rules.md, The other side's OK: the last round's tricks wait for it.
        waiting=game.rules.confirm_entries and number == len(game.rounds),
    )
    check_round_tricks(game, round_)
    return _with_round(game, number, round_)


def check_new_round(game: Game) -> Standings:
    """Refuse a new round while one waits for its tricks, or once the game is over.

    Returns the standings, which are those before the new round.
    """
    agreeing = awaiting_ok(game)
    if agreeing is not None:
        raise GameError(
            _(
                "round {number} waits for the other side's OK of its tricks (scorepad"
                " confirm, or correct them)"
            ).format(number=agreeing)
        )
    waiting = open_round(game)
    if waiting is not None:
        raise GameError(
            _("round {number} already has its bids").format(number=waiting),
            todo=Todo.ENTER_TRICKS_OR_UNDO,
            number=waiting,
        )
    result = standings(game)
    if result.finished:
        said = (
            _("the game is over ({side} won after round {number}); no new round")
            if result.winner is not None
            else _("the game is over (it is a draw after round {number}); no new round")
        )
        side = game.sides[result.winner] if result.winner is not None else ""
        raise GameError(said.format(side=side, number=result.ended_after), todo=Todo.CORRECT_ONLY)
    return result


def check_tricks_round(game: Game, number: int | None) -> int:
    """The round that tricks go to: `number`, or the one waiting for its tricks."""
    if number is None:
        number = open_round(game)
        if number is None:
            check_new_round(game)  # a finished game: it is over, and what can still be done
            upcoming = len(game.rounds) + 1
            raise GameError(
                _("round {number} has no bids yet").format(number=upcoming),
                todo=Todo.ENTER_BIDS_OR_CORRECT,
                number=upcoming,
            )
    check_round_number(game, number)
    return number


def record_bids(game: Game, tokens: Sequence[str], *, number: int | None = None) -> Game:
    """`scorepad bid`: the game with `PLAYER=BID` tokens entered as a round's bids."""
    if number is None:
        # The state of the game is named before anything wrong with the bids themselves.
        before = check_new_round(game)
        bids = parse_round_bids(game, read_assignments(tokens, "bid"))
        return set_bids(game, bids, before=before)
    check_round_number(game, number)
    return set_bids(game, parse_round_bids(game, read_assignments(tokens, "bid")), number=number)


def record_tricks(game: Game, tokens: Sequence[str], *, number: int | None = None) -> Game:
    """`scorepad tricks`: the game with `PLAYER=N` tokens entered as a round's tricks."""
    check_tricks_round(game, number)
    pairs = read_assignments(tokens, "tricks")
    return set_tricks(game, parse_round_tricks(game, pairs), number=number)


Entry = Literal["misdeal", "ruling", "tricks", "bids"]


def last_entry(game: Game) -> Entry | None:
    """What `undo_last` takes back: a misdeal called since the last round, else the last
    round's last ruling, else its tricks, else its bids (None: nothing is entered)."""
    if game.misdeals and game.misdeals[-1].before_round > len(game.rounds):
        return "misdeal"
    if not game.rounds:
        return None
    last = game.rounds[-1]
    if last.rulings:
        return "ruling"
    return "tricks" if last.played else "bids"


def undo_last(game: Game) -> Game:
    """The game with its last entry taken back (`last_entry`)."""
    entry = last_entry(game)
    if entry is None:
        raise GameError(_("nothing to undo: no round is entered yet"))
    if entry == "misdeal":
        return dataclasses.replace(game, misdeals=game.misdeals[:-1])
    last = game.rounds[-1]
    if entry == "ruling":
        return _with_round(game, len(game.rounds), last._replace(rulings=last.rulings[:-1]))
    if entry == "tricks":
        return without_tricks(game, len(game.rounds))
    return dataclasses.replace(game, rounds=game.rounds[:-1])


def without_tricks(game: Game, number: int) -> Game:
    """The game with round `number`'s bids only: its tricks set aside."""
    old = game.rounds[number - 1]
    cleared = old._replace(
        sides=tuple(SideEntry(entry.bids) for entry in old.sides), waiting=False
    )
    return _with_round(game, number, cleared)


def _with_round(game: Game, number: int, round_: Round) -> Game:
    rounds = list(game.rounds)
    if number == len(rounds) + 1:
        rounds.append(round_)
    else:
        rounds[number - 1] = round_
    return dataclasses.replace(game, rounds=tuple(rounds))


def agree_round(game: Game) -> Game:
    """The game with the last round's tricks agreed by the other side, and so scored
    (docs/rules.md, The other side's OK); refused where no round waits."""
    number = awaiting_ok(game)
    if number is None:
        raise GameError(_("no round waits for the other side's OK"))
    return _with_round(game, number, game.rounds[number - 1]._replace(waiting=False))


# ---------------------------------------------------------------------------
# Misdeals (docs/rules.md, Misdeals)


def call_misdeal(game: Game, redeal: MisdealRedeal | None = None) -> Game:
    """The game with the deal about to be bid called void: who dealt it deals again
    (`redeal` "same") or the deal passes on ("next"); by default as `misdeal_redeal` says.

    Refused while a round's bids are in (they are taken back first: a misdeal voids a deal
    before it is bid on), and once the game is over (`check_new_round`).
    """
    waiting = open_round(game)
    if waiting is not None:
        raise GameError(
            _(
                "round {number} has its bids: a misdeal voids a deal before it is bid on;"
                " take the bids back first (scorepad undo)"
            ).format(number=waiting)
        )
    check_new_round(game)
    chosen = game.rules.misdeal_redeal if redeal is None else redeal
    misdeal = Misdeal(len(game.rounds) + 1, next_dealer(game), chosen)
    return dataclasses.replace(game, misdeals=(*game.misdeals, misdeal))


# ---------------------------------------------------------------------------
# Rulings (docs/rules.md, Rulings)


def rule_on(game: Game, ruling: Ruling, *, number: int | None = None) -> Game:
    """The game with `ruling` made on round `number` (by default the last round).

    Refused: a game with no round; a round played after the end; a finished game (except
    a ruling on a round that counts, which rescores it like a correction); books, set or
    points on a round whose tricks are not in (a forfeit may end a round in play); books
    or a forfeit where more than two sides play; set against a side with no contract of 1
    or more; a number out of range; an empty or overlong reason.
    """
    check_ruling(game.rules, ruling)
    if not game.rounds:
        raise GameError(_("no round yet: a ruling is made on a round; enter its bids first"))
    if number is None:
        number = len(game.rounds)
    check_round_number(game, number)
    round_ = game.rounds[number - 1]
    result = standings(game)
    if result.ended_after is not None and number > result.ended_after:
        raise GameError(
            _("round {number} was played after the end of the game; it decides nothing").format(
                number=number
            )
        )
    if ruling.kind is RulingKind.FORFEIT and result.finished:
        raise GameError(_("the game is over already; a forfeit needs a game in play"))
    if ruling.kind is not RulingKind.FORFEIT and not round_.played:
        raise GameError(
            _(
                "round {number} has no tricks yet: books, set and points are ruled on a played"
                " round; enter its tricks first, or rule on an earlier round"
            ).format(number=number)
        )
    if ruling.kind is RulingKind.SET:
        contract = contract_of(round_.sides[ruling.side].bids)
        if contract < 1:
            raise GameError(
                _("{side} bid no contract in round {number}, so it cannot be set").format(
                    side=game.sides[ruling.side], number=number
                )
            )
    return _with_round(game, number, round_._replace(rulings=(*round_.rulings, ruling)))


def check_ruling(rules: Rules, ruling: Ruling) -> None:
    """Refuse a ruling no game under `rules` can hold, naming what is allowed (the words
    name no command: the CLI and the pages say them alike)."""
    kind = ruling.kind
    if kind not in ruling_kinds(rules):
        said = (
            _("a ruling in books needs two sides; with {sides} sides, rule in points")
            if kind is RulingKind.BOOKS
            else _("a forfeit needs two sides; with {sides} sides, rule in points")
        )
        raise GameError(said.format(sides=rules.sides))
    if not 0 <= ruling.side < rules.sides:
        raise GameError(_("there is no side {side}").format(side=ruling.side + 1))
    amounts = ruling_amounts(rules, kind)
    if kind is RulingKind.BOOKS and amounts is not None:
        least, most = amounts
        if not least <= ruling.amount <= most:
            raise GameError(
                _("a ruling of {books} books is not allowed: give {least} to {most} books").format(
                    books=ruling.amount, least=least, most=most
                )
            )
    if kind is RulingKind.POINTS and amounts is not None:
        least, most = amounts
        if not (ruling.amount and least <= ruling.amount <= most):
            raise GameError(
                _(
                    "a ruling of {points} points is not allowed: give {least} to {most}, not 0"
                    " (negative takes points away)"
                ).format(points=ruling.amount, least=least, most=most)
            )
    reason = ruling.reason
    if not reason.strip() or len(reason) > MOST_REASON or not reason.isprintable():
        raise GameError(
            _("a ruling's reason must say why, in 1 to {most} printable characters").format(
                most=MOST_REASON
            )
        )
