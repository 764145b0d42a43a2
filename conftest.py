"""Doctests of the modules whose optional extra is missing are not collected: they import
the extra at module level, and their tests skip the same way (``pytest.importorskip``), so
the suite also runs where only some extras are installed."""

from importlib.util import find_spec

_EXTRA_MODULE = {
    "src/briscola/envs/gymnasium.py": "gymnasium",
    "src/briscola/envs/openspiel.py": "pyspiel",
    "src/briscola/envs/pettingzoo.py": "pettingzoo",
    "src/briscola/vector.py": "numpy",
    "src/briscola/web/app.py": "starlette",
}

collect_ignore = [path for path, module in _EXTRA_MODULE.items() if find_spec(module) is None]
