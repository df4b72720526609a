"""A club night's facts in words, for every face: the standings' heads, each round's
heading, a table's score, the byes, what a bye scores, and what the seating could not
avoid (said here once, for the exports, the command line and the room's page)."""

from __future__ import annotations

from scorepad.club.event import Event, TableState
from scorepad.club.seats import SeatingProblem
from scorepad.i18n import _, ngettext, pgettext


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


def table_words(t: TableState) -> str:
    """`Ann & Cid 120 – 80 Bob & Dee`, and how far the game is."""
    state = (
        _("over")
        if t.over
        else ngettext("{deals} deal", "{deals} deals", t.deals).format(deals=t.deals)
    )
    return _("table {table}: {a} {score_a} – {score_b} {b} ({state})").format(
        table=t.table,
        a=" & ".join(t.sides[0]),
        b=" & ".join(t.sides[1]),
        score_a=t.scores[0],
        score_b=t.scores[1],
        state=state,
    )
