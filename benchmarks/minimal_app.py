"""The floor for start-up: the smallest Typer + Rich app that prints a small table.

`benchmarks/cli_startup.py` times scorepad's commands against this script, run by run,
in the same interpreter. It only imports what such an app must, as a user would write it.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer(add_completion=False)


@app.command()
def show(title: str = "scores") -> None:
    """Print a small table."""
    table = Table(title=title)
    table.add_column("team")
    table.add_column("score", justify="right")
    table.add_row("Us", "141")
    table.add_row("Them", "71")
    Console().print(table)


if __name__ == "__main__":
    app()
