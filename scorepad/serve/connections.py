"""Each connection to the table's server: deadlines, a cap, no Nagle delay, quiet refusals.

uvicorn's HTTP/1.1 protocol (h11, pure Python), with what a server on a shared network
needs and it lacks:

- a deadline for a request's head (counted from the connection's opening, or on a
  kept-alive connection from the head's first byte) and another for its body (from the
  end of the head): a client that never finishes sending either is dropped (an idle
  kept-alive connection is uvicorn's own `timeout_keep_alive`);
- a cap on open connections, under the process's file limit, and a smaller one per client
  address (event streams included), so that one client cannot keep the others out: a
  connection beyond either is answered at once with a one-line 429, its side closed, and
  closed once the client has read it (not reset), and nothing is logged;
- the file limit reached (accept fails: EMFILE) is one line a minute at most, never a
  traceback (`quiet_loop_errors`);
- TCP_NODELAY on every accepted connection, so a response's second write is not held
  back waiting for the client's delayed acknowledgement (40 ms on Linux);
- a request h11 cannot read, or a client gone mid-request, is one quiet line at most,
  never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import resource
import socket
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.serve.shield import EVERY_ANSWER, PAGES_KEPT

log = logging.getLogger("uvicorn.error")


@dataclass(frozen=True)
class Limits:
    """How long a request may take to arrive, and how many connections may be open."""

    head: float = 10.0  # seconds from a request's first byte to the end of its headers
    body: float = 10.0  # seconds from the end of its headers to the end of its body
    connections: int = 200
    per_client: int = 40  # open connections from one address: well under `connections`

    @classmethod
    def from_environment(cls) -> Limits:
        """The defaults, or SCOREPAD_SERVE_DEADLINE (seconds, for both) and
        SCOREPAD_SERVE_CONNECTIONS, which the tests set to see a slow client dropped soon;
        the cap never above the file limit allows (each connection is a file)."""
        deadline = _setting("SCOREPAD_SERVE_DEADLINE", cls.head)
        wanted = int(_setting("SCOREPAD_SERVE_CONNECTIONS", cls.connections))
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        # Room for the server's own files: the interpreter's, the game files and locks.
        room = soft - 40 if soft != resource.RLIM_INFINITY else wanted
        cap = max(4, min(wanted, room))
        return cls(deadline, deadline, cap, max(2, min(cls.per_client, cap // 4)))


def _setting(name: str, default: float) -> float:
    """A positive number from the environment, or `default` where it is not set."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text) if len(text) <= 20 else 0.0
    except ValueError:
        value = 0.0
    if not 0 < value < 1e6:
        raise ScorepadError(
            _("{name}={value} is not allowed; give a positive number").format(
                name=name, value=repr(text[:20])
            )
        )
    return value


_BUSY = b"Too many open connections; try again soon.\n"
REFUSED_LINGER = 2.0  # seconds a refused connection waits for its client to read the 429
FILE_LIMIT_SAID_EVERY = 60.0  # seconds between two lines on the file limit reached
TOO_MANY = (
    b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(_BUSY), _BUSY)
)


def protocol_class(limits: Limits) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol under `limits`, as uvicorn.Config(http=...) takes it."""

    class Guarded(GuardedH11):
        pass

    Guarded.limits = limits
    Guarded.clients = {}
    return Guarded


def quiet_loop_errors(loop: asyncio.AbstractEventLoop) -> None:
    """The loop's errors as they were, but the file limit reached (a connection could not
    be accepted: asyncio retries a second later by itself) is one line a minute at most,
    never a traceback."""
    said = [-FILE_LIMIT_SAID_EVERY]

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE):
            now = loop.time()
            if now - said[0] >= FILE_LIMIT_SAID_EVERY:
                said[0] = now
                log.warning(
                    "The open file limit is reached; new connections wait until some close."
                )
            return
        if isinstance(error, ValueError) and "_start_serving" in repr(context.get("handle")):
            # That retry, come after the server closed its socket at shutdown (its file
            # number is -1 then): nothing is left to accept, and nothing is lost.
            return
        loop.default_exception_handler(context)

    loop.set_exception_handler(handler)


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with deadlines, a cap and TCP_NODELAY (see the module)."""

    limits = Limits()
    clients: dict[str, int] = {}  # open connections by client address (per server)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.refused = False
        self.client_address = ""
        self.linger: asyncio.TimerHandle | None = None
        self.phase: str | None = None  # "head" or "body" while one is awaited
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            with contextlib.suppress(OSError):  # the connection is already gone
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        mine = self.clients.get(address, 0)
        if len(self.connections) >= self.limits.connections or mine >= self.limits.per_client:
            self.refused = True
            assert isinstance(transport, asyncio.Transport)
            self.refused_transport = transport
            transport.write(TOO_MANY)
            # Our side closed, theirs read until the client closes (or a moment passes):
            # closed at once with its request unread, the 429 would be a reset.
            if transport.can_write_eof():
                transport.write_eof()
                self.linger = self.loop.call_later(REFUSED_LINGER, transport.close)
            else:
                transport.close()
            return
        self.client_address = address
        self.clients[address] = mine + 1
        assert isinstance(transport, asyncio.Transport)
        super().connection_made(transport)
        self._watch(starting=True)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused:
            if self.linger is not None:
                self.linger.cancel()
            return
        left = self.clients.get(self.client_address, 1) - 1
        if left > 0:
            self.clients[self.client_address] = left
        else:
            self.clients.pop(self.client_address, None)
        self._disarm()
        super().connection_lost(exc)

    def eof_received(self) -> None:
        if self.refused:
            self.refused_transport.close()  # the client has read the 429 and closed
            return
        super().eof_received()

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return  # a refused request is read and dropped
        super().data_received(data)
        if not self.transport.is_closing():
            self._watch()

    def handle_events(self) -> None:
        try:
            super().handle_events()
        except (h11.ProtocolError, UnicodeError) as error:
            # uvicorn refuses what h11 cannot read with a 400 itself; this is a request it
            # could not refuse so (a head not in ASCII, a body broken after the answer began).
            log.warning("Invalid HTTP request received (%s); the connection is closed.", error)
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """uvicorn's 400 for a request h11 cannot read, with the headers of every answer;
        also where that request's handler is already running (its body broke off): the
        handler then hears of a disconnect, and its answer goes nowhere, instead of
        clashing with the 400."""
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            cycle.disconnected = True
            cycle.message_event.set()
            if cycle.response_started:
                self.transport.close()
                return
        body = msg.encode("ascii") + b"\n"
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *EVERY_ANSWER,
            (b"cache-control", PAGES_KEPT),
        ]
        for event in (
            h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
            h11.Data(data=body),
            h11.EndOfMessage(),
        ):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()

    # -- deadlines --------------------------------------------------------------

    def _watch(self, *, starting: bool = False) -> None:
        """Arm the deadline of what the client is sending now, or none once it has sent."""
        state = self.conn.their_state
        if state is h11.SEND_BODY:
            phase: str | None = "body"
        elif state is h11.IDLE and (starting or self.conn.trailing_data[0]):
            phase = "head"  # a new connection, or part of the next request's head
        else:
            phase = None
        if phase == self.phase:
            return
        self._disarm()
        self.phase = phase
        if phase is not None:
            seconds = self.limits.head if phase == "head" else self.limits.body
            self.deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        self.phase = None

    def _too_slow(self) -> None:
        """The deadline passed: the client is dropped, without a word (it sends, not reads)."""
        self.deadline = None
        self.transport.close()  # the request's handler, if any, hears of it as a disconnect
