"""`scorepad verify`: replay a hand record, find illegal plays, count the tricks."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group
from rich.table import Table
from rich.text import Text

from scorepad.cli.common import JsonOption, print_json, print_renderable
from scorepad.cli.core import app
from scorepad.engine.cards import format_cards
from scorepad.i18n import _

if TYPE_CHECKING:
    from rich.console import RenderableType

    from scorepad.sim.record import HandRecord, Verification


@app.command()
def verify(
    file: Annotated[
        Path,
        typer.Argument(metavar="FILE", help="A hand record (TOML), as simulate --hands writes."),
    ],
    as_json: JsonOption = False,
) -> None:
    """Replay a recorded deal: report revokes and other illegal plays, and the tricks taken.

    Exits 1 when a play breaks the rules.
    """
    # The simulator's hand records (some 12 ms): not for `scorepad --help`, which loads this.
    from scorepad.sim.record import read_hand_record, verify_record

    record = read_hand_record(file)
    result = verify_record(record)
    if as_json:
        print_json(verification_json(record, result))
    else:
        print_renderable(verification_view(record, result))
    if not result.ok:
        raise typer.Exit(1)


def tricks_command(record: HandRecord, result: Verification) -> str:
    """The `scorepad tricks` line that enters this deal's tricks."""
    return "scorepad tricks " + " ".join(
        f"{_word(name)}={count}" for name, count in zip(record.players, result.tricks, strict=True)
    )


def _word(name: str) -> str:
    return shlex.quote(name)


def verification_json(record: HandRecord, result: Verification) -> dict[str, Any]:
    names = record.players
    return {
        "ok": result.ok,
        "problems": [
            {
                "check": problem.check,
                "player": names[problem.seat] if problem.seat is not None else None,
                "trick": problem.trick,
                "message": problem.message,
            }
            for problem in result.problems
        ],
        "winners": [names[seat] for seat in result.winners],
        "tricks": {name: count for name, count in zip(names, result.tricks, strict=True)},
        "tricks_command": tricks_command(record, result),
    }


def verification_view(record: HandRecord, result: Verification) -> RenderableType:
    names = record.players
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(_("trick"), justify="right")
    table.add_column(_("led by"))
    table.add_column(_("cards"))
    table.add_column(_("won by"))
    leader = record.leader
    for number, trick in enumerate(record.play, start=1):
        winner = result.winners[number - 1] if number <= len(result.winners) else None
        table.add_row(
            str(number),
            Text(names[leader]),
            Text(format_cards(trick)),
            Text(names[winner] if winner is not None else "-"),
        )
        if winner is not None:
            leader = winner
    parts: list[RenderableType] = [
        Text(
            _("deal {deal}, dealer {dealer}, preset {preset}").format(
                deal=record.deal, dealer=names[record.dealer], preset=record.preset
            )
        ),
        table,
    ]
    for problem in result.problems:
        said = _("illegal: {problem}").format(problem=problem.words)
        parts.append(Text(said, style="bold red"))
    if result.ok:
        parts.append(Text(_("every play is legal"), style="green"))
    tally = ", ".join(f"{name} {count}" for name, count in zip(names, result.tricks, strict=True))
    parts.append(Text(_("tricks: {tally}").format(tally=tally)))
    parts.append(Text(tricks_command(record, result)))
    return Group(*parts)
