"""`import briscola` loads the rules engine only; the optional layers load on first use.

The package exposes the names of the players, simulation, records, JSON and sampling
layers through a module ``__getattr__`` (PEP 562), so these tests check both halves of the
promise: a fresh interpreter that imports the package has none of those modules loaded,
and every public name still resolves, is listed by ``dir``, and is the very object its
module defines.
"""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import briscola

PACKAGE = Path(briscola.__file__).resolve().parent

# Modules that `import briscola` must not load. The standard-library ones are what the
# optional layers pull in (json for JSON, concurrent.futures and logging for simulation).
NOT_AT_IMPORT = (
    "briscola.players",
    "briscola.simulation",
    "briscola.records",
    "briscola.serialize",
    "briscola.sampling",
    "briscola._schemas",
    "briscola.encoding",
    "briscola.vector",
    "briscola.terminal",
    "briscola.cli",
    "briscola.web",
    "json",
    "concurrent.futures",
    "difflib",
)


def _run(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new interpreter that imports this tree's package."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(PACKAGE.parent), *filter(None, [env.get("PYTHONPATH")])]
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)


def _fresh(code: str) -> str:
    done = _run(code)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_import_loads_no_optional_layer() -> None:
    loaded = _fresh("import sys, briscola; print(*sys.modules)").split()
    assert [name for name in NOT_AT_IMPORT if name in loaded] == []


def test_a_lazy_name_loads_its_layer_on_first_use() -> None:
    code = (
        "import sys, briscola\n"
        "print('briscola.simulation' in sys.modules)\n"
        "from briscola import simulate\n"
        "print('briscola.simulation' in sys.modules, simulate.__module__)\n"
    )
    assert _fresh(code).split() == ["False", "True", "briscola.simulation"]


def test_every_public_name_resolves_to_its_modules_object() -> None:
    for name in briscola.__all__:
        value = getattr(briscola, name)
        module = getattr(value, "__module__", None)
        if isinstance(module, str) and module.startswith("briscola."):
            assert getattr(importlib.import_module(module), name, value) is value, name


def test_star_import_and_dir_list_every_public_name() -> None:
    scope: dict[str, object] = {}
    exec("from briscola import *", scope)  # the star import reads __all__
    assert set(briscola.__all__) <= set(scope)
    assert set(briscola.__all__) <= set(dir(briscola))


def test_render_stays_the_function_when_its_module_is_imported() -> None:
    # The function `render` shares its name with its module: importing the module later
    # must not replace the function on the package.
    code = (
        "import briscola, briscola.render, briscola.serialize, briscola.players\n"
        "print(callable(briscola.render), type(briscola.render).__name__)\n"
    )
    assert _fresh(code).split() == ["True", "function"]


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Briscola'"):
        _ = briscola.Briscola


def test_the_lazy_table_matches_the_type_checking_imports() -> None:
    # The type checker reads the `if TYPE_CHECKING:` imports, the interpreter the table:
    # both must name the same things, each from the same module, and all of them public.
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    for_checker = {
        alias.name: node.module
        for block in tree.body
        if isinstance(block, ast.If)
        and isinstance(block.test, ast.Name)
        and block.test.id == "TYPE_CHECKING"
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    lazy = vars(briscola)["_LAZY"]
    assert for_checker == lazy
    assert set(lazy) <= set(briscola.__all__)


def test_a_preset_is_built_when_first_used() -> None:
    code = (
        "import briscola\n"
        "built = briscola.VARIANTS._built\n"
        "print(len(built))\n"
        "briscola.new_game('classic-4', seed=1)\n"
        "print(*built)\n"
    )
    assert _fresh(code).split() == ["0", "classic-4"]
    assert list(briscola.VARIANTS) == list(briscola.VARIANTS.keys())
    assert len(briscola.VARIANTS) == 11
    assert briscola.VARIANTS.get("classic") is briscola.VARIANTS["classic"]
    assert briscola.VARIANTS.get("poker") is None
    unhashable: object = []
    assert unhashable not in briscola.VARIANTS
    with pytest.raises(KeyError):
        briscola.VARIANTS["poker"]


def test_the_shared_repr_reads_like_the_one_attrs_generates() -> None:
    import attrs

    from briscola._repr import fields_repr

    @attrs.frozen
    class Generated:
        card: briscola.Card
        hidden: int = attrs.field(default=0, repr=False)
        shown: tuple[int, ...] = attrs.field(default=(1, 2), repr=lambda value: f"<{value}>")

    @attrs.frozen(repr=False)
    class Shared:
        __repr__ = fields_repr

        card: briscola.Card
        hidden: int = attrs.field(default=0, repr=False)
        shown: tuple[int, ...] = attrs.field(default=(1, 2), repr=lambda value: f"<{value}>")

    card = briscola.Card.parse("AC")
    assert repr(Shared(card)).replace("Shared", "Generated") == repr(Generated(card))
    assert repr(briscola.Play(card)) == "Play(card=Card.parse('AC'))"
    assert repr(briscola.Pass()) == "Pass()"
    assert (
        repr(briscola.Declare(briscola.Has(card))) == "Declare(claim=Has(card=Card.parse('AC')))"
    )


def test_the_shared_repr_never_raises_on_values_set_by_hand() -> None:
    from helpers import Hostile, untyped

    # Result types take their fields as given: a repr must still describe them.
    score = briscola.score(briscola.new_game("classic", seed=1))
    odd = attrs.evolve(score, void=untyped(10**5000), partner=untyped(Hostile()))
    assert "void=<an integer of 16610 bits>" in repr(odd)
    assert "partner=<Hostile>" in repr(odd)
    fmt = attrs.evolve(briscola.best_of(3), value=untyped((10**5000,)))
    assert "value=<tuple>" in repr(fmt)


def test_every_public_module_is_an_attribute_of_the_package_on_first_use() -> None:
    modules = sorted(
        path.stem if path.is_file() else path.name
        for path in PACKAGE.iterdir()
        if not path.name.startswith("_")
        and (path.suffix == ".py" or (path / "__init__.py").is_file())
        # `briscola.render` and `briscola.rules` are the functions of those modules.
        and path.stem not in {"cli", "render", "rules"}
    )
    code = (
        "import sys, briscola\n"
        "print(hasattr(briscola, 'nothing'), 'serialize' in dir(briscola))\n"
        f"for name in {modules!r}:\n"
        "    loaded = f'briscola.{name}' in sys.modules\n"
        "    module = getattr(briscola, name)\n"
        "    print(name, loaded, module is sys.modules[f'briscola.{name}'])\n"
    )
    lines = _fresh(code).splitlines()
    assert lines[0] == "False False"  # dir() does not list them: listing must not import
    for line in lines[1:]:
        name, _, same = line.split()
        assert same == "True", name
    assert "serialize False True" in lines


# What each optional layer needs, how it is first used, and what it says when that is missing.
_EXTRAS = [
    (
        "numpy",
        "from briscola.encoding import observation; "
        "observation(briscola.observe(briscola.new_game('classic'), 0))",
        "ImportError: briscola.encoding needs numpy: pip install 'briscola[rl]'",
    ),
    (
        "numpy",
        "from briscola.vector import VectorGame; VectorGame('classic')",
        "ImportError: briscola.vector needs numpy: pip install 'briscola[rl]'",
    ),
    (
        "gymnasium",
        "import briscola.envs.gymnasium",
        "ImportError: this environment needs gymnasium: pip install 'briscola[gymnasium]'",
    ),
    (
        "pettingzoo",
        "import briscola.envs.pettingzoo",
        "ImportError: this environment needs pettingzoo: pip install 'briscola[pettingzoo]'",
    ),
    (
        "pyspiel",
        "import briscola.envs.openspiel",
        "ImportError: this environment needs pyspiel: pip install 'briscola[openspiel]'",
    ),
    (
        "ray",
        "from briscola.ray_executor import RayExecutor; RayExecutor()",
        "ModuleNotFoundError: RayExecutor needs Ray: pip install 'briscola[ray]'",
    ),
    (
        "starlette",
        "import briscola.web.app",
        "ImportError: the briscola web table needs Starlette and uvicorn: "
        "pip install 'briscola[web]'",
    ),
]


@pytest.mark.parametrize(("missing", "use", "said"), _EXTRAS)
def test_a_missing_extra_is_named_with_the_command_that_installs_it(
    missing: str, use: str, said: str
) -> None:
    # A None in sys.modules makes every import of that module fail, as if not installed.
    done = _run(f"import sys; sys.modules[{missing!r}] = None; import briscola; {use}")
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == said


@pytest.mark.parametrize("missing", ["uvicorn", "starlette"])
def test_serve_without_the_web_extra_says_how_to_install_it(missing: str) -> None:
    done = _run(
        f"import sys; sys.modules[{missing!r}] = None; from briscola.cli import main; "
        "sys.exit(main(['serve']))"
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.endswith("pip install 'briscola[web]'\n")
    assert "Traceback" not in done.stderr
