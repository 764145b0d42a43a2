"""The package is layered: each module imports only from the layers below its own.

The graph is drawn from the import statements themselves (with `ast`), so a new import that
runs back up, or closes a circle, fails here before it can hide behind a function-level
import. docs/architecture.md draws the same layers for contributors.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "briscola"

# Bottom to top. A module may import from its own layer's earlier modules only when listed
# in the same inner tuple *before* it, and from any lower layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("_version", "errors", "_quote", "_numbers", "_enums", "_repr", "_frozen"),
    ("cards",),
    ("moves",),
    ("rules",),
    ("tricks", "state"),
    ("_deal", "_contract", "_received"),
    ("_play",),
    ("_auction", "_rounds"),
    ("_engine",),
    ("scoring", "views"),
    ("match",),
    ("records", "sampling", "render", "_schemas", "serialize", "checking", "_option_text"),
    ("game",),
    # Optional features, on top of the public verbs.
    ("encoding", "vector", "players", "simulation", "ray_executor", "terminal"),
    ("__init__",),
    # The subpackages, which need optional extras, and the command line that loads them.
    ("envs._common", "envs", "envs.pettingzoo", "envs.gymnasium", "envs.openspiel"),
    ("web.tables", "web", "web.app", "web.server"),
    ("cli", "__main__"),
)

# Function-level imports are allowed only where they save real import time for an optional
# feature; each one is listed here as (module, imported module), with a comment at the site.
LAZY_ALLOWED: frozenset[tuple[str, str]] = frozenset(
    {
        # briscola serve: Starlette and uvicorn load only for that command.
        ("cli", "web.server"),
        ("cli", "web.tables"),
        # The application imports Starlette: it loads once uvicorn is known to be there.
        ("web.server", "web.app"),
    }
)


def _rank() -> dict[str, tuple[int, int]]:
    return {
        name: (level, position)
        for level, names in enumerate(LAYERS)
        for position, name in enumerate(names)
    }


def _module_name(path: Path) -> str:
    """``cards``, ``__init__`` (the package), ``envs`` (a subpackage), ``envs.gymnasium``."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if len(parts) > 1 and parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.cache
def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _resolve(dotted: str, known: set[str]) -> str:
    """The module that ``dotted`` (a path below the package) names or takes a name from."""
    parts = dotted.split(".") if dotted else []
    while parts and ".".join(parts) not in known:
        parts.pop()
    return ".".join(parts) or "__init__"


def _imports(path: Path, name: str | None = None) -> list[tuple[str, bool]]:
    """The package modules ``path`` (the module ``name``) imports, each with whether the
    import is lazy."""
    name = path.stem if name is None else name
    known = set(_modules()) | {name}
    is_package = path.name == "__init__.py" and name != "__init__"
    package = name.split(".") if is_package else name.split(".")[:-1]
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
            if node.level:
                base = package[: len(package) - (node.level - 1)]
            elif node.module and node.module.split(".")[0] == "briscola":
                base = []
            else:
                continue
            module = [*base, *(node.module.split(".") if node.module else [])]
            if not node.level:
                module = module[1:]  # absolute: drop "briscola"
            targets = [".".join([*module, alias.name]) for alias in node.names]
            found.extend((_resolve(target, known), lazy) for target in targets)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "briscola" and len(parts) > 1:
                    found.append((_resolve(".".join(parts[1:]), known), lazy))
    return found


def _is_type_checking(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
        and not node.orelse
    )


def _graph() -> dict[str, list[tuple[str, bool]]]:
    return {name: _imports(path, name) for name, path in _modules().items()}


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


def test_the_architecture_page_draws_these_layers() -> None:
    page = PACKAGE.parent.parent / "docs" / "architecture.md"
    diagram = page.read_text(encoding="utf-8").split("```text\n", 1)[1].split("```", 1)[0]
    # In order: a module may import from those to its left in its layer.
    drawn = [
        tuple(re.split(r"\s{3,}", line.strip())[0].split())
        for line in diagram.splitlines()
        if line.startswith(" ") and not line.startswith("  ")
    ]
    assert drawn == list(reversed(LAYERS))
