"""What the keep page's forms do to a game: the form's fields decoded into boxes by seat
and team (`service.picks`), handed to the service, as `scorepad bid`, `tricks` and `undo` do.

Every form carries the version of the game it was drawn from and the round it is for.
Under the lock the game is loaded again; if it is no longer that version, the form was
drawn before another change (another phone, a terminal, or this form sent twice), and it
is refused with one line saying what happened, so nothing is entered twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from scorepad.engine.names import split_names
from scorepad.errors import GameError, ScorepadError
from scorepad.i18n import _
from scorepad.numbers import small_number
from scorepad.service import games
from scorepad.service.picks import Pick, Picks

Form = Mapping[str, str]


class StaleFormError(GameError):
    """A form drawn from a game that has changed since: nothing is entered."""


class FormError(ScorepadError):
    """A request no page of ours sends (a field missing or unknown): refused with a 400."""


def _number(form: Form, key: str) -> int:
    text = form.get(key, "")
    number = small_number(text)
    if number is None:
        raise FormError(
            _("the form's {key} must be a round number, not {text}").format(
                key=key, text=repr(text[:20])
            )
        )
    return number


def what_changed(error: games.StaleGameError) -> str:
    """One line on why a form was refused: what was entered since the page was drawn, or,
    where that cannot be known, what the game waits for now (both true, whatever the form
    asked)."""
    since, waits = error.since, error.waits_for
    if since:
        last = since[-1]
        said = (
            _("Round {number}'s bids were just entered on another device.")
            if last.kind == "bids"
            else _("Round {number}'s tricks were just entered on another device.")
        )
        return said.format(number=last.number)
    if since is None:  # taken back, corrected, or of no state of this game
        if waits is None:
            said = _("The game has changed since this page was drawn; it is over now.")
        elif waits.kind == "bids":
            said = _(
                "The game has changed since this page was drawn; it waits for round {number}'s"
                " bids now."
            )
        else:
            said = _(
                "The game has changed since this page was drawn; it waits for round {number}'s"
                " tricks now."
            )
        return said.format(number=waits.number if waits else 0)
    # The game is as the page showed it, but the form is for another entry.
    if waits is None:
        said = _("This form is not for this game's next entry; the game is over.")
    elif waits.kind == "bids":
        said = _("This form is not for this game's next entry; it waits for round {number}'s bids.")
    else:
        said = _(
            "This form is not for this game's next entry; it waits for round {number}'s tricks."
        )
    return said.format(number=waits.number if waits else 0)


def _version(form: Form) -> str:
    if not form.get("version"):
        raise FormError(_("the form carries no version of the game; reload the page"))
    return form["version"]


def _picks(form: Form, kind: str) -> Picks:
    """The form's bid (or tricks) boxes, decoded from their field names (`bid-SEAT`,
    `team-SIDE`, `took-SEAT`); the service reads them against the game under its lock."""
    own = ("bid", "team") if kind == "bids" else ("took", "team")
    refused = (
        _("a bids form has no field {key}")
        if kind == "bids"
        else _("a tricks form has no field {key}")
    )
    boxes = []
    for key, value in form.items():
        field, _dash, index = key.partition("-")
        if field not in ("bid", "team", "took"):
            continue
        number = small_number(index)
        if field not in own or number is None:
            raise FormError(refused.format(key=repr(key[:40])))
        boxes.append(Pick(field == "team", number, value.strip()))
    return Picks(tuple(boxes))


def enter(path: Path, form: Form, kind: str, *, corrects: bool = False) -> games.Entered:
    """Enter (or correct) a round's bids or tricks from a form, as the service says: a form
    sent again with what the game holds already enters nothing (`Entered.already`)."""
    number = _number(form, "round")
    version = _version(form)
    at, shown = (number, None) if corrects else (None, number)
    picks = _picks(form, kind)
    try:
        if kind == "bids":
            return games.enter_bids(path, picks, number=at, version=version, shown=shown)
        return games.enter_tricks(path, picks, number=at, version=version, shown=shown)
    except games.StaleGameError as error:
        raise StaleFormError(what_changed(error)) from None


def undo(path: Path, form: Form) -> games.Undone:
    """Take back the last entry, if the game is still as the page showed it."""
    version = _version(form)
    try:
        return games.undo(path, version=version)
    except games.StaleGameError as error:
        raise StaleFormError(_("Nothing was taken back.") + " " + what_changed(error)) from None


def start_game(form: Form) -> Path:
    """Start a game from the new-game form, as `scorepad new` does, and make it current.

    Only a shipped preset is taken: `new` also reads a TOML file's path, which a page must
    never be able to name.
    """
    from scorepad.service.reads import preset_names

    players = form.get("players", "").strip()
    if not players:
        raise GameError(
            _("no players given; name them in clockwise seat order, like Ann,Bob,Cat,Dan")
        )
    preset = form.get("preset", "") or "standard"
    presets = preset_names()
    if preset not in presets:
        raise GameError(
            _("no preset named {name}; presets are {presets}").format(
                name=repr(preset[:40]), presets=", ".join(presets)
            )
        )
    overrides = [line.strip() for line in form.get("overrides", "").splitlines() if line.strip()]
    teams = form.get("teams", "").strip()
    dealer = form.get("dealer", "").strip()
    started = games.start_game(
        form.get("name", ""),
        split_names(players),
        preset,
        overrides,
        teams=split_names(teams) if teams else None,
        dealer=dealer or None,
    )
    return started.path
