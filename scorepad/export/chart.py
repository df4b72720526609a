"""The score chart: each side's score after every played round as a line, drawn as SVG."""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from scorepad.i18n import _
from scorepad.words.rounds import side_order

if TYPE_CHECKING:
    from scorepad.engine.game import Game, Standings

# One colour and dash pattern per side, so the chart also reads printed in black and white.
_SERIES = (
    ("#1f5fbf", ""),
    ("#c0392b", "8 4"),
    ("#1e8449", "2 4"),
    ("#7d3c98", "10 4 2 4"),
    ("#b9770e", "14 4"),
    ("#4d5656", "4 2"),
)


def series(count: int) -> list[tuple[str, str]]:
    """The colour and dash pattern of each of `count` sides, in side order."""
    return [_SERIES[index % len(_SERIES)] for index in range(count)]


def dash_attribute(pattern: str) -> str:
    """The SVG attribute that draws a line in a dash pattern (none for a solid line)."""
    return f' stroke-dasharray="{pattern}"' if pattern else ""


def _nice_step(span: float, ticks: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` ticks over `span`."""
    raw = max(span / ticks, 1.0)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return int(factor * magnitude)
    raise AssertionError("unreachable")  # pragma: no cover


def score_chart_svg(game: Game, standings: Standings, *, width: int = 640) -> str:
    """Each side's score after every played round as a line, with the target (and loss limit)."""
    height, left, right, top, bottom = 320, 56, 16, 16, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    order = side_order(game)
    played = [r for r in standings.rounds if r.sides is not None and not r.after_end]
    rounds = max([result.number for result in played], default=0)
    rules = game.rules
    marks = [rules.target, 0]
    if rules.loss_limit is not None:
        marks.append(rules.loss_limit)
    marks += [side.score for result in played for side in result.sides or ()]
    step = _nice_step(max(marks) - min(marks), 6)
    low = -(-min(marks) // step) * step if min(marks) >= 0 else (min(marks) // step) * step
    high = -(-max(marks) // step) * step

    def x_at(number: int) -> float:
        return left + plot_w * number / max(rounds, 1)

    def y_at(score: int) -> float:
        return top + plot_h * (high - score) / (high - low)

    title, round_word, score_word = _("Score by round"), _("round"), _("score")
    out = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(title)}" '
        'font-family="system-ui, sans-serif" font-size="12">',
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
        f'stroke="#999"/>',
    ]
    for value in range(low, high + 1, step):
        y = y_at(value)
        stroke = "#777" if value == 0 else "#e3e3e3"
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="{stroke}"/>'
        )
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{value}</text>')
    x_step = _nice_step(rounds, 10) if rounds > 20 else 1
    for number in range(0, rounds + 1, x_step):
        x = x_at(number)
        out.append(
            f'<line x1="{x:.1f}" y1="{top + plot_h}" x2="{x:.1f}" '
            f'y2="{top + plot_h + 5}" stroke="#999"/>'
        )
        out.append(
            f'<text x="{x:.1f}" y="{top + plot_h + 18}" text-anchor="middle">{number}</text>'
        )
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle">'
        f"{escape(round_word)}</text>"
    )
    out.append(
        f'<text transform="translate(14 {top + plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle">{escape(score_word)}</text>'
    )
    limits = [(rules.target, _("target {target}").format(target=rules.target))]
    if rules.loss_limit is not None:
        limits.append((rules.loss_limit, _("loss limit {limit}").format(limit=rules.loss_limit)))
    for value, label in limits:
        y = y_at(value)
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" '
            f'stroke="#111" stroke-width="1.5" stroke-dasharray="6 3"/>'
        )
        # At the left, where every side starts from 0, far from the limits; a white halo
        # keeps it readable where a side's line still crosses it.
        out.append(
            f'<text x="{left + 6}" y="{y - 5:.1f}" text-anchor="start" stroke="#fff"'
            f' stroke-width="4" paint-order="stroke">{escape(label)}</text>'
        )
    for side, (color, dash) in zip(order, series(len(order)), strict=True):
        points = [(0, 0)] + [
            (result.number, result.sides[side].score) for result in played if result.sides
        ]
        coords = " ".join(f"{x_at(number):.1f},{y_at(score):.1f}" for number, score in points)
        out.append(f"<g><title>{escape(game.sides[side])}</title>")
        out.append(
            f'<polyline points="{coords}" fill="none" stroke="{color}" '
            f'stroke-width="2.5"{dash_attribute(dash)}/>'
        )
        out += [
            f'<circle cx="{x_at(number):.1f}" cy="{y_at(score):.1f}" r="3" fill="{color}"/>'
            for number, score in points
        ]
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


# ---------------------------------------------------------------------------
# The Rich sheet, recorded: svg and txt
