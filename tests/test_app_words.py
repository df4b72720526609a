"""German and English numbers and dates without Babel (the phone app ships none) say
exactly what they say with it."""

from __future__ import annotations

import sys
from datetime import datetime

import pytest

from scorepad import i18n

NUMBERS = [0, 7, -7, 999, 1000, -1000, 1234, 12345, -123456, 1234567, 2.5, -2.25, 0.04, -0.4]


def _said(monkeypatch: pytest.MonkeyPatch, babel: bool, code: str, say: object) -> list[str]:
    if not babel:  # an import of a module set to None raises ImportError, as in Pyodide
        for name in ("babel", "babel.numbers", "babel.dates"):
            monkeypatch.setitem(sys.modules, name, None)
    with i18n.speaking(code):
        return say()  # type: ignore[operator, no-any-return]


@pytest.mark.parametrize("code", ["en", "de"])
def test_numbers_and_dates_are_the_same_without_babel(
    monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    def say() -> list[str]:
        said = [i18n.format_number(value, decimals) for value in NUMBERS for decimals in (0, 1, 2)]
        said += [i18n.format_percent(rate) for rate in (0.787, 0.0, 1.0, 12.3456)]
        for month in range(1, 13):
            moment = datetime(2026, month, 3 + month, 9 + month, 4 * month)
            said += [
                i18n.format_datetime(moment),
                i18n.format_datetime(moment, "d. MMM"),
                i18n.format_datetime(moment, "dd.MM.y"),
            ]
        return said

    with_babel = _said(monkeypatch, True, code, say)
    without = _said(monkeypatch, False, code, say)
    assert without == with_babel
    if code == "de":
        assert "1.234" in without and "13. Okt." in " ".join(without)
