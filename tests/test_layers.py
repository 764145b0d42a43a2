"""The package is layered: each module imports only from the layers below its own.

The graph is drawn from the import statements themselves (with `ast`), so a new import that
runs back up, or closes a circle, fails here before it can hide behind a function-level
import. docs/architecture.md draws the same layers for contributors.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "briscola"

# Bottom to top. A module may import from its own layer's earlier modules only when listed
# in the same inner tuple *before* it, and from any lower layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("_version", "errors", "_quote", "_enums", "_repr", "_frozen"),
    ("cards",),
    ("moves",),
    ("rules",),
    ("state", "tricks"),
    ("_deal", "_contract", "_received"),
    ("_play",),
    ("_auction", "_rounds"),
    ("_engine",),
    ("scoring", "views"),
    ("match",),
    ("records", "sampling", "render", "_schemas", "serialize", "checking"),
    ("game",),
    # Optional features, on top of the public verbs.
    ("encoding", "vector", "players", "simulation", "ray_executor", "terminal"),
    ("__init__", "cli", "__main__"),
)

# Function-level imports are allowed only where they save real import time for an optional
# feature; each one is listed here as (module, imported module), with a comment at the site.
LAZY_ALLOWED: frozenset[tuple[str, str]] = frozenset(
    {("cli", "web")}  # briscola serve: Starlette and uvicorn load only for that command
)


def _rank() -> dict[str, tuple[int, int]]:
    return {
        name: (level, position)
        for level, names in enumerate(LAYERS)
        for position, name in enumerate(names)
    }


def _imports(path: Path) -> list[tuple[str, bool]]:
    """The package modules ``path`` imports, each with whether the import is lazy."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top_level = {id(node) for node in tree.body}
    # Imports under a top-level ``if TYPE_CHECKING:`` only tell the type checker about names
    # loaded on first use (the package's ``__getattr__``): they rank like top-level imports.
    for statement in tree.body:
        if _is_type_checking(statement):
            top_level.update(id(child) for child in ast.walk(statement))
    found: list[tuple[str, bool]] = []
    for node in ast.walk(tree):
        lazy = id(node) not in top_level
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.append((node.module.split(".")[0], lazy))
            elif node.level == 1:
                found.extend((alias.name, lazy) for alias in node.names)
            elif node.module and node.module.split(".")[0] == "briscola":
                parts = node.module.split(".")
                if len(parts) > 1:
                    found.append((parts[1], lazy))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "briscola" and len(parts) > 1:
                    found.append((parts[1], lazy))
    return found


def _is_type_checking(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
        and not node.orelse
    )


def _graph() -> dict[str, list[tuple[str, bool]]]:
    return {path.stem: _imports(path) for path in sorted(PACKAGE.glob("*.py"))}


def test_every_module_has_a_layer() -> None:
    ranks = _rank()
    missing = sorted(set(_graph()) - set(ranks))
    assert not missing, f"modules with no declared layer in LAYERS: {missing}"
    stale = sorted(set(ranks) - set(_graph()))
    assert not stale, f"LAYERS names modules that do not exist: {stale}"


def test_no_import_runs_back_up() -> None:
    ranks = _rank()
    upward = [
        f"{module} imports {target}"
        for module, targets in _graph().items()
        for target, _lazy in targets
        if target in ranks and module in ranks and ranks[target] >= ranks[module]
    ]
    assert not upward, "imports against the layer order: " + "; ".join(upward)


def test_no_import_circle() -> None:
    graph = {
        module: {target for target, _lazy in targets if target != module}
        for module, targets in _graph().items()
    }
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in path:
            cycle = path[path.index(module) :] + [module]
            raise AssertionError("import circle: " + " -> ".join(cycle))
        if module in done:
            return
        path.append(module)
        for target in sorted(graph.get(module, ())):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)


def test_function_level_imports_are_only_the_allowed_ones() -> None:
    lazy = sorted(
        (module, target)
        for module, targets in _graph().items()
        for target, is_lazy in targets
        if is_lazy and (module, target) not in LAZY_ALLOWED
    )
    assert not lazy, f"function-level imports outside LAZY_ALLOWED: {lazy}"


def test_the_checker_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "cards.py"
    module.write_text("from .game import apply\n\ndef f():\n    from briscola.match import x\n")
    assert _imports(module) == [("game", False), ("match", True)]


def test_the_checker_ranks_type_checking_imports_as_top_level(tmp_path: Path) -> None:
    module = tmp_path / "__init__.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .game import x\n"
    )
    assert _imports(module) == [("game", False)]
