"""The director's calls on a game: a ruling against a side, the other side's OK of a
round's tricks, and a misdeal; each made through the same guard as every other change
(`tables.update_table_game`) and refused as stale as an entry is (`games`).
"""

from __future__ import annotations

from pathlib import Path

from scorepad.engine.game import Game, Standings, standings
from scorepad.engine.rules import MisdealRedeal
from scorepad.engine.rulings import RulingKind
from scorepad.service.games import Entered, checked_version
from scorepad.service.tables import update_table_game


def rule(
    path: Path,
    side: str,
    kind: RulingKind,
    reason: str,
    *,
    amount: int = 0,
    number: int | None = None,
    version: str | None = None,
    force: bool = False,
) -> Entered:
    """Make a ruling against `side` (a team's or a player's name, or a seat) on round
    `number` (by default the last round): books or points `amount`, set, or forfeit
    (docs/rules.md, Rulings). Later rounds are rescored, as after a correction."""
    from scorepad.engine.entry import rule_on
    from scorepad.engine.lookup import find_bidder
    from scorepad.engine.rulings import Ruling

    def change(game: Game) -> tuple[Game, tuple[int, Standings]]:
        checked_version(game, version)
        found = find_bidder(game, side)[0]
        before = standings(game)
        ruled = rule_on(game, Ruling(found, kind, amount, reason), number=number)
        return ruled, (number or len(game.rounds), before)

    game, (done, before) = update_table_game(path, change, force)
    return Entered(game, done, before, ())


def confirm(path: Path, *, version: str | None = None, force: bool = False) -> Entered:
    """The other side agrees the tricks of the round that waits for its OK (docs/rules.md,
    The other side's OK): the round is scored."""
    from scorepad.engine.entry import agree_round

    def change(game: Game) -> tuple[Game, int]:
        checked_version(game, version)
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
