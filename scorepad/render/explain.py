"""A round explained: each side's entry, then its score line by line."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from scorepad.engine.checks import check_round_number
from scorepad.engine.game import Game, SideEntry, Standings
from scorepad.engine.scoring import SideScore, signed
from scorepad.i18n import _, pgettext
from scorepad.render.grid import BAD
from scorepad.words.gametext import EntryItem, entry_words, item_words, line_words, warning_words


def explain_side(result: SideScore, *, score: int, bags: int, title: str = "") -> RenderableType:
    """A side's round line by line, ending with the score and bags after."""
    from rich.table import Table

    table = Table(
        title=title or None, show_header=True, header_style="bold", box=None, pad_edge=False
    )
    table.add_column(_("line"))
    table.add_column(_("points"), justify="right")
    for line in result.lines:
        table.add_row(
            Text(line_words(line)),
            Text(signed(line.points), style=BAD if line.kind.is_bad else ""),
        )
    table.add_section()
    table.add_row(
        Text(pgettext("explain", "round"), style="bold"),
        Text(signed(result.points), style="bold"),
    )
    after = Text.assemble(
        pgettext("explain", "score") + " ",
        str(score),
        " -> ",
        (str(result.score), "bold"),
        "; " + pgettext("explain", "bags") + " ",
        str(bags),
        " -> ",
        (str(result.bags), "bold"),
    )
    return Group(table, after)


# ---------------------------------------------------------------------------
# One round, explained


def explain_round(game: Game, standings: Standings, number: int) -> RenderableType:
    """Round `number` scored line by line for every side, with each side's score before."""
    check_round_number(game, number)
    result = standings.rounds[number - 1]
    round_ = result.round
    parts: list[RenderableType] = []
    head = Text(_("Round {number}").format(number=number), style="bold")
    head.append(_(", dealt by {dealer}").format(dealer=game.players[round_.dealer]))
    if result.sides is None:
        head.append(_(": bids are in, the tricks are not"))
    parts.append(head)
    before = standings.rounds[number - 2].sides if number > 1 else None
    for side, entry in enumerate(round_.sides):
        parts.append(Text(""))
        parts.append(_entry_text(game, side, entry))
        if result.sides is None:
            continue
        score = before[side].score if before else 0
        bags = before[side].bags if before else 0
        parts.append(explain_side(result.sides[side], score=score, bags=bags))
    if result.outcome is not None:
        parts.append(Text(""))
        winner = result.outcome.winner
        said = (
            _("This round ends the game: {side} won.").format(side=game.sides[winner])
            if winner is not None
            else _("This round ends the game: a draw.")
        )
        parts.append(Text(said, style="bold"))
    if result.after_end:
        parts.append(Text(""))
        parts.append(
            Text(
                _(
                    "This round was played after the game ended (round {end}): it does not count."
                ).format(end=standings.ended_after),
                style="bold",
            )
        )
    if result.warnings:
        parts.append(Text(""))
        parts.extend(Text(f"! {warning_words(warning)}", style=BAD) for warning in result.warnings)
    return Group(*parts)


def _entry_text(game: Game, side: int, entry: SideEntry) -> Text:
    """`Ann & Cat: Ann bid 4 took 5, Cat bid nil took 0` (or the team's joint numbers)."""
    seats = game.rules.seats_of(side)
    if len(seats) == 1:  # solo play: the side is its player, named in bold
        name = game.players[seats[0]]
        took = entry.tricks[0] if entry.tricks is not None else None
        text = Text(item_words(EntryItem(name, entry.bids[0], took)))
        start = text.plain.find(name)
        text.stylize("bold", start, start + len(name))
        return text
    text = Text(game.sides[side], style="bold")
    text.append(": ")
    parts = entry_words(game, side, entry)
    text.append(", ".join(parts))
    return text
