"""Rules from text: the preset files shipped with scorepad (or given by path), and the
`--set key=value` overrides typed on a command line.

The files are read and their TOML parsed here, so that `rules`, which says what the
knobs mean and checks them, stays pure: no files, no parser.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from scorepad.engine.ruledata import override_rules, rules_from_mapping
from scorepad.engine.rules import MOST_POINTS, Rules
from scorepad.errors import RulesError
from scorepad.files.tomltext import MOST_NESTING, nesting, not_toml
from scorepad.hints import did_you_mean, os_reason
from scorepad.i18n import _
from scorepad.numbers import cut_text


@dataclass(frozen=True, slots=True)
class Preset:
    """A named rules file: its name, one-line summary, and the rules it sets."""

    name: str
    summary: str
    rules: Rules
    path: Path


def presets_dir() -> Path:
    """Where the shipped presets are: inside the installed package, or the source checkout."""
    package = Path(__file__).resolve().parent.parent
    packaged = package / "presets"
    if packaged.is_dir():
        return packaged
    return package.parent / "presets"


def preset_names() -> list[str]:
    """The names of the shipped presets, sorted."""
    return sorted(path.stem for path in presets_dir().glob("*.toml"))


def load_preset_file(path: Path, name: str | None = None) -> Preset:
    """Read and check one preset file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RulesError(
            _("{path}: cannot read the preset: {reason}").format(path=path, reason=os_reason(error))
        ) from None
    except UnicodeDecodeError as error:
        raise RulesError(
            _("{path}: not a text file: byte {offset} is not UTF-8; save it as UTF-8").format(
                path=path, offset=error.start + 1
            )
        ) from None
    if nesting(text) > MOST_NESTING:
        raise RulesError(
            _("{path}: arrays or tables nest more than {most} deep").format(
                path=path, most=MOST_NESTING
            )
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(not_toml(path, error)) from None
    except ValueError:  # Python's limit on the digits of an integer (tomllib reads it whole)
        raise RulesError(
            _(
                "{path}: a number of more than {digits} digits is not allowed: no knob takes"
                " more than {most} digits"
            ).format(path=path, digits=sys.get_int_max_str_digits(), most=len(str(MOST_POINTS)))
        ) from None
    summary = data.get("summary", "")
    if not isinstance(summary, str):
        raise RulesError(_("{path}: summary must be a string").format(path=path))
    rules = rules_from_mapping(data, source=str(path))
    return Preset(name or path.stem, summary, rules, path)


def load_preset(name_or_path: str) -> Preset:
    """A shipped preset by name, or a preset file by path."""
    path = Path(name_or_path)
    if path.suffix == ".toml" or len(path.parts) > 1:
        if not path.is_file():
            raise RulesError(_("no preset file at {path}").format(path=name_or_path))
        return load_preset_file(path)
    shipped = presets_dir() / f"{name_or_path}.toml"
    if not shipped.is_file():
        names = preset_names()
        hint = did_you_mean(name_or_path, names)
        raise RulesError(
            _("unknown preset {name}{hint}; known presets: {names}").format(
                name=repr(name_or_path), hint=hint, names=", ".join(names)
            )
        )
    return load_preset_file(shipped, name_or_path)


def resolve_rules(preset: str = "standard", overrides: Iterable[str] = ()) -> tuple[str, Rules]:
    """The preset's name and its rules with the `--set` overrides applied."""
    loaded = load_preset(preset)
    return loaded.name, apply_overrides(loaded.rules, overrides)


def parse_override(text: str) -> tuple[str, object]:
    """Read `key=value` from `--set`; the value is TOML, or a bare word taken as a string."""
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key or not raw:
        raise RulesError(_("write key=value, like target=300"), settings=(repr(text),))
    if nesting(raw) > MOST_NESTING:
        raise RulesError(
            _("the value's arrays or tables nest more than {most} deep").format(
                most=MOST_NESTING
            ),
            settings=(cut_text(text),),
        )
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
    except ValueError:  # more digits than Python reads into an int
        raise RulesError(
            _(
                "{key} = a number of {digits} digits is not allowed: no knob takes more than"
                " {most}"
            ).format(key=key, digits=len(raw.lstrip("+-")), most=len(str(MOST_POINTS))),
            settings=(cut_text(text),),
        ) from None
    return key, value


def apply_overrides(rules: Rules, overrides: Iterable[str]) -> Rules:
    """Rules with each `key=value` override applied, checked as strictly as a preset
    (see `ruledata.override_rules`)."""

    def parsed() -> Iterator[tuple[str, object, str]]:
        # One at a time: an override is read only once those before it are checked.
        for text in overrides:
            yield (*parse_override(text), text)

    return override_rules(rules, parsed())
