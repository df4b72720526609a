"""A club night exported: one JSON object (also `event show --json`), csv, md and html.

Every format is built from the same folded standings (`event.event_standings`) and the
event's facts. What the seating could not avoid is said in words here, once, for every
face (`problem_words`). The HTML page is self-contained, reads on a phone and prints on
A4.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from scorepad.club.event import (
    Event,
    EventStandings,
    RoundState,
    StandingRow,
    field_changes,
)
from scorepad.export.md import md_text
from scorepad.i18n import _, language, pgettext
from scorepad.words.eventtext import (
    bye_rule,
    byes_words,
    change_words,
    date_words,
    problem_words,
    reopened_words,
    round_heading,
    rules_words,
    standings_heads,
    table_words,
)

if TYPE_CHECKING:
    from scorepad.engine.rules import Rules

EXPORT_FORMATS = ("csv", "json", "md", "html")


def _row_data(event: Event, row: StandingRow) -> dict[str, Any]:
    data: dict[str, Any] = {"rank": row.rank}
    if row.pair is not None:
        data["pair"] = list(row.pair)
    else:
        data["player"] = row.player
    data.update(games=row.games, wins=row.wins, margin=row.margin, points=row.points, byes=row.byes)
    return data


def event_data(
    event: Event, standings: EventStandings, *, rules: Rules | None = None, day: str | None = None
) -> dict[str, Any]:
    """The event as one JSON-ready object (the keys `event show --json` promises): `date`
    is the night's (or `day`, for an event from before the date was kept), `rules` the
    rules line in this run's words, `field_changes` who joined or left from which round."""
    return {
        "name": event.name,
        "date": event.day or day,
        "rules": rules_words(event, rules),
        "field_changes": [
            {"round": c.round, "joined": list(c.joined), "left": list(c.left)}
            for c in field_changes(event)
        ],
        "format": event.format,
        "round": event.current,
        "rounds_planned": event.rounds_planned,
        "clock": (
            {"start": event.clock_start, "minutes": event.clock_minutes}
            if event.clock_start is not None
            else None
        ),
        "preset": event.preset,
        "overrides": list(event.overrides),
        "seed": event.seed,
        "players": list(event.players),
        "standings": [_row_data(event, row) for row in standings.rows],
        "rounds": [
            {
                "number": r.number,
                "seated": r.seated,
                "tables": [
                    {
                        "table": t.table,
                        "game": t.game,
                        "sides": [list(t.sides[0]), list(t.sides[1])],
                        "scores": list(t.scores),
                        "over": t.over,
                        "winner": t.winner,
                        "deals": t.deals,
                        "deals_left": t.deals_left,
                    }
                    for t in r.tables
                ],
                "byes": list(r.byes),
            }
            for r in standings.rounds
        ],
        "problems": [problem_words(event, p) for p in event.problems],
        "reopened": [
            {"round": r.round, "table": r.table, "later": r.later} for r in event.reopened
        ],
    }


def export_event(
    event: Event, standings: EventStandings, format_: str, *, rules: Rules | None, day: str
) -> str:
    """The event in one of `EXPORT_FORMATS`, each with the night's date (`day` for an
    event from before the date was kept), the rules line and the changes of the field."""
    head = _Head(
        event.day or day,
        date_words(event.day or day),
        rules_words(event, rules),
        (
            *(change_words(c) for c in field_changes(event)),
            *(reopened_words(r) for r in event.reopened),
        ),
    )
    if format_ == "json":
        import json

        data = event_data(event, standings, rules=rules, day=day)
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if format_ == "csv":
        return _csv(event, standings, head)
    if format_ == "md":
        return _md(event, standings, head)
    return _html(event, standings, head)


@dataclass(frozen=True, slots=True)
class _Head:
    """What every export says before the standings: the date, the rules, the changes."""

    day: str  # ISO, for the csv
    date: str
    rules: str
    changes: tuple[str, ...]

    @property
    def notes(self) -> tuple[str, ...]:
        return (self.date, self.rules, *self.changes)


def _safe_cell(value: object) -> object:
    """A csv cell a spreadsheet will not run as a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _csv(event: Event, standings: EventStandings, head: _Head) -> str:
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["section", "round", "table", "game", "side_a", "side_b", "score_a", "score_b",
         "over", "winner", "rank", "name", "games", "wins", "margin", "points", "byes"]
    )  # fmt: skip
    # The notes first, in the `name` column, the same in every language: the date, the
    # rules as given (the preset and its overrides), and one row per player who joined or
    # left, from that round on.
    notes: list[tuple[str, int | str, str]] = [
        ("date", "", head.day),
        ("rules", "", " ".join((event.preset, *event.overrides))),
    ]
    for change in field_changes(event):
        notes += [("joined", change.round, name) for name in change.joined]
        notes += [("left", change.round, name) for name in change.left]
    for section, number, value in notes:
        writer.writerow(
            [_safe_cell(v) for v in (section, number, "", "", "", "", "", "", "", "", "",
                                     value, "", "", "", "", "")]
        )  # fmt: skip
    for r in standings.rounds:
        for t in r.tables:
            writer.writerow(
                [_safe_cell(v) for v in (
                    "table", r.number, t.table, t.game or "", " & ".join(t.sides[0]),
                    " & ".join(t.sides[1]), t.scores[0], t.scores[1], str(t.over).lower(),
                    "" if t.winner is None else t.winner, "", "", "", "", "", "", "",
                )]
            )  # fmt: skip
        for name in r.byes:
            writer.writerow(
                [_safe_cell(v) for v in ("bye", r.number, "", "", "", "", "", "", "", "", "",
                                         name, "", "", "", "", "")]
            )  # fmt: skip
    for row in standings.rows:
        writer.writerow(
            [_safe_cell(v) for v in (
                "standing", "", "", "", "", "", "", "", "", "", row.rank, row.player,
                row.games, row.wins, row.margin, row.points, row.byes,
            )]
        )  # fmt: skip
    return out.getvalue()


def _md_escape(text: str) -> str:
    """Text for a line or a table cell: markup escaped (numbers never: `-4`, not `\\-4`)."""
    return md_text(text)


def _md(event: Event, standings: EventStandings, head: _Head) -> str:
    lines = [f"# {_md_escape(event.name)}", ""]
    lines += [_md_escape(note) + "  " for note in head.notes[:-1]]
    lines += [_md_escape(head.notes[-1]), "", _md_escape(bye_rule()), ""]
    lines.append("| " + " | ".join(standings_heads()) + " |")
    lines.append("|" + "---|" * 7)
    for row in standings.rows:
        cells = [row.rank, _md_escape(row.player), row.games, row.wins, row.margin, row.points,
                 row.byes]  # fmt: skip
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    for r in standings.rounds:
        lines += ["", "## " + _md_escape(round_heading(r.number)), ""]
        lines += [f"- {_md_escape(table_words(t))}" for t in r.tables]
        if r.byes:
            lines.append("- " + _md_escape(byes_words(r.byes)))
    if event.problems:
        lines += ["", "## " + _md_escape(_("What the seating could not avoid")), ""]
        lines += [f"- {_md_escape(problem_words(event, p))}" for p in event.problems]
    return "\n".join(lines) + "\n"


EVENT_CSS = """
body { font: 15px/1.4 system-ui, sans-serif; color: #111; margin: 1em auto; max-width: 60em;
  padding: 0 .8em; }
h1 { font-size: 1.5em; margin: 0 0 .3em; overflow-wrap: anywhere; }
h2 { font-size: 1.1em; margin: 1.2em 0 .4em; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; width: 100%; }
th, td { border-bottom: 1px solid #ccc; padding: .25em .4em; text-align: left; }
td.num, th.num { text-align: right; }
ul { padding-left: 1.2em; }
.note { color: #444; }
td.name { overflow-wrap: anywhere; }
.scroll { overflow-x: auto; max-width: 100%; }
@media (max-width: 30em) {
  body { font-size: 14px; padding: 0 .5em; }
  table { font-size: 13px; }
  th, td { padding: .25em .2em; }
}
@media print { @page { size: A4; margin: 15mm; } body { margin: 0; max-width: none; } }
"""


def standings_table_html(standings: EventStandings) -> str:
    heads = standings_heads()
    head = "".join(
        f'<th class="num">{escape(h)}</th>' if i != 1 else f"<th>{escape(h)}</th>"
        for i, h in enumerate(heads)
    )
    rows = []
    for row in standings.rows:
        cells = [row.rank, row.player, row.games, row.wins, row.margin, row.points, row.byes]
        rows.append(
            "<tr>"
            + "".join(
                f'<td class="name">{escape(str(c))}</td>' if i == 1 else f'<td class="num">{c}</td>'
                for i, c in enumerate(cells)
            )
            + "</tr>"
        )
    body = "".join(rows)
    # A phone too narrow for every column scrolls the table in its box, never the page.
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f'<div class="scroll">{table}</div>'


def round_html(r: RoundState) -> str:
    items = "".join(f"<li>{escape(table_words(t))}</li>" for t in r.tables)
    if r.byes:
        items += "<li>" + escape(byes_words(r.byes)) + "</li>"
    return f"<ul>{items}</ul>"


def _html(event: Event, standings: EventStandings, head: _Head) -> str:
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(language())}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(event.name)}</title><style>{EVENT_CSS}</style></head><body>",
        f"<h1>{escape(event.name)}</h1>",
        *(f'<p class="note">{escape(note)}</p>' for note in head.notes),
        f'<p class="note">{escape(bye_rule())}</p>',
        "<h2>" + escape(pgettext("event", "Standings")) + "</h2>",
        standings_table_html(standings),
    ]
    for r in standings.rounds:
        parts.append("<h2>" + escape(round_heading(r.number)) + "</h2>")
        parts.append(round_html(r))
    if event.problems:
        parts.append("<h2>" + escape(_("What the seating could not avoid")) + "</h2><ul>")
        parts += [f"<li>{escape(problem_words(event, p))}</li>" for p in event.problems]
        parts.append("</ul>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
