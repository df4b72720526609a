"""The director's kit: `scorepad adjust` (a ruling: books, points, set, forfeit, on a
round) and `scorepad misdeal` (a void deal, and who deals again)."""

from __future__ import annotations

import enum
from typing import Annotated

import typer

from scorepad.cli.common import GameOption
from scorepad.cli.core import app
from scorepad.cli.rounds import ForceOption
from scorepad.engine.rulings import RulingKind
from scorepad.errors import GameError
from scorepad.i18n import _
from scorepad.service.reads import resolve_game
from scorepad.service.rulings import misdeal as call_misdeal
from scorepad.service.rulings import rule
from scorepad.words.gametext import misdeal_words
from scorepad.words.rulingtext import ruling_words


@app.command()
def adjust(
    side: Annotated[
        str,
        typer.Option(
            "--side",
            "-s",
            metavar="SIDE",
            help="The side ruled against: a team's name, or a player's (name or seat).",
            show_default=False,
        ),
    ],
    reason: Annotated[
        str,
        typer.Option("--reason", metavar="TEXT", help="Why: shown with the ruling everywhere.",
                     show_default=False),
    ],
    books: Annotated[
        int | None,
        typer.Option("--books", metavar="N", show_default=False,
                     help="Take N tricks from the side and give them to the other side."),
    ] = None,
    points: Annotated[
        int | None,
        typer.Option("--points", metavar="N", show_default=False,
                     help="Add N points to the side's score (negative takes them; no bags)."),
    ] = None,
    set_: Annotated[
        bool,
        typer.Option("--set", help="Score the side as set for the round."),
    ] = False,
    forfeit: Annotated[
        bool,
        typer.Option("--forfeit", help="The side forfeits: the game ends, the other side wins."),
    ] = False,
    number: Annotated[
        int | None,
        typer.Option("--round", "-r", metavar="R", show_default=False,
                     help="The round ruled on (default: the last round)."),
    ] = None,
    game_ref: GameOption = None,
    force: ForceOption = False,
) -> None:
    """Record a ruling on a round: books, points, set or forfeit, with its reason."""
    chosen = [
        (kind, amount)
        for kind, amount, given in (
            (RulingKind.BOOKS, books or 0, books is not None),
            (RulingKind.POINTS, points or 0, points is not None),
            (RulingKind.SET, 0, set_),
            (RulingKind.FORFEIT, 0, forfeit),
        )
        if given
    ]
    if len(chosen) != 1:
        raise GameError(_("give one of --books N, --points N, --set or --forfeit"))
    kind, amount = chosen[0]
    entered = rule(
        resolve_game(game_ref), side, kind, reason, amount=amount, number=number, force=force
    )
    text = ruling_words(entered.game, entered.standings, entered.number)
    typer.echo(text)


class Redeal(enum.Enum):
    """Who deals after a misdeal (`misdeal_redeal`)."""

    SAME = "same"
    NEXT = "next"


@app.command()
def misdeal(
    redeal: Annotated[
        Redeal | None,
        typer.Option(
            "--redeal",
            help="same: the same player deals again; next: the deal passes on"
            " (default: the rules' misdeal_redeal).",
            show_default=False,
        ),
    ] = None,
    game_ref: GameOption = None,
    force: ForceOption = False,
) -> None:
    """Call the deal void (before its bids are in): it scores nothing; who deals again."""
    game = call_misdeal(
        resolve_game(game_ref), redeal.value if redeal is not None else None, force=force
    )
    typer.echo(misdeal_words(game, game.misdeals[-1]))

