"""Imports point one way (STYLE.md): the engine never reaches up to the CLI or to Rich."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "scorepad"

# A module may import scorepad modules of its own layer or below.
LAYERS = {
    "errors": 0,
    "i18n": 0,  # words: every layer may say them
    "i18n_catalog": 5,  # a tool of the repository
    "cards": 1,
    "rules": 1,
    "bids": 1,
    "scoring": 2,
    "dispute": 2,
    "game": 3,
    "store": 4,
    "export": 4,
    "render": 4,
    "sim": 4,
    "stats": 4,
    "cli": 5,
    "serve": 5,
    "__init__": 0,
    "reference": 0,
    "__main__": 5,
}
RICH_ALLOWED = {"render", "export", "cli"}
ENGINE = {"errors", "cards", "rules", "bids", "scoring", "dispute", "game"}
# The engine's reading of the rules, which the reference must not share.
SCORING_ENGINE = {"rules", "bids", "scoring", "game"}


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def top(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_one_way(path: Path) -> None:
    layer = top(path)
    assert layer in LAYERS, f"{layer} has no place in the layers of STYLE.md"
    for name in imported(path):
        root, _, rest = name.partition(".")
        if root == "typer":
            assert layer == "cli", f"{path.name} imports typer outside cli/"
        if root == "click":
            pytest.fail(f"{path.name} imports click: Typer vendors it")
        if root == "rich":
            assert layer in RICH_ALLOWED, f"{path.name} imports rich"
        if root == "scorepad" and rest:
            target = rest.partition(".")[0]
            assert LAYERS[target] <= LAYERS[layer], f"{path.name} imports upward: {name}"


@pytest.mark.parametrize(
    "path", [p for p in modules() if top(p) in ENGINE | {"reference"}], ids=lambda p: p.name
)
def test_engine_does_no_io_and_no_randomness(path: Path) -> None:
    """Pure functions: no printing, files, clocks or global randomness in the engine."""
    source = path.read_text()
    for forbidden in ("print(", "open(", "import random", "import time", "datetime"):
        assert forbidden not in source, f"{path.name} uses {forbidden}"


def _functions(path: Path) -> dict[str, str]:
    """Each function of a module by name, as its body's syntax tree (names and code, not
    layout or docstrings)."""
    found = {}
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]
            found[node.name] = "".join(ast.dump(statement) for statement in body)
    return found


def test_the_reference_shares_no_code_with_the_engine() -> None:
    """scorepad/reference.py is a second truth: it imports nothing of scorepad, the engine
    does not import it, and no function of it has the body of an engine function."""
    reference = PACKAGE / "reference.py"
    assert not {name for name in imported(reference) if name.split(".")[0] == "scorepad"}
    source = reference.read_text()
    assert "from ." not in source and "import scorepad" not in source
    theirs = {}
    for path in modules():
        if top(path) in SCORING_ENGINE:
            assert "reference" not in {n.rpartition(".")[2] for n in imported(path)}, path
            theirs.update({body: name for name, body in _functions(path).items() if body})
    shared = {name: theirs[body] for name, body in _functions(reference).items() if body in theirs}
    assert not shared, f"reference functions with an engine function's body: {shared}"
