"""What users read names games in players' words, never the project's internal references."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorepad.files.presets import load_preset, preset_names

ROOT = Path(__file__).parent.parent
INTERNAL = re.compile(r"\bseeds? ?0\d\d\b|shared/|(?-i:RULES\.md)|\bissue \d", re.IGNORECASE)


@pytest.mark.parametrize("name", preset_names())
def test_preset_summaries_and_headers_are_in_players_words(name: str) -> None:
    preset = load_preset(name)
    assert not INTERNAL.search(preset.summary), preset.summary
    assert not INTERNAL.search((ROOT / "presets" / f"{name}.toml").read_text())


DOCS = [
    "README.md",
    *sorted(str(path.relative_to(ROOT)) for path in (ROOT / "docs").rglob("*.md")),
]


@pytest.mark.parametrize("doc", DOCS)
def test_docs_are_in_players_words(doc: str) -> None:
    found = INTERNAL.findall((ROOT / doc).read_text())
    assert not found, found
