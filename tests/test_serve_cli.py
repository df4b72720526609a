"""`scorepad serve` as a user runs it: the links it prints, a port in use, Ctrl-C, tokens
on --lan, and a server killed with -9 in the middle of saves (the game file stays whole).

Each test starts a real server on a free port of 127.0.0.1 and stops it (loopback only).
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import pytest
from conftest import LAST_LINES, announcement, scorepad_process
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine.game import new_game
from scorepad.files.presets import resolve_rules
from scorepad.files.store import load_game_file, save_game
from scorepad.pages.view import entry_count


@pytest.fixture
def game(home: Path) -> Path:
    name, rules = resolve_rules("standard", ["target=10000"])
    path = home / "games" / "tue.toml"
    save_game(path, new_game("tue", ("Ann", "Bob", "Cat", "Dan"), rules, preset=name))
    (home / "current").write_text("tue\n")
    return path


class Server:
    def __init__(self, process: subprocess.Popen[str], lines: list[str]) -> None:
        self.process = process
        self.lines = lines
        # The links, whatever language the lines around them are in (a club night's
        # server has others).
        printed = "\n".join(lines)
        self.watch = next(iter(re.findall(r"(http://\S+/watch/\S*)", printed)), "")
        self.keep = next(iter(re.findall(r"(http://\S+/keep/\S*)", printed)), "")


@contextmanager
def serving(
    *args: str, language: str = "en", env: dict[str, str] | None = None,
    stderr: int | IO[str] = subprocess.PIPE,
) -> Iterator[Server]:  # fmt: skip
    """`scorepad serve ARGS` (on any free port unless ARGS give one) until the block ends;
    its printed lines and links. `language` is the server's (SCOREPAD_LANG); `env` adds
    to the environment; `stderr` may be a file, for a server that logs much."""
    process = scorepad_process(
        "serve",
        *args,
        *(() if "--port" in args else ("--port", "0")),
        env={**os.environ, "PYTHONUNBUFFERED": "0", "SCOREPAD_LANG": language, **(env or {})},
        stderr=stderr,
    )
    try:
        lines = announcement(process)
        if not lines or not lines[-1].startswith(LAST_LINES):
            said = process.stderr.read() if process.stderr else ""
            pytest.fail(f"serve printed no links: {lines} {said}")
        yield Server(process, lines)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


# What a browser says of a form posted from one of the server's own pages.
OWN_PAGE = {"Sec-Fetch-Site": "same-origin"}


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_serve_prints_both_links_no_qr_code_here_and_ctrl_c_exits_0(game: Path) -> None:
    with serving() as server:
        assert server.lines[0].startswith("Serving tue at http://127.0.0.1:")
        assert server.watch.endswith("/watch/") and server.keep.endswith("/keep/")
        # No QR code of a link no phone can open: how to open it to them instead.
        assert not any("█" in line for line in server.lines)
        assert server.lines[-1] == (
            "Only this machine can open these links, so there is no QR code: to open them to"
            " the phones at the table, serve with --lan."
        )
        status, page = get(server.watch)
        assert status == 200 and "Round 1: Ann deals, Bob bids first." in page
        # An open event stream must not keep the server from stopping.
        events = urllib.request.urlopen(server.watch + "g/tue/events", timeout=5)
        assert events.readline() == b"retry: 1000\n"
        server.process.send_signal(signal.SIGINT)
        assert server.process.wait(10) == 0
        events.close()


def test_a_port_in_use_is_a_one_line_refusal(game: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"scorepad: port {port} is in use on 127.0.0.1; pick another with --port N\n"
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["tue", "--all"], "scorepad: give a game's NAME or --all, not both (NAME was 'tue')\n"),
        (["nope"], "scorepad: no game named 'nope'; saved games: tue\n"),
        (
            ["--port", "70000"],
            "scorepad: --port 70000 is not a port; give 1 to 65535 (or 0 for any)\n",
        ),
    ],
    ids=["name-and-all", "unknown-game", "port"],
)
def test_bad_serve_arguments_are_refused(game: Path, args: list[str], said: str) -> None:
    result = CliRunner().invoke(app, ["serve", *args])
    assert (result.exit_code, result.stderr) == (2, said)


def test_lan_links_carry_tokens_and_a_request_without_one_is_403(game: Path) -> None:
    # --host keeps the test on loopback: the tokens come with --lan whatever the address.
    with serving("--lan", "--host", "127.0.0.1", "--qr", "keep") as server:
        watch = re.fullmatch(r"http://127\.0\.0\.1:\d+/watch/([\w-]{22})/", server.watch)
        keep = re.fullmatch(r"http://127\.0\.0\.1:\d+/keep/([\w-]{22})/", server.keep)
        assert watch and keep and watch.group(1) != keep.group(1)
        root = server.watch.split("/watch/")[0]
        assert get(server.watch)[0] == 200
        assert get(root + "/watch/")[0] == 403
        assert get(f"{root}/keep/{watch.group(1)}/")[0] == 403
        request = urllib.request.Request(
            f"{root}/keep/{watch.group(1)}/g/tue/bids", data=b"round=1&bid-0=4", method="POST"
        )
        try:
            urllib.request.urlopen(request, timeout=5)
        except urllib.error.HTTPError as error:
            assert error.code == 403
        else:
            pytest.fail("a keep request with the watch token was taken")
    assert entry_count(load_game_file(game)) == 0


def test_a_server_killed_mid_save_leaves_the_game_whole(game: Path) -> None:
    """Writers enter rounds as fast as they can; kill -9 lands during saves. Every entry
    the server answered is in the file, and the file loads."""
    with serving() as server:
        base = server.keep + "g/tue/"
        answered = []
        stop = threading.Event()

        def write() -> None:
            while not stop.is_set():
                try:
                    status, page = get(base)
                except (OSError, http.client.HTTPException):  # the server is gone, or going
                    return
                if status != 200:
                    return
                version = re.search(r'name="version" value="(\w+)"', page)
                number = re.search(r'name="round" value="(\d+)"', page)
                if not (version and number):
                    return
                if "Enter the bids" in page:
                    fields = {"bid-0": "4", "bid-1": "3", "bid-2": "2", "bid-3": "5"}
                    action = "bids"
                else:
                    fields = {"team-0": "6", "team-1": "7"}
                    action = "tricks"
                data = urllib.parse.urlencode(
                    {"version": version.group(1), "round": number.group(1), **fields}
                ).encode()
                request = urllib.request.Request(
                    base + action, data=data, method="POST", headers=OWN_PAGE
                )
                opener = urllib.request.build_opener(NoRedirect)
                try:
                    opener.open(request, timeout=5)
                except urllib.error.HTTPError as error:
                    if error.code == 303:
                        answered.append((int(number.group(1)), action))
                except (OSError, http.client.HTTPException):
                    return

        writers = [threading.Thread(target=write) for _ in range(2)]
        for writer in writers:
            writer.start()
        waited = time.monotonic() + 20
        while len(answered) < 4 and time.monotonic() < waited:
            time.sleep(0.05)
        time.sleep(0.1)  # writers are mid-entry: some of them mid-save
        server.process.kill()
        stop.set()
        for writer in writers:
            writer.join(10)
    kept = load_game_file(game)  # whole: it loads, or this raises
    assert answered, "no entry was made before the kill"
    # Two writers sending the same entry are both answered: one entered it, the other
    # found it in already.
    assert entry_count(kept) >= len(set(answered))
    for number, action in answered:
        assert len(kept.rounds) >= number
        assert action == "bids" or kept.rounds[number - 1].played


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def shape(lines: list[str]) -> list[str]:
    """What serve prints, with what changes from run to run (address, tokens, the code's
    modules) folded: a QR code is one line `QR`."""
    out: list[str] = []
    for line in lines:
        if set(line) <= set("█▀▄ ") or line.startswith("…"):
            if out[-1:] != ["QR"]:
                out.append("QR")
            continue
        line = re.sub(r"http://[\d.]+:\d+", "http://HOST", line)
        line = re.sub(r"/(watch|keep)/[\w-]{22}/", r"/\1/TOKEN/", line)
        out.append(re.sub(r"^Serving \w+ at", "Serving GAME at", line))
    return out


class _Listening:
    """A listening socket's stand-in: serve asks it only for its port."""

    def getsockname(self) -> tuple[str, int]:
        return ("192.0.2.7", 8000)


@pytest.fixture
def on_a_lan(monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve --lan` as on a machine at 192.0.2.7, up to where it would start serving."""
    import scorepad.cli.serve as serve

    monkeypatch.setattr(serve, "lan_address", lambda: "192.0.2.7")
    monkeypatch.setattr(serve, "bind", lambda address, port: _Listening())
    monkeypatch.setattr(serve, "run", lambda app, listener, limits: None)


def test_the_readme_shows_what_serve_lan_prints(game: Path, on_a_lan: None) -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    found = re.search(r"```text\n\$ scorepad serve --lan\n(.*?)```", readme, re.S)
    assert found, "the README shows no `scorepad serve --lan` session"
    result = CliRunner().invoke(app, ["serve", "--lan"])
    assert result.exit_code == 0, result.stderr
    assert shape(found.group(1).splitlines()) == shape(result.stdout.splitlines())


@pytest.mark.parametrize(
    ("args", "caption"),
    [([], "Scan the code above to watch."),
     (["--qr", "keep"], "Scan the code above to keep score.")],
    ids=["watch", "keep"],
)  # fmt: skip
def test_on_the_lan_the_qr_code_carries_the_link_it_names(
    game: Path, on_a_lan: None, monkeypatch: pytest.MonkeyPatch, args: list[str], caption: str
) -> None:
    import scorepad.cli.serve as serve

    printed: list[str] = []
    monkeypatch.setattr(serve, "qr_text", lambda link: printed.append(link) or "█▀█\n")
    result = CliRunner().invoke(app, ["serve", "--lan", *args])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-2:] == ["█▀█", caption]
    role = "keep" if args else "watch"
    assert printed == [next(line.split()[-1] for line in lines if f"/{role}/" in line)]
    assert printed[0].startswith("http://192.0.2.7:8000/")
