"""The engine's line labels in the reader's language, and how a bad line is marked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorepad.i18n import N_, said_again

if TYPE_CHECKING:
    from scorepad.scoring import Line

BAD = "bold red"

# The engine's line labels, as it writes them (and the csv keeps them): said again in the
# language of the sheet where a person reads them.
LINE_WORDS = (
    N_("double nil made"),
    N_("double nil failed ({count} trick taken)"),
    N_("double nil failed ({count} tricks taken)"),
    N_("nil made"),
    N_("nil made ({name})"),
    N_("blind nil made"),
    N_("blind nil made ({name})"),
    N_("nil failed: {count} trick"),
    N_("nil failed: {count} tricks"),
    N_("nil failed ({name}): {count} trick"),
    N_("nil failed ({name}): {count} tricks"),
    N_("blind nil failed: {count} trick"),
    N_("blind nil failed: {count} tricks"),
    N_("blind nil failed ({name}): {count} trick"),
    N_("blind nil failed ({name}): {count} tricks"),
    N_("{count} overtrick"),
    N_("{count} overtricks"),
    N_("failed nil's {count} trick as bags"),
    N_("failed nil's {count} tricks as bags"),
    N_("bag penalty ({limit} bags)"),
    N_("Boston: all {contract} made"),
    N_("Boston set ({taken} taken)"),
    N_("{bid}-for-{points}: {contract} made"),
    N_("{bid}-for-{points}: {contract} set ({taken} taken)"),
    N_("blind {contract} (doubled) made"),
    N_("blind {contract} (doubled) set ({taken} taken)"),
    N_("contract {contract} made"),
    N_("contract {contract} set ({taken} taken)"),
    N_("exact bonus ({contract} bid, {taken} taken)"),
    N_("big-contract bonus ({count} trick over {least})"),
    N_("big-contract bonus ({count} tricks over {least})"),
    N_("contract {contract} short by {short} (quicksand)"),
    N_("{count} trick over (quicksand)"),
    N_("{count} tricks over (quicksand)"),
)


def line_words(label: str) -> str:
    """A line's label in this run's language: `contract 6 set (3 taken)`."""
    return said_again(label, LINE_WORDS)


def line_style(line: Line) -> str:
    return BAD if line.kind.is_bad else ""
