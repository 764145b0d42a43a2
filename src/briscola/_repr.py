"""One ``__repr__`` for the package's attrs classes, written once instead of per class."""

from __future__ import annotations

from typing import Any


def fields_repr(self: Any) -> str:
    """``Name(field=value, ...)`` over the fields an attrs class shows, as attrs writes it.

    attrs writes and compiles a ``__repr__`` for each class it creates (about a million CPU
    instructions a class); the classes that take this one instead (``repr=False`` and
    ``__repr__ = fields_repr``) skip that work when the package is imported. No value of
    these classes contains itself, so attrs' guard against recursion is not needed.
    """
    cls = type(self)
    shown = []
    for field in getattr(cls, "__attrs_attrs__", ()):  # the bare base class `Move` has none
        if field.repr is False:
            continue
        value = getattr(self, field.name)
        text = repr(value) if field.repr is True else field.repr(value)
        shown.append(f"{field.name}={text}")
    return f"{cls.__qualname__.rsplit('>.', 1)[-1]}({', '.join(shown)})"
