"""What the keep page's forms do to a game: the same engine calls as `scorepad bid`,
`tricks` and `undo`, made under the game's lock through the store.

Every form carries the version of the game it was drawn from and the round it is for.
Under the lock the game is loaded again; if it is no longer that version, the form was
drawn before another change (another phone, a terminal, or this form sent twice), and it
is refused with one line saying what happened, so nothing is entered twice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path

from scorepad.entry import find_seat, parse_tricks, record_bids, record_tricks, undo_last
from scorepad.errors import GameError, ScorepadError, TricksError
from scorepad.game import Game, new_game
from scorepad.i18n import _
from scorepad.library import check_game_name, game_path_for, saved_games, set_current
from scorepad.numbers import small_number
from scorepad.serve.view import game_version
from scorepad.store import create_game_file, update_game

Form = Mapping[str, str]


class StaleFormError(GameError):
    """A form drawn from a game that has changed since: nothing is entered."""


class FormError(ScorepadError):
    """A request no page of ours sends (a field missing or unknown): refused with a 400."""


def _number(form: Form, key: str) -> int:
    text = form.get(key, "")
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise FormError(
            _("the form's {key} must be a round number, not {text}").format(
                key=key, text=repr(text[:20])
            )
        )
    return int(text)


def what_changed(game: Game, kind: str, number: int, corrects: bool) -> str:
    """One line on why a form drawn before the game's latest change was refused."""
    rounds = game.rounds
    said = _("The game was just changed on another device; here it is as it stands now.")
    if not corrects and kind == "bids" and len(rounds) >= number:
        said = _("Round {number}'s bids were just entered on another device.")
    elif not corrects and kind == "tricks" and len(rounds) >= number and rounds[number - 1].played:
        said = _("Round {number}'s tricks were just entered on another device.")
    elif not corrects and kind == "tricks" and len(rounds) < number:
        said = _("Round {number}'s bids were just taken back on another device.")
    elif kind == "undo":
        said = _("The game was just changed on another device; nothing was taken back.")
    return said.format(number=number)


def _checked(game: Game, form: Form, kind: str, number: int, corrects: bool) -> None:
    if not form.get("version"):
        raise FormError(_("the form carries no version of the game; reload the page"))
    if form["version"] != game_version(game):
        raise StaleFormError(what_changed(game, kind, number, corrects))


def bid_tokens(game: Game, form: Form) -> list[str]:
    """`PLAYER=BID` tokens from a bids form: each player's pick, or a team's joint bid."""
    tokens = []
    teams = {side for side in range(len(game.sides)) if form.get(f"team-{side}", "").strip()}
    for key in form:
        kind, _dash, index = key.partition("-")
        if kind not in ("bid", "team", "took"):
            continue
        if kind == "took" or small_number(index) is None:
            raise FormError(_("a bids form has no field {key}").format(key=repr(key[:40])))
        if kind == "bid" and int(index) >= len(game.players):
            raise GameError(
                _("there is no player in seat {seat}; players are {players}").format(
                    seat=int(index) + 1, players=", ".join(game.players)
                )
            )
        if kind == "team" and int(index) >= len(game.sides):
            raise GameError(
                _("there is no team {team}; teams are {teams}").format(
                    team=int(index) + 1, teams=", ".join(game.sides)
                )
            )
    for side in range(len(game.sides)):
        if side in teams:
            tokens.append(f"{game.sides[side]}={form[f'team-{side}'].strip()}")
            continue
        for seat in game.rules.seats_of(side):
            value = form.get(f"bid-{seat}", "").strip()
            if not value:
                raise GameError(
                    _("no bid for {who}; pick every player's bid").format(who=game.players[seat])
                )
            tokens.append(f"{game.players[seat]}={value}")
    return tokens


def trick_tokens(game: Game, form: Form) -> list[str]:
    """`PLAYER=N` (or `TEAM=N`) tokens from a tricks form; one box left empty takes the
    rest of the deal's tricks."""
    given: list[tuple[str, str]] = []
    for key, value in form.items():
        kind, _dash, index = key.partition("-")
        if kind not in ("bid", "team", "took"):
            continue
        if kind == "bid" or small_number(index) is None:
            raise FormError(_("a tricks form has no field {key}").format(key=repr(key[:40])))
        names = game.players if kind == "took" else game.sides
        if int(index) >= len(names):
            said = (
                _("there is no player in seat {number} in this game")
                if kind == "took"
                else _("there is no team {number} in this game")
            )
            raise GameError(said.format(number=int(index) + 1))
        given.append((names[int(index)], value.strip()))
    empty = [name for name, value in given if not value]
    if len(empty) > 1:
        raise GameError(
            _("no tricks for {names}; leave at most one box empty (it takes the rest)").format(
                names=", ".join(empty)
            )
        )
    if empty:
        rules = game.rules
        taken = sum(parse_tricks(value, name, rules) for name, value in given if value)
        if taken > rules.tricks:
            raise TricksError(
                _("the tricks add up to {taken}; a deal has {tricks}").format(
                    taken=taken, tricks=rules.tricks
                )
            )
        given = [(name, value or str(rules.tricks - taken)) for name, value in given]
    return [f"{name}={value}" for name, value in given]


def enter(path: Path, form: Form, kind: str, *, corrects: bool = False) -> str:
    """Enter (or correct) a round's bids or tricks from a form; returns the new version."""
    number = _number(form, "round")

    def change(game: Game) -> tuple[Game, None]:
        _checked(game, form, kind, number, corrects)
        at = number if corrects else None
        if kind == "bids":
            if not corrects and number != len(game.rounds) + 1:
                raise StaleFormError(what_changed(game, kind, number, corrects))
            return record_bids(game, bid_tokens(game, form), number=at), None
        if not corrects and (number != len(game.rounds) or game.rounds[-1].played):
            raise StaleFormError(what_changed(game, kind, number, corrects))
        return record_tricks(game, trick_tokens(game, form), number=at), None

    game, _none = update_game(path, change)
    return game_version(game)


def undo(path: Path, form: Form) -> tuple[str, str]:
    """Take back the last entry, if the game is still as the page showed it."""

    def change(game: Game) -> tuple[Game, str]:
        _checked(game, form, "undo", len(game.rounds), False)
        return undo_last(game)

    game, message = update_game(path, change)
    return game_version(game), message


def split_names(text: str) -> list[str]:
    """`"Ann, Bob,Cat"` -> `["Ann", "Bob", "Cat"]`, as `scorepad new --players` reads them."""
    return [part.strip() for part in text.split(",")]


def start_game(form: Form) -> Path:
    """Start a game from the new-game form, as `scorepad new` does, and make it current.

    Only a shipped preset is taken: `new` also reads a TOML file's path, which a page must
    never be able to name.
    """
    from scorepad.presets import preset_names, resolve_rules

    name = check_game_name(form.get("name", ""))
    if not name:
        raise GameError(_("the game needs a name"))
    players = form.get("players", "").strip()
    if not players:
        raise GameError(
            _("no players given; name them in clockwise seat order, like Ann,Bob,Cat,Dan")
        )
    for saved in saved_games():
        if saved.stem.casefold() == name.casefold():
            raise GameError(
                _("a game named {name} exists already; pick another name").format(
                    name=repr(saved.stem)
                )
            )
    overrides = [line.strip() for line in form.get("overrides", "").splitlines() if line.strip()]
    preset_name = form.get("preset", "") or "standard"
    presets = preset_names()
    if preset_name not in presets:
        raise GameError(
            _("no preset named {name}; presets are {presets}").format(
                name=repr(preset_name[:40]), presets=", ".join(presets)
            )
        )
    preset, rules = resolve_rules(preset_name, overrides)
    teams = form.get("teams", "").strip()
    game = new_game(
        name,
        split_names(players),
        rules,
        preset=preset,
        sides=split_names(teams) if teams else None,
    )
    dealer = form.get("dealer", "").strip()
    if dealer:
        game = dataclasses.replace(game, first_dealer=find_seat(game, dealer))
    path = game_path_for(name)
    create_game_file(path, game)
    set_current(path)
    return path
