"""Auf Deutsch: choosing the language, the German catalog, German words, numbers and dates."""

from __future__ import annotations

import functools
import gettext
import io
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from typer.testing import CliRunner

from scorepad.bids import BLIND_NIL, NIL, Bid, BidKind, parse_bid
from scorepad.cli import app
from scorepad.i18n import (
    format_datetime,
    format_number,
    format_percent,
    language_from_environment,
    set_language,
)
from scorepad.i18n_catalog import locales, placeholders, problems, template

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), prog_name="scorepad")
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8", "SCOREPAD_LANG": "en"}, "en"),
        ({"LANG": "en_US.UTF-8", "SCOREPAD_LANG": "de"}, "de"),
        ({"LANG": "de_DE.UTF-8", "SCOREPAD_LANG": "fr"}, "de"),
    ],
    ids=[
        "nothing", "LANG de", "C", "French falls back", "LC_MESSAGES before LANG",
        "LC_ALL before LC_MESSAGES", "LANGUAGE list", "SCOREPAD_LANG en wins",
        "SCOREPAD_LANG de wins", "SCOREPAD_LANG unknown is ignored",
    ],
)  # fmt: skip
def test_the_language_comes_from_the_environment_as_gettext_reads_it(
    environ: dict[str, str], expected: str
) -> None:
    assert language_from_environment(environ) == expected


def scorepad(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {"PATH": "/usr/bin:/bin", "COLUMNS": "80", "NO_COLOR": "1", **env}
    return subprocess.run(
        [sys.executable, "-m", "scorepad", *args],
        capture_output=True,
        text=True,
        env=environ,
        cwd=Path(__file__).parent.parent,
    )


def test_lang_wins_over_the_environment_and_refuses_an_unknown_language() -> None:
    german = scorepad("--lang", "de", "rename", LANG="en_US.UTF-8", SCOREPAD_LANG="en")
    assert german.stderr == (
        "scorepad rename: Argument 'NAME' fehlt. (siehe scorepad rename --help)\n"
    )
    english = scorepad("--lang=en", "rename", LANG="de_DE.UTF-8", SCOREPAD_LANG="de")
    assert english.stderr == (
        "scorepad rename: Missing argument 'NAME'. (see scorepad rename --help)\n"
    )
    refused = scorepad("--lang", "xx", "show")
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == "scorepad: --lang: unknown language 'xx'; choose one of en, de\n"
    by_locale = scorepad("bid", "--bogus", LANG="de_DE.UTF-8")
    assert by_locale.returncode == 2
    assert by_locale.stderr == (
        "scorepad bid: Unbekannte Option: --bogus (siehe scorepad bid --help)\n"
    )


def test_typer_and_click_speak_german_in_help(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run("--lang", "de", "bid", "--help")
    assert code == 0
    lines = [line.strip(" │╭╮╰╯─") for line in out.splitlines()]
    assert "Aufruf: scorepad bid [OPTIONEN] [SPIELER=ANSAGE]..." in lines
    assert any(line.startswith("Argumente") for line in lines)
    assert any(line.startswith("Optionen") for line in lines)
    assert any("Diese Hilfe zeigen und beenden." in line for line in lines)
    assert not any(word in out for word in ("Usage", "Options", "Show this message"))
    set_language("en")
    code, out, _ = run("bid", "--help")
    assert "Usage: scorepad bid [OPTIONS] [PLAYER=BID]..." in out
    assert "Show this message and exit." in out


@pytest.mark.parametrize("locale", locales())
def test_the_catalog_has_every_message_none_fuzzy_with_the_same_placeholders(locale: str) -> None:
    assert problems(locale) == []


@pytest.mark.parametrize(
    ("english", "german", "same"),
    [
        ("{side} bid {bids}", "{side} sagen {bids}", True),
        ("{side} bid {bids}", "{side} sagt {gebot}", False),
        ("{value!r} is bad", "{value!r} taugt nicht", True),
        ("{low} to {high}", "{low} bis", False),
    ],
    ids=["same", "renamed", "conversion", "dropped"],
)
def test_placeholders_are_compared_by_name(english: str, german: str, same: bool) -> None:
    assert (placeholders(english) == placeholders(german)) is same


@pytest.mark.parametrize(
    ("typed", "bid"),
    [
        ("null", NIL),
        ("Null", NIL),
        ("blind null", BLIND_NIL),
        ("Blind Null", BLIND_NIL),
        ("bnull", BLIND_NIL),
        ("blind-null", BLIND_NIL),
        ("blind 6", Bid(BidKind.BLIND, 6)),
        ("b6", Bid(BidKind.BLIND, 6)),
        ("nil", NIL),
        ("bnil", BLIND_NIL),
    ],
)
def test_german_bids_are_read(typed: str, bid: Bid) -> None:
    assert parse_bid(typed) == bid


@pytest.mark.parametrize("typed", ["nul", "blind", "-5", "blind nulll"])
def test_what_is_not_a_bid_in_either_language_is_refused(typed: str) -> None:
    with pytest.raises(ValueError, match="not a bid"):
        parse_bid(typed)


def test_numbers_and_dates_as_german_readers_write_them() -> None:
    moment = datetime(2026, 12, 1, 14, 20)
    set_language("de")
    assert format_number(1234) == "1.234"
    assert format_number(-80) == "-80"
    assert format_percent(0.787) == "78,7\u00a0%"
    assert format_datetime(moment) == "1. Dez. 2026, 14:20"
    set_language("en")
    assert format_number(1234) == "1234"
    assert format_percent(0.787) == "78.7%"
    assert format_datetime(moment) == "1 Dec 2026, 14:20"


@functools.cache  # extracting every message from the source takes most of a second
def pseudo_catalog() -> gettext.GNUTranslations:
    """A catalog that says every message as itself between ⟦ and ⟧: unmarked text shows."""
    catalog = template()
    for message in catalog:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            wrapped = tuple(f"⟦{text}⟧" for text in ids)
            message.string = wrapped if isinstance(message.id, tuple) else wrapped[0]
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def help_pages() -> list[list[str]]:
    """Every command's and command group's --help."""
    from scorepad.cli import COMMAND_MODULES

    pages = [["--help"], *[[command, "--help"] for command in COMMAND_MODULES]]
    return pages + [["presets", "list", "--help"], ["presets", "show", "--help"]]


# What a help page shows that is not words: commands, options, the program's name.
_NOT_WORDS = re.compile(r"(?<![\w-])(-{1,2}[\w-]+|scorepad|en\|de)(?![\w-])")


@pytest.mark.parametrize("args", help_pages(), ids=" ".join)
def test_every_word_of_every_help_page_is_marked_for_translation(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorepad import i18n
    from scorepad.cli import COMMAND_MODULES
    from scorepad.export import FORMAT_NAMES

    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(i18n, "_catalog", pseudo_catalog())
    code, out, err = run(*args)
    assert (code, err) == (0, "")
    unmarked = re.sub(r"⟦.*?⟧", " ", out, flags=re.DOTALL)
    unmarked = _NOT_WORDS.sub(" ", unmarked)
    words = [
        word
        for word in re.findall(r"[A-Za-z][A-Za-z']+", unmarked)
        if word not in COMMAND_MODULES and word not in ("list", "show", *FORMAT_NAMES)
    ]
    assert words == []


def test_a_german_game_reads_german_and_its_file_is_the_same_in_english(home: Path) -> None:
    def german(*args: str) -> str:
        set_language("de")
        code, out, err = run("--lang", "de", *args)
        assert (code, err) == (0, ""), err
        return out

    players = ("--players", "Anna,Bernd,Clara,Dieter", "--teams", "Wir,Die")
    assert german("new", "freitag", *players) == (
        "Partie freitag begonnen (standard, bis 500): Wir gegen Die. Anna gibt zuerst.\n"
    )
    assert german("bid", "Anna=4", "Bernd=null", "Clara=3", "Dieter=5") == (
        "Runde 1 (Geber: Anna): Wir: Ansage 4+3, Die: Ansage null+5.\n"
    )
    assert german("tricks", "Anna=5", "Bernd=0", "Clara=3", "Dieter=5") == (
        "Runde 1: Wir +71 -> 71 (1 Überstich), Die +150 -> 150 (0 Überstiche)."
        " Als Nächstes gibt Bernd.\n"
    )
    assert german("show") == (
        "freitag · standard · bis 500\n"
        "  │       │ Wir (Anna, Clara)          │ Die (Bernd, Dieter)         \n"
        "# │ Geber │ Ans. Sti. Pkt. Stand Übst. │ Ans.   Sti. Pkt. Stand Übst.\n"
        "──┼───────┼────────────────────────────┼─────────────────────────────\n"
        "1 │ Anna  │ 4+3  5+3   +71    71     1 │ null+5 0+5  +150   150     0\n"
        "──┼───────┼────────────────────────────┼─────────────────────────────\n"
        "  │ Summe │                   71     1 │                    150     0\n"
        "Als Nächstes gibt Bernd.\n"
        "Bis 500 fehlen: Wir 429, Die 350.\n"
    )
    markdown = german("export", "--format", "md").splitlines()
    assert markdown[2:5] == [
        "Regelsatz standard, Ziel 500.",
        "",
        "Als Nächstes gibt Bernd. Bis 500 fehlen: Wir 429, Die 350.",
    ]
    assert markdown[6].startswith("| Runde | Geber | Wir Ans. | Wir Stiche | Wir Punkte |")
    csv = german("export", "--format", "csv").splitlines()
    assert csv[0] == (
        "round,dealer,team,bids,bid,player_tricks,tricks,points,score,bags,lines,after_end"
    )  # csv is for scripts: English headers, and bids in the file's notation
    assert csv[2].startswith("1,Anna,Die,nil+5,5,0+5,5,150,150,0,nil made (Bernd) +100;")
    path = home / "games" / "freitag.toml"
    written = path.read_bytes()
    assert b"null" not in written and b'"nil"' in written  # the file keeps scorepad's notation
    set_language("en")
    code, out, err = run("--lang", "en", "show")
    assert (code, err) == (0, "")
    assert "│ nil+5 0+5  +150   150    0\n" in out
    assert "Next deal: Bernd." in out
    assert path.read_bytes() == written


def test_presets_keep_their_names_and_say_their_rules_in_german(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    set_language("de")
    code, out, _ = run("--lang", "de", "presets", "list")
    assert code == 0
    assert out.splitlines()[0].split() == ["Regelsatz", "Beschreibung"]
    assert "club       Das Clubspiel: bis 500, verloren bei -200, Blind Null bei 100" in out
    code, out, _ = run("--lang", "de", "presets", "show", "standard")
    assert code == 0
    assert out.splitlines()[0] == (
        "standard: Das klassische Partnerspiel bis 500: Null +/-100, 10 Überstiche kosten 100."
    )
    assert any(
        line.split()[:2] == ["nil", "true"] and line.rstrip().endswith("Null darf angesagt werden")
        for line in out.splitlines()
    )


def test_stats_speak_german_with_german_decimals(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    set_language("de")
    run("--lang", "de", "new", "fr", "--players", "Anna,Bernd,Clara,Dieter")
    run("--lang", "de", "bid", "Anna=4", "Bernd=null", "Clara=3", "Dieter=5")
    run("--lang", "de", "tricks", "Anna=5", "Bernd=0", "Clara=3", "Dieter=5")
    code, out, err = run("--lang", "de", "stats")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "1 Partie (0 beendet, 1 nicht beendet); ein Sieg braucht eine beendete Partie."
    )
    assert lines[2].split()[:7] == [
        "Spieler",
        "Partien",
        "beend.",
        "gew.",
        "Sieg%",
        "Runden",
        "Ans.",
    ]
    assert lines[3].split()[:7] == ["Anna", "1", "0", "0", "-", "1", "4,0"]
