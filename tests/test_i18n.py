"""Auf Deutsch: choosing the language, the German catalog, German words, numbers and dates."""

from __future__ import annotations

import functools
import gettext
import io
import json
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.bids import BLIND_NIL, NIL, Bid, BidKind, parse_bid
from scorepad.i18n import (
    LOCALE_DIR,
    catalog_of,
    format_datetime,
    format_number,
    format_percent,
    language_from_environment,
    set_language,
)
from scorepad.words.catalog import locales, placeholders, problems, template

runner = CliRunner()


def test_the_german_catalog_says_every_message_as_the_po_writes_it() -> None:
    """The catalog is the standard library's reading (gettext.GNUTranslations): every
    message, plural form and context of the .po reads as written there, and a message
    the catalog lacks falls back to English."""
    from babel.messages.pofile import read_po

    with (LOCALE_DIR / "de" / "LC_MESSAGES" / "scorepad.po").open("rb") as source:
        po = read_po(source, locale="de", domain="scorepad")
    german = catalog_of("de")
    assert isinstance(german, gettext.GNUTranslations)
    said = 0
    for message in po:
        if not message.id or not message.string or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            singular, plural = message.id
            forms = (
                (
                    german.npgettext(message.context, singular, plural, 1),
                    german.npgettext(message.context, singular, plural, 2),
                )
                if message.context
                else (german.ngettext(singular, plural, 1), german.ngettext(singular, plural, 2))
            )
            assert forms == tuple(message.string), message.id
        elif message.context:
            assert german.pgettext(message.context, message.id) == message.string
        else:
            assert german.gettext(message.id) == message.string
        said += 1
    assert said > 800
    assert german.gettext("Not a message") == "Not a message"
    assert german.ngettext("{n} thing", "{n} things", 2) == "{n} things"


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
    assert "Aufruf: scorepad bid [OPTIONEN] [SPIELER=ANSAGE]" in lines
    assert any(line.startswith("Argumente") for line in lines)
    assert any(line.startswith("Optionen") for line in lines)
    assert any("Diese Hilfe zeigen und beenden." in line for line in lines)
    assert not any(word in out for word in ("Usage", "Options", "Show this message"))
    set_language("en")
    code, out, _ = run("bid", "--help")
    assert "Usage: scorepad bid [OPTIONS] [PLAYER=BID]" in out
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


@functools.cache  # extracting every message takes a second or two: once per process
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
    from scorepad.cli.main import COMMAND_MODULES

    pages = [["--help"], *[[command, "--help"] for command in COMMAND_MODULES]]
    events = [
        ["event", sub, "--help"]
        for sub in ("new", "seat", "unseat", "add", "drop", "show", "export")
    ]
    apps = [["app", "build", "--help"], ["app", "serve", "--help"]]
    return pages + [["presets", "list", "--help"], ["presets", "show", "--help"], *events, *apps]


# What a help page shows that is not words: commands, options, the program's name.
# Not words: options, the program's name, the languages, and Typer's notation of a
# value's type (`<int>`, `<list[str]>`) and a required argument (`{NAME}`), which its
# help shows as its version does.
_NOT_WORDS = re.compile(
    r"(?<![\w-])(-{1,2}[\w-]+|scorepad|en\|de|<\w[\w\[\]]*>|\{[A-Z_=]+\})(?![\w-])"
)


@pytest.mark.parametrize("args", help_pages(), ids=" ".join)
def test_every_word_of_every_help_page_is_marked_for_translation(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorepad import i18n
    from scorepad.cli.main import COMMAND_MODULES
    from scorepad.export.formats import FORMAT_NAMES

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
        if word not in COMMAND_MODULES
        and word not in ("list", "show", "seat", "unseat", "add", "drop", "build", "link",
                         *FORMAT_NAMES)
        and word not in ("same", "next")  # `misdeal --redeal`'s values, as the rules write them
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
    assert "club         Das Clubspiel: bis 500, verloren bei -200, Blind Null bei 100" in out
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
    assert lines[3].split()[:7] == ["Anna", "1", "0", "0", "-", "1", "4,00"]


# ---------------------------------------------------------------------------
# Every command's output under the pseudo-locale: a word outside ⟦ ⟧ is not marked.

# The session's names, and what is a name or a notation in every language.
_NAMES = ("Anna", "Bernd", "Clara", "Dieter", "Wir", "Die", "freitag", "samstag", "ende", "Python")
_TYPED = ("nosuch", "Zed", "bnil")  # what the session types (table mode echoes it)
_SEATS = ("North", "East", "South", "West")  # the players a simulated hand record names
_CARD = re.compile(r"(?<![\w-])(?:10|[2-9TJQKA])[SHDC](?![\w-])")


def unmarked_words(text: str, allowed: set[str]) -> list[str]:
    """The words of `text` outside every ⟦ ⟧ (innermost first, as translations nest)."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            break
        text = inner
    text = re.sub(r"⟦[^⟦⟧\n]*…", " ", text)  # marked, and cut short to fit its column
    text = _CARD.sub(" ", _NOT_WORDS.sub(" ", text))
    names = "|".join(re.escape(name) for name in sorted(allowed, key=len, reverse=True))
    text = re.sub(rf"(?<![\w-])(?:{names})(?![\w-])", " ", text)
    return re.findall(r"[A-Za-z][A-Za-z']+", text)


def shown_text(export: str) -> str:
    """What a person reads of an html or svg export: its text, no markup, no style."""
    import html

    text = re.sub(r"<(style|defs)\b.*?</\1>", " ", export, flags=re.DOTALL)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.DOTALL)
    text = re.sub(r"<!DOCTYPE[^>]*>", " ", text)
    text = re.sub(r"<[^>]*>", " ", text)
    return html.unescape(text)


def rule_values() -> set[str]:
    """The words a rule takes as its value (`play-on`, `minus-bid`): TOML, like its keys."""
    import typing

    from scorepad.engine.rules import Rules

    return {
        str(value)
        for hint in typing.get_type_hints(Rules).values()
        if typing.get_origin(hint) is typing.Literal
        for value in typing.get_args(hint)
    }


def pseudo_session(home: Path) -> list[tuple[list[str], str | None, int]]:
    """Every command, its output for people, and its usual refusals: (args, input, exit)."""
    players = ["--players", "Anna,Bernd,Clara,Dieter", "--teams", "Wir,Die"]
    folder = str(home.parent / "sim")
    bad = home.parent / "bad.toml"
    bad.write_text("format = 2\nname = = 3\n", encoding="utf-8")
    return [
        (["new", "freitag", *players], None, 0),
        (["new", "freitag", *players], None, 2),
        (["new", "samstag", "--players", "Anna,Bernd,Clara"], None, 2),
        (["new", "samstag", "--preset", "nosuch", *players], None, 2),
        (["new", "samstag", "--set", "target=x", *players], None, 2),
        (["new", "samstag", "--set", "nosuch=1", *players], None, 2),
        (["use", "nosuch"], None, 2),
        (["use", "freitag"], None, 0),
        (["bid", "Anna=x", "Bernd=3", "Clara=3", "Dieter=3"], None, 2),
        (["bid", "Zed=4"], None, 2),
        (["bid", "Anna=4"], None, 2),
        (["bid", "Anna=bnil", "Bernd=3", "Clara=3", "Dieter=3"], None, 2),
        (["tricks", "Anna=4"], None, 2),
        (["bid", "Anna=4", "Bernd=nil", "Clara=3", "Dieter=5"], None, 0),
        (["bid", "Anna=4", "Bernd=nil", "Clara=3", "Dieter=5"], None, 0),  # in already
        (["bid", "Anna=4", "Bernd=nil", "Clara=3", "Dieter=4"], None, 2),
        (["tricks", "Anna=5", "Bernd=0", "Clara=3", "Dieter=3"], None, 2),
        (["tricks", "Anna=5", "Bernd=1", "Clara=2", "Dieter=5"], None, 0),
        (["bid", "Anna=9", "Bernd=9", "Clara=9", "Dieter=4"], None, 0),
        (["undo"], None, 0),
        (["bid", "Anna=3", "Bernd=4", "Clara=2", "Dieter=3"], None, 0),
        (["tricks", "Anna=2", "Bernd=6", "Clara=1", "Dieter=4"], None, 0),
        (["undo"], None, 0),
        (["tricks", "Anna=3", "Bernd=5", "Clara=2", "Dieter=3"], None, 0),
        (["bid", "--round", "1", "Anna=4", "Bernd=nil", "Clara=4", "Dieter=5"], None, 0),
        (["tricks", "--round", "7", "Anna=4"], None, 2),
        (["show"], None, 0),
        (["explain"], None, 0),
        (["explain", "1"], None, 0),
        (["explain", "9"], None, 2),
        (["show", "--watch", "--json"], None, 2),
        # Table mode: a typo, a nil, blind nil refused, a correction, and stop.
        (["play"], "x\nnil\nbnil\n4\n4\n3\nu\n6\n0\n\n\nq\n", 0),
        *[(["export", "--format", fmt], None, 0) for fmt in ("txt", "md", "svg", "html")],
        (["export", "--format", "pdf"], None, 2),
        (["export", "-o", str(home.parent)], None, 2),
        (["export", "-o", str(home.parent / "notes.odt")], None, 2),
        (["export", "-o", str(home.parent / "sheet.md")], None, 0),
        # A game that ends, and what is said of it and after it.
        (["new", "ende", *players, "--set", "target=50"], None, 0),
        (["bid", "Anna=4", "Bernd=3", "Clara=4", "Dieter=2"], None, 0),
        (["tricks", "Anna=4", "Bernd=3", "Clara=4", "Dieter=2"], None, 0),
        (["show"], None, 0),
        (["play"], "\n", 0),
        (["bid", "Anna=4", "Bernd=3", "Clara=4", "Dieter=2"], None, 2),
        (["tricks", "--round", "1", "Anna=5", "Bernd=3", "Clara=3", "Dieter=2"], None, 0),
        *[(["export", "--format", fmt], None, 0) for fmt in ("md", "html")],
        (["use", "freitag"], None, 0),
        (["games"], None, 0),
        (["stats"], None, 0),
        (["stats", "--player", "Anna"], None, 0),
        (["stats", "--player", "Zed"], None, 2),
        (["check", "4:5", "nil:0"], None, 0),
        (["check", "6:5", "9:8"], None, 0),
        (["check", "4:5", "bnil:1"], None, 2),
        (["check", "x:5"], None, 2),
        (["check", "4:15", "3:3"], None, 2),
        (["presets", "list"], None, 0),
        (["presets", "show", "club"], None, 0),
        (["presets", "show", "nosuch"], None, 2),
        (["simulate", "-n", "2"], None, 0),
        (["simulate", "-n", "2", "--kernel", "python", "--bots", "heuristic,random"], None, 0),
        (["simulate", "-n", "1", "--save", folder, "--hands"], None, 0),
        (["simulate", "--compare", "standard,club", "-n", "2"], None, 0),
        (["simulate", "--compare", "club"], None, 2),
        (["simulate", "--bots", "x"], None, 2),
        (["simulate", "--hands"], None, 2),
        (["verify", str(home.parent / "sim" / "game-00001-deal-001.hand.toml")], None, 0),
        (["verify", str(bad)], None, 2),
        (["show", "--game", str(bad)], None, 2),
        (["rename", "freitag", "samstag"], None, 0),
        (["rename", "samstag", "samstag"], None, 0),
        (["delete", "samstag"], "n\n", 0),
        (["delete", "samstag", "--yes"], None, 0),
        (["restore"], None, 0),
        (["restore", "samstag"], None, 0),
        (["restore", "nosuch"], None, 2),
        (["delete", "nosuch", "--yes"], None, 2),
        (["show", "--game", "nosuch"], None, 2),
    ]


def test_every_word_every_command_shows_is_marked_for_translation(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorepad import i18n
    from scorepad.cli.main import COMMAND_MODULES
    from scorepad.engine.rules import KNOBS
    from scorepad.export.formats import FORMAT_NAMES
    from scorepad.files.presets import preset_names
    from scorepad.sim.bots import BOTS

    monkeypatch.setenv("COLUMNS", "200")
    allowed = {
        *_NAMES, *_TYPED, *_SEATS, *COMMAND_MODULES, *FORMAT_NAMES, *preset_names(), *BOTS, *KNOBS,
        *rule_values(), "auto", "none", "list", "show", "true", "false",
    }  # fmt: skip
    # A language other than English (Babel's numbers and dates, the engine's words said
    # again) whose every message is itself between ⟦ and ⟧.
    monkeypatch.setattr(i18n, "_language", "de")
    monkeypatch.setattr(i18n, "_catalog", pseudo_catalog())
    found: dict[str, list[str]] = {}
    for args, answers, expected in pseudo_session(home):
        result = runner.invoke(app, args, prog_name="scorepad", input=answers)
        shown = " ".join(args)
        assert result.exit_code == expected, (shown, result.stdout, result.stderr)
        out = result.stdout
        if args[0] == "export" and args[-1] in ("svg", "html"):
            out = shown_text(out)
            if args[-1] == "html":
                assert '<html lang="de">' in result.stdout
        text = (out + "\n" + result.stderr).replace(str(home.parent), " ")
        words = unmarked_words(text, allowed)
        if words:
            found[shown] = sorted(set(words))
    assert found == {}, "\n".join(f"{shown}: {' '.join(words)}" for shown, words in found.items())


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["use", "fri"], "keine Partie namens 'fri' (meintest du 'fr'?); gespeicherte Partien: fr"),
        (["bid", "Zed=4"], "unbekannter Spieler 'Zed'; es spielen Anna, Bernd, Clara, Dieter"
         " (oder Platz 1 bis 4, oder eine Partei: Wir, Die)"),
        (["bid", "Anna=4", "Anna=5"],
         "Anna ist doppelt angegeben; gib die Ansage jedes Spielers einmal an"),
        (["new", "a/b", "--players", "A,B,C,D"], "Partiename 'a/b' taugt nicht als Dateiname:"
         ' / geht nicht; vermeide / \\ : * ? " < > |'),
        (["restore", "fr"], "keine gelöschte Partie namens 'fr'; der Papierkorb ist leer"),
        (["export", "--format", "pdf"],
         "unbekanntes Exportformat 'pdf'; zur Wahl stehen csv, json, md, html, svg, txt"),
        (["check", "4:15"], "4:15: 15 Stiche sind mehr als die 13 eines Spiels"),
        (["check", "--bags", "12", "4:5"], "--bags 12 liegt außerhalb des Bereichs: 0 bis 9"),
        (["show", "--game", "BAD"], "BAD, Zeile 2: kein gültiges TOML: Ungültiger Wert"),
        (["verify", "BAD"], "BAD: kein gültiges TOML: Ungültiger Wert (Zeile 2, Spalte 8)"),
        (["simulate", "--bots", "x"], "--bots 'x': unbekannter Bot x; zur Wahl stehen"
         " heuristic, random, oder eine Liste mit Kommas, einer je Partei"),
        (["new", "x", "--preset", "no-hell", "--set", "suicide=true", "--players", "A,B,C,D"],
         "--set suicide=true: no_hell = true geht nicht: false, solange suicide = true gilt, wo"
         " der Letzte beim Ansagen ohne erlaubte Ansage bleiben kann; oder suicide = false"),
    ],
    ids=[
        "game", "player", "twice", "file name", "trash", "export format", "check tricks",
        "check bags", "damaged file", "hand record", "bots", "suicide with no hell",
    ],
)  # fmt: skip
def test_refusals_speak_german(home: Path, args: list[str], said: str) -> None:
    bad = home.parent / "bad.toml"
    bad.write_text("format = 2\nname = = 3\n", encoding="utf-8")
    set_language("de")
    run("--lang", "de", "new", "fr", "--players", "Anna,Bernd,Clara,Dieter", "--teams", "Wir,Die")
    code, out, err = run("--lang", "de", *[str(bad) if arg == "BAD" else arg for arg in args])
    assert (code, out) == (2, "")
    assert err == "scorepad: " + said.replace("BAD", str(bad)) + "\n"


def test_the_html_export_is_a_german_page(home: Path) -> None:
    set_language("de")
    run("--lang", "de", "new", "fr", "--players", "Anna,Bernd,Clara,Dieter", "--teams", "Wir,Die")
    run("--lang", "de", "bid", "Anna=4", "Bernd=null", "Clara=5", "Dieter=5")
    run("--lang", "de", "tricks", "Anna=3", "Bernd=1", "Clara=4", "Dieter=5")
    code, page, _err = run("--lang", "de", "export", "--format", "html")
    assert code == 0
    assert '<html lang="de">' in page
    assert "<title>fr: Spielblock für Spades</title>" in page
    assert '<p class="meta">Regelsatz standard, Ziel 500, 1 Runde gespielt.</p>' in page
    assert "<th>Ansage</th><th>Stiche</th><th>Punkte</th><th>Stand</th><th>Überstiche</th>" in page
    assert '<span class="why">Kontrakt 9 verfehlt (7 gemacht)</span>' in page
    assert "<td>null+5</td>" in page
    assert "<footer>Gedruckt aus scorepad.</footer>" in page


def test_verify_says_an_illegal_play_in_german_and_keeps_the_english_in_the_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """verify words each problem from its facts, in the run's language (Ann's revoke on a
    club lead, one trick of 13 played); scripts reading the JSON keep the English."""
    from test_cli_verify import revoke_record

    monkeypatch.setenv("COLUMNS", "200")
    path = revoke_record(tmp_path)
    set_language("de")
    code, out, _err = run("--lang", "de", "verify", str(path))
    assert code == 1
    said = [line for line in out.splitlines() if line.startswith("regelwidrig")]
    assert said[0] == (
        "regelwidrig: Ann hat in Stich 1 Farbe nicht bedient: 2D auf Kreuz gespielt, mit 8C 7C"
        " 6C 5C 4C 3C 2C auf der Hand"
    )
    assert said[1] == (
        "regelwidrig: Ann hat am Ende des Spiels noch 7D 6D 5D 4D 3D 8C 7C 6C 5C 4C 3C 2C"
        " auf der Hand"
    )  # and so the other three
    assert said[-1] == "regelwidrig: 1 statt 13 Stiche gespielt" and len(said) == 6
    code, out, _err = run("--lang", "de", "verify", str(path), "--json")
    assert [problem["message"] for problem in json.loads(out)["problems"]][-1] == (
        "1 tricks played, not 13"
    )
