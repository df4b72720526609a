"""Keep the gettext catalogs: extract the English, update each .po, compile, check (Babel).

    python -m scorepad.words.catalog update    # new msgids into every .po, untranslated
    python -m scorepad.words.catalog compile   # every .po to its .mo (the build does this)
    python -m scorepad.words.catalog check     # what is missing, fuzzy or mismatched

The words come from `_()`, `N_()`, `ngettext()` and `pgettext()` in the package, from the
`help=` and `metavar=` of every call (Typer's options, arguments and apps), from the
docstrings of Typer commands (Typer shows them as help), and from the `{% trans %}` and
`_()` of serve's templates (Jinja2's extractor). Serve's script has no words of its own to
extract: it shows what the page and the server say (tests/test_serve_i18n.py). A tool of
the repository, used by the tests and the build; scorepad itself never imports it.
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

PACKAGE = Path(__file__).resolve().parent.parent
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "scorepad"
# knob(default, doc): a rule's description, shown by `scorepad presets show`.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "knob": (2,)}
METHOD_MAP = [
    ("**/words/catalog.py", "ignore"),
    ("**.py", "scorepad.words.catalog:extract_scorepad"),
    ("**/templates/**.html", "jinja2"),
]
# A placeholder as str.format reads it: `{name}`, `{value!r}`, `{0}`, `{}`; or as a
# template's `{% trans %}` block writes one: `%(name)s`.
_PLACEHOLDER = re.compile(r"\{(\w*)(?:![rsa])?(?::[^}]*)?\}|%\((\w+)\)[sdif]")


def extract_scorepad(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel's Python extractor, plus Typer's help: `help=`/`metavar=` and command docstrings."""
    source = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg in ("help", "metavar") and _is_text(keyword.value):
                    assert isinstance(keyword.value, ast.Constant)
                    yield keyword.value.lineno, "", keyword.value.value, []
        elif isinstance(node, ast.FunctionDef) and any(
            _is_typer_decorator(decorator) for decorator in node.decorator_list
        ):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                yield node.lineno, "", inspect.cleandoc(doc), []


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(node.value)


def _is_typer_decorator(node: ast.expr) -> bool:
    """`@app.command(...)`, `@games_app.callback()`: a function whose docstring is help."""
    call = node.func if isinstance(node, ast.Call) else node
    if isinstance(node, ast.Call) and any(keyword.arg == "help" for keyword in node.keywords):
        return False  # its help is given, and extracted, where it is written
    return isinstance(call, ast.Attribute) and call.attr in ("command", "callback")


def template() -> Catalog:
    """Every msgid in the package, English, as a catalog without translations."""
    catalog = Catalog(domain=DOMAIN, project="scorepad", charset="utf-8")
    options = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), METHOD_MAP, options, KEYWORDS, strip_comment_tags=True
    ):
        catalog.add(
            message,
            None,
            [(f"scorepad/{filename}", lineno)],
            auto_comments=comments,
            context=context,
        )
    # The shipped presets' summaries (`scorepad presets list`); a preset file of the
    # user's own shows its summary as written.
    for preset in sorted((PACKAGE.parent / "presets").glob("*.toml")):
        with preset.open("rb") as source:
            summary = tomllib.load(source).get("summary")
        if summary:
            catalog.add(summary, None, [(f"presets/{preset.name}", 1)])
    return catalog


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def locales() -> list[str]:
    """The languages that have a catalog."""
    return sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read_catalog(locale: str) -> Catalog:
    with po_path(locale).open("rb") as source:
        return read_po(source, locale=locale, domain=DOMAIN)


def update() -> None:
    """Bring every .po up to the package's msgids: new ones empty, gone ones dropped."""
    fresh = template()
    for locale in locales():
        catalog = read_catalog(locale)
        catalog.update(fresh, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with po_path(locale).open("wb") as target:
            write_po(target, catalog, width=96, omit_header=False, sort_output=False)


def compile_catalogs(target_dir: Path = LOCALE_DIR) -> list[Path]:
    """Compile every .po into a .mo under `target_dir` (the package or a build's copy)."""
    written = []
    for locale in locales():
        mo = target_dir / locale / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as target:
            write_mo(target, read_catalog(locale))
        written.append(mo)
    return written


def placeholders(text: Any) -> list[str]:
    """The placeholders of a message, sorted: a translation must have the same ones."""
    return sorted(
        braced if percent == "" else f"%({percent})"
        for braced, percent in _PLACEHOLDER.findall(text)
    )


def problems(locale: str) -> list[str]:
    """What keeps a catalog from speaking every message: missing, fuzzy, mismatched."""
    catalog = read_catalog(locale)
    found = []
    for message in template():
        if not message.id:
            continue
        key = message.id if not message.context else message.id
        translated = catalog.get(key, context=message.context)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if (
            translated is None
            or not translated.string
            or not all(
                translated.string if isinstance(translated.string, tuple) else (translated.string,)
            )
        ):
            found.append(f"missing: {ids[0]!r}")
            continue
        if translated.fuzzy:
            found.append(f"fuzzy: {ids[0]!r}")
        strings = (
            translated.string if isinstance(translated.string, tuple) else (translated.string,)
        )
        wanted = {tuple(placeholders(i)) for i in ids}
        for string in strings:
            if tuple(placeholders(string)) not in wanted:
                found.append(f"placeholders differ: {ids[0]!r} -> {string!r}")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "compile":
        for path in compile_catalogs():
            print(path.relative_to(PACKAGE.parent))
    elif command == "check":
        found = [f"{locale}: {problem}" for locale in locales() for problem in problems(locale)]
        print("\n".join(found) or "every catalog speaks every message")
        return 1 if found else 0
    else:
        print("usage: python -m scorepad.words.catalog update|compile|check", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
