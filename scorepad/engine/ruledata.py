"""Rules read from TOML data and written back: presets, a saved game's snapshot, --set.

A preset (see `presets`, which reads the files) is a mapping whose keys are the field
names of `Rules`, plus an optional `summary`. Reading refuses unknown keys (suggesting
the closest), wrong types and impossible values, naming the source, the key, the value
and what is allowed. Pure: no files, no parser.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, Literal

from scorepad.engine.refusals import check_new_rules
from scorepad.engine.rules import KNOB_SET, KNOBS, METADATA_KEYS, NONE_WORDS, Rules, reject
from scorepad.errors import RulesError
from scorepad.hints import did_you_mean
from scorepad.i18n import _
from scorepad.numbers import cut_text


@cache
def _hints() -> dict[str, Any]:
    return typing.get_type_hints(Rules)


def _convert(key: str, raw: object) -> object:
    """Check one TOML value against the knob's type; return it as `Rules` holds it."""
    hint = _hints()[key]
    if key in NONE_WORDS:
        if raw == NONE_WORDS[key]:
            return None
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        reject(key, raw, _('a whole number, or "{word}"').format(word=NONE_WORDS[key]))
    if typing.get_origin(hint) is Literal:
        choices = typing.get_args(hint)
        if raw not in choices:
            reject(
                key, raw, _("one of {choices}").format(choices=", ".join(f'"{c}"' for c in choices))
            )
        return raw
    if hint is bool:
        if not isinstance(raw, bool):
            reject(key, raw, _("true or false"))
        return raw
    if hint is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            reject(key, raw, _("a whole number"))
        return raw
    if typing.get_origin(hint) is tuple:
        item_type = typing.get_args(hint)[0]
        what = _("a list of whole numbers") if item_type is int else _("a list of strings")
        if not isinstance(raw, list | tuple) or not all(
            isinstance(item, item_type) and not isinstance(item, bool) for item in raw
        ):
            reject(key, raw, what)
        return tuple(raw)
    raise AssertionError(f"knob {key} has an unhandled type {hint}")  # pragma: no cover


def rules_from_mapping(
    data: Mapping[str, object], *, source: str = "rules", saved: bool = False
) -> Rules:
    """Build Rules from TOML data; unknown keys and bad values are named with `source`.

    `saved` reads a game's own snapshot as it was written: the refusals of knobs that
    another knob makes meaningless (`refusals`) are for new games. A game saved before a
    refusal existed must open and score as it did when it was played, and resetting the
    knob would not do: some changed what could be bid.
    """
    values: dict[str, object] = {}
    for key, raw in data.items():
        if key in METADATA_KEYS:
            continue
        if key not in KNOB_SET:
            hint = did_you_mean(key, KNOBS)
            raise RulesError(
                _("{source}: unknown key {key}{hint}").format(
                    source=source, key=repr(key), hint=hint
                )
            )
        try:
            values[key] = _convert(key, raw)
        except RulesError as error:
            raise RulesError(f"{source}: {error}") from None
    try:
        rules = Rules(**values)  # type: ignore[arg-type]
        if not saved:
            check_new_rules(rules)
    except RulesError as error:
        raise RulesError(f"{source}: {error}") from None
    return rules


def rules_to_mapping(rules: Rules) -> dict[str, object]:
    """Every knob as TOML data; `rules_from_mapping` reads it back to equal Rules."""
    data: dict[str, object] = {}
    for key in KNOBS:
        value = getattr(rules, key)
        if value is None:
            value = NONE_WORDS[key]
        elif isinstance(value, tuple):
            value = list(value)
        data[key] = value
    return data



def override_rules(rules: Rules, overrides: Iterable[tuple[str, object, str]]) -> Rules:
    """Rules with each override (a knob, its value, and the text it was given as) applied,
    checked as strictly as a preset.

    The overrides are checked together, in any order: `--set boston_wins=true --set
    boston=true` is as good as the other way round. An error names the overrides whose
    knobs it is about. `presets.apply_overrides` reads them from `--set key=value`.
    """
    data = rules_to_mapping(rules)
    given: dict[str, str] = {}
    for key, value, text in overrides:
        if key not in KNOB_SET:
            hint = did_you_mean(key, KNOBS)
            raise RulesError(
                _("unknown key {key}{hint}").format(key=repr(key), hint=hint),
                settings=(cut_text(text),),
            )
        try:
            _convert(key, value)
        except RulesError as error:
            raise RulesError(str(error), settings=(cut_text(text),)) from None
        data[key] = value
        given[key] = cut_text(text)
    try:
        return rules_from_mapping(data)
    except RulesError as error:
        message = str(error).removeprefix("rules: ")
        named = [text for key, text in given.items() if re.search(rf"\b{key}\b", message)]
        raise RulesError(message, settings=tuple(named)) from None
