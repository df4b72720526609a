"""A club night's facts in words, for every face: the standings' heads, each round's
heading, a table's score, the byes, what a bye scores, and what the seating could not
avoid (said here once, for the exports, the command line and the room's page)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.club.event import Event, FieldChange, NextSeat, Reopened, TableState
from scorepad.club.seats import SeatingProblem
from scorepad.i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from scorepad.engine.rules import Rules


def problem_words(event: Event, problem: SeatingProblem) -> str:
    """What the seating could not avoid, and why, in one sentence."""
    names = " & ".join(problem.names)
    if problem.kind == "partner-again":
        said = (
            _(
                "round {round}: {names} partner for time {times}: with {players} players"
                " over {rounds} rounds no seating avoids a repeated partner"
            )
            if problem.why == "exhausted"
            else _(
                "round {round}: {names} partner for time {times}: the search found no"
                " seating without a repeated partner"
            )
        )
    elif problem.kind == "met-again":
        said = _("round {round}: {names} meet for time {times}: every other pairing was taken")
    else:
        said = _(
            "round {round}: {names} sits out for time {times}: everyone has sat out {before} times"
        )
    return said.format(
        round=problem.round,
        names=names,
        times=problem.times,
        before=problem.times - 1,
        players=len(event.players),
        rounds=event.rounds_planned,
    )


def bye_rule() -> str:
    """What a bye scores, as the event's header and the docs say it."""
    return _("A bye scores nothing: no game, no win, no margin, no points; byes rotate fairly.")


def standings_heads() -> list[str]:
    return [
        pgettext("event", "rank"),
        pgettext("event", "player"),
        pgettext("event", "games"),
        pgettext("event", "wins"),
        pgettext("event", "margin"),
        pgettext("event", "points"),
        pgettext("event", "byes"),
    ]


def round_heading(number: int) -> str:
    return pgettext("event", "Round {number}").format(number=number)


def byes_words(names: tuple[str, ...]) -> str:
    return _("bye: {names}").format(names=", ".join(names))


def state_words(t: TableState) -> str:
    """How far a table's game is: `over`, `2 deals`."""
    return (
        pgettext("table state", "over")
        if t.over
        else ngettext("{deals} deal", "{deals} deals", t.deals).format(deals=t.deals)
    )


def table_words(t: TableState) -> str:
    """`Ann & Cid 120 – 80 Bob & Dee`, and how far the game is."""
    state = state_words(t)
    return _("table {table}: {a} {score_a} – {score_b} {b} ({state})").format(
        table=t.table,
        a=" & ".join(t.sides[0]),
        b=" & ".join(t.sides[1]),
        score_a=t.scores[0],
        score_b=t.scores[1],
        state=state,
    )


def next_seat_words(seat: NextSeat) -> str:
    """`Ann: table 3, with Eve, against Cid and Dee`; a bye or a player gone, said so."""
    if seat.table is not None:
        return _("{player}: table {table}, with {partner}, against {first} and {second}").format(
            player=seat.player,
            table=seat.table,
            partner=seat.partner,
            first=seat.against[0],
            second=seat.against[1],
        )
    if seat.bye:
        return _("{player}: sits out round {round}").format(player=seat.player, round=seat.round)
    return _("{player}: no longer plays tonight").format(player=seat.player)


def rules_words(event: Event, rules: Rules | None) -> str:
    """The rules the tables play, in one line: `Rules: standard, target 500, at most 2
    deals.` (with the `--set` overrides as given, `deal_limit` aside, which is said)."""
    given = [o for o in event.overrides if not o.startswith("deal_limit=")]
    preset = event.preset
    if given:
        preset = _("{preset} with {overrides}").format(preset=preset, overrides=", ".join(given))
    if rules is None:
        return _("Rules: {preset}.").format(preset=preset)
    if rules.loss_limit is None:
        limits = _("target {target}").format(target=rules.target)
    else:
        limits = _("target {target}, lost at {limit}").format(
            target=rules.target, limit=rules.loss_limit
        )
    if rules.deal_limit:
        said = ngettext(
            "Rules: {preset}, {limits}, at most {deals} deal.",
            "Rules: {preset}, {limits}, at most {deals} deals.",
            rules.deal_limit,
        )
    else:
        said = _("Rules: {preset}, {limits}.")
    return said.format(preset=preset, limits=limits, deals=rules.deal_limit)


def date_words(day: str) -> str:
    """`Date: 2025-03-14`: the night's date (or, for an event started before scorepad kept
    it, the day it was exported)."""
    return _("Date: {date}").format(date=day)


def change_words(change: FieldChange) -> str:
    """`From round 2: Nora joined; Ben left.`"""
    if change.joined and change.left:
        said = _("From round {round}: {joined} joined; {left} left.")
    elif change.joined:
        said = _("From round {round}: {joined} joined.")
    else:
        said = _("From round {round}: {left} left.")
    return said.format(
        round=change.round, joined=", ".join(change.joined), left=", ".join(change.left)
    )


def reopened_words(reopened: Reopened) -> str:
    """`Table 2 of round 1 was reopened after round 2 was seated: the standings changed.`"""
    return _(
        "Table {table} of round {round} was reopened after round {later} was seated: the"
        " standings changed."
    ).format(table=reopened.table, round=reopened.round, later=reopened.later)
