"""The first thing every request meets: the names it may use, other sites' forms, the
headers every answer carries, and redirects that stay on the server.

It stands outside every route and every other middleware, so a route added later is
guarded the same way:

- **Host.** A request is answered only under a name or address this server serves
  (`ServeConfig.hosts`); any other `Host` gets a 421 before anything else runs. A page of
  another site that makes its own name point at this machine (DNS rebinding) sends its
  own name, and is refused.
- **Other sites.** A request that may change something (anything but GET and HEAD) must
  come from one of the server's own pages: the browser's `Sec-Fetch-Site` must say
  `same-origin`, or, where a browser sends no such header, its `Origin` must be this
  server's own. A request with neither is refused too: every browser sends one of them.
- **Headers.** Every answer says: no other page may frame it, run or load anything but
  the server's own files, sniff a type, or be told the address (tokens are in paths);
  pages are never stored (the static files are, revalidated).
- **Redirects** go to a path of this server, never to another host: a `Location` is cut
  to its path and query, with a single leading slash.
- A client gone in the middle of its request is one quiet line in the log.
"""

from __future__ import annotations

import ipaddress
import logging
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scorepad.i18n import _, language, speaking
from scorepad.numbers import cut_text
from scorepad.serve.guard import refused_line
from scorepad.serve.language import request_language

log = logging.getLogger("uvicorn.error")

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]"})
SAFE_METHODS = frozenset({"GET", "HEAD"})

POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
    )
)
EVERY_ANSWER = [
    (b"content-security-policy", POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
PAGES_KEPT = b"no-store"  # a page carries its tokens and the game: no cache keeps it
ASSETS_KEPT = b"no-cache"  # the stylesheet and script: kept, asked again each time


def host_name(header: str) -> str | None:
    """The name in a `Host` header, lower case, its port left off; None if it is no name."""
    text = header.strip().lower()
    if text.startswith("["):
        name, bracket, rest = text.partition("]")
        port = rest[1:]
        if not bracket or (rest and not (rest[:1] == ":" and port.isdigit() and len(port) <= 5)):
            return None
        return name + "]"
    name, colon, port = text.partition(":")
    if colon and not (port.isdigit() and len(port) <= 5):
        return None
    return name.removesuffix(".") or None


def is_address(name: str) -> bool:
    """Whether a Host's name is an IP address (`192.168.1.20`, `[::1]`), not a DNS name."""
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


class Shield:
    """The guards of the module's docstring, around the whole app."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str], any_address: bool = False) -> None:
        self.app = app
        self.hosts = frozenset(name.lower() for name in hosts)
        self.any_address = any_address  # listening on every address: any IP literal is ours

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        guarded = self.guarded_send(scope, send)
        with speaking(request_language(headers, language())):
            refusal = self.refusal(scope, headers)
        if refusal is not None:
            await refusal(scope, receive, guarded)
            return
        try:
            await self.app(scope, receive, guarded)
        except ClientDisconnect:
            log.warning(
                "The client went away in the middle of its request: %s %s",
                scope["method"],
                scope["path"][:80],
            )

    def serves(self, host: str) -> bool:
        name = host_name(host)
        return name is not None and (
            name in self.hosts or (self.any_address and is_address(name))
        )

    def refusal(self, scope: Scope, headers: Headers) -> PlainTextResponse | None:
        """The one-line 4xx for a request this server does not take, or None."""
        hosts = headers.getlist("host")
        if len(hosts) != 1 or not self.serves(hosts[0]):
            shown = hosts[0] if len(hosts) == 1 else ", ".join(hosts)
            reason = _(
                "this server does not answer to the name {host}; open the link its terminal"
                " printed"
            ).format(host=repr(cut_text(shown)))
            return refused_line(reason, 421)
        if scope["method"] in SAFE_METHODS:
            return None
        site = headers.get("sec-fetch-site")
        origin = headers.get("origin")
        if site is not None:
            if site == "same-origin":
                return None
            reason = _("a form from another site ({origin}) is not taken").format(
                origin=cut_text(origin) if origin else f"Sec-Fetch-Site: {cut_text(site)}"
            )
        elif origin is None:
            reason = _(
                "a form that does not say which page it comes from is not taken (it has no"
                " Origin or Sec-Fetch-Site header)"
            )
        elif not self.own_origin(origin, hosts[0]):
            reason = _("a form from another site ({origin}) is not taken").format(
                origin=cut_text(origin)
            )
        else:
            return None
        return refused_line(reason, 403)

    @staticmethod
    def own_origin(origin: str, host: str) -> bool:
        """Whether `Origin` names this server as the request reached it (`null` does not)."""
        try:
            parts = urlsplit(origin)
            port = parts.port  # reading it checks it
        except ValueError:  # `http://[::1`, a port that is no number
            return False
        del port
        return parts.scheme == "http" and parts.netloc.lower() == host.strip().lower()

    def guarded_send(self, scope: Scope, send: Send) -> Send:
        """`send`, with the headers every answer carries, and a redirect kept on the server."""
        asset = scope["path"].startswith("/static/")

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (key, value)
                    for key, value in message.get("headers", [])
                    if key.lower() not in {name for name, _value in EVERY_ANSWER}
                ]
                headers += EVERY_ANSWER
                if not any(key.lower() == b"cache-control" for key, _value in headers):
                    headers.append((b"cache-control", ASSETS_KEPT if asset else PAGES_KEPT))
                if 300 <= message["status"] < 400:
                    headers = [
                        (key, on_the_server(value) if key.lower() == b"location" else value)
                        for key, value in headers
                    ]
                message = {**message, "headers": headers}
            await send(message)

        return guarded


def on_the_server(location: bytes) -> bytes:
    """A redirect's target as a path of this server: its scheme and host dropped, and no
    `//` (nor `/\\`, which browsers read alike) left to start another host's address."""
    try:
        parts = urlsplit(location.decode("latin-1"))
    except ValueError:
        return b"/"
    path = "/" + parts.path.lstrip("/\\")
    return (path + (f"?{parts.query}" if parts.query else "")).encode("latin-1")
