"""Whole numbers as people type them: read only when short enough to mean something (pure).

Python refuses to turn more than 4,300 digits into an int (a ValueError that is nobody's
refusal), and reading a long run of digits costs time that grows with it. No count a person
types at a table (a bid, tricks, a seat, a round's number) needs more than `MOST_DIGITS`
digits, so a longer one is refused by its reader like any other word it cannot take,
before any conversion.
"""

from __future__ import annotations

from scorepad.i18n import _

MOST_DIGITS = 6


def small_number(text: str) -> int | None:
    """`text` as a whole number if it is ASCII digits, `MOST_DIGITS` at most; else None."""
    if not (0 < len(text) <= MOST_DIGITS and text.isascii() and text.isdigit()):
        return None
    return int(text)


def cut_text(text: str) -> str:
    """Text as a refusal quotes it: a very long one cut, saying how long it was."""
    if len(text) <= 60:
        return text
    return _("{start}... ({length} characters)").format(start=text[:40], length=len(text))
