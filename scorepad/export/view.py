"""The view every export shares: the status line, the cells of a side's round, the limits
and warnings, so that no two formats can disagree (the rounds by side are `words.rounds`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorepad.engine.scoring import Line, signed
from scorepad.i18n import _
from scorepad.words.gametext import line_english, line_words, warning_words
from scorepad.words.rounds import SideRound, side_order

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Standings


def next_dealer(game: Game, standings: Standings) -> str | None:
    """Who deals the next round, or None once the game is over."""
    from scorepad.engine.game import next_dealer as next_dealer_seat

    if standings.finished:
        return None
    return game.players[next_dealer_seat(game)]


def status_line(game: Game, standings: Standings) -> str:
    """Where the game stands: who won, when and why; or who deals next and who needs what."""
    from scorepad.engine.game import limit_decides
    from scorepad.words.gametext import (
        deals_left_text,
        describe_end,
        lead_text,
        level_text,
        needs_text,
        scores_text,
    )

    rules, order = game.rules, side_order(game)
    if standings.outcome is not None:
        reason = describe_end(rules, standings.outcome)
        scores = scores_text(game, standings.scores)
        said = (
            _("A draw after round {number} ({reason}): {scores}.")
            if standings.winner is None
            else _("{side} won after round {number} ({reason}): {scores}.")
        )
        side = game.sides[standings.winner] if standings.winner is not None else ""
        return said.format(side=side, number=standings.ended_after, reason=reason, scores=scores)
    from scorepad.engine.game import open_round

    needs = ", ".join(needs_text(game, standings, side) for side in order)
    level = level_text(game, standings)
    if level is None and limit_decides(game, standings):  # the target is out of reach
        level = lead_text(game, standings)
    waiting = open_round(game)
    if waiting is not None:  # no next deal yet: this round's tricks come first
        dealer = game.players[game.rounds[waiting - 1].dealer]
        if level is not None:
            return _("Round {number} ({dealer} deals) waits for its tricks. {level}").format(
                number=waiting, dealer=dealer, level=level
            )
        return _(
            "Round {number} ({dealer} deals) waits for its tricks. To reach {target}: {needs}."
        ).format(number=waiting, dealer=dealer, target=rules.target, needs=needs)
    if level is not None:
        said = _("Next deal: {dealer}. {level}").format(
            dealer=next_dealer(game, standings), level=level
        )
    else:
        said = _("Next deal: {dealer}. To reach {target}: {needs}.").format(
            dealer=next_dealer(game, standings), target=rules.target, needs=needs
        )
    left = deals_left_text(game, standings)
    return said if left is None else f"{said} {left}"


def joined(values: tuple[object, ...] | None) -> str:
    """Bids or tricks in seat order as the sheet writes them: `nil+4`, `0+5`."""
    return "+".join(str(value) for value in values) if values is not None else ""


def line_text(line: Line) -> str:
    """A scoring line in the stable English of scripts (csv): `contract 6 set (3 taken) -60`."""
    return f"{line_english(line)} {signed(line.points)}"


def said_line(line: Line) -> str:
    """A scoring line as a person of this run's language reads it: `Kontrakt 6 ... -60`."""
    return f"{line_words(line)} {signed(line.points)}"


def warning_lines(standings: Standings) -> list[str]:
    """Every round's questionable bids, in round order (see `game.bid_warnings`)."""
    said = _("Warning: {message}.")
    return [
        said.format(message=warning_words(warning))
        for result in standings.rounds
        for warning in result.warnings
    ]


def limits_text(game: Game) -> str:
    """`target 500, lost at -200`: how the game is won, and lost."""
    rules = game.rules
    if rules.loss_limit is None:
        return _("target {target}").format(target=rules.target)
    return _("target {target}, lost at {limit}").format(target=rules.target, limit=rules.loss_limit)


def reasons(row: SideRound) -> list[str]:
    """Why a side's round stands out: its set, failed nil, bag penalty and ruling lines
    (a round not scored: its rulings, a forfeit on a round whose tricks are not in)."""
    if row.result is None:
        return [line_words(line) for line in row.unscored_rulings]
    return [line_words(line) for line in row.result.lines if line.kind.is_bad]


def clock_facts(game: Game) -> str | None:
    """The game's clock as a record says it (`Clock: 45 minutes from ...`), or None."""
    from scorepad.words.gametext import clock_fact_words

    return clock_fact_words(game.clock) if game.clock is not None else None


def misdeal_lines(game: Game) -> list[str]:
    """Every misdeal, in the order called: `Misdeal before round 3: Bob dealt; ...`."""
    from scorepad.words.gametext import misdeal_words

    return [misdeal_words(game, misdeal) for misdeal in game.misdeals]


def side_cells(
    row: SideRound, escape: Callable[[str], str], *, bold: Callable[[str], str]
) -> list[str]:
    """Bid, tricks, points, score and bags of one side's round, as escaped text."""
    scored = row.result
    if scored is None:
        return [escape(joined(row.said_bids)), "", "", "", ""]
    points = signed(scored.points)
    return [
        escape(joined(row.said_bids)),
        joined(row.player_tricks)
        if row.player_tricks and len(row.player_tricks) > 1
        else str(row.tricks),
        bold(points) if row.stands_out else points,
        str(scored.score),
        str(scored.bags),
    ]
