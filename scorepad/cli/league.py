"""`scorepad simulate --league`: a league of bots of known skill, and how well it is rated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from scorepad.cli.common import print_json, print_renderable
from scorepad.club.ratings import MODEL_SETTINGS
from scorepad.i18n import _, format_number, format_percent
from scorepad.sim.league import LeagueConfig, check_league, play_league

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rich.console import RenderableType

    from scorepad.engine.rules import Rules
    from scorepad.sim.league import LeagueReport


def run_league(
    players: int, games_per_player: int, rules: Rules, preset: str,
    knobs: Mapping[str, object], seed: int, as_json: bool,
) -> int:  # fmt: skip
    """Play and report the league; the number of violations the checks found. `knobs`:
    the rules as the reference read them from the preset file and the overrides."""
    check_league(players, games_per_player)
    report = play_league(
        LeagueConfig(players, games_per_player, rules, preset, seed=seed, knobs=knobs)
    )
    if as_json:
        print_json(report.as_json())
    else:
        print_renderable(league_view(report))
    return report.violations


def league_view(report: LeagueReport) -> RenderableType:
    """The league, its players by rating with their true levels, tau, calibration, Brier."""
    config = report.config
    data = report.as_json()
    parts: list[RenderableType] = [
        Text(
            _(
                "League: {players} bots, {games_per_player} games each ({games} games,"
                " {unfinished} unfinished), preset {preset}, seed {seed}."
            ).format(
                players=config.players,
                games_per_player=config.games_per_player,
                games=report.games,
                unfinished=report.unfinished,
                preset=config.preset,
                seed=config.seed,
            )  # fmt: skip
        ),
        Text(
            _(
                "Skill levels 0 to {top}: a bot of level L makes the heuristic bot's choice"
                " with chance L/{top}, else the random bot's; partners are drawn anew every"
                " game."
            ).format(top=config.levels - 1)
        ),
        Text(_("Rated as saved games are: {model}.").format(model=MODEL_SETTINGS)),
        Text(""),
    ]
    players = Table(box=None, pad_edge=False, header_style="bold")
    players.add_column(_("player"))
    for column in (_("level"), _("heuristic"), _("rating")):
        players.add_column(column, justify="right")
    rows = sorted(data["levels"], key=lambda row: -(row["rating"] or -1e9))
    for row in rows:
        players.add_row(
            Text(row["player"]), str(row["level"]),
            format_percent(row["heuristic_share"], decimals=0),
            format_number(row["rating"], 1) if row["rating"] is not None else "-",
        )  # fmt: skip
    parts += [players, Text("")]
    taus = data["tau_by_games"]
    shown = sorted({*range(4, len(taus), 5), len(taus) - 1}) if taus else []
    parts.append(
        Text(
            _("Kendall's tau between true skill and rating, after games a player: {taus}.").format(
                taus=", ".join(
                    _("{games}: {tau}").format(games=index + 1, tau=format_number(taus[index], 2))
                    for index in shown
                )
            )
        )
    )
    parts += [Text(""), Text(_("Calibration of the ratings' chance that the first side wins:"))]
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(_("chance"))
    for column in (_("games"), _("predicted"), _("observed"), _("95% interval")):
        table.add_column(column, justify="right")
    for row in data["calibration"]:
        if not row["games"]:
            continue
        low, high = row["interval"]
        table.add_row(
            f"{format_percent(row['low'], decimals=0)}-{format_percent(row['high'], decimals=0)}",
            str(row["games"]), format_percent(row["predicted"], decimals=1),
            format_percent(row["observed"], decimals=1),
            f"{format_percent(low, decimals=1)}-{format_percent(high, decimals=1)}",
        )  # fmt: skip
    parts += [table, Text("")]
    parts.append(
        Text(
            _(
                "Brier score (lower is better): {brier} from the ratings, {win_rate} from win"
                " percentages alone."
            ).format(
                brier=format_number(data["brier"], 4),
                win_rate=format_number(data["brier_win_rate"], 4),
            )
        )
    )
    parts.append(Text(_("Violations: {count}.").format(count=report.violations)))
    return Group(*parts)
