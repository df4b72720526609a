"""`scorepad bid`, `tricks` and `undo`: enter a round, correct one, take an entry back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from scorepad.cli.common import GameOption, complete_player_entries
from scorepad.cli.core import app

if TYPE_CHECKING:
    from scorepad.game import Game, Standings

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
) -> None:
    """Enter the bids of the next round (or rewrite a round's bids with --round)."""
    from scorepad.game import record_bids
    from scorepad.store import resolve_game, update_game

    path = resolve_game(game_ref)

    def change(game: Game) -> tuple[Game, None]:
        return record_bids(game, bids or [], number=number), None

    game, _ = update_game(path, change)
    typer.echo(bids_summary(game, number or len(game.rounds), corrected=number is not None))


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
) -> None:
    """Enter the tricks of the round that has its bids, and score it (or rewrite one)."""
    from scorepad.game import open_round, record_tricks, standings
    from scorepad.store import resolve_game, update_game

    path = resolve_game(game_ref)

    def change(game: Game) -> tuple[Game, int]:
        target = number if number is not None else open_round(game)
        return record_tricks(game, taken or [], number=number), target or 0

    game, done = update_game(path, change)
    typer.echo(result_summary(game, standings(game), done, corrected=number is not None))


@app.command()
def undo(game_ref: GameOption = None) -> None:
    """Take back the last entry: the last round's tricks, or else its bids."""
    from scorepad.cli.common import sentence
    from scorepad.game import undo_last
    from scorepad.store import resolve_game, update_game

    _, message = update_game(resolve_game(game_ref), undo_last)
    typer.echo(sentence(message))


def bids_summary(game: Game, number: int, *, corrected: bool = False) -> str:
    """`Round 3 (Cat deals): Ann & Cat bid 4+nil, Bob & Dan bid 5+3.`"""
    from scorepad.game import bids_text

    round_ = game.rounds[number - 1]
    sides = ", ".join(
        f"{name} bid {bids_text(entry)}"
        for name, entry in zip(game.sides, round_.sides, strict=True)
    )
    what = "bids corrected" if corrected else f"{game.players[round_.dealer]} deals"
    text = f"Round {number} ({what}): {sides}."
    if corrected and round_.played:
        from scorepad.game import scores_text, standings

        text += f" Rescored: {scores_text(game, standings(game).scores)}."
    return text


def result_summary(game: Game, result: Standings, number: int, *, corrected: bool) -> str:
    """`Round 3: Ann & Cat +141 -> 341 (1 bag), Bob & Dan -60 -> 200 (0 bags). Next deal: Dan.`"""
    from scorepad.game import next_dealer, scores_text

    scored = result.rounds[number - 1].sides
    assert scored is not None
    sides = ", ".join(
        f"{name} {side.points:+d} -> {side.score} ({side.bags} bag{'' if side.bags == 1 else 's'})"
        for name, side in zip(game.sides, scored, strict=True)
    )
    text = f"Round {number}{' corrected' if corrected else ''}: {sides}."
    if corrected and number < len(result.rounds):
        text += f" Later rounds rescored: {scores_text(game, result.scores)}."
    if result.outcome is not None:
        if result.winner is None:
            text += f" The game is a draw after round {result.ended_after}."
        else:
            text += f" {game.sides[result.winner]} won after round {result.ended_after}!"
    else:
        text += f" Next deal: {game.players[next_dealer(game)]}."
    return text
