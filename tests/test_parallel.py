"""`parallel.play_ranges` on its own: ranges played by a pool of processes, sums merged."""

from __future__ import annotations

import os

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


@pytest.mark.skipif(not parallel.can_fork(), reason="the workers are forked")
@pytest.mark.parametrize("jobs", [2, 3])
def test_every_game_is_played_once_and_told_once(jobs: int) -> None:
    told: list[int] = []
    sums = parallel.play_ranges(Played(), 600, _play, jobs=jobs, progress=told.append)
    assert sorted(sums.games) == list(range(600))
    assert all(sums.payload[game] == bytes([game % 251]) * 2_000 for game in range(600))
    assert sum(told) == 600  # the progress bar reaches the end, worker games included


@pytest.mark.skipif(not parallel.can_fork(), reason="the workers are forked")
def test_no_pipe_is_left_open_after_a_run() -> None:
    before = set(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    if before is None:
        pytest.skip("no /proc to count open files")
    parallel.play_ranges(Played(), 200, _play, jobs=2)
    assert set(os.listdir("/proc/self/fd")) == before
