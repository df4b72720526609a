"""`scorepad presets list|show`: the shipped rule presets and their knobs."""

from __future__ import annotations

from typing import Annotated

import typer

from scorepad.cli.common import JsonOption, SetOption
from scorepad.cli.core import App, Commands, app

presets_app = App(
    cls=Commands, help="List the rule presets, or show one's rules.", no_args_is_help=True
)
app.add_typer(presets_app, name="presets")


@presets_app.command("list")
def list_presets() -> None:
    """List every shipped preset with a one-line summary."""
    from scorepad.cli.common import print_renderable
    from scorepad.presets import load_preset, preset_names
    from scorepad.render.tables import presets_table

    print_renderable(presets_table([load_preset(name) for name in preset_names()]))


@presets_app.command("show")
def show_preset(
    name: Annotated[str, typer.Argument(metavar="NAME", help="A preset name or a TOML file.")],
    overrides: SetOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show every rule of a preset, resolved, with what it means."""
    from scorepad.presets import apply_overrides, load_preset
    from scorepad.ruledata import rules_to_mapping

    preset = load_preset(name)
    rules = apply_overrides(preset.rules, overrides or ())
    if as_json:
        from scorepad.cli.common import print_json

        print_json(
            {"name": preset.name, "summary": preset.summary, "rules": rules_to_mapping(rules)}
        )
        return
    from rich.text import Text

    from scorepad.cli.common import print_renderable
    from scorepad.i18n import _
    from scorepad.render.tables import knobs_table

    summary = _(preset.summary) if preset.summary else ""
    print_renderable(Text(f"{preset.name}: {summary}", style="bold"))
    print_renderable(knobs_table(rules))
