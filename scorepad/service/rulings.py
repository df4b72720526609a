"""The director's calls on a game: a ruling against a side, the other side's OK of a
round's tricks, and a misdeal; each made through the same guard as every other change
(`tables.update_table_game`) and refused as stale as an entry is (`games`).
"""

from __future__ import annotations

from pathlib import Path

from scorepad.engine.game import Game, Standings, standings
from scorepad.engine.rules import MisdealRedeal
from scorepad.engine.rulings import RulingKind
from scorepad.service.games import Entered, StaleGameError, checked_version
from scorepad.service.tables import update_table_game


def ruled(
    game: Game,
    side: int | str,
    kind: RulingKind,
    reason: str,
    *,
    amount: int = 0,
    number: int | None = None,
) -> Game:
    """`game` with a ruling made against `side`, nothing saved: a side's index (as a
    page's form names it), or a team's or a player's name or seat (as typed)."""
    from scorepad.engine.entry import rule_on
    from scorepad.engine.lookup import find_bidder
    from scorepad.engine.rulings import Ruling

    found = side if isinstance(side, int) else find_bidder(game, side)[0]
    return rule_on(game, Ruling(found, kind, amount, reason), number=number)


def rule(
    path: Path,
    side: int | str,
    kind: RulingKind,
    reason: str,
    *,
    amount: int = 0,
    number: int | None = None,
    version: str | None = None,
    force: bool = False,
) -> Entered:
    """Make a ruling against `side` (`ruled`) on round `number` (by default the last
    round): books or points `amount`, set, or forfeit (docs/rules.md, Rulings). Later
    rounds are rescored, as after a correction."""

    def change(game: Game) -> tuple[Game, tuple[int, Standings]]:
        checked_version(game, version)
        before = standings(game)
        changed = ruled(game, side, kind, reason, amount=amount, number=number)
        return changed, (number or len(game.rounds), before)

    game, (done, before) = update_table_game(path, change, force)
    return Entered(game, done, before, ())


def preview(
    game: Game,
    side: int | str,
    kind: RulingKind,
    reason: str,
    *,
    amount: int = 0,
    number: int | None = None,
) -> Entered:
    """The ruling as `rule` would make it on `game` (as loaded), refused as it would be,
    and nothing saved: what a page shows before it asks to record it."""
    from scorepad.engine.game import call_time
    from scorepad.service import clock as service_clock

    game = call_time(game, service_clock.now())
    changed = ruled(game, side, kind, reason, amount=amount, number=number)
    return Entered(changed, number or len(game.rounds), standings(game), ())


def confirm(
    path: Path, *, version: str | None = None, shown: int | None = None, force: bool = False
) -> Entered:
    """The other side agrees the tricks of the round that waits for its OK (docs/rules.md,
    The other side's OK): the round is scored. `shown`, when given, is the round the OK
    was given for, as the game was shown: a game where another round waits (or none) is
    refused as stale."""
    from scorepad.engine.entry import agree_round
    from scorepad.engine.game import awaiting_ok

    def change(game: Game) -> tuple[Game, int]:
        checked_version(game, version)
        if shown is not None and awaiting_ok(game) != shown:
            raise StaleGameError(game, ())
        return agree_round(game), len(game.rounds)

    game, done = update_table_game(path, change, force)
    return Entered(game, done, None, ())


def misdeal(
    path: Path,
    redeal: MisdealRedeal | None = None,
    *,
    version: str | None = None,
    force: bool = False,
) -> Game:
    """Call the deal about to be bid void (docs/rules.md, Misdeals): the game as saved,
    its last misdeal the one called. `redeal` "same" or "next" (default: the rules'
    `misdeal_redeal`)."""
    from scorepad.engine.entry import call_misdeal

    def change(game: Game) -> tuple[Game, None]:
        checked_version(game, version)
        return call_misdeal(game, redeal), None

    return update_table_game(path, change, force)[0]
