"""Each request in its own language: the page's switch, else the browser's Accept-Language.

A person's pick on the page (a link, `?lang=de`) is kept in a cookie for that browser and
wins; without one the browser's Accept-Language is negotiated among the languages there
are, English where it names none of them; a request that says nothing at all (a script)
gets the server's own language. The language is set for the request alone (a context
variable), so two phones in two languages are answered at the same time, each in its own.
"""

from __future__ import annotations

from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qsl, quote, urlencode

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, RedirectResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scorepad.errors import ScorepadError
from scorepad.i18n import LANGUAGES, check_language, language, negotiate, speaking
from scorepad.serve.guard import refused_line

COOKIE = "scorepad_lang"
SWITCH = "lang"  # the query parameter of the page's switch: `?lang=de`
KEPT_FOR = 365 * 24 * 3600  # seconds: a browser keeps its pick for a year
# Each language's name in its own words, as the switch offers it.
NAMES = {"en": "English", "de": "Deutsch"}


def request_language(headers: Headers, default: str) -> str:
    """The language a request is answered in: the cookie's, the browser's, or `default`."""
    picked = _cookie(headers.get("cookie", ""))
    if picked in LANGUAGES:
        return picked
    accepted = headers.get("accept-language")
    if accepted is None or not accepted.strip():
        return default
    return negotiate(accepted) or "en"


def _cookie(header: str) -> str:
    cookies: SimpleCookie = SimpleCookie()
    try:
        cookies.load(header)
    except CookieError:
        return ""  # a cookie header we cannot read is as good as none
    morsel = cookies.get(COOKIE)
    return morsel.value if morsel is not None else ""


class Language:
    """Speak each request's language; `?lang=xx` keeps a pick and shows the page again."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        code = request_language(Headers(scope=scope), language())
        with speaking(code):
            query = parse_qsl(scope.get("query_string", b"").decode("latin-1"))
            picked = [value for key, value in query if key == SWITCH]
            if picked:
                await self.switch(scope, query, picked[-1])(scope, receive, send)
                return

            async def told(message: Message) -> None:
                if message["type"] == "http.response.start":
                    headers = [
                        (key, value)
                        for key, value in message.get("headers", [])
                        if key.lower() not in (b"vary", b"content-language")
                    ]
                    headers += [
                        (b"vary", b"Accept-Language, Cookie"),
                        (b"content-language", code.encode()),
                    ]
                    message = {**message, "headers": headers}
                await send(message)

            await self.app(scope, receive, told)

    def switch(
        self, scope: Scope, query: list[tuple[str, str]], picked: str
    ) -> PlainTextResponse | RedirectResponse:
        """The page again, without `?lang=`, in the picked language from now on."""
        try:
            code = check_language(picked[:20])
        except ScorepadError as error:
            return refused_line(str(error), 400)
        rest = urlencode([(key, value) for key, value in query if key != SWITCH])
        target = quote(scope.get("root_path", "") + scope["path"]) + (f"?{rest}" if rest else "")
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(
            COOKIE, code, max_age=KEPT_FOR, path="/", samesite="lax", httponly=True
        )  # the script never reads it: the server draws every word
        return response


def switch_links(page: str) -> list[dict[str, str]]:
    """The switch on `page` (its path): every other language, named in its own words.

    It links to the page itself, never to the address a form was posted to, so a page
    drawn again after a refusal switches to the page and not to the form's action.
    """
    spoken = language()
    joint = "&" if "?" in page else "?"  # a page asked with a query (undo, a ruling) keeps it
    return [
        {"code": code, "name": NAMES[code], "href": f"{page}{joint}{SWITCH}={code}"}
        for code in LANGUAGES
        if code != spoken
    ]
