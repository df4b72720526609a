"""`scorepad ratings`: every player rated from the finished games, and how sure each is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Group
from rich.table import Table
from rich.text import Text

from scorepad.cli.common import JsonOption, print_json, print_renderable
from scorepad.cli.core import app
from scorepad.errors import GameError
from scorepad.hints import did_you_mean
from scorepad.i18n import _, format_number, format_percent, ngettext

if TYPE_CHECKING:
    from rich.console import RenderableType

    from scorepad.club.ratings import PairRating, PlayerRating, Ratings


@app.command()
def ratings(
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="Only this player and the partnerships they were part of.",
            show_default=False,
        ),
    ] = None,
    event: Annotated[
        str | None,
        typer.Option(
            "--event",
            metavar="NAME",
            help="Only the games of this club night: its players rated from that night alone.",
            show_default=False,
        ),
    ] = None,
    predict: Annotated[
        str | None,
        typer.Option(
            "--predict",
            metavar='"A+B vs C+D"',
            help="The chance that each side wins, from the ratings.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Every player rated from the finished games, in the order played, with how sure each
    rating is."""
    # The game index (sqlite) and the rating model (some 20 ms) are imported where they are
    # used, in this module's functions, not at the top: `scorepad --help` loads this module.
    from scorepad.service.reads import saved_ratings

    paths = None
    if event is not None:
        from scorepad.service.events import event_game_paths  # --event alone: some 14 ms

        paths = event_game_paths(event)
    rated, damaged = saved_ratings(paths)
    for reason in damaged:
        typer.echo(
            "scorepad: " + _("skipped a damaged game file: {reason}").format(reason=reason),
            err=True,
        )
    if predict is not None:
        sides = parse_sides(predict, rated)
        chances = rated.chances(sides)
        new = [name for side in sides for name in side if not rated.knows(name)]
        if as_json:
            first = round(chances[0], 4)
            print_json(
                {
                    "sides": [list(side) for side in sides],
                    "chances": [first, 1 - first],
                    "unrated": new,
                }
            )
            return
        for side, chance in zip(sides, chances, strict=True):
            typer.echo(side_chance(side, chance))
        if new:
            typer.echo(
                ngettext(
                    "{names} has no rated game yet and is rated as a new player.",
                    "{names} have no rated game yet and are rated as new players.",
                    len(new),
                ).format(names=", ".join(new))
            )
        return
    players, pairs = rated.players(), rated.partnerships()
    if player is not None:
        players, pairs = only_player(rated, player)
    if as_json:
        from scorepad.club.ratings import MODEL

        print_json(
            {
                "model": MODEL,
                "players": [entry.as_json() for entry in players],
                "partnerships": [entry.as_json() for entry in pairs],
            }
        )
        return
    print_renderable(ratings_view(rated, players, pairs))


def side_chance(side: tuple[str, ...], chance: float) -> str:
    """One side's chance to win, in words."""
    return _("{side}: wins with a chance of {chance}").format(
        side=" + ".join(side), chance=format_percent(chance, decimals=0)
    )


def only_player(rated: Ratings, name: str) -> tuple[list[PlayerRating], list[PairRating]]:
    """One player's row and partnerships; an unknown name is refused with the names."""
    from scorepad.club.ratings import player_key

    check_known(rated, [name])
    key = player_key(name)
    players = [entry for entry in rated.players() if player_key(entry.player) == key]
    pairs = [entry for entry in rated.partnerships() if key in {player_key(n) for n in entry.pair}]
    return players, pairs


def check_known(rated: Ratings, names: list[str]) -> None:
    """Refuse a name that no rated game has, naming the players rated."""
    known = sorted((entry.player for entry in rated.players()), key=str.casefold)
    for name in names:
        if not rated.knows(name):
            said = (
                _("players rated: {names}").format(names=", ".join(known))
                if known
                else _("no finished game is rated yet")
            )
            raise GameError(
                _("no player named {name} in the rated games{hint}; {known}").format(
                    name=repr(name), hint=did_you_mean(name, known), known=said
                )
            )


def parse_sides(text: str, rated: Ratings) -> list[tuple[str, ...]]:
    """`"A+B vs C+D"` as the two sides' names (as the ratings spell them), each a rated
    player, none twice."""
    from scorepad.club.ratings import player_key

    sides = [tuple(name.strip() for name in part.split("+")) for part in _split_vs(text)]
    if len(sides) != 2 or any(not name for side in sides for name in side):
        raise GameError(
            _('--predict {text}: give two sides, such as "Ann+Bob vs Cat+Dan"').format(
                text=repr(text)
            )
        )
    if len(sides[0]) != len(sides[1]):
        raise GameError(
            _("--predict {text}: the two sides need as many players each").format(text=repr(text))
        )
    names = [name for side in sides for name in side]
    folded = [name.casefold() for name in names]
    twice = sorted({name for name, key in zip(names, folded, strict=True) if folded.count(key) > 1})
    if twice:
        raise GameError(
            _("--predict {text}: {names} cannot sit on both sides or twice").format(
                text=repr(text), names=", ".join(twice)
            )
        )
    # A player with no rated game is predicted as a new player (the default rating), as
    # the room's page rates one: the output says so.
    return [
        tuple(rated.shown(player_key(name)) if rated.knows(name) else name for name in side)
        for side in sides
    ]


def _split_vs(text: str) -> list[str]:
    """The text on each side of " vs " (in any case)."""
    words = text.split()
    parts: list[str] = []
    current: list[str] = []
    for word in words:
        if word.casefold() == "vs":
            parts.append(" ".join(current))
            current = []
        else:
            current.append(word)
    parts.append(" ".join(current))
    return parts


def ratings_view(
    rated: Ratings, players: list[PlayerRating], pairs: list[PairRating]
) -> RenderableType:
    """The games rated, the model, the players' table and the partnerships' table."""
    from scorepad.club.ratings import MODEL_SETTINGS, PAIR_GAMES, PROVISIONAL_SIGMA, K, Unrated

    unfinished = rated.unrated[Unrated.UNFINISHED]
    individual = rated.unrated[Unrated.INDIVIDUAL]
    parts: list[RenderableType] = [
        Text(
            ngettext(
                "{rated} finished game rated, in the order played; not rated:"
                " {unfinished} unfinished, {individual} of individual play.",
                "{rated} finished games rated, in the order played; not rated:"
                " {unfinished} unfinished, {individual} of individual play.",
                rated.rated,
            ).format(rated=rated.rated, unfinished=unfinished, individual=individual)
        ),
        Text(
            _(
                "Model: {model}. Ranked by rating = mu - {k} sigma; provisional while sigma"
                " is above {bound}."
            ).format(
                model=MODEL_SETTINGS, k=format_number(K), bound=format_number(PROVISIONAL_SIGMA, 1)
            )
        ),
    ]
    if not players:
        return Group(*parts)

    def table(first: str) -> Table:
        shown = Table(box=None, pad_edge=False, header_style="bold")
        shown.add_column(first)
        for column in (_("rating"), "mu", "sigma", _("games")):
            shown.add_column(column, justify="right")
        shown.add_column("")
        return shown

    def row(shown: Table, name: str, entry: PlayerRating | PairRating) -> None:
        shown.add_row(
            Text(name), format_number(entry.rating, 1), format_number(entry.mu, 1),
            format_number(entry.sigma, 2), str(entry.games),
            _("provisional") if entry.provisional else "",
        )  # fmt: skip

    people = table(_("player"))
    for entry in players:
        row(people, entry.player, entry)
    parts += [Text(""), people]
    if pairs:
        together = table(_("partners"))
        for pair in pairs:
            row(together, " & ".join(pair.pair), pair)
        parts += [Text(""), together]
    else:
        parts += [
            Text(""),
            Text(
                ngettext(
                    "No partnership has played {games} game together yet.",
                    "No partnership has played {games} games together yet.",
                    PAIR_GAMES,
                ).format(games=PAIR_GAMES)
            ),
        ]
    return Group(*parts)
