"""`scorepad event new|seat|add|drop|show|export` and `scorepad events`: a club night of
many tables, seated from a seed, its standings folded from the tables' games."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from scorepad.cli.common import JsonOption, PresetOption, SetOption, print_json, print_renderable
from scorepad.cli.core import App, Commands, app
from scorepad.errors import ExportError
from scorepad.i18n import _, format_number, ngettext
from scorepad.words.gametext import format_words

if TYPE_CHECKING:
    from collections.abc import Sequence

    from scorepad.club.event import Event, EventStandings, RoundState

event_app = App(
    cls=Commands,
    help="A club night: many tables, partners rotating, one standings.",
    no_args_is_help=True,
)
app.add_typer(event_app, name="event")

EventName = Annotated[
    str | None,
    typer.Argument(
        metavar="[NAME]", help="The event (default: the latest changed).", show_default=False
    ),
]


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",")]


@event_app.command("new")
def new_event(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The event's name.")],
    players: Annotated[
        str,
        typer.Option("--players", metavar="A,B,C,...", help="The players, comma-separated."),
    ],
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            metavar="N",
            help="Rounds to play (most-wins: at most; by default as many as pairs can meet).",
            show_default=False,
        ),
    ] = None,
    format_: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="rotate|pairs|swiss|most-wins",
            help="rotate: partners change every round; pairs: fixed pairs, round robin;"
            " swiss: fixed pairs meet others of a similar record; most-wins: fixed pairs,"
            " winners meet winners until the clock (--minutes) stops, ranked by wins.",
        ),
    ] = "rotate",
    pairs: Annotated[
        str | None,
        typer.Option(
            "--pairs",
            metavar="A+B,C+D,...",
            help="The fixed partnerships (pairs, swiss and most-wins).",
            show_default=False,
        ),
    ] = None,
    preset: PresetOption = "standard",
    overrides: SetOption = None,
    deals: Annotated[
        int | None,
        typer.Option(
            "--deals",
            metavar="N",
            help="A game also ends after N deals (the deal_limit rule).",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed",
            metavar="S",
            help="The seed the seats are drawn from (default: a new one).",
            show_default=False,
        ),
    ] = None,
    minutes: Annotated[
        int | None,
        typer.Option(
            "--minutes",
            metavar="M",
            help="The night's clock, M minutes from now: when time is called, each table"
            " finishes the deal in play and the side ahead wins; no round is seated after.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Start an event and seat its first round."""
    # The events service (some 15 ms) and the event's words and tables (some 10 ms each)
    # are imported in this module's functions, not at the top: `scorepad --help` loads it.
    from scorepad.service.events import new_event as start
    from scorepad.service.events import refuse_unknown_format

    kind = refuse_unknown_format(format_)
    pair_list: list[tuple[str, str]] = []
    for text in _names(pairs) if pairs is not None else []:
        parts = [p.strip() for p in text.split("+")]
        if len(parts) != 2:
            from scorepad.club.event import EventError

            raise EventError(
                _("--pairs: write each pair as A+B, not {text}").format(text=repr(text))
            )
        pair_list.append((parts[0], parts[1]))
    view = start(
        name,
        _names(players),
        rounds,
        format_=kind,
        pairs=pair_list,
        preset=preset,
        overrides=overrides or (),
        deals=deals,
        seed=seed,
        minutes=minutes,
    )
    event = view.event
    typer.echo(
        _("Started {event} ({format}, {players} players, {rounds} rounds, seed {seed}).").format(
            event=event.name,
            format=format_words(event.format),
            players=len(event.players),
            rounds=event.rounds_planned,
            seed=event.seed,
        )
    )
    _echo_round(view.event, view.standings.rounds[0], _("Round {number}:"))
    _echo_problems(event)


def _echo_round(event: Event, state: RoundState, heading: str) -> None:
    from scorepad.words.eventtext import table_words

    typer.echo(heading.format(number=state.number))
    for table in state.tables:
        if state.seated:
            typer.echo("  " + table_words(table) + f"  [{table.game}]")
        else:
            typer.echo(
                "  "
                + _("table {table}: {a} vs {b}").format(
                    table=table.table, a=" & ".join(table.sides[0]), b=" & ".join(table.sides[1])
                )
            )
    if state.byes:
        from scorepad.words.eventtext import byes_words

        typer.echo("  " + byes_words(state.byes))


def _echo_problems(event: Event) -> None:
    from scorepad.words.eventtext import problem_words, reopened_words

    for problem in event.problems:
        typer.echo(_("Could not be avoided: {what}.").format(what=problem_words(event, problem)))
    for reopened in event.reopened:
        typer.echo(reopened_words(reopened))


def _echo_standings(
    event: Event, standings: EventStandings, ratings: Sequence[float | None] = ()
) -> None:
    """The standings, with each row's rating when `ratings` gives them (`-`: not rated)."""
    from scorepad.render.event import standings_table
    from scorepad.words.eventtext import standings_heads

    typer.echo(
        _("{event} · {format} · round {round} of {rounds}").format(
            event=event.name,
            format=format_words(event.format),
            round=event.current,
            rounds=event.rounds_planned,
        )
    )
    cells = [format_number(rating, 1) if rating is not None else "-" for rating in ratings]
    heads = [*standings_heads(), _("rating")] if ratings else standings_heads()
    print_renderable(standings_table(heads, standings, cells))


def _echo_clock(event: Event) -> None:
    """The night's time left, or that time is up (nothing without a clock)."""
    from scorepad.engine.clock import ClockReading
    from scorepad.service import clock as service_clock
    from scorepad.words.gametext import clock_words

    left = event.seconds_left(service_clock.now())
    if left is not None:
        typer.echo(clock_words(ClockReading(left, left == 0, None)))


@event_app.command("show")
def show_event(name: EventName = None, as_json: JsonOption = False) -> None:
    """Show the standings, this round's tables and the next round's seats."""
    from scorepad.service.events import show_event as show

    view = show(name)
    event, standings = view.event, view.standings
    if as_json:
        from scorepad.export.event import event_data

        print_json(event_data(event, standings, rules=view.rules))
        return
    from scorepad.service.events import event_ratings
    from scorepad.words.eventtext import bye_rule

    _echo_standings(event, standings, event_ratings(view).rows)
    _echo_clock(event)
    typer.echo(bye_rule())
    for state in standings.rounds:
        if state.number == event.current:
            _echo_round(event, state, _("Round {number}, now:"))
        elif state.number == event.current + 1:
            _echo_round(event, state, _("Round {number}, next:"))
    drawn = any(s.number == event.current + 1 for s in standings.rounds)
    ranked = event.format in ("swiss", "most-wins")
    if ranked and event.current < event.rounds_planned and not drawn:
        typer.echo(_("The next round is drawn once this one is over."))
    _echo_problems(event)


@event_app.command("seat")
def seat(name: EventName = None) -> None:
    """Seat the next round, once every table of this one is over."""
    from scorepad.service.seating import seat_next

    view = seat_next(name)
    current = view.event.current
    state = next(s for s in view.standings.rounds if s.number == current)
    _echo_round(view.event, state, _("Round {number}:"))


@event_app.command("unseat")
def unseat(name: EventName = None) -> None:
    """Take the last seating back, until any of its tables has an entry."""
    from scorepad.service.seating import unseat as take_back

    view = take_back(name)
    typer.echo(
        _("Took back the seating of round {round} of {event}; round {current} is on.").format(
            round=view.event.current + 1, event=view.event.name, current=view.event.current
        )
    )


@event_app.command("add")
def add(
    player: Annotated[
        str, typer.Argument(metavar="PLAYER", help="A late arrival (A+B for a pair).")
    ],
    name: EventName = None,
) -> None:
    """Add a player (or a pair) from the next round on."""
    from scorepad.service.seating import add_player

    view, who = add_player(name, player)
    typer.echo(
        _("Added {who} to {event} from round {round}; the rounds to come are drawn again.").format(
            who=" & ".join(who), event=view.event.name, round=view.event.current + 1
        )
    )


@event_app.command("drop")
def drop(
    player: Annotated[str, typer.Argument(metavar="PLAYER", help="Someone who has to leave.")],
    name: EventName = None,
) -> None:
    """Drop a player (for fixed pairs, their pair) from the next round on."""
    from scorepad.service.seating import drop_player

    view, who = drop_player(name, player)
    typer.echo(
        _(
            "Dropped {who} from {event} from round {round}; the rounds to come are drawn again."
        ).format(who=" & ".join(who), event=view.event.name, round=view.event.current + 1)
    )


@event_app.command("export")
def export_event(
    name: EventName = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            metavar="csv|json|md|html",
            help="The format. Default: from the -o file's suffix; md for stdout.",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write to FILE (replaced whole, never half-written) instead of stdout;"
            " - is stdout.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Export every round's tables and results and the standings, with the date, the rules
    and who joined or left."""
    import datetime
    from pathlib import Path, PurePath

    from scorepad.cli.export import write_output
    from scorepad.export.event import EXPORT_FORMATS
    from scorepad.export.event import export_event as export
    from scorepad.service.events import show_event as show

    to_stdout = output is None or output == "-"
    suffix = PurePath(output).suffix.lstrip(".").lower() if output and not to_stdout else ""
    chosen = fmt if fmt is not None else suffix or "md"
    if fmt is not None and fmt not in EXPORT_FORMATS:
        raise ExportError(
            _("unknown format {format}; formats: {formats}").format(
                format=repr(fmt), formats=", ".join(EXPORT_FORMATS)
            )
        )
    if chosen not in EXPORT_FORMATS:
        raise ExportError(
            _(
                "-o {output}: .{suffix} is not a format of an event's export; name the file"
                " .csv, .json, .md or .html, or give --format csv|json|md|html"
            ).format(output=output, suffix=suffix)
        )
    target = Path(output).expanduser() if output is not None and not to_stdout else None
    if target is not None and target.is_dir():
        raise ExportError(
            _("-o {output} is a folder; give a file's name, like {output}/night.{suffix}").format(
                output=output, suffix=chosen
            )
        )
    view = show(name)
    text = export(
        view.event, view.standings, chosen, rules=view.rules,
        day=datetime.date.today().isoformat(),
    )  # fmt: skip
    if target is None:
        sys.stdout.write(text)
        return
    if target.resolve() == view.path.resolve():
        raise ExportError(
            _("-o {output} is the event file itself; export to another file").format(output=output)
        )
    write_output(target, text)
    typer.echo(
        _("Exported {name} as {format} to {path}").format(
            name=view.event.name, format=chosen, path=target
        ),
        err=True,
    )


@app.command("events")
def events(as_json: JsonOption = False) -> None:
    """List the events."""
    from scorepad.service.events import list_events

    found = list_events()
    if as_json:
        print_json(
            [
                {
                    "name": s.path.stem,
                    "format": s.event.format if s.event else None,
                    "round": s.event.current if s.event else None,
                    "rounds_planned": s.event.rounds_planned if s.event else None,
                    "players": len(s.event.players) if s.event else None,
                    "damaged": s.damaged,
                }
                for s in found
            ]
        )
        return
    if not found:
        typer.echo(_("No event yet; start one with `scorepad event new NAME --players A,B,...`."))
        return
    for summary in found:
        if summary.event is None:
            typer.echo(
                _("{name}: damaged: {why}").format(name=summary.path.stem, why=summary.damaged)
            )
            continue
        event = summary.event
        typer.echo(
            ngettext(
                "{name}: {format}, {players} player, round {round} of {rounds}",
                "{name}: {format}, {players} players, round {round} of {rounds}",
                len(event.players),
            ).format(
                name=event.name,
                format=format_words(event.format),
                players=len(event.players),
                round=event.current,
                rounds=event.rounds_planned,
            )
        )
