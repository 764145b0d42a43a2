"""Building frozen attrs values quickly, for the values made on every move or every call.

attrs' frozen ``__init__`` stores each field with an ``object.__setattr__`` call, about a
tenth of a microsecond a field. A class's *twin* has the same bases and slots and no frozen
``__setattr__``: filling a new twin with plain slot stores and then relabelling it
(``twin.__class__ = cls``) makes the very same frozen object, two to three times as fast.
Only values already known to be valid are built this way; the classes keep their attrs
``__init__`` for everyone else.

A class built this way must use slots, and no ``__weakref__`` slot (``weakref_slot=False``):
CPython refuses to relabel between two classes whose layout ends with one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")


def twin(cls: type) -> type:
    """A mutable class with the memory layout of the frozen slotted class ``cls``."""
    slots = vars(cls)["__slots__"]
    return type(f"_{cls.__name__}Twin", cls.__bases__, {"__slots__": slots})


def compile_function(name: str, source: str, scope: dict[str, Any]) -> Callable[..., Any]:
    """The function ``name`` defined by ``source``, run in ``scope`` (plus ``_new``).

    The sources are written by this package from field names only.
    """
    namespace = {"_new": object.__new__, **scope}
    exec(source, namespace)
    return namespace[name]  # type: ignore[no-any-return]


def builder(cls: type[T]) -> Callable[..., T]:
    """A function with the signature of ``cls``'s attrs ``__init__`` (the fields in order,
    with their plain default values) that returns the new frozen instance, built through
    `twin`. It runs no validator or converter: give it valid values only."""
    scope: dict[str, Any] = {"_Twin": twin(cls), "_Class": cls}
    parameters = []
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    for field in fields:
        if field.default is attrs.NOTHING:
            parameters.append(field.name)
        else:
            if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
                raise TypeError(f"{cls.__name__}.{field.name} has a factory default")
            scope[f"_{field.name}_default"] = field.default
            parameters.append(f"{field.name}=_{field.name}_default")
    stores = "".join(f"    s.{field.name} = {field.name}\n" for field in fields)
    source = (
        f"def build({', '.join(parameters)}):\n    s = _new(_Twin)\n{stores}"
        "    s.__class__ = _Class\n    return s\n"
    )
    return compile_function("build", source, scope)
