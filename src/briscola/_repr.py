"""One ``__repr__`` for the package's attrs classes, written once instead of per class."""

from __future__ import annotations

from typing import Any

from ._quote import number_text


def fields_repr(self: Any) -> str:
    """``Name(field=value, ...)`` over the fields an attrs class shows, as attrs writes it.

    attrs writes and compiles a ``__repr__`` for each class it creates (about a million CPU
    instructions a class); the classes that take this one instead (``repr=False`` and
    ``__repr__ = fields_repr``) skip that work when the package is imported. No value of
    these classes contains itself, so attrs' guard against recursion is not needed. A
    value whose own ``repr`` fails (one set by hand) is shown by its type, and an integer
    too long to print by its size, so that the ``repr`` of a value never raises.
    """
    cls = type(self)
    shown = []
    for field in getattr(cls, "__attrs_attrs__", ()):  # the bare base class `Move` has none
        if field.repr is False:
            continue
        value = getattr(self, field.name)
        try:
            text = repr(value) if field.repr is True else field.repr(value)
        except Exception:  # a value set by hand: a foreign repr that fails, a huge integer
            text = number_text(value) if type(value) is int else f"<{type(value).__name__}>"
        shown.append(f"{field.name}={text}")
    return f"{cls.__qualname__.rsplit('>.', 1)[-1]}({', '.join(shown)})"
