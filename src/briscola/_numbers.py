"""Whole numbers from callers: a plain ``int``, or any integer type with ``__index__``.

Learning code passes ``numpy.int64`` seats, seeds and actions read from arrays; the library
takes them as the ``int`` they stand for. ``bool`` is refused, since ``True`` standing for
seat 1 is almost always a mistake, and so is everything else: floats, strings, and objects
whose ``__index__`` fails.

Numbers of seconds (the web table's retention times, sweep period and clock) are read the same
way into a plain ``float``: a caller's subclass never runs its own arithmetic inside the
library.

`same` compares values the way a check of a caller's document or state must: ``True`` is
not the seat 1, nor ``2.0`` the count 2, though Python finds them equal.
"""

from __future__ import annotations

import math
import operator

__all__ = ["real_number", "same", "seat_number", "whole_number"]


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


def real_number(value: object) -> float | None:
    """``value`` as a plain ``float``, or ``None`` when it is not a plain ``int`` or ``float``
    (or a subclass of one, whose own methods never run) or is ``nan``.

    An integer beyond the float range reads as an infinity of its sign, which is what such a
    number of seconds means, rather than raising ``OverflowError`` where it is used.
    """
    if isinstance(value, float):
        number = float.__float__(value)
        return None if math.isnan(number) else number
    whole = whole_number(value) if isinstance(value, int) else None
    if whole is None:
        return None
    try:
        return float(whole)
    except OverflowError:
        return math.inf if whole > 0 else -math.inf


def seat_number(value: object, players: int) -> int | None:
    """``value`` as a seat from 0 to ``players - 1``, or ``None`` when it is not one."""
    number = whole_number(value)
    return number if number is not None and 0 <= number < players else None


def same(one: object, other: object) -> bool:
    """Whether ``one`` equals ``other`` to the type of every value in it, through tuples and
    lists."""
    if type(one) is not type(other):
        return False
    if isinstance(one, tuple | list):
        assert isinstance(other, tuple | list)
        return len(one) == len(other) and all(map(same, one, other))
    return bool(one == other)
