"""Exports as strings: JSON objects for machines, and the sheet in csv, md, html, svg, txt."""

from __future__ import annotations

from typing import Any

from scorepad.scoring import Line, SideScore


def line_json(line: Line) -> dict[str, Any]:
    return {"label": line.label, "points": line.points, "kind": line.kind.value}


def side_score_json(result: SideScore) -> dict[str, Any]:
    """A scored side's round: the keys `check --json` and `show --json` share."""
    return {
        "points": result.points,
        "score": result.score,
        "bags": result.bags,
        "lines": [line_json(line) for line in result.lines],
        "contract": result.contract,
        "made": result.made,
        "new_bags": result.new_bags,
        "bag_penalties": result.penalties,
    }
