"""The page templates, shipped in the package, and a page drawn from one."""

from __future__ import annotations

from typing import Any

import jinja2
from starlette.responses import HTMLResponse

from scorepad.pages.drawing import environment
from scorepad.serve.language import switch_links
from scorepad.words.gametext import format_words


def templates() -> jinja2.Environment:
    """The page templates, shipped in the package (`pages.drawing.environment`), with the
    language switch's links and the words of a game's format."""
    env = environment(jinja2.PackageLoader("scorepad.serve", "templates"))
    env.globals.update(switch_links=switch_links, format_words=format_words)
    return env


def drawn_page(
    env: jinja2.Environment, template: str, status: int = 200, **values: Any
) -> HTMLResponse:
    """The page `template` draws from `values`, answered with `status`."""
    html = env.get_template(template).render(**values)
    return HTMLResponse(html, status_code=status)
