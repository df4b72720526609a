"""The clock of a game or an event: when time is called, the deal in play is the last.

docs/rules.md, the clock: a game (or every table of a club night) may play for so many
minutes from a moment. When the time has run out, the deal in play is finished, then the
side ahead wins; a tie plays one more deal (as the deal limit does).

The engine reads no clock: the moment the clock started, its length and the moment it is
read (`now`) come in as values. "Time called" is a fact of the game, kept in its file:
the first change made to the game after the time ran out notes the deal in play then
(`game.call_time`): the deal whose tricks are awaited, or else the next deal, since its cards
are out by the time anyone writes on the pad again. The game's fold ends the game after
that deal like a deal limit (`judge_round`'s `called`). Until then a reading at a time
(`clock_reading`) says what the call will be.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, NamedTuple

from scorepad.errors import GameError
from scorepad.i18n import _

if TYPE_CHECKING:
    from scorepad.engine.game import Game

# The longest clock: a long day's play (24 hours).
MOST_MINUTES = 24 * 60


@dataclasses.dataclass(frozen=True, slots=True)
class Clock:
    """A clock: the moment it started (in seconds since the epoch: the engine reads no
    calendar), its length in minutes, and the deal in play when time was called (None
    until a change to the game after it ran out)."""

    start: int
    minutes: int
    called: int | None = None

    @property
    def end(self) -> int:
        """The moment time runs out, in seconds since the epoch."""
        return self.start + 60 * self.minutes


def check_minutes(minutes: int) -> int:
    """Refuse a clock's length outside 1 to `MOST_MINUTES`."""
    if isinstance(minutes, bool) or not 1 <= minutes <= MOST_MINUTES:
        raise GameError(
            _("must be 1 to {most}, not {minutes}").format(
                most=MOST_MINUTES, minutes=minutes
            ),
            option="minutes",
        )
    return minutes


class ClockReading(NamedTuple):
    """A clock read at a moment: the seconds left (0 once time is up), whether time is
    up, and the last deal (the deal in play at the call; None before time is up or in a
    game that is over)."""

    seconds_left: int
    up: bool
    last_deal: int | None


def deal_in_play(game: Game) -> int:
    """The deal in play: the one whose tricks are awaited, or else the next one."""
    if game.rounds and not game.rounds[-1].played:
        return len(game.rounds)
    return len(game.rounds) + 1


def clock_reading(game: Game, now: float, *, finished: bool = False) -> ClockReading | None:
    """The game's clock read at `now` (seconds since the epoch; None: no clock).
    `finished`: the game is over."""
    clock = game.clock
    if clock is None:
        return None
    left = max(0, int(clock.end - now))
    up = clock.called is not None or now >= clock.end
    last = None
    if up and not finished:
        # Past the call on a tie, the deal in play is the last again.
        last = max(clock.called or 0, deal_in_play(game))
    return ClockReading(left if not up else 0, up, last)
