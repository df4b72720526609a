"""Rich renderables: round explanations, score sheets and tables. Producers only: no printing."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from scorepad.rules import KNOBS, Preset, Rules, describe_knob, format_value, rules_to_mapping
from scorepad.scoring import Line, SideScore


def signed(points: int) -> str:
    """Points with their sign: +52, -100, 0."""
    return f"{points:+d}" if points else "0"


def line_style(line: Line) -> str:
    return "bold red" if line.kind.is_bad else ""


def explain_side(result: SideScore, *, score: int, bags: int, title: str = "") -> RenderableType:
    """A side's round line by line, ending with the score and bags after."""
    table = Table(
        title=title or None, show_header=True, header_style="bold", box=None, pad_edge=False
    )
    table.add_column("line")
    table.add_column("points", justify="right")
    for line in result.lines:
        table.add_row(Text(line.label), Text(signed(line.points), style=line_style(line)))
    table.add_section()
    table.add_row(Text("round", style="bold"), Text(signed(result.points), style="bold"))
    after = Text.assemble(
        "score ",
        str(score),
        " -> ",
        (str(result.score), "bold"),
        "; bags ",
        str(bags),
        " -> ",
        (str(result.bags), "bold"),
    )
    return Group(table, after)


def presets_table(presets: list[Preset]) -> Table:
    """Every preset with its one-line summary."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("preset", no_wrap=True)
    table.add_column("summary")
    for preset in presets:
        table.add_row(Text(preset.name), Text(preset.summary))
    return table


def knobs_table(rules: Rules) -> Table:
    """Every knob of a rules value: key, resolved value and what it means."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("key", no_wrap=True)
    table.add_column("value", no_wrap=True)
    table.add_column("meaning")
    values = rules_to_mapping(rules)
    for key in KNOBS:
        shown = format_value(values[key])
        if key == "big_contract_threshold" and rules.big_contract_threshold is None:
            shown = f'"auto" ({rules.big_contract_from})'
        table.add_row(Text(key), Text(shown), Text(describe_knob(key)))
    table.add_section()
    table.add_row(Text("(tricks a deal)"), Text(str(rules.tricks)), Text("derived from the deck"))
    return table
