"""`scorepad simulate`: play out games with bots under a preset, checking every deal."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from scorepad.cli.common import (
    JsonOption,
    PresetOption,
    SetOption,
    load_rules,
    print_json,
    print_renderable,
)
from scorepad.cli.core import app
from scorepad.errors import ScorepadError
from scorepad.i18n import N_, _, format_number, format_percent

if TYPE_CHECKING:
    from rich.console import RenderableType

    from scorepad.sim.kernel import KernelReason
    from scorepad.sim.run import RunConfig, RunSummary


@app.command()
def simulate(
    ctx: typer.Context,
    preset: PresetOption = "standard",
    overrides: SetOption = None,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, metavar="N", help="Games to play.")
    ] = 100,
    seed: Annotated[
        int, typer.Option(metavar="S", help="The run's seed: the same seed, the same games.")
    ] = 0,
    bots: Annotated[
        str,
        typer.Option(
            metavar="BOT[,BOT]",
            help="heuristic or random; a comma list gives each side its own (heuristic,random).",
        ),
    ] = "heuristic",
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", min=1, metavar="J", help="Processes; the result does not change."
        ),
    ] = 1,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR", help="Write each game as a game file (and, with --hands, each deal)."
        ),
    ] = None,
    hands: Annotated[
        bool, typer.Option("--hands", help="With --save: also write every deal's hand record.")
    ] = False,
    kernel: Annotated[
        str,
        typer.Option(
            metavar="auto|c|python",
            help="Play deals in the compiled kernel (c, one kind of bot a run), in Python, or"
            " the kernel where it can (auto).",
        ),
    ] = "auto",
    check: Annotated[
        str,
        typer.Option(
            metavar="sample|full",
            help="Kernel deals the Python validator replays: a fixed one in 20 (sample) or"
            " every one (full).",
        ),
    ] = "sample",
    as_json: JsonOption = False,
    league: Annotated[
        int | None,
        typer.Option(
            "--league",
            metavar="PLAYERS",
            help="Play a league of PLAYERS bots of graded skill with changing partners, rate"
            " it as saved games are rated, and say how well the ratings found the truth.",
            show_default=False,
        ),
    ] = None,
    games_per_player: Annotated[
        int,
        typer.Option(
            "--games-per-player", metavar="N", help="With --league: games each bot plays."
        ),
    ] = 30,
    compare: Annotated[
        str | None,
        typer.Option(
            "--compare",
            metavar="PRESET_OR_FILE,...",
            help="Play the same games under each rule set (instead of --preset) and show"
            " them side by side; --set applies to each.",
            show_default=False,
        ),
    ] = None,
    sweep: Annotated[
        bool,
        typer.Option(
            "--sweep",
            help="Play every preset and a seeded sample of knob combinations with explorer"
            " bots (every kind of bid), check them, and say what was reached; --games is"
            " the sweep's games in all (default 1000), on two processes unless --jobs.",
        ),
    ] = False,
) -> None:
    """Play games out with bots, score them with the engine, and check every deal.

    Ctrl-C stops the run with status 130; games --save has written stay.
    """
    # The simulator (some 30 ms, the kernel with it) is imported here and in the functions
    # below, not at the top: `scorepad --help` loads this module. So are the modules of
    # --compare, --league and --sweep, which import their parts of it at their top.
    from scorepad.sim.bots import BOTS
    from scorepad.sim.kernel import KernelRefusedError
    from scorepad.sim.referee import knobs_of_preset
    from scorepad.sim.run import RunConfig
    from scorepad.sim.run import simulate as run_simulation

    chosen = tuple(word.strip() for word in bots.split(",") if word.strip())
    unknown = [word for word in chosen if word not in BOTS]
    if unknown or not chosen:
        raise ScorepadError(
            _(
                "--bots {bots}: unknown bot {unknown}; choose from {known},"
                " or a comma list per side"
            ).format(
                bots=repr(bots), unknown=", ".join(unknown) or _("(none)"), known=", ".join(BOTS)
            )
        )
    if sweep:
        _run_sweep(ctx, games, seed, jobs, as_json)
        return
    if compare is not None:
        from scorepad.cli.compare import check_compare_options, run_compare

        typed = getattr(ctx.get_parameter_source("preset"), "name", "DEFAULT") != "DEFAULT"
        check_compare_options(preset if typed else None, kernel)
        run_compare(compare, overrides, games, seed, chosen, jobs, save, as_json)
        return
    name, rules = load_rules(preset, overrides)
    if league is not None:
        from scorepad.cli.league import run_league

        knobs = knobs_of_preset(preset, overrides or ())
        if run_league(league, games_per_player, rules, name, knobs, seed, as_json):
            raise typer.Exit(1)
        return
    if hands and save is None:
        raise ScorepadError(
            _("--hands writes hand records into the --save folder; give --save DIR")
        )
    config = RunConfig(
        rules, name, games, seed=seed, bots=chosen, save_dir=save, save_hands=hands, kernel=kernel,
        check=check, knobs=knobs_of_preset(preset, overrides or ()),
    )  # fmt: skip
    try:
        if as_json or not sys.stderr.isatty():
            summary = run_simulation(config, jobs=jobs)
        else:
            summary = _with_progress(config, jobs)
    except KernelRefusedError as error:
        raise ScorepadError(kernel_refused_words(error.reason)) from None
    if as_json:
        print_json(summary.as_json())
    else:
        print_renderable(summary_view(summary))
    if summary.violation_count:
        raise typer.Exit(1)


def _run_sweep(ctx: typer.Context, games: int, seed: int, jobs: int, as_json: bool) -> None:
    """`--sweep`: the sweep's own default games and two processes, unless given."""
    from scorepad.cli.sweep import sweep_view
    from scorepad.sim.sweep import GAMES, play_sweep

    def typed(name: str) -> bool:
        return getattr(ctx.get_parameter_source(name), "name", "DEFAULT") != "DEFAULT"

    others = [name for name in ("preset", "overrides", "bots", "save", "hands", "kernel",
                                "check", "compare") if typed(name)]  # fmt: skip
    if others:
        option = {"overrides": "--set"}.get(others[0], f"--{others[0]}")
        raise ScorepadError(
            _(
                "--sweep plays its own rule sets and bots: it takes --games, --seed, --jobs"
                " and --json, not {option}"
            ).format(option=option)
        )
    report = play_sweep(
        seed, games if typed("games") else GAMES, jobs=jobs if typed("jobs") else 2
    )
    if as_json:
        print_json(report.as_json())
    else:
        print_renderable(sweep_view(report))
    if report.tally.violation_count:
        raise typer.Exit(1)


def _with_progress(config: RunConfig, jobs: int) -> RunSummary:
    """Run with a progress bar on stderr (only called when stderr is a terminal)."""
    # Rich's progress bar (some 5 ms) for a run on a terminal alone.
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from scorepad.sim.run import RunConfig
    from scorepad.sim.run import simulate as run_simulation

    assert isinstance(config, RunConfig)
    columns = (_("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(_("games"), total=config.games)
        return run_simulation(config, jobs=jobs, progress=lambda done: progress.advance(task, done))


# How a game ended, as the summary's `ends` (and the JSON) names it.
END_WORDS = {
    "target": N_("target"),
    "loss-limit": N_("loss limit"),
    "boston": N_("Boston"),
    "sets": N_("sets"),
    "draw": N_("draw"),
    "unfinished": N_("unfinished"),
}


def kernel_reason_words(reason: KernelReason) -> str:
    """Why the compiled kernel does not play a run, in the run's language: `it plays one
    kind of bot at every seat`."""
    from scorepad.sim.kernel import KERNEL_BOTS, KernelReason

    if reason is KernelReason.BOTS:
        first, second = KERNEL_BOTS
        return _("it plays {first} or {second} bots only").format(first=first, second=second)
    if reason is KernelReason.MIXED_BOTS:
        return _("it plays one kind of bot at every seat")
    if reason is KernelReason.JOINT_PLAIN_ZERO:
        return _("it makes joint partner bids only where a bid of 0 means nil")
    if reason is KernelReason.DECK:
        return _("its deck is at most 54 cards for at most 6 players")
    if reason is KernelReason.DISCARDS:
        return _("its dealer discards at most 4 cards")
    if reason is KernelReason.NOT_BUILT:
        return _("it is not built in this install (no C compiler when it was installed)")
    return _("--kernel python")  # KernelReason.CHOSEN_PYTHON


def kernel_refused_words(reason: KernelReason) -> str:
    """`--kernel c` refused, and why, in the run's language."""
    return _(
        "--kernel c: the compiled kernel cannot play this run: {reason};"
        " use --kernel auto or python"
    ).format(reason=kernel_reason_words(reason))


def why_not_kernel(reason: KernelReason) -> str:
    """Why a run was played in Python, as the summary says it: `--kernel python`, or
    `the compiled kernel: its dealer discards at most 4 cards`."""
    from scorepad.sim.kernel import KernelReason

    if reason is KernelReason.CHOSEN_PYTHON:
        return kernel_reason_words(reason)
    return _("the compiled kernel: {reason}").format(reason=kernel_reason_words(reason))


def percent(rate: float) -> str:
    """`78.7%`, or `78,7 %` in German."""
    return format_percent(rate, decimals=1)


def summary_view(summary: RunSummary) -> RenderableType:
    """The run as a two-column table, then any violations with how to replay them."""
    stats = summary.stats()
    config = summary.config
    table = Table(box=None, pad_edge=False, show_header=False)
    table.add_column("what", style="bold", no_wrap=True)
    table.add_column("value")

    def row(what: str, value: str, style: str = "") -> None:
        table.add_row(Text(what), Text(value, style=style))

    def share(rate: float, count: int) -> str:
        return _("{percent} of {count}").format(percent=percent(rate), count=count)

    row(
        _("preset"),
        _("{preset} (bots: {bots}, seed {seed})").format(
            preset=config.preset, bots=", ".join(config.bots), seed=config.seed
        ),
    )
    row(_("games"), str(summary.games))
    why = f" ({why_not_kernel(summary.kernel_reason)})" if summary.kernel_reason else ""
    kernel = _("the compiled kernel") if summary.kernel == "c" else "Python"
    row(_("deals played in"), kernel + why)
    row(
        _("deals"),
        _("{deals} ({redeals} redeals)").format(deals=summary.deals, redeals=summary.redeals),
    )
    violations = summary.violation_count
    row(_("violations"), str(violations), "bold red" if violations else "green")
    row(_("deals per game"), format_number(stats["deals_per_game"], 1))
    nil, blind = stats["nil"], stats["blind_nil"]
    # A bid the rules do not allow is left out, not shown as made 0.0% of 0 times.
    if config.rules.nil:
        row(_("nil made"), share(nil["rate"], nil["bids"]))
    if config.rules.blind_nil:
        row(_("blind nil made"), share(blind["rate"], blind["bids"]))
    row(_("contracts set"), share(stats["set_rate"], stats["sets"]["contracts"]))
    row(_("bag penalties per game"), format_number(stats["bag_penalties_per_game"], 2))
    ends = ", ".join(
        _(END_WORDS.get(kind, kind)) + f" {count}" for kind, count in stats["ends"].items() if count
    )
    row(_("games ended by"), ends or "-")
    first = stats["first_dealer"]
    row(
        _("first dealer's side won"),
        _("{share} (fair share {fair})").format(
            share=share(first["win_rate"], first["decided_games"]),
            fair=percent(first["fair_share"]),
        ),
    )
    if len(stats["bots"]) > 1:
        for bot, figures in stats["bots"].items():
            row(_("{bot} won").format(bot=bot), share(figures["win_rate"], figures["games"]))
    rate = summary.deals / max(summary.elapsed_seconds, 1e-9)
    row(
        _("time"),
        _("{seconds} s, {rate} deals/s").format(
            seconds=format_number(summary.elapsed_seconds, 2), rate=format_number(rate)
        ),
    )
    parts: list[RenderableType] = [table]
    if summary.violations:  # a clean run never loads the words of its problems
        from scorepad.render.problems import check_words
    # Each violation in the run's language, made from its facts (the JSON keeps the English).
    for violation in summary.violations:
        replay = violation.replay_lines()
        parts.append(
            Text(
                "\n"
                + _("violation ({check}): {message}").format(
                    check=check_words(violation.check), message=violation.problem.words
                )
                + "\n  "
                + _(
                    "replay: game {game}, deal {deal} of seed {seed}: simulate --seed {seed}"
                    " --games {game} --save DIR --hands (same --preset, --set, --bots, --kernel),"
                    " then verify DIR/{file}"
                ).format(
                    game=violation.game + 1,
                    deal=violation.deal,
                    seed=violation.seed,
                    file=f"game-{violation.game + 1:05d}-deal-{violation.deal:03d}.hand.toml",
                )
                + "\n"
                + "\n".join(f"  {line}" for line in replay),
                style="red",
            )
        )
    if violations > len(summary.violations):
        parts.append(
            Text(
                _("... and {count} more violations").format(
                    count=violations - len(summary.violations)
                )
            )
        )
    return Group(*parts)
