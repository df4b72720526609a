"""`scorepad simulate --sweep`: every preset and a sample of knob combinations, played
by explorer bots, checked, with what was reached and what was not."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from scorepad.engine.rules import format_value
from scorepad.i18n import N_, _, format_number
from scorepad.render.problems import check_words
from scorepad.render.sweepwords import reason_words
from scorepad.sim.nights import NIGHT_SITUATIONS
from scorepad.sim.reach import SITUATIONS
from scorepad.sim.refusaltries import TRIED_REASONS
from scorepad.sim.sweepcases import SWEEP_VALUES

if TYPE_CHECKING:
    from rich.console import RenderableType

    from scorepad.sim.sweep import SweepReport

# What a sweep looks for (scorepad.sim.sweep.SITUATIONS, English in the JSON), in words.
SITUATION_WORDS = {
    "nil": N_("nil made"),
    "nil failed": N_("nil failed"),
    "blind nil": N_("blind nil made"),
    "blind nil failed": N_("blind nil failed"),
    "blind nil at exactly the deficit": N_("blind nil trailing by exactly the deficit"),
    "blind nil just past the deficit": N_("blind nil trailing by just over the deficit"),
    "blind bid": N_("blind bid of a number"),
    "blind contract set": N_("blind contract set"),
    "joint team bid": N_("joint team bid"),
    "double nil": N_("double nil"),
    "double nil, all or nothing": N_("double nil, all or nothing"),
    "overbid of the deal": N_("contract above the tricks in the deal"),
    "Boston bid": N_("Boston bid"),
    "10-for-200 contract": N_("10-for-200 contract"),
    "failed nil beside a contract": N_("failed nil beside a contract"),
    "two or more bag penalties in a round": N_("two or more bag penalties in a round"),
    "exact bonus bid made exactly": N_("exact bonus bid made exactly"),
    "exact bonus bid made with overtricks": N_("exact bonus bid made with overtricks"),
    "big contract made at its threshold": N_("big contract made at its threshold"),
    "big contract made above its threshold": N_("big contract made above its threshold"),
    "a score exactly at the target": N_("a score exactly at the target"),
    "a score exactly at the loss limit": N_("a score exactly at the loss limit"),
    "a side through the loss limit": N_("a side through the loss limit"),
    "sides through the loss limit together, level": N_(
        "sides through the loss limit together, level"
    ),
    "a side out climbed back above the loss limit": N_(
        "a side out climbed back above the loss limit"
    ),
    "ended by target": N_("game ended by the target"),
    "ended by loss-limit": N_("game ended by the loss limit"),
    "ended by sets": N_("game ended by sets"),
    "ended by sets-in-a-row": N_("game ended by sets in a row"),
    "ended by boston": N_("game ended by Boston"),
    "ended by deal-limit": N_("game ended by the deal limit"),
    "books ruling": N_("ruling: books"),
    "points ruling": N_("ruling: points"),
    "set ruling": N_("ruling: set"),
    "forfeit ruling": N_("ruling: forfeit"),
    "forfeit ruling in play": N_("ruling: forfeit in play, before the tricks"),
    "misdeal, redeal same": N_("misdeal, the same player deals again"),
    "misdeal, redeal next": N_("misdeal, the deal passes on"),
    "round agreed by the other side": N_("round agreed by the other side"),
    "game to a clock, time called": N_("game to a clock, time called"),
    "time called in play": N_("time called in play, before the tricks"),
    "time called between deals": N_("time called between deals"),
    "a tie at the call played on": N_("a tie when time was called, played on"),
    "ended by time": N_("game ended by time"),
    "ended by forfeit": N_("game ended by a forfeit"),
}

# What the club nights look for (scorepad.sim.nights.NIGHT_SITUATIONS), in words.
NIGHT_WORDS = {
    "rotate night": N_("night of rotating partners"),
    "pairs night": N_("night of fixed pairs, round robin"),
    "swiss night": N_("swiss night of fixed pairs"),
    "most-wins night": N_("most-wins night of fixed pairs, winners meeting winners"),
    "table game": N_("table's game"),
    "bye": N_("bye"),
    "player or pair added": N_("player or pair added between rounds"),
    "player or pair dropped": N_("player or pair dropped between rounds"),
    "game ended by the deal limit": N_("game ended by the deal limit"),
    "rows level on wins, margin and points": N_("standings rows level on wins, margin and points"),
    "game rated": N_("game rated"),
    "partnership rated": N_("partnership rated"),
}


def sweep_view(report: SweepReport) -> RenderableType:
    """The sweep as tables: the run, how often each situation and knob value came up,
    what was not reached, then each violation with its rule set and deal."""
    tally = report.tally
    head = Table(box=None, pad_edge=False, show_header=False)
    head.add_column("what", style="bold", no_wrap=True)
    head.add_column("value")
    rows = [
        (_("seed"), str(report.seed)),
        (_("rule sets"), str(report.rule_sets)),
        (_("games"), _("{games} ({unfinished} cut off unfinished)").format(
            games=tally.games, unfinished=tally.unfinished)),
        (_("deals"), str(tally.deals)),
        (_("pairs of knobs played together"), _("{played} of {possible}").format(
            played=report.pairs_played, possible=report.pairs_possible)
         if report.pairs_possible is not None else str(report.pairs_played)),
        (_("club nights"), _("{nights} ({games} games, {deals} deals)").format(
            nights=report.nights.nights, games=report.nights.games, deals=report.nights.deals)),
        (_("violations"), str(tally.violation_count)),
        (_("time"), _("{seconds} s").format(seconds=format_number(report.elapsed_seconds, 1))),
    ]  # fmt: skip
    for what, value in rows:
        head.add_row(Text(what), Text(value))
    reach = Table(title=_("reached"), box=None, pad_edge=False)
    reach.add_column(_("bid or situation"))
    reach.add_column(_("times"), justify="right")
    for what in SITUATIONS:
        reach.add_row(Text(_(SITUATION_WORDS[what])), Text(str(tally.reached[what])))
    knobs = Table(title=_("knob values played (games)"), box=None, pad_edge=False)
    knobs.add_column(_("knob"))
    knobs.add_column(_("values"))
    for key, values in SWEEP_VALUES.items():
        played = ", ".join(
            f"{format_value(value)} {tally.knob_games[(key, format_value(value))]}"
            for value in values
        )
        knobs.add_row(Text(key), Text(played))
    tried = Table(title=_("bids the rules refuse, tried (by the reference's reason)"), box=None,
                  pad_edge=False)  # fmt: skip
    tried.add_column(_("reason"))
    tried.add_column(_("times"), justify="right")
    for why in TRIED_REASONS:
        tried.add_row(Text(reason_words(why)), Text(str(tally.refusals_tried[why])))
    nights = Table(title=_("club nights"), box=None, pad_edge=False)
    nights.add_column(_("night or situation"))
    nights.add_column(_("times"), justify="right")
    for what in NIGHT_SITUATIONS:
        nights.add_row(Text(_(NIGHT_WORDS[what])), Text(str(report.nights.reached[what])))
    parts: list[RenderableType] = [head, Text(""), reach, Text(""), knobs, Text(""), tried,
                                   Text(""), nights, Text("")]  # fmt: skip
    missing_values = [f"{key}={value}" for key, value in report.unreached_values]
    missing = [_(SITUATION_WORDS[what]) for what in report.unreached_situations]
    missing += [reason_words(why) for why in report.untried_refusals]
    missing += [_(NIGHT_WORDS[what]) for what in NIGHT_SITUATIONS
                if not report.nights.reached[what]]  # fmt: skip
    if missing_values or missing:
        parts.append(Text(_("not reached: {what}").format(
            what=", ".join([*missing_values, *missing])), style="yellow"))  # fmt: skip
    else:
        parts.append(Text(_("every knob value and situation above was reached")))
    for case, violation in tally.violations:
        rule, doc = report.rule_of(case, violation)
        said = _("violation ({check}) of {rule} ({doc}) in {rules}, game {game}, deal {deal}: "
                 "{message}")  # fmt: skip
        parts.append(
            Text(
                "\n"
                + said.format(
                    check=check_words(violation.check),
                    rule=rule,
                    doc=doc,
                    rules=report.cases[case].label(),
                    game=violation.game + 1,
                    deal=violation.deal,
                    message=violation.problem.words,
                )
                + "\n"
                + "\n".join(f"  {line}" for line in violation.replay_lines()),
                style="red",
            )
        )
    if tally.violation_count > len(tally.violations):
        parts.append(Text(_("... and {count} more violations").format(
            count=tally.violation_count - len(tally.violations))))  # fmt: skip
    return Group(*parts)
