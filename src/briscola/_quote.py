"""Quoting user input and other libraries' refusals in error messages, always cut short and
never failing; counting nouns.

Messages name the value that was wrong, but a value can be a million-character string, an
integer too long to print, or an object whose ``repr`` raises. `quote` shows at most
``width`` characters of the ``repr`` and falls back to the type's name; `reason` passes on
the first line of another library's error the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = ["WIDTH", "count", "each_is", "number_text", "quote", "reason"]

WIDTH: Final = 40
"""How many characters of a value a message quotes."""


def count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural but for one: ``"1 card"``, ``"3 cards"``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def each_is(names: Iterable[str], noun: str) -> str:
    """``names``, separated by commas, said to be a ``noun`` each, the verb agreeing:
    ``"dealer_rotation is a match option"``, ``"dealer_rotation, cappotto_wins_match are
    match options"``."""
    listed = list(names)
    if len(listed) == 1:
        return f"{listed[0]} is a {noun}"
    return f"{', '.join(listed)} are {noun}s"


def number_text(value: int) -> str:
    """The decimal digits of ``value``, or its size in bits when Python refuses to print it
    (more than 4,300 digits): for the text of values that may hold any integer."""
    try:
        return str(value)
    except ValueError:
        return f"<an integer of {value.bit_length()} bits>"


def quote(value: object, width: int = WIDTH) -> str:
    """The ``repr`` of ``value`` cut to ``width`` characters (``…`` marks a cut)."""
    if isinstance(value, str) and len(value) > width:
        value = value[: width + 1]  # repr of the head only: bounded work on huge strings
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * width:
        return f"<an integer of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except Exception:  # a foreign __repr__ may fail in any way
        return f"<{type(value).__name__}>"
    if not isinstance(text, str):  # pragma: no cover - repr() itself refuses non-str results
        return f"<{type(value).__name__}>"
    if "\n" in text:  # a foreign repr over several lines (a numpy array): one line of it
        text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def reason(error: BaseException, width: int = 200) -> str:
    """The first line of another library's refusal, cut to ``width`` characters: its own
    words, passed on inside one of this library's errors."""
    try:
        text = str(error)
    except Exception:  # an error's own __str__ may fail too
        return type(error).__name__
    return text.partition("\n")[0][:width]
