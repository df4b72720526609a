"""The one way in: start a game, enter or correct its rounds, undo, rename and list games.

Every face (the CLI, table mode, the web page) parses its own input into plain values
(player names, `Bid`s, tricks) and calls these functions; each returns what changed as
facts (the game, its new standings, what a correction moved, the sides that bid more than
a deal has, the game's new version), which the face puts into its own words. Every change
is made under the game's lock through the store; a refusal is a `ScorepadError`, and a
refused change saves nothing.

Bids and tricks are given per side, in side order, as the engine keeps them: a side's
bids are each of its players' (in seat order) or its one joint bid; its tricks are each
player's or the side's total. A face that names players as people typed them (`Ann=4`)
or picked them in a form's boxes passes that as plain values (`picks.Typed`,
`picks.Picks`), read from the game as it is under the lock, so that the state of the
game is judged before the bids themselves; no code of a face runs under the lock.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Literal

from scorepad.engine.bids import contract_of
from scorepad.engine.checks import check_round_number
from scorepad.engine.game import (
    Correction,
    EventSeat,
    Game,
    Standings,
    awaiting_ok,
    correction_of,
    new_game,
    open_round,
    standings,
)
from scorepad.errors import GameError, ScorepadError
from scorepad.files.library import (
    GameSummary,
    check_game_name,
    game_path_for,
    game_summaries,
    saved_games,
    set_current,
)
from scorepad.files.library import rename_game as _rename_in_library
from scorepad.files.store import create_game_file
from scorepad.i18n import _
from scorepad.service import clock as service_clock
from scorepad.service.picks import Bids, Given, GivenTricks, Tricks, bids_of, tricks_of
from scorepad.service.tables import update_table_game


def game_version(game: Game) -> str:
    """A short fingerprint of everything a game holds: a face that shows a game carries
    it, and a change asked for from a game shown before another change is refused."""
    return hashlib.sha256(repr(game).encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of a game: round `number`'s bids, or its tricks, or (`ok`, under
    `confirm_entries`) the other side's OK of its tricks."""

    number: int
    kind: Literal["bids", "tricks", "ok"]


class StaleGameError(GameError):
    """The game is no longer as it was shown when the change was asked for: nothing is
    entered.

    `game` is the game as it is now, for the face to say what happened to it. `since` is
    what was entered after the version shown, where that version is one of the game's
    last few states; None where it is not (an entry was taken back or a round corrected
    since, or the version is of no state of this game). Empty where the game is still the
    version shown, but no longer waits for the round the change was for.
    """

    def __init__(self, game: Game, since: tuple[Step, ...] | None = None) -> None:
        super().__init__(_("the game was changed since it was shown; nothing was entered"))
        self.game = game
        self.since = since

    @property
    def waits_for(self) -> Step | None:
        """The entry the game takes next (None once it is over)."""
        return waits_for(self.game)


def waits_for(game: Game) -> Step | None:
    """The entry a game takes next: the open round's tricks, the other side's OK of a
    round's tricks (the engine bids no new round until then), or the next round's bids;
    None once the game is over."""
    waiting = open_round(game)
    if waiting is not None:
        return Step(waiting, "tricks")
    agreeing = awaiting_ok(game)
    if agreeing is not None:
        return Step(agreeing, "ok")
    if standings(game).finished:
        return None
    return Step(len(game.rounds) + 1, "bids")


class NameTakenError(GameError):
    """A new game (or a new name) that a saved game already has; `taken` is its name."""

    def __init__(self, taken: str) -> None:
        super().__init__(
            _("a game named {name} exists already; pick another name").format(name=repr(taken))
        )
        self.taken = taken


# ---------------------------------------------------------------------------
# What a change returns


@dataclass(frozen=True, slots=True)
class Overbid:
    """A side whose contract is more than the tricks in a deal: legal, but likely a typo."""

    side: int
    contract: int


@dataclass(frozen=True)
class Entered:
    """A round's bids or tricks entered (or corrected): the game as saved, and the facts."""

    game: Game
    number: int  # the round entered or corrected
    before: Standings | None  # for a correction, the standings before it
    overbids: tuple[Overbid, ...]  # sides bidding more than a deal has (for bids only)
    # Nothing was saved: the game already held this entry as given (a double tap, a form
    # sent again after a reconnect, a command run twice).
    already: bool = False

    @cached_property
    def standings(self) -> Standings:
        """The standings after the change (folded once, when a face asks)."""
        return standings(self.game)

    @cached_property
    def correction(self) -> Correction | None:
        """For a correction, what it moved; None for a new entry."""
        if self.before is None:
            return None
        return correction_of(self.before, self.standings, self.number)

    @cached_property
    def version(self) -> str:
        return game_version(self.game)


@dataclass(frozen=True)
class Undone:
    """The last entry taken back: round `number`'s last ruling, else its tricks, else its
    bids."""

    game: Game
    number: int
    took: Literal["tricks", "bids", "ruling", "misdeal"]  # a misdeal: the one before `number`
    bids: Bids  # the round's bids (still in the game when only its tricks were taken back)

    @cached_property
    def version(self) -> str:
        return game_version(self.game)


@dataclass(frozen=True, slots=True)
class Started:
    """A game started and made current: its file and the game."""

    path: Path
    game: Game


# ---------------------------------------------------------------------------
# Starting and listing games


def start_game(
    name: str,
    players: Sequence[str],
    preset: str = "standard",
    overrides: Sequence[str] = (),
    *,
    teams: Sequence[str] | None = None,
    dealer: str | None = None,
    make_current: bool = True,
    event: EventSeat | None = None,
    minutes: int | None = None,
    clock_start: int | None = None,
) -> Started:
    """Start a game, save it and make it the current one.

    Refused, with nothing written: a name a saved game has (in any case), rules that do
    not resolve, a count of players the preset does not take (naming the presets that do),
    a player or team named by a whole number (it would be read as a seat) or longer than
    `names.MOST_NAME`, a dealer who is
    not a player, a clock of other than 1 to 1440 minutes. `preset` is a shipped preset's
    name or a TOML file's path: a face that must not read files (the web page) checks it
    is a name first. `minutes` plays the game to a clock started now (or at `clock_start`,
    an event's, in seconds since the epoch): docs/rules.md, the clock.
    """
    from scorepad.engine.clock import Clock, check_minutes
    from scorepad.engine.lookup import find_seat
    from scorepad.engine.names import check_new_names
    from scorepad.files.presets import resolve_rules

    game_name = check_game_name(name)
    clock = None
    if minutes is not None:
        start = clock_start if clock_start is not None else int(service_clock.now())
        clock = Clock(start, check_minutes(minutes))
    for saved in saved_games():
        if saved.stem.casefold() == game_name.casefold():
            raise NameTakenError(saved.stem)
    preset_name, rules = resolve_rules(preset, overrides)
    check_player_count(len(players), preset_name, rules.players)
    check_not_numbers(players, teams or ())
    check_new_names(players, teams or ())
    game = new_game(game_name, players, rules, preset=preset_name, sides=teams)
    if dealer is not None:
        game = dataclasses.replace(game, first_dealer=find_seat(game, dealer))
    if event is not None:  # a club night's table: the game knows its event, round, table
        game = dataclasses.replace(game, event=event)
    if clock is not None:
        game = dataclasses.replace(game, clock=clock)
    path = game_path_for(game_name)
    create_game_file(path, game)
    if make_current:  # a club night's table games leave the current game as it is
        set_current(path)
    return Started(path, game)


def check_player_count(given: int, preset: str, needed: int) -> None:
    """Refuse a count of players the preset does not take, naming the presets that do."""
    from scorepad.files.presets import load_preset, preset_names

    if given == needed:
        return
    fitting = [name for name in preset_names() if load_preset(name).rules.players == given]
    others = (
        _("presets for {count} players: {presets}").format(count=given, presets=", ".join(fitting))
        if fitting
        else _("no preset takes {count} players").format(count=given)
    )
    raise GameError(
        _(
            "{count} players given; preset {preset} needs {needed} (players in seat order);"
            " {others}"
        ).format(count=given, preset=preset, needed=needed, others=others)
    )


def check_not_numbers(players: Sequence[str], teams: Sequence[str]) -> None:
    """Refuse a player or team named by a whole number: entering a round reads it as a seat."""
    for said, names in (
        (_("player name {name} is a whole number, which is read as a seat number;"
           " give a name with a letter in it"), players),
        (_("team name {name} is a whole number, which is read as a seat number;"
           " give a name with a letter in it"), teams),
    ):  # fmt: skip
        for text in names:
            if text.strip().isdigit() and text.strip().isascii():
                raise GameError(said.format(name=repr(text.strip())))


def list_games() -> list[GameSummary]:
    """Every saved game, the most recently changed first, each with its standings (or why
    its file cannot be read)."""
    return game_summaries()


def rename_game(old: str, new: str) -> tuple[Game, Path, bool]:
    """Rename a saved game (file and name); the current game follows. Returns the game,
    its file, and whether anything changed."""
    return _rename_in_library(old, new)


# ---------------------------------------------------------------------------
# Entering rounds


def checked_version(game: Game, version: str | None) -> None:
    """Refuse a change asked for from a version of the game other than `game`.

    The game shown may be `game` before this very change called time (`tables`: the
    first change after the clock ran out calls it): that is the game as shown, and the
    call is no entry anyone could have seen."""
    if version is None or version == game_version(game):
        return
    clock = game.clock
    if clock is not None and clock.called is not None:
        uncalled = dataclasses.replace(game, clock=dataclasses.replace(clock, called=None))
        if version == game_version(uncalled):
            return
    raise StaleGameError(game, _entries_since(game, version))


def _entries_since(game: Game, version: str) -> tuple[Step, ...] | None:
    """The entries made after `version`, where it is one of the game's last three states
    (each an entry fewer); None where it is not."""
    from scorepad.engine.entry import undo_last

    steps: list[Step] = []
    state = game
    while state.rounds and len(steps) < 3:
        steps.insert(0, _last_step(state))
        state = undo_last(state)
        if game_version(state) == version:
            return tuple(steps)
    return None


def _last_step(game: Game) -> Step:
    return Step(len(game.rounds), "tricks" if game.rounds[-1].played else "bids")


def _held(game: Game, number: int, kind: str) -> tuple[tuple[object, ...], ...]:
    entries = game.rounds[number - 1].sides
    return tuple((entry.bids if kind == "bids" else entry.tricks or ()) for entry in entries)


def _entered_already(
    game: Game, step: Step, read: Callable[[Game], Sequence[object]], *, corrects: bool = False
) -> bool:
    """Whether the game holds `step` as given already: as its last entry (read from the
    game as it was before that entry), or for a correction, as round `step.number` is."""
    from scorepad.engine.entry import undo_last

    if corrects:
        if not 1 <= step.number <= len(game.rounds):
            return False
        if step.kind == "tricks" and not game.rounds[step.number - 1].played:
            return False
        before = game
    elif game.rounds and _last_step(game) == step:
        before = undo_last(game)
    else:
        return False
    try:
        values = read(before)
    except ScorepadError:  # what the entry would be refused for is said by the entry itself
        return False
    return tuple(values) == _held(game, step.number, step.kind)


def _check_shown(game: Game, shown: int | None, kind: Literal["bids", "tricks"]) -> None:
    """Refuse a new entry for a round other than the one the game waits for."""
    if shown is not None and waits_for(game) != Step(shown, kind):
        raise StaleGameError(game, ())


def enter_bids(
    path: Path,
    bids: Given,
    *,
    number: int | None = None,
    version: str | None = None,
    shown: int | None = None,
    force: bool = False,
) -> Entered:
    """Enter the next round's bids, or rewrite round `number`'s (later rounds are rescored).

    `version`, when given, is the game's version the bids were given from: a game changed
    since is refused with `StaleGameError`. `shown` is the round the bids are for, as the
    game was shown: a game that waits for another entry is refused the same way. A new
    round is refused while one waits for its tricks and once the game is over. Bids the
    game holds already, as given, are not entered again (`Entered.already`): the same
    bids for the round waiting for its tricks, or for the round `number` corrects.
    """
    from scorepad.engine.entry import check_new_round, set_bids

    def read(game: Game) -> Bids:
        return bids_of(game, bids)

    def change(game: Game) -> tuple[Game, tuple[int, Standings | None, bool]]:
        if number is None:
            step = Step(shown or len(game.rounds), "bids")
            if (shown is not None or open_round(game)) and _entered_already(game, step, read):
                return game, (step.number, None, True)
            checked_version(game, version)
            _check_shown(game, shown, "bids")
            # The state of the game is named before anything wrong with the bids.
            before = check_new_round(game)
            return set_bids(game, read(game), before=before), (len(game.rounds) + 1, None, False)
        if _entered_already(game, Step(number, "bids"), read, corrects=True):
            return game, (number, standings(game), True)
        checked_version(game, version)
        check_round_number(game, number)
        return set_bids(game, read(game), number=number), (number, standings(game), False)

    game, (done, before, already) = update_table_game(path, change, force)
    return Entered(game, done, before, overbids_of(game, done), already)


def overbids_of(game: Game, number: int) -> tuple[Overbid, ...]:
    """The sides whose contract in round `number` is more than the tricks in a deal."""
    return tuple(
        Overbid(side, contract)
        for side, entry in enumerate(game.rounds[number - 1].sides)
        if (contract := contract_of(entry.bids)) > game.rules.tricks
    )


def enter_tricks(
    path: Path,
    tricks: GivenTricks,
    *,
    number: int | None = None,
    version: str | None = None,
    shown: int | None = None,
    force: bool = False,
) -> Entered:
    """Enter the tricks of the round waiting for them, or rewrite round `number`'s.

    `version` and `shown` as for `enter_bids`. Tricks the game holds already, as given,
    are not entered again (`Entered.already`): the last round's, or round `number`'s.
    """
    from scorepad.engine.entry import check_tricks_round, set_tricks

    def read(game: Game) -> Tricks:
        return tricks_of(game, tricks)

    def change(game: Game) -> tuple[Game, tuple[int, Standings | None, bool]]:
        step = Step(number or shown or len(game.rounds), "tricks")
        corrects = number is not None
        if (corrects or shown is not None or (game.rounds and open_round(game) is None)) and (
            _entered_already(game, step, read, corrects=corrects)
        ):
            return game, (step.number, standings(game) if corrects else None, True)
        checked_version(game, version)
        if not corrects:
            _check_shown(game, shown, "tricks")
        done = check_tricks_round(game, number)
        given = read(game)
        before = standings(game) if corrects else None
        return set_tricks(game, given, number=number), (done, before, False)

    game, (done, before, already) = update_table_game(path, change, force)
    return Entered(game, done, before, (), already)


def correct_round(
    path: Path, number: int, bids: Bids, tricks: Tricks, *, force: bool = False
) -> Entered:
    """Rewrite round `number`'s bids and tricks together, checked as each alone would be."""
    from scorepad.engine.entry import set_bids, set_tricks, without_tricks

    def change(game: Game) -> tuple[Game, Standings]:
        check_round_number(game, number)
        before = standings(game)
        # Its old tricks are set aside first: the new bids are checked without them.
        cleared = without_tricks(game, number)
        return set_tricks(set_bids(cleared, bids, number=number), tricks, number=number), before

    game, before = update_table_game(path, change, force)
    return Entered(game, number, before, ())


def undo(path: Path, *, version: str | None = None, force: bool = False) -> Undone:
    """Take back the last entry: the last round's tricks, or else its bids."""
    from scorepad.engine.entry import last_entry, undo_last

    def change(game: Game) -> tuple[Game, Undone]:
        checked_version(game, version)
        took = last_entry(game)
        changed = undo_last(game)
        if took == "misdeal":
            return changed, Undone(changed, game.misdeals[-1].before_round, "misdeal", ())
        assert took is not None  # undo_last refused a game with nothing entered
        last = game.rounds[-1]
        bids = tuple(entry.bids for entry in last.sides)
        return changed, Undone(changed, len(game.rounds), took, bids)

    _game, undone = update_table_game(path, change, force)
    return undone
