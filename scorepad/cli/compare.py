"""`scorepad simulate --compare`: rule sets side by side, read and shown (no command here)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Group
from rich.table import Table
from rich.text import Text

from scorepad.cli.common import print_json, print_renderable
from scorepad.errors import RulesError, ScorepadError
from scorepad.i18n import N_, _, format_number, format_percent, language
from scorepad.service.reads import resolve_rules
from scorepad.sim.compare import RuleSet, compare
from scorepad.sim.referee import knobs_of_preset

if TYPE_CHECKING:
    from rich.console import RenderableType

    from scorepad.sim.compare import Column, Comparison, Rate, RuleSet

# The rows of the table: a label, and a rate key or a figure of the column.
ROWS = (
    (N_("games"), "games"),
    (N_("deals per game"), "deals_per_game"),
    (N_("violations"), "violations"),
    (N_("ended by target"), "ended_target"),
    (N_("ended by loss limit"), "ended_loss_limit"),
    (N_("ended by sets"), "ended_sets"),
    (N_("ended by Boston"), "ended_boston"),
    (N_("cut off at the deal cap"), "ended_cap"),
    (N_("nil bid (per hand)"), "nil_bid"),
    (N_("nil made"), "nil_made"),
    (N_("blind nil bid (per hand)"), "blind_nil_bid"),
    (N_("blind nil made"), "blind_nil_made"),
    (N_("contracts set"), "contracts_set"),
    (N_("bags per game"), "bags_per_game"),
    (N_("bag penalties per game"), "bag_penalties_per_game"),
    (N_("average winning margin"), "average_margin"),
    (N_("first dealer's side won"), "first_dealer_won"),
)
NOT_IN_RULES = N_("not in these rules")
def read_rule_sets(text: str, overrides: list[str] | None) -> list[RuleSet]:
    """The rule sets of `--compare A,B,...`: preset names or files, each with the --set."""
    given = [part.strip() for part in text.split(",")]
    if len(given) < 2 or not all(given):
        raise RulesError(
            _(
                "--compare {text}: give two or more presets or preset files, comma-separated,"
                " like club,house"
            ).format(text=repr(text))
        )
    rule_sets = []
    for ref in given:
        name, rules = resolve_rules(ref, overrides or ())
        rule_sets.append(RuleSet(ref, name, rules, knobs_of_preset(ref, overrides or ())))
    return rule_sets


def check_compare_options(preset: str | None, kernel: str) -> None:
    """Refuse what --compare would leave unheard: a --preset typed, a --kernel but auto."""
    if preset is not None:
        raise ScorepadError(
            _(
                "--compare names the rule sets, so --preset {preset} would be ignored;"
                " put it in the list, like --compare {preset},club"
            ).format(preset=preset)
        )
    if kernel != "auto":
        raise ScorepadError(
            _(
                "--kernel {kernel}: --compare plays each rule set in the kernel where it can"
                " (--kernel auto); leave --kernel out"
            ).format(kernel=kernel)
        )


def run_compare(
    text: str,
    overrides: list[str] | None,
    games: int,
    seed: int,
    bots: tuple[str, ...],
    jobs: int,
    save: Path | None,
    as_json: bool,
) -> None:
    """Play and show the comparison; exit 1 when any deal broke a check."""
    if save is not None:
        raise ScorepadError(_("--save writes one run's games; it does not go with --compare"))
    rule_sets = read_rule_sets(text, overrides)
    comparison = compare(rule_sets, games=games, seed=seed, bots=bots, jobs=jobs)
    if as_json:
        print_json(comparison.as_json())
    else:
        print_renderable(compare_view(comparison))
    if any(column.summary.violation_count for column in comparison.columns):
        raise typer.Exit(1)


def _bound(value: float) -> str:
    """An interval's end in percent: a decimal only where a whole number says too little."""
    return format_number(100 * value, 1) if value < 0.1 else format_number(100 * value)


def _rate_text(rate: Rate) -> str:
    if not rate.of:
        return _("- (none)")
    low, high = rate.interval
    mark = " *" if rate.differs else ""
    return f"{format_percent(rate.rate, 1)} ({_bound(low)}-{_bound(high)}){mark}"


def _cell(column: Column, key: str) -> str:
    if key in column.rates:
        rate = column.rates[key]
        return _(NOT_IN_RULES) if rate is None else _rate_text(rate)
    data = column.as_json()
    value = data[key]
    if value is None:
        return _(NOT_IN_RULES) if key == "bag_penalties_per_game" else "-"
    if isinstance(value, float):
        return format_number(value, 1 if key == "average_margin" else 2)
    return str(value)


def _score(number: float) -> str:
    """An average score in the run's language, in thousands as the JSON's English has it."""
    return f"{number:,.0f}" if language() == "en" else format_number(number, 0)


def compare_view(comparison: Comparison) -> RenderableType:
    """One table, a column per rule set, then the notes and warnings in plain lines."""
    columns = comparison.columns
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("", no_wrap=True)
    for column in columns:
        table.add_column(column.rule_set.given, justify="right")
    # A rate no column's rules allow is left out; one some allow says so where it is not.
    shown = [
        (label, key)
        for label, key in ROWS
        if key not in columns[0].rates or any(c.rates[key] is not None for c in columns)
    ]
    for label, key in shown:
        table.add_row(Text(_(label)), *(Text(_cell(column, key)) for column in columns))
    bots = ", ".join(comparison.bots)
    lines = [
        _("{games} games a rule set, seed {seed}, bots {bots}; {level} intervals (Wilson).").format(
            games=comparison.games, seed=comparison.seed, bots=bots, level=format_percent(0.95, 0)
        ),
        _("* its interval does not overlap the first column's.")
        if len(columns) > 2
        else _("* the two columns' intervals do not overlap."),
    ]
    lines.extend(note.worded(_, _score) for note in comparison.notes())
    return Group(table, Text(""), *(Text(line) for line in lines))
