"""Whole numbers from callers: a plain ``int``, or any integer type with ``__index__``.

Learning code passes ``numpy.int64`` seats, seeds and actions read from arrays; the library
takes them as the ``int`` they stand for. ``bool`` is refused, since ``True`` standing for
seat 1 is almost always a mistake, and so is everything else: floats, strings, and objects
whose ``__index__`` fails.
"""

from __future__ import annotations

import operator

__all__ = ["seat_number", "whole_number"]


def whole_number(value: object) -> int | None:
    """``value`` as a plain ``int``, or ``None`` when it is not a whole number."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int.__index__(value)  # an int subclass: its plain value, whatever it overrides
    try:
        index = operator.index(value)  # type: ignore[arg-type]
    except Exception:  # any failure of a foreign __index__ means "not a whole number"
        return None
    if isinstance(index, bool) or not isinstance(index, int):
        return None
    return int.__index__(index)


def seat_number(value: object, players: int) -> int | None:
    """``value`` as a seat from 0 to ``players - 1``, or ``None`` when it is not one."""
    number = whole_number(value)
    return number if number is not None and 0 <= number < players else None
