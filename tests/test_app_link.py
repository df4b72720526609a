"""A game in a link, and back: `export --format link`, `import LINK|FILE`, and the refusals
of a link or file that is no whole game (one line, nothing imported)."""

from __future__ import annotations

from pathlib import Path

import pytest
import segno
from typer.testing import CliRunner

from scorepad.cli import app

runner = CliRunner()
URL = "https://someone.github.io/scorepad/"
PLAYERS = ("--players", "Annabelle,Bartholomew,Charlotte,Dominik", "--teams", "Us,Them")
LONG = ("--set", "target=2000")  # fifteen rounds, and the game still on
# Fifteen rounds with a nil, a blind nil, sets and overtricks: every bid and trick differs.
ROUNDS = [
    (("4", "3", "5", "2"), ("4", "3", "5", "1")), (("nil", "4", "6", "3"), ("0", "4", "6", "3")),
    (("3", "3", "3", "3"), ("2", "4", "3", "4")), (("2", "5", "3", "2"), ("3", "4", "4", "2")),
    (("5", "2", "4", "1"), ("6", "2", "4", "1")), (("1", "6", "2", "3"), ("1", "5", "3", "4")),
    (("4", "4", "2", "2"), ("4", "4", "2", "3")), (("3", "nil", "5", "4"), ("4", "1", "4", "4")),
    (("2", "2", "6", "2"), ("2", "3", "6", "2")), (("6", "3", "1", "2"), ("6", "3", "2", "2")),
    (("3", "4", "3", "2"), ("3", "3", "4", "3")), (("2", "3", "2", "5"), ("2", "3", "3", "5")),
    (("4", "2", "4", "2"), ("5", "2", "4", "2")), (("1", "4", "5", "2"), ("1", "4", "5", "3")),
    (("3", "3", "2", "4"), ("3", "3", "3", "4")),
]  # fmt: skip


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def kept(home: Path) -> Path:
    assert run("new", "friday", *PLAYERS, *LONG)[0] == 0
    names = PLAYERS[1].split(",")
    for bids, tricks in ROUNDS:
        code, _out, err = run("bid", *(f"{n}={b}" for n, b in zip(names, bids, strict=True)))
        assert code == 0, err
        code, _out, err = run("tricks", *(f"{n}={t}" for n, t in zip(names, tricks, strict=True)))
        assert code == 0, err
    return home


@pytest.mark.xfail(
    strict=True,
    reason="not yet: zlib against linkwords-1 packs this game (long names, a rule changed) into"
    " 354 bytes, a version 18 code; a compact notation of the game in the link is left to do",
)
def test_a_fifteen_round_game_fits_a_qr_code_of_version_15_at_level_m(kept: Path) -> None:
    code, out, err = run("export", "--format", "link", "--url", URL)
    assert (code, err) == (0, "")
    link = out.strip()
    assert link.startswith(URL + "#game=1.")
    qr = segno.make(link, error="m", boost_error=False)
    assert qr.version <= 15 and qr.error == "M"


def test_the_link_comes_back_as_the_same_game(
    kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREPAD_APP_URL", URL)
    link = run("export", "--format", "link")[1].strip()
    before = run("show", "--json", "--game", "friday")[1]
    code, _out, err = run("import", link)  # its name is taken: refused in one line
    assert code != 0 and err.count("\n") == 1 and "friday" in err
    code, out, err = run("import", link, "--as", "friday-copy")
    assert (code, err) == (0, "") and "friday-copy" in out
    after = run("show", "--json", "--game", "friday-copy")[1]
    assert after.replace('"friday-copy"', '"friday"') == before


def test_a_link_needs_the_apps_address(kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCOREPAD_APP_URL", raising=False)
    code, out, err = run("export", "--format", "link")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "SCOREPAD_APP_URL" in err


def _damaged(link: str) -> dict[str, str]:
    head, data = link.split("#game=1.")
    flipped = data[:30] + ("A" if data[30] != "A" else "B") + data[31:]
    return {
        "truncated": link[:-12],
        "flipped": f"{head}#game=1.{flipped}",
        "newer kind": f"{head}#game=2.{data}",
        "no data": f"{head}#game=",
        "not base64": f"{head}#game=1.!!!",
    }


@pytest.mark.parametrize(
    "kind", ["truncated", "flipped", "newer kind", "no data", "not base64", "not a game",
             "newer format", "missing file"],
)  # fmt: skip
def test_bad_input_is_refused_in_one_line_and_nothing_is_imported(
    kept: Path, tmp_path: Path, kind: str
) -> None:
    link = run("export", "--format", "link", "--url", URL)[1].strip()
    given = _damaged(link).get(kind, "")
    if kind == "not a game":
        given = str(tmp_path / "notes.toml")
        Path(given).write_text("[shopping]\nmilk = 2\n", encoding="utf-8")
    elif kind == "newer format":
        game = (kept / "games" / "friday.toml").read_text(encoding="utf-8")
        given = str(tmp_path / "new.toml")
        Path(given).write_text(game.replace("format = 2", "format = 9"), encoding="utf-8")
    elif kind == "missing file":
        given = str(tmp_path / "nowhere.toml")
    games_before = sorted((kept / "games").iterdir())
    code, out, err = run("import", given, "--as", "other")
    assert code != 0 and out == ""
    assert err.startswith("scorepad: ") and err.count("\n") == 1 and "Traceback" not in err
    assert sorted((kept / "games").iterdir()) == games_before
