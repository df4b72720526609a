"""The command line: a thin client of the library. The only package that imports Typer.

Commands import what they need when they run, so `scorepad --help` and every command
start as fast as Typer itself allows.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from scorepad.errors import ScorepadError


class _Commands(TyperGroup):
    """The one boundary where a ScorepadError becomes one line on stderr and an exit code."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except ScorepadError as error:
            typer.echo(f"scorepad: {error}", err=True)
            raise typer.Exit(error.exit_code) from None


app = typer.Typer(
    name="scorepad",
    cls=_Commands,
    help="A score pad for Spades: bids, tricks, nil, bags and house rules, scored right.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

# Each module adds its commands to `app`.
from scorepad.cli import check as _check  # noqa: E402, F401
from scorepad.cli import export as _export  # noqa: E402, F401
from scorepad.cli import games as _games  # noqa: E402, F401
from scorepad.cli import play as _play  # noqa: E402, F401
from scorepad.cli import presets as _presets  # noqa: E402, F401
from scorepad.cli import rounds as _rounds  # noqa: E402, F401
from scorepad.cli import sheet as _sheet  # noqa: E402, F401
from scorepad.cli import simulate as _simulate  # noqa: E402, F401
from scorepad.cli import verify as _verify  # noqa: E402, F401


def main() -> None:
    """The `scorepad` console script."""
    app()
