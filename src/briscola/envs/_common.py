"""Helpers shared by the environments: seeds and the extras' import errors."""

from __future__ import annotations

import importlib
from types import ModuleType

from .._deal import check_seed


def require(module: str, extra: str) -> ModuleType:
    """Import ``module``, or explain which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(
            f"this environment needs {module}: pip install 'briscola[{extra}]'"
        ) from None


def as_seed(seed: object) -> int | None:
    """A seed as a plain ``int`` (frameworks hand out ``numpy`` integers), or ``None``.

    Raises:
        RulesError: for anything `new_game` would refuse as a seed.
    """
    return None if seed is None else check_seed(seed)
