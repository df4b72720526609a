"""The app's pages, drawn in the page by Python: the keep page's views and templates,
served to the app's JavaScript instead of to a browser over HTTP.

The shell (`shell/app.js`) sends each request as JSON (`answer`): a method, a path like
the served page's (`/g/NAME/bids`), the form's fields, the language chosen on the switch
(or none) and the phone's languages. The answer is JSON: the page's HTML and title, or
where a change was made, `changed` and the page to go to (`go`); the shell stores the
games folder (`syncfs`) before it says the words in `saved`. Changes go through the
service, as the served page's do (`scorepad.pages.actions`).
"""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, unquote

import jinja2
import markupsafe
import segno

from scorepad import i18n
from scorepad.engine.checks import check_round_number
from scorepad.engine.game import standings
from scorepad.errors import ScorepadError
from scorepad.export.json import game_json
from scorepad.i18n import _
from scorepad.pages import actions
from scorepad.pages.addresses import GameAddresses
from scorepad.pages.drawing import environment
from scorepad.pages.forms import RULING_FIELDS, bids_form, round_values, ruling_form, tricks_form
from scorepad.pages.notes import (
    agreed_note,
    corrected_note,
    entered_note,
    misdeal_note,
    ruled_note,
    undone_note,
)
from scorepad.pages.view import explained_round, game_summary, game_view
from scorepad.service.games import game_version, list_games, rename_game
from scorepad.service.reads import game_from_bytes, preset_names, saved_games
from scorepad.service.reads import load_game as load_game_file
from scorepad.service.sharing import (
    delete_game,
    game_file_text,
    game_link,
    import_bytes,
    import_link,
    qr_parts,
)
from scorepad.words.rulingtext import ruling_words

_APP_URL = [""]  # the app's own address, for game links (set by `start`)
_NOTE: list[Callable[[], str]] = []  # what the last change said, for the next page drawn
_TEMPLATES = Path(__file__).parent / "templates"
_SERVED = Path(__file__).parent.parent / "serve" / "templates"


def _env() -> jinja2.Environment:
    loader = jinja2.ChoiceLoader(
        [jinja2.FileSystemLoader(_TEMPLATES), jinja2.FileSystemLoader(_SERVED)]
    )
    env = environment(loader, auto_reload=False)  # an app's templates never change as it runs
    env.globals.update(languages=_languages)
    return env


_ENV: list[jinja2.Environment] = []


def _template(name: str) -> jinja2.Template:
    if not _ENV:
        _ENV.append(_env())
    return _ENV[0].get_template(name)


def _languages() -> list[dict[str, str]]:
    return [{"code": "en", "name": "English"}, {"code": "de", "name": "Deutsch"}]


def _language(chosen: str, accept: str) -> str:
    if chosen in i18n.LANGUAGES:
        return chosen
    return i18n.negotiate(accept) or "en"


def start(home: str, app_url: str, chosen: str = "", accept: str = "") -> str:
    """Point scorepad at the games folder kept in the browser, and say the shell's words."""
    os.environ["SCOREPAD_HOME"] = home
    _APP_URL[0] = app_url
    with i18n.speaking(_language(chosen, accept)):
        words = {
            "ready": _("Ready: games are kept on this device."),
            "saved": _("Saved on this device."),
            "not_saved": _("Not saved: the browser refused to store it (its storage may be"
                           " full). Free some space, then enter it again."),
            "storage_failed": _("The browser's storage cannot be read: games cannot be kept."),
            "persist_refused": _("The browser did not promise to keep the games: it may clear"
                                 " them when space runs short. Install the app, or share each"
                                 " game as a link or a file."),
            "evicted": _("The games kept before are gone: the browser has cleared its storage."),
            "updated": _("The app was updated."),
            "update_ready": _("A new version of the app is ready: it starts next time."),
            "count": len(list_games()),
        }  # fmt: skip
    return json.dumps(words)


def answer(request_json: str) -> str:
    """The answer to one request from the shell, as JSON."""
    request = json.loads(request_json)
    code = _language(str(request.get("lang", "")), str(request.get("accept", "")))
    with i18n.speaking(code):
        answered = _answer(
            str(request.get("method", "GET")),
            str(request.get("path", "/")),
            {str(key): str(value) for key, value in dict(request.get("form") or {}).items()},
        )
        answered["lang"] = code
        answered.setdefault("title", "scorepad")
        if answered.get("changed"):
            answered["saved"] = _("Saved on this device.")
    return json.dumps(answered)


def _page(template: str, **values: Any) -> dict[str, Any]:
    html = _template(template).render(**values)
    title = re.search(r'<template id="title">(.*?)</template>', html, re.S)
    return {"html": html, "title": markupsafe.Markup(title.group(1)).unescape() if title else ""}


def _sentence(error: Exception) -> str:
    text = str(error).replace(os.environ.get("SCOREPAD_HOME", "//") + "/games/", "")
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _game_url(name: str) -> str:
    return f"#/g/{quote(name, safe='')}/"


def _addresses(name: str) -> GameAddresses:
    """Every address under a game's page in the app (`#/g/NAME/...`), for its templates."""
    return GameAddresses(_game_url(name))


def _path_of(name: str) -> Path:
    for path in saved_games():
        if path.stem == name:
            return path
    raise ScorepadError(_("no game named {name} is kept here").format(name=repr(name[:100])))


def _answer(method: str, path: str, form: dict[str, str]) -> dict[str, Any]:
    path, _sep, query = path.partition("?")
    parts = [unquote(part) for part in path.strip("/").split("/") if part]
    values = dict(parse_qsl(query))
    if not parts:
        return _games(method, form) if method == "GET" else _games(method, form, "")
    if parts == ["new"] and method == "POST":
        return _change(lambda: _start(form), lambda message: _games_page(message, form))
    if parts == ["import"] and method == "POST":
        return _change(lambda: _import(form), lambda message: _games_page(message, form))
    if len(parts) >= 2 and parts[0] == "g":
        try:
            game_path = _path_of(parts[1])
        except ScorepadError as error:
            return _games_page(_sentence(error))
        return _game_answer(method, game_path, parts[2:], form, values)
    return _games_page(_("There is no such page in the app."))


def _games(method: str, form: dict[str, str], message: str = "") -> dict[str, Any]:
    return _games_page(message)


def _games_page(message: str = "", form: dict[str, str] | None = None) -> dict[str, Any]:
    listed = []
    for summary in sorted(list_games(), key=lambda summary: summary.path.stem.casefold()):
        game, stem = summary.game, summary.path.stem
        changed = i18n.format_datetime(datetime.fromtimestamp(summary.changed))
        if game is None or summary.standings is None:
            listed.append({"name": stem, "url": "", "status": summary.damaged or "",
                           "sides": "", "changed": changed})  # fmt: skip
            continue
        listed.append({"name": stem, "url": _game_url(stem), "changed": changed,
                       "status": game_summary(game, summary.standings),
                       "sides": _(" vs ").join(game.sides)})  # fmt: skip
    return _page("games.html", role="keep", games=listed, presets=preset_names(),
                 message=message, note=_note(), form=form or {}, here="#/")  # fmt: skip


def _note() -> str:
    return _NOTE.pop()() if _NOTE else ""


def _change(change: Callable[[], tuple[str, Callable[[], str] | None]],
            again: Callable[[str], dict[str, Any]]) -> dict[str, Any]:  # fmt: skip
    """Make a change; on success the page to go to, else the page again with its line."""
    try:
        go, note = change()
    except ScorepadError as error:
        return again(_sentence(error))
    _NOTE.clear()
    if note is not None:
        _NOTE.append(note)
    return {"changed": True, "go": go.removeprefix("#")}


def _start(form: dict[str, str]) -> tuple[str, None]:
    return _game_url(actions.start_game(form).stem), None


def _import(form: dict[str, str]) -> tuple[str, Callable[[], str]]:
    as_name = form.get("as", "").strip() or None
    if form.get("link", "").strip():
        started = import_link(form["link"], as_name)
    else:
        name = form.get("file_name", "") or "game file"
        started = import_bytes(form.get("file", "").encode("utf-8"), as_name, name)
    name = started.game.name
    return _game_url(name), lambda: _("Imported {name}.").format(name=name)


def _game_answer(
    method: str, path: Path, rest: list[str], form: dict[str, str], query: dict[str, str]
) -> dict[str, Any]:
    name = path.stem
    at = _addresses(name)
    url = at.page
    if not rest and method == "GET":
        return _game_page(path)
    if rest in (["bids"], ["tricks"]) and method == "POST":
        kind = rest[0]
        return _change(
            lambda: (url, entered_note(actions.enter(path, form, kind), kind)),
            lambda message: _game_page(path, message),
        )
    if rest == ["undo"]:
        if method == "GET":
            return _undo_page(path, query.get("version", ""))
        return _change(
            lambda: (url, undone_note(actions.undo(path, form))),
            lambda message: _game_page(path, message),
        )
    if rest == ["ruling"]:  # asked first (a GET naming it), then recorded
        if method == "GET":
            return _ruling_page(path, query)
        return _change(
            lambda: (url, ruled_note(actions.rule(path, form))),
            lambda message: _game_page(path, message, ruling=form),
        )
    if rest == ["misdeal"] and method == "POST":
        return _change(
            lambda: (url, misdeal_note(actions.misdeal(path, form))),
            lambda message: _game_page(path, message),
        )
    if rest == ["agreed"] and method == "POST":
        return _change(
            lambda: (url, agreed_note(actions.agree(path, form))),
            lambda message: _game_page(path, message),
        )
    if len(rest) >= 2 and rest[0] == "round" and rest[1].isdigit() and len(rest[1]) <= 6:
        number = int(rest[1])
        if len(rest) == 2 and method == "GET":
            return _round_page(path, number)
        if len(rest) == 3 and rest[2] in ("bids", "tricks") and method == "POST":
            kind = rest[2]
            return _change(
                lambda: (at.round(number),
                         corrected_note(actions.enter(path, form, kind, corrects=True), kind)),
                lambda message: _round_page(path, number, message, form),
            )  # fmt: skip
    if rest == ["share"] and method == "GET":
        return _share_page(path)
    if rest == ["file"] and method == "GET":
        return {"download": {"name": f"{name}.toml", "text": game_file_text(path)},
                "said": _("{name}.toml downloaded.").format(name=name),
                "go": at.share.removeprefix("#")}  # fmt: skip
    if rest == ["rename"] and method == "POST":

        def rename() -> tuple[str, Callable[[], str]]:
            game, _new_path, _changed = rename_game(name, form.get("new", ""))
            return "#/", lambda: _("Renamed {old} to {new}.").format(old=name, new=game.name)

        return _change(rename, lambda message: _games_page(message))
    if rest == ["delete"] and method == "POST":

        def delete() -> tuple[str, Callable[[], str]]:
            delete_game(name)
            return "#/", lambda: _("Deleted {name}.").format(name=name)

        return _change(delete, lambda message: _games_page(message))
    return _game_page(path, _("There is no such page in the app."))


def _game_page(
    path: Path, message: str = "", *, ruling: dict[str, str] | None = None
) -> dict[str, Any]:
    try:
        game = load_game_file(path)
    except ScorepadError as error:
        return _games_page(_sentence(error))
    view = game_view(game)
    if ruling is not None:  # a ruling refused: its form open, with what was typed
        view = dataclasses.replace(view, ruling=ruling_form(game, ruling))
    at = _addresses(path.stem)
    # A game in the app is no table of a served club night: nothing of a next round.
    return _page("game.html", role="keep", view=view, addresses=at, message=message,
                 note=_note() if not message else "", here=at.page, next_seats=(),
                 closed_said="", director_open=ruling is not None)  # fmt: skip


def _ruling_page(path: Path, query: dict[str, str]) -> dict[str, Any]:
    """The question before a ruling, as the served page asks it (`ruling.html`)."""
    asked = {key: value[:500] for key, value in query.items() if key in (*RULING_FIELDS, "version")}
    try:
        game = load_game_file(path)
        preview, current = actions.preview_ruling(game, asked)
    except ScorepadError as error:
        return _game_page(path, _sentence(error), ruling=asked)
    message = "" if current else _("The game was just changed; here it is as it stands now.")
    at = _addresses(path.stem)
    return _page("ruling.html", role="keep", name=game.name,
                 said=ruling_words(preview.game, preview.standings, preview.number),
                 fields={**asked, "version": game_version(game)}, addresses=at,
                 here=at.ruling, message=message)  # fmt: skip


def _round_page(
    path: Path, number: int, message: str = "", form: dict[str, str] | None = None
) -> dict[str, Any]:
    game = load_game_file(path)
    try:
        check_round_number(game, number)
    except ScorepadError as error:
        return _game_page(path, _sentence(error))
    round_ = game.rounds[number - 1]
    values = dict(form) if form else round_values(game, number)
    earlier = standings(dataclasses.replace(game, rounds=game.rounds[: number - 1]))
    forms = [bids_form(game, number, round_.dealer, earlier, values=values, corrects=True)]
    if round_.played:
        forms.append(tricks_form(game, number, values=values, corrects=True))
    at = _addresses(path.stem)
    return _page("round.html", role="keep", name=game.name,
                 explained=explained_round(game, standings(game), number), forms=forms,
                 version=game_version(game), addresses=at, here=at.round(number),
                 message=message, note=_note() if not message else "",
                 rounds=len(game.rounds))  # fmt: skip


def _undo_page(path: Path, version: str) -> dict[str, Any]:
    game = load_game_file(path)
    view = game_view(game)
    if not view.can_undo:
        return _game_page(path, _("Nothing to take back: no round is entered yet."))
    message = ""
    if version != view.version:
        message = _("The game was just changed; here it is as it stands now.")
    at = _addresses(path.stem)
    return _page("undo.html", role="keep", name=game.name, question=view.undo_question,
                 version=view.version, addresses=at, here=at.undo,
                 message=message)  # fmt: skip


def _share_page(path: Path) -> dict[str, Any]:
    link = game_link(path, _APP_URL[0])
    # A list of parts, which segno takes (its stub names only one string).
    code = segno.make(qr_parts(link), error="m")  # type: ignore[arg-type]
    qr = code.svg_inline(scale=4, border=4, omitsize=True, title=_("QR code of the game link"))
    at = _addresses(path.stem)
    return _page("share.html", role="keep", name=path.stem, link=link, qr=markupsafe.Markup(qr),
                 file_text=game_file_text(path), addresses=at, here=at.share)  # fmt: skip


def show_json(data: bytes, where: str = "game file") -> str:
    """What `scorepad show --json` prints for a game file's bytes, worked out in the page
    (the parity test holds it to CPython's, byte for byte); a refusal as `refused: ...`."""
    try:
        game = game_from_bytes(data, Path(where))
    except ScorepadError as error:
        return f"refused: {error}"
    return json.dumps(game_json(game, standings(game)), indent=2, ensure_ascii=False) + "\n"


def prepare() -> None:
    """Ready what every start needs before the shell keeps Python's memory for the next
    starts (the snapshot in shell/app.js; `benchmarks/app_start.py`, warm start): every
    template compiled, and the garbage of the imports collected (a snapshot that outgrows
    the runtime's first memory cannot be restored: tests/test_app_node.py holds it)."""
    env = _ENV[0] if _ENV else _env()
    _ENV[:] = [env]
    for name in env.list_templates():
        env.get_template(name)
    gc.collect()
