"""`scorepad check`: score a disputed round for one side, without a saved game."""

from __future__ import annotations

from typing import Annotated

import typer

from scorepad.cli.common import (
    JsonOption,
    PresetOption,
    SetOption,
    load_rules,
    print_json,
    print_renderable,
)
from scorepad.cli.core import app
from scorepad.engine.dispute import check_side_round
from scorepad.i18n import N_, _
from scorepad.render.explain import explain_side
from scorepad.words.gametext import contract_warnings


@app.command()
def check(
    tokens: Annotated[
        list[str],
        typer.Argument(
            metavar="BID:TRICKS...",
            help="One per player of the side (like 4:5 nil:0 bnil:1); one token is a joint bid.",
            show_default=False,
        ),
    ],
    preset: PresetOption = "standard",
    overrides: SetOption = None,
    score: Annotated[
        int, typer.Option(metavar="POINTS", help="The side's score before the round.")
    ] = 0,
    bags: Annotated[int, typer.Option(metavar="N", help="The side's bags before the round.")] = 0,
    trailing_by: Annotated[
        int,
        typer.Option(metavar="POINTS", help="How far the side trails the leader (for blind nil)."),
    ] = 0,
    as_json: JsonOption = False,
) -> None:
    """Check a disputed round: score one side's bids and tricks line by line."""
    _preset, rules = load_rules(preset, overrides)
    result = check_side_round(rules, tokens, score=score, bags=bags, trailing_by=trailing_by)
    sides = [(_("the side"), result.contract)]
    for warning in contract_warnings(rules, sides, N_("scored as given")):
        typer.echo(warning, err=True)
    if as_json:
        # --json alone; at the top `scorepad --help`, which loads this module, would pay it.
        from scorepad.export.json import side_score_json

        print_json(side_score_json(result))
        return
    print_renderable(explain_side(result, score=score, bags=bags))
