"""The one reading of the time: the server's or the CLI's clock, in seconds since the epoch.

The engine reads no clock (docs/rules.md, the clock): the service reads it here, once per
change or read, and hands the moment on as a value. Tests replace `now` to drive a clock
(`monkeypatch.setattr("scorepad.service.clock.now", ...)`), never by waiting.
"""

from __future__ import annotations

import time


def now() -> float:
    """This moment, in seconds since the epoch."""
    return time.time()
