"""What the keep page's forms do to a game: the form's fields decoded into boxes by seat
and team (`service.picks`), handed to the service, as `scorepad bid`, `tricks` and `undo` do;
and the director's calls, as `scorepad adjust`, `misdeal` and `confirm` make them.

Every form carries the version of the game it was drawn from and the round it is for.
Under the lock the game is loaded again; if it is no longer that version, the form was
drawn before another change (another phone, a terminal, or this form sent twice), and it
is refused with one line saying what happened, so nothing is entered twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from scorepad.engine.game import Game
from scorepad.engine.names import split_names
from scorepad.engine.rulings import RulingKind
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
        elif waits.kind == "ok":
            said = _(
                "The game has changed since this page was drawn; round {number}'s tricks wait"
                " for the other side's OK now."
            )
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
    elif waits.kind == "ok":
        said = _(
            "This form is not for this game's next entry; round {number}'s tricks wait for"
            " the other side's OK."
        )
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


# ---------------------------------------------------------------------------
# The director's calls: a ruling (asked first), a misdeal, the other side's OK


class Ruled(NamedTuple):
    """A ruling form read: the side's index, the kind, its number (0 for set and forfeit),
    the reason and the round."""

    side: int
    kind: RulingKind
    amount: int
    reason: str
    number: int


def ruling_of(form: Form) -> Ruled:
    """A ruling form's fields decoded; the engine judges them (`check_ruling`, `rule_on`).

    A side, kind or round no form of ours sends is a `FormError`; a number that is no
    whole number, or missing where the kind takes one, is said as the page says it."""
    side = small_number(form.get("side", ""))
    if side is None:
        raise FormError(
            _("the form's side must be a side's number, not {text}").format(
                text=repr(form.get("side", "")[:20])
            )
        )
    kinds = {kind.value: kind for kind in RulingKind}
    kind = kinds.get(form.get("kind", ""))
    if kind is None:
        raise FormError(
            _("the form's kind must be one of {kinds}, not {text}").format(
                kinds=", ".join(kinds), text=repr(form.get("kind", "")[:20])
            )
        )
    amount = 0
    text = form.get("amount", "").strip()
    if kind in (RulingKind.BOOKS, RulingKind.POINTS):
        amount = _amount(text, kind)
    return Ruled(side, kind, amount, form.get("reason", "").strip(), _number(form, "round"))


def _amount(text: str, kind: RulingKind) -> int:
    """The books or points a ruling gives, as typed (a sign allowed for points)."""
    digits = text.removeprefix("-").removeprefix("+")
    if not text:
        said = (
            _("a ruling in books needs their number")
            if kind is RulingKind.BOOKS
            else _("a ruling in points needs their number")
        )
        raise GameError(said)
    if not (digits.isdigit() and digits.isascii() and len(digits) <= 6):
        raise GameError(
            _("the books or points must be a whole number, not {text}").format(
                text=repr(text[:20])
            )
        )
    return int(text)


def preview_ruling(game: Game, form: Form) -> tuple[games.Entered, bool]:
    """The ruling a form asks for, as it would be made on `game` (nothing saved): the
    question before it is recorded; and whether `game` is still the version the form was
    drawn from."""
    from scorepad.service import rulings

    version = _version(form)
    ruled = ruling_of(form)
    entered = rulings.preview(
        game, ruled.side, ruled.kind, ruled.reason, amount=ruled.amount, number=ruled.number
    )
    return entered, version == games.game_version(game)


def rule(path: Path, form: Form) -> games.Entered:
    """Record the ruling a form asks for, if the game is still as the question showed it."""
    from scorepad.service import rulings

    version = _version(form)
    ruled = ruling_of(form)
    try:
        return rulings.rule(
            path, ruled.side, ruled.kind, ruled.reason, amount=ruled.amount,
            number=ruled.number, version=version,
        )  # fmt: skip
    except games.StaleGameError as error:
        raise StaleFormError(_("Nothing was recorded.") + " " + what_changed(error)) from None


def misdeal(path: Path, form: Form) -> Game:
    """Call a misdeal from its form (who deals again: `same` or `next`), if the game is
    still as the page showed it; the game as saved."""
    from scorepad.service import rulings

    version = _version(form)
    redeal = form.get("redeal", "")
    if redeal not in ("same", "next"):
        raise FormError(
            _("the form's redeal must be same or next, not {text}").format(text=repr(redeal[:20]))
        )
    try:
        return rulings.misdeal(path, "same" if redeal == "same" else "next", version=version)
    except games.StaleGameError as error:
        raise StaleFormError(_("No misdeal was called.") + " " + what_changed(error)) from None


def agree(path: Path, form: Form) -> games.Entered:
    """The other side agrees the tricks of the round the form names, if the game is
    still as the page showed it: the round is scored."""
    from scorepad.service import rulings

    number = _number(form, "round")
    version = _version(form)
    try:
        return rulings.confirm(path, version=version, shown=number)
    except games.StaleGameError as error:
        raise StaleFormError(_("Nothing was agreed.") + " " + what_changed(error)) from None


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
