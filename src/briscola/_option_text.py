"""Table rules and match options written as text: the one reader of their values.

The command line's ``--option NAME=VALUE``, the web lobby and OpenSpiel's ``options``
parameter all read a value with `option_value`, so that ``seven_swap=yes`` or
``signal_tokens=ACE,KING`` means the same wherever it is written.
"""

from __future__ import annotations

import re
from typing import Final, get_type_hints

from ._quote import quote
from .errors import RulesError
from .match import MatchOptions
from .rules import MATCH_OPTIONS, OPTIONS

__all__ = ["option_value", "parse_option"]


def parse_option(text: str) -> tuple[str, object]:
    """Read a table rule or match option written ``NAME=VALUE``, as the command line's
    ``--option`` and the web lobby take it.

    Spaces around the name and the value are dropped, and the value is read by
    `option_value`.

    Raises:
        RulesError: if ``text`` is not text with a name before an ``=``, or a rule that
            takes a bool has another value.

    Examples:
        >>> parse_option("seven_swap=yes"), parse_option("win_threshold=71")
        (('seven_swap', True), ('win_threshold', 71))
        >>> parse_option("signal_tokens=ACE,KING")
        ('signal_tokens', ('ACE', 'KING'))
    """
    if not isinstance(text, str):
        raise RulesError(f"a table rule is text NAME=VALUE, not {type(text).__name__}")
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise RulesError(f"write a table rule as NAME=VALUE, not {text[:40]!r}")
    name = name.strip()
    return name, option_value(raw.strip(), name)


_TRUE: Final = frozenset({"true", "yes", "on", "1"})
_FALSE: Final = frozenset({"false", "no", "off", "0"})
_WHOLE: Final = re.compile(r"[+-]?[0-9]{1,9}")


def option_value(raw: object, name: str | None = None) -> object:
    """The value of option ``name`` as `briscola.rules` and `briscola.new_match` take it,
    from text (anything else, such as a JSON value, is kept as it is).

    For an option that takes a bool, ``true``/``false``, ``yes``/``no``, ``on``/``off`` and
    ``1``/``0`` in any letter case, and nothing else; otherwise ``true`` and ``false`` are
    bools, ``none`` is ``None``, a whole number of up to nine digits is an int, and for an
    option that takes a tuple (``signal_tokens``) the text is a list separated by commas or
    by ``+`` (which OpenSpiel's game strings need: they separate parameters with commas).
    Anything else is passed on as text, for `briscola.rules` to read or refuse.

    Raises:
        RulesError: for text that is none of the six spellings of a bool, given to an
            option that takes one.
    """
    if not isinstance(raw, str):
        return raw
    lowered = raw.lower()
    if name in _BOOL_OPTIONS:  # said here in the words of text (rules() says True or False)
        if lowered not in _TRUE | _FALSE:
            raise RulesError(
                f"{name}={quote(raw)} is not valid: use true or false (or yes/no, on/off, 1/0)"
            )
        return lowered in _TRUE
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    if _WHOLE.fullmatch(raw):
        return int(raw)
    if name in _TUPLE_OPTIONS:
        return tuple(part.strip() for part in re.split(r"[,+]", raw))  # ACE,KING or ACE+KING
    return raw


_BOOL_OPTIONS: Final = frozenset(
    [name for name, info in OPTIONS.items() if info.kind is bool]
    + [name for name in MATCH_OPTIONS if get_type_hints(MatchOptions)[name] is bool]
)
_TUPLE_OPTIONS: Final = frozenset(name for name, info in OPTIONS.items() if info.kind is tuple)
