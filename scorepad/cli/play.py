"""`scorepad play`: table mode. Prompts for each round's bids and tricks until the game is won.

Every entry is saved as soon as it is complete (under the game's lock, like `bid` and
`tricks`), so stopping at any prompt loses nothing but the round being typed.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import typer

from scorepad.cli.common import GameOption
from scorepad.cli.core import app

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from scorepad.bids import Bid
    from scorepad.game import Game, Standings

UNDO = ("u", "undo")
QUIT = ("q", "quit")


class _Undo(Exception):
    """The player typed u: take back the last saved entry."""


class _Quit(Exception):
    """The player typed q, or the input ended."""


@app.command()
def play(game_ref: GameOption = None) -> None:
    """Table mode: prompt for each player's bid, then the tricks, and show the sheet."""
    from scorepad.game import open_round, standings
    from scorepad.store import load_game_file, resolve_game

    path = resolve_game(game_ref)
    game = load_game_file(path)
    if game.rounds:
        _show_sheet(game, standings(game))
    typer.echo(
        f"Keeping {game.name}. At any prompt: u takes back the last saved entry, q stops "
        "(everything entered is saved)."
    )
    while True:
        game = load_game_file(path)
        result = standings(game)
        waiting = open_round(game)
        try:
            if waiting is None:
                if result.finished:
                    typer.echo("The game is over; a round can still be corrected with --round N.")
                    return
                _enter_bids(path, game, result)
            elif _enter_tricks(path, game, waiting):
                return
        except _Undo:
            _undo(path)
        except _Quit:
            typer.echo("Stopped; the game is saved. Carry on with `scorepad play`.")
            return


def _ask(label: str, default: str | None = None) -> str:
    """One answer; u and q are turned into undo and stop."""
    try:
        answer: str = typer.prompt(label, default=default, show_default=False, prompt_suffix=": ")
    except typer.Abort:  # the input ended (Ctrl-D, or a script ran out)
        typer.echo("")
        raise _Quit from None
    word = answer.strip()
    if word.lower() in UNDO:
        raise _Undo
    if word.lower() in QUIT:
        raise _Quit
    return word


def _complain(error: object) -> None:
    typer.echo(f"  {error}", err=True)


def _undo(path: Path) -> None:
    from scorepad.cli.common import sentence
    from scorepad.errors import ScorepadError
    from scorepad.game import undo_last
    from scorepad.store import update_game

    try:
        _, message = update_game(path, undo_last)
    except ScorepadError as error:
        _complain(error)
        return
    typer.echo(sentence(message))


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


def _enter_bids(path: Path, game: Game, result: Standings) -> None:
    """Ask every bid of the next round in bidding order, then save them together."""
    from scorepad.game import next_dealer, set_bids

    rules = game.rules
    dealer = next_dealer(game)
    seats = len(game.players)
    order = [(dealer + step) % seats for step in range(1, seats + 1)]
    typer.echo(
        f"\nRound {len(game.rounds) + 1}: {game.players[dealer]} deals; "
        f"{game.players[order[0]]} bids first."
    )
    joint = rules.partner_bidding and rules.side_size > 1
    while True:
        by_seat: dict[int, Bid] = {}
        by_team: dict[int, tuple[Bid, ...]] = {}
        for seat in order:
            side = rules.side_of(seat)
            if joint and side not in by_team:
                by_team[side] = _ask_team_bid(game, side, result)
            elif not joint:
                by_seat[seat] = _ask_bid(game, seat, result)
        sides = tuple(
            by_team[side] if joint else tuple(by_seat[seat] for seat in rules.seats_of(side))
            for side in range(rules.sides)
        )
        if _save(path, partial(set_bids, bids=sides)):
            return
        typer.echo("Those bids are not allowed; bid the round again.")


def _ask_bid(game: Game, seat: int, result: Standings) -> Bid:
    from scorepad.bids import check_bid, parse_bid
    from scorepad.errors import ScorepadError

    name = game.players[seat]
    side = game.rules.side_of(seat)
    while True:
        try:
            bid = parse_bid(_ask(f"{name} bids"), game.rules)
            check_bid(game.rules, bid, who=name, trailing_by=result.trailing_by(side))
        except ScorepadError as error:
            _complain(error)
            continue
        return bid


def _ask_team_bid(game: Game, side: int, result: Standings) -> tuple[Bid, ...]:
    from scorepad.bids import check_bid, parse_bid
    from scorepad.errors import ScorepadError

    players = game.side_players(side)
    label = f"{game.sides[side]} bid (one team number, or {' and '.join(players)}'s bids)"
    while True:
        words = _ask(label).split()
        try:
            if len(words) not in (1, len(players)):
                raise ScorepadError(
                    f"give one team number or {len(players)} bids, not {len(words)}"
                )
            bids = tuple(parse_bid(word, game.rules) for word in words)
            who = [game.sides[side]] if len(bids) == 1 else list(players)
            for bid, name in zip(bids, who, strict=True):
                check_bid(game.rules, bid, who=name, trailing_by=result.trailing_by(side))
        except ScorepadError as error:
            _complain(error)
            continue
        return bids


def _enter_tricks(path: Path, game: Game, number: int) -> bool:
    """Ask the tricks of round `number`: per team, or per player beside a nil bid.

    Shows the sheet after; True when the round won the game.
    """
    from scorepad.game import set_tricks, standings

    rules = game.rules
    round_ = game.rounds[number - 1]
    typer.echo(f"Tricks of round {number} (a deal has {rules.tricks}):")
    while True:
        tricks: list[tuple[int, ...]] = []
        for side, entry in enumerate(round_.sides):
            if rules.side_size > 1 and not any(bid.is_nil for bid in entry.bids):
                tricks.append((_ask_tricks(game, game.sides[side]),))
            else:
                tricks.append(tuple(_ask_tricks(game, name) for name in game.side_players(side)))
        if _save(path, partial(set_tricks, tricks=tuple(tricks), number=number)):
            break
        typer.echo("Enter the round's tricks again.")
    from scorepad.store import load_game_file

    game = load_game_file(path)
    result = standings(game)
    _show_sheet(game, result)
    if result.finished:
        return True
    _ask("Press Enter for the next round (u: undo these tricks, q: stop)", default="")
    return False


def _ask_tricks(game: Game, who: str) -> int:
    from scorepad.errors import ScorepadError
    from scorepad.game import parse_tricks

    while True:
        try:
            return parse_tricks(_ask(f"{who} took"), who, game.rules)
        except ScorepadError as error:
            _complain(error)


def _show_sheet(game: Game, result: Standings) -> None:
    from scorepad.cli.common import print_renderable
    from scorepad.render import score_sheet

    print_renderable(score_sheet(game, result))
