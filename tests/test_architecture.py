"""The package's shape, read from its syntax trees (never from its text).

The package is split into parts, each a set of module-name prefixes (a package, or a
module of the ground at the top); a new module belongs to the part of the folder it is
created in. `MAY_IMPORT` says which parts each part may import, counting imports inside
functions too:

- the ground (the error tree, the language, numbers as typed, hints) imports only itself;
- the reference (the second truth) imports nothing of scorepad but its own modules;
- the engine and the club are pure: no I/O, no clock, no randomness (none of the modules
  that do, and no `open`, `print` or `input`);
- files is the only part that opens files; the service is the one way in for the faces;
- words, render and export put facts into words and pictures and open no files;
- the faces (cli/, serve/, app/) parse, call the service and render its answer (the two
  page faces share `pages/`, what a page shows and what its forms change); no face imports
  another face, and none imports the files part;
- the simulator imports neither a face, nor the service, nor the renderers or exports.

No module imports itself back through others (no cycles), and no module takes another
module's private name (`from x import _y`, `x._y`, `x._mod`), scorepad's or a library's;
a package's own private module is its own business. Typer only in cli/, never click;
Rich only in render/, export/ and cli/. The few breaches still standing are named in
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

# Each part, by the prefixes of the module names it holds (`scorepad` alone is the
# package's own `__init__`).
PARTS: dict[str, tuple[str, ...]] = {
    "ground": ("scorepad", "scorepad.errors", "scorepad.i18n", "scorepad.numbers",
               "scorepad.hints"),
    "reference": ("scorepad.reference",),
    "engine": ("scorepad.engine",),
    "club": ("scorepad.club",),
    "files": ("scorepad.files",),
    "words": ("scorepad.words",),
    "reports": ("scorepad.render", "scorepad.export"),
    "service": ("scorepad.service",),
    "simulator": ("scorepad.sim",),
    "pages": ("scorepad.pages",),
    "faces": ("scorepad.cli", "scorepad.serve", "scorepad.app", "scorepad.__main__"),
}  # fmt: skip
MAY_IMPORT: dict[str, set[str]] = {
    "ground": {"ground"},
    "reference": {"reference"},
    "engine": {"ground", "engine"},
    "club": {"ground", "engine", "club"},
    "files": {"ground", "engine", "club", "files"},
    "words": {"ground", "engine", "club", "words"},
    "reports": {"ground", "engine", "club", "words", "reports"},
    "service": {"ground", "engine", "club", "files", "words", "service"},
    "simulator": {"ground", "reference", "engine", "club", "files", "simulator"},
    "pages": {"ground", "engine", "club", "words", "service", "pages"},
    "faces": {"ground", "engine", "club", "words", "reports", "service", "pages", "simulator",
              "faces"},
}
# The parts that do no I/O, read no clock and draw no random numbers.
PURE = {"engine", "club", "reference"}
# The engine's reading of the rules, which the reference must not share.
SCORING_ENGINE = ("scorepad.engine",)
# What a pure part may not import: files, processes, the clock, randomness, the terminal,
# and ways around the list (importlib).
NOT_IN_PURE = {
    "os", "pathlib", "io", "time", "random", "subprocess", "sys", "tomllib", "tomli",
    "tomli_w", "datetime", "shutil", "tempfile", "socket", "secrets", "uuid", "importlib",
    "glob", "fcntl", "signal", "threading", "multiprocessing",
}  # fmt: skip
NOT_CALLED_IN_PURE = {"open", "print", "input", "__import__"}
TYPER_ALLOWED = ("scorepad.cli",)
RICH_ALLOWED = ("scorepad.render", "scorepad.export", "scorepad.cli")
# The faces, each a package: none imports another.
FACES = ("scorepad.cli", "scorepad.serve", "scorepad.app")
# Imports between two places that no part's rule forbids but that are refused all the same.
FORBIDDEN = {
    ("scorepad.serve", "scorepad.export"): "the served pages word through words/, not an export",
}
# Imports that break a rule above and stand for now, each with its reason (a prefix names
# every module under it).
KNOWN = {
    ("scorepad.cli.serve", "scorepad.serve"): "the serve command starts the web face",
    ("scorepad.sim.validate", "scorepad.render.problems"): "a problem is worded on demand",
    ("scorepad.sim.results", "scorepad.render.problems"): "a replay is worded on demand",
    ("scorepad.cli.phone", "scorepad.app"): "the app command builds the phone app",
}


def under(name: str, prefix: str) -> bool:
    """Whether the dotted `name` is `prefix` or inside it (`scorepad` alone is only itself)."""
    return name == prefix or (prefix != "scorepad" and name.startswith(prefix + "."))


def part_of(name: str) -> str | None:
    """The part a module belongs to, by its longest matching prefix (None: in no part)."""
    best, found = "", None
    for part, prefixes in PARTS.items():
        for prefix in prefixes:
            if under(name, prefix) and len(prefix) > len(best):
                best, found = prefix, part
    return found


def is_known(importer: str, imported: str) -> bool:
    return any(under(importer, a) and under(imported, b) for a, b in KNOWN)


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
        part = part_of(module.dotted)
        if part is None:
            problems.append((1, f"{module.dotted} is in no part (add it to PARTS)"))
        imported = imports_of(module)
        for item in imported:
            root_name = item.module.split(".")[0]
            if part in PURE and root_name in NOT_IN_PURE:
                problems.append((item.line, f"imports {root_name}"))
            if root_name == "click":
                problems.append((item.line, "imports click: Typer vendors it"))
            if root_name == "typer" and not any(under(module.dotted, p) for p in TYPER_ALLOWED):
                problems.append((item.line, "imports typer outside cli/"))
            if root_name == "rich" and not any(under(module.dotted, p) for p in RICH_ALLOWED):
                problems.append((item.line, "imports rich"))
            if root_name != package:
                continue
            target = item.module
            if item.name is not None and f"{target}.{item.name}" in names:
                target = f"{target}.{item.name}"
            if target in names and target != module.dotted and not item.type_only:
                graph[module.dotted].add(target)
            if is_known(module.dotted, target):
                continue
            target_part = part_of(target)
            if part is not None and target_part is not None and target_part not in MAY_IMPORT[part]:
                problems.append((item.line, f"{part} imports {target_part}: {target}"))
            for face in FACES:
                if under(module.dotted, face):
                    other = [f for f in FACES if f != face and under(target, f)]
                    if other:
                        problems.append((item.line, f"face {face} imports face {other[0]}"))
            for (a, b), why in FORBIDDEN.items():
                if under(module.dotted, a) and under(target, b):
                    problems.append((item.line, f"imports {target}: {why}"))
        if part in PURE:
            problems += [(line, f"calls {name}()") for line, name in _calls(module.tree)
                         if name in NOT_CALLED_IN_PURE]  # fmt: skip
        problems += _private_imports(module, imported)
        found += [f"{where}:{line}: {problem}" for line, problem in sorted(set(problems))]
    found += [f"import cycle: {' -> '.join(group)}" for group in _cycles(graph)]
    return found


def test_the_package_keeps_its_shape() -> None:
    assert violations(PACKAGE) == []


def test_no_module_is_over_500_lines() -> None:
    """A module a newcomer can read: a longer one is split where its parts part."""
    lines = {module.dotted: len(module.path.read_text().splitlines())
             for module in read_modules(PACKAGE)}  # fmt: skip
    assert {name: count for name, count in lines.items() if count > 500} == {}


def test_every_module_is_in_one_part() -> None:
    """The parts cover the package, and every prefix names modules that exist."""
    modules = [module.dotted for module in read_modules(PACKAGE)]
    assert [name for name in modules if part_of(name) is None] == []
    prefixes = [prefix for members in PARTS.values() for prefix in members]
    assert sorted(prefixes) == sorted(set(prefixes))


def test_every_package_init_is_a_map_that_imports_nothing() -> None:
    """Each package's `__init__.py` is a docstring naming its modules (`name`), and no code."""
    for module in read_modules(PACKAGE):
        if module.path.name != "__init__.py" or module.dotted == "scorepad":
            continue
        body = module.tree.body
        assert body and isinstance(body[0], ast.Expr), module.path
        docstring = ast.get_docstring(module.tree) or ""
        assert [type(node).__name__ for node in body[1:]] == [], module.path
        for child in sorted(module.path.parent.glob("*.py")):
            if child.name != "__init__.py" and not child.name.startswith("_"):
                named = f"`{child.stem}`" in docstring or f".{child.stem}`" in docstring
                assert named, f"{module.path} does not name {child.stem}"


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
    """scorepad/reference/ is a second truth: it imports nothing of scorepad but itself, the
    engine does not import it, and no function of it has the body of an engine function."""
    modules = read_modules(PACKAGE)
    references = [module for module in modules if under(module.dotted, "scorepad.reference")]
    assert len(references) > 1
    for reference in references:
        outside = [item.module for item in imports_of(reference)
                   if item.module.startswith("scorepad")
                   and not under(item.module, "scorepad.reference")]  # fmt: skip
        assert outside == [], reference.path
    theirs = {}
    for module in modules:
        if any(under(module.dotted, prefix) for prefix in SCORING_ENGINE):
            assert not [item for item in imports_of(module) if "reference" in
                        f"{item.module}.{item.name}".split(".")], module.path  # fmt: skip
            theirs.update({body: name for name, body in _functions(module).items() if body})
    shared = {
        name: theirs[body]
        for reference in references
        for name, body in _functions(reference).items()
        if body in theirs
    }
    assert not shared, f"reference functions with an engine function's body: {shared}"


# ---------------------------------------------------------------------------
# The checker finds what it is for: one planted breach of each kind


CLEAN = {
    "__init__.py": "",
    "errors.py": "class ScorepadError(ValueError):\n    pass\n",
    "reference/__init__.py": "",
    "reference/tally.py": "import fractions\nfrom scorepad.reference.rulebook import x\n",
    "reference/rulebook.py": "import fractions\n",
    "engine/__init__.py": "",
    "engine/cards.py": "from scorepad.errors import ScorepadError\nimport enum\n",
    "engine/rules.py": "from __future__ import annotations\nimport dataclasses\n"
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
    "    from scorepad.engine.cards import X\n",
    "engine/game.py": "from scorepad.engine.rules import Rules\n"
    "from scorepad.engine import cards\n",
    "club/__init__.py": "",
    "club/night.py": "from scorepad.engine.game import Game\n",
    "files/__init__.py": "",
    "files/store.py": "import os\nfrom pathlib import Path\nfrom scorepad.engine.game import Game\n"
    "import tomllib\n\ndef load():\n    return open('x')\n",
    "words/__init__.py": "",
    "words/sheet.py": "from scorepad.club.night import x\n",
    "render/__init__.py": "from rich.table import Table\nfrom scorepad.words.sheet import y\n",
    "export/__init__.py": "def export():\n    from scorepad.export.csv import go\n",
    "export/csv.py": "import csv\nfrom scorepad.export.view import row\n",
    "export/view.py": "from scorepad.engine.game import Game\n",
    "service/__init__.py": "",
    "service/games.py": "from scorepad.files.store import load\n",
    "sim/__init__.py": "",
    "sim/kernel.py": "def load():\n    from scorepad.sim import _kernel\n"
    "    from . import _kernel as k\n    from scorepad.files import store\n    return k._table\n",
    "cli/__init__.py": "import typer\nfrom scorepad.service.games import load\n",
    "serve/__init__.py": "from scorepad.service.games import load\n",
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
        # The engine and the club do no I/O, no clock, no randomness, even in a function.
        ("engine/game.py", "import os\n", "scorepad/engine/game.py:1: imports os"),
        ("engine/rules.py", "from pathlib import Path\n",
         "scorepad/engine/rules.py:1: imports pathlib"),
        ("engine/cards.py", "import io\n", "scorepad/engine/cards.py:1: imports io"),
        ("engine/game.py", "def now():\n    import time\n",
         "scorepad/engine/game.py:2: imports time"),
        ("engine/game.py", "from random import choice\n",
         "scorepad/engine/game.py:1: imports random"),
        ("engine/rules.py", "import subprocess\n",
         "scorepad/engine/rules.py:1: imports subprocess"),
        ("engine/cards.py", "import sys\n", "scorepad/engine/cards.py:1: imports sys"),
        ("engine/rules.py", "def read(t):\n    import tomllib\n",
         "scorepad/engine/rules.py:2: imports tomllib"),
        ("engine/rules.py", "import tomli\n", "scorepad/engine/rules.py:1: imports tomli"),
        ("engine/rules.py", "import os.path as p\n", "scorepad/engine/rules.py:1: imports os"),
        ("engine/rules.py", "def read(p):\n    return open(p).read()\n",
         "scorepad/engine/rules.py:2: calls open()"),
        ("engine/cards.py", "def show(c):\n    print(c)\n",
         "scorepad/engine/cards.py:2: calls print()"),
        ("club/night.py", "import datetime\n", "scorepad/club/night.py:1: imports datetime"),
        ("reference/rulebook.py", "import random\n",
         "scorepad/reference/rulebook.py:1: imports random"),
        # A new module is in the part of the folder it is created in.
        ("engine/play.py", "import os\n", "scorepad/engine/play.py:1: imports os"),
        ("nowhere.py", "", "scorepad/nowhere.py:1: scorepad.nowhere is in no part"),
        # Each part imports only the parts it may.
        ("engine/bids.py", "from scorepad.files.store import load\n",
         "scorepad/engine/bids.py:1: engine imports files: scorepad.files.store"),
        ("engine/bids.py", "def draw():\n    from scorepad import render\n",
         "scorepad/engine/bids.py:2: engine imports reports: scorepad.render"),
        ("engine/bids.py", "from ..render import sheet\n",
         "scorepad/engine/bids.py:1: engine imports reports: scorepad.render"),
        ("engine/bids.py", "from scorepad.club.night import x\n",
         "scorepad/engine/bids.py:1: engine imports club: scorepad.club.night"),
        ("club/night.py", "from scorepad.files import store\n",
         "scorepad/club/night.py:1: club imports files: scorepad.files.store"),
        ("words/sheet.py", "from scorepad.files.store import load\n",
         "scorepad/words/sheet.py:1: words imports files: scorepad.files.store"),
        ("export/view.py", "from scorepad.service.games import load\n",
         "scorepad/export/view.py:1: reports imports service: scorepad.service.games"),
        ("render/__init__.py", "import scorepad.cli\n",
         "scorepad/render/__init__.py:1: reports imports faces: scorepad.cli"),
        ("service/games.py", "def parse():\n    from scorepad.serve.changes import form_bids\n",
         "scorepad/service/games.py:2: service imports faces: scorepad.serve.changes"),
        ("files/library.py", "from scorepad.service import games\n",
         "scorepad/files/library.py:1: files imports service: scorepad.service.games"),
        ("reference/rulebook.py", "from scorepad.errors import ScorepadError\n",
         "scorepad/reference/rulebook.py:1: reference imports ground: scorepad.errors"),
        ("i18n.py", "from scorepad.engine.game import Game\n",
         "scorepad/i18n.py:1: ground imports engine: scorepad.engine.game"),
        # No module takes another module's private name, scorepad's or a library's.
        ("files/store.py", "from scorepad.engine.game import _trailing_by\n",
         "scorepad/files/store.py:1: imports scorepad.engine.game's private _trailing_by"),
        ("files/store.py", "import tomli._parser\n",
         "scorepad/files/store.py:1: imports tomli's private tomli._parser"),
        ("files/store.py", "from tomli._parser import parse_value\n",
         "scorepad/files/store.py:1: imports tomli's private tomli._parser"),
        ("files/store.py", "import tomli\nX = tomli._parser\n",
         "scorepad/files/store.py:2: reads tomli's private _parser"),
        ("cli/__init__.py", "import scorepad.service.games as s\ns._fast_loads()\n",
         "scorepad/cli/__init__.py:2: reads scorepad.service.games's private _fast_loads"),
        ("export/csv.py", "from .view import _row_of\n",
         "scorepad/export/csv.py:1: imports scorepad.export.view's private _row_of"),
        ("cli/__init__.py", "from scorepad.sim import _kernel\n",
         "scorepad/cli/__init__.py:1: imports scorepad.sim's private _kernel"),
        # No face imports another; the simulator imports no face, service or renderer.
        ("serve/__init__.py", "from scorepad.cli.main import main\n",
         "scorepad/serve/__init__.py:1: face scorepad.serve imports face scorepad.cli"),
        ("cli/__init__.py", "import typer\ndef go():\n    from scorepad.serve import app\n",
         "scorepad/cli/__init__.py:3: face scorepad.cli imports face scorepad.serve"),
        ("sim/kernel.py", "from scorepad.render import sheet\n",
         "scorepad/sim/kernel.py:1: simulator imports reports: scorepad.render"),
        ("sim/kernel.py", "def show():\n    from scorepad.export.view import row\n",
         "scorepad/sim/kernel.py:2: simulator imports reports: scorepad.export.view"),
        ("sim/kernel.py", "from scorepad.service.games import load\n",
         "scorepad/sim/kernel.py:1: simulator imports service: scorepad.service.games"),
        ("sim/kernel.py", "from scorepad.serve import app\n",
         "scorepad/sim/kernel.py:1: simulator imports faces: scorepad.serve"),
        # A face reads and writes through the service, never through the files part.
        ("cli/__init__.py", "import typer\nfrom scorepad.files.store import load\n",
         "scorepad/cli/__init__.py:2: faces imports files: scorepad.files.store"),
        ("serve/__init__.py", "def page():\n    from scorepad.files import store\n",
         "scorepad/serve/__init__.py:2: faces imports files: scorepad.files.store"),
        ("serve/__init__.py", "import scorepad.files.store\n",
         "scorepad/serve/__init__.py:1: faces imports files: scorepad.files.store"),
        # The served pages word through words/, never through an export.
        ("serve/__init__.py", "from scorepad.export.view import row\n",
         "scorepad/serve/__init__.py:1: imports scorepad.export.view: the served pages word"),
        ("serve/__init__.py", "def room():\n    from scorepad.export import event\n",
         "scorepad/serve/__init__.py:2: imports scorepad.export: the served pages word"),
        # Typer stays in cli/, click out; Rich stays with the renderers.
        ("files/store.py", "import typer\n",
         "scorepad/files/store.py:1: imports typer outside cli/"),
        ("cli/__init__.py", "import click\n", "scorepad/cli/__init__.py:1: imports click: Typer"),
        ("engine/game.py", "from rich.text import Text\n",
         "scorepad/engine/game.py:1: imports rich"),
        ("serve/__init__.py", "from rich.text import Text\n",
         "scorepad/serve/__init__.py:1: imports rich"),
    ],
)  # fmt: skip
def test_a_planted_breach_is_found(tmp_path: Path, file: str, source: str, found: str) -> None:
    assert violations(tree_of(tmp_path, CLEAN)) == []
    problems = violations(tree_of(tmp_path, {**CLEAN, file: source}))
    assert len(problems) == 1 and problems[0].startswith(found), problems


@pytest.mark.parametrize(
    ("files", "cycle"),
    [
        pytest.param({"render/__init__.py": "from scorepad.export.view import x\n",
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
