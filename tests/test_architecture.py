"""The package's shape, read from its syntax trees (never from its text).

- The core (cards, rules, bids, scoring, game, entry and their helpers) does no I/O, reads
  no clock and draws no random numbers: it imports none of the modules that do, and calls
  no `open`, `print` or `input`.
- Each layer imports only its own layer or those below it, and no module imports itself
  back through others (no cycles), counting imports inside functions too.
- No module takes another module's private name (`from x import _y`, `x._y`, `x._mod`),
  scorepad's or a library's; a package's own private module is its own business.
- Typer only in cli/, never click; Rich only in the renderers, exports and cli/.
- The parts: the core (PARTS["core"]), the files, the words, the service (the one way in),
  the faces (cli/, serve/) and the simulator. No face imports another face; the
  simulator imports neither a face, nor the service, nor the renderers or exports (it
  returns facts that the faces word). The few breaches still standing are named in
  `KNOWN`, each with why, so that no new one passes unseen.

`violations` is the checker; the tests at the end plant one violation of each kind in a
small source tree and show that it is found, so a green run here means something.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "scorepad"

# A module may import scorepad modules of its own layer or below (by top-level name).
LAYERS = {
    "__init__": 0,
    "errors": 0,
    "numbers": 0,
    "i18n": 0,  # words: every layer may say them
    "hints": 0,  # a refusal's hints, in those words
    "i18n_catalog": 5,  # a tool of the repository
    "reference": 0,  # imports nothing of scorepad: see the last test
    "cards": 1,
    "rules": 1,
    "refusals": 1,
    "ruledata": 1,
    "bids": 1,
    "names": 1,
    "seating": 1,
    "scoring": 2,
    "dispute": 2,
    "game": 3,
    "gametext": 3,
    "entry": 4,
    "presets": 5,
    "tomltext": 5,
    "gamefile": 5,
    "gamewrite": 5,
    "store": 6,
    "library": 7,
    "export": 5,
    "render": 5,
    "stats": 7,
    "ratings": 7,
    "gameindex": 7,
    "league": 7,
    "sim": 6,
    "service": 8,
    "event": 3,
    "eventfile": 5,
    "events": 8,
    "cli": 9,
    "serve": 9,
    "__main__": 9,
}
CORE = {
    "errors", "numbers", "cards", "rules", "refusals", "ruledata", "bids", "scoring", "dispute",
    "game", "gametext", "entry", "reference", "names", "seating",
}  # fmt: skip
# The engine's reading of the rules, which the reference must not share.
SCORING_ENGINE = {
    "rules", "refusals", "ruledata", "bids", "scoring", "game", "gametext", "entry",
    "names",
}  # fmt: skip
# What the core may not import: files, processes, the clock, randomness, the terminal,
# and ways around the list (importlib).
NOT_IN_CORE = {
    "os", "pathlib", "io", "time", "random", "subprocess", "sys", "tomllib", "tomli",
    "tomli_w", "datetime", "shutil", "tempfile", "socket", "secrets", "uuid", "importlib",
    "glob", "fcntl", "signal", "threading", "multiprocessing",
}  # fmt: skip
NOT_CALLED_IN_CORE = {"open", "print", "input", "__import__"}
RICH_ALLOWED = {"render", "export", "cli"}
PARTS = {
    "core": CORE | {"event"},
    "files": {"presets", "tomltext", "gamefile", "gamewrite", "store", "library", "eventfile",
              "gameindex"},
    "words and reports": {"i18n", "hints", "render", "export", "stats", "ratings"},
    "service": {"service", "events"},
    "faces": {"cli", "serve", "__main__"},
    "simulator": {"sim", "league"},
    "tools": {"__init__", "i18n_catalog"},  # the package itself, the catalogs' tool
}  # fmt: skip
FACES = {"cli", "serve"}
NOT_IN_SIMULATOR = {"cli", "serve", "__main__", "service", "render", "export"}
# Imports that break a rule above and stand for now, each with its reason (a package
# names every module in it).
KNOWN = {
    ("scorepad.cli.serve", "scorepad.serve"): "the serve command starts the web face",
    ("scorepad.sim.validate", "scorepad.render.problems"): "a problem is worded on demand",
    ("scorepad.sim.results", "scorepad.render.problems"): "a replay is worded on demand",
}



@dataclass(frozen=True)
class Imported:
    """One name a module imports: `import module` (name None) or `from module import name`."""

    line: int
    module: str
    name: str | None
    type_only: bool  # under `if TYPE_CHECKING:`, never run


@dataclass(frozen=True)
class Module:
    """A source file of the package, its dotted name and what it imports and calls."""

    path: Path
    dotted: str
    tree: ast.Module

    @property
    def top(self) -> str:
        parts = self.dotted.split(".")
        return parts[1] if len(parts) > 1 else "__init__"

    @property
    def package(self) -> str:
        """The package this module is part of (for `__init__.py`, the package itself)."""
        return self.dotted if self.path.name == "__init__.py" else self.dotted.rpartition(".")[0]


def read_modules(root: Path) -> list[Module]:
    """Every .py file under the package folder `root`, parsed."""
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found.append(Module(path, ".".join(parts), ast.parse(path.read_text(), str(path))))
    return found


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    """The ids of the statements under `if TYPE_CHECKING:` blocks."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.body:
                inside.update(id(child) for child in ast.walk(statement))
    return inside


def imports_of(module: Module) -> list[Imported]:
    """What a module imports anywhere in it, in functions too, relative imports resolved."""
    type_only = _type_checking_nodes(module.tree)
    found = []
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(Imported(node.lineno, alias.name, None, id(node) in type_only))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.package.split(".")
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            for alias in node.names:
                found.append(Imported(node.lineno, base, alias.name, id(node) in type_only))
    return found


# Names a library documents as public despite the underscore: `os._exit` ends a forked
# worker without the cleanup that belongs to the process it was forked from.
PUBLIC_UNDERSCORED = {("os", "_exit")}


def _is_private(name: str) -> bool:
    # `_` alone is gettext's public name for "translate this" (scorepad.i18n._).
    dunder = name.startswith("__") and name.endswith("__")
    return name.startswith("_") and name != "_" and not dunder


def _private_imports(module: Module, imported: list[Imported]) -> Iterator[tuple[int, str]]:
    """Another module's private names taken by `module`, as (line, problem)."""
    for item in imported:
        parts = item.module.split(".")
        for depth, part in enumerate(parts[1:], start=1):
            if _is_private(part) and ".".join(parts[:depth]) != module.package:
                yield item.line, f"imports {parts[0]}'s private {'.'.join(parts[: depth + 1])}"
                break
        owned = item.module in (module.dotted, module.package)
        if item.name is not None and _is_private(item.name) and not owned:
            yield item.line, f"imports {item.module}'s private {item.name}"
    # `import x` binds x, `import x.y as z` binds z: a private attribute read through them.
    bound: dict[str, str] = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    bound[alias.name.split(".")[0]] = alias.name.split(".")[0]
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            parts, value = [], node.value
            while isinstance(value, ast.Attribute):
                parts.insert(0, value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in bound:
                owner = ".".join([bound[value.id], *parts])
                if (owner, node.attr) not in PUBLIC_UNDERSCORED:
                    yield node.lineno, f"reads {owner}'s private {node.attr}"


def _calls(tree: ast.Module) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            yield node.lineno, node.func.id


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def violations(root: Path) -> list[str]:
    """Every breach of the package's shape under `root`, one line each: `file:line: what`."""
    modules = read_modules(root)
    names = {module.dotted for module in modules}
    package = root.name
    found: list[str] = []
    graph: dict[str, set[str]] = {module.dotted: set() for module in modules}
    for module in modules:
        where = module.path.relative_to(root.parent).as_posix()
        problems: list[tuple[int, str]] = []
        layer = module.top
        if layer not in LAYERS:
            problems.append((1, f"{layer} has no layer (add it to LAYERS)"))
        imported = imports_of(module)
        for item in imported:
            root_name = item.module.split(".")[0]
            if layer in CORE and root_name in NOT_IN_CORE:
                problems.append((item.line, f"imports {root_name}"))
            if root_name == "click":
                problems.append((item.line, "imports click: Typer vendors it"))
            if root_name == "typer" and layer != "cli":
                problems.append((item.line, "imports typer outside cli/"))
            if root_name == "rich" and layer not in RICH_ALLOWED:
                problems.append((item.line, "imports rich"))
            if root_name != package:
                continue
            target = item.module
            if item.name is not None and f"{target}.{item.name}" in names:
                target = f"{target}.{item.name}"
            target_top = target.split(".")[1] if "." in target else "__init__"
            if layer in LAYERS and target_top in LAYERS and LAYERS[target_top] > LAYERS[layer]:
                problems.append((item.line, f"imports upward: {target}"))
            known = any(
                module.dotted == importer and (target + ".").startswith(imported + ".")
                for importer, imported in KNOWN
            )
            if layer in FACES and target_top in FACES - {layer} and not known:
                problems.append((item.line, f"face {layer} imports face {target_top}"))
            if layer == "sim" and target_top in NOT_IN_SIMULATOR and not known:
                problems.append((item.line, f"the simulator imports {target}"))
            if target in names and target != module.dotted and not item.type_only:
                graph[module.dotted].add(target)
        if layer in CORE:
            problems += [(line, f"calls {name}()") for line, name in _calls(module.tree)
                         if name in NOT_CALLED_IN_CORE]  # fmt: skip
        problems += _private_imports(module, imported)
        found += [f"{where}:{line}: {problem}" for line, problem in sorted(set(problems))]
    found += [f"import cycle: {' -> '.join(group)}" for group in _cycles(graph)]
    return found


def test_the_package_keeps_its_shape() -> None:
    assert violations(PACKAGE) == []


def test_every_module_is_in_one_part() -> None:
    """The parts the README's map names cover the package, each module once."""
    tops = {module.top for module in read_modules(PACKAGE)}
    named = [top for members in PARTS.values() for top in members]
    assert sorted(named) == sorted(set(named)) and set(named) == tops


def _functions(module: Module) -> dict[str, str]:
    """Each function of a module by name, as its body's syntax tree (names and code, not
    layout or docstrings)."""
    found = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.FunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]
            found[node.name] = "".join(ast.dump(statement) for statement in body)
    return found


def test_the_reference_shares_no_code_with_the_engine() -> None:
    """scorepad/reference.py is a second truth: it imports nothing of scorepad, the engine
    does not import it, and no function of it has the body of an engine function."""
    modules = {module.dotted: module for module in read_modules(PACKAGE)}
    reference = modules["scorepad.reference"]
    assert not [item for item in imports_of(reference) if item.module.startswith("scorepad")]
    theirs = {}
    for module in modules.values():
        if module.top in SCORING_ENGINE:
            assert not [item for item in imports_of(module) if "reference" in
                        f"{item.module}.{item.name}".split(".")], module.path  # fmt: skip
            theirs.update({body: name for name, body in _functions(module).items() if body})
    shared = {name: theirs[body] for name, body in _functions(reference).items() if body in theirs}
    assert not shared, f"reference functions with an engine function's body: {shared}"


# ---------------------------------------------------------------------------
# The checker finds what it is for: one planted breach of each kind


CLEAN = {
    "__init__.py": "",
    "errors.py": "class ScorepadError(ValueError):\n    pass\n",
    "cards.py": "from scorepad.errors import ScorepadError\nimport enum\n",
    "rules.py": "from __future__ import annotations\nimport dataclasses\n"
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from scorepad.cards import X\n",
    "game.py": "from scorepad.rules import Rules\nfrom scorepad import cards\n",
    "store.py": "import os\nfrom pathlib import Path\nfrom scorepad.game import Game\n"
    "import tomllib\n\ndef load():\n    return open('x')\n",
    "render.py": "from rich.table import Table\n",
    "export/__init__.py": "def export():\n    from scorepad.export.csv import go\n",
    "export/csv.py": "import csv\nfrom scorepad.export.view import row\n",
    "export/view.py": "from scorepad.game import Game\n",
    "sim/__init__.py": "",
    "sim/kernel.py": "def load():\n    from scorepad.sim import _kernel\n"
    "    from . import _kernel as k\n    return k._table\n",
    "cli/__init__.py": "import typer\nfrom scorepad.store import load\n",
    "serve/__init__.py": "from scorepad.store import load\n",
}


def tree_of(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "scorepad"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_clean_tree_passes_though_its_io_layer_does_io(tmp_path: Path) -> None:
    """Files and the clock in store, typer in cli, a package's own private module, a
    type-only import and a lazy import downward: all allowed."""
    assert violations(tree_of(tmp_path, CLEAN)) == []


@pytest.mark.parametrize(
    ("file", "source", "found"),
    [
        # The core does no I/O, no clock, no randomness, even inside a function.
        ("game.py", "import os\n", "scorepad/game.py:1: imports os"),
        ("rules.py", "from pathlib import Path\n", "scorepad/rules.py:1: imports pathlib"),
        ("cards.py", "import io\n", "scorepad/cards.py:1: imports io"),
        ("game.py", "def now():\n    import time\n", "scorepad/game.py:2: imports time"),
        ("game.py", "from random import choice\n", "scorepad/game.py:1: imports random"),
        ("rules.py", "import subprocess\n", "scorepad/rules.py:1: imports subprocess"),
        ("cards.py", "import sys\n", "scorepad/cards.py:1: imports sys"),
        ("rules.py", "def read(t):\n    import tomllib\n", "scorepad/rules.py:2: imports tomllib"),
        ("rules.py", "import tomli\n", "scorepad/rules.py:1: imports tomli"),
        ("rules.py", "import os.path as p\n", "scorepad/rules.py:1: imports os"),
        ("rules.py", "def read(p):\n    return open(p).read()\n",
         "scorepad/rules.py:2: calls open()"),
        ("cards.py", "def show(c):\n    print(c)\n", "scorepad/cards.py:2: calls print()"),
        # Layers import downward only.
        ("cards.py", "from scorepad.scoring import Line\n",
         "scorepad/cards.py:1: imports upward: scorepad.scoring"),
        ("game.py", "def draw():\n    from scorepad import render\n",
         "scorepad/game.py:2: imports upward: scorepad.render"),
        ("render.py", "import scorepad.cli\n",
         "scorepad/render.py:1: imports upward: scorepad.cli"),
        ("rules.py", "from .render import sheet\n",
         "scorepad/rules.py:1: imports upward: scorepad.render"),
        ("nowhere.py", "", "scorepad/nowhere.py:1: nowhere has no layer (add it to LAYERS)"),
        # No module takes another module's private name, scorepad's or a library's.
        ("store.py", "from scorepad.game import _trailing_by\n",
         "scorepad/store.py:1: imports scorepad.game's private _trailing_by"),
        ("store.py", "import tomli._parser\n",
         "scorepad/store.py:1: imports tomli's private tomli._parser"),
        ("store.py", "from tomli._parser import parse_value\n",
         "scorepad/store.py:1: imports tomli's private tomli._parser"),
        ("store.py", "import tomli\nX = tomli._parser\n",
         "scorepad/store.py:2: reads tomli's private _parser"),
        ("cli/__init__.py", "import scorepad.store as s\ns._fast_loads()\n",
         "scorepad/cli/__init__.py:2: reads scorepad.store's private _fast_loads"),
        ("export/csv.py", "from .view import _row_of\n",
         "scorepad/export/csv.py:1: imports scorepad.export.view's private _row_of"),
        ("cli/__init__.py", "from scorepad.sim import _kernel\n",
         "scorepad/cli/__init__.py:1: imports scorepad.sim's private _kernel"),
        # No face imports another; the simulator imports no face, service or renderer.
        ("serve/__init__.py", "from scorepad.cli import main\n",
         "scorepad/serve/__init__.py:1: face serve imports face cli"),
        ("cli/__init__.py", "import typer\ndef go():\n    from scorepad.serve import app\n",
         "scorepad/cli/__init__.py:3: face cli imports face serve"),
        ("sim/kernel.py", "from scorepad.render import sheet\n",
         "scorepad/sim/kernel.py:1: the simulator imports scorepad.render"),
        ("sim/kernel.py", "def show():\n    from scorepad.export.view import row\n",
         "scorepad/sim/kernel.py:2: the simulator imports scorepad.export.view"),
        # Typer stays in cli/, click out; Rich stays with the renderers.
        ("store.py", "import typer\n", "scorepad/store.py:1: imports typer outside cli/"),
        ("cli/__init__.py", "import click\n", "scorepad/cli/__init__.py:1: imports click: Typer"),
        ("game.py", "from rich.text import Text\n", "scorepad/game.py:1: imports rich"),
    ],
)  # fmt: skip
def test_a_planted_breach_is_found(tmp_path: Path, file: str, source: str, found: str) -> None:
    assert violations(tree_of(tmp_path, CLEAN)) == []
    problems = violations(tree_of(tmp_path, {**CLEAN, file: source}))
    assert len(problems) == 1 and problems[0].startswith(found), problems


@pytest.mark.parametrize(
    ("files", "cycle"),
    [
        pytest.param({"render.py": "from scorepad.export.view import x\n",
                      "export/view.py": "from scorepad.render import y\n"},
                     "import cycle: scorepad.export.view -> scorepad.render", id="same-layer"),
        pytest.param({"export/view.py": "def late():\n    from scorepad.export.csv import row\n"},
                     "import cycle: scorepad.export.csv -> scorepad.export.view", id="lazy"),
        pytest.param({"export/view.py": "from scorepad.export import csv\n"},
                     "import cycle: scorepad.export.csv -> scorepad.export.view", id="submodule"),
    ],
)  # fmt: skip
def test_a_planted_import_cycle_is_found(tmp_path: Path, files: dict[str, str], cycle: str) -> None:
    assert violations(tree_of(tmp_path, {**CLEAN, **files})) == [cycle]
