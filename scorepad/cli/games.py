"""`scorepad new`, `games`, `use`, `rename`, `delete` and `restore`: start a game, list the
saved ones, pick the current one, and tidy them up without ever destroying one."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import typer

from scorepad.cli.common import (
    PresetOption,
    SetOption,
    complete_game_names,
    complete_trashed_names,
    confirm,
    names_starting,
    print_json,
    print_renderable,
)
from scorepad.cli.core import app
from scorepad.engine.names import split_names
from scorepad.errors import GameError, ScorepadError
from scorepad.i18n import N_, _, format_datetime, language, ngettext, pgettext
from scorepad.service.library import delete_game, restore_game, use_game
from scorepad.service.reads import find_game, games_dir, load_game, trash_dir, trash_entries


def complete_new_players(ctx: typer.Context, incomplete: str) -> list[str]:
    """The players named by --players on the same command line, for --dealer."""
    names = split_names(ctx.params.get("players") or "")
    return names_starting([name for name in names if name], incomplete)


@app.command()
def new(
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="The game's name; it is saved as NAME.toml.")
    ],
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            metavar="A,B,C,D",
            help="The players in clockwise seat order, comma-separated: partners are the "
            "1st and 3rd, the 2nd and 4th.",
            show_default=False,
        ),
    ] = None,
    preset: PresetOption = "standard",
    overrides: SetOption = None,
    teams: Annotated[
        str | None,
        typer.Option(
            "--teams",
            metavar="US,THEM",
            help='Team names, comma-separated, like "Us,Them".',
            show_default=False,
        ),
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option(
            "--dealer",
            metavar="PLAYER",
            help="Who deals first: a name or seat number (default: seat 1).",
            show_default=False,
            autocompletion=complete_new_players,
        ),
    ] = None,
    minutes: Annotated[
        int | None,
        typer.Option(
            "--minutes",
            metavar="M",
            help="Play to a clock of M minutes from now: when time is called, the deal in"
            " play is finished and the side ahead wins (a tie plays one more deal).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Start a game and make it the current one."""
    # The service's games (some 5 ms over the library) only where a game is written or summed up,
    # so that `use`, `delete` and `restore` do not load it.
    from scorepad.service.games import NameTakenError, start_game

    if players is None:
        # Checked here rather than by Typer, so the refusal is one line like every other.
        raise GameError(
            _("no players given; name them in clockwise seat order, like --players Ann,Bob,Cat,Dan")
        )
    try:
        started = start_game(
            name,
            split_names(players),
            preset,
            overrides or (),
            teams=split_names(teams) if teams is not None else None,
            dealer=dealer,
            minutes=minutes,
        )
    except NameTakenError as error:
        raise GameError(
            _(
                "a game named {name} exists already; pick another name, or continue it"
                " with `scorepad use {stem}`"
            ).format(name=repr(error.taken), stem=error.taken)
        ) from None
    game = started.game
    sides = _(" vs ").join(game.sides)
    typer.echo(
        _("Started {game} ({preset}, to {target}): {sides}. {dealer} deals first.").format(
            game=game.name,
            preset=game.preset,
            target=game.rules.target,
            sides=sides,
            dealer=game.players[game.first_dealer],
        )
    )
    if game.clock is not None:
        typer.echo(
            ngettext(
                "The clock runs {minutes} minute: time is called after that.",
                "The clock runs {minutes} minutes: time is called after that.",
                game.clock.minutes,
            ).format(minutes=game.clock.minutes)
        )


@app.command()
def games(
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a JSON array instead, one object per game.")
    ] = False,
) -> None:
    """List the saved games, newest first: players, rounds, status, scores, last change."""
    summaries = summaries_json()
    if as_json:
        print_json(summaries)
        return
    if not summaries:
        typer.echo(
            _(
                "No saved games in {folder}; start one with `scorepad new NAME --players A,B,C,D`."
            ).format(folder=games_dir())
        )
        return
    # Rich's table (some 15 ms) for this listing alone: no other command here draws one.
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, header_style="bold", padding=(0, 1, 0, 0))
    # Each game takes two lines: its name, and its players under it.
    columns = (
        "", N_("game, players"), N_("preset"), N_("rounds"), N_("status"), N_("scores"),
        N_("changed"),
    )
    for column in columns:
        table.add_column(
            _(column) if column else "",
            justify="right" if column == "rounds" else "left",
            no_wrap=column in ("", "preset", "rounds", "changed"),
            min_width={"game, players": 18, "changed": 10}.get(column),
        )
    for entry in summaries:
        players = ""
        if "damaged" in entry:
            reason = entry["damaged"]
            status = (
                reason
                if reason.startswith(("damaged", _("damaged")))
                else _("damaged: {reason}").format(reason=reason)
            )
            cells = ["", "", status, "", when(entry["changed"])]
        else:
            players = "\n" + ", ".join(entry["players"])
            scores = ", ".join(f"{team['name']} {team['score']}" for team in entry["teams"])
            status = pgettext("standing", "level") if entry["status"] == "level" else _("playing")
            if entry["status"] == "finished":
                status = (
                    _("a draw")
                    if entry["winner"] is None
                    else _("{name} won").format(name=entry["winner"])
                )
            cells = [entry["preset"], str(entry["rounds"]), status, scores, when(entry["changed"])]
        # The file's name is what `use` and --game take; the game's own name if it differs.
        name = entry["name"]
        shown = name if entry.get("game", name) == name else f"{name} ({entry['game']})"
        mark = "*" if entry["current"] else ""
        table.add_row(*(Text(cell) for cell in [mark, shown + players, *cells]))
    print_renderable(table)


def when(iso: str, now: datetime | None = None) -> str:
    """A time as `ls -l` shows one: the hour today, the day this year, else the date."""
    moment = datetime.fromisoformat(iso)
    now = now or datetime.now()
    if moment.date() == now.date():
        return moment.strftime("%H:%M")
    if language() != "en":
        return format_datetime(moment, "d. MMM" if moment.year == now.year else "dd.MM.y")
    if moment.year == now.year:
        return moment.strftime("%b %d")
    return moment.strftime("%Y-%m-%d")


def summaries_json() -> list[dict[str, Any]]:
    """Every saved game, the most recently changed first, as `games --json` prints it."""
    from scorepad.service.games import list_games  # as in `new`: not for `use`, `delete`, `restore`

    found = []
    for summary in list_games():
        game, result = summary.game, summary.standings
        entry: dict[str, Any] = {
            "name": summary.path.stem,
            "current": summary.current,
            "changed": datetime.fromtimestamp(summary.changed).isoformat(timespec="seconds"),
        }
        if game is None or result is None:
            entry["damaged"] = summary.damaged
        else:
            entry.update(
                game=game.name,
                preset=game.preset,
                players=list(game.players),
                rounds=sum(r.sides is not None for r in result.rounds),
                status=result.status,
                winner=game.sides[result.winner] if result.winner is not None else None,
                teams=[
                    {"name": name, "score": score, "bags": bags}
                    for name, score, bags in zip(
                        game.sides, result.scores, result.bags, strict=True
                    )
                ],
            )
        found.append(entry)
    return found


@app.command()
def use(
    game: Annotated[
        str,
        typer.Argument(
            metavar="NAME_OR_PATH",
            help="A saved game's name, or a game file's path.",
            autocompletion=complete_game_names,
        ),
    ],
) -> None:
    """Make a saved game the current one."""
    loaded = use_game(game)
    typer.echo(_("Now keeping {game}.").format(game=loaded.name))


NameArgument = Annotated[
    str,
    typer.Argument(
        metavar="NAME",
        help="A saved game's name.",
        show_default=False,
        autocompletion=complete_game_names,
    ),
]


@app.command()
def rename(
    old: NameArgument,
    new_name: Annotated[
        str, typer.Argument(metavar="NEW", help="The game's new name.", show_default=False)
    ],
) -> None:
    """Rename a saved game; the current game follows its new name."""
    from scorepad.service.games import rename_game  # as in `new`

    game, _path, changed = rename_game(old, new_name)
    if changed:
        typer.echo(_("Renamed {old} to {new}.").format(old=old, new=game.name))
    else:
        typer.echo(_("{game} already has that name; nothing changed.").format(game=game.name))


@app.command()
def delete(
    name: NameArgument,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Move a saved game to the trash (`scorepad restore NAME` brings it back)."""
    shown = find_game(name).stem
    if not yes and not confirm(_("Move {game} to the trash?").format(game=shown)):
        typer.echo(_("Kept {game}.").format(game=shown))
        return
    delete_game(name)
    typer.echo(
        _("Moved {game} to the trash; `scorepad restore {game}` brings it back.").format(
            game=shown
        )
    )


@app.command()
def restore(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help="A deleted game's name (its latest copy), or a copy as listed, like wed~1."
            " Without NAME, list every copy in the trash.",
            show_default=False,
            autocompletion=complete_trashed_names,
        ),
    ] = None,
    new_name: Annotated[
        str | None,
        typer.Option(
            "--as",
            metavar="NEW",
            help="Restore it under this name (when its own is taken).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Bring a deleted game back from the trash, or list the trash."""
    if name is None:
        if new_name is not None:
            raise GameError(_("--as names a restored game; give the NAME to restore too"))
        list_trash()
        return
    game, path = restore_game(name, new_name)
    typer.echo(
        _("Restored {game}; continue it with `scorepad use {game}`.").format(game=path.stem)
    )


def list_trash() -> None:
    """Every copy in the trash, one a line: what `restore` takes, when, rounds, players."""
    entries = trash_entries()
    if not entries:
        typer.echo(_("The trash ({folder}) is empty.").format(folder=trash_dir()))
        return
    typer.echo(
        _("In the trash ({folder}); `scorepad restore NAME~N` brings one back:").format(
            folder=trash_dir()
        )
    )
    for entry in entries:
        deleted = when(datetime.fromtimestamp(entry.path.stat().st_mtime).isoformat())
        try:
            game = load_game(entry.path)
        except ScorepadError:
            what = _("damaged")
        else:
            count = len(game.rounds)
            what = ngettext(
                "{count} round, {players}", "{count} rounds, {players}", count
            ).format(count=count, players=", ".join(game.players))
        typer.echo(
            "  "
            + _("{copy}  changed {when}  {what}").format(copy=entry.label, when=deleted, what=what)
        )
