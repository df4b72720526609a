"""The page templates, shipped in the package, and a page drawn from one."""

from __future__ import annotations

from typing import Any

import jinja2
from starlette.responses import HTMLResponse

from scorepad import i18n
from scorepad.serve.language import switch_links
from scorepad.words.gametext import format_words


def templates() -> jinja2.Environment:
    """The page templates, shipped in the package; every value is escaped as it is drawn.

    Their words are the catalog's (Jinja2's i18n extension, with scorepad's own `_` and
    `ngettext`), said in the language of the request being drawn; a message's values are
    put in with `.format`, as in the code, so its placeholders are checked the same way.
    """
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("scorepad.serve", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]  # added by the extension
        gettext=i18n._, ngettext=i18n.ngettext, pgettext=i18n.pgettext
    )
    env.globals.update(
        language=i18n.language, switch_links=switch_links, format_words=format_words
    )
    env.filters["number"] = i18n.format_number
    return env


def drawn_page(
    env: jinja2.Environment, template: str, status: int = 200, **values: Any
) -> HTMLResponse:
    """The page `template` draws from `values`, answered with `status`."""
    html = env.get_template(template).render(**values)
    return HTMLResponse(html, status_code=status)
