"""Helpers shared by the environments: seeds and the extras' import errors."""

from __future__ import annotations

import importlib
import operator
from types import ModuleType

from .._quote import quote
from ..errors import RulesError


def require(module: str, extra: str) -> ModuleType:
    """Import ``module``, or explain which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(
            f"this environment needs {module}: pip install 'briscola[{extra}]'"
        ) from None


def as_seed(seed: object) -> int | None:
    """A seed as a plain ``int``: frameworks hand out ``numpy`` integers."""
    if seed is None:
        return None
    if isinstance(seed, bool):
        raise RulesError(f"seed={seed!r} is not valid: use a whole number or None")
    try:
        return operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        raise RulesError(f"seed={quote(seed)} is not valid: use a whole number or None") from None
