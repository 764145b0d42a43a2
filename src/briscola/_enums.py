"""The base classes of the library's enums: a bad value raises the library's own error.

``Rank(11)``, ``Suit("X")`` or ``TieRule("sometimes")`` raise an error of
`briscola.errors` that is also a ``ValueError``, so code catching ``ValueError`` keeps
working:

* `Suit`, `Rank` and `HandStrength` (cards and claims) raise `InvalidNotationError`;
* the option enums of `Rules` and of matches raise `RulesError`;
* `Phase` raises `InvalidStateError`.

Lookups by value still work (``Rank(1) is Rank.ACE``): the error comes from ``_missing_``,
and the metaclass turns whatever a hostile value makes Python's own lookup raise (an
``__eq__`` or ``__hash__`` that fails, an integer too long to print) into the same error.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

from ._quote import quote
from .errors import BriscolaError, InvalidNotationError, InvalidStateError, RulesError

__all__ = ["NotationEnum", "NotationIntEnum", "OptionEnum", "StateEnum"]


class _CheckedEnumType(enum.EnumType):
    # Hidden from type checkers, which then type ``Suit("D")`` as a `Suit`, as for any enum.
    if not TYPE_CHECKING:

        def __call__(cls, value, *args, **kwargs):
            if args or kwargs:  # the functional API, which builds a new enum class
                return super().__call__(value, *args, **kwargs)
            try:
                return super().__call__(value)
            except BriscolaError:
                raise
            except Exception:  # a hostile value broke the lookup itself
                pass
            raise _refusal(cls, value)


def _refusal(cls: Any, value: object) -> BriscolaError:
    error: type[BriscolaError] = cls._error_class()
    values = ", ".join(repr(member.value) for member in cls)
    return error(f"{quote(value)} is not a {cls.__name__}: use one of {values}")


class _Checked:
    @classmethod
    def _error_class(cls) -> type[BriscolaError]:
        return InvalidNotationError

    @classmethod
    def _missing_(cls, value: object) -> Any:
        raise _refusal(cls, value)


class NotationEnum(_Checked, enum.Enum, metaclass=_CheckedEnumType):
    """An enum of cards or moves: a bad value is an `InvalidNotationError`."""

    # Members are singletons that equal nothing else, so the identity hash, computed in C,
    # serves: `Enum.__hash__` is a Python call (``hash(self._name_)``) on every dictionary
    # lookup by suit or phase.
    if TYPE_CHECKING:  # typed as a method, as the base class types it

        def __hash__(self) -> int: ...

    else:
        __hash__ = object.__hash__


class NotationIntEnum(_Checked, enum.IntEnum, metaclass=_CheckedEnumType):
    """An integer enum of cards: a bad value is an `InvalidNotationError`."""


class OptionEnum(_Checked, enum.StrEnum, metaclass=_CheckedEnumType):
    """The values of a table rule or match option: a bad value is a `RulesError`."""

    @classmethod
    def _error_class(cls) -> type[BriscolaError]:
        return RulesError


class StateEnum(_Checked, enum.Enum, metaclass=_CheckedEnumType):
    """An enum of states: a bad value is an `InvalidStateError`."""

    if TYPE_CHECKING:  # typed as a method, as the base class types it

        def __hash__(self) -> int: ...

    else:
        __hash__ = object.__hash__  # as in `NotationEnum`

    @classmethod
    def _error_class(cls) -> type[BriscolaError]:
        return InvalidStateError
