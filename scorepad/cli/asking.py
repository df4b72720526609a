"""Table mode's questions: one answer at a time (u takes back, q stops), and a round's
bids and tricks asked in turn, each checked as it is typed."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

import typer

from scorepad.cli.core import error_words
from scorepad.engine.bids import bid_forms, check_bid, parse_bid, say_bid
from scorepad.engine.checks import rest_of_deal, tricks_by_player
from scorepad.engine.entry import parse_tricks
from scorepad.errors import BidError, ScorepadError
from scorepad.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from scorepad.engine.bids import Bid
    from scorepad.engine.game import Game, Standings

UNDO = ("u", "undo")
QUIT = ("q", "quit")
WIDTH = 80  # every prompt and hint fits a terminal this wide


class Undo(Exception):
    """The player typed u, with nothing typed in this round to take back."""


class Quit(Exception):
    """The player typed q, or the input ended (Ctrl-D)."""

    dropped: list[str] = []  # what was typed of a round not yet whole, and is not saved


class Interrupted(BaseException):
    """Ctrl-C. A BaseException of our own, so that no prompt turns it into an Abort."""

    dropped: list[str] = []


Bids = tuple[tuple["Bid", ...], ...]  # each side's bids of a round


def bid_words(text: str) -> list[str]:
    """The bids in what was typed: `blind nil` and `blind 6` are read as `bnil` and `b6`."""
    words = text.lower().split()
    out: list[str] = []
    for word in words:
        if out and out[-1] == "blind" and (word in ("nil", "null") or word.isdigit()):
            out[-1] = "bnil" if word in ("nil", "null") else f"b{word}"
        else:
            out.append(word)
    return out


def ask_word(label: str, default: str | None = None) -> str:
    """One answer; u and q are turned into undo and stop.

    Spaces alone are an empty answer, as Enter is: the default, or the question again.
    """
    while True:
        try:
            answer: str = typer.prompt(
                label,
                default=default,
                show_default=default is not None and default != "",
                prompt_suffix=": ",
            )
        except typer.Abort:  # the input ended (Ctrl-D, or a script ran out)
            typer.echo("")
            raise Quit from None
        word = answer.strip() or (default or "").strip()
        if word or default is not None:
            break
    if word.lower() in UNDO:
        raise Undo
    if word.lower() in QUIT:
        raise Quit
    return word


def ask_enter(label: str, allowed: str) -> str:
    """Wait for Enter; anything else but u and q is a typo, and is asked again."""
    while True:
        word = ask_word(label, default="")
        if not word:
            return word
        complain(
            _("{word} is not an answer here; press Enter, or {allowed}").format(
                word=repr(word), allowed=allowed
            )
        )


def complain(error: object) -> None:
    said = error_words(error) if isinstance(error, ScorepadError) else str(error)
    typer.echo(textwrap.fill(said, WIDTH, initial_indent="  ", subsequent_indent="    "), err=True)


def say(text: str) -> None:
    """A line of table mode's own, wrapped to fit 80 columns whatever the names."""
    typer.echo(textwrap.fill(text, WIDTH, subsequent_indent="  "))


def steps(
    answers: list[Any], count: int, ask: Callable[[int], Any], taken: Callable[[int, Any], str]
) -> list[Any]:
    """Ask `count` answers in turn; u takes back the last one typed, naming it.

    With nothing typed yet, u is passed on: it takes back the last saved entry.
    """
    while len(answers) < count:
        try:
            answers.append(ask(len(answers)))
        except (Quit, Interrupted) as stop:
            stop.dropped = [taken(index, answer) for index, answer in enumerate(answers)]
            raise
        except Undo:
            if not answers:
                raise
            index = len(answers) - 1
            say(_("Took back {entry}.").format(entry=taken(index, answers.pop())))
    return answers


def ask_round_bids(
    game: Game,
    dealer: int,
    before: Standings,
    kept: Bids | None = None,
    *,
    again: bool = False,
) -> Bids:
    """Every side's bids for a round dealt by `dealer`, asked in bidding order.

    With `kept` (the round's bids, taken back or refused), the others stand and the last
    bidder is asked again: `again` when the rules refused the last bid.
    """
    rules = game.rules
    order = rules.bidding_order(dealer)
    joint = rules.partner_bidding and rules.side_size > 1
    # Who is asked, in turn: a team once (joint bidding), or each player.
    askers: list[int] = []
    for seat in order:
        side = rules.side_of(seat)
        if not joint:
            askers.append(seat)
        elif side not in askers:
            askers.append(side)

    def ask(index: int) -> tuple[Bid, ...]:
        if joint:
            return _ask_team_bid(game, askers[index], before)
        return (_ask_bid(game, askers[index], before),)

    def taken(index: int, bids: tuple[Bid, ...]) -> str:
        who = game.sides[askers[index]] if joint else game.players[askers[index]]
        return _("{who}'s bid ({bids})").format(
            who=who, bids=" ".join(say_bid(bid) for bid in bids)
        )

    answers: list[tuple[Bid, ...]] = []
    if kept is not None:
        if joint:
            answers = [kept[side] for side in askers]
        else:
            answers = [
                (kept[rules.side_of(seat)][rules.seats_of(rules.side_of(seat)).index(seat)],)
                for seat in askers
            ]
        last = answers.pop()
        if again:
            who = game.sides[askers[-1]] if joint else game.players[askers[-1]]
            say(_("{who} bids again; the other bids stand.").format(who=who))
        else:
            say(_("Took back {entry}.").format(entry=taken(len(answers), last)))
    answers = steps(answers, len(askers), ask, taken)
    given = dict(zip(askers, answers, strict=True))
    if joint:
        return tuple(given[side] for side in range(rules.sides))
    return tuple(
        tuple(given[seat][0] for seat in rules.seats_of(side)) for side in range(rules.sides)
    )


def _read_bids(
    game: Game, words: Sequence[str], who: Sequence[str], trailing_by: int
) -> tuple[Bid, ...]:
    bids = []
    for word, name in zip(words, who, strict=True):
        try:
            bid = parse_bid(word, game.rules)
        except BidError:
            raise BidError(
                _("{who}: {word} is not a bid; bid {forms}").format(
                    who=name, word=repr(word), forms=bid_forms(game.rules)
                )
            ) from None
        check_bid(game.rules, bid, who=name, trailing_by=trailing_by)
        bids.append(bid)
    return tuple(bids)


def _ask_bid(game: Game, seat: int, result: Standings) -> Bid:
    name = game.players[seat]
    side = game.rules.side_of(seat)
    while True:
        words = bid_words(ask_word(_("{who} bids").format(who=name))) or [""]
        try:
            if len(words) != 1:
                raise ScorepadError(
                    _("{who}: give one bid, not {count}").format(who=name, count=len(words))
                )
            return _read_bids(game, words, [name], result.trailing_by(side))[0]
        except ScorepadError as error:
            complain(error)


def _ask_team_bid(game: Game, side: int, result: Standings) -> tuple[Bid, ...]:
    players = game.side_players(side)
    say(
        _("{side}: one team number, or {players}'s bids.").format(
            side=game.sides[side], players=_(" and ").join(players)
        )
    )
    while True:
        words = bid_words(ask_word(_("{side} bid").format(side=game.sides[side])))
        try:
            if len(words) not in (1, len(players)):
                raise ScorepadError(
                    _("give one team number or {players} bids, not {count}").format(
                        players=len(players), count=len(words)
                    )
                )
            who = [game.sides[side]] if len(words) == 1 else list(players)
            return _read_bids(game, words, who, result.trailing_by(side))
        except ScorepadError as error:
            complain(error)


def ask_round_tricks(game: Game, number: int) -> tuple[tuple[int, ...], ...]:
    """Every side's tricks of round `number`: per team, or per player beside a nil bid.

    The last one asked offers the rest of the deal as its default, taken with Enter.
    """
    rules = game.rules
    round_ = game.rounds[number - 1]
    askers: list[tuple[int, str]] = []  # (side, who)
    for side, entry in enumerate(round_.sides):
        if not tricks_by_player(rules, entry.bids):
            askers.append((side, game.sides[side]))
        else:
            askers.extend((side, name) for name in game.side_players(side))

    def ask(index: int, answers: list[int]) -> int:
        rest = rest_of_deal(rules, answers) if index == len(askers) - 1 else None
        return _ask_tricks(game, askers[index][1], None if rest is None else str(rest))

    answers: list[int] = []
    steps(
        answers,
        len(askers),
        lambda index: ask(index, answers),
        lambda index, took: _("{who}'s tricks ({tricks})").format(
            who=askers[index][1], tricks=took
        ),
    )
    return tuple(
        tuple(took for (owner, _who), took in zip(askers, answers, strict=True) if owner == side)
        for side in range(len(round_.sides))
    )


def _ask_tricks(game: Game, who: str, default: str | None) -> int:
    while True:
        try:
            return parse_tricks(ask_word(_("{who} took").format(who=who), default), who, game.rules)
        except ScorepadError as error:
            complain(error)
