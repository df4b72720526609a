"""Live pages: every open page learns of each change to its game file within a moment.

The file is the only truth. A feed looks at the file's stamp (inode, size, time: a save
is a rename, so every save changes it) every `INTERVAL` seconds while any page listens,
whoever saved it: a phone, `scorepad bid` in a terminal, or table mode. When the stamp
changes, the page's part is drawn once from the file as it now is, for each role and
language some page listens in, and sent to those listeners as a server-sent event. The
drawing is kept only until the next change: it is never consulted to decide anything, and
every form is checked against the file itself.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from scorepad.service.reads import file_stamp

INTERVAL = 0.05  # seconds between looks at a watched file: a stat each, cheap
HEARTBEAT = 15.0  # seconds of quiet before a comment line keeps the connection alive

Draw = Callable[[Path, str, str], dict[str, object]]  # path, role, language
Stamp = Callable[[Path], object]  # what changes when what a page of the path shows changes


class Feed:
    """One game file's changes, for the pages that listen to it."""

    def __init__(self, path: Path, draw: Draw, hub: Hub) -> None:
        self.path = path
        self.draw = draw
        self.hub = hub
        self.stamp = hub.stamp(path)
        self.seq = 0
        self.changed = asyncio.Event()
        self.listeners = 0
        self.task: asyncio.Task[None] | None = None
        # The drawing for the current `seq`, by role and language, or the task drawing it.
        self.drawn: dict[tuple[str, str], asyncio.Task[str]] = {}

    def start(self) -> None:
        """Look at the file now (nobody may have looked while no page listened), then on."""
        stamp = self.hub.stamp(self.path)
        if stamp != self.stamp:
            self.stamp = stamp
            self.notify()
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._look())

    async def _look(self) -> None:
        while self.listeners > 0 and not self.hub.closing:
            await asyncio.sleep(INTERVAL)
            stamp = self.hub.stamp(self.path)
            if stamp != self.stamp:
                self.stamp = stamp
                self.notify()

    def notify(self) -> None:
        self.seq += 1
        self.drawn = {}
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()

    def payload(self, role: str, language: str) -> asyncio.Task[str]:
        """The event for `role`'s pages in `language` at the current state, drawn once for
        all of them."""
        task = self.drawn.get((role, language))
        if task is None:
            task = asyncio.get_running_loop().create_task(self._draw(role, language))
            self.drawn[role, language] = task
        return task

    async def _draw(self, role: str, language: str) -> str:
        data = await asyncio.to_thread(self.draw, self.path, role, language)
        return f"event: state\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


class Hub:
    """The feeds of the games pages listen to, one per file."""

    def __init__(self, draw: Draw, stamp: Stamp = file_stamp) -> None:
        self.draw = draw
        self.stamp = stamp
        self.feeds: dict[Path, Feed] = {}
        self.closing = False

    def close(self) -> None:
        """End every event stream (the server is stopping): waiting pages are woken."""
        self.closing = True
        for feed in self.feeds.values():
            feed.notify()

    async def events(self, path: Path, role: str, language: str) -> AsyncIterator[str]:
        """The event stream of one page in `language`: the state now, then each new one,
        until closed."""
        feed = self.feeds.get(path)
        if feed is None:
            feed = self.feeds[path] = Feed(path, self.draw, self)
        feed.listeners += 1
        feed.start()
        try:
            yield "retry: 1000\n\n"
            seen = -1
            while not self.closing:
                if feed.seq != seen:
                    seen = feed.seq
                    changed = feed.changed
                    yield await asyncio.shield(feed.payload(role, language))
                    if feed.seq != seen:
                        continue
                else:
                    changed = feed.changed
                try:
                    await asyncio.wait_for(changed.wait(), HEARTBEAT)
                except TimeoutError:
                    yield ": still here\n\n"
        finally:
            feed.listeners -= 1
