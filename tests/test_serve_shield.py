"""`scorepad serve` as an attacker meets it: real HTTP against running servers.

A foreign Host on every route and in every mode, the headers on every answer, forms of
other sites however the browser words them, redirects that stay on the server, the inputs
that once made 500s, slow clients and too many of them, keep-alive without delay, and a
fuzz of junk requests. Servers listen on 127.0.0.1 only; their deadlines are cut to half
a second (SCOREPAD_SERVE_DEADLINE) so that a slow client is seen dropped soon.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import socket
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, wait
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_serve_cli import serving

from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import new_game
from scorepad.files.presets import resolve_rules
from scorepad.files.store import save_game

DEADLINE = 0.5  # seconds: the servers' head and body deadlines here
CONNECTIONS = 64  # the servers' cap on open connections here
HEADERS = (
    "content-security-policy",
    "x-frame-options",
    "x-content-type-options",
    "referrer-policy",
    "cache-control",
)


@dataclass
class Served:
    process: subprocess.Popen[str]
    port: int
    links: dict[str, str]  # role -> its link's path: `/watch/`, `/keep/TOKEN/`, `/room/`
    errors: Path  # the server's stderr

    @property
    def watch(self) -> str:
        return self.links.get("watch", "")

    @property
    def keep(self) -> str:
        return self.links.get("keep", "")

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"


@contextmanager
def server(home: Path, *args: str) -> Iterator[Served]:
    """`scorepad serve ARGS` on a free port of 127.0.0.1, until the block ends; what it
    logs goes to a file (`Served.errors`)."""
    errors = home / f"serve-{os.getpid()}-{len(list(home.glob('serve-*')))}.err"
    env = {
        "SCOREPAD_HOME": str(home),
        "SCOREPAD_SERVE_DEADLINE": str(DEADLINE),
        "SCOREPAD_SERVE_CONNECTIONS": str(CONNECTIONS),
    }
    with errors.open("w") as stderr, serving(*args, env=env, stderr=stderr) as running:
        printed = re.findall(r"http://127\.0\.0\.1:(\d+)(/(\w+)/\S*)", "\n".join(running.lines))
        links = {role: path for _port, path, role in printed}
        yield Served(running.process, int(printed[0][0]), links, errors)


def game_home(home: Path) -> Path:
    """A home with one game of two rounds, `tue`, the current one."""
    name, rules = resolve_rules("standard", ["target=10000"])
    game = new_game("tue", ("Ann", "Bob", "Cat", "Dan"), rules, preset=name, sides=("Us", "Them"))
    for _ in range(2):
        game = record_bids(game, ["Ann=4", "Bob=3", "Cat=2", "Dan=4"])
        game = record_tricks(game, ["Ann=4", "Bob=3", "Cat=2", "Dan=4"])
    save_game(home / "games" / "tue.toml", game)
    (home / "current").write_text("tue\n")
    return home


def exchange(port: int, raw: bytes, timeout: float = 5.0, *, stream: bool = False) -> bytes:
    """Send raw bytes on a new connection; everything answered until the server closes
    (of an event stream, which goes on, its head and first event)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(raw)
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
            if stream and b"\r\n\r\n" in out:
                break
    return out


def ask(
    served: Served, method: str, path: str, headers: dict[str, str] | None = None,
    body: bytes = b"",
) -> tuple[int, dict[str, str], bytes]:  # fmt: skip
    """One request (Host: the server's own unless given); its status, headers and body."""
    given = {"Host": served.host, **(headers or {})}
    head = f"{method} {path} HTTP/1.1\r\n" + "".join(
        f"{key}: {value}\r\n" for key, value in given.items()
    )
    if body:
        head += "Content-Type: application/x-www-form-urlencoded\r\n"
        head += f"Content-Length: {len(body)}\r\n"
    raw = (head + "Connection: close\r\n\r\n").encode("latin-1") + body
    answer = exchange(served.port, raw, stream=path.endswith("/events"))
    top, _, rest = answer.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    fields = {}
    for line in lines[1:]:
        key, _, value = line.partition(":")
        fields[key.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), fields, rest


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Served]]:
    """One server in each mode: one game, every game (--all), and on the network (--lan,
    kept on loopback by --host, with its tokens); started at the same time (each takes a
    second to start, most of it importing)."""
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    home = game_home(tmp_path_factory.mktemp("home"))
    night = ["event", "new", "club", "--players", "Ann,Bob,Cid,Dee,Eve,Fay,Gus,Hal,Ivy",
             "--rounds", "3", "--deals", "1", "--seed", "4"]  # fmt: skip
    assert CliRunner().invoke(app, night, env={"SCOREPAD_HOME": str(home)}).exit_code == 0
    (home / "current").write_text("tue\n")
    modes = {
        "one": (),
        "all": ("--all",),
        "lan": ("--lan", "--host", "127.0.0.1"),
        "event": ("--event", "club"),
    }
    managers = {mode: server(home, *args) for mode, args in modes.items()}
    with ThreadPoolExecutor(len(managers)) as pool, ExitStack() as stack:
        started = {mode: pool.submit(manager.__enter__) for mode, manager in managers.items()}
        wait(started.values())
        for mode, future in started.items():
            if future.exception() is None:
                stack.push(managers[mode].__exit__)
        yield {mode: future.result() for mode, future in started.items()}


def routes(served: Served) -> list[tuple[str, str]]:
    """Every route of the app, as (method, path) under the server's links."""
    if "room" in served.links:  # a club night's
        organizer = served.links["organizer"]
        return [
            ("GET", "/"),
            ("GET", "/static/event.css"),
            ("GET", served.links["room"]),
            ("GET", served.links["table"]),
            ("GET", organizer),
            ("GET", organizer + "cards"),
            ("POST", organizer + "seat"),
            ("POST", organizer + "add"),
            ("POST", organizer + "drop"),
            ("GET", "/nowhere"),
        ]
    watch, keep = served.watch, served.keep
    return [
        ("GET", "/"),
        ("GET", "/static/style.css"),
        ("GET", watch),
        ("GET", keep),
        ("GET", watch + "g/tue/"),
        ("GET", keep + "g/tue/"),
        ("GET", watch + "g/tue/events"),
        ("GET", watch + "g/tue/round/1"),
        ("GET", keep + "g/tue/round/2"),
        ("POST", keep + "new"),
        ("POST", keep + "g/tue/bids"),
        ("POST", keep + "g/tue/tricks"),
        ("POST", keep + "g/tue/undo"),
        ("POST", keep + "g/tue/round/1/bids"),
        ("POST", keep + "g/tue/round/1/tricks"),
        ("GET", "/nowhere"),
    ]


@pytest.mark.parametrize("mode", ["one", "all", "lan", "event"])
def test_a_foreign_host_gets_a_4xx_on_every_route(servers: dict[str, Served], mode: str) -> None:
    served = servers[mode]
    before = (served.errors.parent / "games" / "tue.toml").read_bytes()
    for host in ("evil.example", f"evil.example:{served.port}", "127.0.0.1.evil.example", ""):
        for method, path in routes(served):
            headers = {"Host": host, "Origin": f"http://{host}", "Sec-Fetch-Site": "same-origin"}
            status, fields, body = ask(served, method, path, headers, b"round=1&version=x")
            assert status == 421, (host, method, path, status)
            assert b"does not answer to the name" in body or path.endswith("/events")
            assert "location" not in fields
    assert (served.errors.parent / "games" / "tue.toml").read_bytes() == before


@pytest.mark.parametrize("mode", ["one", "all", "lan", "event"])
def test_every_answer_carries_the_security_headers(servers: dict[str, Served], mode: str) -> None:
    served = servers[mode]
    for method, path in [*routes(served), ("GET", "/watch/nope"), ("PUT", "/")]:
        for host in (served.host, "evil.example"):
            status, fields, _body = ask(served, method, path, {"Host": host})
            for header in HEADERS:
                assert header in fields, (method, path, status, header)
            policy = fields["content-security-policy"]
            assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
            assert "unsafe-inline" not in policy
            assert fields["x-frame-options"] == "DENY"
            assert fields["x-content-type-options"] == "nosniff"
            assert fields["referrer-policy"] == "no-referrer"
            kept = fields["cache-control"]
            assert kept == ("no-cache" if path.startswith("/static/") else "no-store"), path


def test_the_machine_s_loopback_names_are_served(servers: dict[str, Served]) -> None:
    served = servers["one"]
    for host in ("localhost", f"localhost:{served.port}", "127.0.0.1", "[::1]:80", "LOCALHOST."):
        assert ask(served, "GET", served.watch + "g/tue/", {"Host": host})[0] == 200, host


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://127.0.0.1:1"},
        {"Sec-Fetch-Site": "none"},
        {},
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://[::1"},
        {"Origin": "http://127.0.0.1:notaport"},
        {"Origin": "https://{host}"},
    ],
    ids=[
        "cross-site", "same-site", "none", "neither", "other-origin", "null", "malformed",
        "bad-port", "https",
    ],
)  # fmt: skip
def test_a_form_of_another_site_is_refused(
    servers: dict[str, Served], headers: dict[str, str]
) -> None:
    served = servers["all"]
    games = served.errors.parent / "games"
    before = sorted((path.name, path.read_bytes()) for path in games.iterdir())
    given = {key: value.format(host=served.host) for key, value in headers.items()}
    new = b"name=fri&players=Ann%2CBob%2CCat%2CDan&preset=standard"
    for method, path in routes(served):
        if method != "POST":
            continue
        body = new if path.endswith("/new") else b"version=x&round=1&bid-0=4"
        status, _fields, said = ask(served, "POST", path, given, body)
        assert status == 403, (headers, path, said)
        assert said.count(b"\n") == 1 and b"is not taken" in said
    assert sorted((path.name, path.read_bytes()) for path in games.iterdir()) == before


def test_a_form_of_the_server_s_own_page_is_taken(servers: dict[str, Served]) -> None:
    """Same-origin by either header, as browsers word it (a `null` Origin beside it too)."""
    served = servers["one"]
    for headers in (
        {"Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "same-origin", "Origin": "null"},
        {"Origin": f"http://{served.host}"},
    ):
        status, _fields, said = ask(served, "POST", served.keep + "g/tue/undo", headers, b"v=1")
        assert status == 400 and b"carries no version" in said, (headers, said)


@pytest.mark.parametrize("mode", ["one", "all"])
def test_no_redirect_leaves_the_server(servers: dict[str, Served], mode: str) -> None:
    served = servers[mode]
    for path in (
        "//evil.example/x?lang=de",
        "/\\evil.example/x?lang=de",
        "///evil.example/?lang=en",
        "/keep",
        "/watch",
        "/keep/?lang=de",
        "/",
    ):
        status, fields, _body = ask(served, "GET", path)
        if 300 <= status < 400:
            location = fields["location"]
            assert location.startswith("/") and not location.startswith(("//", "/\\")), (
                path,
                location,
            )


LONG = "9" * 5000


@pytest.mark.parametrize(
    ("path", "fields"),
    [
        ("bids", {"bid-0": LONG, "bid-1": "3", "bid-2": "2", "bid-3": "4"}),
        ("bids", {"bid-0": "b" + LONG, "bid-1": "3", "bid-2": "2", "bid-3": "4"}),
        ("bids", {f"bid-{LONG}": "3"}),
        ("bids", {"team-0": "x", f"team-{LONG}": "3"}),
        ("tricks", {"team-0": LONG, "team-1": ""}),
        ("tricks", {f"took-{LONG}": "3"}),
        ("round/1/tricks", {"team-0": LONG, "team-1": "3"}),
        ("round/1/bids", {"round": LONG}),
        (f"round/{LONG}/bids", {}),
    ],
    ids=[
        "bid", "blind-bid", "bid-field", "team-field", "tricks", "tricks-field", "correction",
        "round-field", "round-path",
    ],
)  # fmt: skip
def test_a_number_of_5000_digits_is_a_4xx(
    servers: dict[str, Served], path: str, fields: dict[str, str]
) -> None:
    served = servers["one"]
    game = served.errors.parent / "games" / "tue.toml"
    before = game.read_bytes()
    page = ask(served, "GET", served.keep + "g/tue/")[2].decode()
    version = re.search(r'name="version" value="(\w+)"', page)
    assert version
    form = {"version": version.group(1), "round": "3", **fields}
    body = "&".join(f"{key}={value}" for key, value in form.items()).encode()
    status, _fields, said = ask(
        served, "POST", served.keep + f"g/tue/{path}", {"Sec-Fetch-Site": "same-origin"}, body
    )
    assert 400 <= status < 500, (status, said[:300])
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"dealer": LONG}, b"There is no seat 99999"),
        ({"overrides": "target=" + "[" * 3000}, b"nest more than 16 deep"),
        ({"overrides": "target=" + "{a=" * 1000}, b"nest more than 16 deep"),
        ({"name": "\u6f22" * 100}, b"takes 300 bytes as a file name; 200 at most"),
    ],
    ids=["dealer", "nested-arrays", "nested-tables", "name-bytes"],
)
def test_a_new_game_s_bad_numbers_nesting_and_names_are_4xx(
    servers: dict[str, Served], fields: dict[str, str], said: bytes
) -> None:
    from urllib.parse import urlencode

    served = servers["all"]
    form = {"name": "fri", "players": "Ann,Bob,Cat,Dan", "preset": "standard", **fields}
    status, _fields, page = ask(
        served, "POST", served.keep + "new", {"Sec-Fetch-Site": "same-origin"},
        urlencode(form).encode(),
    )  # fmt: skip
    assert status == 400 and said in page, page[-500:]
    assert not (served.errors.parent / "games" / "fri.toml").exists()


def test_65_fields_are_too_many(servers: dict[str, Served]) -> None:
    served = servers["one"]
    body = "&".join(f"f{index}=1" for index in range(65)).encode()
    status, _fields, said = ask(
        served, "POST", served.keep + "g/tue/bids", {"Sec-Fetch-Site": "same-origin"}, body
    )
    assert (status, said) == (
        400,
        b"The form has too many fields (65); ours have 64 at most. Nothing was changed.\n",
    )


def test_a_damaged_game_names_no_folder_of_the_server(servers: dict[str, Served]) -> None:
    served = servers["all"]
    home = served.errors.parent
    (home / "games" / "bad.toml").write_text("format = 2\nname = ", encoding="utf-8")
    for path in ("g/bad/", "g/bad/round/1", ""):
        status, _fields, said = ask(served, "GET", served.watch + path)
        if path:
            assert status == 409 and b"damaged or cut short" in said
        assert str(home).encode() not in said
        assert b"bad.toml" in said.lower() or b"<html" in said


def test_a_client_gone_mid_body_is_one_quiet_line(servers: dict[str, Served]) -> None:
    served = servers["one"]
    logged = served.errors.stat().st_size
    head = (
        f"POST {served.keep}g/tue/bids HTTP/1.1\r\nHost: {served.host}\r\n"
        "Sec-Fetch-Site: same-origin\r\nContent-Length: 100\r\n\r\nround=1"
    ).encode()
    with socket.create_connection(("127.0.0.1", served.port)) as sock:
        sock.sendall(head)
    broken = (
        f"POST {served.keep}g/tue/bids HTTP/1.1\r\nHost: {served.host}\r\n"
        "Sec-Fetch-Site: same-origin\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n"
    ).encode()
    answer = exchange(served.port, broken)
    assert answer.startswith(b"HTTP/1.1 400") and b"x-frame-options: DENY" in answer
    assert ask(served, "GET", served.watch + "g/tue/")[0] == 200
    time.sleep(0.1)  # the server has logged what it will of these
    said = served.errors.read_bytes()[logged:].decode()
    assert "Traceback" not in said
    assert "went away in the middle of its request" in said
    assert len(said.splitlines()) <= 3, said


# ---------------------------------------------------------------------------
# Slow clients, too many clients, keep-alive


def test_a_slow_client_is_dropped_within_the_deadline_while_others_are_served(
    servers: dict[str, Served],
) -> None:
    served = servers["one"]
    head = f"GET {served.watch}g/tue/ HTTP/1.1\r\nHost: {served.host}\r\n".encode()
    post = (
        f"POST {served.keep}g/tue/undo HTTP/1.1\r\nHost: {served.host}\r\n"
        "Sec-Fetch-Site: same-origin\r\nContent-Length: 50\r\n\r\nversion="
    ).encode()
    slow = []
    for sent in (b"", head, post):  # nothing at all, half a head, half a body
        sock = socket.create_connection(("127.0.0.1", served.port), timeout=5 * DEADLINE)
        sock.sendall(sent)
        slow.append(sock)
    started = time.monotonic()
    assert ask(served, "GET", served.watch + "g/tue/")[0] == 200  # served meanwhile
    for sock in slow:
        try:
            assert sock.recv(100) == b""  # closed by the server, not by the timeout
        finally:
            sock.close()
    assert time.monotonic() - started < 3 * DEADLINE


def test_too_many_connections_are_refused_at_once_and_quietly(
    servers: dict[str, Served],
) -> None:
    """The cap (64 here) filled by live pages' event streams, which no deadline ends."""
    served = servers["lan"]
    logged = served.errors.stat().st_size
    stream = f"GET {served.watch}g/tue/events HTTP/1.1\r\nHost: {served.host}\r\n\r\n"
    held = []
    for number in range(CONNECTIONS):  # from four addresses: one may hold a quarter
        address = (f"127.0.0.{2 + number % 4}", 0)
        sock = socket.create_connection(("127.0.0.1", served.port), 5, source_address=address)
        sock.sendall(stream.encode())
        held.append(sock)
    for sock in held:
        assert sock.recv(15) == b"HTTP/1.1 200 OK"  # every one of them is open
    started = time.monotonic()
    for _ in range(20):
        try:
            answer = exchange(served.port, b"")
        except ConnectionResetError:  # closed so soon that the answer was cut: as good
            continue
        assert answer.startswith(b"HTTP/1.1 429 Too Many Requests"), answer
    assert time.monotonic() - started < 2.0
    for sock in held:
        sock.close()
    time.sleep(0.2)  # the server has seen them go
    assert ask(served, "GET", served.watch + "g/tue/")[0] == 200
    assert served.errors.read_bytes()[logged:] == b""


def test_keep_alive_requests_are_not_held_back(servers: dict[str, Served]) -> None:
    """Twenty requests of the watch page on one kept-alive connection, as a browser
    makes them: none waits for the client's delayed acknowledgement (40 ms a request
    when the server's socket lacks TCP_NODELAY)."""
    served = servers["one"]
    request = f"GET {served.watch}g/tue/ HTTP/1.1\r\nHost: {served.host}\r\n\r\n".encode()
    times = []
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as sock:
        for _ in range(21):
            started = time.perf_counter()
            sock.sendall(request)
            answer = b""
            while b"</html>" not in answer:
                answer += sock.recv(65536)
            times.append(time.perf_counter() - started)
    times = sorted(times[1:])  # the first draws the page
    # Held back, every one would take 40 ms or more; a busy machine may delay a few.
    assert sum(taken < 0.010 for taken in times) >= 15, times


# ---------------------------------------------------------------------------
# Junk


def junk_request(rng: random.Random, served: Served) -> bytes:
    """One request a fuzzer would send: random methods, paths, headers, bodies."""
    method = rng.choice(["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "get",
                         "BREW", "POST"])  # fmt: skip
    paths = [path for _method, path in routes(served)]
    path = rng.choice(
        paths
        + [
            "//evil.example/x?lang=de", "/keep/g/tue/round/" + "9" * rng.choice([7, 5000]),
            "/keep/g/%2e%2e/", "/watch/g/" + "\u6f22" * 100 + "/", "/static/../../etc/passwd",
            "/keep/g/tue/?lang=xx", "/?lang=" + "d" * 300, "/keep/g/tue/round/0", "*",
            "/" + "a/" * 2000, "/keep/g/tue/round/1/nope", "/keep/g/%00/",
        ]
    )  # fmt: skip
    if rng.random() < 0.2:
        path += "?" + "&".join(f"{rng.choice(['lang', 'x', ''])}={rng.randrange(99)}"
                               for _ in range(rng.randrange(1, 4)))  # fmt: skip
    host = rng.choice([served.host] * 6 + ["evil.example", "[::1", "", "a:b:c", "127.0.0.1:x",
                                           "localhost", "\u00ff", "[::1]:99999999"])  # fmt: skip
    headers = [f"Host: {host}"] if rng.random() < 0.95 else []
    if rng.random() < 0.05:
        headers.append("Host: evil.example")
    origin = rng.choice([None, None, f"http://{served.host}", "http://[::1", "null",
                         "http://evil.example", "https://" + served.host, "http://:::",
                         "\u00ff\u00fe", "http://127.0.0.1:" + "9" * 5000])  # fmt: skip
    if origin is not None:
        headers.append(f"Origin: {origin}")
    if rng.random() < 0.6:
        headers.append("Sec-Fetch-Site: " + rng.choice(["same-origin", "cross-site", "none", "x"]))
    for name, values in (
        ("Accept-Language", ["de", "de-DE,de;q=0.9", "*;q=x", "x" * 500, ";;;", "en;q=0"]),
        ("Cookie", ["scorepad_lang=de", "scorepad_lang=xx", '"\\', "a" * 3000, "=;="]),
        ("Content-Type", ["application/x-www-form-urlencoded", "multipart/form-data", "x"]),
        ("X-Junk", ["\u00e9\u00e8", "a" * 100, ""]),
    ):
        if rng.random() < 0.4:
            headers.append(f"{name}: {rng.choice(values)}")
    fields = [
        ("version", rng.choice(["0" * 16, "x", ""])), ("round", rng.choice(["1", "3", LONG])),
        (rng.choice(["bid-0", "took-1", "team-0", f"bid-{LONG}", "team-9", "name", "players",
                     "dealer", "overrides", "preset"]),
         rng.choice(["4", "nil", LONG, "b" + LONG, "[" * 2000, "Ann", "-1", "\u6f22" * 100])),
    ]  # fmt: skip
    body = "&".join(f"{key}={value}" for key, value in fields).encode()
    body = rng.choice([b"", body, body, b"\xff\xfe=1", "&".join(["a=1"] * 70).encode(),
                       b"x" * 20_000])  # fmt: skip
    framing = rng.random()
    raw = f"{method} {path} HTTP/1.1\r\n" + "".join(line + "\r\n" for line in headers)
    if framing < 0.55:
        raw += f"Content-Length: {len(body)}\r\n"
        data = body
    elif framing < 0.75:
        raw += "Transfer-Encoding: chunked\r\n"
        parts = [part for part in (body[:7], body[7:]) if part]
        data = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in parts)
        data += rng.choice([b"0\r\n\r\n"] * 6 + [b"zz\r\n", b"-1\r\n"])
        if rng.random() < 0.03:  # a chunk cut short: the body's deadline ends it
            data += b"5\r\nab\r\n"
    elif framing < 0.85:
        raw += rng.choice(["Content-Length: x\r\n", "Content-Length: -1\r\n",
                           f"Content-Length: {'9' * 5000}\r\n",
                           "Content-Length: 3\r\nContent-Length: 4\r\n"])  # fmt: skip
        data = body
    else:
        data = b""
    raw += "Connection: close\r\n\r\n"
    return raw.encode("utf-8") + data


async def fuzz(served: Served, count: int, seed: int, seconds: float) -> tuple[int, list[bytes]]:
    """`count` junk requests, 16 at a time, each on its own connection; how many were
    answered (or closed) and the status lines of every 5xx."""
    rng = random.Random(seed)
    requests = [junk_request(rng, served) for _ in range(count)]
    queue = iter(requests)
    failures: list[bytes] = []
    done = 0

    async def client() -> None:
        nonlocal done
        for raw in queue:
            reader, writer = await asyncio.open_connection("127.0.0.1", served.port)
            answer = b""
            try:
                writer.write(raw)
                async with asyncio.timeout(4 * DEADLINE + 2):
                    while chunk := await reader.read(65536):
                        answer += chunk
                        if b"text/event-stream" in answer:  # a live page's stream goes on
                            break
            except (ConnectionError, TimeoutError):
                pass
            finally:
                writer.close()
            failures.extend(re.findall(rb"HTTP/1\.[01] 5\d\d[^\r\n]*", answer))
            done += 1

    await asyncio.wait_for(asyncio.gather(*(client() for _ in range(16))), seconds)
    return done, failures


def test_3000_junk_requests_get_no_5xx_no_traceback_and_change_nothing(
    servers: dict[str, Served],
) -> None:
    served = servers["all"]
    games = served.errors.parent / "games"
    before = sorted((path.name, path.read_bytes()) for path in games.glob("*.toml"))
    done, failures = asyncio.run(fuzz(served, 3000, seed=27, seconds=40))
    assert ask(served, "GET", served.watch + "g/tue/")[0] == 200  # still serving
    assert done == 3000
    assert failures == []
    said = served.errors.read_text()
    assert "Traceback" not in said and "Exception" not in said, said[:3000]
    assert sorted((path.name, path.read_bytes()) for path in games.glob("*.toml")) == before


def test_the_names_served_in_each_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    """What each way of starting the server answers to (`--host 0.0.0.0` is not tried on a
    real socket here: the tests listen on 127.0.0.1 only)."""
    import socket as sockets

    from scorepad.cli.serve import served_names
    from scorepad.serve.shield import LOOPBACK_NAMES, Shield

    monkeypatch.setattr(sockets, "gethostname", lambda: "Laptop.fritz.box")
    machine = {"laptop.fritz.box", "laptop", "laptop.local"}
    assert served_names("127.0.0.1", lan=False) == LOOPBACK_NAMES
    assert served_names("::1", lan=False) == LOOPBACK_NAMES | {"[::1]"}
    assert served_names("192.168.1.20", lan=True) == {"192.168.1.20"} | machine
    assert served_names("192.168.1.20", lan=False) == {"192.168.1.20"}
    assert served_names("0.0.0.0", lan=False) == {"0.0.0.0"} | LOOPBACK_NAMES | machine
    every = Shield(lambda *args: None, served_names("0.0.0.0", lan=False), any_address=True)
    assert every.serves("10.0.0.5:8000") and every.serves("[fe80::1]") and every.serves("laptop")
    assert not every.serves("evil.example") and not every.serves("10.0.0.5:x")
    lan = Shield(lambda *args: None, served_names("192.168.1.20", lan=True))
    assert lan.serves("192.168.1.20:8000") and lan.serves("LAPTOP.local")
    assert not lan.serves("10.0.0.5") and not lan.serves("localhost")


@pytest.mark.parametrize(
    ("name", "value"),
    [("SCOREPAD_SERVE_DEADLINE", "abc"), ("SCOREPAD_SERVE_DEADLINE", "-1"),
     ("SCOREPAD_SERVE_CONNECTIONS", "9" * 5000)],
    ids=["not-a-number", "negative", "5000-digits"],
)  # fmt: skip
def test_a_bad_limit_setting_is_one_line_before_anything_listens(
    home: Path, name: str, value: str
) -> None:
    from typer.testing import CliRunner

    from scorepad.cli.main import app

    result = CliRunner().invoke(app, ["serve", "--all", "--port", "0"], env={name: value})
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"scorepad: {name}=") and result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "kind", ["application/json", "multipart/form-data; boundary=x", "text/plain"]
)
def test_a_form_in_another_content_type_is_refused(
    servers: dict[str, Served], kind: str
) -> None:
    served = servers["one"]
    head = f"POST {served.keep}g/tue/undo HTTP/1.1\r\nHost: {served.host}\r\n"
    head += f"Sec-Fetch-Site: same-origin\r\nContent-Type: {kind}\r\nContent-Length: 9\r\n"
    answer = exchange(served.port, (head + "Connection: close\r\n\r\n").encode() + b"version=x")
    assert answer.startswith(b"HTTP/1.1 400")
    assert b"our pages send application/x-www-form-urlencoded" in answer


def test_a_club_night_s_routes_are_guarded_the_same(servers: dict[str, Served]) -> None:
    """Routes added after the guards (serve --event's) are under them without a line of
    their own: a table number of 5000 digits, another site's form to the organizer."""
    served = servers["event"]
    games = served.errors.parent / "games"
    before = sorted((path.name, path.read_bytes()) for path in games.iterdir())
    assert ask(served, "GET", f"/table/{LONG}/")[0] == 404
    for path in ("seat", "add", "drop"):
        status, _fields, said = ask(
            served, "POST", served.links["organizer"] + path,
            {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, b"player=Zed",
        )  # fmt: skip
        assert status == 403 and b"is not taken" in said
    assert sorted((path.name, path.read_bytes()) for path in games.iterdir()) == before
