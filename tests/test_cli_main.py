"""The console script loads only the command it runs, and still behaves as the full app."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import sys
sys.argv = ["scorepad", *{args!r}]
from scorepad.cli import main
try:
    main()
except SystemExit as stop:
    code = stop.code
loaded = sorted(name for name in sys.modules if name.startswith("scorepad.cli."))
print("LOADED", loaded, file=sys.stderr)
"""


def run_main(*args: str) -> tuple[str, str]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=list(args))],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout, result.stderr


def test_a_command_loads_only_its_own_module() -> None:
    out, err = run_main("check", "--json", "2:4", "3:4")
    assert json.loads(out)["points"] == 53
    assert "LOADED ['scorepad.cli.check', 'scorepad.cli.common', 'scorepad.cli.core']" in err


@pytest.mark.parametrize("args", [["--help"], []], ids=["help", "bare"])
def test_help_lists_every_command(args: list[str]) -> None:
    out, err = run_main(*args)
    for command in ("new", "bid", "tricks", "show", "export", "check", "presets", "simulate"):
        assert f" {command} " in out + err


def test_an_unknown_command_is_one_line() -> None:
    _, err = run_main("frob")
    assert err.splitlines()[0] == "scorepad: No such command 'frob'. (see scorepad --help)"
