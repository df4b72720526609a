"""`parallel.play_ranges` on its own: ranges shared out among processes, sums merged."""

from __future__ import annotations

import os
import time

import pytest

from scorepad.sim import parallel


class Played:
    """Sums that remember which games each process played, with a payload per game big
    enough that a worker's sums overflow a pipe's buffer many times over."""

    def __init__(self) -> None:
        self.games: dict[int, int] = {}  # game -> the process that played it
        self.payload: dict[int, bytes] = {}

    def merge(self, other: Played) -> None:
        assert not self.games.keys() & other.games.keys(), "a game played twice"
        self.games |= other.games
        self.payload |= other.payload


def _play(sums: Played, start: int, stop: int) -> None:
    for game in range(start, stop):
        sums.games[game] = os.getpid()
        sums.payload[game] = bytes([game % 251]) * 2_000


@pytest.mark.skipif(not parallel._can_fork(), reason="the workers are forked")
@pytest.mark.parametrize("jobs", [2, 3])
def test_every_game_is_played_once_and_told_once(jobs: int) -> None:
    told: list[int] = []
    sums = parallel.play_ranges(Played(), 600, _play, jobs=jobs, progress=told.append)
    assert sorted(sums.games) == list(range(600))
    assert all(sums.payload[game] == bytes([game % 251]) * 2_000 for game in range(600))
    assert sum(told) == 600  # the progress bar reaches the end, worker games included


@pytest.mark.skipif(not parallel._can_fork(), reason="the workers are forked")
def test_no_pipe_is_left_open_after_a_run() -> None:
    before = set(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    if before is None:
        pytest.skip("no /proc to count open files")
    parallel.play_ranges(Played(), 200, _play, jobs=2)
    assert set(os.listdir("/proc/self/fd")) == before


@pytest.mark.parametrize("jobs", [1, 2])
def test_this_process_is_told_once_it_has_played_its_part(jobs: int) -> None:
    """`played` comes once, after this process's last game and before the workers' sums
    are merged in (a run lets its memos go then, while the workers finish)."""
    if jobs > 1 and not parallel._can_fork():
        pytest.skip("the workers are forked")
    sums = Played()
    seen: list[tuple[int, int]] = []  # (games played here, games merged) when told
    mine = os.getpid()

    def played() -> None:
        here = sum(1 for pid in sums.games.values() if pid == mine)
        seen.append((here, len(sums.games) - here))

    def play(sums: Played, start: int, stop: int) -> None:
        time.sleep(0.001)  # long enough for a worker to take ranges too
        _play(sums, start, stop)

    parallel.play_ranges(sums, 300, play, jobs=jobs, played=played)
    assert len(sums.games) == 300
    played_here = sum(1 for pid in sums.games.values() if pid == mine)
    assert seen == [(played_here, 0)]
    assert played_here < 300 if jobs > 1 else played_here == 300
