"""`scorepad serve`: the game on every phone at the table, live, and a keep link to score it."""

from __future__ import annotations

import contextlib
import enum
import errno
import io
import ipaddress
import secrets
import socket
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from scorepad.cli.common import complete_game_names
from scorepad.cli.core import app
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.service.reads import load_game, resolve_game

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from scorepad.serve.connections import Limits

DEFAULT_PORT = 8000


class QrLink(enum.Enum):
    """Which link the terminal's QR code carries."""

    WATCH = "watch"
    KEEP = "keep"


@app.command()
def serve(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help="A saved game's name or a game file's path (default: the current game).",
            show_default=False,
            autocompletion=complete_game_names,
        ),
    ] = None,
    all_games: Annotated[
        bool,
        typer.Option("--all", help="Serve every saved game, with a page to pick one or start one."),
    ] = False,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan",
            help="Listen on this machine's address on the local network, so phones can join; "
            "each link then carries its own random token.",
        ),
    ] = False,
    port: Annotated[
        int, typer.Option(
            "--port", metavar="PORT", help="The port to listen on (0: any free port)."
        )
    ] = DEFAULT_PORT,
    host: Annotated[
        str | None,
        typer.Option(
            "--host",
            metavar="ADDRESS",
            help="Listen on this address instead (default 127.0.0.1, or the LAN address "
            "with --lan). Any address but this machine's own loopback gets tokens.",
            show_default=False,
        ),
    ] = None,
    event: Annotated[
        str | None,
        typer.Option(
            "--event",
            metavar="EVENT",
            help="Serve a club night: the room's page, a keep link per table, the"
            " organizer's page and table cards to print.",
            show_default=False,
        ),
    ] = None,
    tokens: Annotated[
        bool,
        typer.Option(
            "--tokens",
            help="Give every link its own random token on any address, this machine's"
            " loopback too (behind a reverse proxy or a tunnel, loopback is not private).",
        ),
    ] = False,
    qr: Annotated[
        QrLink, typer.Option(
            "--qr", metavar="watch|keep", help="Which link the QR code in the terminal carries."
        )
    ] = QrLink.WATCH,
) -> None:
    """Serve the game as a web page: a watch link for every phone, a keep link to score."""
    if all_games and name is not None:
        raise ScorepadError(
            _("give a game's NAME or --all, not both (NAME was {name})").format(name=repr(name))
        )
    if not 0 <= port <= 65535:
        raise ScorepadError(
            _("--port {port} is not a port; give 1 to 65535 (or 0 for any)").format(port=port)
        )
    # The web face (Starlette, Jinja2: some 60 ms), the QR code (segno) and the server
    # (uvicorn) are imported in the functions that use them, not at the top: `scorepad
    # --help` loads this module.
    from scorepad.serve.connections import Limits

    limits = Limits.from_environment()  # a bad setting is refused before anything listens
    if event is not None:
        return serve_event(event, lan, port, host, limits, tokens)
    path = None if all_games else resolve_game(name)
    if path is not None:
        load_game(path)  # a damaged game is refused now, as `show` refuses it
    address = host or (lan_address() if lan else "127.0.0.1")
    listener = bind(address, port)
    from scorepad.serve.app import ServeConfig, create_app, new_tokens

    keys = new_tokens() if tokens or lan or not is_loopback(address) else {}
    config = ServeConfig(
        path, keys, hosts=served_names(address, lan), any_address=is_any_address(address)
    )
    bound = listener.getsockname()[1]
    shown = f"[{address}]" if ":" in address else address
    root = f"http://{shown}:{bound}"
    links = {role: root + config.urls.home(role) for role in ("watch", "keep")}
    said = (
        _("Serving every saved game at {root} (Ctrl-C stops).")
        if path is None
        else _("Serving {name} at {root} (Ctrl-C stops).")
    )
    typer.echo(said.format(name=path.stem if path else "", root=root))
    labels = {"watch": _("Watch (read only):"), "keep": _("Keep score:")}
    width = max(len(label) for label in labels.values())
    for role, label in labels.items():
        typer.echo(f"{label:<{width}} {links[role]}")
    if keys:
        typer.echo(
            _("Anyone with a link can use it: share the keep link only with the scorekeeper.")
        )
    if is_loopback(address):  # no phone can open a link to this machine's own loopback
        typer.echo(only_here_text())
    else:
        typer.echo(qr_text(links[qr.value]), nl=False)
        typer.echo(
            _("Scan the code above to watch.")
            if qr is QrLink.WATCH
            else _("Scan the code above to keep score.")
        )
    sys.stdout.flush()  # the links are read before the server's first request
    run(create_app(config), listener, limits)


def serve_event(
    name: str, lan: bool, port: int, host: str | None, limits: Limits, tokened: bool = False
) -> None:
    """`serve --event NAME`: the club night's pages beside every saved game's."""
    from scorepad.serve.app import ServeConfig, create_app, new_tokens
    from scorepad.serve.event import EVENT_ROLES
    from scorepad.service.events import find_event, show_event

    event = show_event(name).event  # a damaged event or table game is refused now
    find_event(event.name)
    address = host or (lan_address() if lan else "127.0.0.1")
    listener = bind(address, port)
    tokens: dict[str, str] = {}
    if tokened or lan or not is_loopback(address):
        tokens = new_tokens() | {role: secrets.token_urlsafe(16) for role in EVENT_ROLES}
    config = ServeConfig(
        None,
        tokens,
        hosts=served_names(address, lan),
        any_address=is_any_address(address),
        event=event.name,
    )
    shown = f"[{address}]" if ":" in address else address
    root = f"http://{shown}:{listener.getsockname()[1]}"
    typer.echo(_("Serving {event} at {root} (Ctrl-C stops).").format(event=event.name, root=root))
    labels = {
        "room": _("The room's page:"),
        "organizer": _("Organizer:"),
        "table": _("Table 1's keep link:"),
    }
    width = max(len(label) for label in labels.values())
    for role, label in labels.items():
        link = root + (config.urls.table(1) if role == "table" else config.urls.home(role))
        typer.echo(f"{label:<{width}} {link}")
    typer.echo(_("Print the table cards from the organizer's page."))
    room = root + config.urls.home("room")
    if is_loopback(address):
        typer.echo(only_here_text())
    else:
        typer.echo(qr_text(room), nl=False)
        typer.echo(_("Scan the code above to watch the standings."))
    sys.stdout.flush()
    run(create_app(config), listener, limits)


def only_here_text() -> str:
    """The last line `serve` prints on this machine's loopback, in place of a QR code."""
    return _(
        "Only this machine can open these links, so there is no QR code: to open them to"
        " the phones at the table, serve with --lan."
    )


def lan_address() -> str:
    """This machine's address on its local network: the one its default route goes out by.

    A UDP socket's connect sends nothing; it only makes the system pick the interface.
    """
    address = ""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
        except OSError:
            pass
    if not address or is_loopback(address) or address == "0.0.0.0":
        raise ScorepadError(
            _("found no address on a local network; join the table's Wi-Fi, or give --host ADDRESS")
        )
    return address


def served_names(address: str, lan: bool) -> frozenset[str]:
    """The names a request may reach the server by (its Host header, port left off): the
    address it listens on; this machine's loopback names where that is loopback or every
    address; with --lan or on every address, this machine's name too (`laptop`,
    `laptop.local`, as a phone may know it)."""
    from scorepad.serve.shield import LOOPBACK_NAMES

    names = {f"[{address}]" if ":" in address else address}
    if is_loopback(address) or is_any_address(address):
        names |= LOOPBACK_NAMES
    if lan or is_any_address(address):
        machine = socket.gethostname().lower().removesuffix(".")
        if machine:
            names |= {machine, machine.partition(".")[0], machine.partition(".")[0] + ".local"}
    return frozenset(name.lower() for name in names)


def is_any_address(address: str) -> bool:
    """Whether the address stands for every address of this machine (0.0.0.0, ::)."""
    return address in ("0.0.0.0", "::", "")


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address == "localhost"


def bind(address: str, port: int) -> socket.socket:
    """A listening socket, or a one-line refusal naming the port and --port."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    # Made as a TCP socket (not protocol 0): asyncio sets TCP_NODELAY only on connections
    # whose socket says so, and without it each response's second write waits for the
    # client's delayed acknowledgement (40 ms; `benchmarks/serve_load.py`).
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((address, port))
        listener.listen(128)
    except OSError as error:
        listener.close()
        if error.errno == errno.EADDRINUSE:
            raise ScorepadError(
                _("port {port} is in use on {address}; pick another with --port N").format(
                    port=port, address=address
                )
            ) from None
        if error.errno == errno.EACCES:
            raise ScorepadError(
                _(
                    "port {port} needs more rights than this user has; pick another with --port N"
                ).format(port=port)
            ) from None
        raise ScorepadError(
            _("cannot listen on {address} port {port}: {reason}").format(
                address=address, port=port, reason=error.strerror
            )
        ) from None
    listener.set_inheritable(True)
    return listener


def qr_text(link: str) -> str:
    """The link as a QR code drawn with block characters, for a phone to scan."""
    import segno

    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def run(web: Starlette, listener: socket.socket, limits: Limits | None = None) -> None:
    """Serve until Ctrl-C (or SIGTERM), then stop the event streams and return; each
    connection under `limits` (the environment's, where not given)."""
    import uvicorn

    from scorepad.serve.connections import Limits, protocol_class, quiet_loop_errors

    hub = web.state.hub

    class Server(uvicorn.Server):
        async def serve(self, sockets: list[socket.socket] | None = None) -> None:
            import asyncio

            quiet_loop_errors(asyncio.get_running_loop())
            await super().serve(sockets)

        def handle_exit(self, sig: int, frame: object) -> None:
            # Open event streams never end by themselves: end them, so the server can stop.
            super().handle_exit(sig, frame)  # type: ignore[arg-type]
            hub.close()

    config = uvicorn.Config(
        web,
        http=protocol_class(limits or Limits.from_environment()),
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=3,
        server_header=False,
        proxy_headers=False,  # no proxy stands in front: no X-Forwarded-* is believed
    )
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a server stops
        Server(config).run(sockets=[listener])
