"""`scorepad play`: table mode. Prompts for each round's bids and tricks until the game is won.

A round's bids are saved once every bid is typed, and its tricks once every side's are in
(under the game's lock, like `bid` and `tricks`); stopping at any prompt loses only the
round being typed, and the banner says so. `u` takes back one entry at a time: the last
bid or tricks typed, then the saved entries before them. A finished game is not a dead
end: its last round can be taken back or any round corrected before table mode ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from scorepad.cli.common import INTERRUPTED, GameOption
from scorepad.cli.core import app
from scorepad.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from scorepad.bids import Bid
    from scorepad.game import Game, Standings

UNDO = ("u", "undo")
QUIT = ("q", "quit")
WIDTH = 80  # every prompt and hint fits a terminal this wide


class _Undo(Exception):
    """The player typed u, with nothing typed in this round to take back."""


class _Quit(Exception):
    """The player typed q, or the input ended (Ctrl-D)."""

    dropped: list[str] = []  # what was typed of a round not yet whole, and is not saved


class _Interrupted(BaseException):
    """Ctrl-C. A BaseException of our own, so that no prompt turns it into an Abort."""

    dropped: list[str] = []


@app.command()
def play(game_ref: GameOption = None) -> None:
    """Table mode: prompt for each player's bid, then the tricks, and show the sheet.

    q or Ctrl-D stops (status 0), Ctrl-C too (status 130); each says what is saved.
    """
    import signal
    import threading

    from scorepad.bids import bid_forms
    from scorepad.game import standings
    from scorepad.library import resolve_game
    from scorepad.store import load_game_file

    path = resolve_game(game_ref)
    game = load_game_file(path)
    if game.rounds:
        _show_sheet(game, standings(game))
    _say(
        _("Keeping {game}. At any prompt: u takes back the last entry, q stops.").format(
            game=game.name
        )
    )
    typer.echo(_("Bids are saved once the whole round is bid, tricks once all are in."))
    typer.echo(_("Bids: {forms}.").format(forms=bid_forms(game.rules)))

    def interrupt(signum: int, frame: Any) -> None:
        raise _Interrupted

    # Only the main thread may set a signal handler (an embedding app may run us elsewhere).
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, interrupt) if main else None
    try:
        _play(path)
    except (_Interrupted, KeyboardInterrupt) as stop:
        typer.echo("")
        _say(stopped_text(path, getattr(stop, "dropped", [])))
        raise typer.Exit(INTERRUPTED) from None
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)


def _play(path: Path) -> None:
    from scorepad.game import open_round, standings
    from scorepad.store import load_game_file

    kept: _Bids | None = None  # bids taken back from a saved round, asked from the last one
    while True:
        game = load_game_file(path)
        result = standings(game)
        waiting = open_round(game)
        given, kept = kept, None
        try:
            if waiting is not None:
                _enter_tricks(path, game, waiting)
            elif result.finished:
                if _after_the_end(path, game, result):
                    return
            else:
                _enter_bids(path, game, result, given)
        except _Undo:
            kept = _undo(path)
        except _Quit as stop:
            _say(stopped_text(path, stop.dropped))
            return


def stopped_text(path: Path, dropped: Sequence[str]) -> str:
    """What stopping keeps and what it drops: `Stopped; ... Not saved: Ann's bid (3).`"""
    from scorepad.errors import ScorepadError
    from scorepad.store import load_game_file

    try:
        game = load_game_file(path)
    except ScorepadError:
        kept = _("the game is saved up to its last whole entry")
    else:
        count = len(game.rounds)
        if not count:
            kept = _("no round is saved yet")
        elif game.rounds[-1].played:
            kept = _("the game is saved up to round {number}'s tricks").format(number=count)
        else:
            kept = _("the game is saved up to round {number}'s bids").format(number=count)
    text = _("Stopped; {kept}.").format(kept=kept)
    if dropped:
        text += " " + _("Not saved (the round was not whole): {entries}.").format(
            entries=", ".join(dropped)
        )
    return text + " " + _("Carry on with `scorepad play`.")


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


def _ask(label: str, default: str | None = None) -> str:
    """One answer; u and q are turned into undo and stop."""
    try:
        answer: str = typer.prompt(
            label,
            default=default,
            show_default=default is not None and default != "",
            prompt_suffix=": ",
        )
    except typer.Abort:  # the input ended (Ctrl-D, or a script ran out)
        typer.echo("")
        raise _Quit from None
    word = answer.strip()
    if word.lower() in UNDO:
        raise _Undo
    if word.lower() in QUIT:
        raise _Quit
    return word


def _ask_enter(label: str, allowed: str) -> str:
    """Wait for Enter; anything else but u and q is a typo, and is asked again."""
    while True:
        word = _ask(label, default="")
        if not word:
            return word
        _complain(
            _("{word} is not an answer here; press Enter, or {allowed}").format(
                word=repr(word), allowed=allowed
            )
        )


def _complain(error: object) -> None:
    import textwrap

    typer.echo(
        textwrap.fill(str(error), WIDTH, initial_indent="  ", subsequent_indent="    "), err=True
    )


def _say(text: str) -> None:
    """A line of table mode's own, wrapped to fit 80 columns whatever the names."""
    import textwrap

    typer.echo(textwrap.fill(text, WIDTH, subsequent_indent="  "))


_Bids = tuple[tuple["Bid", ...], ...]  # each side's bids of a round


def _undo(path: Path) -> _Bids | None:
    """Take back the last saved entry; saved bids come back to be asked from the last one.

    A round's bids waiting for their tricks are taken back one bid at a time, as they were
    typed: they are returned, and the last bidder is asked again.
    """
    from scorepad.cli.common import sentence
    from scorepad.entry import undo_last
    from scorepad.errors import ScorepadError
    from scorepad.store import update_game

    def change(game: Game) -> tuple[Game, tuple[str, _Bids | None]]:
        last = game.rounds[-1] if game.rounds else None
        bids = None if last is None or last.played else tuple(e.bids for e in last.sides)
        changed, message = undo_last(game)
        return changed, (message, bids)

    try:
        _game, (message, bids) = update_game(path, change)
    except ScorepadError as error:
        _complain(error)
        return None
    if bids is None:
        typer.echo(sentence(message))
    return bids


def _save(path: Path, change: Callable[[Game], Game]) -> bool:
    """Save one entry; a refusal is shown and nothing is saved."""
    from scorepad.errors import ScorepadError
    from scorepad.store import update_game

    try:
        update_game(path, lambda game: (change(game), None))
    except ScorepadError as error:
        _complain(error)
        return False
    return True


def _steps(
    answers: list[Any], count: int, ask: Callable[[int], Any], taken: Callable[[int, Any], str]
) -> list[Any]:
    """Ask `count` answers in turn; u takes back the last one typed, naming it.

    With nothing typed yet, u is passed on: it takes back the last saved entry.
    """
    while len(answers) < count:
        try:
            answers.append(ask(len(answers)))
        except (_Quit, _Interrupted) as stop:
            stop.dropped = [taken(index, answer) for index, answer in enumerate(answers)]
            raise
        except _Undo:
            if not answers:
                raise
            index = len(answers) - 1
            _say(_("Took back {entry}.").format(entry=taken(index, answers.pop())))
    return answers


def _enter_bids(path: Path, game: Game, result: Standings, kept: _Bids | None = None) -> None:
    """Ask every bid of the next round in bidding order, then save them together.

    `kept` are the round's bids taken back by u: all but the last bid stand.
    """
    from functools import partial

    from scorepad.entry import set_bids
    from scorepad.game import next_dealer

    dealer = next_dealer(game)
    typer.echo("")
    _say(
        _("Round {number}: {dealer} deals; {first} bids first.").format(
            number=len(game.rounds) + 1,
            dealer=game.players[dealer],
            first=game.players[(dealer + 1) % len(game.players)],
        )
    )
    again = False
    while True:
        sides = _ask_round_bids(game, dealer, result, kept, again=again)
        if _save(path, partial(set_bids, bids=sides)):
            from scorepad.bids import contract_of
            from scorepad.cli.common import contract_warnings

            contracts = [(game.sides[side], contract_of(bids)) for side, bids in enumerate(sides)]
            for warning in contract_warnings(game.rules, contracts):
                _say(warning)
            return
        again = _last_bid_can_mend(game, dealer, result, sides)
        kept = sides if again else None
        if not again:
            typer.echo(_("Those bids are not allowed; bid the round again."))


def _last_bid_can_mend(game: Game, dealer: int, before: Standings, sides: _Bids) -> bool:
    """Whether another bid by the last bidder alone makes the round's bids allowed (no hell)."""
    from scorepad.bids import parse_bid
    from scorepad.entry import set_bids
    from scorepad.errors import ScorepadError

    rules = game.rules
    if rules.partner_bidding and rules.side_size > 1:
        return False
    last = dealer  # the dealer bids last
    side = rules.side_of(last)
    index = rules.seats_of(side).index(last)
    for word in [str(n) for n in range(rules.tricks + 1)] + ["nil", "bnil"]:
        try:
            bid = parse_bid(word, rules)
            changed = list(sides[side])
            changed[index] = bid
            trial = sides[:side] + (tuple(changed),) + sides[side + 1 :]
            set_bids(game, trial, before=before)
        except ScorepadError:
            continue
        return True
    return False


def _ask_round_bids(
    game: Game,
    dealer: int,
    before: Standings,
    kept: _Bids | None = None,
    *,
    again: bool = False,
) -> _Bids:
    """Every side's bids for a round dealt by `dealer`, asked in bidding order.

    With `kept` (the round's bids, taken back or refused), the others stand and the last
    bidder is asked again: `again` when the rules refused the last bid.
    """
    rules = game.rules
    seats = len(game.players)
    order = [(dealer + step) % seats for step in range(1, seats + 1)]
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
        from scorepad.bids import format_bid

        who = game.sides[askers[index]] if joint else game.players[askers[index]]
        return _("{who}'s bid ({bids})").format(
            who=who, bids=" ".join(format_bid(bid) for bid in bids)
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
            _say(_("{who} bids again; the other bids stand.").format(who=who))
        else:
            _say(_("Took back {entry}.").format(entry=taken(len(answers), last)))
    answers = _steps(answers, len(askers), ask, taken)
    given = dict(zip(askers, answers, strict=True))
    if joint:
        return tuple(given[side] for side in range(rules.sides))
    return tuple(
        tuple(given[seat][0] for seat in rules.seats_of(side)) for side in range(rules.sides)
    )


def _read_bids(
    game: Game, words: Sequence[str], who: Sequence[str], trailing_by: int
) -> tuple[Bid, ...]:
    from scorepad.bids import bid_forms, check_bid, parse_bid
    from scorepad.errors import BidError

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
    from scorepad.errors import ScorepadError

    name = game.players[seat]
    side = game.rules.side_of(seat)
    while True:
        words = bid_words(_ask(_("{who} bids").format(who=name))) or [""]
        try:
            if len(words) != 1:
                raise ScorepadError(
                    _("{who}: give one bid, not {count}").format(who=name, count=len(words))
                )
            return _read_bids(game, words, [name], result.trailing_by(side))[0]
        except ScorepadError as error:
            _complain(error)


def _ask_team_bid(game: Game, side: int, result: Standings) -> tuple[Bid, ...]:
    from scorepad.errors import ScorepadError

    players = game.side_players(side)
    _say(
        _("{side}: one team number, or {players}'s bids.").format(
            side=game.sides[side], players=_(" and ").join(players)
        )
    )
    while True:
        words = bid_words(_ask(_("{side} bid").format(side=game.sides[side])))
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
            _complain(error)


def _enter_tricks(path: Path, game: Game, number: int) -> None:
    """Ask and save the tricks of round `number`, then show the sheet."""
    from functools import partial

    from scorepad.entry import set_tricks
    from scorepad.game import standings
    from scorepad.store import load_game_file

    typer.echo(
        _("Tricks of round {number} (a deal has {tricks}):").format(
            number=number, tricks=game.rules.tricks
        )
    )
    while True:
        tricks = _ask_round_tricks(game, number)
        if _save(path, partial(set_tricks, tricks=tricks, number=number)):
            break
        typer.echo(_("Enter the round's tricks again."))
    game = load_game_file(path)
    result = standings(game)
    _show_sheet(game, result)
    if not result.finished:
        _ask_enter(
            _("Press Enter for the next round (u: undo these tricks, q: stop)"), _("u or q")
        )


def _ask_round_tricks(game: Game, number: int) -> tuple[tuple[int, ...], ...]:
    """Every side's tricks of round `number`: per team, or per player beside a nil bid.

    The last one asked offers the rest of the deal as its default, taken with Enter.
    """
    rules = game.rules
    round_ = game.rounds[number - 1]
    askers: list[tuple[int, str]] = []  # (side, who)
    for side, entry in enumerate(round_.sides):
        if rules.side_size > 1 and not any(bid.is_nil for bid in entry.bids):
            askers.append((side, game.sides[side]))
        else:
            askers.extend((side, name) for name in game.side_players(side))

    def ask(index: int, answers: list[int]) -> int:
        rest = rules.tricks - sum(answers)
        last = index == len(askers) - 1
        return _ask_tricks(game, askers[index][1], str(rest) if last and rest >= 0 else None)

    answers: list[int] = []
    _steps(
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
    from scorepad.entry import parse_tricks
    from scorepad.errors import ScorepadError

    while True:
        try:
            return parse_tricks(_ask(_("{who} took").format(who=who), default), who, game.rules)
        except ScorepadError as error:
            _complain(error)


def _after_the_end(path: Path, game: Game, result: Standings) -> bool:
    """The game is over: offer to take back its last round or correct any round.

    True when the players are done (Enter, q or the end of input).
    """
    last = len(game.rounds)
    typer.echo(
        _("The game is over. u takes back round {number}'s tricks; c N corrects round N.").format(
            number=last
        )
    )
    while True:
        try:
            word = _ask(_("Press Enter to finish"), default="")
        except _Quit:
            return True
        if not word:
            return True
        parts = word.lower().split()
        if len(parts) == 2 and parts[0] in ("c", "correct") and parts[1].isdigit():
            number = int(parts[1])
            if 1 <= number <= last:
                _correct(path, game, number)
                return False
        _complain(
            _("{word} is not an answer here; press Enter, u, or c N (N from 1 to {last})").format(
                word=repr(word), last=last
            )
        )


def _correct(path: Path, game: Game, number: int) -> None:
    """Ask round `number`'s bids and tricks again and save them together."""
    from functools import partial

    from scorepad.game import standings_before

    round_ = game.rounds[number - 1]
    typer.echo(
        "\n"
        + _("Round {number} again ({dealer} dealt): its bids, then its tricks.").format(
            number=number, dealer=game.players[round_.dealer]
        )
    )
    while True:
        try:
            bids = _ask_round_bids(game, round_.dealer, standings_before(game, number))
            tricks = _ask_round_tricks(_with_bids(game, number, bids), number)
        except _Undo:  # nothing typed to take back: leave the round alone
            typer.echo(_("Round {number} is left as it was.").format(number=number))
            return
        if _save(path, partial(_rewrite_round, number=number, bids=bids, tricks=tricks)):
            break
        typer.echo(_("Round {number} is not changed; enter it again.").format(number=number))
    from scorepad.game import standings
    from scorepad.store import load_game_file

    game = load_game_file(path)
    typer.echo(_("Round {number} corrected; later rounds are rescored.").format(number=number))
    _show_sheet(game, standings(game))


def _with_bids(game: Game, number: int, bids: tuple[tuple[Bid, ...], ...]) -> Game:
    """The game with round `number` holding `bids` and no tricks yet (never saved as such)."""
    import dataclasses

    from scorepad.game import Round, SideEntry

    rounds = list(game.rounds)
    rounds[number - 1] = Round(rounds[number - 1].dealer, tuple(SideEntry(b) for b in bids))
    return dataclasses.replace(game, rounds=tuple(rounds))


def _rewrite_round(
    game: Game,
    *,
    number: int,
    bids: tuple[tuple[Bid, ...], ...],
    tricks: tuple[tuple[int, ...], ...],
) -> Game:
    """Round `number` with new bids and tricks, checked as `bid` and `tricks --round` would."""
    from scorepad.entry import set_bids, set_tricks
    from scorepad.game import check_round_number

    check_round_number(game, number)
    cleared = _with_bids(game, number, tuple(entry.bids for entry in game.rounds[number - 1].sides))
    return set_tricks(set_bids(cleared, bids, number=number), tricks, number=number)


def _show_sheet(game: Game, result: Standings) -> None:
    from scorepad.cli.common import print_renderable
    from scorepad.render.sheet import score_sheet

    print_renderable(score_sheet(game, result))
