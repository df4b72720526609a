"""`scorepad presets list|show`: the shipped rule presets and their knobs."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from scorepad.cli.common import JsonOption, SetOption, print_json, print_renderable
from scorepad.cli.core import App, Commands, app
from scorepad.engine.ruledata import rules_to_mapping
from scorepad.i18n import _
from scorepad.render.tables import knobs_table, presets_table

presets_app = App(
    cls=Commands, help="List the rule presets, or show one's rules.", no_args_is_help=True
)
app.add_typer(presets_app, name="presets")


@presets_app.command("list")
def list_presets() -> None:
    """List every shipped preset with a one-line summary."""
    # The preset files' reader (TOML, some 3 ms) here and in `show_preset`, not at the top:
    # `scorepad --help` loads this module.
    from scorepad.service.reads import preset_summaries

    print_renderable(presets_table(preset_summaries()))


@presets_app.command("show")
def show_preset(
    name: Annotated[str, typer.Argument(metavar="NAME", help="A preset name or a TOML file.")],
    overrides: SetOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show every rule of a preset, resolved, with what it means."""
    from scorepad.service.reads import preset_rules

    preset, rules = preset_rules(name, overrides or ())
    if as_json:
        print_json(
            {"name": preset.name, "summary": preset.summary, "rules": rules_to_mapping(rules)}
        )
        return
    summary = _(preset.summary) if preset.summary else ""
    print_renderable(Text(f"{preset.name}: {summary}", style="bold"))
    print_renderable(knobs_table(rules))
