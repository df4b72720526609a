"""`scorepad play`: table mode. Prompts for each round's bids and tricks until the game is won.

A round's bids are saved once every bid is typed, and its tricks once every side's are in
(under the game's lock, like `bid` and `tricks`); stopping at any prompt loses only the
round being typed, and the banner says so. A game played to a clock says the time left
(the CLI's clock, `service.clock`) before each round's bids and tricks and under the
sheet, and once time is up, which deal is the last. `u` takes back one entry at a time: the last
bid or tricks typed, then the saved entries before them. A finished game is not a dead
end: its last round can be taken back or any round corrected before table mode ends.
"""

from __future__ import annotations

import dataclasses
import signal
import threading
from functools import partial
from typing import TYPE_CHECKING, Any

import typer

from scorepad.cli.asking import (
    Bids,
    Interrupted,
    Quit,
    Undo,
    ask_enter,
    ask_round_bids,
    ask_round_tricks,
    ask_word,
    complain,
    say,
)
from scorepad.cli.common import INTERRUPTED, GameOption, print_renderable
from scorepad.cli.core import app
from scorepad.cli.rounds import overbid_warnings, undone_text
from scorepad.engine.bids import bid_forms, contract_of, legal_bids
from scorepad.engine.checks import check_round_number
from scorepad.engine.entry import set_bids
from scorepad.engine.game import (
    Round,
    SideEntry,
    next_dealer,
    open_round,
    standings,
    standings_before,
)
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.numbers import small_number
from scorepad.render.sheet import score_sheet
from scorepad.service import clock as service_clock
from scorepad.service.games import correct_round, enter_bids, enter_tricks, undo
from scorepad.service.reads import load_game, resolve_game

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from scorepad.engine.bids import Bid
    from scorepad.engine.game import Game, Standings
    from scorepad.service.games import Entered


@app.command()
def play(game_ref: GameOption = None) -> None:
    """Table mode: prompt for each player's bid, then the tricks, and show the sheet.

    q or Ctrl-D stops (status 0), Ctrl-C too (status 130); each says what is saved.
    """
    path = resolve_game(game_ref)
    game = load_game(path)
    if game.rounds:
        _show_sheet(game, standings(game))
    say(
        _("Keeping {game}. At any prompt: u takes back the last entry, q stops.").format(
            game=game.name
        )
    )
    typer.echo(_("Bids are saved once the whole round is bid, tricks once all are in."))
    typer.echo(_("Bids: {forms}.").format(forms=bid_forms(game.rules)))

    def interrupt(signum: int, frame: Any) -> None:
        raise Interrupted

    # Only the main thread may set a signal handler (an embedding app may run us elsewhere).
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, interrupt) if main else None
    try:
        _play(path)
    except (Interrupted, KeyboardInterrupt) as stop:
        typer.echo("")
        say(stopped_text(path, getattr(stop, "dropped", [])))
        raise typer.Exit(INTERRUPTED) from None
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)


def _play(path: Path) -> None:
    kept: Bids | None = None  # bids taken back from a saved round, asked from the last one
    while True:
        game = load_game(path)
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
        except Undo:
            kept = _undo(path)
        except Quit as stop:
            say(stopped_text(path, stop.dropped))
            return


def stopped_text(path: Path, dropped: Sequence[str]) -> str:
    """What stopping keeps and what it drops: `Stopped; ... Not saved: Ann's bid (3).`"""
    try:
        game = load_game(path)
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


def _undo(path: Path) -> Bids | None:
    """Take back the last saved entry; saved bids come back to be asked from the last one.

    A round's bids waiting for their tricks are taken back one bid at a time, as they were
    typed: they are returned, and the last bidder is asked again.
    """
    try:
        undone = undo(path)
    except ScorepadError as error:
        complain(error)
        return None
    if undone.took == "bids":
        return undone.bids
    typer.echo(undone_text(undone))
    return None


def _save(path: Path, change: Callable[[], Entered]) -> Entered | None:
    """Save one entry through the service; a refusal is shown and nothing is saved."""
    try:
        return change()
    except ScorepadError as error:
        complain(error)
        return None


def _enter_bids(path: Path, game: Game, result: Standings, kept: Bids | None = None) -> None:
    """Ask every bid of the next round in bidding order, then save them together.

    `kept` are the round's bids taken back by u: all but the last bid stand.
    """
    dealer = next_dealer(game)
    typer.echo("")
    say(
        _("Round {number}: {dealer} deals; {first} bids first.").format(
            number=len(game.rounds) + 1,
            dealer=game.players[dealer],
            first=game.players[game.rules.bidding_order(dealer)[0]],
        )
    )
    _say_clock(game, result)
    again = False
    while True:
        sides = ask_round_bids(game, dealer, result, kept, again=again)
        entered = _save(path, partial(enter_bids, path, sides))
        if entered is not None:
            for warning in overbid_warnings(game, entered.overbids):
                say(warning)
            return
        again = _last_bid_can_mend(game, dealer, result, sides)
        kept = sides if again else None
        if not again:
            typer.echo(_("Those bids are not allowed; bid the round again."))


def _last_bid_can_mend(game: Game, dealer: int, before: Standings, sides: Bids) -> bool:
    """Whether another bid by the last bidder alone makes the round's bids allowed (no hell):
    some bid `legal_bids` opens to the dealer, who bids last, that the round takes."""
    rules = game.rules
    if rules.partner_bidding and rules.side_size > 1:
        return False
    side = rules.side_of(dealer)
    index = rules.seats_of(side).index(dealer)
    partner = [bid for place, bid in enumerate(sides[side]) if place != index]
    # The others' contracts: a nil's tricks are 0, so taking the bid's off is right for any.
    others = sum(contract_of(bids) for bids in sides) - sides[side][index].tricks
    open_bids = legal_bids(
        rules,
        partner_bid=partner[0] if partner else None,
        last=True,
        earlier_total=others,
        trailing_by=before.trailing_by(side),
    )
    for bid in open_bids.bids():
        changed = list(sides[side])
        changed[index] = bid
        trial = sides[:side] + (tuple(changed),) + sides[side + 1 :]
        try:
            set_bids(game, trial, before=before)
        except ScorepadError:
            continue
        return True
    return False


def _enter_tricks(path: Path, game: Game, number: int) -> None:
    """Ask and save the tricks of round `number`, then show the sheet."""
    typer.echo(
        _("Tricks of round {number} (a deal has {tricks}):").format(
            number=number, tricks=game.rules.tricks
        )
    )
    _say_clock(game, standings(game))
    while True:
        tricks = ask_round_tricks(game, number)
        entered = _save(path, partial(enter_tricks, path, tricks, number=number))
        if entered is not None:
            break
        typer.echo(_("Enter the round's tricks again."))
    result = entered.standings
    _show_sheet(entered.game, result)
    if not result.finished:
        ask_enter(
            _("Press Enter for the next round (u: undo these tricks, q: stop)"), _("u or q")
        )


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
            word = ask_word(_("Press Enter to finish"), default="")
        except Quit:
            return True
        if not word:
            return True
        parts = word.lower().split()
        if len(parts) == 2 and parts[0] in ("c", "correct"):
            number = small_number(parts[1])
            if number is not None:
                try:
                    check_round_number(game, number)
                except ScorepadError as error:  # "there is no round 99; rounds are 1 to 3"
                    complain(error)
                    continue
                _correct(path, game, number)
                return False
        complain(
            _("{word} is not an answer here; press Enter, u, or c N (N from 1 to {last})").format(
                word=repr(word), last=last
            )
        )


def _correct(path: Path, game: Game, number: int) -> None:
    """Ask round `number`'s bids and tricks again and save them together."""
    round_ = game.rounds[number - 1]
    typer.echo(
        "\n"
        + _("Round {number} again ({dealer} dealt): its bids, then its tricks.").format(
            number=number, dealer=game.players[round_.dealer]
        )
    )
    while True:
        try:
            bids = ask_round_bids(game, round_.dealer, standings_before(game, number))
            tricks = ask_round_tricks(_with_bids(game, number, bids), number)
        except Undo:  # nothing typed to take back: leave the round alone
            typer.echo(_("Round {number} is left as it was.").format(number=number))
            return
        entered = _save(path, partial(correct_round, path, number, bids, tricks))
        if entered is not None:
            break
        typer.echo(_("Round {number} is not changed; enter it again.").format(number=number))
    typer.echo(_("Round {number} corrected; later rounds are rescored.").format(number=number))
    _show_sheet(entered.game, entered.standings)


def _with_bids(game: Game, number: int, bids: tuple[tuple[Bid, ...], ...]) -> Game:
    """The game with round `number` holding `bids` and no tricks yet (never saved as such)."""
    rounds = list(game.rounds)
    rounds[number - 1] = Round(rounds[number - 1].dealer, tuple(SideEntry(b) for b in bids))
    return dataclasses.replace(game, rounds=tuple(rounds))


def _show_sheet(game: Game, result: Standings) -> None:
    print_renderable(score_sheet(game, result, service_clock.now()))


def _say_clock(game: Game, result: Standings) -> None:
    """The time left, or that time is up and which deal is the last (a game to a clock)."""
    if game.clock is None or result.finished:
        return
    from scorepad.engine.clock import clock_reading
    from scorepad.words.gametext import clock_words

    reading = clock_reading(game, service_clock.now())
    assert reading is not None
    typer.echo(clock_words(reading))
