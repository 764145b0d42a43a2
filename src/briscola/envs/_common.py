"""Helpers shared by the environments: seeds, seats, choices such as the render mode,
``reset()``'s options, the call before ``reset()``, and the extras' import errors."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from .._deal import check_seed
from .._numbers import whole_number
from .._quote import quote
from ..errors import InvalidStateError, RulesError


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


def as_seat(seat: object, seats: tuple[int, ...]) -> int | None:
    """``seat`` as a plain ``int`` when it is one of ``seats`` (a ``numpy`` integer too, as
    frameworks read seats from arrays), else ``None``."""
    number = whole_number(seat)
    return number if number in seats else None


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> str:
    """``value`` as one of ``choices``, a plain ``str`` (a subclass is read as its text, and
    none of its own methods run).

    Raises:
        RulesError: for anything else, naming the argument ``name`` and the choices.
    """
    if isinstance(value, str):
        text = str.__str__(value)
        if text in choices:
            return text
    allowed = " or ".join(repr(choice) for choice in choices)
    raise RulesError(f"{name}={quote(value)} is not valid: use {allowed}")


def check_render_mode(value: object) -> str | None:
    """``value`` as a render mode: ``None``, ``"human"`` or ``"ansi"``.

    Raises:
        RulesError: for anything else.
    """
    return None if value is None else check_choice("render_mode", value, ("human", "ansi"))


def dealer_option(options: object) -> Any:
    """The ``"dealer"`` that ``reset(options=...)`` asks for, ``None`` when it asks for none;
    other keys are ignored. The value is returned unchecked, for the caller to check as a seat.

    Raises:
        RulesError: for ``options`` that is not a dict.
    """
    if options is None:
        return None
    if not isinstance(options, dict):
        raise RulesError(f"options must be a dict, not {type(options).__name__}")
    return options.get("dealer")


def no_deal() -> InvalidStateError:
    """The error of a call that needs a deal, made before the first ``reset()``."""
    return InvalidStateError("the environment has no deal yet: call reset() first")
