"""The templates' environment both page faces draw with (the served pages and the phone
app): every value escaped as it is drawn, an unknown name an error, and the words the
catalog's (Jinja2's i18n extension, with scorepad's own `_`, `ngettext` and `pgettext`),
said in the language being drawn; a message's values are put in with `.format`, as in the
code, so its placeholders are checked the same way. Numbers through `number`."""

from __future__ import annotations

import jinja2

from scorepad import i18n


def environment(loader: jinja2.BaseLoader, *, auto_reload: bool = True) -> jinja2.Environment:
    """The environment of the templates `loader` finds; each face adds its own globals."""
    env = jinja2.Environment(
        loader=loader,
        autoescape=True,
        auto_reload=auto_reload,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]  # added by the extension
        gettext=i18n._, ngettext=i18n.ngettext, pgettext=i18n.pgettext
    )
    env.globals.update(language=i18n.language)
    env.filters["number"] = i18n.format_number
    return env
