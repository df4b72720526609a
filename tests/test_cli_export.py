"""`scorepad export`: to stdout or a file, the format from --format or the file's suffix,
and refusals that leave every file as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_export import friday_game, hostile_game
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.game import Game, standings
from scorepad.export.formats import export_game
from scorepad.files.library import set_current
from scorepad.files.store import save_game

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def friday(home: Path) -> Path:
    """The Friday game saved under its name and made the current game."""
    path = home / "games" / "friday.toml"
    save_game(path, friday_game())
    set_current(path)
    return path


def exported(game: Game, fmt: str) -> str:
    return export_game(game, standings(game), fmt)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_export_without_options_prints_the_sheet_as_text(friday: Path) -> None:
    code, out, err = run("export")
    assert (code, err) == (0, "")
    assert out == exported(friday_game(), "txt")
    assert "Them won after round 3" in out


@pytest.mark.parametrize("fmt", ["csv", "json", "md", "html", "svg", "txt"])
def test_export_to_stdout(friday: Path, fmt: str) -> None:
    code, out, err = run("export", "--format", fmt)
    assert (code, err) == (0, "")
    assert out == exported(friday_game(), fmt)


def test_a_dash_for_the_output_means_stdout(friday: Path) -> None:
    code, out, _ = run("export", "-o", "-", "-f", "md")
    assert code == 0 and out == exported(friday_game(), "md")


def test_export_json_is_the_game_object(friday: Path) -> None:
    code, out, _ = run("export", "-f", "JSON", "-g", "friday")
    assert code == 0
    data = json.loads(out)
    assert (data["status"], data["winner"]) == ("finished", "Them")
    assert [team["score"] for team in data["teams"]] == [150, 273]


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("sheet.html", "html"),
        ("sheet.csv", "csv"),
        ("Sheet.MD", "md"),
        ("s.json", "json"),
        ("sheet.svg", "svg"),
        ("sheet.txt", "txt"),
    ],
)
def test_export_to_a_file_takes_the_format_from_its_suffix(
    friday: Path, tmp_path: Path, name: str, fmt: str
) -> None:
    target = tmp_path / name
    code, out, err = run("export", "-o", str(target))
    assert (code, out) == (0, "")
    assert target.read_text(encoding="utf-8") == exported(friday_game(), fmt)
    assert err == f"Exported Friday as {fmt} to {target}\n"


def test_format_option_wins_over_the_suffix(friday: Path, tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    assert run("export", "--format", "md", "--output", str(target))[0] == 0
    assert target.read_text(encoding="utf-8") == exported(friday_game(), "md")


def test_export_replaces_an_existing_file_whole(friday: Path, tmp_path: Path) -> None:
    target = tmp_path / "sheet.csv"
    target.write_text("old\n" * 1000)
    assert run("export", "-o", str(target))[0] == 0
    assert target.read_text(encoding="utf-8") == exported(friday_game(), "csv")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "sheet.csv"]  # no temp file


def test_export_a_game_by_path(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "elsewhere.toml"
    save_game(path, hostile_game())
    code, out, _ = run("export", "-f", "html", "--game", str(path))
    assert code == 0
    assert out == exported(hostile_game(), "html")
    assert "<script" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "pdf"], "unknown export format 'pdf'; use one of csv, json, md, html, svg"),
        (["-f", "jsno"], "unknown export format 'jsno' (did you mean 'json'?)"),
        (["-o", "{out}/sheet.pdf"], "sheet.pdf: .pdf is not a format scorepad writes; name"),
        (["-o", "{out}/sheet.csv", "-f", "nope"], "unknown export format 'nope'"),
        (["-o", "{out}/missing/sheet.csv"], "cannot write"),
        (["-o", "{game}", "-f", "json"], "is the game file itself"),
        (["-g", "nosuchgame", "-o", "{out}/sheet.csv"], "no game named 'nosuchgame'"),
    ],
    ids=["format", "typo", "suffix", "format-with-file", "no-folder", "game-file", "no-game"],
)
def test_refusals_are_one_line_and_change_no_file(
    friday: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    (out_dir / "sheet.csv").write_text("keep me\n")
    before = snapshot(tmp_path)
    args = [arg.format(out=out_dir, game=friday) for arg in args]
    code, out, err = run("export", *args)
    assert code != 0
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("scorepad: ")
    assert message in err
    assert snapshot(tmp_path) == before


def test_a_damaged_game_file_is_refused_and_nothing_is_written(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('format = 1\nname = "x"\nplayers = [\n')
    target = tmp_path / "sheet.html"
    code, out, err = run("export", "-g", str(path), "-o", str(target))
    assert code != 0 and out == ""
    assert len(err.splitlines()) == 1 and "broken.toml" in err
    assert not target.exists()
    assert path.read_text() == 'format = 1\nname = "x"\nplayers = [\n'


def test_a_symlink_is_followed_and_its_target_replaced(friday: Path, tmp_path: Path) -> None:
    real = tmp_path / "shared" / "sheet.html"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "sheet.html"
    link.symlink_to(real)
    code, _, err = run("export", "-o", str(link))
    assert (code, err) == (0, f"Exported Friday as html to {link}\n")
    assert link.is_symlink() and link.resolve() == real
    assert real.read_text() == exported(friday_game(), "html")


def test_a_fifo_is_written_in_place(friday: Path, tmp_path: Path) -> None:
    import os
    import threading

    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    code, _, err = run("export", "-o", str(fifo))
    reader.join(timeout=20)
    assert (code, err) == (0, f"Exported Friday as csv to {fifo}\n")
    assert received == [exported(friday_game(), "csv")]
    assert fifo.is_fifo()


@pytest.mark.parametrize("where", ["folder", "under-a-file"])
def test_a_folder_or_an_unwritable_place_is_one_line(
    friday: Path, tmp_path: Path, where: str
) -> None:
    target = tmp_path / "out"
    if where == "folder":
        target.mkdir()
    else:
        target.write_text("a file, not a folder\n")
        target = target / "sheet.csv"
    before = snapshot(tmp_path)
    code, out, err = run("export", "-o", str(target), "-f", "csv")
    assert (code, out) == (2, "")
    expected = {
        "folder": f"scorepad: -o {target} is a folder; give a file's name, like "
        f"{target}/sheet.csv\n",
        "under-a-file": f"scorepad: cannot write {target}: Not a directory\n",
    }
    assert err == expected[where]
    assert snapshot(tmp_path) == before


def test_a_file_without_a_suffix_gets_txt_as_the_help_says(friday: Path, tmp_path: Path) -> None:
    target = tmp_path / "notes"
    code, _, err = run("export", "-o", str(target))
    assert (code, err) == (0, f"Exported Friday as txt to {target}\n")
    assert target.read_text(encoding="utf-8") == exported(friday_game(), "txt")
    code, _, err = run("export", "-o", "/dev/null")
    assert (code, err) == (0, "Exported Friday as txt to /dev/null\n")
    code, out, _ = run("export", "--help")
    assert "txt (the sheet as plain text) for stdout or a name without a suffix" in " ".join(
        out.replace("│", " ").split()
    )


def test_a_folder_is_named_a_folder_whatever_the_format(friday: Path, tmp_path: Path) -> None:
    folder = tmp_path / "adir"
    folder.mkdir()
    code, out, err = run("export", "-o", str(folder))
    assert (code, out) == (2, "")
    assert err == (
        f"scorepad: -o {folder} is a folder; give a file's name, like {folder}/sheet.html\n"
    )
    assert list(folder.iterdir()) == []
