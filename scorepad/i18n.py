"""The language scorepad speaks: choosing it, its words (gettext) and its numbers (Babel).

English is the source language: every word a person reads is written in English in the
code, marked with `_()` (or `ngettext`, or `N_` where it must be translated later), and
looked up in the GNU gettext catalog `scorepad/locale/<lang>/LC_MESSAGES/scorepad.mo`.
English needs no catalog, so an English run loads none and imports no Babel.

The run's language is chosen once, the standard way first: LANGUAGE, LC_ALL,
LC_MESSAGES and LANG as gettext reads them, then SCOREPAD_LANG, then `--lang` (which the
CLI passes to `set_language`). A language scorepad does not speak falls back to English
without a word; only `--lang` and `SCOREPAD_LANG` are refused when they name one.

The language in use is a context variable whose default is the run's language: `serve`
speaks each request's own (`speaking`, chosen by `negotiate` from the browser's
Accept-Language), so two phones in two languages are answered at once, each in its own.

Machine formats (JSON keys, CSV headers, TOML, game files) never go through here.
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import io
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar
from datetime import datetime
from pathlib import Path

from scorepad.errors import ScorepadError

LANGUAGES = ("en", "de")
DOMAIN = "scorepad"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
# Babel's locale for each language: numbers and dates as its readers write them.
_BABEL_LOCALES = {"en": "en_GB", "de": "de_DE"}
# A date and time as a reader of each language writes it: `1 Dec 2026, 14:20`,
# `1. Dez. 2026, 14:20` (CLDR patterns, so the month names come from Babel).
_DATETIME_PATTERNS = {"en": "d MMM y, HH:mm", "de": "d. MMM y, HH:mm"}

# The run's language and catalog: what every context speaks unless it says otherwise.
_language = "en"
_catalog: _gettext.NullTranslations = _gettext.NullTranslations()
# A context's own language and catalog (a served request's), or None for the run's.
_spoken: ContextVar[tuple[str, _gettext.NullTranslations] | None] = ContextVar(
    "scorepad_language", default=None
)
# Every catalog loaded so far, by language: a server loads German once, not per request.
_catalogs: dict[str, _gettext.NullTranslations] = {}


def language() -> str:
    """The language spoken here: this context's (a request's), else the run's."""
    spoken = _spoken.get()
    return _language if spoken is None else spoken[0]


def _current() -> _gettext.NullTranslations:
    spoken = _spoken.get()
    return _catalog if spoken is None else spoken[1]


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, English where it asks for none we speak.

    gettext's order: the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set names
    the languages (LANGUAGE may list several, `fr:de`; the first we speak is taken), then
    SCOREPAD_LANG overrides it. Anything else is English, silently.
    """
    env = os.environ if environ is None else environ
    chosen = "en"
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        for entry in value.split(":"):
            code = _language_code(entry)
            if code in LANGUAGES:
                chosen = code
                break
        break
    wanted = _language_code(env.get("SCOREPAD_LANG", ""))
    if wanted in LANGUAGES:
        chosen = wanted
    return chosen


def _language_code(locale_name: str) -> str:
    """`de` for `de_DE.UTF-8@euro`, `en` for `C` and `POSIX`."""
    base = locale_name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return "en" if base in ("c", "posix") else base


def check_language(value: str) -> str:
    """The language `value` (`de`, `DE`) names, or a refusal naming the languages there are."""
    code = value.strip().lower()
    if code not in LANGUAGES:
        raise ScorepadError(
            _("unknown language {value}; choose one of {languages}").format(
                value=repr(value), languages=", ".join(LANGUAGES)
            )
        )
    return code


def set_language(code: str) -> None:
    """Make `code` (`en` or `de`) the run's language; a catalog is loaded only for German."""
    global _language, _catalog
    _catalog = catalog_of(code)
    _language = code


def catalog_of(code: str) -> _gettext.NullTranslations:
    """The catalog of `code`, loaded the first time it is asked for."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}")
    found = _catalogs.get(code)
    if found is None:
        found = _gettext.NullTranslations() if code == "en" else _load_catalog(code)
        _catalogs[code] = found  # two threads loading it at once both get a whole one
    return found


@contextlib.contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak `code` in this context (a request, and the threads it runs in) until the end
    of the block; the run's language and every other context are left as they are."""
    token = _spoken.set((code, catalog_of(code)))
    try:
        yield
    finally:
        _spoken.reset(token)


def negotiate(accept_language: str) -> str | None:
    """The language an Accept-Language header prefers among ours, None if it names none.

    Each range counts for the language of its primary subtag (`de-AT` for `de`), with its
    q-value (1 if none is given; 0 is "not this one"); `*` stands for every language not
    named. The highest q wins, the earlier range on a tie. A range that cannot be read is
    passed over, as a browser's header is not the person's fault.
    """
    best: tuple[float, int, str] | None = None
    named: dict[str, tuple[float, int]] = {}
    anything: tuple[float, int] | None = None
    for position, part in enumerate(accept_language.split(",")[:32]):
        tag, *params = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for param in params:
            key, _sep, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = -1.0
        if not 0 <= quality <= 1 or not tag:
            continue
        if tag == "*":
            anything = anything or (quality, position)
            continue
        code = tag.split("-")[0].lower()
        if code in LANGUAGES and code not in named:
            named[code] = (quality, position)
    for code in LANGUAGES:
        quality, position = named.get(code) or anything or (0.0, 0)
        if quality > 0 and (best is None or (quality, -position) > (best[0], -best[1])):
            best = (quality, position, code)
    return None if best is None else best[2]


def _load_catalog(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of `code`; in a checkout whose .po is newer, the .po itself.

    The build compiles each .po to its .mo (setup.py). A checkout where someone has just
    edited a .po would otherwise speak the old words until the next install, so there the
    .po is compiled in memory (Babel), and never written back.
    """
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    mo_path, po_path = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if po_path.exists() and (
        not mo_path.exists() or po_path.stat().st_mtime > mo_path.stat().st_mtime
    ):
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po_path.open("rb") as source:
            catalog = read_po(source, locale=code, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        return _gettext.GNUTranslations(buffer)
    if mo_path.exists():
        with mo_path.open("rb") as source:
            return _gettext.GNUTranslations(source)
    return _gettext.NullTranslations()


def _(message: str) -> str:
    """`message` in the language spoken here."""
    return _current().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for `count`, in the language spoken here."""
    return _current().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the language spoken here, where `context` tells two uses apart."""
    return _current().pgettext(context, message)


def said_again(message: str, msgids: Sequence[str]) -> str:
    """An English message made from one of `msgids`, said again in this run's language.

    For words built by other people's code, which cannot be marked at the point of use:
    Typer's own messages (its vendored Click has no gettext) and the TOML reader's. The
    engine's and the simulator's words are facts, never said again so
    (`gametext.line_words`, `sim.compare.Note`). The values are taken from the
    English and put into the translation; a message no msgid matches is left as it is.
    """
    if language() == "en":
        return message
    for msgid in msgids:
        head, tail = _ends(msgid)
        if not (message.startswith(head) and message.endswith(tail)):
            continue  # cannot match: spares compiling a pattern per msgid at start-up
        match = _pattern(msgid).fullmatch(message)
        if match:
            return _(msgid).format(**match.groupdict())
    return message


@functools.cache
def _ends(msgid: str) -> tuple[str, str]:
    """The text of `msgid` before its first placeholder and after its last: any message
    said from it starts and ends so (all of it, where it has no placeholder)."""
    head, brace, rest = msgid.partition("{")
    return head, rest.rpartition("}")[2] if brace else ""


@functools.cache  # a pure function of the msgid: the same in every process
def _pattern(msgid: str) -> re.Pattern[str]:
    """A regex matching `msgid` said in English with any values in its placeholders."""
    parts = re.split(r"\{(\w+)\}", msgid)
    return re.compile(
        "".join(
            re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)"
            for index, part in enumerate(parts)
        )
    )


def N_(message: str) -> str:
    """Mark `message` for the catalog, to be translated with `_()` where it is shown."""
    return message


def format_number(value: float, decimals: int = 0) -> str:
    """`1234` and `2.5` in English (as scorepad always wrote them), `1.234`, `2,5` in German."""
    code = language()
    if code == "en":
        return f"{value:.{decimals}f}"  # no Babel for English: start-up stays Typer's
    try:
        from babel.numbers import format_decimal
    except ImportError:  # the phone app (Pyodide) ships no Babel: the plain way, same result
        return _plain_number(value, decimals, code)

    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_BABEL_LOCALES[code])


def format_percent(rate: float, decimals: int = 1) -> str:
    """A rate (0.787) as a percentage: `78.7%` in English, `78,7 %` in German."""
    code = language()
    if code == "en":
        return f"{100 * rate:.{decimals}f}%"  # as scorepad always wrote it, without Babel
    try:
        from babel.numbers import format_percent as babel_percent
    except ImportError:  # the phone app ships no Babel
        return _plain_number(100 * rate, decimals, code) + "\u00a0%"

    pattern = "#,##0" + ("." + "0" * decimals if decimals else "") + "%"
    if code == "de":
        pattern = pattern[:-1] + "\u00a0%"  # German sets the sign apart, unbroken
    return babel_percent(rate, format=pattern, locale=_BABEL_LOCALES[code])


def format_datetime(moment: datetime, pattern: str | None = None) -> str:
    """`1 Dec 2026, 14:20` in English, `1. Dez. 2026, 14:20` in German.

    `pattern` (CLDR, like `d. MMM`) says it shorter where a column is narrow.
    """
    code = language()
    try:
        from babel.dates import format_datetime as babel_datetime
    except ImportError:  # the phone app ships no Babel
        return _plain_datetime(moment, pattern or _DATETIME_PATTERNS[code], code)
    return babel_datetime(moment, pattern or _DATETIME_PATTERNS[code], locale=_BABEL_LOCALES[code])


# What Babel says for the few numbers and dates scorepad writes, for where there is no
# Babel (the phone app, in Pyodide): German and British English only, the CLDR patterns
# scorepad uses only (d, dd, MM, MMM, y, HH, mm). tests/test_app_words.py holds the two
# ways together for every month, and for numbers of every size and sign.
_MONTHS = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"),
    "de": ("Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.",
           "Nov.", "Dez."),
}  # fmt: skip
_SEPARATORS = {"en": (",", "."), "de": (".", ",")}  # (thousands, decimal)


def _plain_number(value: float, decimals: int, code: str) -> str:
    """`value` grouped by thousands, as Babel's `#,##0.00` writes it in `code`."""
    thousands, point = _SEPARATORS[code]
    text = f"{abs(value):,.{decimals}f}"
    whole, _dot, fraction = text.partition(".")
    sign = "-" if value < 0 else ""
    said = sign + whole.replace(",", thousands)
    return said + (point + fraction if fraction else "")


def _plain_datetime(moment: datetime, pattern: str, code: str) -> str:
    """`moment` by a CLDR `pattern` made of d, dd, MM, MMM, y, HH and mm."""
    fields = {
        "dd": f"{moment.day:02d}", "d": str(moment.day), "MMM": _MONTHS[code][moment.month - 1],
        "MM": f"{moment.month:02d}", "y": str(moment.year), "HH": f"{moment.hour:02d}",
        "mm": f"{moment.minute:02d}",
    }  # fmt: skip
    return re.sub(r"dd|d|MMM|MM|y|HH|mm", lambda match: fields[match.group(0)], pattern)


set_language(language_from_environment({}))
