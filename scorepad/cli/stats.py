"""`scorepad stats`: who bids best, who wins, and with whom, across the saved games."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Group
from rich.table import Table
from rich.text import Text

from scorepad.cli.common import JsonOption, print_json, print_renderable
from scorepad.cli.core import app
from scorepad.i18n import _, format_number, format_percent, ngettext
from scorepad.service.reads import find_game, games_dir, saved_games

if TYPE_CHECKING:
    from rich.console import RenderableType

    from scorepad.club.stats import Meeting, PartnershipStats, PlayerStats, Stats


@app.command()
def stats(
    games: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[NAME_OR_PATH]...",
            help="Saved games' names or game files' paths (default: every saved game).",
            show_default=False,
        ),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="Only this player, with their partners and opponents head to head.",
            show_default=False,
        ),
    ] = None,
    event: Annotated[
        str | None,
        typer.Option(
            "--event",
            metavar="NAME",
            help="Only the games of this club night.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Player and partnership statistics over the saved games (or the ones named)."""
    paths = list(dict.fromkeys(find_game(ref) for ref in games)) if games else saved_games()
    if event is not None:
        from scorepad.service.events import event_game_paths

        night = event_game_paths(event)
        paths = [path for path in night if path in paths] if games else night
    result, rated = count_games(paths, whole_library=not games and event is None, player=player)
    if as_json:
        data = result.as_json()
        for row in data["players"]:
            row["rating"] = rated.get(row["name"].casefold())
        print_json(data)
        return
    if not result.games:
        said = (
            _("No games to count in the games named.")
            if games or event is not None
            else _("No games to count in {folder}.").format(folder=games_dir())
        )
        typer.echo(said)
        return
    print_renderable(stats_view(result, rated))


def count_games(
    paths: Sequence[Path], *, whole_library: bool, player: str | None = None
) -> tuple[Stats, dict[str, float]]:
    """The statistics of the games at `paths`, and each player's rating from them (by name
    folded), through the games' index; a damaged file is skipped with one line on stderr.
    The index keeps the ratings of the whole library only, not of a few games named."""
    # The game index (sqlite), the ratings' model and the facts cost some 20 ms: here, not at
    # the top, as `scorepad --help` loads this module.
    from scorepad.club.ratings import player_key
    from scorepad.club.stats import collect_facts
    from scorepad.service.reads import indexed_games

    indexed, ratings = indexed_games(paths, whole_library=whole_library)
    for game in indexed:
        if game.damaged is not None:
            typer.echo(
                "scorepad: "
                + _("skipped a damaged game file: {reason}").format(reason=game.damaged),
                err=True,
            )
    result = collect_facts([game.facts for game in indexed if game.facts], player=player)
    rated = {player_key(entry.player): round(entry.rating, 3) for entry in ratings.players()}
    return result, rated


def _judged(exact: int, over: int, under: int, judged: int) -> tuple[str, str, str]:
    """Exact, over and under as counted; `-` each where no round was judged (the tricks
    entered as a side's total say nothing of one player's bid)."""
    if not judged:
        return ("-", "-", "-")
    return (str(exact), str(over), str(under))


def _percent(part: int, whole: int) -> str:
    return format_percent(part / whole, decimals=0) if whole else "-"


def _decimal(value: float, decimals: int) -> str:
    return format_number(value, decimals)


def _table(*columns: str) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold", collapse_padding=True)
    for index, column in enumerate(columns):
        table.add_column(column, justify="left" if index == 0 else "right")
    return table


def stats_view(result: Stats, rated: dict[str, float]) -> RenderableType:
    """The players table (with each player's rating, `-` for none: see `scorepad
    ratings`), the partnerships table and, for one player, head to head."""
    unfinished = result.games - result.finished
    parts: list[RenderableType] = [
        Text(
            ngettext(
                "{games} game ({finished} finished, {unfinished} unfinished); a win needs a"
                " finished game.",
                "{games} games ({finished} finished, {unfinished} unfinished); a win needs a"
                " finished game.",
                result.games,
            ).format(games=result.games, finished=result.finished, unfinished=unfinished)
        )
    ]
    players = _table(
        _("player"), _("games"), _("fin."), _("won"), _("win%"), _("rounds"),
        _("avg bid"), _("exact"), _("over"), _("under"), _("nil"), _("bnil"), _("rating"),
    )  # fmt: skip
    for p in result.players:
        rating = rated.get(p.name.casefold())
        players.add_row(
            Text(p.name), str(p.games), str(p.finished), str(p.wins),
            _percent(p.wins, p.finished), str(p.rounds),
            _decimal(p.average_bid, 2) if p.bids else "-",  # 3.25, not 3.2
            *_judged(p.exact, p.over, p.under, p.judged),
            f"{p.nil_made}/{p.nil_bids}", f"{p.blind_nil_made}/{p.blind_nil_bids}",
            _decimal(rating, 1) if rating is not None else "-",
        )  # fmt: skip
    parts += [Text(""), players]
    if result.partnerships:
        pairs = _table(
            _("partners"), _("games"), _("fin."), _("won"), _("win%"), _("made"),
            _("set"), _("bags/rnd"), _("bag pen."),
        )  # fmt: skip
        for pair in result.partnerships:
            pairs.add_row(
                Text(" & ".join(pair.players)), str(pair.games), str(pair.finished),
                str(pair.wins), _percent(pair.wins, pair.finished), str(pair.made),
                str(pair.set), _decimal(pair.bags_per_round, 2), str(pair.bag_penalties),
            )  # fmt: skip
        parts += [Text(""), pairs]
    parts += _rulings_tables(result)
    if result.head_to_head is not None:
        versus = result.head_to_head
        titles = (
            (_("{player} with"), versus.partners),
            (_("{player} against"), versus.opponents),
        )
        for title, meetings in titles:
            if meetings:
                parts += [Text(""), _meetings_table(title.format(player=versus.name), meetings)]
    return Group(*parts)


def _rulings_tables(result: Stats) -> list[RenderableType]:
    """The rulings against each player's side and each partnership, by kind, and the
    misdeals each dealt: only where there was one (most games have none)."""
    players = [p for p in result.players if p.rulings or p.misdeals]
    pairs = [pair for pair in result.partnerships if pair.rulings or pair.misdeals]
    if not players and not pairs:
        return []
    heads = (_("books"), _("set"), _("points"), _("forfeit"), _("misdeals"))
    parts: list[RenderableType] = [
        Text(""),
        Text(_("Rulings by kind against each side, and misdeals dealt:")),
    ]
    named: list[tuple[str, list[tuple[str, PlayerStats | PartnershipStats]]]] = [
        (_("player"), [(p.name, p) for p in players]),
        (_("partners"), [(" & ".join(pair.players), pair) for pair in pairs]),
    ]
    for first, rows in named:
        if not rows:
            continue
        table = _table(first, *heads)
        for name, tally in rows:
            table.add_row(
                Text(name), str(tally.ruled_books), str(tally.ruled_set),
                str(tally.ruled_points), str(tally.ruled_forfeit), str(tally.misdeals),
            )  # fmt: skip
        parts += [Text(""), table]
    return parts


def _meetings_table(title: str, meetings: Sequence[Meeting]) -> Table:
    table = _table(title, _("games"), _("fin."), _("won"), _("win%"))
    for meeting in meetings:
        table.add_row(
            Text(meeting.name), str(meeting.games), str(meeting.finished), str(meeting.wins),
            _percent(meeting.wins, meeting.finished),
        )  # fmt: skip
    return table
