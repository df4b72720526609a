"""`scorepad bid`, `tricks`, `confirm` and `undo`: enter a round, correct one, agree one
(`confirm_entries`), take an entry back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from scorepad.cli.common import GameOption, complete_player_entries, sentence
from scorepad.cli.core import app
from scorepad.engine.game import next_dealer, open_round, standings
from scorepad.i18n import _, ngettext
from scorepad.service.games import enter_bids, enter_tricks
from scorepad.service.games import undo as undo_entry
from scorepad.service.picks import Typed
from scorepad.service.reads import resolve_game
from scorepad.service.rulings import confirm as confirm_round
from scorepad.words.gametext import (
    already_words,
    bids_text,
    contract_warnings,
    correction_words,
    level_text,
    scores_text,
    waiting_words,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from scorepad.engine.game import Game, Standings
    from scorepad.service.games import Overbid, Undone

RoundOption = Annotated[
    int | None,
    typer.Option(
        "--round",
        "-r",
        metavar="N",
        help="Rewrite round N instead of entering the next one; later rounds are rescored.",
        show_default=False,
    ),
]
ForceOption = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Reopen a club night's finished table after a later round is seated (the"
        " standings change, and the event says so).",
    ),
]


@app.command()
def bid(
    bids: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="PLAYER=BID",
            help="Every player's bid: a name (any case) or seat number, then a number, "
            "nil (or 0) or bnil; a team name gives a joint bid where partner bidding is on.",
            show_default=False,
            autocompletion=complete_player_entries,
        ),
    ] = None,
    number: RoundOption = None,
    game_ref: GameOption = None,
    force: ForceOption = False,
) -> None:
    """Enter the bids of the next round (or rewrite a round's bids with --round)."""
    given = Typed(tuple(bids or ()))
    entered = enter_bids(resolve_game(game_ref), given, number=number, force=force)
    game = entered.game
    if entered.already:
        typer.echo(already_words(entered.number, "bids"))
        return
    text = bids_summary(game, entered.number, corrected=number is not None)
    if entered.correction is not None:
        text += correction_words(entered.correction, entered.standings, entered.number)
    typer.echo(text)
    for warning in overbid_warnings(game, entered.overbids):
        typer.echo(warning, err=True)


def overbid_warnings(game: Game, overbids: Sequence[Overbid]) -> list[str]:
    """`Warning: Us's contract is 26, ...`: a side's contract above the tricks in a deal."""
    return contract_warnings(game.rules, [(game.sides[o.side], o.contract) for o in overbids])


@app.command()
def tricks(
    taken: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="PLAYER=N",
            help="Tricks taken: per player (name or seat number), or per team (team name) "
            "for a team without a nil bidder. They must add up to the tricks in a deal.",
            show_default=False,
            autocompletion=complete_player_entries,
        ),
    ] = None,
    number: RoundOption = None,
    game_ref: GameOption = None,
    force: ForceOption = False,
) -> None:
    """Enter the tricks of the round that has its bids, and score it (or rewrite one)."""
    given = Typed(tuple(taken or ()))
    entered = enter_tricks(resolve_game(game_ref), given, number=number, force=force)
    if entered.already:
        typer.echo(already_words(entered.number, "tricks"))
        return
    game, after, done = entered.game, entered.standings, entered.number
    text = result_summary(game, after, done, corrected=number is not None)
    if number is None and after.rounds[done - 1].after_end:
        text += " " + _(
            "Round {number} was played after the game ended (round {end}) and does not count."
        ).format(number=done, end=after.ended_after)
    if entered.correction is not None:
        text += correction_words(entered.correction, after, done)
    typer.echo(text)


@app.command()
def confirm(game_ref: GameOption = None, force: ForceOption = False) -> None:
    """The other side agrees the tricks of the round that waits for its OK: it is scored."""
    entered = confirm_round(resolve_game(game_ref), force=force)
    typer.echo(result_summary(entered.game, entered.standings, entered.number, corrected=False))


@app.command()
def undo(game_ref: GameOption = None, force: ForceOption = False) -> None:
    """Take back the last entry: a misdeal, else the last round's last ruling, tricks or bids."""
    typer.echo(undone_text(undo_entry(resolve_game(game_ref), force=force)))


def undone_text(undone: Undone) -> str:
    """`Took back the tricks of round 3.`"""
    if undone.took == "misdeal":
        said = _("took back the misdeal before round {number}")
    elif undone.took == "ruling":
        said = _("took back the last ruling on round {number}")
    elif undone.took == "tricks":
        said = _("took back the tricks of round {number}")
    else:
        said = _("took back the bids of round {number}")
    return sentence(said.format(number=undone.number))


def bids_summary(game: Game, number: int, *, corrected: bool = False) -> str:
    """`Round 3 (Cat deals): Ann & Cat bid 4+nil, Bob & Dan bid 5+3.`"""
    round_ = game.rounds[number - 1]
    sides = ", ".join(
        _("{side} bid {bids}").format(side=name, bids=bids_text(entry))
        for name, entry in zip(game.sides, round_.sides, strict=True)
    )
    if corrected:
        text = _("Round {number} (bids corrected): {sides}.").format(number=number, sides=sides)
    else:
        text = _("Round {number} ({dealer} deals): {sides}.").format(
            number=number, dealer=game.players[round_.dealer], sides=sides
        )
    if corrected and round_.played:
        text += " " + _("Rescored: {scores}.").format(
            scores=scores_text(game, standings(game).scores)
        )
    return text


def result_summary(game: Game, result: Standings, number: int, *, corrected: bool) -> str:
    """`Round 3: Ann & Cat +141 -> 341 (1 bag), Bob & Dan -60 -> 200 (0 bags). Next deal: Dan.`"""
    if game.rounds[number - 1].waiting:
        return waiting_words(number)
    scored = result.rounds[number - 1].sides
    assert scored is not None
    sides = ", ".join(
        ngettext(
            "{side} {points} -> {score} ({bags} bag)",
            "{side} {points} -> {score} ({bags} bags)",
            side.bags,
        ).format(side=name, points=f"{side.points:+d}", score=side.score, bags=side.bags)
        for name, side in zip(game.sides, scored, strict=True)
    )
    said = _("Round {number} corrected: {sides}.") if corrected else _("Round {number}: {sides}.")
    text = said.format(number=number, sides=sides)
    if corrected and any(not later.after_end for later in result.rounds[number:]):
        text += " " + _("Later rounds rescored: {scores}.").format(
            scores=scores_text(game, result.scores)
        )
    if result.outcome is not None:
        if result.winner is None:
            text += " " + _("The game is a draw after round {number}.").format(
                number=result.ended_after
            )
        else:
            text += " " + _("{side} won after round {number}!").format(
                side=game.sides[result.winner], number=result.ended_after
            )
    elif (waiting := open_round(game)) is not None:
        dealer = game.players[game.rounds[waiting - 1].dealer]
        text += " " + _("Round {number} ({dealer} deals) waits for its tricks.").format(
            number=waiting, dealer=dealer
        )
    else:
        text += " " + _("Next deal: {dealer}.").format(dealer=game.players[next_dealer(game)])
    level = level_text(game, result)
    if level is not None:  # level at the top where the game would end: the next round decides
        text += " " + level
    return text
