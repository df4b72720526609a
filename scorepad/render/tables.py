"""The tables of presets and of a rules value's knobs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from scorepad.engine.ruledata import rules_to_mapping
from scorepad.engine.rules import KNOBS, Rules, describe_knob, format_value
from scorepad.i18n import _

if TYPE_CHECKING:
    # Imported where used: building the table is all these views do with it.
    from collections.abc import Sequence

    from rich.table import Table


def presets_table(presets: Sequence[tuple[str, str]]) -> Table:
    """Every preset's name with its one-line summary (untranslated: said here)."""
    from rich.table import Table

    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(_("preset"), no_wrap=True)
    table.add_column(_("summary"))
    for name, summary in presets:
        table.add_row(Text(name), Text(_(summary) if summary else ""))
    return table


def knobs_table(rules: Rules) -> Table:
    """Every knob of a rules value: key, resolved value and what it means."""
    from rich.table import Table

    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(_("key"), no_wrap=True)
    table.add_column(_("value"), no_wrap=True)
    table.add_column(_("meaning"))
    values = rules_to_mapping(rules)
    for key in KNOBS:
        shown = format_value(values[key])
        if key == "big_contract_threshold" and rules.big_contract_threshold is None:
            shown = f'"auto" ({rules.big_contract_from})'
        table.add_row(Text(key), Text(shown), Text(describe_knob(key)))
    table.add_section()
    table.add_row(
        Text(_("(tricks a deal)")), Text(str(rules.tricks)), Text(_("derived from the deck"))
    )
    return table
